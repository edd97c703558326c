import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("MappedCodingKey: alternative and nested paths")
struct MappedCodingKeyTests {
    struct Item: Codable, Equatable {
        let count: Int
        let title: String
        let note: String?

        enum CodingKeys: String, MappedCodingKey {
            case count, title, note

            var paths: [JSONPointer] {
                switch self {
                case .count: ["/count", "/n"]
                case .title: ["/details/title"]
                case .note: ["/details/note", "/remark"]
                }
            }
        }
    }

    @Test(
        "decoding tries the paths in order and takes the first present",
        arguments: [
            (["count": 1, "details": ["title": "Tea"]] as JSONValue, Item(count: 1, title: "Tea", note: nil)),
            (["n": 2, "details": ["title": "Tea"]] as JSONValue, Item(count: 2, title: "Tea", note: nil)),
            (["count": 1, "n": 2, "details": ["title": "Tea"]] as JSONValue, Item(count: 1, title: "Tea", note: nil)),
            (
                ["n": 3, "details": ["title": "Tea", "note": "hot"], "remark": "cold"] as JSONValue,
                Item(count: 3, title: "Tea", note: "hot")
            ),
            (
                ["n": 3, "details": ["title": "Tea"], "remark": "cold"] as JSONValue,
                Item(count: 3, title: "Tea", note: "cold")
            ),
            (
                ["n": 3, "details": ["title": "Tea", "note": nil], "remark": "cold"] as JSONValue,
                Item(count: 3, title: "Tea", note: nil)
            ),
        ] as [(JSONValue, Item)])
    func decoding(_ input: JSONValue, _ expected: Item) throws {
        #expect(try JSONValueDecoder().decode(Item.self, from: input) == expected)
        #expect(try JSONValueDecoder().decode(Item.self, from: Data(input.description.utf8)) == expected)
    }

    @Test("a missing non-optional is keyNotFound with the key in the path; the pointer is not the key")
    func missing() {
        let error = #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Item.self, from: ["count": 1, "title": "Tea"])
        }
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "title")
        // A value of the wrong type is reported at the key.
        let mismatch = #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Item.self, from: ["n": "x", "details": ["title": "Tea"]])
        }
        guard case .typeMismatch(_, let context) = mismatch else {
            Issue.record("expected typeMismatch")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["count"])
    }

    @Test("encoding writes the first path, creating and sharing intermediate objects, and round-trips")
    func encoding() throws {
        let item = Item(count: 3, title: "Tea", note: "hot")
        let encoded = try JSONValueEncoder().encode(item)
        #expect(encoded == ["count": 3, "details": ["title": "Tea", "note": "hot"]])
        #expect(try JSONValueDecoder().decode(Item.self, from: encoded) == item)
        let withoutNote = try JSONValueEncoder().encode(Item(count: 1, title: "A", note: nil))
        #expect(withoutNote == ["count": 1, "details": ["title": "A"]])
        // Round trips over a seeded sample of values.
        var generator = SeededGenerator(seed: 77)
        for _ in 0..<200 {
            let title = String(
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                    "abc/~é\"".randomElement(using: &generator)!
                })
            let item = Item(
                count: Int.random(in: .min ... .max, using: &generator), title: title,
                note: Bool.random(using: &generator) ? title + "!" : nil)
            let tree = try JSONValueEncoder().encode(item)
            #expect(try JSONValueDecoder().decode(Item.self, from: tree) == item)
            #expect(try JSONValueDecoder().decode(Item.self, from: tree.jsonData()) == item)
        }
    }

    struct Profile: Codable, Equatable {
        var userName: String
        var firstName: String
        var age: Int

        enum CodingKeys: String, MappedCodingKey {
            case userName, firstName, age

            var paths: [JSONPointer] {
                switch self {
                case .userName: ["/userName", "/legacy_name"]
                case .firstName: ["/person/first_name"]
                case .age: [JSONPointer(tokens: ["age"])]
                }
            }
        }
    }

    @Test("a key strategy applies to the key's own name; other pointers are literal")
    func keyStrategies() throws {
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = Profile(userName: "ann", firstName: "Ann", age: 40)
        #expect(
            try decoder.decode(Profile.self, from: ["user_name": "ann", "person": ["first_name": "Ann"], "age": 40])
                == expected)
        #expect(
            try decoder.decode(Profile.self, from: ["legacy_name": "ann", "person": ["first_name": "Ann"], "age": 40])
                == expected)
        // Literal pointers are not converted: "/person/first_name" does not
        // find a camel-case member.
        #expect(throws: DecodingError.self) {
            try decoder.decode(Profile.self, from: ["user_name": "ann", "person": ["firstName": "Ann"], "age": 40])
        }
        var encoder = JSONValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let encoded = try encoder.encode(expected)
        #expect(encoded == ["user_name": "ann", "person": ["first_name": "Ann"], "age": 40])
        #expect(try decoder.decode(Profile.self, from: encoded) == expected)
    }

    @Test("reads from an alternative path are reported, with the key's path, when deviations are collected")
    func reported() throws {
        struct Order: Codable { var items: [Item] }
        var deviations: [JSONValueDecoder.Deviation] = []
        let input: JSONValue = [
            "items": [["count": 1, "details": ["title": "A"]], ["n": 2, "details": ["title": "B"], "remark": "r"]]
        ]
        _ = try JSONValueDecoder().decode(Order.self, from: input, deviations: &deviations)
        #expect(deviations.count == 2)
        #expect(
            deviations.map { $0.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } } == [
                ["items", "1", "count"], ["items", "1", "note"],
            ])
        #expect(deviations.first?.action == .readFromAlternativePath("/n"))
        #expect(deviations.first?.value == 2)
        #expect(deviations.allSatisfy { !$0.isDiscarded && $0.tolerance.isEmpty })
        #expect(deviations.map(\.location) == ["/items/1/n", "/items/1/remark"])
        #expect(
            deviations.first?.description
                == #"At /items/1/n (items[1].count in the model): 2 was read from the alternative path "/n"."#)
        // Combined with a tolerance: the alternative value is converted too.
        var decoder = JSONValueDecoder()
        decoder.tolerance = .convertScalarTypes
        deviations = []
        let item = try decoder.decode(Item.self, from: ["n": "7", "details": ["title": "A"]], deviations: &deviations)
        #expect(item.count == 7)
        #expect(deviations.map(\.action) == [.readFromAlternativePath("/n"), .converted(to: "Int")])
    }

    @Test("contains, allKeys and decodeNil see the mapped paths")
    func containerQueries() throws {
        struct Probe: Decodable {
            var keys: Set<String>
            var containsNote: Bool
            var noteIsNil: Bool
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Item.CodingKeys.self)
                keys = Set(container.allKeys.map(\.stringValue))
                containsNote = container.contains(.note)
                noteIsNil = try container.decodeNil(forKey: .note)
            }
        }
        let probe = try JSONValueDecoder().decode(Probe.self, from: ["n": 1, "details": ["title": "A"], "remark": nil])
        #expect(probe.keys == ["count", "title", "note"])
        #expect(probe.containsNote)
        #expect(probe.noteIsNil)
    }

    @Test("unknown-key capture counts the first member of every mapped path as known")
    func unknownKeys() throws {
        struct Tagged: Codable, Equatable {
            var title: String
            var ext: JSONValue

            enum CodingKeys: String, MappedCodingKey {
                case title
                var paths: [JSONPointer] { ["/details/title", "/name"] }
            }

            init(title: String, ext: JSONValue) {
                self.title = title
                self.ext = ext
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                title = try container.decode(String.self, forKey: .title)
                ext = try JSONValue(unknownKeysFrom: decoder, knownKeys: CodingKeys.self)
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(title, forKey: .title)
                try ext.encodeUnknownKeys(to: encoder, knownKeys: CodingKeys.self)
            }
        }
        let input: JSONValue = ["details": ["title": "A", "x": 1], "name": "old", "theme": "dark"]
        let tagged = try JSONValueDecoder().decode(Tagged.self, from: input)
        #expect(tagged == Tagged(title: "A", ext: ["theme": "dark"]))
        let written = try JSONValueEncoder().encode(Tagged(title: "A", ext: ["theme": "dark", "name": "dropped"]))
        #expect(written == ["details": ["title": "A"], "theme": "dark"])
    }

    @Test("JSONDecoder and JSONEncoder ignore the mapping and use the keys' own names")
    func foundationIgnoresPaths() throws {
        let own = Data(#"{"count": 1, "title": "A"}"#.utf8)
        #expect(try JSONDecoder().decode(Item.self, from: own) == Item(count: 1, title: "A", note: nil))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Item.self, from: Data(#"{"n": 1, "details": {"title": "A"}}"#.utf8))
        }
        let written = try JSONValue(parsing: JSONEncoder().encode(Item(count: 1, title: "A", note: nil)))
        #expect(written == ["count": 1, "title": "A"])
    }

    @Test("an encoded path replaces a member in its way that is not an object, as a later write does")
    func collisions() throws {
        struct Clash: Encodable {
            var details = "flat"
            var title = "T"
            enum CodingKeys: String, MappedCodingKey {
                case details, title
                var paths: [JSONPointer] {
                    switch self {
                    case .details: ["/details"]
                    case .title: ["/details/title"]
                    }
                }
            }
        }
        #expect(try JSONValueEncoder().encode(Clash()) == ["details": ["title": "T"]])
    }
}
