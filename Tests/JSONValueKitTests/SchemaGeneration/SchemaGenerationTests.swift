import JSONValueKit
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum GenerationModels {
    // Types as people write them, and the documents they give.

    struct Point: Codable {
        var x: Double
        var y: Double
    }

    struct Scalars: Codable {
        var flag: Bool
        var text: String
        var count: Int
        var small: Int8
        var unsigned: UInt16
        var wide: UInt64
        var ratio: Float
        var price: Decimal
    }

    struct Optionals: Codable {
        var required: String
        var optional: String?
        var optionalPoint: Point?
        var list: [Int]?
    }

    enum Units: String, Codable, CaseIterable {
        case celsius, fahrenheit
    }

    enum Priority: Int, Codable, CaseIterable {
        case low = 1
        case medium = 5
        case high = 9
    }

    struct Chore: Codable {
        var title: String
        var priority: Priority
        var units: Units?
        var alternate: Units
    }

    struct Collections: Codable {
        var names: [String]
        var matrix: [[Double]]
        var counts: [String: Int]
        var byID: [Int: String]
        var tags: Set<String>
        var nested: [String: [Point]]
    }

    struct Open: Codable {
        var payload: JSONValue
        var extra: JSONObject
        var maybe: JSONValue?
    }

    struct Line: Codable {
        var start: Point
        var end: Point
    }
}

extension GenerationModels {
    @Suite("Schemas from Swift types: shapes")
    struct SchemaGenerationTests {
        @Test("a structure is an object with its members in order, decode required")
        func structure() throws {
            let document = try JSONSchema.document(for: Point.self)
            #expect(
                document == [
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object",
                    "properties": ["x": ["type": "number"], "y": ["type": "number"]],
                    "required": ["x", "y"],
                ])
            #expect(document["properties"]?.objectValue?.keys == ["x", "y"])
        }

        @Test("scalars: integer bounds narrower than 64 bits, unsigned minimum, numbers")
        func scalars() throws {
            let properties = try #require(JSONSchema.document(for: Scalars.self)["properties"])
            #expect(properties["flag"] == ["type": "boolean"])
            #expect(properties["text"] == ["type": "string"])
            #expect(properties["count"] == ["type": "integer"])
            #expect(properties["small"] == ["type": "integer", "minimum": -128, "maximum": 127])
            #expect(properties["unsigned"] == ["type": "integer", "minimum": 0, "maximum": 65535])
            #expect(properties["wide"] == ["type": "integer", "minimum": 0])
            #expect(properties["ratio"] == ["type": "number"])
            #expect(properties["price"] == ["type": "number"])
        }

        @Test("decodeIfPresent: optional, and null allowed, since it reads null as absent")
        func optionals() throws {
            let document = try JSONSchema.document(for: Optionals.self)
            #expect(document["required"] == ["required"])
            #expect(document["properties"]?["optional"] == ["type": ["string", "null"]])
            #expect(document["properties"]?["list"] == ["type": ["array", "null"], "items": ["type": "integer"]])
            let point = try #require(document["properties"]?["optionalPoint"])
            #expect(point["type"] == ["object", "null"])
            #expect(point["required"] == ["x", "y"])
        }

        @Test("enumerations with raw values list their cases, in order, with null where optional")
        func enumerations() throws {
            let properties = try #require(JSONSchema.document(for: Chore.self)["properties"])
            #expect(properties["priority"] == ["type": "integer", "enum": [1, 5, 9]])
            // Used twice: a definition.
            #expect(properties["alternate"] == ["$ref": "#/$defs/Units"])
            #expect(properties["units"] == ["anyOf": [["$ref": "#/$defs/Units"], ["type": "null"]]])
            let document = try JSONSchema.document(for: Chore.self)
            #expect(document["$defs"]?["Units"] == ["type": "string", "enum": ["celsius", "fahrenheit"]])
        }

        @Test("collections: arrays, nested arrays, dictionaries by String, Int and sets")
        func collections() throws {
            let properties = try #require(JSONSchema.document(for: Collections.self)["properties"])
            #expect(properties["names"] == ["type": "array", "items": ["type": "string"]])
            #expect(
                properties["matrix"] == ["type": "array", "items": ["type": "array", "items": ["type": "number"]]])
            #expect(properties["counts"] == ["type": "object", "additionalProperties": ["type": "integer"]])
            #expect(
                properties["byID"] == [
                    "type": "object", "additionalProperties": ["type": "string"],
                    "propertyNames": ["type": "string", "pattern": "^[+-]?[0-9]+$"],
                ])
            #expect(properties["tags"] == ["type": "array", "items": ["type": "string"]])
            #expect(properties["nested"]?["additionalProperties"]?["items"]?["required"] == ["x", "y"])
        }

        @Test("JSONValue is any value, JSONObject any object")
        func openValues() throws {
            let document = try JSONSchema.document(for: Open.self)
            #expect(document["properties"]?["payload"] == [:])
            #expect(document["properties"]?["extra"] == ["type": "object"])
            #expect(document["properties"]?["maybe"] == [:])
            #expect(document["required"] == ["payload", "extra"])
        }

        @Test("a type met twice goes to $defs once")
        func reuse() throws {
            let document = try JSONSchema.document(for: Line.self)
            #expect(document["properties"]?["start"] == ["$ref": "#/$defs/Point"])
            #expect(document["properties"]?["end"] == ["$ref": "#/$defs/Point"])
            #expect(document["$defs"]?.objectValue?.keys == ["Point"])
        }

        @Test("a type at the root may be an array or a scalar")
        func nonObjectRoots() throws {
            #expect(
                try JSONSchema.document(for: [Point].self)["items"]?["required"] == ["x", "y"])
            #expect(try JSONSchema.document(for: Int.self)["type"] == "integer")
            #expect(try JSONSchema.document(for: Units.self)["enum"] == ["celsius", "fahrenheit"])
        }

        @Test("JSONSchema(for:) compiles the standard document")
        func compiled() throws {
            let schema = try JSONSchema(for: Chore.self)
            #expect(schema.isValid(["title": "Tea", "priority": 5, "alternate": "celsius"]))
            #expect(!schema.isValid(["title": "Tea", "priority": 2, "alternate": "celsius"]))
            #expect(!schema.isValid(["title": "Tea", "priority": 5]))
            #expect(schema.isValid(["title": "Tea", "priority": 5, "alternate": "celsius", "units": nil, "x": 1]))
        }
    }
}
