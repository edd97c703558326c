import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Codable conformance")
struct JSONValueCodableTests {
    func decode(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    @Test(
        "JSONDecoder: each kind decodes to its own case",
        arguments: [
            ("true", JSONValue.bool(true)), ("false", .bool(false)), ("0", .int(0)), ("1", .int(1)),
            ("-7", .int(-7)), ("1.5", .double(1.5)), ("null", .null), ("\"1\"", .string("1")),
            ("\"true\"", .string("true")), ("\"null\"", .string("null")), ("[]", .array([])), ("{}", .object([:])),
            ("12345678901234567890", .double(1.2345678901234567e19)), ("9223372036854775807", .int(Int.max)),
            ("-9223372036854775808", .int(Int.min)), ("1e300", .double(1e300)), ("-0.5", .double(-0.5)),
        ]
    )
    func kinds(_ json: String, _ expected: JSONValue) throws {
        #expect(identical(try decode(json), expected), "\(json)")
    }

    @Test(
        "JSONDecoder reads 10.0 as an integer: equal by value, documented",
        .enabled(if: ToolchainFoundation.isChecked, ToolchainFoundation.skipReason))
    func integralDouble() throws {
        let value = try decode("10.0")
        #expect(identical(value, .int(10)))
        #expect(value == .double(10.0))
    }

    @Test("the ext scenario")
    func extScenario() throws {
        struct Payload: Codable, Equatable {
            var int: Int
            var string: String
            var double: Double
            var ext: JSONValue
        }
        let json = #"""
            {"int": 1234, "string": "测试", "double": 10.0002232,
             "ext": {"intExt": 456, "stringExt": "扩展", "doubleExt": 456.001, "flag": true, "none": null}}
            """#
        let payload = try JSONDecoder().decode(Payload.self, from: Data(json.utf8))
        #expect(identical(payload.ext["intExt"]!, .int(456)))
        #expect(payload.ext.stringExt?.stringValue == "扩展")
        #expect(identical(payload.ext.doubleExt!, .double(456.001)))
        #expect(identical(payload.ext.flag!, .bool(true)))
        #expect(payload.ext.none == .null)
        let again = try JSONDecoder().decode(Payload.self, from: JSONEncoder().encode(payload))
        #expect(again == payload)
    }

    @Test("keys are not converted by key strategies, as for [String: T]")
    func keyStrategies() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value = try decoder.decode(JSONValue.self, from: Data(#"{"int_ext": {"a_b": 1}}"#.utf8))
        #expect(value == ["int_ext": ["a_b": 1]])

        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let value2: JSONValue = ["intExt": ["aB": 1]]
        let text = String(decoding: try encoder.encode(value2), as: UTF8.self)
        #expect(text == #"{"intExt":{"aB":1}}"#)
    }

    @Test("a custom key strategy that renames every key leaves the names alone")
    func customKeyStrategyCannotRename() throws {
        struct Fixed: CodingKey {
            var stringValue: String { "same" }
            var intValue: Int? { nil }
            init() {}
            init?(stringValue: String) {}
            init?(intValue: Int) { nil }
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { _ in Fixed() }
        let text = #"[{"a": 1, "b": [true]}, {"a": 2, "b": [false], "c": {"d": null}}]"#
        let value = try decoder.decode(JSONValue.self, from: Data(text.utf8))
        #expect(value == [["a": 1, "b": [true]], ["a": 2, "b": [false], "c": ["d": nil]]])
    }

    @Test(
        "JSONDecoder reads [String: T] through Dictionary's own keys only when it converts no keys",
        .enabled(if: ToolchainFoundation.isChecked, ToolchainFoundation.skipReason),
        arguments: [true, false])
    func dictionaryKeysShowTheStrategy(convertsKeys: Bool) throws {
        // JSONValue's init(from:) reads objects through keyed containers,
        // which know each member's name, only when this holds.
        struct KeyCapture: Decodable {
            var key: (any CodingKey)?
            init(from decoder: any Decoder) throws { key = decoder.codingPath.last }
        }
        let decoder = JSONDecoder()
        if convertsKeys { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        let captured = try decoder.decode([String: KeyCapture].self, from: Data(#"{"a_b": 1}"#.utf8))
        let key = try #require(captured["a_b"]?.key)
        #expect(_KindMemo.isDictionaryKey(key) == !convertsKeys)
    }

    @Test("JSONEncoder then JSONDecoder gives back random values")
    func jsonRoundTrip() throws {
        var random = RandomJSON(seed: 42)
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for _ in 0..<3000 {
            let value = random.value()
            let back = try decoder.decode(JSONValue.self, from: encoder.encode(value))
            #expect(identicalAllowingIntegers(value, back), "\(value) came back as \(back)")
        }
    }

    @Test(
        "property lists keep Bool, Int, Double and String apart",
        arguments: [
            PropertyListDecoder.PropertyListFormat.binary, .xml,
        ])
    func propertyLists(_ format: PropertyListDecoder.PropertyListFormat) throws {
        let value: JSONValue = [
            "bools": [true, false], "ints": [0, 1, -1, .int(Int.max)], "doubles": [2.5, -0.25], "string": "1",
            "nested": ["a": [["b": true]]], "null": .null,
        ]
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        let back = try PropertyListDecoder().decode(JSONValue.self, from: encoder.encode(value))
        #expect(identical(back, value))
    }

    @Test("works with a decoder that has no nested containers")
    func minimalDecoder() throws {
        let json = #"{"a": [1, 2.5, true, "s", null, {"b": [false]}], "c": {}}"#
        let value = try JSONValue(from: MinimalDecoder(json: json))
        #expect(identical(value, try JSONValue(parsing: json)))
    }

    @Test("only DecodingError means 'try the next kind'; other errors are rethrown")
    func rethrowsForeignErrors() throws {
        #expect(throws: MinimalDecoder.Refusal()) {
            try JSONValue(from: MinimalDecoder(json: "[1]", refusesStrings: true))
        }
    }

    @Test("a value of no JSON kind is a typeMismatch with the coding path")
    func noKind() throws {
        struct Weird: Decodable {
            var value: JSONValue
        }
        // A Date through PropertyListDecoder is none of the JSON kinds.
        let data = try PropertyListEncoder().encode(["value": Date(timeIntervalSince1970: 0)])
        do {
            _ = try PropertyListDecoder().decode(Weird.self, from: data)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(JSONValue.self))
            #expect(context.codingPath.map(\.stringValue) == ["value"])
        }
    }

    @Test("a decoder it does not recognise is probed in the default order, every value afresh")
    func probeCost() throws {
        let pairs = (0..<100).map { i in "[\(Double(i) + 0.5), \(Double(i) + 0.25)]" }.joined(separator: ",")
        let decoder = try MinimalDecoder(json: "[\(pairs)]")
        _ = try JSONValue(from: decoder)
        // String, number, Boolean, array: the outer array fails 3 times,
        // each pair 3, each double once (as a string).
        #expect(decoder.counter.failures == 3 + 100 * 3 + 200)

        let mixed = try MinimalDecoder(json: #"[{"s": "x", "i": 1, "d": 1.5, "b": true, "n": null}]"#)
        _ = try JSONValue(from: mixed)
        // The outer array fails 3 times (string, number, bool), its first
        // element, an object, 4; then per member: string 0, int 1, double 1,
        // bool 2, null 0.
        #expect(mixed.counter.failures == 3 + 4 + 1 + 1 + 2)
    }

    @Test("with a decoder that reads one value as two kinds, what came before never changes the result")
    func probeOrderIsFixed() throws {
        let text = #"[1, "5", {"a": 1}, {"a": "5"}, [1.5, "2"]]"#
        let decoded = try JSONValue(from: MinimalDecoder(json: text, readsNumbersFromStrings: true))
        #expect(decoded == [1, "5", ["a": 1], ["a": "5"], [1.5, "2"]])
    }

    @Test("through JSONDecoder, hints from earlier values keep a string that also reads as a double a string")
    func hintsKeepNonConformingStrings() throws {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let text = #"[1.5, "inf", {"a": 2.5}, {"a": "nan"}, {"a": [0.5, "-inf"]}, {"a": ["-inf"]}]"#
        let decoded = try decoder.decode(JSONValue.self, from: Data(text.utf8))
        #expect(decoded == [1.5, "inf", ["a": 2.5], ["a": "nan"], ["a": [0.5, "-inf"]], ["a": ["-inf"]]])
        #expect(decoded == (try JSONValue(parsing: text)))
    }

    @Test("encoding a non-finite double through JSONEncoder throws")
    func nonFiniteEncoding() {
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(JSONValue.array([.double(.nan)]))
        }
    }
}

/// `identical`, except that an integral double may come back as an int:
/// JSONEncoder writes it in its shortest form (`7.184113548057209e+18`) and
/// JSONDecoder reads that text as the integer it denotes, which rounds back to
/// the same double.
func identicalAllowingIntegers(_ original: JSONValue, _ back: JSONValue) -> Bool {
    switch (original, back) {
    case (.double(let d), .int(let i)): return d.rounded() == d && Double(i) == d
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy(identicalAllowingIntegers)
    case (.object(let a), .object(let b)):
        return a.count == b.count
            && a.allSatisfy { key, value in b[key].map { identicalAllowingIntegers(value, $0) } ?? false }
    default: return identical(original, back)
    }
}
