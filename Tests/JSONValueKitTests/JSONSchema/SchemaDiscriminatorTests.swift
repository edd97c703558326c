import Testing

@testable import JSONValueKit

/// The fast path's shortcuts over strings: `oneOf` and `anyOf` whose
/// branches one property's `const` or `enum` tells apart (evaluated only for
/// the branches the instance's value leaves open), and `const` and `enum`
/// over strings compared by their bytes, one by one or through a hash table
/// past eight. `isValid(_:)` takes them, `validate(_:)` does not: both must
/// give the expected answer.
@Suite("JSON Schema: discriminated oneOf and anyOf, string const and enum")
struct SchemaDiscriminatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var schema: JSONValue
        var instance: JSONValue
        var valid: Bool
        var testDescription: String { name }
    }

    /// `count` branches, each pinning `"kind"` to `"k<i>"` and giving
    /// `"v"` branch `i`'s type: integers for even branches, strings for odd.
    static func tagged(_ keyword: String, branches count: Int, required: Bool = true) -> JSONValue {
        let branches: [JSONValue] = (0..<count).map { index in
            var branch: JSONObject = [
                "properties": [
                    "kind": ["const": .string("k\(index)")],
                    "v": ["type": index.isMultiple(of: 2) ? "integer" : "string"],
                ]
            ]
            if required { branch["required"] = ["kind"] }
            return .object(branch)
        }
        return [keyword: .array(branches)]
    }

    /// Twelve branches that do not require `"kind"` themselves, in a
    /// schema that does.
    static let parentRequired: JSONValue = {
        var schema = tagged("oneOf", branches: 12, required: false)
        schema["required"] = ["kind"]
        return schema
    }()

    /// A branch pinning `"kind"` to `"a"`, and one that pins nothing.
    static let withUnpinnedBranch: JSONValue = [
        "oneOf": [["properties": ["kind": ["const": "a"]], "required": ["kind"]], ["required": ["v"]]]
    ]

    /// Branches pinned by a number and by an enum of a number and a string.
    static let pinnedByNumbers: JSONValue = [
        "oneOf": [
            ["properties": ["kind": ["const": 1]], "required": ["kind"]],
            ["properties": ["kind": ["enum": [2, "two"]]], "required": ["kind"]],
        ]
    ]

    static let cases: [Case] = [
        // Few branches: values compared one by one.
        Case(
            name: "oneOf, 3 branches: the pinned branch holds", schema: tagged("oneOf", branches: 3),
            instance: ["kind": "k1", "v": "a"], valid: true),
        Case(
            name: "oneOf, 3 branches: the pinned branch fails", schema: tagged("oneOf", branches: 3),
            instance: ["kind": "k1", "v": 1], valid: false),
        Case(
            name: "oneOf, 3 branches: no branch has the value", schema: tagged("oneOf", branches: 3),
            instance: ["kind": "k9", "v": 1], valid: false),
        Case(
            name: "oneOf, 3 branches: the value is not a string", schema: tagged("oneOf", branches: 3),
            instance: ["kind": 1, "v": 1], valid: false),
        Case(
            name: "oneOf, 3 branches: the property is missing", schema: tagged("oneOf", branches: 3),
            instance: ["v": 1], valid: false),
        Case(
            name: "oneOf, 3 branches: not an object, every branch holds", schema: tagged("oneOf", branches: 3),
            instance: "text", valid: false),
        Case(
            name: "anyOf, 3 branches: not an object, every branch holds", schema: tagged("anyOf", branches: 3),
            instance: "text", valid: true),
        // Many branches: values looked up through a hash table.
        Case(
            name: "oneOf, 40 branches: the last one holds", schema: tagged("oneOf", branches: 40),
            instance: ["kind": "k39", "v": "a"], valid: true),
        Case(
            name: "oneOf, 40 branches: the pinned one fails", schema: tagged("oneOf", branches: 40),
            instance: ["kind": "k38", "v": "a"], valid: false),
        Case(
            name: "anyOf, 40 branches: a value of none", schema: tagged("anyOf", branches: 40),
            instance: ["kind": "k40", "v": 1], valid: false),
        Case(
            name: "anyOf, 40 branches: a prefix of a value", schema: tagged("anyOf", branches: 40),
            instance: ["kind": "k", "v": 1], valid: false),
        // Branches that pin the property only through the schema around them.
        Case(
            name: "oneOf, pinned by the parent's required: the property is missing",
            schema: parentRequired, instance: ["v": 1], valid: false),
        Case(
            name: "oneOf, pinned by the parent's required: the pinned branch holds",
            schema: parentRequired, instance: ["kind": "k11", "v": "a"], valid: true),
        // A branch that pins nothing runs whatever the value.
        Case(
            name: "oneOf with an unpinned branch: both hold",
            schema: withUnpinnedBranch,
            instance: ["kind": "a", "v": 1], valid: false),
        Case(
            name: "oneOf with an unpinned branch: only it holds",
            schema: withUnpinnedBranch,
            instance: ["kind": "b", "v": 1], valid: true),
        // Values that are not all strings: looked up by value.
        Case(
            name: "oneOf pinned by numbers: 1 and 1.0 are the same value",
            schema: pinnedByNumbers, instance: ["kind": 1.0], valid: true),
        Case(
            name: "oneOf pinned by numbers: true is not 1",
            schema: pinnedByNumbers, instance: ["kind": true], valid: false),
        Case(
            name: "oneOf pinned by an enum of a string and a number: the string",
            schema: pinnedByNumbers, instance: ["kind": "two"], valid: true),
        // const and enum over strings.
        Case(name: "const string: equal bytes", schema: ["const": "héllo"], instance: "héllo", valid: true),
        Case(
            name: "const string: canonically equivalent, different scalars", schema: ["const": "h\u{E9}llo"],
            instance: "he\u{301}llo", valid: false),
        Case(name: "const string: a number", schema: ["const": "1"], instance: 1, valid: false),
        Case(
            name: "const string: a long string that differs at the end",
            schema: ["const": .string(String(repeating: "a", count: 40) + "b")],
            instance: .string(String(repeating: "a", count: 40) + "c"), valid: false),
        Case(name: "enum of 3 strings: one of them", schema: ["enum": ["a", "b", "c"]], instance: "c", valid: true),
        Case(name: "enum of 3 strings: none of them", schema: ["enum": ["a", "b", "c"]], instance: "d", valid: false),
        Case(name: "enum of 3 strings: an array", schema: ["enum": ["a", "b", "c"]], instance: ["a"], valid: false),
        Case(
            name: "enum of 20 strings: the last", schema: ["enum": .array((0..<20).map { .string("v\($0)") })],
            instance: "v19", valid: true),
        Case(
            name: "enum of 20 strings: none", schema: ["enum": .array((0..<20).map { .string("v\($0)") })],
            instance: "v20", valid: false),
        Case(
            name: "enum of 20 strings: canonically equivalent, different scalars",
            schema: ["enum": .array((0..<19).map { .string("v\($0)") } + ["\u{E9}"])], instance: "e\u{301}",
            valid: false),
    ]

    @Test("isValid and validate agree with the expected answer", arguments: cases)
    func shortcuts(_ testCase: Case) throws {
        let schema = try JSONSchema(testCase.schema)
        #expect(schema.isValid(testCase.instance) == testCase.valid)
        #expect(schema.validate(testCase.instance).isValid == testCase.valid)
    }

    @Test("a tagged union is discriminated: the compiled program has a discriminator with its values")
    func discriminatorFound() throws {
        let schema = try JSONSchema(Self.tagged("oneOf", branches: 40))
        let program = schema.program
        #expect(program.discriminators.buffer.count == 1)
        #expect(program.discriminators.buffer.first?.values.count == 40)
        #expect(program.discriminators.buffer.first?.values.lookup ?? -1 >= 0)
    }
}
