import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The official JSONPath Compliance Test Suite, read from
/// `../shared/conformance/jsonpath-compliance-test-suite/cts.json`: every
/// valid query gives its nodes' values and normalized paths (any one of the
/// listed orders where several are valid), and every invalid one is refused
/// at construction.
@Suite("JSONPath compliance (RFC 9535 CTS)", .enabled(if: Shared.isAvailable, Shared.skipReason))
struct JSONPathComplianceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var index: Int
        var value: JSONValue
        var testDescription: String {
            "#\(index) \(value.name?.stringValue ?? ""): \(value.selector?.stringValue ?? "")"
        }
    }

    static let cases: SharedSuite<Case> = {
        var result = SharedSuite<Case>()
        guard Shared.isAvailable else { return result }
        let path = "conformance/jsonpath-compliance-test-suite/cts.json"
        guard let suite = Shared.document(path, problems: &result.problems) else { return result }
        guard let tests = suite.tests?.arrayValue else {
            result.problems.append("\(path) has no tests")
            return result
        }
        result.elements = tests.enumerated().map { Case(index: $0, value: $1) }
        return result
    }()

    /// Whether a case passes; `nil` if it does, otherwise why not.
    static func failure(_ testCase: Case) -> String? {
        let value = testCase.value
        guard let selector = value.selector?.stringValue else { return "no selector" }
        if value.invalid_selector == true {
            do {
                let path = try JSONPath(parsing: selector)
                return "accepted an invalid query as \(path)"
            } catch {
                return nil
            }
        }
        let path: JSONPath
        do {
            path = try JSONPath(parsing: selector)
        } catch {
            return "refused a valid query: \(error)"
        }
        let nodes = (value.document ?? .null).query(path)
        let values = JSONValue.array(nodes.map(\.value))
        let paths = JSONValue.array(nodes.map { .string($0.location.description) })
        var expectations: [(JSONValue, JSONValue)] = []
        if let result = value.result, let resultPaths = value.result_paths {
            expectations.append((result, resultPaths))
        }
        if let results = value.results?.arrayValue, let resultsPaths = value.results_paths?.arrayValue {
            expectations.append(contentsOf: zip(results, resultsPaths))
        }
        for (expectedValues, expectedPaths) in expectations
        where JSONValue._patchEqual(values, expectedValues) && JSONValue._isIdentical(paths, expectedPaths) {
            return nil
        }
        return "got \(values) at \(paths)"
    }

    @Test("the suite has 703 cases, 247 of them invalid queries")
    func counts() {
        Self.cases.expectLoaded("JSONPath cases", count: 703)
        #expect(Self.cases.elements.filter { $0.value.invalid_selector == true }.count == 247)
    }

    @Test("every case", arguments: cases.elements)
    func compliance(_ testCase: Case) {
        if let failure = Self.failure(testCase) {
            Issue.record("\(testCase.testDescription): \(failure)")
        }
    }
}
