import Benchmark
import JSONValueKit

// Issue 12: what building the tree costs without any parsing, as a floor for
// `JSONValue(parsing:)`. The keys, strings and numbers are made beforehand;
// the benchmark only builds (and frees) the objects and arrays of the
// file's tree, as the parser must. Compare with `orjson.loads`.

/// A file's tree with its containers unbuilt: members and elements in
/// arrays, scalars already made.
private indirect enum Unbuilt {
    case object([(String, Unbuilt)])
    case array([Unbuilt])
    case scalar(JSONValue)

    init(_ value: JSONValue) {
        switch value {
        case .object(let members): self = .object(members.map { ($0.key, Unbuilt($0.value)) })
        case .array(let elements): self = .array(elements.map(Unbuilt.init))
        default: self = .scalar(value)
        }
    }

    func build() -> JSONValue {
        switch self {
        case .object(let members):
            // As the parser does: the members in order, names checked for
            // repeats (directly below nine members, by hash from nine on).
            return .object(JSONObject(uniqueKeysWithValues: members.map { ($0.0, $0.1.build()) }))
        case .array(let elements):
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for element in elements { array.append(element.build()) }
            return .array(array)
        case .scalar(let value):
            return value
        }
    }
}

func floorBenchmarks(name: String, value: JSONValue) {
    let unbuilt = Unbuilt(value)
    Benchmark("Floor/\(name)/containersOnly") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(unbuilt.build())
        }
    }
}
