import JSONValueKit
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum ProbeModels {
    // Hand-written init(from:) patterns, and what the recording decoder makes of
    // them. Each schema is checked against decoding itself where it matters.

    /// `(try? decode) ?? default`: the member may be anything, or absent.
    struct Fallback: Decodable {
        var count: Int
        enum CodingKeys: String, CodingKey { case count }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = (try? container.decode(Int.self, forKey: .count)) ?? 0
        }
    }

    /// `contains` before `decode`: optional, and not null.
    struct Contains: Decodable {
        var count: Int
        enum CodingKeys: String, CodingKey { case count }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = container.contains(.count) ? try container.decode(Int.self, forKey: .count) : 0
        }
    }

    /// `decodeNil` before `decode`: required, and null allowed.
    struct NilThenDecode: Decodable {
        var count: Int?
        enum CodingKeys: String, CodingKey { case count }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = try container.decodeNil(forKey: .count) ? nil : try container.decode(Int.self, forKey: .count)
        }
    }

    /// A number or a string holding one.
    struct Lenient: Decodable {
        var value: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            do {
                value = try container.decode(Int.self)
            } catch DecodingError.typeMismatch {
                value = Int(try container.decode(String.self)) ?? 0
            }
        }
    }

    /// A string, an integer or a Boolean.
    enum Scalar: Decodable, Equatable {
        case string(String)
        case int(Int)
        case bool(Bool)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                self = .string(string)
            } else if let int = try? container.decode(Int.self) {
                self = .int(int)
            } else {
                self = .bool(try container.decode(Bool.self))
            }
        }
    }

    /// An object, or a string as a short form.
    struct Author: Decodable {
        var name: String
        enum CodingKeys: String, CodingKey { case name }
        init(from decoder: any Decoder) throws {
            if let container = try? decoder.container(keyedBy: CodingKeys.self) {
                name = try container.decode(String.self, forKey: .name)
            } else {
                name = try decoder.singleValueContainer().decode(String.self)
            }
        }
    }

    /// Decoded from an array of fixed positions.
    struct Coordinate: Decodable {
        var latitude: Double
        var longitude: Double
        var label: String
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            latitude = try container.decode(Double.self)
            longitude = try container.decode(Double.self)
            label = try container.decode(String.self)
        }
    }

    /// A header position, then a loop.
    struct Row: Decodable {
        var name: String
        var values: [Int] = []
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            name = try container.decode(String.self)
            while !container.isAtEnd { values.append(try container.decode(Int.self)) }
        }
    }

    /// Nested containers and a wrapper.
    struct Wrapped: Decodable {
        var id: String
        var first: Int
        enum Outer: String, CodingKey { case data }
        enum Inner: String, CodingKey { case id, values }
        init(from decoder: any Decoder) throws {
            let outer = try decoder.container(keyedBy: Outer.self)
            let inner = try outer.nestedContainer(keyedBy: Inner.self, forKey: .data)
            id = try inner.decode(String.self, forKey: .id)
            var values = try inner.nestedUnkeyedContainer(forKey: .values)
            first = try values.decode(Int.self)
        }
    }

    /// A single value wrapper around a string.
    struct Identifier: Codable, Hashable {
        var raw: String
        init(from decoder: any Decoder) throws { raw = try decoder.singleValueContainer().decode(String.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(raw)
        }
    }

    /// A class hierarchy, the superclass decoding from the same decoder and
    /// from the "super" member.
    class Animal: Decodable {
        var name: String
        enum CodingKeys: String, CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        }
    }

    final class Dog: Animal {
        var breed: String
        enum DogKeys: String, CodingKey { case breed }
        required init(from decoder: any Decoder) throws {
            breed = try decoder.container(keyedBy: DogKeys.self).decode(String.self, forKey: .breed)
            try super.init(from: decoder)
        }
    }

    final class Cat: Animal {
        var lives: Int
        enum CatKeys: String, CodingKey { case lives }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CatKeys.self)
            lives = try container.decode(Int.self, forKey: .lives)
            try super.init(from: container.superDecoder())
        }
    }

    /// A dictionary read through `allKeys` with keys of any name.
    struct Scores: Decodable {
        var scores: [String: Int] = [:]
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for key in container.allKeys { scores[key.stringValue] = try container.decode(Int.self, forKey: key) }
        }
    }

    /// An enumeration with a fallback for unknown raw values.
    enum Level: String, Decodable, CaseIterable {
        case low, high, unknown
        init(from decoder: any Decoder) throws {
            self = Level(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
        }
    }

    /// An enumeration that ignores case.
    enum Color: String, Decodable, CaseIterable {
        case red, green
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self).lowercased()
            guard let color = Color(rawValue: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "color"))
            }
            self = color
        }
    }

    /// Validates: refuses the empty string, which the first placeholders hold.
    struct NonEmpty: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
            text = try decoder.singleValueContainer().decode(String.self)
            guard !text.isEmpty else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "empty"))
            }
        }
    }

    /// Refuses everything the probe tries.
    struct Email: Decodable {
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard text.contains("@") else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no @"))
            }
        }
    }

    struct Contact: Decodable { var email: Email }

    /// Reads different members depending on a value.
    struct Branching: Decodable {
        enum CodingKeys: String, CodingKey { case isCircle, radius, side }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if try container.decode(Bool.self, forKey: .isCircle) {
                _ = try container.decode(Double.self, forKey: .radius)
            } else {
                _ = try container.decode(Double.self, forKey: .side)
            }
        }
    }

    enum Shape: Decodable {
        case circle(radius: Double)
        case square(side: Double)
    }

    enum Mood: String, Decodable { case happy, sad }

    struct Tree: Codable {
        var name: String
        var children: [Tree]
    }

    final class Node: Codable {
        var value: Int
        var next: Node?
    }

    struct Directory: Codable {
        var name: String
        var entries: [String: Directory]
    }

    struct Holder: Codable {
        var inner: Inner
        struct Inner: Codable {
            var items: [Holder]
        }
    }

    final class Ouroboros: Decodable {
        var tail: Ouroboros
    }

    /// Generation must end when the probe's placeholders loop back.
    final class Left: Decodable { var right: Right }
    final class Right: Decodable { var left: Left }
}

extension ProbeModels {
    @Suite("Schemas from Swift types: what the recording decoder sees")
    struct SchemaProbeTests {
        /// Decodes `value` as `T` with the default decoder.
        private func decodes<T: Decodable>(_ type: T.Type, _ value: JSONValue) -> Bool {
            (try? JSONValueDecoder().decode(T.self, from: value)) != nil
        }

        /// Checks that the schema and decoding agree on each value.
        private func expectAgreement<T: Decodable>(
            _ type: T.Type, _ values: [JSONValue], sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let schema = try JSONSchema(for: T.self)
            for value in values {
                #expect(
                    schema.isValid(value) == decodes(T.self, value), "\(value): schema and decoding disagree",
                    sourceLocation: sourceLocation)
            }
        }

        @Test("try? with a fallback: any value, or none")
        func fallback() throws {
            let document = try JSONSchema.document(for: Fallback.self)
            #expect(document["properties"]?["count"] == [:])
            #expect(document["required"] == nil)
            try expectAgreement(Fallback.self, [[:], ["count": 1], ["count": "x"], ["count": nil]])
        }

        @Test("contains, then decode: optional, not null")
        func contains() throws {
            let document = try JSONSchema.document(for: Contains.self)
            #expect(document["properties"]?["count"] == ["type": "integer"])
            #expect(document["required"] == nil)
            try expectAgreement(Contains.self, [[:], ["count": 1], ["count": "x"], ["count": nil]])
        }

        @Test("decodeNil, then decode: required, null allowed")
        func nilThenDecode() throws {
            let document = try JSONSchema.document(for: NilThenDecode.self)
            #expect(document["properties"]?["count"] == ["type": ["integer", "null"]])
            #expect(document["required"] == ["count"])
            try expectAgreement(NilThenDecode.self, [[:], ["count": 1], ["count": "x"], ["count": nil]])
        }

        @Test("a caught type mismatch reads an alternative: a union")
        func alternatives() throws {
            #expect(try JSONSchema.document(for: Lenient.self)["anyOf"] == [["type": "integer"], ["type": "string"]])
            #expect(
                try JSONSchema.document(for: Scalar.self)["anyOf"] == [
                    ["type": "string"], ["type": "integer"], ["type": "boolean"],
                ])
            try expectAgreement(Scalar.self, ["a", 1, true, nil, 1.5, [1]])
            let author = try JSONSchema.document(for: Author.self)
            #expect(author["anyOf"]?[0]?["required"] == ["name"])
            #expect(author["anyOf"]?[1] == ["type": "string"])
            try expectAgreement(Author.self, ["Ada", ["name": "Ada"], ["name": 1], 1])
        }

        @Test("fixed positions of an unkeyed container are prefixItems; a loop is items")
        func unkeyed() throws {
            let coordinate = try JSONSchema.document(for: Coordinate.self)
            #expect(
                coordinate == [
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "array",
                    "prefixItems": [["type": "number"], ["type": "number"], ["type": "string"]],
                    "minItems": 3,
                ])
            try expectAgreement(Coordinate.self, [[1, 2, "a"], [1, 2], [1, "a", "b"], [1, 2, "a", true]])
            let row = try JSONSchema.document(for: Row.self)
            #expect(row["prefixItems"] == [["type": "string"]])
            #expect(row["items"] == ["type": "integer"])
            #expect(row["minItems"] == 1)
            try expectAgreement(Row.self, [["a"], ["a", 1, 2], [], [1], ["a", "b"]])
        }

        @Test("nested containers are nested objects and arrays")
        func nested() throws {
            let document = try JSONSchema.document(for: Wrapped.self)
            let data = try #require(document["properties"]?["data"])
            #expect(data["required"] == ["id", "values"])
            #expect(data["properties"]?["values"]?["prefixItems"] == [["type": "integer"]])
            try expectAgreement(
                Wrapped.self,
                [
                    ["data": ["id": "a", "values": [1]]], ["data": ["id": "a", "values": []]], ["data": ["id": "a"]],
                    [:],
                ])
        }

        @Test("a single value wrapper has the shape of its value")
        func wrapper() throws {
            struct Account: Codable { var id: Identifier }
            #expect(try JSONSchema.document(for: Account.self)["properties"]?["id"] == ["type": "string"])
        }

        @Test("a superclass that decodes from the same decoder adds its members; superDecoder() nests them")
        func classes() throws {
            let dog = try JSONSchema.document(for: Dog.self)
            #expect(dog["properties"]?.objectValue?.keys == ["breed", "name"])
            #expect(dog["required"] == ["breed", "name"])
            let cat = try JSONSchema.document(for: Cat.self)
            #expect(cat["properties"]?["super"]?["required"] == ["name"])
            #expect(cat["required"] == ["lives", "super"])
            try expectAgreement(Cat.self, [["lives": 9, "super": ["name": "Tom"]], ["lives": 9, "name": "Tom"]])
        }

        @Test("keys of any name read through allKeys are additionalProperties")
        func dynamicKeys() throws {
            let document = try JSONSchema.document(for: Scores.self)
            #expect(document["additionalProperties"] == ["type": "integer"])
            try expectAgreement(Scores.self, [["a": 1], ["a": "x"], [:]])
        }

        @Test("an enumeration with a fallback accepts any raw value; one that ignores case any string")
        func openEnumerations() throws {
            #expect(try JSONSchema.document(for: Level.self)["type"] == "string")
            #expect(try JSONSchema.document(for: Level.self)["enum"] == nil)
            #expect(try JSONSchema.document(for: Color.self)["enum"] == nil)
            try expectAgreement(Level.self, ["low", "other", 1])
        }

        @Test("a type that validates is probed with placeholders it accepts")
        func validating() throws {
            #expect(try JSONSchema.document(for: NonEmpty.self)["type"] == "string")
        }

        @Test("refused, with the type and the way out: what the probe cannot see")
        func refusals() throws {
            func error<T: Decodable>(_ type: T.Type) -> JSONSchemaGenerationError? {
                do {
                    _ = try JSONSchema.document(for: T.self)
                    return nil
                } catch {
                    return error as? JSONSchemaGenerationError
                }
            }
            let email = try #require(error(Contact.self))
            #expect(email.kind == .unobservableType)
            #expect(email.typeName == "Email")
            #expect(email.location == "/email")
            #expect(email.message.contains("throws for every placeholder"))
            #expect(email.recoverySuggestion.contains("JSONSchemaCustomizing"))

            let branching = try #require(error(Branching.self))
            #expect(branching.kind == .unobservableType)
            #expect(branching.message.contains("depending on the values"))

            let shape = try #require(error(Shape.self))
            #expect(shape.message.contains("allKeys"))

            let mood = try #require(error(Mood.self))
            #expect(mood.message.contains("not CaseIterable"))
            #expect(mood.recoverySuggestion.contains("CaseIterable"))
        }

        @Test("recursion ends, through arrays, optionals, dictionaries and other types")
        func recursion() throws {
            #expect(try JSONSchema.document(for: Tree.self)["properties"]?["children"]?["items"] == ["$ref": "#"])
            #expect(
                try JSONSchema.document(for: Node.self)["properties"]?["next"] == [
                    "anyOf": [["$ref": "#"], ["type": "null"]]
                ])
            #expect(
                try JSONSchema.document(for: Directory.self)["properties"]?["entries"]?["additionalProperties"] == [
                    "$ref": "#"
                ])
            let holder = try JSONSchema.document(for: Holder.self)
            #expect(holder["properties"]?["inner"]?["properties"]?["items"]?["items"] == ["$ref": "#"])
            try expectAgreement(
                Holder.self,
                [
                    ["inner": ["items": []]], ["inner": ["items": [["inner": ["items": []]]]]],
                    ["inner": ["items": [["inner": [:]]]]],
                ])
        }

        @Test("a type that contains itself through members that must be present is refused")
        func endlessRecursion() throws {
            for make in [{ try JSONSchema.document(for: Ouroboros.self) }, { try JSONSchema.document(for: Left.self) }]
            {
                #expect {
                    _ = try make()
                } throws: { error in
                    (error as? JSONSchemaGenerationError)?.kind == .endlessRecursion
                }
            }
        }
    }
}
