import Benchmark
import Foundation
import JSONValueKit

/// JSONPath queries on twitter.json's tree against the same walk written by
/// hand.
func pathBenchmarks() {
    let twitter = try! JSONValue(parsing: Corpus.data("twitter"))

    let filter: JSONPath = "$.statuses[?@.user.followers_count > 1000].user.screen_name"
    func filterByHand(_ document: JSONValue) -> [JSONValue] {
        var names: [JSONValue] = []
        for status in document.statuses?.arrayValue ?? [] {
            if let followers = status.user?.followers_count?.doubleValue, followers > 1000,
                let name = status.user?.screen_name
            {
                names.append(name)
            }
        }
        return names
    }
    precondition(twitter.queryValues(filter) == filterByHand(twitter))
    Benchmark("Path/twitter/filter-query") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(twitter.query(filter)) }
    }
    Benchmark("Path/twitter/filter-queryValues") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(twitter.queryValues(filter)) }
    }
    Benchmark("Path/twitter/filter-by-hand") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(filterByHand(twitter)) }
    }

    // Patterns on which a backtracking engine takes exponential time, on
    // strings of n `a`s and a `!` (issue 20): the cost must grow linearly.
    for (name, pattern) in [
        ("nested-plus", "(a+)+b"), ("alternation", "(a|a)*b"), ("nested-star", "(a*)*b"),
        ("counted", "(.*a){20}"),
    ] {
        for length in [1_000, 10_000] {
            let document: JSONValue = [.string(String(repeating: "a", count: length) + "!")]
            let query = try! JSONPath(parsing: "$[?match(@, '\(pattern)')]")
            precondition(document.query(query).isEmpty)
            Benchmark("Regex/\(name)/\(length)") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(document.query(query)) }
            }
        }
    }

    let descendant: JSONPath = "$..id"
    func idsByHand(_ document: JSONValue) -> [JSONValue] {
        var ids: [JSONValue] = []
        var pending = [document]
        while let value = pending.popLast() {
            switch value {
            case .object(let members):
                if let id = members["id"] { ids.append(id) }
                for member in members.values where member.arrayValue != nil || member.objectValue != nil {
                    pending.append(member)
                }
            case .array(let elements):
                pending.append(contentsOf: elements.reversed())
            default:
                break
            }
        }
        return ids
    }
    precondition(twitter.queryValues(descendant).count == idsByHand(twitter).count)
    Benchmark("Path/twitter/descendant-query") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(twitter.query(descendant)) }
    }
    Benchmark("Path/twitter/descendant-queryValues") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(twitter.queryValues(descendant)) }
    }
    Benchmark("Path/twitter/descendant-by-hand") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(idsByHand(twitter)) }
    }
}
