import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The official JSON Schema Test Suite's format tests, from
/// `../shared/conformance/json-schema-test-suite/tests/<draft>/optional/format/`,
/// run directly against `_Format`: a schema there is `{"format": NAME}`
/// (perhaps with `$schema`), so a string is valid exactly when
/// `_Format(rawValue: NAME)?.isValid(string)` is true, and anything that is
/// not a string, or has a format the package does not know, is valid.
///
/// `regex.json` and `ecmascript-regex.json` check ECMA-262 pattern syntax,
/// which the regex engine's parser decides; they run in a test of their own.
@Suite("Format conformance (JSON-Schema-Test-Suite)", .enabled(if: Shared.isAvailable, Shared.skipReason))
struct FormatConformanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var draft: String
        var file: String
        var group: String
        var description: String
        var format: String
        var data: JSONValue
        var valid: Bool

        var testDescription: String { "\(draft)/\(file): \(group): \(description)" }

        /// Whether the file tests ECMA-262 pattern syntax.
        var isRegex: Bool { file == "regex.json" || file == "ecmascript-regex.json" }

        /// What `_Format` says about the data.
        var outcome: Bool {
            guard let format = _Format(rawValue: format), let string = data.stringValue else { return true }
            return format.isValid(string)
        }
    }

    static let drafts = ["draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"]

    static func folder(_ draft: String) -> String {
        "conformance/json-schema-test-suite/tests/\(draft)/optional/format/"
    }

    static func cases(_ draft: String) throws -> [Case] {
        let directory = Shared.directory.appendingPathComponent(folder(draft))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        var cases: [Case] = []
        for file in files {
            let groups = try JSONValue(parsing: Shared.data(folder(draft) + file))
            for group in groups.arrayValue ?? [] {
                let format = group["schema"]?["format"]?.stringValue ?? ""
                for test in group["tests"]?.arrayValue ?? [] {
                    cases.append(
                        Case(
                            draft: draft, file: file, group: group["description"]?.stringValue ?? "",
                            description: test["description"]?.stringValue ?? "", format: format,
                            data: test["data"] ?? .null, valid: test["valid"]?.boolValue ?? true))
                }
            }
        }
        return cases
    }

    static let all: [Case] = Shared.isAvailable ? drafts.flatMap { (try? cases($0)) ?? [] } : []

    @Test("the five drafts hold 2,741 format tests, 60 of them about regex syntax")
    func counts() throws {
        let counts = try Self.drafts.map { try Self.cases($0).count }
        #expect(counts == [219, 325, 676, 757, 764])
        #expect(Self.all.filter(\.isRegex).count == 60)
    }

    @Test("every format test but regex syntax", arguments: all.filter { !$0.isRegex })
    func formatCase(_ test: Case) {
        #expect(test.outcome == test.valid, "\(test.data)")
    }

    @Test("regex syntax (regex.json, ecmascript-regex.json)", arguments: all.filter(\.isRegex))
    func regexCase(_ test: Case) {
        #expect(test.outcome == test.valid, "\(test.data)")
    }

    @Test("pass counts per draft and per format")
    func tally() {
        var byDraft: [String: (passed: Int, total: Int)] = [:]
        var byFormat: [String: (passed: Int, total: Int)] = [:]
        for test in Self.all {
            let passed = test.outcome == test.valid ? 1 : 0
            let draft = test.isRegex ? test.draft + " (regex syntax)" : test.draft
            byDraft[draft, default: (0, 0)].passed += passed
            byDraft[draft, default: (0, 0)].total += 1
            byFormat[test.file, default: (0, 0)].passed += passed
            byFormat[test.file, default: (0, 0)].total += 1
        }
        var lines = ["format tests passed:"]
        for (name, count) in byDraft.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(name): \(count.passed) / \(count.total)")
        }
        for (name, count) in byFormat.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(name): \(count.passed) / \(count.total)")
        }
        print(lines.joined(separator: "\n"))
        let formats = Self.all.filter { !$0.isRegex }
        #expect(formats.filter { $0.outcome == $0.valid }.count == formats.count)
    }
}
