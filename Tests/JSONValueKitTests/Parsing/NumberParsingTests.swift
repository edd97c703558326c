import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Parsing numbers")
struct NumberParsingTests {
    @Test(
        "integers that fit Int stay ints",
        arguments: [
            ("0", 0), ("-0", 0), ("7", 7), ("-7", -7), ("9223372036854775807", Int.max),
            ("-9223372036854775808", Int.min), ("123456789012345678", 123_456_789_012_345_678),
        ])
    func integers(_ text: String, _ expected: Int) throws {
        #expect(identical(try JSONValue(parsing: text), .int(expected)))
    }

    @Test(
        "fractions, exponents and big integers become correctly rounded doubles",
        arguments: [
            "1.0", "10.0", "-0.0", "0.1", "1e2", "1E-2", "2.5e+3", "9223372036854775808", "-9223372036854775809",
            "18446744073709551616", "123456789012345678901234567890", "5e-324", "2.2250738585072014e-308",
            "1.7976931348623157e308", "-65.613616999999977", "0.30000000000000004",
            "9007199254740993.0", "1e-400", "4.9406564584124654e-324", "2.4703282292062328e-324",
            "1.00000000000000011102230246251565404236316680908203125", "0.000000000000000000000000000001",
            "1" + String(repeating: "0", count: 300), "0." + String(repeating: "0", count: 300) + "1",
            "123.456e-10", "1e22", "1e23", "8.98846567431158e307",
        ])
    func doubles(_ text: String) throws {
        let value = try JSONValue(parsing: text)
        guard case .double(let double) = value else {
            Issue.record("\(text) parsed as \(value)")
            return
        }
        // The standard library's conversion is correctly rounded.
        #expect(double.bitPattern == Double(text)!.bitPattern, "\(text)")
    }

    @Test("1.0 stays a double, 1 an int")
    func caseIsKept() throws {
        #expect(identical(try JSONValue(parsing: "[1, 1.0]"), [.int(1), .double(1.0)]))
    }

    @Test("random doubles read back bit for bit")
    func randomDoubles() throws {
        var random = RandomJSON(seed: 99)
        for _ in 0..<20_000 {
            let double = random.double()
            let text = "\(double)"
            guard case .double(let parsed) = try JSONValue(parsing: text) else {
                Issue.record("\(text) is not a double")
                continue
            }
            #expect(parsed.bitPattern == double.bitPattern, "\(text)")
        }
    }

    @Test("random decimal texts agree with the standard library")
    func randomDecimalText() throws {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<20_000 {
            let digits = (0..<Int.random(in: 1...25, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }.joined()
            let mantissa = digits.count > 1 && digits.hasPrefix("0") ? "1" + digits.dropFirst() : digits
            let point = Int.random(in: 0...mantissa.count, using: &generator)
            var text = mantissa
            if point < mantissa.count && point > 0 {
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            }
            text += "e\(Int.random(in: -330...310, using: &generator))"
            guard let expected = Double(text), expected.isFinite else { continue }
            let value = try JSONValue(parsing: text)
            #expect(value.doubleValue?.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test(
        "an integer's magnitude and sign become an Int32 where it fits, as where Int has 32 bits",
        arguments: [
            (UInt64(0), false, Int32(0)), (0, true, 0), (7, true, -7), (2_147_483_647, false, .max),
            (2_147_483_648, true, .min), (2_147_483_648, false, nil), (2_147_483_649, true, nil),
            (3_000_000_000, false, nil), (3_000_000_000, true, nil), (9_999_999_999_999_999_999, false, nil),
        ] as [(UInt64, Bool, Int32?)])
    func signedInteger32(_ magnitude: UInt64, _ negative: Bool, _ expected: Int32?) {
        // 3000000000 must not wrap around to -1294967296: beyond Int32, the
        // parsers make the number a double, as beyond Int where it has 64 bits.
        let integer: Int32? = _signedInteger(magnitude: magnitude, negative: negative)
        #expect(integer == expected)
    }

    @Test(
        "the same with Int and Int64: 19 digits up to Int's range",
        arguments: [
            (UInt64(9_223_372_036_854_775_807), false, Int64.max), (9_223_372_036_854_775_808, true, .min),
            (9_223_372_036_854_775_808, false, nil), (9_223_372_036_854_775_809, true, nil), (UInt64.max, true, nil),
        ] as [(UInt64, Bool, Int64?)])
    func signedInteger64(_ magnitude: UInt64, _ negative: Bool, _ expected: Int64?) {
        let integer: Int64? = _signedInteger(magnitude: magnitude, negative: negative)
        #expect(integer == expected)
        let int: Int? = _signedInteger(magnitude: magnitude, negative: negative)
        #expect(int.map(Int64.init) == expected)
    }

    @Test(
        "JSON5 integers: up to 19 digits exact, beyond Int a double, decimal and hexadecimal alike",
        arguments: [
            ("9223372036854775807", JSONValue.int(.max)), ("-9223372036854775808", .int(.min)),
            ("9223372036854775808", .double(0x1p63)), ("-9223372036854775809", .double(-0x1p63)),
            ("0x7FFFFFFFFFFFFFFF", .int(.max)), ("-0x8000000000000000", .int(.min)),
            ("0x8000000000000000", .double(0x1p63)), ("-0", .int(0)), ("+12", .int(12)),
            ("1234567890123456789", .int(1_234_567_890_123_456_789)),
        ])
    func json5Integers(_ text: String, _ expected: JSONValue) throws {
        let value = try JSONValue(parsing: text, options: .init(allowsJSON5: true))
        #expect(identical(value, expected), "\(text) → \(value)")
    }
}

@Suite("Parsing numbers: the fast paths against the standard library")
struct FastPathTests {
    @Test("random significands of up to 19 digits over the whole exponent range", arguments: [1, 2, 3, 4])
    func significandsAndExponents(_ seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<25_000 {
            let digits = Int.random(in: 1...19, using: &generator)
            var significand = UInt64.random(in: 1...UInt64.max, using: &generator)
            var text = String(significand)
            while text.count > digits {
                significand /= 10
                text = String(significand)
            }
            let exponent = Int.random(in: -345...310, using: &generator)
            let literal = "\(text)e\(exponent)"
            let expected = try #require(Double(literal))
            if expected.isInfinite {
                #expect(throws: JSONParseError.self) { try JSONValue(parsing: literal) }
            } else {
                #expect(try JSONValue(parsing: literal).doubleValue?.bitPattern == expected.bitPattern, "\(literal)")
            }
        }
    }

    @Test(
        "runs of every length of integer and fraction digits, in a word or at the end of the text",
        arguments: [6, 7])
    func digitRuns(_ seed: UInt64) throws {
        // The parser reads runs of up to eight digits a word at a time while
        // eight bytes are left, and a byte at a time after that: each length
        // of either part, against each follower, in both places.
        var generator = SeededGenerator(seed: seed)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        for integerDigits in 1...24 {
            for fractionDigits in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 17, 19, 24] {
                for zeros in [0, 3] {
                    if zeros > 0 && integerDigits > 1 { continue }
                    let integer =
                        zeros > 0 ? "0" : String(Int.random(in: 1...9, using: &generator)) + digits(integerDigits - 1)
                    var text = (Bool.random(using: &generator) ? "-" : "") + integer
                    if fractionDigits > 0 {
                        text += "." + String(repeating: "0", count: zeros) + digits(fractionDigits)
                    }
                    if Int.random(in: 0...3, using: &generator) == 0 {
                        text += "e\(Int.random(in: -30...30, using: &generator))"
                    }
                    let double = try #require(Double(text))
                    let expected: JSONValue = if let int = Int(text) { .int(int) } else { .double(double) }
                    for wrapped in [text, "[\(text)]", "[\(text),\(text) ,0]", "{\"a\":\(text)}", "[\(text)\n]"] {
                        let value = try JSONValue(parsing: wrapped)
                        let found: JSONValue? =
                            switch value {
                            case .array(let elements): elements.first
                            case .object(let members): members["a"]
                            default: value
                            }
                        #expect(found.map { identical($0, expected) } == true, "\(wrapped) → \(value)")
                    }
                }
            }
        }
    }

    @Test(
        "a byte that is not a digit ends a run wherever it is in the word",
        arguments: [
            ("[12x4567890]", 3), ("[1234567x90]", 8), ("[12345678x0]", 9), ("[1.2x4567890]", 4),
            ("[1.234567x90]", 9), ("[1.23456789x0]", 11), ("[12/4567890]", 3), ("[12:4567890]", 3),
            ("[1.2\u{80}4567890]", 4), ("[1.2\u{E9}4567890]", 4),
        ] as [(String, Int)])
    func runEnds(_ text: String, _ offset: Int) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        guard case .unexpectedCharacter = error.kind else {
            Issue.record("\(text): \(error)")
            return
        }
        #expect(error.location.offset == offset, "\(text): \(error)")
    }

    @Test(
        "halfway cases and subnormal boundaries",
        arguments: [
            "9007199254740993", "9007199254740995", "4.4501477170144023e-308", "2.2250738585072011e-308",
            "2.2250738585072012e-308", "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
            "1.7976931348623158e308", "1.7976931348623157e308", "7.2057594037927933e16", "1e23", "8.5e-1",
            "0.1e1", "123456789012345678e-10", "9999999999999999999e-20", "18446744073709551615e0",
        ])
    func boundaries(_ text: String) throws {
        let expected = try #require(Double(text))
        let value = try JSONValue(parsing: text)
        #expect(value.doubleValue?.bitPattern == expected.bitPattern, "\(text) → \(value)")
    }
}
