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

    static let suite = Shared.directory.appendingPathComponent("conformance/json-schema-test-suite")

    /// The remote documents, by their `http://localhost:1234/` URI.
    static let remotes: [String: JSONValue] = {
        guard Shared.isAvailable else { return [:] }
        let root = suite.appendingPathComponent("remotes")
        var documents: [String: JSONValue] = [:]
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []
        for relative in paths.sorted() where relative.hasSuffix(".json") {
            guard let data = try? Data(contentsOf: root.appendingPathComponent(relative)),
                let value = try? JSONValue(parsing: data)
            else { continue }
            documents["http://localhost:1234/" + relative] = value
        }
        return documents
    }()

    static func groups(_ folder: String, _ dialect: JSONSchema.Dialect, _ kind: Kind) -> [Group] {
        let directory: URL
        switch kind {
        case .required: directory = suite.appendingPathComponent("tests/\(folder)")
        case .optional: directory = suite.appendingPathComponent("tests/\(folder)/optional")
        case .format: directory = suite.appendingPathComponent("tests/\(folder)/optional/format")
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var result: [Group] = []
        for file in files.sorted() where file.hasSuffix(".json") {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(file)),
                let cases = try? JSONValue(parsing: data).arrayValue
            else { continue }
            for entry in cases {
                var tests: [(description: String, data: JSONValue, valid: Bool)] = []
                for test in entry["tests"]?.arrayValue ?? [] {
                    let description = test["description"]?.stringValue ?? ""
                    tests.append((description, test["data"] ?? .null, test["valid"]?.boolValue ?? false))
                }
                result.append(
                    Group(
                        folder: folder, dialect: dialect, kind: kind, file: file,
                        description: entry["description"]?.stringValue ?? "", schema: entry["schema"] ?? .null,
                        tests: tests))
            }
        }
        return result
    }

    static func all(_ kind: Kind) -> [Group] {
        guard Shared.isAvailable else { return [] }
        return drafts.flatMap { groups($0.folder, $0.dialect, kind) }
    }

    static let required = all(.required)
    static let optional = all(.optional)
    static let formats = all(.format)

    /// Optional tests that are known to fail, with the reason; none so far.
    static let knownFailures: [String: String] = [:]

    static func options(for group: Group) -> JSONSchema.Options {
        var options = JSONSchema.Options()
        options.defaultDialect = group.dialect
        options.documents = remotes
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

    @Test("the suite holds 4,942 required tests")
    func requiredCount() {
        #expect(Self.required.reduce(0) { $0 + $1.tests.count } == 4942)
    }

    @Test("required tests", arguments: required)
    func requiredGroup(_ group: Group) {
        for failure in Self.failures(group) { Issue.record("\(group.testDescription): \(failure)") }
    }

    @Test("optional tests other than formats", arguments: optional)
    func optionalGroup(_ group: Group) {
        for failure in Self.failures(group) where Self.knownFailures[group.testDescription] == nil {
            Issue.record("\(group.testDescription): \(failure)")
        }
    }

    @Test("format tests with formats asserted: at least 98 % pass")
    func formatTally() {
        var total = 0
        var failed: [String] = []
        for group in Self.formats {
            total += group.tests.count
            failed += Self.failures(group).map { "\(group.testDescription): \($0)" }
        }
        // The suite's README counts 2,745; its files hold 2,741 (764, not 768, for 2020-12).
        #expect(total == 2741)
        #expect(
            Double(total - failed.count) >= 0.98 * Double(total),
            "\(failed.count) failures:\n\(failed.joined(separator: "\n"))")
    }
}
