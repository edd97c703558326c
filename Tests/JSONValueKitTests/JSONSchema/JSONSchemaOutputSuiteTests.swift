import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The annotation and output tests of the official suite
/// (`../shared/conformance/json-schema-test-suite/annotations/` and
/// `output-tests/`).
@Suite("JSON Schema Test Suite: annotations and output", .enabled(if: Shared.isAvailable, Shared.skipReason))
struct JSONSchemaOutputSuiteTests {
    struct AnnotationCase: Sendable, CustomTestStringConvertible {
        var file: String
        var value: JSONValue
        var dialect: JSONSchema.Dialect
        var testDescription: String { "\(file): \(value["description"]?.stringValue ?? "") (\(dialect))" }
    }

    static let suite = Shared.directory.appendingPathComponent("conformance/json-schema-test-suite")

    /// Whether a test case's `compatibility` admits a dialect: `7`,
    /// `<=2019`, `=2020`, `6,<=2019`; `9999` is for unreleased features.
    static func isCompatible(_ compatibility: String?, _ dialect: JSONSchema.Dialect) -> Bool {
        guard let compatibility else { return true }
        let rank = dialect.rank
        for condition in compatibility.split(separator: ",") {
            if condition.hasPrefix("<="), let bound = Int(condition.dropFirst(2)) {
                guard rank <= bound else { return false }
            } else if condition.hasPrefix("="), let bound = Int(condition.dropFirst()) {
                guard rank == bound else { return false }
            } else if let bound = Int(condition) {
                guard rank >= bound else { return false }
            }
        }
        return true
    }

    static let annotationCases: [AnnotationCase] = {
        guard Shared.isAvailable else { return [] }
        let directory = suite.appendingPathComponent("annotations/tests")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var result: [AnnotationCase] = []
        for file in files.sorted() {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(file)),
                let cases = try? JSONValue(parsing: data)["suite"]?.arrayValue
            else { continue }
            for value in cases {
                for dialect in JSONSchema.Dialect.allCases
                where isCompatible(value["compatibility"]?.stringValue, dialect) {
                    result.append(AnnotationCase(file: file, value: value, dialect: dialect))
                }
            }
        }
        return result
    }()

    @Test("the annotation tests load")
    func annotationCount() {
        #expect(Self.annotationCases.count > 100)
    }

    /// The annotations of a valid evaluation: for each instance location and
    /// keyword, the schema locations (relative to the document, as fragments)
    /// and values.
    static func annotations(_ schema: JSONSchema, _ instance: JSONValue) -> [String: [String: JSONValue]] {
        let program = schema.program
        let (valid, units) = program.outputUnits(instance, keepsEverything: true)
        var result: [String: [String: JSONValue]] = [:]
        guard valid else { return result }
        var index = 0
        while index < units.count {
            let unit = units[index]
            guard unit.valid else {
                index = max(unit.end, index + 1)
                continue
            }
            if let annotation = unit.annotation, let keyword = unit.keywordTokens.last {
                // The resource's URI and fragment, to a pointer in the document.
                let hash = unit.absoluteKeywordLocation.firstIndex(of: "#")!
                let uri = String(unit.absoluteKeywordLocation[..<hash])
                let fragment = String(unit.absoluteKeywordLocation[unit.absoluteKeywordLocation.index(after: hash)...])
                let resource = program.resources.first { $0.uri == uri }
                let pointer =
                    (resource?.documentPointer ?? "") + (JSONPointer(uriFragmentText: fragment)?.description ?? "")
                var tokens = (try? JSONPointer(parsing: pointer).tokens) ?? []
                tokens.removeLast()  // the keyword
                let location = JSONPointer(tokens: tokens).uriFragment
                let instanceLocation = JSONPointer(tokens: unit.instanceTokens).description
                result[instanceLocation + " " + keyword, default: [:]][location] = annotation
            }
            index += 1
        }
        return result
    }

    @Test("annotation tests", arguments: annotationCases)
    func annotationCase(_ testCase: AnnotationCase) throws {
        var options = JSONSchema.Options()
        options.defaultDialect = testCase.dialect
        if case .object(let external)? = testCase.value["externalSchemas"] {
            for (uri, document) in external { options.documents[uri] = document }
        }
        let schema = try JSONSchema(testCase.value["schema"] ?? true, options: options)
        for test in testCase.value["tests"]?.arrayValue ?? [] {
            let instance = test["instance"] ?? .null
            let found = Self.annotations(schema, instance)
            for assertion in test["assertions"]?.arrayValue ?? [] {
                let location = assertion["location"]?.stringValue ?? ""
                let keyword = assertion["keyword"]?.stringValue ?? ""
                let expected = assertion["expected"]?.objectValue ?? [:]
                var expectedMap: [String: JSONValue] = [:]
                for (key, value) in expected { expectedMap[key] = value }
                let actual = found[location + " " + keyword] ?? [:]
                let text = try instance.jsonString()
                #expect(actual == expectedMap, "\(testCase.testDescription): \(text) at \(location), \(keyword)")
            }
        }
    }

    struct OutputCase: Sendable, CustomTestStringConvertible {
        var dialect: String
        var file: String
        var value: JSONValue
        var testDescription: String { "\(dialect)/\(file): \(value["description"]?.stringValue ?? "")" }
    }

    static let outputCases: [OutputCase] = {
        guard Shared.isAvailable else { return [] }
        var result: [OutputCase] = []
        for dialect in ["draft2019-09", "draft2020-12"] {
            let directory = suite.appendingPathComponent("output-tests/\(dialect)/content")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for file in files.sorted() {
                guard let data = try? Data(contentsOf: directory.appendingPathComponent(file)),
                    let cases = try? JSONValue(parsing: data).arrayValue
                else { continue }
                result += cases.map { OutputCase(dialect: dialect, file: file, value: $0) }
            }
        }
        return result
    }()

    @Test("output tests: the output of each format satisfies the test's schema", arguments: outputCases)
    func outputCase(_ testCase: OutputCase) throws {
        let outputSchema = try JSONValue(
            parsing: Data(
                contentsOf: Self.suite.appendingPathComponent("output-tests/\(testCase.dialect)/output-schema.json")))
        let outputSchemaURI = outputSchema["$id"]?.stringValue ?? ""
        let schema = try JSONSchema(testCase.value["schema"] ?? true)
        for test in testCase.value["tests"]?.arrayValue ?? [] {
            let result = schema.validate(test["data"] ?? .null)
            for (name, check) in test["output"]?.objectValue ?? [:] {
                let format: JSONSchema.OutputFormat =
                    switch name {
                    case "flag": .flag
                    case "basic": .basic
                    case "detailed": .detailed
                    default: .verbose
                    }
                var options = JSONSchema.Options()
                options.documents[outputSchemaURI] = outputSchema
                let checker = try JSONSchema(check, options: options)
                let output = result.output(format)
                let verdict = checker.validate(output)
                let text = try output.jsonString()
                #expect(verdict.isValid, "\(testCase.testDescription), \(name): \(text)\n\(verdict.errors)")
            }
        }
    }
}

extension JSONPointer {
    /// A pointer's text from a URI fragment without its `#`, or `nil`.
    fileprivate init?(uriFragmentText fragment: String) {
        guard let pointer = try? JSONPointer(uriFragment: "#" + fragment) else { return nil }
        self = pointer
    }
}
