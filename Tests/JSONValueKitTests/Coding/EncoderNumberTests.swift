import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `JSONValueEncoder.allowsInexactNumbers`: refuse (the default) or round
/// a number that a tree cannot hold exactly.
@Suite("JSONValueEncoder and inexact numbers")
struct EncoderNumberTests {
    struct Money: Codable, Equatable {
        var amount: Decimal
    }

    struct Counter: Codable {
        var total: UInt64
    }

    static let rounding: JSONValueEncoder = {
        var encoder = JSONValueEncoder()
        encoder.allowsInexactNumbers = true
        return encoder
    }()

    @Test(
        "a long Decimal is refused by default, with its coding path, and rounded when asked",
        arguments: [
            ("123456789012345678901234567890", 1.2345678901234568e29), ("3.14159265358979323846", 3.141592653589793),
            ("123456789.123456789", 123_456_789.123_456_79), ("-0.30000000000000000001", -0.3),
        ])
    func longDecimal(_ text: String, _ expected: Double) throws {
        let money = Money(amount: try #require(Decimal(string: text)))
        #expect(!JSONValueEncoder().allowsInexactNumbers)
        let error = #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(money) }
        if case .invalidValue(_, let context)? = error {
            #expect(context.codingPath.map(\.stringValue) == ["amount"])
            #expect(context.debugDescription.contains("The number \(text) cannot be held exactly"))
        } else {
            Issue.record("\(String(describing: error))")
        }
        let tree = try Self.rounding.encode(money)
        #expect(identical(tree, ["amount": .double(expected)]))
        // As parsing the text of the same model rounds it.
        #expect(identical(tree, try JSONValue(parsing: #"{"amount": \#(text)}"#)))
    }

    @Test("exact Decimals encode the same either way", arguments: ["0.1", "19.99", "42", "1e20", "-65.613617"])
    func exactDecimal(_ text: String) throws {
        let money = Money(amount: try #require(Decimal(string: text)))
        let tree = try JSONValueEncoder().encode(money)
        #expect(identical(try Self.rounding.encode(money), tree))
        #expect(identical(tree["amount"] ?? .null, try #require(JSONValue(exactly: money.amount))))
    }

    @Test(
        "an integer beyond Int is refused by default and rounded when asked",
        arguments: [(UInt64.max, 1.8446744073709552e19), (1 << 63 + 1, 0x1p63)] as [(UInt64, Double)])
    func bigInteger(_ value: UInt64, _ expected: Double) throws {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Counter(total: value)) }
        #expect(identical(try Self.rounding.encode(Counter(total: value)), ["total": .double(expected)]))
        #expect(identical(try Self.rounding.encode([value]), [.double(expected)]))
        #expect(identical(try Self.rounding.encode(value), .double(expected)))
    }

    @Test("an integer in Int's range stays an int with rounding on")
    func smallInteger() throws {
        #expect(identical(try Self.rounding.encode(Counter(total: 7)), ["total": 7]))
    }
}

/// Arrays of numbers other than `Int`, which encode in one loop unless an
/// element needs its strategy or its error.
@Suite("JSONValueEncoder and arrays of numbers")
struct EncoderNumberArrayTests {
    @Test("arrays of Int64, Int32, UInt64 and Double encode as JSONEncoder's do")
    func parity() {
        expectEncodingParity([Int64.min, -1, 0, Int64.max])
        expectEncodingParity([Int32.min, 7, Int32.max])
        expectEncodingParity([UInt64(0), 1 << 53])
        expectEncodingParity([0.5, -2, 1e300])
        expectEncodingParity([[Int64]](), configure: { _, _ in })
    }

    @Test("an element beyond what a JSONValue holds is refused with its path")
    func inexactElement() throws {
        do {
            _ = try JSONValueEncoder().encode(["a": [1, UInt64.max]])
            Issue.record("UInt64.max encoded without an error")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["a", "Index 1"])
        }
        var rounding = JSONValueEncoder()
        rounding.allowsInexactNumbers = true
        #expect(try rounding.encode([1, UInt64.max]) == [1, .double(Double(UInt64.max))])
    }

    @Test("a non-finite element follows the strategy, or is refused with its path")
    func nonFiniteElement() throws {
        do {
            _ = try JSONValueEncoder().encode([1.5, .infinity])
            Issue.record("infinity encoded without an error")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1"])
        }
        var encoder = JSONValueEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        #expect(try encoder.encode([1.5, .infinity, -.infinity]) == [1.5, "+inf", "-inf"])
    }
}
