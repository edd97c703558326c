import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `JSONValue(exactly:)` and `JSONValue(any:allowsInexactNumbers:)`: the
/// same numbers are exact on every path, and rounding is asked for.
@Suite("Exact numbers: exactly: and bridging with rounding")
struct JSONValueExactNumbersTests {
    @Test(
        "exactly: a Decimal that Int or Double holds exactly",
        arguments: [
            ("0", JSONValue.int(0)), ("42", .int(42)), ("-7", .int(-7)), ("9223372036854775807", .int(.max)),
            ("-9223372036854775808", .int(.min)), ("0.1", .double(0.1)), ("1.50", .double(1.5)),
            ("19.99", .double(19.99)), ("1e100", .double(1e100)), ("100000000000000000000", .double(1e20)),
            ("-65.613617", .double(-65.613617)), ("123456789.12345679", .double(123_456_789.123_456_79)),
        ])
    func exactDecimals(_ text: String, _ expected: JSONValue) throws {
        let decimal = try #require(Decimal(string: text))
        let value = try #require(JSONValue(exactly: decimal))
        #expect(identical(value, expected))
        // Parsing the same text with inexact numbers refused agrees.
        #expect(identical(try JSONValue(parsing: text, options: .init(allowsInexactNumbers: false)), expected))
    }

    @Test(
        "exactly: nil for a Decimal that Int and Double cannot hold exactly",
        arguments: [
            "123456789012345678901234567890", "18446744073709551617", "9223372036854775808",
            "0.30000000000000000001", "123456789.123456789", "3.14159265358979323846", "-65.613616999999977",
        ])
    func inexactDecimals(_ text: String) throws {
        let decimal = try #require(Decimal(string: text))
        #expect(JSONValue(exactly: decimal) == nil)
        #expect(throws: JSONParseError.self) {
            try JSONValue(parsing: text, options: .init(allowsInexactNumbers: false))
        }
    }

    @Test("exactly: nil for a NaN Decimal")
    func nanDecimal() {
        #expect(JSONValue(exactly: Decimal.nan) == nil)
    }

    @Test("exactly: integers, and an integer literal picks the integer overload")
    func integers() {
        #expect(JSONValue(exactly: 5).map { identical($0, .int(5)) } == true)
        #expect(JSONValue(exactly: UInt64(Int.max)).map { identical($0, .int(.max)) } == true)
        #expect(JSONValue(exactly: UInt64(Int.max) + 1) == nil)
        #expect(JSONValue(exactly: Int64.min).map { identical($0, .int(Int(Int64.min))) } == true)
    }

    @Test(
        "where Int has 32 bits, integers up to 2^53 are exact doubles and beyond are refused",
        arguments: [
            (Int64(3_000_000_000), nil, 3e9), (-2_147_483_649, nil, -2_147_483_649), (1 << 53, nil, 0x1p53),
            (-(1 << 53), nil, -0x1p53), (2_147_483_647, .max, nil), (1 << 53 + 1, nil, nil),
            (Int64.max, nil, nil),
        ] as [(Int64, Int32?, Double?)])
    func thirtyTwoBit(_ value: Int64, _ integer: Int32?, _ double: Double?) {
        // `init?(exactly:)` is `_ExactInteger<Int>`; with Int32 it behaves as
        // it does where Int has 32 bits.
        let expected: _ExactInteger<Int32>? = integer.map { .integer($0) } ?? double.map { .double($0) }
        #expect(_ExactInteger<Int32>(value) == expected)
    }

    @Test(
        "bridging refuses what exactly: refuses, and rounds it when asked",
        arguments: [
            (UInt64.max as Any, "18446744073709551615", 1.8446744073709552e19),
            (UInt((1 as UInt64) << 63) as Any, "9223372036854775808", 0x1p63),
            (
                Decimal(string: "123456789012345678901234567890")! as Any, "123456789012345678901234567890",
                1.2345678901234568e29
            ),
            (Decimal(string: "3.14159265358979323846")! as Any, "3.14159265358979323846", 3.141592653589793),
        ].map(Rounded.init))
    func bridgingRounds(_ rounded: Rounded) throws {
        let input: Any = ["list": [1, rounded.input]]
        #expect(throws: JSONBridgingError(.inexactNumber(rounded.text), at: "/list/1")) {
            try JSONValue(any: input)
        }
        #expect(throws: JSONBridgingError(.inexactNumber(rounded.text), at: "/list/1")) {
            try JSONValue(any: input, allowsInexactNumbers: false)
        }
        let value = try JSONValue(any: input, allowsInexactNumbers: true)
        #expect(identical(value, ["list": [1, .double(rounded.expected)]]))
        // As parsing the number's text rounds it.
        #expect(identical(try JSONValue(parsing: rounded.text), .double(rounded.expected)))
    }

    @Test("rounding changes nothing for exact numbers, and other errors stay errors")
    func bridgingRoundingKeepsTheRest() throws {
        let input: [String: Any] = ["a": 1, "b": 2.5, "c": Decimal(string: "0.1")!, "d": UInt8(7)]
        #expect(identical(try JSONValue(any: input, allowsInexactNumbers: true), try JSONValue(any: input)))
        #expect(throws: JSONBridgingError(.nonFiniteNumber, at: "/0")) {
            try JSONValue(any: [Double.infinity], allowsInexactNumbers: true)
        }
        #expect(throws: JSONBridgingError(.nonFiniteNumber, at: .root)) {
            try JSONValue(any: Decimal.nan, allowsInexactNumbers: true)
        }
    }

    #if FullFoundation
    @Test(
        "Foundation numbers: refused by default, rounded when asked",
        arguments: [
            (NSNumber(value: UInt64.max) as Any, "18446744073709551615", 1.8446744073709552e19),
            (NSDecimalNumber(string: "123456789.123456789") as Any, "123456789.123456789", 123_456_789.123_456_79),
            (
                NSDecimalNumber(string: "123456789012345678901234567890") as Any, "123456789012345678901234567890",
                1.2345678901234568e29
            ),
        ].map(Rounded.init))
    func foundationRounds(_ rounded: Rounded) throws {
        #expect(throws: JSONBridgingError(.inexactNumber(rounded.text), at: .root)) {
            try JSONValue(any: rounded.input)
        }
        let value = try JSONValue(any: rounded.input, allowsInexactNumbers: true)
        #expect(identical(value, .double(rounded.expected)))
    }

    @Test("a JSONSerialization document with a long number: refused whole, or rounded as parsing rounds it")
    func jsonSerializationDocument() throws {
        let text = #"{"id": 123456789012345678901234567890, "name": "x"}"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(throws: JSONBridgingError.self) { try JSONValue(any: object) }
        let rounded = try JSONValue(any: object, allowsInexactNumbers: true)
        #expect(rounded == (try JSONValue(parsing: text)))
    }
    #endif
}

/// A number to bridge, its text in the error, and the Double it rounds to.
struct Rounded: @unchecked Sendable, CustomTestStringConvertible {
    var input: Any
    var text: String
    var expected: Double
    var testDescription: String { text }
}
