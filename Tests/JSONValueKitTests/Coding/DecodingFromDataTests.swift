import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("JSONValueDecoder.decode(_:from: Data)")
struct DecodingFromDataTests {
    struct Amounts: Codable, Equatable {
        var decimal: Decimal
        var big: UInt64
        var double: Double
        var float: Float
        var value: JSONValue
    }

    static let text = """
        {"decimal": 123456789.123456789, "big": 18446744073709551615, "double": 0.30000000000000004441,
         "float": 1.00000005960464477539062500000001, "value": [123456789.123456789, 1.5]}
        """

    @Test("numbers a Double would round come out as JSONDecoder gives them")
    func exactNumbers() throws {
        let data = Data(Self.text.utf8)
        let ours = try JSONValueDecoder().decode(Amounts.self, from: data)
        #expect(ours.decimal == Decimal(string: "123456789.123456789"))
        #expect(ours.big == UInt64.max)
        if ToolchainFoundation.isChecked {
            let foundation = try JSONDecoder().decode(Amounts.self, from: data)
            #expect(ours.decimal == foundation.decimal)
            #expect(ours.big == foundation.big)
            #expect(ours.double == foundation.double)
            #expect(ours.float.bitPattern == foundation.float.bitPattern)
        }
        // A JSONValue holds the nearest Double, never the stand-in.
        #expect(ours.value == [.double(123456789.123456789), 1.5])
        #expect(ours.value[0]?.doubleValue?.isNaN == false)
        // The tree path cannot know the text: it refuses the integer, and
        // its Decimal is the nearest Double's, as its documentation says.
        let tree = try JSONValue(parsing: data)
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Amounts.self, from: tree) }
        #expect(try JSONValueDecoder().decode(Decimal.self, from: tree["decimal"]!) != ours.decimal)
    }

    @Test(
        "integers beyond Int: exact where they fit, an error where they do not",
        arguments: [
            ("18446744073709551615", UInt64.max as UInt64?),
            ("9223372036854775808", 9_223_372_036_854_775_808),
            ("1.0e19", 10_000_000_000_000_000_000),
            ("18446744073709551616", nil),
            ("9223372036854775808.5", nil),
        ])
    func unsignedIntegers(text: String, expected: UInt64?) throws {
        let data = Data("[\(text)]".utf8)
        if let expected {
            #expect(try JSONValueDecoder().decode([UInt64].self, from: data) == [expected])
            if ToolchainFoundation.isChecked {
                #expect(try JSONDecoder().decode([UInt64].self, from: data) == [expected])
            }
        } else {
            let error = #expect(throws: DecodingError.self) { try JSONValueDecoder().decode([UInt64].self, from: data) }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("expected dataCorrupted, got \(String(describing: error))")
                return
            }
            #expect(context.codingPath.map(\.intValue) == [0])
            #expect(context.debugDescription.contains(text))
        }
        // Int64 cannot hold any of them.
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode([Int64].self, from: data) }
    }

    @Test(
        "Decimal, UInt64 and Int64 from a seeded sample of long numbers agree with JSONDecoder",
        .enabled(if: ToolchainFoundation.isChecked, ToolchainFoundation.skipReason))
    func agreesWithJSONDecoder() throws {
        var generator = SeededGenerator(seed: 0xDEC1)
        for _ in 0..<500 {
            let digits = (0..<Int.random(in: 16...30, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }
            let integer = "1" + digits.joined()
            let pointAt = Int.random(in: 1...digits.count, using: &generator)
            let fraction = String(integer.prefix(pointAt)) + "." + String(integer.dropFirst(pointAt))
            for text in [integer, "-" + fraction, fraction + "e3"] {
                let data = Data("[\(text)]".utf8)
                let ours = try JSONValueDecoder().decode([Decimal].self, from: data)
                let theirs = try JSONDecoder().decode([Decimal].self, from: data)
                #expect(ours == theirs, "\(text)")
                // An integer type gets the integer the text denotes, or an
                // error: JSONDecoder agrees, except that it truncates some
                // fractions with exponents (10589928799068.858123e3), which
                // we refuse.
                let exact = UInt64(theirs[0].description)
                let oursInteger = try? JSONValueDecoder().decode([UInt64].self, from: data)
                #expect(oursInteger == exact.map { [$0] }, "\(text)")
                if let exact {
                    #expect(try JSONDecoder().decode([UInt64].self, from: data) == [exact], "\(text)")
                }
                #expect(
                    try JSONValueDecoder().decode([Double].self, from: data)
                        == JSONValue(parsing: text).doubleValue.map { [$0] })
            }
        }
    }

    @Test("invalid JSON is dataCorrupted with the parse error's location underneath, like JSONDecoder")
    func invalidText() {
        let data = Data("{\"a\": [1, 2,]}".utf8)
        let error = #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(JSONValue.self, from: data) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted")
            return
        }
        #expect(context.codingPath.isEmpty)
        let parseError = context.underlyingError as? JSONParseError
        #expect(parseError?.location.offset == 12)
        #expect(context.debugDescription.hasPrefix("The given data was not valid JSON"))
    }

    @Test("allowsJSON5 reads comments and trailing commas, and the strict default refuses them")
    func json5() throws {
        struct Config: Codable, Equatable {
            var port: Int
            var hosts: [String]
            var ratio: Double
        }
        let data = Data("{port: 0x1F90, hosts: ['a', \"b\",], ratio: .5, // local\n}".utf8)
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Config.self, from: data) }
        var decoder = JSONValueDecoder()
        decoder.allowsJSON5 = true
        #expect(try decoder.decode(Config.self, from: data) == Config(port: 8080, hosts: ["a", "b"], ratio: 0.5))
        // Foundation's JSONDecoder reads JSON5 from macOS 12 and iOS 15 on.
        if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) {
            let foundation = JSONDecoder()
            foundation.allowsJSON5 = true
            #expect(
                try foundation.decode(Config.self, from: data) == Config(port: 8080, hosts: ["a", "b"], ratio: 0.5))
        }
        // Exact numbers in JSON5 text too, hexadecimal included.
        let amounts = Data("{decimal: 123456789.123456789, big: 0xFFFFFFFFFFFFFFFF,}".utf8)
        struct Big: Codable {
            var decimal: Decimal
            var big: UInt64
        }
        let big = try decoder.decode(Big.self, from: amounts)
        #expect(big.decimal == Decimal(string: "123456789.123456789"))
        #expect(big.big == .max)
    }

    @Test("with tolerance and a report, from Data: conversions read the number's own text")
    func deviationsFromData() throws {
        struct Model: Codable {
            var id: String
            var flag: Bool
            var amount: Decimal
        }
        var decoder = JSONValueDecoder()
        decoder.tolerance = .convertScalarTypes
        var deviations: [JSONValueDecoder.Deviation] = []
        let data = Data(
            #"{"id": 12345678901234567890123, "flag": 1.00000000000000000, "amount": "0.12345678901234567890"}"#.utf8)
        let model = try decoder.decode(Model.self, from: data, deviations: &deviations)
        #expect(model.id == "12345678901234567890123")
        #expect(model.flag == true)
        #expect(model.amount == Decimal(string: "0.12345678901234567890"))
        #expect(deviations.count == 3)
        #expect(deviations.allSatisfy { !($0.value.doubleValue?.isNaN ?? false) })
    }

    @Test("a JSONValue property keeps its subtree, with plain Doubles, at any depth")
    func subtrees() throws {
        struct Wrapper: Codable {
            var payload: JSONValue
            var other: [String: JSONValue]
        }
        let data = Data(
            #"{"payload": {"a": [[1.00000000000000000001]], "b": 2}, "other": {"x": 99999999999999999999}}"#.utf8)
        let wrapper = try JSONValueDecoder().decode(Wrapper.self, from: data)
        #expect(wrapper.payload == ["a": [[1.0]], "b": 2])
        #expect(wrapper.other == ["x": .double(1e20)])
        #expect(try JSONValueDecoder().decode(JSONValue.self, from: data) == JSONValue(parsing: data))
    }
}

@Suite("Decoding from a String")
struct DecodingFromStringTests {
    @Test("a String is JSON text, parsed as from Data")
    func text() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode([Int].self, from: "[1,2]") == [1, 2])
        let text = #"{"a": [1, 2.5, null]}"#
        #expect(try decoder.decode(JSONValue.self, from: text) == ["a": [1, 2.5, nil]])
        // A JSONValue that holds one string is still a tree.
        #expect(try decoder.decode(String.self, from: JSONValue.string("[1,2]")) == "[1,2]")
    }

    @Test("invalid text is the same located error as from Data")
    func invalid() throws {
        let decoder = JSONValueDecoder()
        let error = #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: "[1,") }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected DecodingError.dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(
            context.underlyingError as? JSONParseError
                == JSONParseError(.unexpectedEndOfInput, at: .init(line: 1, column: 4, offset: 3)))
    }
}
