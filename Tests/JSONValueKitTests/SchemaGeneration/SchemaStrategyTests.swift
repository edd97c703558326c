import JSONValueKit
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum StrategyModels {
    struct Event: Codable {
        var startTime: Date
        var endTime: Date?
        var attachment: Data
        var myURLValue: URL
        var id: UUID
    }

    struct Reading: Codable {
        var value: Double
    }

    struct Item: Codable {
        var count: Int
        var title: String
        var note: String?

        enum CodingKeys: String, MappedCodingKey {
            case count, title, note

            var paths: [JSONPointer] {
                switch self {
                case .count: ["/count", "/n"]
                case .title: ["/details/title"]
                case .note: ["/note"]
                }
            }
        }
    }

    struct Underscored: Codable {
        var name: String

        enum CodingKeys: String, CodingKey {
            case name = "first_name"
        }
    }
}

extension StrategyModels {
    @Suite("Schemas from Swift types: the decoder's strategies")
    struct SchemaStrategyTests {
        private func properties<T: Decodable>(_ type: T.Type, _ decoder: JSONValueDecoder) throws -> JSONValue {
            try #require(JSONSchema.document(for: T.self, using: decoder)["properties"])
        }

        @Test("dates: a number by default and for seconds or milliseconds, a date-time string for ISO 8601")
        func dates() throws {
            var decoder = JSONValueDecoder()
            #expect(try properties(Event.self, decoder)["startTime"] == ["type": "number"])
            decoder.dateDecodingStrategy = .secondsSince1970
            #expect(try properties(Event.self, decoder)["startTime"] == ["type": "number"])
            decoder.dateDecodingStrategy = .millisecondsSince1970
            #expect(try properties(Event.self, decoder)["startTime"] == ["type": "number"])
            decoder.dateDecodingStrategy = .iso8601
            #expect(try properties(Event.self, decoder)["startTime"] == ["type": "string", "format": "date-time"])
            #expect(
                try properties(Event.self, decoder)["endTime"] == ["type": ["string", "null"], "format": "date-time"])
        }

        @Test("dates with a custom strategy: what the closure reads")
        func customDates() throws {
            var decoder = JSONValueDecoder()
            decoder.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                guard let seconds = Double(text.dropFirst(2)), text.hasPrefix("t=") else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "date"))
                }
                return Date(timeIntervalSince1970: seconds)
            }
            #expect(try properties(Event.self, decoder)["startTime"] == ["type": "string"])
            decoder.dateDecodingStrategy = .custom { decoder in
                Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self))
            }
            #expect(try properties(Event.self, decoder)["startTime"] == ["type": "number"])
        }

        @Test("data: base64 strings, or arrays of bytes")
        func data() throws {
            var decoder = JSONValueDecoder()
            #expect(
                try properties(Event.self, decoder)["attachment"] == ["type": "string", "contentEncoding": "base64"])
            decoder.dataDecodingStrategy = .deferredToData
            #expect(
                try properties(Event.self, decoder)["attachment"] == [
                    "type": "array", "items": ["type": "integer", "minimum": 0, "maximum": 255],
                ])
        }

        @Test("URLs and UUIDs: strings with their format; UUIDs with the pattern decoding enforces")
        func urlsAndUUIDs() throws {
            let properties = try properties(Event.self, JSONValueDecoder())
            #expect(properties["myURLValue"] == ["type": "string", "format": "uri"])
            #expect(properties["id"]?["format"] == "uuid")
            let schema = try JSONSchema(for: Event.self)
            let valid: JSONValue = [
                "startTime": 0, "attachment": "", "myURLValue": "https://example.com",
                "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            ]
            #expect(schema.isValid(valid))
            var broken = valid
            broken["id"] = "E621E1F8"
            #expect(!schema.isValid(broken))
            #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Event.self, from: broken) }
        }

        @Test("snake case: the names the encoder writes, where they read back; the key itself where not")
        func snakeCase() throws {
            var decoder = JSONValueDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let document = try JSONSchema.document(for: Event.self, using: decoder)
            #expect(
                document["properties"]?.objectValue?.keys == [
                    "start_time", "end_time", "attachment", "myURLValue", "id",
                ])
            #expect(document["required"] == ["start_time", "attachment", "myURLValue", "id"])
            // Each listed name decodes.
            let value: JSONValue = [
                "start_time": 0, "attachment": "", "myURLValue": "https://example.com",
                "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            ]
            #expect(try JSONSchema(for: Event.self, using: decoder).isValid(value))
            _ = try decoder.decode(Event.self, from: value)
        }

        @Test("refused: a key no name converts to, a custom key strategy, tolerance")
        func refusedStrategies() throws {
            var decoder = JSONValueDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            #expect {
                try JSONSchema.document(for: Underscored.self, using: decoder)
            } throws: { ($0 as? JSONSchemaGenerationError)?.kind == .unsupportedStrategy }
            decoder.keyDecodingStrategy = .custom { $0.last! }
            #expect {
                try JSONSchema.document(for: Reading.self, using: decoder)
            } throws: { ($0 as? JSONSchemaGenerationError)?.kind == .unsupportedStrategy }
            var tolerant = JSONValueDecoder()
            tolerant.tolerance = .convertScalarTypes
            #expect {
                try JSONSchema.document(for: Reading.self, using: tolerant)
            } throws: { ($0 as? JSONSchemaGenerationError)?.kind == .unsupportedStrategy }
        }

        @Test("non-conforming floats: the strings that stand for them are allowed")
        func nonConformingFloats() throws {
            var decoder = JSONValueDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            let schema = try JSONSchema(for: Reading.self, using: decoder)
            for value: JSONValue in [1.5, "+inf", "nan"] { #expect(schema.isValid(["value": value])) }
            #expect(!schema.isValid(["value": "inf"]))
        }

        @Test("mapped keys: nested paths and alternatives, read as the decoder reads them")
        func mappedKeys() throws {
            let schema = try JSONSchema(for: Item.self)
            let decoder = JSONValueDecoder()
            let cases: [JSONValue] = [
                ["count": 1, "details": ["title": "Tea"]],
                ["n": 1, "details": ["title": "Tea"]],
                ["count": 1, "n": "x", "details": ["title": "Tea"]],
                ["count": "x", "n": 1, "details": ["title": "Tea"]],
                ["n": "x", "details": ["title": "Tea"]],
                ["details": ["title": "Tea"]],
                ["count": 1],
                ["count": 1, "details": ["title": 1]],
                ["count": 1, "details": ["title": "Tea"], "note": nil],
                ["count": 1, "details": "Tea"],
            ]
            for value in cases {
                let decodes = (try? decoder.decode(Item.self, from: value)) != nil
                #expect(schema.isValid(value) == decodes, "\(value)")
            }
            // Providers get the first path only.
            let openAI = try JSONSchema.document(for: Item.self, profile: .openAIStrict)
            #expect(openAI["properties"]?.objectValue?.keys == ["count", "details", "note"])
        }
    }
}
