import JSONValueKit
import Testing

enum CustomizationModels {
    struct ByKeyPath: Codable, JSONSchemaCustomizing {
        var city: String
        var days: Int
        var note: String?

        static var schemaDescription: String? { "A forecast request." }

        static var schemaGuides: [PartialKeyPath<ByKeyPath>: JSONSchema.Guide] {
            [
                \.city: .init(description: "The city.", examples: ["Oslo"]),
                \.days: .init(description: "Days to forecast.", minimum: 1, maximum: 14),
                \.note: .init(maxLength: 200, default: ""),
            ]
        }
    }

    struct ByName: Codable, JSONSchemaCustomizing {
        var code: String
        static var schemaGuides: [String: JSONSchema.Guide] {
            ["code": .init(pattern: "^[A-Z]{3}$", format: "iata", keywords: ["x-note": "kept"])]
        }
    }

    struct ByCodingKey: Codable, JSONSchemaCustomizing {
        var firstName: String
        enum CodingKeys: String, CodingKey { case firstName = "first" }
        static var schemaGuides: [CodingKeys: JSONSchema.Guide] {
            [.firstName: .init(description: "Given name.", minLength: 1)]
        }
    }

    struct Misspelled: Codable, JSONSchemaCustomizing {
        var city: String
        static var schemaGuides: [String: JSONSchema.Guide] { ["cty": .init(description: "The city.")] }
    }

    struct WrongConstraint: Codable, JSONSchemaCustomizing {
        var city: String
        static var schemaGuides: [PartialKeyPath<WrongConstraint>: JSONSchema.Guide] { [\.city: .init(minimum: 1)] }
    }

    struct DefaultOnRequired: Codable, JSONSchemaCustomizing {
        var days: Int
        static var schemaGuides: [PartialKeyPath<DefaultOnRequired>: JSONSchema.Guide] { [\.days: .init(default: 3)] }
    }

    struct WrongExample: Codable, JSONSchemaCustomizing {
        var days: Int
        static var schemaGuides: [PartialKeyPath<WrongExample>: JSONSchema.Guide] {
            [\.days: .init(examples: ["three"])]
        }
    }

    struct Computed: Codable, JSONSchemaCustomizing {
        var first: String
        var last: String
        var full: String { first + " " + last }
        static var schemaGuides: [PartialKeyPath<Computed>: JSONSchema.Guide] {
            [\.full: .init(description: "Not a member.")]
        }
    }

    /// An enumeration with associated values gives its schema whole.
    enum Shape: Codable, JSONSchemaCustomizing {
        case circle(radius: Double)
        case square(side: Double)

        static var schemaDescription: String? { "A shape." }

        static var jsonSchema: JSONValue? {
            [
                "oneOf": [
                    [
                        "type": "object", "required": ["circle"],
                        "properties": [
                            "circle": [
                                "type": "object", "required": ["radius"], "properties": ["radius": ["type": "number"]],
                            ]
                        ],
                    ],
                    [
                        "type": "object", "required": ["square"],
                        "properties": [
                            "square": [
                                "type": "object", "required": ["side"], "properties": ["side": ["type": "number"]],
                            ]
                        ],
                    ],
                ],
                "examples": [["circle": ["radius": 1]]],
            ]
        }
    }

    struct Drawing: Codable {
        var background: Shape
        var shapes: [Shape]
    }

    struct WithReference: Codable, JSONSchemaCustomizing {
        static var jsonSchema: JSONValue? { ["$ref": "#/$defs/Other"] }
    }
}

extension CustomizationModels {
    @Suite("Schemas from Swift types: customization")
    struct SchemaCustomizationTests {
        @Test("guides by key path: description, examples, constraints, default; the type's description")
        func keyPaths() throws {
            let document = try JSONSchema.document(for: ByKeyPath.self)
            #expect(document["description"] == "A forecast request.")
            #expect(
                document["properties"]?["city"] == ["type": "string", "description": "The city.", "examples": ["Oslo"]])
            #expect(
                document["properties"]?["days"] == [
                    "type": "integer", "description": "Days to forecast.", "minimum": 1, "maximum": 14,
                ])
            #expect(document["properties"]?["note"] == ["type": ["string", "null"], "maxLength": 200, "default": ""])
            let schema = try JSONSchema(for: ByKeyPath.self)
            #expect(schema.isValid(["city": "Oslo", "days": 3]))
            #expect(!schema.isValid(["city": "Oslo", "days": 15]))
        }

        @Test("guides by member name and by declared coding keys")
        func namesAndKeys() throws {
            #expect(
                try JSONSchema.document(for: ByName.self)["properties"]?["code"] == [
                    "type": "string", "pattern": "^[A-Z]{3}$", "format": "iata", "x-note": "kept",
                ])
            #expect(
                try JSONSchema.document(for: ByCodingKey.self)["properties"]?["first"] == [
                    "type": "string", "description": "Given name.", "minLength": 1,
                ])
        }

        @Test("checked: a guide for no member, a constraint that does not fit, a default never used")
        func checked() throws {
            func error<T: Decodable>(_ type: T.Type) -> JSONSchemaGenerationError? {
                do {
                    _ = try JSONSchema.document(for: T.self)
                    return nil
                } catch {
                    return error as? JSONSchemaGenerationError
                }
            }
            let misspelled = try #require(error(Misspelled.self))
            #expect(misspelled.kind == .invalidCustomization)
            #expect(misspelled.message.contains("\"cty\""))
            #expect(misspelled.message.contains("\"city\""))
            let wrong = try #require(error(WrongConstraint.self))
            #expect(wrong.message.contains("minimum"))
            let defaulted = try #require(error(DefaultOnRequired.self))
            #expect(defaulted.message.contains("default"))
            #expect(try #require(error(WrongExample.self)).message.contains("\"three\""))
            let computed = try #require(error(Computed.self))
            #expect(computed.message.contains("no member"))
            #expect(error(WithReference.self)?.message.contains("$ref") == true)
        }

        @Test("a whole schema is used as given, with the description, and defined once when reused")
        func wholeSchema() throws {
            let document = try JSONSchema.document(for: Drawing.self)
            #expect(document["properties"]?["background"] == ["$ref": "#/$defs/Shape"])
            #expect(document["$defs"]?["Shape"]?["description"] == "A shape.")
            #expect(document["$defs"]?["Shape"]?["oneOf"]?.arrayValue?.count == 2)
            let schema = try JSONSchema(for: Drawing.self)
            let drawing = try JSONValueEncoder().encode(
                Drawing(background: .circle(radius: 2), shapes: [.square(side: 1)]))
            #expect(schema.isValid(drawing))
            #expect(!schema.isValid(["background": ["triangle": [:]], "shapes": []]))
        }
    }
}
