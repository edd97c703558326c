import Benchmark
import Foundation
import JSONValueKit

/// JSON Pointer, JSON Patch and diff on the shared corpora.
func patchBenchmarks() {
    // A pointer lookup at depth 10, against the same walk with subscripts.
    var deep: JSONValue = ["leaf": 1]
    for level in (0..<9).reversed() { deep = level % 2 == 0 ? ["k\(level)": deep, "pad": 0] : .array([0, deep]) }
    var tokens: [String] = []
    for level in 0..<9 { tokens.append(level % 2 == 0 ? "k\(level)" : "1") }
    tokens.append("leaf")
    let pointer = JSONPointer(tokens: tokens)
    precondition(deep[pointer: pointer] == 1)
    Benchmark("Pointer/depth10/JSONValue[pointer:]", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(deep[pointer: pointer])
        }
    }
    Benchmark("Pointer/depth10/subscripts", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(deep["k0"]?[1]?["k2"]?[1]?["k4"]?[1]?["k6"]?[1]?["k8"]?["leaf"])
        }
    }

    // A 100-operation patch on twitter.json's tree: 25 statuses, each with
    // a test, a replace, an add and a remove.
    let twitter = try! JSONValue(parsing: Corpus.data("twitter"))
    var operations: [JSONPatch.Operation] = []
    for index in 0..<25 {
        let status = JSONPointer(tokens: ["statuses", String(index)])
        operations.append(.test(path: status.appending("id"), value: twitter[pointer: status.appending("id")]!))
        operations.append(.replace(path: status.appending("retweet_count"), value: .int(index)))
        operations.append(.add(path: status.appending("user").appending("extra"), value: ["added": true]))
        operations.append(.remove(path: status.appending("user").appending("extra")))
    }
    let patch = JSONPatch(operations)
    Benchmark("Patch/twitter/applying(100 operations)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try twitter.applying(patch))
        }
    }

    // Diffing two versions of citm_catalog.json: one event changed, one added.
    let citm = try! JSONValue(parsing: Corpus.data("citm_catalog"))
    var changed = citm
    let events = citm.events!.objectValue!
    let first = events.keys.sorted()[0]
    changed[pointer: JSONPointer(tokens: ["events", first, "name"])] = "A changed name"
    changed[pointer: JSONPointer(tokens: ["events", "999999999"])] = events[first]!
    precondition(JSONPatch(from: citm, to: changed).operations.count == 2)
    Benchmark("Diff/citm_catalog/JSONPatch(from:to:)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(JSONPatch(from: citm, to: changed))
        }
    }
}
