import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `JSONValueDecoder.decode(_:from: Data)` reads a tape (`_TapeDecoder`)
/// where it read a tree: each test decodes the same bytes both ways and
/// expects the same value or the same error, message and all (see
/// `expectBytesDecodeAsTree`, which every parity test also runs).
@Suite("JSONValueDecoder from bytes: the tape against the tree")
struct TapeDecoderTests {
    struct Pair: Codable, Equatable {
        var a: Int
        var b: String?
    }

    struct Snake: Codable, Equatable {
        var aB: Int?
        var firstName: String?
        var id: Int?
    }

    struct Reversed: Codable, Equatable {
        var z: Int
        var y: [Int]
        var x: String?
        var w: Bool?
        var v: Double
    }

    static func snakeCase() -> JSONValueDecoder {
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    @Test(
        "repeated names: the last value counts, at the first name's place",
        arguments: [
            #"{"a": 1, "a": 2}"#, #"{"a": 1, "b": "x", "a": 3, "b": "y"}"#, #"{"a": "x", "a": 1}"#,
            #"{"a": 1, "a": "x"}"#, #"{"b": null, "a": 1, "b": "z", "c": [], "c": {}}"#,
        ])
    func repeatedNames(_ json: String) {
        let data = Data(json.utf8)
        expectBytesDecodeAsTree(Pair.self, data, JSONValueDecoder())
        expectBytesDecodeAsTree([String: Int].self, data, JSONValueDecoder())
        expectBytesDecodeAsTree([String: JSONValue].self, data, JSONValueDecoder())
        expectBytesDecodeAsTree(JSONValue.self, data, JSONValueDecoder())
    }

    @Test(
        "snake case: names that convert alike, and repeated names, as a tree has them",
        arguments: [
            #"{"a_b": 1, "aB": 2}"#, #"{"aB": 2, "a_b": 1}"#, #"{"a_b": 1, "aB": 3, "a_b": 2}"#,
            #"{"first_name": "x", "firstName": "y", "first__name": "z"}"#, #"{"ID": 1, "id": 2, "i_d": 3}"#,
            #"{"_a_b_": 1, "a_b": 2}"#, #"{"é_à": 1, "éÀ": 2, "a_b": 3}"#, #"{"a_b": "x", "aB": 2}"#,
            #"{"a_b": 1, "a_b": "x"}"#,
        ])
    func snakeCaseNames(_ json: String) {
        let data = Data(json.utf8)
        expectBytesDecodeAsTree(Snake.self, data, Self.snakeCase())
        expectBytesDecodeAsTree([String: JSONValue].self, data, Self.snakeCase())
        expectBytesDecodeAsTree(KeyList.self, data, Self.snakeCase())
        expectBytesDecodeAsTree(KeyList.self, data, JSONValueDecoder())
    }

    @Test(
        "members asked for in any order, missing or null",
        arguments: [
            #"{"v": 1.5, "w": true, "x": "s", "y": [1, 2], "z": 3}"#,
            #"{"z": 3, "y": [], "v": 2}"#,
            #"{"y": [1], "z": 3, "x": null, "w": null, "v": 0}"#,
            #"{"z": 3, "y": [1], "v": 0, "extra": {"deep": [1, {"a": 2}]}, "x": "end"}"#,
            #"{"z": 3, "v": 0}"#,
            #"{"z": "3", "y": [1], "v": 0}"#,
            #"{"z": 3, "y": [1, "2"], "v": 0}"#,
            #"{"z": 3, "y": [1], "v": "0"}"#,
            #"{"z": 3, "y": null, "v": 0}"#,
            #"[]"#, #"null"#, #"3"#,
        ])
    func memberOrder(_ json: String) {
        let data = Data(json.utf8)
        expectBytesDecodeAsTree(Reversed.self, data, JSONValueDecoder())
        expectBytesDecodeAsTree([Reversed].self, Data("[\(json), \(json)]".utf8), JSONValueDecoder())
        expectBytesDecodeAsTree([String: Reversed].self, Data(#"{"k": \#(json)}"#.utf8), JSONValueDecoder())
    }

    @Test("large objects, with and without a repeated name", arguments: [9, 17, 100, 257, 1000])
    func largeObjects(_ count: Int) {
        let members = (0..<count).map { #""k\#($0)": \#($0)"# }
        let unique = Data("{\(members.joined(separator: ", ")), \"a\": 7}".utf8)
        let repeated = Data("{\(members.joined(separator: ", ")), \"a\": 7, \"k0\": -1, \"a\": 8}".utf8)
        for data in [unique, repeated] {
            expectBytesDecodeAsTree(LargeKeys.self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([String: Int].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree(KeyList.self, data, JSONValueDecoder())
            expectBytesDecodeAsTree(LargeKeys.self, data, Self.snakeCase())
        }
    }

    /// Lookups without conversion turn names away by their length, the
    /// name entry's payload, then compare the first eight bytes as a word
    /// (read in pieces for a shorter name): names of every length up to 17,
    /// escaped ones (whose length is their decoded bytes'), and near misses
    /// of the same length.
    @Test("names found by their length and bytes: every length, escapes, near misses")
    func namesByLength() throws {
        // Escaped names, whose entries' lengths are their decoded bytes'.
        let members =
            [#""x\u0061b": 100"#, #""mnop\u0071rstu": 101"#]
            + Lookups.lengths.enumerated().map { #""\#($1)": \#($0)"# }.reversed()
        let unique = Data(("{" + members.joined(separator: ", ") + "}").utf8)
        var expected: [String: Int] = [:]
        for (number, name) in Lookups.lengths.enumerated() { expected[name] = number }
        expected["xab"] = 100
        expected["mnopqrstu"] = 101
        #expect(try JSONValueDecoder().decode(Lookups.self, from: unique).values == expected)
        // A repeated name, escaped: its last value counts.
        let repeated = Data(("{" + (members + [#""\u0061\u0062c\u0064": 102"#]).joined(separator: ", ") + "}").utf8)
        expected["abcd"] = 102
        #expect(try JSONValueDecoder().decode(Lookups.self, from: repeated).values == expected)
        for data in [unique, repeated] {
            expectBytesDecodeAsTree(Lookups.self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([String: Int].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree(KeyList.self, data, JSONValueDecoder())
        }
    }

    /// The check for repeated names in objects of 17 to 256 members reuses
    /// one table, whose slots of earlier objects count as empty.
    @Test("objects of 17 to 256 members one after another, some with a repeated name")
    func largeObjectsInSequence() throws {
        func object(_ count: Int, repeatAt: Int?) -> String {
            var members = (0..<count).map { #""k\#($0)": \#($0)"# }
            members.append(#""a": 7"#)
            if let repeatAt { members.insert(#""a": \#(repeatAt)"#, at: repeatAt) }
            return "{" + members.joined(separator: ", ") + "}"
        }
        let shapes: [(Int, Int?)] = [
            (20, nil), (20, 5), (40, nil), (200, nil), (200, 150), (20, nil), (17, 3), (17, nil),
        ]
        let data = Data(("[" + shapes.map { object($0.0, repeatAt: $0.1) }.joined(separator: ", ") + "]").utf8)
        let decoded = try JSONValueDecoder().decode([LargeKeys].self, from: data)
        // A repeated "a" inserted before the last one: the last value, 7, counts.
        #expect(decoded.map(\.a) == Array(repeating: 7, count: shapes.count))
        let reversed = Data(
            ("["
                + shapes.map {
                    // "a" first as well: `{"a": 1, "k0": 0, …, "a": 7}`.
                    #"{"a": 1, "# + object($0.0, repeatAt: nil).dropFirst()
                }
                .joined(separator: ", ") + "]").utf8)
        #expect(
            try JSONValueDecoder().decode([LargeKeys].self, from: reversed).map(\.a)
                == Array(repeating: 7, count: shapes.count))
        expectBytesDecodeAsTree([LargeKeys].self, data, JSONValueDecoder())
        expectBytesDecodeAsTree([KeyList].self, data, JSONValueDecoder())
        expectBytesDecodeAsTree([[String: Int]].self, data, JSONValueDecoder())
    }

    /// `allKeys` takes the strings of names from a memo by fingerprint (the
    /// length and the first and last eight bytes): names that share it
    /// but differ in the middle must not share a string.
    @Test("allKeys of objects whose names share fingerprints give each its own name")
    func allKeysNameStrings() throws {
        let names = [
            "abcdefgh_X_12345678", "abcdefgh_Y_12345678", "abcdefgh_XY_2345678", "short", "abcdefgh_Z_12345678",
        ]
        let objects = (0..<12).map { round in
            "{" + names.indices.map { #""\#(names[($0 + round) % names.count])": \#($0)"# }.joined(separator: ", ")
                + "}"
        }
        let data = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
        let lists = try JSONValueDecoder().decode([KeyList].self, from: data)
        for (round, list) in lists.enumerated() {
            #expect(list.keys == names.indices.map { names[($0 + round) % names.count] })
        }
        expectBytesDecodeAsTree([KeyList].self, data, JSONValueDecoder())
    }

    @Test(
        "names and strings with escapes, beyond ASCII, and compared by their scalars",
        arguments: [
            #"{"\u0061": 1, "b": "\u00e9\n\ud83d\ude00"}"#, #"{"a": 1, "b": "caf\u00e9 \"q\" \\ \/"}"#,
            #"{"é": 1, "e\u0301": 2, "a": 3, "b": "é"}"#, #"{"a\u0000b": 1, "a": 2}"#,
            #"{"a": 1, "b": "\ud800"}"#, #"{"a": 1, "b": "\u00"}"#, "{\"a\": 1, \"b\": \"\u{1}\"}",
        ])
    func escapes(_ json: String) {
        let data = Data(json.utf8)
        expectBytesDecodeAsTree(Pair.self, data, JSONValueDecoder())
        expectBytesDecodeAsTree([String: JSONValue].self, data, JSONValueDecoder())
        expectBytesDecodeAsTree(KeyList.self, data, JSONValueDecoder())
    }

    @Test(
        "text the tape does not read is read or refused as before",
        arguments: [
            "", " ", "{", #"{"a": 1,}"#, #"{"a": 01}"#, #"{"a": 1} x"#, "\u{FEFF}{\"a\": 1}", #"{'a': 1}"#,
            "[1, 2", #"{"a": 1, "b": tru}"#, "{\"a\": 1, \"b\": \"\u{FF}\"}",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
            // Names cut short, near the end or not, or with a byte a name
            // may not hold: read past their words, where most names are not.
            #"{"ab"#, #"{"abcdefghij"#, #"{"a": 1, "bc"#, #"{"abcdefgh""#, #"{"abcdefghijklmnop" 1}"#,
            "{\"a\u{1}b\": 1}", "{\"abcdefghij\tk\": 1}", #"{"abcdefghijklmnopqrstuvwx\": 1}"#,
            "{\"a\": 1, \"\u{E9}t\u{E9}\": 2}", #"{"a": 1, "": 2, "b": "x"}"#,
        ])
    func refusedText(_ json: String) {
        let data = Data(json.utf8)
        expectBytesDecodeAsTree(Pair.self, data, JSONValueDecoder())
        expectBytesDecodeAsTree(JSONValue.self, data, JSONValueDecoder())
        var json5 = JSONValueDecoder()
        json5.allowsJSON5 = true
        expectBytesDecodeAsTree(Pair.self, data, json5)
    }

    @Test("invalid UTF-8 in a name or a string is refused, not repaired")
    func invalidUTF8() {
        for bytes in [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]] as [[UInt8]] {
            let inValue = Data(#"{"a": 1, "b": ""#.utf8) + Data(bytes) + Data(#""}"#.utf8)
            let inName = Data(#"{"a": 1, ""#.utf8) + Data(bytes) + Data(#"": 2}"#.utf8)
            for data in [inValue, inName] {
                expectBytesDecodeAsTree(Pair.self, data, JSONValueDecoder())
                #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Pair.self, from: data) }
            }
        }
    }

    /// A string whose closing quote the tape's word scan finds is read
    /// inline; one with an escape or a control character, or that ends in
    /// the text's last eight bytes, on another path. Names and strings of
    /// every length up to twenty, ASCII or not, valid or not, escaped or
    /// not, followed by more or fewer bytes, must read as a parse reads
    /// them, errors with their place included.
    @Test("strings read on either of the tape's paths, up to the text's end", arguments: 0..<21)
    func stringPaths(_ length: Int) {
        let ascii = Array(repeating: UInt8(ascii: "x"), count: length)
        var contents: [[UInt8]] = [ascii]
        for at in [0, length / 2, length] {
            for insert in [
                [0xC3, 0xA9], [0xE3, 0x81, 0x82], [0xC3, 0x28], [0xE2, 0x82], [0x80], [0x5C, 0x6E], [0x09],
            ]
                as [[UInt8]]
            {
                contents.append(Array(ascii[..<at]) + insert + ascii[at...])
            }
        }
        for bytes in contents {
            for tail in [0, 1, 6, 7, 8, 9, 16] {
                let spaces = Data(repeating: UInt8(ascii: " "), count: tail)
                let inValue = Data(#"{"a": 1, "b": ""#.utf8) + Data(bytes) + Data(#"""#.utf8) + spaces + Data("}".utf8)
                let inName = Data(#"{"a": 1, ""#.utf8) + Data(bytes) + Data(#"": 2"#.utf8) + spaces + Data("}".utf8)
                let inArray = Data(#"[""#.utf8) + Data(bytes) + Data(#"""#.utf8) + spaces + Data("]".utf8)
                expectBytesDecodeAsTree(Pair.self, inValue, JSONValueDecoder())
                expectBytesDecodeAsTree(JSONValue.self, inName, JSONValueDecoder())
                expectBytesDecodeAsTree([String].self, inArray, JSONValueDecoder())
            }
        }
    }

    /// The tape starts with room for about one entry per six bytes of text
    /// and doubles it when full: texts denser than that (short numbers,
    /// empty containers, strings with escapes) grow it, some several times,
    /// while arrays and objects are open. Their entries, and each
    /// container's count and end, must be those a tree has, for every
    /// number of entries around the growth.
    @Test("texts whose entries outgrow the tape's first room read as a tree", arguments: [60, 64, 65, 200, 1000])
    func tapeGrowth(_ count: Int) {
        let numbers = (0..<count).map { "\($0 % 10)" }
        let escaped = (0..<count).map { #""\u00\#($0 % 10)1\n""# }
        let nested = (0..<count).map { $0 % 3 == 0 ? "[]" : $0 % 3 == 1 ? "[\($0 % 10)]" : "[{},[1,2]]" }
        let members = (0..<count).map { #""\#($0)":\#($0 % 10)"# }
        let escapedMembers = (0..<count).map { #""\u004\#($0 % 10)\#($0)":"\t""# }
        let texts = [
            "[" + numbers.joined(separator: ",") + "]",
            "[" + escaped.joined(separator: ",") + "]",
            "[" + nested.joined(separator: ",") + ",[" + numbers.joined(separator: ",") + "]]",
            "{" + members.joined(separator: ",") + "}",
            "[{" + escapedMembers.joined(separator: ",") + "},{" + members.joined(separator: ",") + "}]",
        ]
        for text in texts {
            let data = Data(text.utf8)
            expectBytesDecodeAsTree([JSONValue].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([String: JSONValue].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree(KeyList.self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([Int].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([String].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([[JSONValue]].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([String: String].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([[String: String]].self, data, JSONValueDecoder())
        }
        // The counts as a model sees them, apart from the tree.
        let arrays = try? JSONValueDecoder().decode([[JSONValue]].self, from: Data(texts[2].utf8))
        #expect(arrays?.map(\.count) == nested.map { $0 == "[]" ? 0 : $0.hasPrefix("[{") ? 2 : 1 } + [count])
    }

    /// The tape checks UTF-8 itself, with a quick path for valid two- and
    /// three-byte sequences; a parse for a tree lets the standard library
    /// check it. Random strings of valid sequences at the edges of their
    /// ranges and of invalid ones must be accepted or refused alike.
    @Test("strings of random UTF-8, valid or not, are accepted or refused as a parse does", arguments: 0..<4)
    func randomUTF8(_ seed: UInt64) {
        var generator = SeededGenerator(seed: 0x0B7E + seed)
        let valid: [[UInt8]] = [
            [0x61], [0xC2, 0x80], [0xDF, 0xBF], [0xC3, 0xA9], [0xE0, 0xA0, 0x80], [0xE3, 0x81, 0x82],
            [0xEC, 0xBF, 0xBF], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        let invalid: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xE3, 0x81], [0xE3, 0x41, 0x82], [0xE3, 0x81, 0xC0],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
        ]
        for round in 0..<300 {
            var pieces = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                valid.randomElement(using: &generator)!
            }
            // An invalid sequence between two characters: the string is invalid.
            let broken = round % 3 == 0
            if broken {
                let at = Int.random(in: 0...pieces.count, using: &generator)
                pieces.insert(invalid.randomElement(using: &generator)!, at: at)
            }
            let bytes = pieces.flatMap { $0 }
            let inValue = Data(#"{"a": 1, "b": ""#.utf8) + Data(bytes) + Data(#""}"#.utf8)
            let inName = Data(#"{"a": 1, ""#.utf8) + Data(bytes) + Data(#"": 2}"#.utf8)
            for data in [inValue, inName] {
                expectBytesDecodeAsTree(JSONValue.self, data, JSONValueDecoder())
                if broken {
                    #expect(throws: (any Error).self) { try JSONValueDecoder().decode(JSONValue.self, from: data) }
                } else {
                    #expect(throws: Never.self) { try JSONValueDecoder().decode(JSONValue.self, from: data) }
                }
            }
        }
    }

    @Test(
        "numbers for every type, read from their text where a Double is not enough",
        arguments: [
            "0", "-0", "1.0", "1e2", "-1.5e-3", "9007199254740993", "18446744073709551615", "-9223372036854775809",
            "123456789.123456789", "0.30000000000000004441", "1.00000005960464477539062500000001", "1e400", "1e-400",
            "3.4028235677973366e38", "0.000000000000000000000000000000000000000000001", "12345678901234567890e-5",
            "100000000000000000000000", "4.9e-324",
        ])
    func numbers(_ text: String) {
        let data = Data("[\(text)]".utf8)
        let decoder = JSONValueDecoder()
        expectBytesDecodeAsTree([Int].self, data, decoder)
        expectBytesDecodeAsTree([Int8].self, data, decoder)
        expectBytesDecodeAsTree([UInt64].self, data, decoder)
        expectBytesDecodeAsTree([Int64].self, data, decoder)
        expectBytesDecodeAsTree([Double].self, data, decoder)
        expectBytesDecodeAsTree([Float].self, data, decoder)
        expectBytesDecodeAsTree([Decimal].self, data, decoder)
        expectBytesDecodeAsTree([JSONValue].self, data, decoder)
        expectBytesDecodeAsTree(Numbers.self, Data(#"{"i": \#(text), "f": \#(text), "d": \#(text)}"#.utf8), decoder)
    }

    @Test("a MappedCodingKey reads its paths from bytes, numbers exact")
    func mappedKeys() throws {
        let json = #"{"outer": {"n": 18446744073709551615, "deep": {"amount": 123456789.123456789}}}"#
        let data = Data(json.utf8)
        expectBytesDecodeAsTree(MappedOuter.self, data, JSONValueDecoder())
        let decoded = try JSONValueDecoder().decode(MappedOuter.self, from: data)
        #expect(decoded.outer.count == UInt64.max)
        #expect(decoded.outer.amount == Decimal(string: "123456789.123456789"))
        expectBytesDecodeAsTree(MappedOuter.self, Data(#"{"outer": {"n": "x"}}"#.utf8), JSONValueDecoder())
    }

    @Test("superDecoder for a missing key decodes null, with the key in its path")
    func superDecoders() {
        expectBytesDecodeAsTree(Super.self, Data(#"{"a": 1}"#.utf8), JSONValueDecoder())
        expectBytesDecodeAsTree(Super.self, Data(#"{"a": 1, "super": 2, "base": 3}"#.utf8), JSONValueDecoder())
    }

    /// A decoder keeps its keyed containers for the next value: one that a
    /// type keeps must go on reading its own object, and the others must be
    /// handed out again only when nothing holds them.
    @Test("keyed containers that a type keeps stay right after their siblings decode")
    func keptContainers() throws {
        let json = #"[{"a": 1, "b": 10}, {"a": 2, "b": 20}, {"a": 3, "b": 30}, {"a": 4, "b": 40}, {"a": 5}]"#
        let decoded = try JSONValueDecoder().decode([KeepsContainers].self, from: Data(json.utf8))
        #expect(decoded.map(\.a) == [1, 2, 3, 4, 5])
        for (index, item) in decoded.enumerated() {
            #expect((item.kept != nil) == (item.a % 2 == 0))
            guard let kept = item.kept else { continue }
            #expect(try kept.decode(Int.self, forKey: _AnyCodingKey("a")) == item.a)
            #expect(try kept.decode(Int.self, forKey: _AnyCodingKey("b")) == item.a * 10)
            #expect(kept.allKeys.map(\.stringValue) == ["a", "b"])
            #expect(Outcome<String>.path(kept.codingPath) == ["Index \(index)#\(index)"])
        }
        expectBytesDecodeAsTree([KeepsContainers].self, Data(json.utf8), JSONValueDecoder())
    }

    /// A decoder remembers the names of a few objects it checked for
    /// repeats, and the keys that `allKeys` made for them: an object with
    /// the same names in the same order takes both. Objects here change
    /// their names from one element to the next: a name at the end, the
    /// order, a repeat, an escape spelling the same bytes, names that
    /// differ past their first eight bytes, more and fewer members, and
    /// more shapes than a decoder remembers. Objects of up to four names
    /// without conversion are checked directly: four more names at the
    /// start make them use the memo.
    /// A decoder remembers where each lookup of an object found its name,
    /// and tries that member first in the next object with the same names:
    /// here a model asks for members in another order than the text's,
    /// over objects that keep their names, change their order, swap two
    /// names of the same length (the remembered member then has another
    /// name of the right length), add, drop or repeat a name, spell one
    /// with an escape, and come back to an earlier shape. The model asks
    /// for them in one order or the reverse, as its member `k` says, so
    /// that a lookup of the same number asks for another name than in the
    /// object before, whose member has a name of the same length.
    @Test("lookups in another order than the text find each object's own members")
    func lookupsRememberedPerShape() throws {
        let shapes: [[String]] = [
            ["k", "a", "b", "cc", "dd", "e", "f", "g"], ["k", "a", "b", "cc", "dd", "e", "f", "g"],
            ["k", "a", "b", "cc", "dd", "e", "f", "g"], ["k", "g", "f", "e", "dd", "cc", "b", "a"],
            ["k", "a", "b", "cc", "dd", "e", "f", "g"], ["k", "a", "b", "cc", "dd", "e", "f", "g", "x"],
            ["k", "a", "b", "dd", "cc", "e", "f", "g"], ["k", "a", "b", "cc", "dd", "e", "g"],
            ["k", "a", "b", "cc", "dd", "e", "f", "g", "a"], ["k", "a", "b", "cc", "dd", "e", "f", "g"],
            ["k", #"\u0061"#, "b", "cc", "dd", "e", "f", "g"], ["x", "k", "a", "b", "cc", "dd", "e", "f", "g"],
            ["k", "a", "b", "dd", "cc", "e", "f", "g"], ["k", "a", "b", "dd", "cc", "e", "f", "g"],
            ["k", "a", "b", "cc", "dd", "e", "f", "g"], ["k", "a", "b", "cc", "dd", "e", "f", "g"],
        ]
        var next = 0
        var expected: [[String: Int]] = []
        var objects: [String] = []
        // With conversion, the same objects, with names that convert.
        var snakeObjects: [String] = []
        let snakeNames = ["cc": "x_y", "dd": "y_x"]
        for (number, names) in shapes.enumerated() {
            var members: [String] = []
            var snakeMembers: [String] = []
            var values: [String: Int] = [:]
            for name in names {
                next += 1
                // `k` even and odd in turn.
                let value = name == "k" ? number : next
                members.append("\"\(name)\": \(value)")
                snakeMembers.append("\"\(snakeNames[name] ?? name)\": \(value)")
                values[name == #"\u0061"# ? "a" : name] = value
            }
            objects.append("{" + members.joined(separator: ", ") + "}")
            snakeObjects.append("{" + snakeMembers.joined(separator: ", ") + "}")
            expected.append(values.filter { Scrambled.names.contains($0.key) })
        }
        let data = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
        #expect(try JSONValueDecoder().decode([Scrambled].self, from: data).map(\.values) == expected)
        expectBytesDecodeAsTree([Scrambled].self, data, JSONValueDecoder())
        let snake = Data(("[" + snakeObjects.joined(separator: ", ") + "]").utf8)
        let converted = expected.map { values in
            Dictionary(
                uniqueKeysWithValues: values.map { ($0.key == "cc" ? "xY" : $0.key == "dd" ? "yX" : $0.key, $0.value) })
        }
        #expect(try Self.snakeCase().decode([Scrambled].self, from: snake).map(\.values) == converted)
        expectBytesDecodeAsTree([Scrambled].self, snake, Self.snakeCase())
        expectBytesDecodeAsTree([KeyList].self, snake, Self.snakeCase())
    }

    @Test(
        "objects whose names change from one element to the next decode each with its own names",
        arguments: ["", #""p": 0, "q": 0, "r": 0, "s": 0, "#])
    func shapesInSequence(_ padding: String) throws {
        let bodies = [
            #""a": 1, "b": 2}"#, #""a": 3, "b": 4}"#, #""a": 5, "c": 6}"#, #""b": 7, "a": 8}"#,
            #""a": 9, "a": 10}"#, #""\u0061": 11, "b": 12}"#, #""a": 13, "b": 14, "c": 15}"#, #""a": 16}"#,
            #""abcdefghX": 17, "b": 18}"#, #""abcdefghY": 19, "b": 20}"#, #""abcdefgh": 21, "b": 22}"#,
            #""a": 23, "b": 24}"#, #""a": 25, "b": 26, "a": 27}"#, #""a": 28, "b": 29, "c": 30}"#,
            #""a": 31, "b": 32}"#,
        ]
        let padded: [String] = padding.isEmpty ? [] : ["p", "q", "r", "s"]
        let zeros = padded.map { _ in JSONValue.int(0) }
        let objects = bodies.map { "{" + padding + $0 }
        let data = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
        let lists = try JSONValueDecoder().decode([KeyList].self, from: data)
        #expect(
            lists.map(\.keys)
                == [
                    ["a", "b"], ["a", "b"], ["a", "c"], ["b", "a"], ["a"], ["a", "b"], ["a", "b", "c"], ["a"],
                    ["abcdefghX", "b"], ["abcdefghY", "b"], ["abcdefgh", "b"], ["a", "b"], ["a", "b"],
                    ["a", "b", "c"], ["a", "b"],
                ].map { padded + $0 })
        // A repeated name's last value counts, in an object with the
        // number of members of the one before.
        #expect(lists[4].values == zeros + [10])
        #expect(lists[12].values == zeros + [27, 26])
        let pairs = try JSONValueDecoder().decode(
            [Pair?].self, from: Data(("[{" + padding + #""a": 1, "b": "x"}, {"# + padding + #""a": 1, "a": 2}]"#).utf8))
        #expect(pairs.map { $0?.a } == [1, 2])
        // Objects with the same repeated names, one after another.
        let repeats = Data(
            ("["
                + [
                    #""a": 1, "a": 2}"#, #""a": 3, "a": 4}"#, #""a": 5, "b": "x", "a": 6}"#,
                    #""a": 7, "b": "y", "a": 8}"#,
                ]
                .map { "{" + padding + $0 }.joined(separator: ", ") + "]").utf8)
        #expect(try JSONValueDecoder().decode([Pair].self, from: repeats).map(\.a) == [2, 4, 6, 8])
        expectBytesDecodeAsTree([Pair].self, repeats, JSONValueDecoder())
        expectBytesDecodeAsTree([KeyList].self, repeats, JSONValueDecoder())
        // Two key types for the same names, in turn.
        let twice = try JSONValueDecoder().decode([TwoKeyTypes].self, from: data)
        #expect(twice.map(\.all) == lists.map(\.keys))
        #expect(twice[8].short == padded + ["b"] && twice[12].short == padded + ["a", "b"])
        expectBytesDecodeAsTree([KeyList].self, data, JSONValueDecoder())
        expectBytesDecodeAsTree([KeyList].self, data, Self.snakeCase())
        expectBytesDecodeAsTree([TwoKeyTypes].self, data, JSONValueDecoder())
        expectBytesDecodeAsTree([[String: Int]].self, data, JSONValueDecoder())
        let snake = Data(
            ("["
                + [#""a_b": 1, "aB": 2}"#, #""a_b": 3, "a_c": 4}"#, #""a_b": 5, "aB": 6}"#, #""a_b": 7, "id": 8}"#]
                .map { "{" + padding + $0 }.joined(separator: ", ") + "]").utf8)
        expectBytesDecodeAsTree([KeyList].self, snake, Self.snakeCase())
        expectBytesDecodeAsTree([Snake].self, snake, Self.snakeCase())
    }

    /// Objects of eight members, each followed by one with the names of
    /// the first: a name changed in one byte (every byte of every name,
    /// lengths around the eight-byte words), two names swapped, a name
    /// repeated, a name spelled with an escape. Each object's keys and
    /// values must be its own, not those of the decoder's memo of the
    /// names before (`_ShapeName`, `makeNameTable(comparingWith:)`).
    @Test("objects checked against the names of the objects before: one byte off, swapped, repeated, escaped")
    func shapeMemoNearMisses() throws {
        let names = [
            "a", "bb", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnopq", "x_profile_color",
        ]
        func object(_ names: [String], _ base: Int) -> String {
            "{" + names.enumerated().map { "\"\($1)\": \(base + $0)" }.joined(separator: ", ") + "}"
        }
        var variants: [[String]] = []
        for (position, name) in names.enumerated() {
            for offset in 0..<name.utf8.count {
                var bytes = Array(name.utf8)
                bytes[offset] = bytes[offset] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
                var changed = names
                changed[position] = String(decoding: bytes, as: UTF8.self)
                variants.append(changed)
            }
            if position > 0 {
                var swapped = names
                swapped.swapAt(position - 1, position)
                variants.append(swapped)
                var repeated = names
                repeated[position] = names[position - 1]
                variants.append(repeated)
            }
            var escaped = names
            escaped[position] = "\\u00" + String(name.utf8.first!, radix: 16) + name.dropFirst()
            variants.append(escaped)
        }
        var objects = [object(names, 0), object(names, 100)]
        for (number, variant) in variants.enumerated() {
            objects.append(object(variant, 1000 * (number + 1)))
            objects.append(object(names, 1000 * (number + 1) + 500))
        }
        let data = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
        let lists = try JSONValueDecoder().decode([KeyList].self, from: data)
        #expect(lists.count == objects.count)
        // One byte off: the changed name, in place of the memo's.
        #expect(lists[2].keys == ["Z"] + names.dropFirst())
        // The same name with an escape, then the next name one byte off.
        #expect(lists[3].keys == names && lists[4].keys == names)
        #expect(lists[6].keys == ["a", "Zb"] + names.dropFirst(2))
        for decoder in [JSONValueDecoder(), Self.snakeCase()] {
            expectBytesDecodeAsTree([KeyList].self, data, decoder)
            expectBytesDecodeAsTree([Lookups].self, data, decoder)
            expectBytesDecodeAsTree([[String: Int]].self, data, decoder)
        }
    }

    @Test("a name compared as converted from snake case in place matches its conversion and nothing else")
    func snakeCaseNameMatches() {
        var generator = SeededGenerator(seed: 0x5A4E)
        let pieces = ["a", "b", "Id", "URL", "x", "_", "_", "__", "1", "é", "ß"]
        func name() -> String {
            (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        let names = (0..<400).map { _ in name() }
        let fixed = ["first_name", "ID_str", "_private_key_", "__a__b__", "a_", "_a", "a__b", "aB", "a_B", "A_b", ""]
        let all = fixed + names
        var compared = 0
        for snake in all {
            let converted = _KeyConversion.fromSnakeCase(snake)
            // Every other name and the name's own conversion as targets.
            for target in all + [converted] {
                var snakeCopy = snake
                var targetCopy = target
                let matches = snakeCopy.withUTF8 { name in
                    targetCopy.withUTF8 { _snakeCaseNameMatches(name, $0) }
                }
                guard let matches else { continue }
                compared += 1
                #expect(
                    matches == (Array(converted.utf8) == Array(target.utf8)),
                    "\(snake) converts to \(converted), compared with \(target)")
            }
        }
        // Most names are of ASCII letters and `_`, decided in place.
        #expect(compared > all.count * all.count / 4)
    }

    @Test("random documents decode as JSONValue, keys and members alike", arguments: 0..<8)
    func randomDocuments(_ seed: UInt64) throws {
        var random = RandomJSON(seed: 0x7A9E + seed)
        for _ in 0..<40 {
            let value = random.container()
            let data = try value.jsonData()
            expectBytesDecodeAsTree(JSONValue.self, data, JSONValueDecoder())
            expectBytesDecodeAsTree(KeyList.self, data, JSONValueDecoder())
            expectBytesDecodeAsTree(KeyList.self, data, Self.snakeCase())
            expectBytesDecodeAsTree([String: JSONValue].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([JSONValue].self, data, JSONValueDecoder())
        }
    }

    @Test(
        "the corpus files decode from bytes as through their tree", .enabled(if: Corpus.isAvailable, Corpus.skipReason))
    func corpus() throws {
        for name in Corpus.names {
            let data = try Corpus.data(name)
            expectBytesDecodeAsTree(JSONValue.self, data, JSONValueDecoder())
            // Under CI's sanitizers, the decode above alone reaches the same code.
            guard !Sanitizers.isSanitized else { continue }
            expectBytesDecodeAsTree([String: JSONValue].self, data, JSONValueDecoder())
            expectBytesDecodeAsTree([String: JSONValue].self, data, Self.snakeCase())
        }
    }
}

/// Every member of an object, through `allKeys` and a decode of each, or of
/// an array's elements: an object's keys in their order and repetitions,
/// as a container gives them.
struct KeyList: Decodable, Equatable {
    var keys: [String]
    var values: [JSONValue]
    var nested: [KeyList]

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: _AnyCodingKey.self) {
            keys = container.allKeys.map(\.stringValue)
            values = try container.allKeys.map { try container.decode(JSONValue.self, forKey: $0) }
            nested = container.allKeys.compactMap { try? container.decode(KeyList.self, forKey: $0) }
            #expect(container.allKeys.allSatisfy { container.contains($0) })
        } else if var container = try? decoder.unkeyedContainer() {
            keys = []
            values = []
            nested = []
            while !container.isAtEnd {
                if let list = try? container.decode(KeyList.self) {
                    nested.append(list)
                } else {
                    values.append(try container.decode(JSONValue.self))
                }
            }
        } else {
            keys = []
            values = [try decoder.singleValueContainer().decode(JSONValue.self)]
            nested = []
        }
    }
}

/// The members of an object whose names a configuration lists, looked up
/// in the list's order with `decodeIfPresent` (after `contains`).
struct Lookups: Decodable, Equatable {
    /// Names of every length up to 17, then near misses of the same
    /// lengths, then names that the test's objects spell with escapes.
    static let lengths = (0...17).map { String("abcdefghijklmnopq".prefix($0)) }
    static let names =
        lengths + lengths.dropFirst().map { String($0.dropLast()) + "Z" } + ["abcdefgZijklmnopq", "Zbcdefghi"]
        + ["xab", "mnopqrstu", "mnopqrstuv"]

    var values: [String: Int] = [:]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: _AnyCodingKey.self)
        for name in Self.names {
            let key = _AnyCodingKey(name)
            let value = try container.decodeIfPresent(Int.self, forKey: key)
            #expect(container.contains(key) == (value != nil))
            if let value { values[name] = value }
        }
    }
}

/// The members of an object, looked up in another order than the test's
/// objects have them, some of them missing.
struct Scrambled: Decodable, Equatable {
    static let names = ["k", "e", "a", "cc", "g", "xY", "b", "x", "f", "dd", "yX"]

    var values: [String: Int] = [:]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: _AnyCodingKey.self)
        let k = try container.decode(Int.self, forKey: _AnyCodingKey("k"))
        for name in k % 2 == 0 ? Self.names : Self.names.reversed() {
            if let value = try container.decodeIfPresent(Int.self, forKey: _AnyCodingKey(name)) { values[name] = value }
        }
    }
}

/// Keeps its keyed container when `a` is even, after reading `a` through
/// a second container of another key type and `b` through the first.
struct KeepsContainers: Decodable, Equatable {
    let a: Int
    let b: Int?
    let kept: KeyedDecodingContainer<_AnyCodingKey>?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: _AnyCodingKey.self)
        a = try decoder.container(keyedBy: Name.self).decode(Int.self, forKey: Name("a"))
        b = try container.decodeIfPresent(Int.self, forKey: _AnyCodingKey("b"))
        kept = a % 2 == 0 ? container : nil
    }

    static func == (x: KeepsContainers, y: KeepsContainers) -> Bool { x.a == y.a && x.b == y.b }
}

/// An object's keys through two key types: all of them, and those of
/// one byte.
struct TwoKeyTypes: Decodable, Equatable {
    var all: [String]
    var short: [String]

    struct Short: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init?(stringValue: String) {
            guard stringValue.utf8.count == 1 else { return nil }
            self.stringValue = stringValue
        }

        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        all = try decoder.container(keyedBy: _AnyCodingKey.self).allKeys.map(\.stringValue)
        short = try decoder.container(keyedBy: Short.self).allKeys.map(\.stringValue)
    }
}

/// Members `k0` to `k999`, some of which an object has, and `a`.
struct LargeKeys: Decodable, Equatable {
    var values: [Int?]
    var a: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: _AnyCodingKey.self)
        a = try container.decode(Int.self, forKey: _AnyCodingKey("a"))
        values = try stride(from: 999, through: 0, by: -7).map {
            try container.decodeIfPresent(Int.self, forKey: _AnyCodingKey("k\($0)"))
        }
    }
}

struct Numbers: Codable, Equatable {
    var i: Int?
    var f: Float?
    var d: Decimal?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        i = try? container.decode(Int.self, forKey: .i)
        f = try? container.decode(Float.self, forKey: .f)
        d = try container.decode(Decimal.self, forKey: .d)
    }
}

struct MappedOuter: Decodable, Equatable {
    struct Inner: Decodable, Equatable {
        var count: UInt64
        var amount: Decimal?

        enum CodingKeys: String, MappedCodingKey {
            case count, amount

            var paths: [JSONPointer] {
                switch self {
                case .count: ["/count", "/n"]
                case .amount: ["/deep/amount"]
                }
            }
        }
    }

    var outer: Inner
}

/// Decodes `a`, and its superclass's share from `super` and from `base`.
struct Super: Decodable, Equatable {
    var a: Int
    var fromSuper: JSONValue
    var fromBase: JSONValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: _AnyCodingKey.self)
        a = try container.decode(Int.self, forKey: _AnyCodingKey("a"))
        fromSuper = try JSONValue(from: container.superDecoder())
        fromBase = try JSONValue(from: container.superDecoder(forKey: _AnyCodingKey("base")))
        #expect(try container.superDecoder(forKey: _AnyCodingKey("base")).codingPath.map(\.stringValue) == ["base"])
    }
}

/// Arrays and members of `Int64`, read from the tape in one loop.
@Suite("JSONValueDecoder from bytes: Int64 values")
struct TapeInt64Tests {
    struct Ids: Codable, Equatable {
        var id: Int64
        var ids: [Int64]
        var more: [Int64]?
    }

    @Test(
        "Int64 members and arrays decode as through a tree, errors and all",
        arguments: [
            #"{"id": 1, "ids": [], "more": null}"#,
            #"{"id": 9223372036854775807, "ids": [-9223372036854775808, 0, 5]}"#,
            #"{"id": 1, "ids": [1, 2.0, 3]}"#,
            #"{"id": 1, "ids": [1, 2.5]}"#,
            #"{"id": 1, "ids": [1, "2"]}"#,
            #"{"id": 1, "ids": [1, 9223372036854775808]}"#,
            #"{"id": 1e30, "ids": []}"#,
        ])
    func int64(json: String) {
        expectBytesDecodeAsTree(Ids.self, Data(json.utf8), JSONValueDecoder())
        expectBytesDecodeAsTree([Int64].self, Data("[1, 2, 3]".utf8), JSONValueDecoder())
    }
}
