import Testing

@testable import JSONValueKit

/// What the compiler works out on its own shortcuts: subschemas' pointers
/// written as bytes, the search for cycles skipped when no edge goes back,
/// `required` folded into `properties`, and the five dialects' URIs read by
/// their bytes.
@Suite("JSON Schema: the compiler's shortcuts")
struct SchemaCompilerTests {
    /// Thirteen schemas: `element` at `index` and `{}` elsewhere, so that
    /// an index can take two digits.
    private static func elements(with element: JSONValue, at index: Int) -> JSONValue {
        var elements = Array(repeating: JSONValue.object([:]), count: 13)
        elements[index] = element
        return .array(elements)
    }

    @Test(
        "a subschema's pointer escapes its names and writes indices in full",
        arguments: [
            (
                JSONValue.object(["properties": ["a/b~c": ["type": 5]]]),
                "/properties/a~1b~0c/type"
            ),
            (["allOf": elements(with: ["minimum": "zero"], at: 12)], "/allOf/12/minimum"),
            (["anyOf": elements(with: ["not": ["type": 5]], at: 10)], "/anyOf/10/not/type"),
            (
                ["prefixItems": elements(with: ["properties": ["~": ["type": 5]]], at: 0)],
                "/prefixItems/0/properties/~0/type"
            ),
            (
                ["patternProperties": ["^/": ["properties": ["~1": ["maxLength": -1]]]]],
                "/patternProperties/^~1/properties/~01/maxLength"
            ),
        ] as [(JSONValue, JSONPointer)])
    func childPointers(schema: JSONValue, location: JSONPointer) {
        #expect(JSONSchema.problems(in: schema).map(\.location) == [location])
    }

    @Test("a resource found in an array element, past index 9, is found by its URI")
    func resourceInArray() throws {
        let schema: JSONValue = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "allOf": Self.elements(
                with: ["$id": "https://example.com/item", "$defs": ["small": ["maximum": 3]]], at: 12),
            "properties": ["n": ["$ref": "https://example.com/item#/$defs/small"]],
        ]
        let compiled = try JSONSchema(schema)
        #expect(compiled.validate(["n": 2]).isValid)
        #expect(!compiled.validate(["n": 4]).isValid)
    }

    @Test(
        "nodes on cycles of in-place subschemas are found, and only those",
        arguments: [
            // Edges that only go forward: no cycle.
            (JSONValue.object(["allOf": [["not": ["type": "null"]], ["anyOf": [true, false]]]]), 0),
            (["$defs": ["a": ["properties": ["x": ["$ref": "#/$defs/a"]]]], "$ref": "#/$defs/a"], 0),
            (["$defs": ["a": ["type": "string"]], "allOf": [["$ref": "#/$defs/a"], ["$ref": "#/$defs/a"]]], 0),
            // A node that applies itself.
            (["$ref": "#"], 1),
            (["anyOf": [["type": "string"], ["$ref": "#"]]], 2),
            // A cycle between definitions, the first found by a reference.
            (
                [
                    "$defs": ["a": ["allOf": [["$ref": "#/$defs/b"]]], "b": ["not": ["$ref": "#/$defs/a"]]],
                    "$ref": "#/$defs/a",
                ],
                4
            ),
        ] as [(JSONValue, Int)])
    func inPlaceCycles(schema: JSONValue, cycleNodes: Int) throws {
        let program = try JSONSchema(schema).program
        #expect(program.cycleNodeCount == cycleNodes)
    }

    @Test("names that `required` and `properties` share are marked so that the fast path looks each up once")
    func requiredFoldedIntoProperties() throws {
        let program = try JSONSchema(["properties": ["a": true, "b": true], "required": ["b", "c"]]).program
        var flags: [String: UInt8] = [:]
        for index in 0..<program.names.buffer.count {
            flags[program.names.buffer[index], default: 0] |= program.nameFlags.buffer[index]
        }
        #expect(
            flags == [
                "a": 0, "b": _SchemaProgram.requiredByProperties | _SchemaProgram.checkedByProperties, "c": 0,
            ])
        #expect(program.nameFlags.buffer.count == program.names.buffer.count)
    }

    @Test(
        "the five dialects' URIs, with either scheme and with or without `#`",
        arguments: [
            ("http://json-schema.org/draft-04/schema#", JSONSchema.Dialect?.some(.draft4)),
            ("https://json-schema.org/draft-06/schema", .draft6),
            ("http://json-schema.org/draft-07/schema", .draft7),
            ("https://json-schema.org/draft/2019-09/schema#", .draft2019_09),
            ("https://json-schema.org/draft/2020-12/schema", .draft2020_12),
            ("json-schema.org/draft-07/schema", nil),
            ("ftp://json-schema.org/draft-07/schema", nil),
            ("https://json-schema.org/draft-07/schema##", nil),
            ("https://json-schema.org/draft-07/schema/", nil),
            ("HTTPS://json-schema.org/draft-07/schema", nil),
            ("https://json-schema.org/draft-07/schem", nil),
        ])
    func standardDialects(uri: String, dialect: JSONSchema.Dialect?) {
        #expect(_SchemaDialect.standard(uri) == dialect)
    }

    @Test(
        "the annotation keywords each dialect keeps, and unknown keywords from 2019-09 on",
        arguments: [
            (
                "http://json-schema.org/draft-04/schema#",
                ["title", "description", "default", "format"]
            ),
            (
                "http://json-schema.org/draft-07/schema#",
                [
                    "title", "description", "default", "examples", "readOnly", "writeOnly", "format",
                    "contentMediaType",
                    "contentEncoding",
                ]
            ),
            (
                "https://json-schema.org/draft/2020-12/schema",
                [
                    "title", "description", "default", "examples", "readOnly", "writeOnly", "deprecated", "format",
                    "contentMediaType", "contentEncoding", "contentSchema", "x-unknown", "tittle",
                ]
            ),
        ])
    func annotationKeywords(dialect: String, kept: [String]) throws {
        let schema: JSONValue = [
            "$schema": .string(dialect), "title": "t", "description": "d", "default": 1, "examples": [1],
            "readOnly": true, "writeOnly": false, "deprecated": true, "format": "email",
            "contentMediaType": "application/json", "contentEncoding": "base64", "contentSchema": ["type": "string"],
            "x-unknown": 1, "type": "number", "minimum": 0, "tittle": "not title",
        ]
        let program = try JSONSchema(schema).program
        #expect(program.annotations(of: program.root).map(\.keyword) == kept)
    }

    /// Every keyword of any dialect, and names that look like them.
    private static let keywordLikeNames = [
        "$schema", "$id", "id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef",
        "$recursiveAnchor", "$vocabulary", "$comment", "$defs", "definitions", "type", "enum", "const", "multipleOf",
        "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
        "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
        "dependentRequired", "dependencies", "prefixItems", "items", "additionalItems", "contains",
        "additionalProperties", "properties", "patternProperties", "dependentSchemas", "propertyNames", "if", "then",
        "else", "allOf", "anyOf", "oneOf", "not", "unevaluatedItems", "unevaluatedProperties", "format", "title",
        "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "contentEncoding",
        "contentMediaType", "contentSchema", "", "t", "typ", "types", "Type", "$reff", "e\u{301}num", "énum",
        "x-a-rather-long-name-beyond-the-small-string-length-of-fifteen",
    ]

    @Test("a keyword is found among a schema's members exactly when the object has it", arguments: 0..<64)
    func keywordMembers(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var object: JSONObject = [:]
        let names = Self.keywordLikeNames
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            object[names[Int.random(in: 0..<names.count, using: &generator)]] = .int(Int(seed))
        }
        let members = _SchemaKeywordMembers(object)
        for name in names {
            #expect(members[name] == object[name], "\(name) in \(object.map { $0.0 })")
        }
    }
}
