import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Numbers that must not change, `nil` against `null`, and the smaller
/// fidelity promises, each pinned where it could regress.
@Suite("Fidelity")
struct FidelityTests {
    struct Optionals: Codable, Equatable {
        var extra: JSONValue?
    }

    @Test("nil literals: Optional.none where JSONValue? is expected, .null where JSONValue is")
    func nilVersusNull() throws {
        let flag = Bool.random()
        let value: JSONValue = 1
        let literal: JSONValue = nil
        let none: JSONValue? = nil
        let conditional: JSONValue? = flag ? nil : value
        let explicit: JSONValue? = flag ? Optional<JSONValue>.none : value
        #expect(literal == .null)
        #expect(none == Optional<JSONValue>.none)
        #expect(conditional == (flag ? .some(.null) : .some(value)))
        #expect(explicit == (flag ? Optional<JSONValue>.none : .some(value)))
        var object: JSONValue = ["a": 1]
        object["a"] = nil
        #expect(object == [:])
        object["b"] = .null
        #expect(object == ["b": nil])
    }

    @Test("a JSONValue? property: missing is nil; null is .null with JSONValueDecoder")
    func optionalProperty() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Optionals.self, from: [:]) == Optionals(extra: Optional<JSONValue>.none))
        #expect(try decoder.decode(Optionals.self, from: ["extra": nil]).extra == .some(.null))
        #expect(try decoder.decode(Optionals.self, from: ["extra": 1]).extra == .some(1))
        // From bytes too, and in arrays and dictionaries of JSONValue?.
        let data = Data(#"{"extra": null}"#.utf8)
        #expect(try decoder.decode(Optionals.self, from: data).extra == .some(.null))
        #expect(try decoder.decode(Optionals.self, from: Data("{}".utf8)).extra == Optional<JSONValue>.none)
        #expect(try decoder.decode([JSONValue?].self, from: Data("[null, 1]".utf8)) == [.some(.null), .some(1)])
        #expect(try decoder.decode([String: JSONValue?].self, from: ["a": nil]) == ["a": .some(.null)])
        #expect(try decoder.decode(JSONValue?.self, from: .null) == .some(.null))
        // Tolerance does not change it.
        var lenient = decoder
        lenient.tolerance = .lenient
        #expect(try lenient.decode(Optionals.self, from: ["extra": nil]).extra == .some(.null))
        // Other optionals still read null as nil.
        #expect(try decoder.decode([Int?].self, from: [nil, 1]) == [nil, 1])
        // JSONDecoder's decodeIfPresent reads null as nil for every optional,
        // JSONValue? included: the documented difference.
        let viaFoundation = try JSONDecoder().decode(Optionals.self, from: data)
        #expect(viaFoundation.extra == Optional<JSONValue>.none)
    }

    struct Unsigned: Codable, Equatable {
        var u: UInt64
    }

    @Test("the tree decoder refuses integers it may have rounded; JSONDecoder's exact answer is not guessed")
    func largeUnsigned() throws {
        let text = #"{"u": 9223372036854775809}"#
        #expect(try JSONDecoder().decode(Unsigned.self, from: Data(text.utf8)).u == 9_223_372_036_854_775_809)
        let tree = try JSONValue(parsing: text)
        #expect {
            try JSONValueDecoder().decode(Unsigned.self, from: tree)
        } throws: { error in
            guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["u"]
        }
        // Up to 2^53 every integer is exact, so decoding goes on as before.
        #expect(try JSONValueDecoder().decode(Unsigned.self, from: ["u": .double(0x1p53)]).u == 1 << 53)
    }

    @Test(
        "the tree encoder refuses integers beyond Int, which would not decode back",
        arguments: [UInt64.max, (1 << 63) + 1, 1 << 63] as [UInt64])
    func encoderRefusesInexact(_ value: UInt64) throws {
        #expect {
            try JSONValueEncoder().encode(Unsigned(u: value))
        } throws: { error in
            guard case .invalidValue(_, let context) = error as? EncodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["u"]
        }
        // The decoder refuses to read an integer back from a double beyond
        // 2^53, so the encoder refuses even 2^63, which a Double holds.
        let exact = Unsigned(u: 1 << 53)
        #expect(try JSONValueDecoder().decode(Unsigned.self, from: JSONValueEncoder().encode(exact)) == exact)
    }

    @Test("Decimals: exact ones encode, longer ones are refused")
    func decimals() throws {
        #expect(try JSONValueEncoder().encode(Decimal(string: "12.5")!) == .double(12.5))
        #expect(try JSONValueEncoder().encode(Decimal(string: "0.1")!) == .double(0.1))
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Decimal(string: "123456789.123456789")!) }
    }

    @Test("a Float NSNumber bridges like a Float")
    func floatNumber() throws {
        #expect(try JSONValue(any: Float(0.1)).doubleValue == 0.1)
        #expect(try JSONValue(any: Float(1.5e-45)).doubleValue == Double("\(Float(1.5e-45))"))
        #if FullFoundation
        #expect(try JSONValue(any: NSNumber(value: Float(0.1))).doubleValue == 0.1)
        #expect(try JSONValue(any: NSNumber(value: Float(1.5e-45))).doubleValue == Double("\(Float(1.5e-45))"))
        #endif
    }

    @Test("anyValue passes a non-finite double through, and JSONSerialization refuses it as documented")
    func nonFiniteAnyValue() throws {
        let any = JSONValue.array([.double(.nan)]).anyValue
        let double = try #require((any as? [Any])?.first as? Double)
        #expect(double.isNaN)
        #if FullFoundation
        #expect(!JSONSerialization.isValidJSONObject(any))
        #endif
        #expect(throws: JSONWritingError(.nonFiniteNumber(.nan), at: "/0")) {
            try JSONValue.array([.double(.nan)]).jsonData()
        }
    }

    @Test("text parsed with a raised depth limit is written back with the same limit")
    func writingDepth() throws {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let value = try JSONValue(parsing: text, options: .init(maximumNestingDepth: 600))
        #expect(try value.jsonString(maximumNestingDepth: 600) == text)
        #expect(
            throws: JSONWritingError(
                .nestingTooDeep(limit: 512), at: JSONPointer(tokens: Array(repeating: "0", count: 512)))
        ) {
            try value.jsonString()
        }
        #expect(throws: JSONWritingError(.nestingTooDeep(limit: 2), at: "/a/0")) {
            let value: JSONValue = ["a": [[1]]]
            return try value.jsonString(maximumNestingDepth: 2)
        }
    }

    @Test("writing errors deeper than the recursive levels still name their path")
    func deepWritingPath() throws {
        var value: JSONValue = .double(.infinity)
        for level in 0..<40 { value = level % 2 == 0 ? [1, value] : ["k": value, "a": 1] }
        var expected = JSONPointer.root
        for level in (0..<40).reversed() { expected = expected.appending(level % 2 == 0 ? "1" : "k") }
        for options: JSONValue.WritingOptions in [[], .sortedKeys, .prettyPrinted] {
            #expect(throws: JSONWritingError(.nonFiniteNumber(.infinity), at: expected)) {
                try value.jsonString(options: options)
            }
        }
        #expect(value.description.contains("Infinity") && !value.description.contains("null"))
    }

    @Test("duplicate keys: the parser keeps the last, JSONDecoder keeps the first")
    func duplicateKeys() throws {
        let text = #"{"a": 1, "a": 2}"#
        #expect(try JSONValue(parsing: text) == ["a": 2])
        if ToolchainFoundation.isChecked {
            #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == ["a": 1])
        }
    }

    @Test("a bridging failure inside an encoder reads as one sentence")
    func bridgingErrorMessage() throws {
        struct Legacy: Encodable {
            var ext: [String: Any]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: _AnyCodingKey.self)
                try container.encode(ext, forKey: _AnyCodingKey("ext"))
            }
        }
        // From the error's context, not from `"\(error)"`, which the
        // standard library writes only from macOS and iOS 26.4 on (and as a
        // dump of the enumeration before).
        let error = #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(Legacy(ext: ["when": Date()]))
        }
        guard case .invalidValue(_, let context)? = error else {
            Issue.record("expected EncodingError.invalidValue, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["ext"])
        #expect(context.debugDescription == "Cannot represent a value of type Date as JSON at /when.")
        #expect(
            context.underlyingError as? JSONBridgingError == JSONBridgingError(.unsupportedType("Date"), at: "/when"))
        #expect(_errorText(error!) == "at ext: Cannot represent a value of type Date as JSON at /when.")
    }
}
