import Benchmark
import JSONValueKit

// Issue 21: looking a member up in a JSONObject against a [String: JSONValue]
// of the same members, and the cost of parsing ten times the members.

func objectBenchmarks() {
    for count in [4, 16, 64, 1000] {
        // Names of the length and spread of real documents' keys.
        let names = (0..<count).map { "member_\($0 * 7919 % 10007)_name" }
        let object = JSONObject(uniqueKeysWithValues: names.enumerated().map { ($1, JSONValue.int($0)) })
        let dictionary = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, JSONValue.int($0)) })
        let probes = (0..<1000).map { names[$0 * 31 % count] }
        Benchmark("Lookup/\(count)/JSONObject") { benchmark in
            for _ in benchmark.scaledIterations {
                for name in probes { blackHole(object[name]) }
            }
        }
        Benchmark("Lookup/\(count)/Dictionary") { benchmark in
            for _ in benchmark.scaledIterations {
                for name in probes { blackHole(dictionary[name]) }
            }
        }
    }
    for count in [1_000, 10_000, 100_000] {
        let text = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        Benchmark("Growth/members/\(count)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! JSONValue(parsing: text)) }
        }
    }
}
