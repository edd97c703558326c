import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("JSONObject: ordered members, names by Unicode scalars")
struct JSONObjectTests {
    /// Names that sort differently by scalars and by Swift's `<`, and long
    /// names that differ only after their first 16 bytes.
    static let names = [
        "zeta", "alpha", "mid", "b", "a", "éa", "e\u{301}a", "10", "2", "", "~/", "ключ",
        "a_name_longer_than_sixteen_2", "a_name_longer_than_sixteen_10", "a_name_longer_than_sixteen_",
    ]

    @Test("parsing keeps the text's order, strict and JSON5, small and large objects", arguments: [3, 8, 9, 40, 1000])
    func parsingOrder(_ count: Int) throws {
        let keys = (0..<count).map { "k\(($0 * 7919) % (count * 3))" }
        let text = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + "}"
        for options in [JSONValue.ParsingOptions(), .init(allowsJSON5: true)] {
            let value = try JSONValue(parsing: text, options: options)
            #expect(value.objectValue?.keys == keys)
            #expect(try value.jsonString() == text.replacingEvery(": ", with: ":"))
        }
        let decoded = try JSONValueDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(decoded.objectValue?.keys == keys)
    }

    @Test(
        "lookups find every member across the table's widths (16-bit slots up to 2,048 names, 32-bit beyond)",
        arguments: [9, 2_048, 2_049, 6_000])
    func lookupsAtEveryWidth(_ count: Int) throws {
        var grown = JSONObject()
        for index in 0..<count { grown["n\(index)"] = .int(index) }
        let parsed = try #require(
            try JSONValue(parsing: "{" + (0..<count).map { "\"n\($0)\":\($0)" }.joined(separator: ",") + "}")
                .objectValue)
        for object in [grown, parsed] {
            #expect(object.count == count)
            for index in stride(from: 0, to: count, by: max(1, count / 500)) {
                #expect(object.index(forKey: "n\(index)") == index)
                #expect(object["n\(index)"] == .int(index))
            }
            #expect(object["n\(count)"] == nil)
            #expect(object["missing"] == nil)
        }
    }

    @Test("a repeated name keeps its last value at its first position", arguments: [2, 12])
    func repeatedNames(_ extra: Int) throws {
        let filler = (0..<extra).map { "\"f\($0)\":0" }.joined(separator: ",")
        let text = #"{"a":1,"b":2,\#(filler),"a":3}"#
        for options in [JSONValue.ParsingOptions(), .init(allowsJSON5: true)] {
            let object = try #require(try JSONValue(parsing: text, options: options).objectValue)
            #expect(object.keys == ["a", "b"] + (0..<extra).map { "f\($0)" })
            #expect(object["a"] == 3)
        }
        let literal: JSONObject = ["a": 1, "b": 2, "a": 3]
        #expect(literal.keys == ["a", "b"] && literal["a"] == 3)
    }

    @Test("names are compared by Unicode scalars: é and e\\u{301} are two members")
    func scalarNames() throws {
        let text = "{\"\u{E9}\":1,\"e\u{301}\":2}"
        let value = try JSONValue(parsing: text)
        let object = try #require(value.objectValue)
        #expect(object.count == 2)
        #expect(object["\u{E9}"] == 1 && object["e\u{301}"] == 2)
        #expect(try value.jsonString() == text)
        #expect(value[pointer: JSONPointer(tokens: ["e\u{301}"])] == 2)
        #expect(value.queryValues("$['e\u{301}']") == [2])
        var edited = value
        edited["\u{E9}"] = 5
        #expect(edited.objectValue?.keys == ["\u{E9}", "e\u{301}"] && edited["e\u{301}"] == 2)
        let patched = try value.applying(JSONPatch([.remove(path: JSONPointer(tokens: ["\u{E9}"]))]))
        #expect(patched.objectValue?.keys == ["e\u{301}"])
        #expect(value.applyingMergePatch(["e\u{301}": nil]).objectValue?.keys == ["\u{E9}"])
        let many = JSONObject(
            uniqueKeysWithValues: (0..<20).map { ("k\($0)", JSONValue.int($0)) } + [("\u{E9}", 1), ("e\u{301}", 2)])
        #expect(many["\u{E9}"] == 1 && many["e\u{301}"] == 2 && many.count == 22)
    }

    @Test("new members go last, replaced ones keep their place, removal keeps the others' order")
    func editing() {
        for size in [3, 20] {
            var object = JSONObject(uniqueKeysWithValues: (0..<size).map { ("m\($0)", JSONValue.int($0)) })
            object["new"] = true
            #expect(object.keys.last == "new")
            object["m1"] = "replaced"
            #expect(object.keys[1] == "m1" && object[1].value == "replaced")
            #expect(object.updateValue(9, forKey: "m0") == 0)
            #expect(object.keys[0] == "m0")
            #expect(object.removeValue(forKey: "m1") == "replaced")
            #expect(object.keys == ["m0"] + (2..<size).map { "m\($0)" } + ["new"])
            #expect(object.index(forKey: "new") == object.count - 1)
            #expect(object.removeValue(forKey: "missing") == nil)
            object["m2"] = nil
            #expect(object["m2"] == nil && object.index(forKey: "m2") == nil)
            var value = JSONValue.object(object)
            value.later = 1
            value["m0"] = nil
            #expect(value.objectValue?.keys.first == "m3" || size == 3)
            #expect(value.objectValue?.keys.last == "later")
        }
    }

    @Test("equality ignores order and compares numbers by value; hashing agrees; order stays observable")
    func equality() {
        let a: JSONObject = ["x": 1, "y": [true], "z": ["p": nil, "q": 2]]
        let b: JSONObject = ["z": ["q": 2.0, "p": nil], "x": 1.0, "y": [true]]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(JSONValue.object(a) == .object(b) && Set([JSONValue.object(a), .object(b)]).count == 1)
        #expect(!a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value })
        #expect(a != ["x": 1, "y": [true]])
        #expect(a != ["x": 1, "y": [false], "z": ["p": nil, "q": 2]])
        let precomposed: JSONObject = ["\u{E9}": 1]
        let decomposed: JSONObject = ["e\u{301}": 1]
        #expect(precomposed != decomposed)
    }

    @Test("sources without order are sorted by the names' scalars, so no output depends on the hash seed")
    func unorderedSources() throws {
        // A Swift dictionary holds one of two canonically equivalent names.
        let names = Self.names.filter { $0 != "e\u{301}a" }
        let dictionary: [String: JSONValue] = Dictionary(uniqueKeysWithValues: names.map { ($0, 1) })
        let sorted = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(JSONObject(dictionary).keys == sorted)
        #expect(JSONValue(dictionary).objectValue?.keys == sorted)
        let any: [String: Any] = Dictionary(uniqueKeysWithValues: names.map { ($0, 1 as Any) })
        #expect(try JSONValue(any: any).objectValue?.keys == sorted)
        #if FullFoundation
        #expect(try JSONValue(any: NSDictionary(dictionary: any)).objectValue?.keys == sorted)
        #endif
        #expect(
            try JSONValueEncoder().encode(["b": 1, "a": 2, "c": 3] as [String: Int]).objectValue?.keys == [
                "a", "b", "c",
            ])
        #expect(
            try JSONValueEncoder().encode(["b": [1], "a": [2]] as [String: [Int]]).objectValue?.keys == ["a", "b"])
        // JSONDecoder hands out allKeys in hash order: sorted here.
        let text = "{" + names.map { "\"\($0)\": 1" }.joined(separator: ",") + "}"
        let viaFoundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(viaFoundation.objectValue?.keys == sorted)
        let viaFoundationObject = try JSONDecoder().decode(JSONObject.self, from: Data(text.utf8))
        #expect(viaFoundationObject.keys == sorted)
        // JSONValueDecoder keeps the document's order.
        #expect(try JSONValueDecoder().decode(JSONObject.self, from: Data(text.utf8)).keys == names)
    }

    struct Model: Codable {
        var zebra = 1
        var apple = "a"
        var mango: [Int] = [1]
        var nested = Inner()
        struct Inner: Codable {
            var y = true
            var x = 2.5
        }
    }

    @Test("JSONValueEncoder follows the order of encode calls: a model's declaration order")
    func encoderOrder() throws {
        let tree = try JSONValueEncoder().encode(Model())
        #expect(tree.objectValue?.keys == ["zebra", "apple", "mango", "nested"])
        #expect(tree.nested?.objectValue?.keys == ["y", "x"])
        #expect(try tree.jsonString() == #"{"zebra":1,"apple":"a","mango":[1],"nested":{"y":true,"x":2.5}}"#)
        var encoder = JSONValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try encoder.encode(Model()).objectValue?.keys == ["zebra", "apple", "mango", "nested"])
    }

    struct Extensible: Codable {
        var id: Int
        var rest: JSONValue
        enum CodingKeys: String, CodingKey { case id }
        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
            rest = try JSONValue(unknownKeysFrom: decoder, knownKeys: CodingKeys.self)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try rest.encodeUnknownKeys(to: encoder, knownKeys: CodingKeys.self)
        }
    }

    @Test("unknown-key capture and tolerant decoding keep the document's order")
    func decoderOrder() throws {
        let text = #"{"z": 1, "id": 7, "b": 2, "a": 3}"#
        let model = try JSONValueDecoder().decode(Extensible.self, from: Data(text.utf8))
        #expect(model.rest.objectValue?.keys == ["z", "b", "a"])
        #expect(try JSONValueEncoder().encode(model).objectValue?.keys == ["id", "z", "b", "a"])
        var lenient = JSONValueDecoder()
        lenient.tolerance = .lenient
        struct Holder: Decodable { var ext: JSONValue }
        let held = try lenient.decode(Holder.self, from: Data(#"{"ext": {"q": 1, "p": [{"y": 1, "x": 2}]}}"#.utf8))
        #expect(held.ext.objectValue?.keys == ["q", "p"])
        #expect(held.ext.p?[0]?.objectValue?.keys == ["y", "x"])
    }

    @Test("pointers and patches: add appends, replace keeps its place, move and copy add at the end")
    func patchOrder() throws {
        let value: JSONValue = ["c": 1, "a": 2, "b": 3]
        var added = value
        try added.setValue(4, at: "/d")
        #expect(added.objectValue?.keys == ["c", "a", "b", "d"])
        let patched = try value.applying(
            JSONPatch([
                .replace(path: "/a", value: 9), .add(path: "/c", value: 8), .move(from: "/c", path: "/z"),
                .copy(from: "/a", path: "/y"),
            ]))
        #expect(patched.objectValue?.keys == ["a", "b", "z", "y"])
        #expect(patched.a == 9 && patched.z == 8)
    }

    @Test("merge patches keep members in place and append new ones in the patch's order")
    func mergePatchOrder() throws {
        let target: JSONValue = ["c": 1, "a": ["y": 1, "x": 2], "b": 3]
        let result = target.applyingMergePatch(["b": nil, "n2": 1, "a": ["w": 0, "y": 5], "n1": 2])
        #expect(result.objectValue?.keys == ["c", "a", "n2", "n1"])
        #expect(result.a?.objectValue?.keys == ["y", "x", "w"])
        let patch = try JSONValue.mergePatch(from: target, to: result)
        #expect(target.applyingMergePatch(patch) == result)
        // Order alone is not a change.
        #expect(try JSONValue.mergePatch(from: ["a": 1, "b": 2], to: ["b": 2, "a": 1]) == [:])
        #expect(JSONPatch(from: ["a": 1, "b": 2], to: ["b": 2, "a": 1]).operations.isEmpty)
    }

    @Test("JSONPath returns nodes in document order")
    func pathOrder() {
        let value: JSONValue = ["z": ["id": 1], "a": ["id": 2], "m": ["n": ["id": 3]]]
        #expect(value.queryValues("$.*") == [["id": 1], ["id": 2], ["n": ["id": 3]]])
        #expect(value.queryValues("$..id") == [1, 2, 3])
        #expect(value.query("$.*").map(\.location.description) == ["$['z']", "$['a']", "$['m']"])
    }

    @Test("a dictionary's API: mapValues, filter, merge, sort, first, default subscript, capacity")
    func dictionaryAPI() {
        var object: JSONObject = ["b": 1, "a": 2, "c": 3]
        #expect(object.first?.key == "b" && object.first?.value == 1)
        #expect(object.mapValues { .int(($0.intValue ?? 0) * 10) } == ["b": 10, "a": 20, "c": 30])
        #expect(object.mapValues { $0 }.keys == ["b", "a", "c"])
        let filtered: JSONObject = object.filter { $0.value != 2 }
        #expect(filtered.keys == ["b", "c"])
        let merged = object.merging(["c": 30, "d": 4] as JSONObject) { old, new in [old, new] }
        #expect(merged.keys == ["b", "a", "c", "d"] && merged["c"] == [3, 30])
        object.sort { $0.key < $1.key }
        #expect(object.keys == ["a", "b", "c"] && object["b"] == 1)
        object["n", default: 0] = 5
        #expect(object["n"] == 5 && object["zz", default: 7] == 7)
        object.reserveCapacity(100)
        #expect(object.values == [2, 1, 3, 5])
        #expect(JSONObject().isEmpty && !object.isEmpty)
        #expect(object.description == #"{"a":2,"b":1,"c":3,"n":5}"#)
        object.removeAll()
        #expect(object.isEmpty && object["a"] == nil)
        if case .object(let members) = JSONValue(["x": 1, "y": 2] as JSONObject) {
            #expect(members["x"] == 1 && members.count == 2)
        } else {
            Issue.record("expected an object")
        }
    }

    /// Random edits against a reference list of pairs: the table and the
    /// order stay right through growth, removal and replacement, and copies
    /// taken along the way (which share the storage and its table until one
    /// side changes) keep what they had.
    @Test("seeded random edits agree with a reference list of pairs; copies keep theirs")
    func randomEdits() {
        var generator = SeededGenerator(seed: 21)
        var object = JSONObject()
        var reference: [(String, Int)] = []
        var copies: [(JSONObject, [(String, Int)])] = []
        for step in 0..<5000 {
            let name = "n\(Int.random(in: 0..<60, using: &generator))"
            if step % 250 == 0 { copies.append((object, reference)) }
            if step % 1777 == 1776 {
                object.removeAll(keepingCapacity: step % 2 == 0)
                reference.removeAll()
            }
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<6:
                object[name] = .int(step)
                if let index = reference.firstIndex(where: { $0.0 == name }) {
                    reference[index].1 = step
                } else {
                    reference.append((name, step))
                }
            case 6..<9:
                let removed = object.removeValue(forKey: name)
                let index = reference.firstIndex { $0.0 == name }
                #expect(removed?.intValue == index.map { reference[$0].1 })
                if let index { reference.remove(at: index) }
            default:
                #expect(object[name]?.intValue == reference.first { $0.0 == name }?.1)
            }
        }
        #expect(object.keys == reference.map(\.0))
        #expect(object.values == reference.map { JSONValue.int($0.1) })
        for (name, value) in reference { #expect(object.index(forKey: name).map { object[$0].value } == .int(value)) }
        for (copy, pairs) in copies {
            #expect(copy.keys == pairs.map(\.0))
            for (name, value) in pairs { #expect(copy[name] == .int(value)) }
            #expect(copy["absent"] == nil)
        }
    }

    /// A parse copies the member table of an earlier object with the same
    /// names (see `_ObjectShapes`); records that differ from it only a little
    /// must not get its table.
    @Test("records that share, almost share or repeat names look every member up right after parsing")
    func recordShapes() throws {
        var generator = SeededGenerator(seed: 2222)
        let base = (0..<12).map { "field_\($0)" } + ["a_long_member_name_of_twenty_nine", "é", "k"]
        var records: [[(String, String, Int)]] = []  // (name in the text, name, value)
        for record in 0..<400 {
            var names = Array(base.prefix(Int.random(in: 9...base.count, using: &generator)))
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: names.swapAt(0, names.count - 1)
            case 1: names[names.count / 2] = "e\u{301}"  // "é" by other scalars
            case 2: names[names.count - 1] = names[1]  // a repeated name
            default: break
            }
            records.append(
                names.enumerated().map { index, name in
                    // Some names spelled with an escape: the same name, made anew.
                    let spelled = Int.random(in: 0..<4, using: &generator) == 0 ? "\\u0066" + name.dropFirst() : name
                    return (name.hasPrefix("f") ? spelled : name, name, record * 100 + index)
                })
        }
        let text =
            "["
            + records.map { record in
                "{" + record.map { "\"\($0.0)\": \($0.2)" }.joined(separator: ", ") + "}"
            }.joined(separator: ", ") + "]"
        let parsed = try #require(try JSONValue(parsing: text).arrayValue)
        for (record, value) in zip(records, parsed) {
            let object = try #require(value.objectValue)
            // The last value of a name, at its first position.
            var expected: [(String, Int)] = []
            for (_, name, number) in record {
                if let index = expected.firstIndex(where: { JSONObject.sameScalars($0.0, name) }) {
                    expected[index].1 = number
                } else {
                    expected.append((name, number))
                }
            }
            #expect(object.keys.elementsEqual(expected.map(\.0), by: JSONObject.sameScalars))
            for (position, (name, number)) in expected.enumerated() {
                #expect(object.index(forKey: name) == position)
                #expect(object[name] == .int(number))
            }
            for absent in ["field_12", "e", "a_long_member_name_of_twenty_nin"] { #expect(object[absent] == nil) }
            if !expected.contains(where: { JSONObject.sameScalars($0.0, "e\u{301}") }) {
                #expect(object["e\u{301}"] == nil)
            }
        }
    }

    /// Removing the last member takes its name out of the table in place
    /// (the others keep their positions); every other removal rebuilds it.
    @Test("removing last members one by one keeps every other lookup right", arguments: [12, 40, 300])
    func removingLastMembers(_ count: Int) {
        // Names that collide in runs of the table, as many do.
        let names = (0..<count).map { "m\($0 * 7 % count)" }
        // Built a member at a time, so that the table grows, and entries
        // move to where a search would not find them without the shifting
        // that removal does.
        var object = JSONObject()
        for (index, name) in names.enumerated() { object[name] = .int(index) }
        for remaining in stride(from: count - 1, through: 0, by: -1) {
            let removed = object.remove(at: remaining)
            #expect(removed.key == names[remaining] && removed.value == .int(remaining))
            #expect(object[names[remaining]] == nil)
            for index in 0..<remaining where object.index(forKey: names[index]) != index {
                Issue.record("\(names[index]) not found at \(index) with \(remaining) members left")
                return
            }
            if remaining == count / 2 {
                // Adding after removals finds a place, and finds it again.
                object["late"] = 1
                #expect(object.index(forKey: "late") == remaining)
                object.removeValue(forKey: "late")
            }
        }
        #expect(object.isEmpty)
    }

    @Test("order survives write and parse over seeded random values, byte for byte")
    func roundTrip() throws {
        var random = RandomJSON(seed: 2121)
        for _ in 0..<1000 {
            let value = random.value()
            let text = try value.jsonString()
            let back = try JSONValue(parsing: text)
            #expect(identical(back, value))
            #expect(try back.jsonString() == text)
            let pretty = try value.jsonString(options: .prettyPrinted)
            #expect(try JSONValue(parsing: pretty).jsonString() == text)
            #expect(try JSONValueDecoder().decode(JSONValue.self, from: Data(text.utf8)).jsonString() == text)
            #expect(try JSONValueEncoder().encode(value).jsonString() == text)
        }
    }
}
