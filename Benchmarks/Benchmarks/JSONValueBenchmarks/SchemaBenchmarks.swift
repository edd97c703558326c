import Benchmark
import JSONValueKit

// Issue 32: JSON Schema validation on the pairs of the jsonschema crate's
// benchmarks (`../shared/corpus/json-schema/`, whose README lists them),
// against jsonschema-rs and python's jsonschema timed the same way by
// `Scripts/jsonschema_times.py`. Schemas are compiled and instances parsed
// once, outside the measured loops.

/// A schema, the instance validated against it, whether it is valid, and
/// whether a call takes so little time (well under 100 µs) that one
/// iteration makes a thousand (`Scripts/jsonschema_times.py` knows which).
/// Paths are relative to the corpus folder, without `.json`.
private let schemaPairs: [(name: String, schema: String, instance: String, valid: Bool, quick: Bool)] = [
    ("CITM", "json-schema/citm_catalog_schema", "citm_catalog", true, false),
    ("GeoJSON", "json-schema/geojson", "canada", true, false),
    ("FastValid", "json-schema/fast_schema", "json-schema/fast_valid", true, true),
    ("FastInvalid", "json-schema/fast_schema", "json-schema/fast_invalid", false, true),
    ("Recursive", "json-schema/recursive_schema", "json-schema/recursive_instance", true, true),
    ("FHIR", "json-schema/fhir.schema", "json-schema/patient-example-d", true, true),
    ("Swagger", "json-schema/swagger", "json-schema/kubernetes", true, false),
]

func schemaBenchmarks() {
    for pair in schemaPairs {
        let schemaValue = try! JSONValue(parsing: Corpus.data(pair.schema))
        let instance = try! JSONValue(parsing: Corpus.data(pair.instance))
        let schema = try! JSONSchema(schemaValue)
        precondition(schema.isValid(instance) == pair.valid, "\(pair.name): isValid disagrees with the README")
        precondition(schema.validate(instance).isValid == pair.valid, "\(pair.name): validate disagrees")

        // A thousand validations per iteration on the quick pairs, so that
        // the clock's resolution and the loop's overhead do not count; their
        // times are then per thousand. (An iteration over a second long
        // records no throughput and is left out of the JMH export.)
        let scaling: BenchmarkScalingFactor = pair.quick ? .kilo : .one

        // Up to ten seconds rather than three (still at most 1,000 runs):
        // on a noisy machine the minimum of the 130-odd runs that Recursive
        // made in three seconds was sometimes above validate's, which does
        // strictly more work.
        Benchmark(
            "Schema/\(pair.name)/isValid", configuration: .init(scalingFactor: scaling, maxDuration: .seconds(10))
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(schema.isValid(instance))
            }
        }
        // The full path, with errors and their locations when there are any
        // (for information: no goal).
        Benchmark("Schema/\(pair.name)/validate", configuration: .init(scalingFactor: scaling)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(schema.validate(instance))
            }
        }
        // Compiling from a parsed schema; Fast invalid shares Fast valid's.
        if pair.name != "FastInvalid" {
            Benchmark("Schema/\(pair.name)/compile") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try JSONSchema(schemaValue))
                }
            }
        }
    }
}
