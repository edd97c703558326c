import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The official JSON Schema Test Suite, from
/// `../shared/conformance/json-schema-test-suite/`: the required tests of
/// the five dialects, the optional ones with the content keywords asserted,
/// and the format tests with formats asserted. The `remotes/` documents are given as documents under
/// `http://localhost:1234/`, as the suite's README asks; nothing is fetched.
@Suite("JSON Schema Test Suite", .enabled(if: Shared.isAvailable, Shared.skipReason))
struct JSONSchemaSuiteTests {
    static let drafts: [(folder: String, dialect: JSONSchema.Dialect)] = [
        ("draft4", .draft4), ("draft6", .draft6), ("draft7", .draft7), ("draft2019-09", .draft2019_09),
        ("draft2020-12", .draft2020_12),
    ]

    enum Kind: String, Sendable { case required, optional, format }

    struct Group: Sendable, CustomTestStringConvertible {
        var folder: String
        var dialect: JSONSchema.Dialect
        var kind: Kind
        var file: String
        var description: String
        var schema: JSONValue
        var tests: [(description: String, data: JSONValue, valid: Bool)]
        var testDescription: String { "\(folder)/\(file): \(description)" }
    }

    static var suite: String { "conformance/json-schema-test-suite" }

    /// The remote documents, by their `http://localhost:1234/` URI.
    static let remotes: SharedSuite<(uri: String, document: JSONValue)> = {
        var result = SharedSuite<(uri: String, document: JSONValue)>()
        guard Shared.isAvailable else { return result }
        let root = Shared.directory.appendingPathComponent(suite + "/remotes")
        let paths: [String]
        do {
            paths = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        } catch {
            result.problems.append("cannot list \(suite)/remotes: \(error)")
            return result
        }
        for relative in paths.sorted() where relative.hasSuffix(".json") {
            guard let value = Shared.document(suite + "/remotes/" + relative, problems: &result.problems) else {
                continue
            }
            result.elements.append(("http://localhost:1234/" + relative, value))
        }
        return result
    }()

    static let documents: [String: JSONValue] = Dictionary(
        remotes.elements.map { ($0.uri, $0.document) }, uniquingKeysWith: { first, _ in first })

    static func groups(
        _ folder: String, _ dialect: JSONSchema.Dialect, _ kind: Kind, into result: inout SharedSuite<Group>
    ) {
        let directory: String
        switch kind {
        case .required: directory = suite + "/tests/\(folder)"
        case .optional: directory = suite + "/tests/\(folder)/optional"
        case .format: directory = suite + "/tests/\(folder)/optional/format"
        }
        for file in Shared.files(in: directory, problems: &result.problems) {
            for entry in Shared.array(directory + "/" + file, problems: &result.problems) {
                var tests: [(description: String, data: JSONValue, valid: Bool)] = []
                for test in entry["tests"]?.arrayValue ?? [] {
                    guard let description = test["description"]?.stringValue, let data = test["data"],
                        let valid = test["valid"]?.boolValue
                    else {
                        result.problems.append("\(directory)/\(file): a test without description, data or valid")
                        continue
                    }
                    tests.append((description, data, valid))
                }
                result.elements.append(
                    Group(
                        folder: folder, dialect: dialect, kind: kind, file: file,
                        description: entry["description"]?.stringValue ?? "", schema: entry["schema"] ?? .null,
                        tests: tests))
            }
        }
    }

    static func all(_ kind: Kind) -> SharedSuite<Group> {
        var result = SharedSuite<Group>()
        guard Shared.isAvailable else { return result }
        for (folder, dialect) in drafts { groups(folder, dialect, kind, into: &result) }
        return result
    }

    static let required = all(.required)
    static let optional = all(.optional)
    static let formats = all(.format)

    /// Optional tests that are known to fail, with the reason; none so far.
    static let knownFailures: [String: String] = [:]

    static func options(for group: Group) -> JSONSchema.Options {
        var options = JSONSchema.Options()
        options.defaultDialect = group.dialect
        options.documents = documents
        options.assertsFormats = group.kind == .format
        // The optional tests of the content keywords (draft7/optional/content.json,
        // the only ones) expect them asserted, which draft-07 allows.
        options.assertsContent = group.kind == .optional
        return options
    }

    /// The failures of a group, as descriptions.
    static func failures(_ group: Group) -> [String] {
        let schema: JSONSchema
        do {
            schema = try JSONSchema(group.schema, options: options(for: group))
        } catch {
            return ["does not compile: \(error)"]
        }
        var failures: [String] = []
        for test in group.tests {
            let fast = schema.isValid(test.data)
            let result = schema.validate(test.data)
            if fast != test.valid || result.isValid != test.valid {
                failures.append(
                    "\(test.description): expected \(test.valid), isValid \(fast), validate \(result.isValid)")
            } else if !test.valid && result.errors.isEmpty {
                failures.append("\(test.description): invalid without errors")
            }
        }
        return failures
    }

    // Each list of groups is checked whole by a plain test: a parameterized
    // test over an empty list is skipped, not failed.

    @Test("the suite holds 4,942 required tests")
    func requiredCount() {
        Self.required.expectLoaded("required tests", count: 4942) { $0.tests.count }
    }

    @Test("the suite holds 644 optional tests other than formats")
    func optionalCount() {
        Self.optional.expectLoaded("optional tests", count: 644) { $0.tests.count }
    }

    @Test("the suite holds 79 remote documents")
    func remotesCount() {
        Self.remotes.expectLoaded("remote documents", count: 79)
    }

    @Test("required tests", arguments: required.elements)
    func requiredGroup(_ group: Group) {
        for failure in Self.failures(group) { Issue.record("\(group.testDescription): \(failure)") }
    }

    @Test("optional tests other than formats", arguments: optional.elements)
    func optionalGroup(_ group: Group) {
        for failure in Self.failures(group) where Self.knownFailures[group.testDescription] == nil {
            Issue.record("\(group.testDescription): \(failure)")
        }
    }

    /// The format tests that fail with formats asserted, each with the
    /// reason: none today. Any other failure fails the run, and so does a
    /// listed test that passes (the list must then shrink).
    static let expectedFormatFailures: [String: String] = [:]

    @Test("format tests with formats asserted: every one passes but the listed ones")
    func formatTally() {
        Self.formats.expectLoaded("format tests", count: 2741) { $0.tests.count }
        var failed: Set<String> = []
        for group in Self.formats.elements {
            for failure in Self.failures(group) {
                let name = "\(group.testDescription): \(failure)"
                failed.insert(name)
                if Self.expectedFormatFailures[name] == nil { Issue.record("unexpected failure: \(name)") }
            }
        }
        for (name, reason) in Self.expectedFormatFailures where !failed.contains(name) {
            Issue.record("listed as failing (\(reason)) but passes: \(name)")
        }
    }
}
