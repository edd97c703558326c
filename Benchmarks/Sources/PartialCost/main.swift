// Issue 40, part 4: one run of one way of following a ~100 KB tool call fed
// 4 bytes at a time, for `valgrind --tool=callgrind`, whose instruction
// counts are steady on a shared machine where times are not
// (PartialBenchmarks.swift times the same loops):
//
//   swift build -c release --product PartialCost
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null .build/release/PartialCost parse
//
// MODE is `parse` (the bare incremental parse), `partial` (`partialValue`
// every KiB), `typed` (a typed snapshot every KiB, every property read, and
// the model at the end), `typed-every-chunk` (the same after every chunk),
// `oneshot` (parse and decode the whole text), or `load` (making the call,
// which every mode does: subtract it). RUNS repeats the mode in the same
// process: the difference between 2 runs and 1 is the cost of a run once
// the type has been probed (the first typed snapshot of a type in a process
// runs its `init(from:)` against the recording decoder, once).
import JSONValueKit
import ToolCallModels

let arguments = CommandLine.arguments
let bytes = WeatherOutlook.call()
let runs = arguments.count == 3 ? Int(arguments[2]) ?? 1 : 1
for _ in 0..<runs {
    switch arguments.count >= 2 ? arguments[1] : "" {
    case "load": print(bytes.count)
    case "parse": print(try PartialFollowing.parse(bytes))
    case "partial": print(try PartialFollowing.partialValues(bytes))
    case "typed": print(try PartialFollowing.snapshots(bytes))
    case "typed-every-chunk": print(try PartialFollowing.snapshots(bytes, every: 4))
    case "oneshot": print(try PartialFollowing.oneShot(bytes))
    default:
        print("usage: PartialCost load|parse|partial|typed|typed-every-chunk|oneshot [RUNS]")
    }
}
