import Testing

@testable import JSONValueKit

/// Issue 41, item 4: numbers that a `Double` rounds compare by their digits
/// when validation starts from text, in `validate(parsing:)`,
/// `isValid(parsing:)` and the incremental validator alike.
@Suite("JSON Schema: numbers from text compared by their digits")
struct ExactNumberValidationTests {
    /// The verdicts of every way of validating text: one-shot, fast path,
    /// and streamed a byte at a time.
    private func verdict(_ schema: JSONValue, _ text: String) throws -> Bool {
        let compiled = try JSONSchema(schema)
        let result = try compiled.validate(parsing: text)
        #expect(try compiled.isValid(parsing: text) == result.isValid, "\(text)")
        #expect(try compiled.isValid(parsing: Array(text.utf8)) == result.isValid, "\(text)")
        var validator = JSONSchema.IncrementalValidator(compiled)
        for byte in text.utf8 { try validator.append([byte]) }
        let streamed = try validator.finish()
        #expect(streamed.errors == result.errors, "\(text)")
        #expect(streamed.isValid == result.isValid, "\(text)")
        return result.isValid
    }

    @Test("minimum, maximum and the exclusive bounds beyond Int64")
    func bounds() throws {
        let maximum = try JSONValue(parsing: #"{"maximum": 9223372036854776000}"#)
        // A tree holds 2⁶³ for both: the rounded value passes.
        #expect(try JSONSchema(maximum).isValid(JSONValue(parsing: "9223372036854776001")))
        #expect(try !verdict(maximum, "9223372036854776001"))
        #expect(try verdict(maximum, "9223372036854775999"))
        #expect(try verdict(maximum, "9223372036854776000"))
        let exclusive = try JSONValue(parsing: #"{"exclusiveMinimum": 9223372036854776000}"#)
        #expect(try !verdict(exclusive, "9223372036854775999"))
        #expect(try verdict(exclusive, "9223372036854776000.0000000001"))
        #expect(try !verdict(exclusive, "9223372036854776000.000000000"))
        let fraction: JSONValue = ["maximum": 0.1]
        #expect(try !verdict(fraction, "0.10000000000000000001"))
        #expect(try verdict(fraction, "0.09999999999999999999"))
        #expect(try verdict(fraction, "0.1"))
        #expect(try verdict(["minimum": -18446744073709551616.0], "-18446744073709551615"))
    }

    @Test("the message shows the number's text")
    func message() throws {
        let schema = try JSONSchema(try JSONValue(parsing: #"{"maximum": 9223372036854776000}"#))
        let error = try #require(try schema.validate(parsing: "9223372036854776001").errors.first)
        #expect(error.message.hasPrefix("9223372036854776001 is greater than the maximum of "))
    }

    @Test("multipleOf on the digits")
    func multipleOf() throws {
        #expect(try !verdict(["multipleOf": 10], "100000000000000000001"))
        #expect(try verdict(["multipleOf": 10], "100000000000000000010"))
        #expect(try verdict(["multipleOf": 0.01], "12345678901234567.89"))
        #expect(try !verdict(["multipleOf": 0.01], "12345678901234567.891"))
        #expect(try verdict(["multipleOf": 7], "7e30"))
        #expect(try !verdict(["multipleOf": 3], "1000000000000000000000000000000000000001"))
    }

    @Test("enum, const and uniqueItems: equal only to the same digits")
    func equality() throws {
        #expect(try !verdict(["const": .double(1e20)], "100000000000000000001"))
        #expect(try verdict(["const": .double(1e20)], "100000000000000000000"))
        #expect(try !verdict(["enum": [.double(1e20), "x"]], "100000000000000000001"))
        #expect(try verdict(["enum": [.double(1e20), "x"]], "1e20"))
        #expect(try verdict(["const": [1, 2]], "[1.0000000000000000000, 2]"))
        #expect(try verdict(["uniqueItems": true], "[100000000000000000001, 100000000000000000002]"))
        #expect(try !verdict(["uniqueItems": true], "[100000000000000000001, 1.00000000000000000001e20]"))
        let many = (0..<20).map { "1000000000000000000\($0 + 10)" }.joined(separator: ", ")
        #expect(try verdict(["uniqueItems": true], "[\(many)]"))
        #expect(try !verdict(["uniqueItems": true], "[\(many), 100000000000000000015]"))
        #expect(try !verdict(["uniqueItems": true], #"[{"a": 100000000000000000001}, {"a": 100000000000000000001}]"#))
        // Four to sixteen items: compared in full only where their digests agree.
        #expect(try verdict(["uniqueItems": true], "[1, 2, 100000000000000000001, 100000000000000000002]"))
        #expect(try !verdict(["uniqueItems": true], "[1, 2, 100000000000000000001, 1.00000000000000000001e20]"))
        #expect(try !verdict(["uniqueItems": true], "[1, true, 1e20, 100000000000000000000]"))
        #expect(
            try !verdict(
                ["uniqueItems": true], #"[{"a": 100000000000000000001}, 1, 2, {"a": 1.00000000000000000001e20}]"#))
    }

    @Test("integer: an exact value with no fraction")
    func integer() throws {
        #expect(try verdict(["type": "integer"], "12345678901234567890123"))
        #expect(try !verdict(["type": "integer"], "1.0000000000000000000001"))
        #expect(try verdict(["type": "integer"], "1.50000000000000000000e1"))
        let draft4 = try JSONSchema(["type": "integer"], options: .init(dialect: .draft4))
        #expect(try draft4.isValid(parsing: "12345678901234567890123"))
        #expect(try !draft4.isValid(parsing: "1.50000000000000000000e1"))
    }

    @Test("a number a Double holds is an integer as in a tree, in draft-04 too (found by the fuzzer)")
    func heldIntegers() throws {
        for dialect in JSONSchema.Dialect.allCases {
            let schema = try JSONSchema(
                ["minimum": 0, "exclusiveMinimum": dialect == .draft4 ? true : 0, "type": "integer"],
                options: .init(dialect: dialect))
            for value: JSONValue in [.double(1e308), .int(.max), .double(1.5), .double(-1e300), 0, 1] {
                let text = try value.jsonString()
                #expect(
                    try schema.validate(parsing: text).errors == schema.validate(value).errors, "\(dialect) \(text)")
            }
        }
    }

    @Test("numbers a Double holds validate as in a tree", arguments: 0..<4)
    func heldNumbers(_ slice: Int) throws {
        var random = RandomSchema(seed: UInt64(slice) &+ 0xE8AC7)
        for _ in 0..<100 {
            let document = random.document()
            guard let schema = try? JSONSchema(document) else { continue }
            for _ in 0..<4 {
                let instance = random.instance()
                let text = try instance.jsonString()
                #expect(try schema.validate(parsing: text).errors == schema.validate(instance).errors, "\(text)")
            }
        }
    }
}

@Suite("JSONSchema.IncrementalValidator stack safety")
struct IncrementalValidatorStackTests {
    @Test("a value nested to the parser's limit, a byte at a time, on a 512 KiB stack")
    func deep() throws {
        let depth = JSONValue.ParsingOptions().maximumNestingDepth
        let text = String(repeating: #"{"a": ["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)
        let results = try onSmallStack { () -> (Bool, Int, Int) in
            let schema = try JSONSchema([
                "$defs": ["node": ["type": "object", "properties": ["a": ["items": ["$ref": "#/$defs/node"]]]]],
                "anyOf": [["$ref": "#/$defs/node"], ["type": "integer"]],
                "properties": ["a": ["type": "array"]],
            ])
            var validator = JSONSchema.IncrementalValidator(schema)
            var most = 0
            for byte in text.utf8 {
                try validator.append([byte])
                most = max(most, validator.violations.count)
            }
            let result = try validator.finish()
            return (result.isValid, result.errors.count, most)
        }
        // The innermost 1 is no object: invalid, found before the end.
        #expect(results.0 == false)
        #expect(results.2 > 0)
    }
}
