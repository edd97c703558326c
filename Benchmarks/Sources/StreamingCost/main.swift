// Issue 40, part 4: one run of one way of following a stream, for
// `valgrind --tool=callgrind`, whose instruction counts are steady on a
// shared machine where times are not (StreamingValidationBenchmarks.swift
// times the same loops):
//
//   swift build -c release --product StreamingCost
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null .build/release/StreamingCost ToolCall parse
//
// PAIR is ToolCall (Data/tool_call.json and its schema) or a JSON Schema pair
// of ../shared/corpus/json-schema/ (CITM, GeoJSON, FastValid, FastInvalid,
// Recursive, FHIR, Swagger); MODE is `parse` (the bare incremental parse),
// `validate` (the incremental validator, with `violations` after every
// chunk), `revalidate` (isValid on the partial value after every chunk) or
// `oneshot` (parse the whole text, then isValid), or `load` (reading the
// files and compiling the schema, which every mode does: subtract it).
// Chunks are 4 bytes.
import Foundation
import JSONValueKit

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: StreamingCost PAIR parse|validate|revalidate|oneshot|load")
    exit(2)
}
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let corpus = root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
let pairs: [String: (schema: URL, instance: URL)] = [
    "ToolCall": (
        root.appendingPathComponent("Data/tool_call_schema.json"), root.appendingPathComponent("Data/tool_call.json")
    ),
    "CITM": (
        corpus.appendingPathComponent("json-schema/citm_catalog_schema.json"),
        corpus.appendingPathComponent("citm_catalog.json")
    ),
    "GeoJSON": (
        corpus.appendingPathComponent("json-schema/geojson.json"), corpus.appendingPathComponent("canada.json")
    ),
    "FastValid": (
        corpus.appendingPathComponent("json-schema/fast_schema.json"),
        corpus.appendingPathComponent("json-schema/fast_valid.json")
    ),
    "FastInvalid": (
        corpus.appendingPathComponent("json-schema/fast_schema.json"),
        corpus.appendingPathComponent("json-schema/fast_invalid.json")
    ),
    "Recursive": (
        corpus.appendingPathComponent("json-schema/recursive_schema.json"),
        corpus.appendingPathComponent("json-schema/recursive_instance.json")
    ),
    "FHIR": (
        corpus.appendingPathComponent("json-schema/fhir.schema.json"),
        corpus.appendingPathComponent("json-schema/patient-example-d.json")
    ),
    "Swagger": (
        corpus.appendingPathComponent("json-schema/swagger.json"),
        corpus.appendingPathComponent("json-schema/kubernetes.json")
    ),
]
guard let pair = pairs[arguments[1]] else {
    print("unknown pair \(arguments[1])")
    exit(2)
}
let schema = try JSONSchema(try JSONValue(parsing: Data(contentsOf: pair.schema)))
let bytes = Array(try Data(contentsOf: pair.instance))

func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
    try bytes.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < buffer.count {
            let end = min(start + 4, buffer.count)
            try body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
            start = end
        }
    }
}

switch arguments[2] {
case "parse":
    var parser = JSONIncrementalParser()
    var count = 0
    try forEachChunk { count += try parser.append($0).count }
    count += try parser.finish().count
    print(count)
case "validate":
    var validator = JSONSchema.IncrementalValidator(schema)
    var stopped = 0
    try forEachChunk {
        try validator.append($0)
        if !validator.violations.isEmpty { stopped += 1 }
    }
    print(try validator.finish().isValid, stopped)
case "revalidate":
    var parser = JSONIncrementalParser()
    var verdicts = 0
    try forEachChunk {
        try parser.append($0)
        if let partial = parser.partialValue, schema.isValid(partial) { verdicts += 1 }
    }
    print(verdicts)
case "load":
    // Loading and compiling alone, to subtract from the others.
    print(bytes.count)
case "oneshot":
    print(schema.isValid(try JSONValue(parsing: bytes)))
default:
    print("unknown mode \(arguments[2])")
    exit(2)
}
