import Benchmark
import Foundation
import JSONValueKit

// Issue 40, part 4: validating a tool call while it streams, 4 bytes at a
// time, against the bare incremental parse of the same stream in the same
// run: `JSONSchema.IncrementalValidator` with its verdict (`violations`)
// after every chunk, the bare `JSONIncrementalParser`, and re-validating the
// partial value after every chunk, the quadratic way. The streams are the
// ~100 KB tool call of `Data/tool_call.json` with its schema, and the
// instances of the JSON Schema pairs (`../shared/corpus/json-schema/`).
// `Scripts/pydantic_partial.py` times pydantic's partial validation of the
// tool call on the same chunks.

/// A stream and its schema.
struct StreamingPair {
    var name: String
    var schema: JSONSchema
    var bytes: [UInt8]

    static let chunkSize = 4

    /// Calls `body` with the stream in chunks of four bytes.
    @inline(__always)
    func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + Self.chunkSize, buffer.count)
                try body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                start = end
            }
        }
    }

    /// The bare incremental parse.
    func parse() throws -> Int {
        var parser = JSONIncrementalParser()
        var count = 0
        try forEachChunk { chunk in
            let values = try parser.append(chunk)
            if !values.isEmpty { count += values.count }
        }
        return count + (try parser.finish()).count
    }

    /// The validator, asking for its verdict after every chunk.
    func validate() throws -> Bool {
        var validator = JSONSchema.IncrementalValidator(schema)
        var stopped = false
        try forEachChunk { chunk in
            try validator.append(chunk)
            if !validator.violations.isEmpty { stopped = true }
        }
        return try validator.finish().isValid && !stopped
    }

    /// Validates the partial value again after every chunk.
    func revalidate() throws -> Int {
        var parser = JSONIncrementalParser()
        var verdicts = 0
        try forEachChunk { chunk in
            try parser.append(chunk)
            if let partial = parser.partialValue, schema.isValid(partial) { verdicts += 1 }
        }
        _ = try parser.finish()
        return verdicts
    }

    static let toolCall: StreamingPair = {
        let data = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data")
        let schema = try! JSONValue(parsing: Data(contentsOf: data.appendingPathComponent("tool_call_schema.json")))
        let bytes = try! Data(contentsOf: data.appendingPathComponent("tool_call.json"))
        return StreamingPair(name: "ToolCall", schema: try! JSONSchema(schema), bytes: Array(bytes))
    }()

    /// The JSON Schema pairs, as `SchemaBenchmarks.swift` names them.
    static let schemaPairs: [StreamingPair] = [
        ("CITM", "json-schema/citm_catalog_schema", "citm_catalog"),
        ("GeoJSON", "json-schema/geojson", "canada"),
        ("FastValid", "json-schema/fast_schema", "json-schema/fast_valid"),
        ("FastInvalid", "json-schema/fast_schema", "json-schema/fast_invalid"),
        ("Recursive", "json-schema/recursive_schema", "json-schema/recursive_instance"),
        ("FHIR", "json-schema/fhir.schema", "json-schema/patient-example-d"),
        ("Swagger", "json-schema/swagger", "json-schema/kubernetes"),
    ].map { name, schema, instance in
        StreamingPair(
            name: name, schema: try! JSONSchema(try! JSONValue(parsing: Corpus.data(schema))),
            bytes: Array(Corpus.data(instance)))
    }
}

func streamingValidationBenchmarks() {
    for pair in [StreamingPair.toolCall] + StreamingPair.schemaPairs {
        Benchmark("Streaming/\(pair.name)/parse") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try pair.parse()) }
        }
        Benchmark("Streaming/\(pair.name)/validate") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try pair.validate()) }
        }
    }
    // Quadratic: a few runs, for the ratio.
    Benchmark("Streaming/ToolCall/revalidate", configuration: .init(maxDuration: .seconds(30), maxIterations: 3)) {
        benchmark in
        for _ in benchmark.scaledIterations { blackHole(try StreamingPair.toolCall.revalidate()) }
    }
}
