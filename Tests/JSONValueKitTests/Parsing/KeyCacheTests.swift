import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The parser shares long member names between objects through
/// `_KeyCache`; sharing must never change a name, skip a UTF-8 check or
/// mix up names that share a slot.
@Suite("Parser key cache")
struct KeyCacheTests {
    /// Names of 16 bytes or more that agree in their length and their first
    /// and last eight bytes, so they fall in one slot and take turns in it.
    static let slotMates = (0..<6).map { "prefix__\($0)_of_a_long_name___suffix__" }

    @Test("names that share a slot keep their own values, object after object")
    func slotMatesStayApart() throws {
        var objects: [String] = []
        for round in 0..<20 {
            // A different order each round, so every name meets a slot
            // holding another.
            let members = Self.slotMates.indices.map { index in
                let name = Self.slotMates[(index + round) % Self.slotMates.count]
                return "\"\(name)\": \((index + round) % Self.slotMates.count)"
            }
            objects.append("{" + members.joined(separator: ", ") + "}")
        }
        let parsed = try JSONValue(parsing: "[" + objects.joined(separator: ", ") + "]")
        let expected = JSONValue.object(
            JSONObject(uniqueKeysWithValues: Self.slotMates.enumerated().map { ($1, JSONValue.int($0)) }))
        #expect(parsed == .array(Array(repeating: expected, count: 20)))
    }

    @Test(
        "names around the small-string length parse alike in every object",
        arguments: [14, 15, 16, 17, 64])
    func lengthBoundary(_ length: Int) throws {
        let name = String(repeating: "k", count: length - 1) + "é"
        let other = "é" + String(repeating: "k", count: length - 1)
        let parsed = try JSONValue(parsing: #"[{"\#(name)": 1, "\#(other)": 2}, {"\#(name)": 3}, {"\#(other)": 4}]"#)
        #expect(parsed == [[name: 1, other: 2], [name: 3], [other: 4]])
    }

    /// Short names are cached by their bytes, read a word at a time where
    /// the text goes on for 16 bytes and a byte at a time near its end.
    @Test(
        "short names of every length keep their bytes, repeated, in turns and at the end of the text",
        arguments: 1...15)
    func shortNames(_ length: Int) throws {
        let name = String(repeating: "n", count: length)
        let last = String(name.dropLast()) + "m"  // differs in its last byte
        let wide = String(repeating: "é", count: length / 2) + (length % 2 == 1 ? "z" : "")  // 2-byte scalars
        let objects = [
            #"{"\#(name)": 1, "\#(last)": 2, "\#(wide)": 3}"#, #"{"\#(last)": 4, "\#(name)": 5}"#,
            #"{"\#(wide)": 6, "\#(name)": 7, "\#(last)": 8}"#, #"{"\#(name)":9}"#,
        ]
        let parsed = try JSONValue(parsing: "[" + objects.joined(separator: ",") + "]")
        let expected: JSONValue = [
            [name: 1, last: 2, wide: 3], [last: 4, name: 5], [wide: 6, name: 7, last: 8], [name: 9],
        ]
        #expect(parsed == expected)
        let keys = parsed.arrayValue?.compactMap { $0.objectValue?.keys } ?? []
        #expect(keys == [[name, last, wide], [last, name], [wide, name, last], [name]])
        // The last name ends the text: its bytes are read one at a time.
        #expect(try JSONValue(parsing: #"{"\#(name)":1,"\#(last)":2}"#) == [name: 1, last: 2])
    }

    @Test("seeded random short names, many sharing slots, keep their bytes in every object")
    func randomShortNames() throws {
        var generator = SeededGenerator(seed: 15)
        let alphabet = Array("abcxyz_0é\u{301}ю")
        // Half of them share their first eight bytes: 300 of those fill the
        // 256 slots, so some that differ only after the eighth byte meet.
        let names = (0..<600).map { index in
            let length = Int.random(in: 1...7, using: &generator)
            let tail = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            return index % 2 == 0 ? tail : "shared__" + tail
        }
        var objects: [[String]] = []
        for _ in 0..<2000 {
            var picked: [String] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let name = names.randomElement(using: &generator)!
                if !picked.contains(where: { $0.utf8.elementsEqual(name.utf8) }) { picked.append(name) }
            }
            objects.append(picked)
        }
        let members = objects.map { "{" + $0.map { "\"\($0)\": 0" }.joined(separator: ",") + "}" }
        let text = "[" + members.joined(separator: ",") + "]"
        let parsed = try #require(try JSONValue(parsing: text).arrayValue)
        for (object, names) in zip(parsed, objects) {
            let keys = object.objectValue?.keys ?? []
            #expect(keys.count == names.count && zip(keys, names).allSatisfy { $0.utf8.elementsEqual($1.utf8) })
        }
    }

    @Test("invalid UTF-8 in a short name is refused after a valid name of the same length")
    func invalidUTF8InShortName() throws {
        let valid = Array("[{\"éé\": 1}, {\"".utf8)
        let invalid: [UInt8] = [0xC3, 0xA9, 0xC3, 0x28]  // é, then a lead byte without its continuation
        let text = valid + invalid + Array("\": 2}]".utf8)
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: Data(text)) }
        #expect(error.kind == .invalidUTF8)
        // Where the name alone, with nothing cached, is refused.
        let alone = Array("[{\"".utf8) + invalid + Array("\": 2}]".utf8)
        let aloneError = try #require(throws: JSONParseError.self) { try JSONValue(parsing: Data(alone)) }
        #expect(error.location.offset - valid.count == aloneError.location.offset - 3)
    }

    @Test("a name with escapes equals the same name without, before and after it")
    func escapedNames() throws {
        let parsed = try JSONValue(
            parsing: #"[{"a_long_member_name": 1}, {"a_long_member_nam\u0065": 2}, {"a_long_member_name": 3}]"#)
        #expect(parsed == [["a_long_member_name": 1], ["a_long_member_name": 2], ["a_long_member_name": 3]])
    }

    @Test("invalid UTF-8 in a long name is refused after a valid name that shares its slot")
    func invalidUTF8AfterCachedName() throws {
        let valid = Array("[{\"é_a_long_member_name_é\": 1}, {\"".utf8)
        // The same length, first and last eight bytes, with a lone
        // continuation byte in the middle.
        var invalid = Array("é_a_long_member_name_é".utf8)
        invalid[10] = 0x80
        let text = valid + invalid + Array("\": 2}]".utf8)
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: Data(text)) }
        #expect(error.kind == .invalidUTF8)
        #expect(error.location.offset == valid.count + 10)
    }

    @Test("seeded documents of records with long, similar names parse to what was written", arguments: 0..<4)
    func seededRecords(_ seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let names =
            Self.slotMates + (0..<40).map { "member_\($0)_" + String(repeating: "ü", count: $0 % 9) + "_name" }
        for _ in 0..<25 {
            let records: [JSONValue] = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
                var record: JSONObject = [:]
                for _ in 0..<Int.random(in: 0...12, using: &generator) {
                    let name = names.randomElement(using: &generator)!
                    record[name] = .int(Int.random(in: -1000...1000, using: &generator))
                }
                return .object(record)
            }
            let value = JSONValue.array(records)
            #expect(try JSONValue(parsing: value.jsonData()) == value)
        }
    }
}
