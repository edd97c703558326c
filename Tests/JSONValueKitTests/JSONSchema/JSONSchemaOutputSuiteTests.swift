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

    static var suite: String { "conformance/json-schema-test-suite" }

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

    static let annotationCases: SharedSuite<AnnotationCase> = {
        var result = SharedSuite<AnnotationCase>()
        guard Shared.isAvailable else { return result }
        let directory = suite + "/annotations/tests"
        for file in Shared.files(in: directory, problems: &result.problems) {
            guard let document = Shared.document(directory + "/" + file, problems: &result.problems) else { continue }
            guard let cases = document["suite"]?.arrayValue else {
                result.problems.append("\(directory)/\(file) has no suite")
                continue
            }
            for value in cases {
                for dialect in JSONSchema.Dialect.allCases
                where isCompatible(value["compatibility"]?.stringValue, dialect) {
                    result.elements.append(AnnotationCase(file: file, value: value, dialect: dialect))
                }
            }
        }
        return result
    }()

    // A parameterized test over an empty list is skipped, not failed: the
    // counts are checked by plain tests.

    @Test("the annotation tests load: 7 files, 119 cases counted once for each dialect they apply to")
    func annotationCount() {
        Self.annotationCases.expectLoaded("annotation cases", count: 119)
        #expect(Set(Self.annotationCases.elements.map(\.file)).count == 7)
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

    @Test("annotation tests", arguments: annotationCases.elements)
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

    static let outputCases: SharedSuite<OutputCase> = {
        var result = SharedSuite<OutputCase>()
        guard Shared.isAvailable else { return result }
        for dialect in ["draft2019-09", "draft2020-12"] {
            let directory = suite + "/output-tests/\(dialect)/content"
            for file in Shared.files(in: directory, problems: &result.problems) {
                for value in Shared.array(directory + "/" + file, problems: &result.problems) {
                    result.elements.append(OutputCase(dialect: dialect, file: file, value: value))
                }
            }
        }
        return result
    }()

    /// The output schemas the output tests refer to, by dialect.
    static let outputSchemas: SharedSuite<(dialect: String, schema: JSONValue)> = {
        var result = SharedSuite<(dialect: String, schema: JSONValue)>()
        guard Shared.isAvailable else { return result }
        for dialect in ["draft2019-09", "draft2020-12"] {
            let path = suite + "/output-tests/\(dialect)/output-schema.json"
            if let schema = Shared.document(path, problems: &result.problems) {
                result.elements.append((dialect, schema))
            }
        }
        return result
    }()

    @Test("the output tests load: 8 cases in 2 dialects, with both output schemas")
    func outputCount() {
        Self.outputCases.expectLoaded("output cases", count: 8)
        Self.outputCases.expectLoaded("output tests", count: 8) { $0.value["tests"]?.arrayValue?.count ?? 0 }
        Self.outputSchemas.expectLoaded("output schemas", count: 2)
    }

    @Test("output tests: the output of each format satisfies the test's schema", arguments: outputCases.elements)
    func outputCase(_ testCase: OutputCase) throws {
        let outputSchema = try #require(Self.outputSchemas.elements.first { $0.dialect == testCase.dialect }?.schema)
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
