import JSONValueKit
import Testing

enum ProfileModels {
    struct WeatherArgs: Codable, Equatable, JSONSchemaCustomizing {
        enum Units: String, Codable, CaseIterable { case celsius, fahrenheit }
        var city: String
        var units: Units?
        var days: Int?
        var note: String?

        static var schemaGuides: [PartialKeyPath<WeatherArgs>: JSONSchema.Guide] {
            [
                \.city: .init(description: "The city.", minLength: 1),
                \.days: .init(description: "Days to forecast.", minimum: 1, maximum: 14, default: 3),
            ]
        }
    }

    struct Tree: Codable {
        var name: String
        var children: [Tree]
    }

    struct OptionalTree: Codable {
        var name: String
        var children: [OptionalTree]?
    }

    struct Inventory: Codable {
        var counts: [String: Int]
    }

    struct Anything: Codable {
        var payload: JSONValue
    }

    struct Many: Codable {
        var a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13: String?
        var b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13: String?
    }
}

extension ProfileModels {
    @Suite("Profiles: documents each provider accepts")
    struct ProfileConversionTests {
        static let providers: [JSONSchema.Profile] = [.openAIStrict, .anthropic, .gemini]

        // MARK: Generated documents

        @Test("generated documents have no violations", arguments: providers)
        func generated(_ profile: JSONSchema.Profile) throws {
            let document = try JSONSchema.document(for: WeatherArgs.self, profile: profile)
            #expect(profile.violations(in: document).isEmpty, "\(profile.violations(in: document))")
            #expect(JSONSchema.Profile.standard.violations(in: try JSONSchema.document(for: WeatherArgs.self)).isEmpty)
        }

        @Test("OpenAI: optional members required but nullable, and the null decodes back to nil")
        func openAINulls() throws {
            let document = try JSONSchema.document(for: WeatherArgs.self, profile: .openAIStrict)
            #expect(document["required"] == ["city", "units", "days", "note"])
            #expect(document["additionalProperties"] == false)
            #expect(document["properties"]?["note"] == ["type": ["string", "null"]])
            #expect(document["properties"]?["units"]?["enum"] == ["celsius", "fahrenheit", nil])
            // Constraints OpenAI lacks move into the description.
            #expect(document["properties"]?["city"] == ["type": "string", "description": "The city. (minLength: 1)"])
            #expect(
                document["properties"]?["days"] == [
                    "type": ["integer", "null"], "description": "Days to forecast. (default: 3)", "minimum": 1,
                    "maximum": 14,
                ])
            // What a model sends under that schema decodes, with null as nil.
            let output: JSONValue = ["city": "Oslo", "units": nil, "days": nil, "note": nil]
            #expect(try JSONSchema(document).isValid(output))
            #expect(try JSONSchema(for: WeatherArgs.self).isValid(output))
            #expect(
                try output.decode(WeatherArgs.self) == WeatherArgs(city: "Oslo", units: nil, days: nil, note: nil))
        }

        @Test("Anthropic: optional members stay optional, bounds move into the description")
        func anthropic() throws {
            let document = try JSONSchema.document(for: WeatherArgs.self, profile: .anthropic)
            #expect(document["required"] == ["city"])
            #expect(document["properties"]?["units"] == ["type": "string", "enum": ["celsius", "fahrenheit"]])
            #expect(
                document["properties"]?["days"] == [
                    "type": "integer", "description": "Days to forecast. (minimum: 1, maximum: 14, default: 3)",
                ])
        }

        @Test("Gemini: propertyOrdering, minimum and maximum kept")
        func gemini() throws {
            let document = try JSONSchema.document(for: WeatherArgs.self, profile: .gemini)
            #expect(document["propertyOrdering"] == ["city", "units", "days", "note"])
            #expect(document["properties"]?["days"]?["minimum"] == 1)
            #expect(document["additionalProperties"] == nil)
        }

        @Test("recursion: kept for OpenAI, refused by name for Anthropic, and for Gemini through required members")
        func recursion() throws {
            let openAI = try JSONSchema.document(for: Tree.self, profile: .openAIStrict)
            #expect(openAI["properties"]?["children"]?["items"] == ["$ref": "#/$defs/Tree"])
            #expect(openAI["$defs"]?["Tree"]?["required"] == ["name", "children"])
            #expect {
                try JSONSchema.document(for: Tree.self, profile: .anthropic)
            } throws: { error in
                guard let error = error as? JSONSchemaGenerationError else { return false }
                return error.kind == .notExpressible && error.typeName == "Tree"
                    && error.message.contains("Tree contains itself")
            }
            #expect {
                try JSONSchema.document(for: Tree.self, profile: .gemini)
            } throws: { ($0 as? JSONSchemaGenerationError)?.message.contains("not required") == true }
            let gemini = try JSONSchema.document(for: OptionalTree.self, profile: .gemini)
            #expect(JSONSchema.Profile.gemini.violations(in: gemini).isEmpty)
        }

        @Test(
            "what a provider cannot express is an error that says where",
            arguments: [JSONSchema.Profile.openAIStrict, .anthropic])
        func notExpressible(_ profile: JSONSchema.Profile) throws {
            #expect {
                try JSONSchema.document(for: Inventory.self, profile: profile)
            } throws: { error in
                guard let error = error as? JSONSchemaGenerationError else { return false }
                return error.kind == .notExpressible && error.location == "/properties/counts/additionalProperties"
            }
            #expect {
                try JSONSchema.document(for: Anything.self, profile: profile)
            } throws: { ($0 as? JSONSchemaGenerationError)?.location == "/properties/payload" }
            // Gemini takes both.
            _ = try JSONSchema.document(for: Inventory.self, profile: .gemini)
            _ = try JSONSchema.document(for: Anything.self, profile: .gemini)
        }

        @Test("limits: Anthropic's 24 optional members")
        func limits() throws {
            #expect {
                try JSONSchema.document(for: Many.self, profile: .anthropic)
            } throws: { ($0 as? JSONSchemaGenerationError)?.kind == .limitExceeded }
            var properties = JSONObject()
            for index in 0..<5001 { properties["p\(index)"] = ["type": "integer"] }
            let large: JSONValue = [
                "type": "object", "properties": .object(properties),
                "required": .array(properties.keys.map(JSONValue.string)),
                "additionalProperties": false,
            ]
            #expect(
                JSONSchema.Profile.openAIStrict.violations(in: large).map(\.message) == [
                    "OpenAI strict mode allows at most 5,000 properties, and this schema has 5001"
                ])
            var deep: JSONValue = ["type": "object", "properties": [:], "required": [], "additionalProperties": false]
            for _ in 0..<10 {
                deep = ["type": "object", "properties": ["x": deep], "required": ["x"], "additionalProperties": false]
            }
            #expect(
                JSONSchema.Profile.openAIStrict.violations(in: deep).map(\.message) == [
                    "OpenAI strict mode allows at most 10 levels of nested objects, and this schema has 11"
                ])
            let values = JSONValue.array((0..<1001).map { .string("v\($0)") })
            let enumerated: JSONValue = [
                "type": "object", "properties": ["e": ["type": "string", "enum": values]], "required": ["e"],
                "additionalProperties": false,
            ]
            #expect(
                JSONSchema.Profile.openAIStrict.violations(in: enumerated).map(\.message) == [
                    "OpenAI strict mode allows at most 1,000 enum values, and this schema has 1001"
                ])
        }

        // MARK: Violations

        @Test("violations say where, with a pointer")
        func violations() {
            let document: JSONValue = [
                "type": "object",
                "properties": [
                    "city": ["type": "string", "minLength": 1],
                    "tags": ["type": "array", "items": ["$ref": "#/$defs/Tag", "description": "A tag."]],
                ],
                "$defs": ["Tag": ["type": "string", "format": "hostname-or-ip"]],
            ]
            #expect(
                JSONSchema.Profile.openAIStrict.violations(in: document).map(\.description) == [
                    "(root): OpenAI strict mode needs \"additionalProperties\": false on every object",
                    "(root): OpenAI strict mode needs every property in \"required\"; \"city\" is not",
                    "(root): OpenAI strict mode needs every property in \"required\"; \"tags\" is not",
                    "/properties/city: OpenAI strict mode does not support \"minLength\"",
                    "/properties/tags/items: OpenAI strict mode accepts nothing beside \"$ref\", but here are \"description\"",
                    "/$defs/Tag/format: OpenAI strict mode does not support the format \"hostname-or-ip\"",
                ])
            #expect(
                JSONSchema.Profile.gemini.violations(in: document).map(\.location) == [
                    "/properties/city", "/properties/tags/items",
                ])
            #expect(
                JSONSchema.Profile.standard.violations(in: ["properties": ["a": ["$ref": "#/$defs/missing"]]]).map(
                    \.description)
                    == ["/properties/a/$ref: the $ref \"#/$defs/missing\" refers to nothing in the document"])
        }

        // MARK: converting: one test per bug class of other converters

        /// A `$ref` with a sibling (pydantic's `description` beside `$ref`,
        /// which OpenAI refuses): the reference is kept alone, in an `anyOf`,
        /// the description beside that.
        @Test("bug class: $ref with siblings", arguments: providers)
        func referenceWithSiblings(_ profile: JSONSchema.Profile) throws {
            let document: JSONValue = [
                "type": "object",
                "properties": ["home": ["$ref": "#/$defs/Place", "description": "Where the user lives."]],
                "required": ["home"],
                "$defs": [
                    "Place": ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
                ],
            ]
            let converted = try profile.converting(document)
            #expect(profile.violations(in: converted).isEmpty)
            #expect(
                converted["properties"]?["home"] == [
                    "anyOf": [["$ref": "#/$defs/Place"]], "description": "Where the user lives.",
                ])
            let schema = try JSONSchema(converted)
            #expect(schema.isValid(["home": ["city": "Oslo"]]))
            #expect(!schema.isValid(["home": ["town": "Oslo"]]))
        }

        /// Objects in `$defs` are processed like the others (nested
        /// definitions left open by converters that only walk properties).
        @Test(
            "bug class: $defs without additionalProperties false",
            arguments: [JSONSchema.Profile.openAIStrict, .anthropic])
        func definitionsClosed(_ profile: JSONSchema.Profile) throws {
            let document: JSONValue = [
                "type": "object",
                "properties": ["home": ["$ref": "#/$defs/Place"]],
                "required": ["home"],
                "$defs": [
                    "Place": [
                        "type": "object", "properties": ["geo": ["$ref": "#/$defs/Geo"]], "required": ["geo"],
                    ],
                    "Geo": ["type": "object", "properties": ["lat": ["type": "number"]], "required": ["lat"]],
                ],
            ]
            let converted = try profile.converting(document)
            #expect(converted["$defs"]?["Place"]?["additionalProperties"] == false)
            #expect(converted["$defs"]?["Geo"]?["additionalProperties"] == false)
            #expect(profile.violations(in: converted).isEmpty)
        }

        /// An optional member made required stays optional to the model: it
        /// may be null (schemars with a strict transform made it required and
        /// non-null, so models invented values).
        @Test("bug class: optional made required and non-null")
        func optionalStaysOptional() throws {
            let document: JSONValue = [
                "type": "object",
                "properties": [
                    "city": ["type": "string"], "country": ["type": "string"],
                    "place": ["$ref": "#/$defs/Place"], "mode": ["enum": ["fast", "slow"]],
                ],
                "required": ["city"],
                "$defs": ["Place": ["type": "object", "properties": ["x": ["type": "number"]], "required": ["x"]]],
            ]
            let converted = try JSONSchema.Profile.openAIStrict.converting(document)
            #expect(converted["required"] == ["city", "country", "place", "mode"])
            #expect(converted["properties"]?["country"] == ["type": ["string", "null"]])
            #expect(converted["properties"]?["place"] == ["anyOf": [["$ref": "#/$defs/Place"], ["type": "null"]]])
            #expect(converted["properties"]?["mode"] == ["anyOf": [["enum": ["fast", "slow"]], ["type": "null"]]])
            let schema = try JSONSchema(converted)
            #expect(schema.isValid(["city": "Oslo", "country": nil, "place": nil, "mode": nil]))
            #expect(!schema.isValid(["city": "Oslo", "country": nil, "place": nil]))
        }

        /// Inlining a `$ref` (to merge constraints beside it) keeps every
        /// definition still referenced, the recursive ones included: no
        /// dangling `$ref`.
        @Test("bug class: dangling $ref after inlining", arguments: providers)
        func noDanglingReference(_ profile: JSONSchema.Profile) throws {
            let document: JSONValue = [
                "type": "object",
                "properties": [
                    "age": ["$ref": "#/$defs/Age", "maximum": 120],
                    "home": ["$ref": "#/$defs/Place", "required": ["geo"]],
                ],
                "required": ["age", "home"],
                "$defs": [
                    "Age": ["type": "integer", "minimum": 0],
                    "Place": ["type": "object", "properties": ["geo": ["$ref": "#/$defs/Geo"]]],
                    "Geo": ["type": "object", "properties": ["lat": ["type": "number"]], "required": ["lat"]],
                ],
            ]
            let converted = try profile.converting(document)
            #expect(profile.violations(in: converted).isEmpty, "\(profile.violations(in: converted))")
            #expect(converted["$defs"]?["Geo"] != nil)
            #expect(converted["$defs"]?["Age"] == nil)
            let schema = try JSONSchema(converted)
            #expect(schema.isValid(["age": 30, "home": ["geo": ["lat": 1]]]))
            #expect(!schema.isValid(["age": 30, "home": [:]]))
        }

        /// A member with a default is not made required where the provider
        /// allows optional members (zod marked defaulted fields required);
        /// for OpenAI, where all are, it may be null, and the default moves
        /// into the description.
        @Test("bug class: default marked required")
        func defaultsStayOptional() throws {
            let document: JSONValue = [
                "type": "object",
                "properties": ["days": ["type": "integer", "default": 3], "city": ["type": "string"]],
                "required": ["city"],
            ]
            for profile in [JSONSchema.Profile.anthropic, .gemini] {
                let converted = try profile.converting(document)
                #expect(converted["required"] == ["city"])
                #expect(converted["properties"]?["days"] == ["type": "integer", "description": "default: 3"])
            }
            let openAI = try JSONSchema.Profile.openAIStrict.converting(document)
            #expect(openAI["properties"]?["days"] == ["type": ["integer", "null"], "description": "default: 3"])
        }

        /// Objects without `type` are recognized by their keywords and
        /// processed (the OpenAI agents SDK's converter skips them).
        @Test("bug class: objects without type", arguments: [JSONSchema.Profile.openAIStrict, .anthropic])
        func objectsWithoutType(_ profile: JSONSchema.Profile) throws {
            let document: JSONValue = [
                "type": "object",
                "properties": [
                    "filter": ["properties": ["field": ["type": "string"]], "required": ["field"]],
                    "tags": ["items": ["type": "string"]],
                ],
                "required": ["filter", "tags"],
            ]
            let converted = try profile.converting(document)
            #expect(converted["properties"]?["filter"]?["type"] == "object")
            #expect(converted["properties"]?["filter"]?["additionalProperties"] == false)
            #expect(converted["properties"]?["tags"]?["type"] == "array")
            #expect(profile.violations(in: converted).isEmpty)
        }

        /// Keywords beside a `$ref` are merged with the target's as `allOf`
        /// means them: every constraint kept, the tighter one where both
        /// have it (the agents SDK let the parent win, loosening `maximum`).
        @Test("bug class: parent-wins merging", arguments: providers)
        func mergingKeepsConstraints(_ profile: JSONSchema.Profile) throws {
            let document: JSONValue = [
                "type": "object",
                "properties": [
                    "age": ["$ref": "#/$defs/Age", "maximum": 200, "minimum": 18, "description": "An adult's age."]
                ],
                "required": ["age"],
                "$defs": ["Age": ["type": "integer", "minimum": 0, "maximum": 150, "description": "An age."]],
            ]
            let converted = try profile.converting(document)
            let age = try #require(converted["properties"]?["age"])
            if profile == .anthropic {
                #expect(age == ["type": "integer", "description": "An adult's age. (minimum: 18, maximum: 150)"])
            } else {
                #expect(age == ["type": "integer", "minimum": 18, "maximum": 150, "description": "An adult's age."])
                let schema = try JSONSchema(converted)
                #expect(!schema.isValid(["age": 180]))
                #expect(!schema.isValid(["age": 17]))
                #expect(schema.isValid(["age": 40]))
            }
            // Constraints that cannot be merged are an error, not a loss.
            let clash: JSONValue = [
                "type": "object", "properties": ["code": ["$ref": "#/$defs/Code", "pattern": "^B"]],
                "required": ["code"],
                "$defs": ["Code": ["type": "string", "pattern": "^A"]],
            ]
            #expect {
                try profile.converting(clash)
            } throws: { ($0 as? JSONSchemaGenerationError)?.location == "/properties/code/pattern" }
        }

        @Test("standard converting returns the document; references elsewhere are refused")
        func standardAndErrors() throws {
            let document: JSONValue = ["type": "object", "properties": ["a": ["type": "string"]]]
            #expect(try JSONSchema.Profile.standard.converting(document) == document)
            #expect {
                try JSONSchema.Profile.openAIStrict.converting([
                    "type": "object", "properties": ["a": ["$ref": "https://example.com/a.json"]],
                ])
            } throws: { ($0 as? JSONSchemaGenerationError)?.kind == .invalidDocument }
            #expect {
                try JSONSchema.Profile.openAIStrict.converting(["type": "array", "items": ["type": "string"]])
            } throws: { ($0 as? JSONSchemaGenerationError)?.message.contains("root") == true }
        }
    }
}
