import Benchmark
import JSONValueKit
import ToolCallModels

// Issue 40, part 4: typed snapshots of a ~100 KB tool call fed 4 bytes at a
// time, against the bare incremental parse of the same stream in the same
// run: `JSONIncrementalParser.partial(as:)` every KiB, every property read
// and the model decoded at the end, should cost at most twice the parse.
// `PartialCost` runs the same loops once each, for callgrind.
func partialBenchmarks() {
    let bytes = WeatherOutlook.call()
    Benchmark("Partial/ToolCall/parse-4-byte") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PartialFollowing.parse(bytes)) }
    }
    Benchmark("Partial/ToolCall/partialValue-every-1KiB") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PartialFollowing.partialValues(bytes)) }
    }
    Benchmark("Partial/ToolCall/typed-every-1KiB") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PartialFollowing.snapshots(bytes)) }
    }
    Benchmark("Partial/ToolCall/typed-every-chunk") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PartialFollowing.snapshots(bytes, every: 4)) }
    }
    Benchmark("Partial/ToolCall/one-shot-decode") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PartialFollowing.oneShot(bytes)) }
    }
}
