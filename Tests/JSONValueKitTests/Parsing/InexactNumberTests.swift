import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parsing with `ParsingOptions.allowsInexactNumbers == false`: numbers that
/// neither `Int` nor `Double` holds exactly are refused where they start.
@Suite("Parsing inexact numbers")
struct InexactNumberTests {
    static let strict = JSONValue.ParsingOptions(allowsInexactNumbers: false)
    static let strictJSON5 = JSONValue.ParsingOptions(allowsJSON5: true, allowsInexactNumbers: false)

    /// Numbers whose value an Int, or the shortest digits of the nearest
    /// Double, give back.
    static let exact = [
        "0", "-0", "0.0", "-0.0", "0e5", "0.1", "1.50", "1e300", "1E-300", "100000000000000000000",
        "9223372036854775807",
        "-9223372036854775808", "9007199254740992", "0.30000000000000004", "123456789.12345679",
        "-65.613617", "1.7976931348623157e308", "2.2250738585072014e-308", "5e-324", "1e-310", "3000000000",
        "12345678901234567e3", "0.000000000000000000000000000001", "1" + String(repeating: "0", count: 300),
        "1.2345678901234567e19", "10.000000000000000000000000",
    ]

    /// Numbers that the nearest Double changes.
    static let inexact = [
        "123456789012345678901234567890", "18446744073709551617", "18446744073709551616", "0.30000000000000000001",
        "1e-400", "-1e-400", "9007199254740993.0", "12345678901234567.0", "0.15091018638525524", "123456789.123456789",
        "-65.613616999999977",
        "2.4703282292062328e-324", "1.00000000000000011102230246251565404236316680908203125",
        "0." + String(repeating: "0", count: 400) + "1", "9223372036854775809",
        // 2^63 and 2^64: a Double holds them, but writes them back as
        // 9.223372036854776e+18 and 1.8446744073709552e+19.
        "9223372036854775808", "-9223372036854775809",
    ]

    @Test("exact numbers parse as they do by default", arguments: exact)
    func exactNumbers(_ text: String) throws {
        let value = try JSONValue(parsing: text, options: Self.strict)
        #expect(identical(value, try JSONValue(parsing: text)))
        #expect(identical(try JSONValue(parsing: text, options: Self.strictJSON5), value))
    }

    @Test("inexact numbers are refused with their text, at their first byte", arguments: inexact)
    func inexactNumbers(_ text: String) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: text, options: Self.strict) }
        #expect(error.kind == .inexactNumber(text))
        #expect(error.location == JSONParseError.Location(line: 1, column: 1, offset: 0))
        #expect(
            error.description.hasPrefix("The number \(text) cannot be held exactly by a Double or an Int at line 1"))
        let json5 = try #require(throws: JSONParseError.self) {
            try JSONValue(parsing: text, options: Self.strictJSON5)
        }
        #expect(json5 == error)
    }

    @Test("by default, inexact numbers become the nearest Double", arguments: inexact)
    func defaultRounds(_ text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(identical(value, .double(Double(text)!)))
        #expect(identical(try JSONValue(parsing: text, options: .init(allowsJSON5: true)), value))
    }

    @Test(
        "the error points at the number inside arrays and objects",
        arguments: [
            ("[1, 2, 123456789012345678901234567890]", "123456789012345678901234567890", 1, 8, 7),
            ("{\"a\": {\"b\": [0.1,\n  1e-400]}}", "1e-400", 2, 3, 20),
            ("\u{FEFF}[\n\n    -18446744073709551617 ]", "-18446744073709551617", 3, 5, 10),
            ("{\"é\": 0.30000000000000000001}", "0.30000000000000000001", 1, 7, 7),
        ])
    func located(_ text: String, _ number: String, _ line: Int, _ column: Int, _ offset: Int) throws {
        let expected = JSONParseError(.inexactNumber(number), at: .init(line: line, column: column, offset: offset))
        for options in [Self.strict, Self.strictJSON5] {
            let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: text, options: options) }
            #expect(error == expected)
        }
        // The incremental parser, fed one byte at a time and all at once.
        for chunkSize in [1, 3, text.utf8.count] {
            #expect(incrementalError(text, chunkSize: chunkSize, options: Self.strict) == expected, "\(chunkSize)")
        }
    }

    @Test(
        "JSON5 numbers follow the same rule, with their text as written",
        arguments: [
            ("+123456789012345678901234567890", "+123456789012345678901234567890", 1, 1, 0),
            ("[.30000000000000000001]", ".30000000000000000001", 1, 2, 1),
            ("0x10000000000000001", "0x10000000000000001", 1, 1, 0),
            ("{a: // note\n -0x1FFFFFFFFFFFFFFF1}", "-0x1FFFFFFFFFFFFFFF1", 2, 2, 13),
            ("0x10000000000000000", "0x10000000000000000", 1, 1, 0),
            ("['a',\n 1e-400,]", "1e-400", 2, 2, 7),
        ])
    func json5Inexact(_ text: String, _ number: String, _ line: Int, _ column: Int, _ offset: Int) throws {
        let error = try #require(throws: JSONParseError.self) {
            try JSONValue(parsing: text, options: Self.strictJSON5)
        }
        #expect(error == JSONParseError(.inexactNumber(number), at: .init(line: line, column: column, offset: offset)))
        // Through the incremental parser, which reads JSON5 when it finishes.
        #expect(incrementalError(text, chunkSize: 4, options: Self.strictJSON5) == error)
    }

    @Test(
        "JSON5 numbers that Int or Double hold exactly are kept",
        arguments: [
            ("0x7FFFFFFFFFFFFFFF", JSONValue.int(.max)), ("-0x8000000000000000", .int(.min)),
            ("0x56BC75E2D63100000", .double(1e20)), ("0x0000000000000000000000001", .int(1)),
            ("+.5", .double(0.5)), ("5.", .double(5)), ("Infinity", .double(.infinity)),
            ("-Infinity", .double(-.infinity)),
        ])
    func json5Exact(_ text: String, _ expected: JSONValue) throws {
        #expect(identical(try JSONValue(parsing: text, options: Self.strictJSON5), expected))
    }

    @Test("NaN in JSON5 is allowed: a Double holds it")
    func json5NaN() throws {
        let value = try JSONValue(parsing: "NaN", options: Self.strictJSON5)
        #expect(value.doubleValue?.isNaN == true)
    }

    @Test("a number too large for Double is out of range whatever the option")
    func outOfRange() throws {
        for options in [Self.strict, Self.strictJSON5, JSONValue.ParsingOptions()] {
            let error = try #require(throws: JSONParseError.self) {
                try JSONValue(parsing: "[1e400]", options: options)
            }
            #expect(error == JSONParseError(.numberOutOfRange, at: .init(line: 1, column: 2, offset: 1)))
        }
    }

    @Test("the incremental parser accepts exact numbers cut anywhere, and refuses inexact ones", arguments: exact)
    func incrementalExact(_ text: String) throws {
        let document = "[\(text), 1]"
        let expected = try JSONValue(parsing: document)
        for chunkSize in [1, 2, 5] {
            var parser = JSONIncrementalParser(options: Self.strict)
            var values: [JSONValue] = []
            var bytes = Array(document.utf8)[...]
            while !bytes.isEmpty {
                values += try parser.append(bytes.prefix(chunkSize))
                bytes = bytes.dropFirst(chunkSize)
            }
            values += try parser.finish()
            #expect(values.count == 1)
            #expect(values.first.map { identical($0, expected) } == true)
        }
    }

    @Test(
        "the incremental parser decides on a number cut short only at its end",
        arguments: [
            // 0.15091018638525524 is inexact, with e5 after it exact; 1e-4 is
            // exact, 1e-400 is not.
            ("[0.15091018638525524e5]", nil), ("0.15091018638525524e5", nil),
            ("[1e-400]", JSONParseError(.inexactNumber("1e-400"), at: .init(line: 1, column: 2, offset: 1))),
            ("1e-400", JSONParseError(.inexactNumber("1e-400"), at: .init(line: 1, column: 1, offset: 0))),
        ] as [(String, JSONParseError?)])
    func incrementalWaits(_ text: String, _ expected: JSONParseError?) throws {
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            var parser = JSONIncrementalParser(options: Self.strict)
            do {
                var values = try parser.append(bytes[..<cut])
                values += try parser.append(bytes[cut...])
                values += try parser.finish()
                #expect(expected == nil, "cut \(cut)")
                #expect(values.count == 1, "cut \(cut)")
                #expect(values.first.map { identical($0, try! JSONValue(parsing: text)) } == true, "cut \(cut)")
            } catch {
                #expect(error == expected, "cut \(cut)")
            }
        }
    }

    @Test("a copied incremental parser keeps the option")
    func copiedIncrementalParser() throws {
        var parser = JSONIncrementalParser(options: Self.strict)
        _ = try parser.append("[1, ")
        var copy = parser
        _ = try copy.append("2")
        let error = try #require(throws: JSONParseError.self) {
            _ = try copy.append("3456789012345678901234567890]")
        }
        #expect(error.kind == .inexactNumber("23456789012345678901234567890"))
        #expect(error.location.offset == 4)
    }

    @Test("the async sequence refuses an inexact number")
    func asyncSequence() async throws {
        let chunks = AsyncStream<[UInt8]> { continuation in
            for chunk in ["{\"a\": 1} {\"b\": 1234567", "8901234567890123456789}"] {
                continuation.yield(Array(chunk.utf8))
            }
            continuation.finish()
        }
        var values: [JSONValue] = []
        do {
            for try await value in chunks.jsonValues(options: Self.strict) { values.append(value) }
            Issue.record("no error")
        } catch {
            let expected = JSONParseError(
                .inexactNumber("12345678901234567890123456789"), at: .init(line: 1, column: 16, offset: 15))
            #expect(error as? JSONParseError == expected)
        }
        #expect(values == [["a": 1]])
    }

    @Test(
        "the digit rule, directly: shortest digits of the nearest Double against the text",
        arguments: [
            ("1", 1.0, true), ("1.0", 1.0, true), ("10e-1", 1.0, true), ("0.1", 0.1, true), ("0.10", 0.1, true),
            ("0.1000000000000000055511151231257827", 0.1, false), ("1e23", 1e23, true),
            ("99999999999999991611392", 1e23, false), ("3000000000", 3e9, true), ("-3000000000", -3e9, true),
            ("9007199254740993", 0x1p53, false), ("0", 0, true), ("-0.000", -0.0, true),
            ("1e-400", 0, false), ("12345678901234567890", 1.2345678901234567e19, false),
            ("1e+999999999999999999999", 1e308, false),
        ] as [(String, Double, Bool)])
    func digitRule(_ text: String, _ value: Double, _ expected: Bool) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { _doubleKeepsDigits(value, of: $0) } == expected)
    }

    @Test(
        "where Int has 32 bits, integers up to 2^53 are exact doubles",
        arguments: [
            ("3000000000", true), ("-2147483649", true), ("9007199254740992", true), ("9007199254740993", false),
        ])
    func thirtyTwoBitIntegers(_ text: String, _ exact: Bool) throws {
        // What the parser does where Int has 32 bits: beyond Int32, the
        // number is a double, and the digit rule decides.
        let magnitude = UInt64(text.drop(while: { $0 == "-" }))!
        let int32: Int32? = _signedInteger(magnitude: magnitude, negative: text.hasPrefix("-"))
        #expect(int32 == nil)
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { _doubleKeepsDigits(Double(text)!, of: $0) } == exact)
    }

    @Test(
        "hexadecimal digits become decimal digits",
        arguments: [
            ("0", "0"), ("000", "0"), ("ff", "255"), ("FFFFFFFFFFFFFFFF", "18446744073709551615"),
            ("10000000000000000", "18446744073709551616"), ("56BC75E2D63100000", "100000000000000000000"),
            ("0003B9ACA00", "1000000000"),
        ])
    func hexadecimalDigits(_ hex: String, _ decimal: String) {
        #expect(String(decoding: _decimalDigits(ofHexadecimal: Array(hex.utf8)), as: UTF8.self) == decimal)
    }

    @Test("the option is part of the options' identity and defaults to true")
    func optionDefaults() {
        #expect(JSONValue.ParsingOptions().allowsInexactNumbers)
        #expect(JSONValue.ParsingOptions(maximumNestingDepth: 8, allowsJSON5: true).allowsInexactNumbers)
        #expect(JSONValue.ParsingOptions() != Self.strict)
    }
}

/// The error of feeding `text` to an incremental parser in chunks of
/// `chunkSize` bytes, then finishing; `nil` if there is none.
private func incrementalError(_ text: String, chunkSize: Int, options: JSONValue.ParsingOptions) -> JSONParseError? {
    var parser = JSONIncrementalParser(options: options)
    var bytes = Array(text.utf8)[...]
    do {
        while !bytes.isEmpty {
            _ = try parser.append(bytes.prefix(chunkSize))
            bytes = bytes.dropFirst(chunkSize)
        }
        _ = try parser.finish()
    } catch {
        return error
    }
    return nil
}
