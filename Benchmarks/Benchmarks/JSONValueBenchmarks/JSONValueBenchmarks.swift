import Benchmark
import Foundation
import JSONValueKit

// Each group measures JSONValueKit against Foundation on the same input in the
// same run; `Benchmarks/ratios.py` turns the output into ratios and MB/s.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    patchBenchmarks()
    pathBenchmarks()
    objectBenchmarks()
    schemaBenchmarks()
    streamingValidationBenchmarks()
    partialBenchmarks()
    modelBenchmarks(name: "twitter", Twitter.self, snakeCase: true)
    modelBenchmarks(name: "citm_catalog", Catalog.self, snakeCase: false)
    appModelBenchmarks()

    for name in Corpus.names {
        let data = Corpus.data(name)
        let value = try! JSONValue(parsing: data)
        let foundationObject = try! JSONSerialization.jsonObject(with: data)
        floorBenchmarks(name: name, value: value)
        incrementalBenchmarks(name: name, data: data)

        // Issue 2: JSONValue's init(from:) through JSONDecoder, against the
        // naive probe order and JSONSerialization.
        Benchmark("Decode/\(name)/JSONDecoder+JSONValue") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONDecoder().decode(JSONValue.self, from: data))
            }
        }
        Benchmark("Decode/\(name)/JSONDecoder+NaiveJSON") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONDecoder().decode(NaiveJSON.self, from: data))
            }
        }
        Benchmark("Decode/\(name)/JSONSerialization") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONSerialization.jsonObject(with: data))
            }
        }

        // Issue 3: the native parser and writer.
        Benchmark("Parse/\(name)/JSONValue(parsing:)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONValue(parsing: data))
            }
        }
        // Issue 10: JSON5 reading of JSON text, which uses none of its
        // features, against the strict reader.
        Benchmark("Parse/\(name)/JSONValue(parsing:allowsJSON5)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONValue(parsing: data, options: .init(allowsJSON5: true)))
            }
        }
        Benchmark("Write/\(name)/jsonData") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try value.jsonData())
            }
        }
        // Issue 12: sorted keys and pretty printing against compact writing.
        Benchmark("Write/\(name)/jsonData(sortedKeys)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try value.jsonData(options: .sortedKeys))
            }
        }
        Benchmark("Write/\(name)/jsonData(prettyPrinted)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try value.jsonData(options: .prettyPrinted))
            }
        }
        Benchmark("Write/\(name)/JSONSerialization") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONSerialization.data(withJSONObject: foundationObject))
            }
        }
        Benchmark("Write/\(name)/JSONEncoder") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONEncoder().encode(value))
            }
        }
    }
}

/// Issue 4: typed models through JSONValueDecoder and JSONValueEncoder, against
/// going through JSON text with Foundation's coders.
func modelBenchmarks<Model: Codable>(name: String, _ type: Model.Type, snakeCase: Bool) {
    let data = Corpus.data(name)
    let tree = try! JSONValue(parsing: data)
    var treeDecoder = JSONValueDecoder()
    var treeEncoder = JSONValueEncoder()
    let textDecoder = JSONDecoder()
    let textEncoder = JSONEncoder()
    if snakeCase {
        treeDecoder.keyDecodingStrategy = .convertFromSnakeCase
        treeEncoder.keyEncodingStrategy = .convertToSnakeCase
        textDecoder.keyDecodingStrategy = .convertFromSnakeCase
        textEncoder.keyEncodingStrategy = .convertToSnakeCase
    }
    let model = try! treeDecoder.decode(Model.self, from: tree)

    Benchmark("Model/\(name)/JSONValueDecoder") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try treeDecoder.decode(Model.self, from: tree))
        }
    }
    Benchmark("Model/\(name)/JSONEncoder+JSONDecoder") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try textDecoder.decode(Model.self, from: JSONEncoder().encode(tree)))
        }
    }
    Benchmark("Model/\(name)/JSONValue(parsing:)+JSONValueDecoder") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try treeDecoder.decode(Model.self, from: JSONValue(parsing: data)))
        }
    }
    // Issue 10: bytes to a model in one call, and the cost of tolerance
    // with a report on clean input.
    Benchmark("Model/\(name)/JSONValueDecoder(Data)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try treeDecoder.decode(Model.self, from: data))
        }
    }
    var lenientDecoder = treeDecoder
    lenientDecoder.tolerance = .lenient
    Benchmark("Model/\(name)/JSONValueDecoder-lenient-deviations") { benchmark in
        for _ in benchmark.scaledIterations {
            var deviations: [JSONValueDecoder.Deviation] = []
            blackHole(try lenientDecoder.decode(Model.self, from: tree, deviations: &deviations))
            precondition(deviations.isEmpty)
        }
    }
    Benchmark("Model/\(name)/JSONDecoder") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try textDecoder.decode(Model.self, from: data))
        }
    }
    Benchmark("Model/\(name)/JSONValueEncoder") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try treeEncoder.encode(model))
        }
    }
    Benchmark("Model/\(name)/JSONEncoder+JSONValue(parsing:)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONValue(parsing: textEncoder.encode(model)))
        }
    }
    // Issue 42: a model to bytes, written as it encodes, against JSONEncoder.
    Benchmark("Model/\(name)/JSONValueEncoder(Data)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try treeEncoder.encodeJSONData(model))
        }
    }
    Benchmark("Model/\(name)/JSONEncoder") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try textEncoder.encode(model))
        }
    }
}
