import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The official JSON Patch suite, json-patch-tests, from
/// `../shared/conformance/json-patch-tests/`: every record that is not
/// `disabled` either gives its `expected` document or throws (`error`).
@Suite("JSON Patch conformance (json-patch-tests)", .enabled(if: Shared.isAvailable, Shared.skipReason))
struct JSONPatchConformanceTests {
    struct Record: Sendable, CustomTestStringConvertible {
        var file: String
        var index: Int
        var value: JSONValue
        var testDescription: String { "\(file) #\(index): \(value.comment?.stringValue ?? "")" }
    }

    static let all: SharedSuite<Record> = {
        var result = SharedSuite<Record>()
        guard Shared.isAvailable else { return result }
        for file in ["tests.json", "spec_tests.json"] {
            let records = Shared.array("conformance/json-patch-tests/" + file, problems: &result.problems)
            result.elements += records.enumerated().map { Record(file: file, index: $0, value: $1) }
        }
        return result
    }()

    @Test("the suite files hold 95 and 17 records")
    func counts() throws {
        Self.all.expectLoaded("JSON Patch records", count: 95 + 17)
        #expect(Self.all.elements.filter { $0.file == "tests.json" }.count == 95)
    }

    @Test("every enabled record", arguments: all.elements)
    func record(_ record: Record) throws {
        let value = record.value
        if value.disabled == true { return }
        let document = try #require(value.doc)
        let patchValue = try #require(value.patch)
        if value.error != nil {
            #expect(throws: JSONPatchError.self) {
                let patch = try JSONPatch(patchValue)
                _ = try document.applying(patch)
            }
            // Atomic: a failed patch leaves the document as it was.
            var copy = document
            if let patch = try? JSONPatch(patchValue) {
                #expect(throws: JSONPatchError.self) { try copy.apply(patch) }
            }
            #expect(JSONValue._isIdentical(copy, document))
        } else if let expected = value.expected {
            let patch = try JSONPatch(patchValue)
            let result = try document.applying(patch)
            #expect(result == expected, "got \(result)")
            // The patch survives a round trip through its JSON form.
            #expect(try JSONPatch(patch.jsonValue) == patch)
        } else {
            // No expectation: the patch must apply.
            _ = try document.applying(JSONPatch(patchValue))
        }
    }

    @Test("enabled records: how many pass (all of them)")
    func tally() throws {
        var passed = 0
        var enabled = 0
        for record in Self.all.elements where record.value.disabled != true {
            enabled += 1
            let value = record.value
            let outcome = Result { try value.doc!.applying(JSONPatch(value.patch!)) }
            switch (outcome, value.error, value.expected) {
            case (.failure, .some, _): passed += 1
            case (.success(let result), nil, .some(let expected)) where result == expected: passed += 1
            case (.success, nil, nil): passed += 1
            default: Issue.record("failed: \(record.testDescription)")
            }
        }
        #expect(enabled == 108)
        #expect(passed == enabled)
    }
}
