import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a keyed container says about a member that is null, present or
/// missing, asked each way a `Decodable` can ask, as `JSONDecoder` says it.
@Suite("Keyed containers: null, present and missing members")
struct KeyedDecodingTests {
    /// Asks about the member `a` in every way, and writes down the answers.
    struct Probe: Decodable, Equatable {
        var contains: Bool
        var isNil: String
        var ifPresent: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: _AnyCodingKey.self)
            let key = _AnyCodingKey("a")
            contains = container.contains(key)
            do {
                isNil = try container.decodeNil(forKey: key) ? "null" : "not null"
            } catch DecodingError.keyNotFound(let missing, _) {
                isNil = "keyNotFound(\(missing.stringValue))"
            }
            ifPresent = try container.decodeIfPresent(Int.self, forKey: key)
        }

        init(contains: Bool, isNil: String, ifPresent: Int?) {
            self.contains = contains
            self.isNil = isNil
            self.ifPresent = ifPresent
        }
    }

    @Test(
        "decodeNil(forKey:) is true for null, false for a value, and keyNotFound for a missing member",
        arguments: [
            (#"{"a": null}"#, Probe(contains: true, isNil: "null", ifPresent: nil)),
            (#"{"a": 1}"#, Probe(contains: true, isNil: "not null", ifPresent: 1)),
            (#"{"b": 1}"#, Probe(contains: false, isNil: "keyNotFound(a)", ifPresent: nil)),
            (#"{}"#, Probe(contains: false, isNil: "keyNotFound(a)", ifPresent: nil)),
        ])
    func members(_ text: String, _ expected: Probe) throws {
        let tree = try JSONValue(parsing: text)
        #expect(try JSONValueDecoder().decode(Probe.self, from: tree) == expected)
        #expect(try JSONValueDecoder().decode(Probe.self, from: Data(text.utf8)) == expected)
        if ToolchainFoundation.isChecked {
            #expect(try JSONDecoder().decode(Probe.self, from: Data(text.utf8)) == expected, "JSONDecoder")
        }
    }
}
