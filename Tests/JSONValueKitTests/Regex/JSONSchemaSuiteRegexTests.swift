import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The pattern cases of the official JSON Schema Test Suite, read from
/// `../shared/conformance/json-schema-test-suite/tests/<draft>/`: the files
/// about `pattern`, `patternProperties`, ECMA-262 regexes, non-BMP regexes
/// and `format: "regex"`, for every draft. Only schemas that need nothing
/// but the regex engine are taken (a pattern, possibly with `type:
/// "string"`; pattern properties whose subschemas are `true`, `false`, `{}`,
/// a type or a maximum; the regex format); the validator of issue 32 runs
/// the whole files.
@Suite("JSON Schema Test Suite: pattern cases", .enabled(if: Shared.isAvailable, Shared.skipReason))
struct JSONSchemaSuiteRegexTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var group: String
        var test: String
        var schema: JSONValue
        var data: JSONValue
        var valid: Bool
        var testDescription: String { "\(file): \(group): \(test)" }
    }

    static let drafts = ["draft3", "draft4", "draft6", "draft7", "draft2019-09", "draft2020-12", "v1"]
    static let files = [
        "pattern.json", "patternProperties.json", "optional/ecmascript-regex.json", "optional/non-bmp-regex.json",
        "optional/format/regex.json", "optional/format/ecmascript-regex.json",
    ]

    /// The files the suite does not have for a draft; any other missing
    /// file is a problem.
    static let absent: Set<String> = [
        "draft3/optional/ecmascript-regex.json", "draft4/optional/format/regex.json",
        "draft4/optional/format/ecmascript-regex.json", "draft6/optional/format/regex.json",
        "draft6/optional/format/ecmascript-regex.json", "v1/optional/format/regex.json",
        "v1/optional/format/ecmascript-regex.json",
    ]

    /// Every case of those files, taken or not.
    static let allCases: SharedSuite<Case> = {
        var result = SharedSuite<Case>()
        guard Shared.isAvailable else { return result }
        for draft in drafts {
            for file in files {
                guard !absent.contains("\(draft)/\(file)") else { continue }
                let path = "conformance/json-schema-test-suite/tests/\(draft)/\(file)"
                for group in Shared.array(path, problems: &result.problems) {
                    for test in group.tests?.arrayValue ?? [] {
                        result.elements.append(
                            Case(
                                file: "\(draft)/\(file)", group: group["description"]?.stringValue ?? "",
                                test: test["description"]?.stringValue ?? "", schema: group.schema ?? .null,
                                data: test.data ?? .null, valid: test.valid == true))
                    }
                }
            }
        }
        return result
    }()

    /// The cases whose schema this engine decides alone.
    static let cases: [Case] = allCases.elements.filter { (try? expected($0)) != nil }

    struct Unsupported: Error {}

    /// What the engine says about a case; throws if the schema needs more
    /// than the engine.
    static func expected(_ testCase: Case) throws -> Bool {
        guard case .object(var schema) = testCase.schema else { throw Unsupported() }
        schema["$schema"] = nil
        if schema.keys == ["format"], schema["format"] == "regex" {
            guard case .string(let pattern) = testCase.data else { return true }
            do {
                _ = try _Regex(ecmaScript: pattern)
                return true
            } catch {
                // A valid pattern that is refused (a back-reference) is still a regex.
                return error.kind != .invalid
            }
        }
        if case .string(let pattern)? = schema["pattern"] {
            schema["pattern"] = nil
            guard schema.keys.isEmpty || (schema.keys == ["type"] && schema["type"] == "string") else {
                throw Unsupported()
            }
            guard case .string(let string) = testCase.data else { return true }
            return try _Regex(ecmaScript: pattern).firstMatchExists(in: string)
        }
        if case .object(let properties)? = schema["patternProperties"] {
            schema["patternProperties"] = nil
            let closed = schema["additionalProperties"] == false
            schema["additionalProperties"] = nil
            let objectsOnly = schema["type"] == "object"
            schema["type"] = nil
            guard schema.keys.isEmpty else { throw Unsupported() }
            var patterns: [(_Regex, JSONValue)] = []
            for (pattern, subschema) in properties { patterns.append((try _Regex(ecmaScript: pattern), subschema)) }
            guard case .object(let instance) = testCase.data else { return !objectsOnly }
            for (key, value) in instance {
                var matched = false
                for (regex, subschema) in patterns where regex.firstMatchExists(in: key) {
                    matched = true
                    guard try accepts(subschema, value) else { return false }
                }
                if closed && !matched { return false }
            }
            return true
        }
        throw Unsupported()
    }

    /// The few subschemas the pattern-property cases use.
    static func accepts(_ schema: JSONValue, _ value: JSONValue) throws -> Bool {
        switch schema {
        case .bool(let result): return result
        case .object(let object) where object.keys.isEmpty: return true
        case .object(let object) where object.keys == ["type"]:
            switch (object["type"]?.stringValue, value) {
            case ("integer", .int): return true
            case ("integer", .double(let number)): return number.rounded() == number
            case ("number", .int), ("number", .double), ("string", .string), ("boolean", .bool), ("null", .null):
                return true
            default: return false
            }
        case .object(let object) where object.keys == ["maximum"]:
            guard let maximum = object["maximum"]?.doubleValue, let number = value.doubleValue else { return true }
            return number <= maximum
        default:
            throw Unsupported()
        }
    }

    @Test("the suite's pattern files hold 817 cases, 65 of them on the regex format; all need only the engine")
    func counts() {
        Self.allCases.expectLoaded("pattern cases", count: 817)
        #expect(Self.cases.count == 817)
        let formats = Self.cases.filter { $0.file.contains("format/") }
        #expect(formats.count == 65)
    }

    @Test("every case the engine decides alone", arguments: cases)
    func suiteCase(_ testCase: Case) throws {
        #expect(try Self.expected(testCase) == testCase.valid, "\(testCase.schema) on \(testCase.data)")
    }
}
