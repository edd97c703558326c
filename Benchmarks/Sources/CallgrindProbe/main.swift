import AppModels
import Foundation
import JSONValueKit

// Runs one operation of the benchmarks a given number of times, for
// instruction counts that a loaded machine does not disturb:
//
//     swift build -c release --product CallgrindProbe
//     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*probe_measured*' \
//         .build/release/CallgrindProbe parse/citm_catalog 3
//
// Only `probe_measured`, the loop, is counted; the setup (reading the file,
// a first run) is not. Run natively, it prints the minimum time of the runs.
// `Scripts/callgrind.sh` runs a list of operations and prints instructions
// per run. Set SWIFT_DETERMINISTIC_HASHING=1 so that counts repeat exactly.

@_silgen_name("probe_measured")
@inline(never)
func measured(_ iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    return best
}

@inline(never)
func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

let corpus: URL = {
    if let path = ProcessInfo.processInfo.environment["JSONVALUEKIT_CORPUS"] {
        return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CallgrindProbe
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()  // repository root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")
}()

func data(_ name: String) -> Data {
    let url = corpus.appendingPathComponent("\(name).json")
    guard let data = try? Data(contentsOf: url) else { fatalError("Cannot read \(url.path)") }
    return data
}

/// Runs `operation` on the model of `model`'s case.
func modelOperation<Model: Codable & Equatable>(
    _ type: Model.Type, _ model: AppModelCase, _ operation: String, _ iterations: Int
) throws -> Double {
    let bytes = data(model.file)
    var decoder = JSONValueDecoder()
    var encoder = JSONValueEncoder()
    let foundationDecoder = JSONDecoder()
    let foundationEncoder = JSONEncoder()
    if model.snakeCase {
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        encoder.keyEncodingStrategy = .convertToSnakeCase
        foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
        foundationEncoder.keyEncodingStrategy = .convertToSnakeCase
    }
    if model.millisecondDates {
        decoder.dateDecodingStrategy = .millisecondsSince1970
        encoder.dateEncodingStrategy = .millisecondsSince1970
        foundationDecoder.dateDecodingStrategy = .millisecondsSince1970
        foundationEncoder.dateEncodingStrategy = .millisecondsSince1970
    }
    let value = try decoder.decode(Model.self, from: bytes)
    let foundationValue = try foundationDecoder.decode(Model.self, from: bytes)
    precondition(value == foundationValue, "the decoders disagree")
    let tree = try JSONValue(parsing: bytes)
    switch operation {
    case "decode":
        return try measured(iterations) { keep(try decoder.decode(Model.self, from: bytes)) }
    case "decode-tree":
        return try measured(iterations) { keep(try decoder.decode(Model.self, from: tree)) }
    case "decode-lenient":
        var lenient = decoder
        lenient.tolerance = .lenient
        return try measured(iterations) {
            var deviations: [JSONValueDecoder.Deviation] = []
            keep(try lenient.decode(Model.self, from: tree, deviations: &deviations))
        }
    case "JSONDecoder":
        return try measured(iterations) { keep(try foundationDecoder.decode(Model.self, from: bytes)) }
    case "encode":
        precondition(try! encoder.encodeJSONData(value) == encoder.encode(value).jsonData(), "the texts differ")
        return try measured(iterations) { keep(try encoder.encodeJSONData(value)) }
    case "encode-via-tree":
        return try measured(iterations) { keep(try encoder.encode(value).jsonData()) }
    case "encode-tree":
        return try measured(iterations) { keep(try encoder.encode(value)) }
    case "JSONEncoder":
        return try measured(iterations) { keep(try foundationEncoder.encode(value)) }
    default:
        fatalError("Unknown model operation \(operation)")
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print(
        """
        Usage: CallgrindProbe <operation>/<file or model> [iterations]
          parse/<file>  write/<file>  write-sorted/<file>  incremental-4KiB/<file>  incremental-1KiB-partial/<file>
          decode|decode-tree|decode-lenient|JSONDecoder|encode|encode-via-tree|encode-tree|JSONEncoder/<model>
          schema|schema-validate/<schema file>:<instance file>  schema-compile/<schema file>
        files: twitter citm_catalog canada; models: \(AppModelCase.all.map(\.name).joined(separator: " "))
        """)
    exit(2)
}
let parts = arguments[1].split(separator: "/", maxSplits: 1).map(String.init)
let operation = parts[0]
let subject = parts.count > 1 ? parts[1] : ""
let iterations = arguments.count > 2 ? Int(arguments[2])! : 1

let best: Double
switch operation {
case "parse":
    let bytes = data(subject)
    keep(try JSONValue(parsing: bytes))
    best = try measured(iterations) { keep(try JSONValue(parsing: bytes)) }
case "write":
    let value = try JSONValue(parsing: data(subject))
    keep(try value.jsonData())
    best = try measured(iterations) { keep(try value.jsonData()) }
case "write-sorted":
    let value = try JSONValue(parsing: data(subject))
    keep(try value.jsonData(options: .sortedKeys))
    best = try measured(iterations) { keep(try value.jsonData(options: .sortedKeys)) }
case "incremental-4KiB", "incremental-1KiB-partial":
    let bytes = [UInt8](data(subject))
    let chunk = operation == "incremental-4KiB" ? 4096 : 1024
    let partial = operation == "incremental-1KiB-partial"
    best = try measured(iterations) {
        var parser = JSONIncrementalParser()
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            keep(try parser.append(bytes[start..<end]))
            if partial { keep(parser.partialValue) }
            start = end
        }
        keep(try parser.finish())
    }
case "schema":
    let names = subject.split(separator: ":").map(String.init)
    let schema = try JSONSchema(JSONValue(parsing: data(names[0])))
    let instance = try JSONValue(parsing: data(names[1]))
    keep(schema.isValid(instance))
    best = measured(iterations) { keep(schema.isValid(instance)) }
case "schema-validate":
    let names = subject.split(separator: ":").map(String.init)
    let schema = try JSONSchema(JSONValue(parsing: data(names[0])))
    let instance = try JSONValue(parsing: data(names[1]))
    keep(schema.validate(instance))
    best = measured(iterations) { keep(schema.validate(instance)) }
case "schema-compile":
    let schema = try JSONValue(parsing: data(subject))
    keep(try JSONSchema(schema))
    best = try measured(iterations) { keep(try JSONSchema(schema)) }
default:
    guard let model = AppModelCase.all.first(where: { $0.name == subject }) else {
        fatalError("Unknown model \(subject)")
    }
    switch model.name {
    case "heldout-twitter": best = try modelOperation(StatusPage.self, model, operation, iterations)
    case "heldout-citm_catalog": best = try modelOperation(ShowCatalog.self, model, operation, iterations)
    case "app-twitter": best = try modelOperation(Timeline.self, model, operation, iterations)
    case "app-citm_catalog": best = try modelOperation(EventCatalog.self, model, operation, iterations)
    default: best = try modelOperation(Country.self, model, operation, iterations)
    }
}
print("\(arguments[1]): minimum \(Int(best)) µs of \(iterations)")
