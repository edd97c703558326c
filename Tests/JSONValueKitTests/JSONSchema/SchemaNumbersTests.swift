import Testing

@testable import JSONValueKit

/// Numbers by value: `1` and `1.0` are one value, `multipleOf` works on
/// decimal digits, and an `Int` and a `Double` compare exactly, however
/// close to 2⁵³ or 2⁶³ they are.
@Suite("JSON Schema: numbers")
struct SchemaNumbersTests {
    static let twoTo53 = 9_007_199_254_740_992

    static let equalityCases: [SchemaCase] = [
        SchemaCase(name: "enum [1] holds 1.0", schema: ["enum": [1]], instance: .double(1.0), valid: true),
        SchemaCase(name: "enum [1.0] holds 1", schema: ["enum": [.double(1.0)]], instance: 1, valid: true),
        SchemaCase(
            name: "a long enum (looked up by hash) holds 1.0",
            schema: ["enum": .array((0..<20).map { .int($0) })], instance: .double(7.0), valid: true),
        SchemaCase(name: "const 1 holds 1.0", schema: ["const": 1], instance: .double(1.0), valid: true),
        SchemaCase(name: "const 0 holds -0.0", schema: ["const": 0], instance: .double(-0.0), valid: true),
        SchemaCase(
            name: "const compares nested numbers by value", schema: ["const": ["a": [.double(1.0), ["b": 2]]]],
            instance: ["a": [1, ["b": .double(2.0)]]], valid: true),
        SchemaCase(name: "enum [1] does not hold true", schema: ["enum": [1]], instance: true, valid: false),
        SchemaCase(name: "enum [0] does not hold false", schema: ["enum": [0]], instance: false, valid: false),
        SchemaCase(name: "const null is not 0", schema: ["const": nil], instance: 0, valid: false),
        SchemaCase(
            name: "2⁵³ + 1 is not the double 2⁵³", schema: ["enum": [.int(twoTo53 + 1)]],
            instance: .double(0x1p53), valid: false),
        SchemaCase(
            name: "Int.max is not the double 2⁶³", schema: ["const": .double(0x1p63)], instance: .int(.max),
            valid: false),
        SchemaCase(
            name: "a long enum tells 2⁵³ + 1 from the double 2⁵³",
            schema: ["enum": .array((0..<20).map { .int(twoTo53 + 1 + $0) })], instance: .double(0x1p53),
            valid: false),
        SchemaCase(
            name: "strings compare by scalars: é is not e and a combining accent", schema: ["enum": ["\u{E9}"]],
            instance: "e\u{301}", valid: false),
        SchemaCase(
            name: "a long enum compares strings by scalars",
            schema: ["enum": .array((0..<20).map { .string("s\($0)") } + ["\u{E9}"])], instance: "e\u{301}",
            valid: false),
        SchemaCase(
            name: "object names compare by scalars", schema: ["const": ["\u{E9}": 1]], instance: ["e\u{301}": 1],
            valid: false),
        SchemaCase(
            name: "uniqueItems: 1 and 1.0 repeat", schema: ["uniqueItems": true], instance: [1, .double(1.0)],
            valid: false),
        SchemaCase(
            name: "uniqueItems: nested 1 and 1.0 repeat", schema: ["uniqueItems": true],
            instance: [["a": [1]], ["a": [.double(1.0)]]], valid: false),
        SchemaCase(
            name: "uniqueItems: objects in another order repeat", schema: ["uniqueItems": true],
            instance: [["a": 1, "b": 2], ["b": 2, "a": 1]], valid: false),
        SchemaCase(
            name: "uniqueItems: objects in another order repeat, 30 levels down", schema: ["uniqueItems": true],
            instance: [nestedInArrays(["a": 1, "b": [.double(2.0)]], 30), nestedInArrays(["b": [2], "a": 1], 30)],
            valid: false),
        SchemaCase(
            name: "uniqueItems: values that differ only 30 levels down", schema: ["uniqueItems": true],
            instance: [nestedInArrays(["a": 1, "b": 2], 30), nestedInArrays(["a": 1, "b": 3], 30)], valid: true),
        SchemaCase(
            name: "uniqueItems: objects with the same names and other values differ", schema: ["uniqueItems": true],
            instance: [["a": 1, "b": "x"], ["b": "y", "a": 1]], valid: true),
        SchemaCase(
            name: "uniqueItems: 1 and true differ", schema: ["uniqueItems": true], instance: [1, true, 0, false, nil],
            valid: true),
        SchemaCase(
            name: "uniqueItems: many items (hashed), 3 and 3.0 repeat", schema: ["uniqueItems": true],
            instance: .array((0..<20).map { .int($0) } + [.double(3.0)]), valid: false),
        SchemaCase(
            name: "uniqueItems: many items (hashed), 2⁵³ + 1 and 2⁵³ differ", schema: ["uniqueItems": true],
            instance: .array((0..<20).map { .string("\($0)") } + [.int(twoTo53 + 1), .double(0x1p53)]), valid: true),
        SchemaCase(
            name: "uniqueItems: é and e with a combining accent differ", schema: ["uniqueItems": true],
            instance: ["\u{E9}", "e\u{301}"], valid: true),
        SchemaCase(
            name: "uniqueItems: many items, é and e with a combining accent differ", schema: ["uniqueItems": true],
            instance: .array((0..<20).map { .int($0) } + ["\u{E9}", "e\u{301}"]), valid: true),
        // From four to sixteen items, only items with the same digest are
        // compared in full.
        SchemaCase(
            name: "uniqueItems: five items, objects whose members come in another order repeat",
            schema: ["uniqueItems": true],
            instance: [["a": 1, "b": "x"], "x", nil, true, ["b": "x", "a": .double(1.0)]], valid: false),
        SchemaCase(
            name: "uniqueItems: four items, values of the same lengths that differ", schema: ["uniqueItems": true],
            instance: [["a": "xy", "b": [1]], ["a": "zw", "b": [2]], ["a": "xy", "b": [3]], ["b": [1], "c": "xy"]],
            valid: true),
        SchemaCase(
            name: "uniqueItems: four items, 2 and 2.0 repeat", schema: ["uniqueItems": true],
            instance: [1, 2, "2", .double(2.0)], valid: false),
        SchemaCase(
            name: "uniqueItems: four items, 1 and true, 0 and false, null and an empty array differ",
            schema: ["uniqueItems": true], instance: [1, true, 0, false, nil, []], valid: true),
        SchemaCase(
            name: "uniqueItems: four items, é and e with a combining accent differ", schema: ["uniqueItems": true],
            instance: ["a", "b", "\u{E9}", "e\u{301}"], valid: true),
        SchemaCase(
            name: "uniqueItems: sixteen items, the last repeats the first", schema: ["uniqueItems": true],
            instance: .array((0..<15).map { .object(["n": .int($0)]) } + [["n": 0]]), valid: false),
    ]

    /// `value` inside `levels` arrays of one item each: deeper than the
    /// comparison recurses before it uses a work list.
    static func nestedInArrays(_ value: JSONValue, _ levels: Int) -> JSONValue {
        (0..<levels).reduce(value) { inner, _ in [inner] }
    }

    @Test("enum, const and uniqueItems compare numbers by value, strings by scalars", arguments: equalityCases)
    func equality(_ testCase: SchemaCase) throws {
        expectVerdict(try JSONSchema(testCase.schema), testCase.instance, testCase.valid)
    }

    @Test(
        "multipleOf works on decimal digits",
        arguments: [
            (.double(0.01), .double(19.99), true), (.double(0.01), .double(0.07), true),
            (.double(0.01), .double(0.075), false), (.double(0.01), .double(0.1), true),
            (.double(0.01), .double(0.001), false), (.double(0.01), 100, true),
            (.double(0.1), .double(0.3), true), (.double(0.1), .double(-0.7), true),
            (.double(0.0001), .double(0.0075), true), (.double(1.5), .double(4.5), true),
            (.double(1.5), 4, false), (3, .double(9.0), true), (3, 10, false),
            (3, .double(1e21), false), (2, .double(1e21), true),
            (.double(0.5), .double(1e308), true), (.double(0.123456789), .double(1e308), false),
            (.double(1e-308), .double(1e308), true),
            (.double(.leastNonzeroMagnitude), .double(2 * .leastNonzeroMagnitude), true),
            (.double(1.7976931348623157e308), .double(1.7976931348623157e308), true),
            (7, .int(.max), true), (2, .int(.min), true), (3, .int(.min), false),
            (.double(0x1p63), .int(.max), false), (.int(.max), .double(0x1p63), false),
            (1, .double(12_345_678_910_111_213_141_516_171_819_202_122_232_425_262_728_293_031.0), true),
            (.double(0.01), "19.999", true), (.double(0.01), nil, true),
        ] as [(JSONValue, JSONValue, Bool)])
    func multipleOf(_ divisor: JSONValue, _ value: JSONValue, _ valid: Bool) throws {
        let schema = try JSONSchema(["multipleOf": divisor])
        expectVerdict(schema, value, valid, "\(value) multipleOf \(divisor)")
        if !valid {
            let text = (try? value.jsonString()) ?? ""
            let divisorText = (try? divisor.jsonString()) ?? ""
            #expect(schema.validate(value).errors.map(\.message) == ["\(text) is not a multiple of \(divisorText)"])
        }
    }

    @Test("the suite's big numbers: 1e308 and a multipleOf that would overflow a division")
    func overflowingDivision() throws {
        let schema = try JSONSchema(["type": "integer", "multipleOf": 0.123456789])
        expectVerdict(schema, try JSONValue(parsing: "1e308"), false)
        let halves = try JSONSchema(["type": "integer", "multipleOf": 0.5])
        expectVerdict(halves, try JSONValue(parsing: "1e308"), true)
    }

    struct Bound: Sendable, CustomTestStringConvertible {
        var keyword: String
        var limit: JSONValue
        var instance: JSONValue
        var valid: Bool
        var testDescription: String { "\(instance) against \(keyword) \(limit)" }
    }

    static let bounds: [Bound] = [
        Bound(keyword: "minimum", limit: .int(twoTo53 + 1), instance: .double(0x1p53), valid: false),
        Bound(keyword: "maximum", limit: .double(0x1p53), instance: .int(twoTo53 + 1), valid: false),
        Bound(keyword: "maximum", limit: .double(0x1p53), instance: .int(twoTo53), valid: true),
        Bound(keyword: "exclusiveMaximum", limit: .double(0x1p53), instance: .int(twoTo53), valid: false),
        Bound(keyword: "exclusiveMinimum", limit: .int(twoTo53 + 1), instance: .double(0x1p53 + 2), valid: true),
        Bound(keyword: "maximum", limit: .int(.max), instance: .double(0x1p63), valid: false),
        Bound(keyword: "minimum", limit: .double(0x1p63), instance: .int(.max), valid: false),
        Bound(keyword: "exclusiveMaximum", limit: .double(0x1p63), instance: .int(.max), valid: true),
        Bound(keyword: "maximum", limit: .int(.max - 1), instance: .int(.max), valid: false),
        Bound(keyword: "minimum", limit: .double(-0x1p63), instance: .int(.min), valid: true),
        Bound(keyword: "exclusiveMinimum", limit: .double(-0x1p63), instance: .int(.min), valid: false),
        Bound(keyword: "minimum", limit: .int(.min), instance: .double(-0x1p63), valid: true),
        Bound(keyword: "exclusiveMinimum", limit: .int(.min), instance: .double(-0x1p63), valid: false),
        Bound(keyword: "minimum", limit: .double(-0x1p64), instance: .int(.min), valid: true),
        Bound(keyword: "maximum", limit: .double(0x1p64), instance: .int(.max), valid: true),
        Bound(keyword: "maximum", limit: .double(0.5), instance: 0, valid: true),
        Bound(keyword: "maximum", limit: .double(0.5), instance: 1, valid: false),
        Bound(keyword: "minimum", limit: .double(-0.5), instance: -1, valid: false),
        Bound(keyword: "minimum", limit: .double(-0.5), instance: 0, valid: true),
        Bound(keyword: "maximum", limit: 3, instance: .double(3.0000000000000004), valid: false),
        Bound(keyword: "exclusiveMaximum", limit: 3, instance: .double(2.9999999999999996), valid: true),
        Bound(keyword: "minimum", limit: 0, instance: .double(-0.0), valid: true),
        Bound(keyword: "exclusiveMinimum", limit: .double(-0.0), instance: 0, valid: false),
        Bound(keyword: "maximum", limit: .double(1e308), instance: .double(1.7976931348623157e308), valid: false),
        Bound(keyword: "minimum", limit: .double(-1.7976931348623157e308), instance: .int(.min), valid: true),
        Bound(keyword: "maximum", limit: 0, instance: "1", valid: true),
    ]

    @Test("minimum and maximum compare an Int and a Double exactly", arguments: bounds)
    func exactBounds(_ bound: Bound) throws {
        let schema = try JSONSchema([bound.keyword: bound.limit])
        expectVerdict(schema, bound.instance, bound.valid)
    }

    @Test("the suite's bignums: integers beyond Int, compared by value")
    func bignums() throws {
        let big = try JSONValue(parsing: "12345678910111213141516171819202122232425262728293031")
        for dialect in JSONSchema.Dialect.allCases {
            let integer = try JSONSchema(["type": "integer"], options: .init(dialect: dialect))
            expectVerdict(integer, big, true, "\(dialect)")
            expectVerdict(integer, try JSONValue(parsing: "-\(big)"), true, "\(dialect)")
        }
        let maximum = try JSONSchema(try JSONValue(parsing: #"{"maximum": 18446744073709551615}"#))
        expectVerdict(maximum, try JSONValue(parsing: "18446744073709551600"), true)
        let exclusive = try JSONSchema(
            try JSONValue(parsing: #"{"exclusiveMaximum": 972783798187987123879878123.18878137}"#))
        expectVerdict(exclusive, try JSONValue(parsing: "972783798187987123879878123.188781371"), false)
    }

    @Test(
        "integer: draft-04 counts only numbers written without a fraction; later drafts any whole number",
        arguments: [
            ("1", true, true), ("1.0", false, true), ("-5", true, true), ("0.5", false, false),
            ("1e2", false, true), ("100000000000000000000", true, true), ("1e300", true, true),
            ("9007199254740993", true, true), ("-0.0", false, true),
        ])
    func integers(_ text: String, _ draft4: Bool, _ later: Bool) throws {
        let value = try JSONValue(parsing: text)
        for dialect in JSONSchema.Dialect.allCases {
            let schema = try JSONSchema(["type": "integer"], options: .init(dialect: dialect))
            expectVerdict(schema, value, dialect == .draft4 ? draft4 : later, "\(text) in \(dialect)")
        }
        // `number` holds every number in every dialect.
        expectVerdict(try JSONSchema(["type": "number"], options: .init(dialect: .draft4)), value, true)
    }

    @Test("a count keyword may be written as a whole double from draft-06 on")
    func wholeDoubleCounts() throws {
        let schema = try JSONSchema(["minLength": 2.0, "maxItems": .double(1.0)], options: .init(dialect: .draft7))
        expectVerdict(schema, "a", false)
        expectVerdict(schema, [1, 2], false)
        expectVerdict(schema, "ab", true)
        // Counts far beyond any value's size.
        let huge = try JSONSchema(["maxLength": .double(1e300), "minItems": 0, "maxProperties": .int(.max)])
        expectVerdict(huge, "text", true)
        expectVerdict(huge, ["a": 1], true)
    }

    @Test("the decimal of a double is its shortest text")
    func decimals() {
        let decimal = _SchemaDecimal(.double(19.99))
        #expect(decimal == _SchemaDecimal(significand: 1999, exponent: -2, isNegative: false))
        #expect(_SchemaDecimal(.int(-1200)) == _SchemaDecimal(significand: 12, exponent: 2, isNegative: true))
        #expect(_SchemaDecimal(.double(.infinity)) == nil)
        #expect(_SchemaDecimal(.string("1")) == nil)
        #expect(_SchemaDecimal(.int(.min))?.significand == 9_223_372_036_854_775_808)
    }
}
