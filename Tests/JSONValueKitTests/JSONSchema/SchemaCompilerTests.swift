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

    /// Subschemas nested deep before any reference, whose pointers the
    /// compiler keeps as steps from their parents', then references to two
    /// of them: one already allocated (found by its location, not made
    /// again) and one not yet.
    private static let nested: JSONValue = [
        "$id": "https://example.com/deep",
        "properties": [
            "a/b": [
                "prefixItems": [true, false, ["allOf": [["type": "string"], ["properties": ["~x": ["minimum": 10]]]]]]
            ],
            "r": ["$ref": "#/properties/a~1b/prefixItems/2/allOf/1"],
            "s": ["$ref": "#/properties/a~1b/prefixItems/2"],
        ],
    ]

    @Test(
        "an error deep in subschemas reached without a reference has its exact keyword and absolute locations",
        arguments: [
            (
                JSONValue.object(["a/b": [0, 0, ["~x": 5]]]),
                "/properties/a~1b/prefixItems/2/allOf/1/properties/~0x/minimum"
            ),
            (["r": ["~x": 5]], "/properties/r/$ref/properties/~0x/minimum"),
            (["s": ["~x": 5]], "/properties/s/$ref/allOf/1/properties/~0x/minimum"),
        ] as [(JSONValue, JSONPointer)])
    func nestedLocations(instance: JSONValue, keywordLocation: JSONPointer) throws {
        // Without the references, every node keeps its step, and so does
        // the one with the error.
        var withoutReferences = Self.nested
        withoutReferences["properties"]?["r"] = nil
        withoutReferences["properties"]?["s"] = nil
        #expect(try JSONSchema(withoutReferences).program.nodes.buffer.count == 8)
        for schema in instance["a/b"] == nil ? [Self.nested] : [Self.nested, withoutReferences] {
            try expectNestedError(try JSONSchema(schema).validate(instance).errors, keywordLocation)
        }
    }

    private func expectNestedError(_ errors: [JSONSchema.ValidationError], _ keywordLocation: JSONPointer) throws {
        let error = try #require(errors.first { $0.keywordLocation.tokens.last == "minimum" }, "\(errors)")
        #expect(error.keywordLocation == keywordLocation)
        #expect(
            error.absoluteKeywordLocation
                == "https://example.com/deep#/properties/a~1b/prefixItems/2/allOf/1/properties/~0x/minimum")
        #expect(error.instanceLocation.tokens.last == "~x")
    }

    @Test("a reference to a subschema allocated before the first reference finds its node rather than a copy")
    func referenceToNestedNode() throws {
        // The root, `a/b`, `r`, `s`, the three elements, the two subschemas of `allOf`,
        // and `~x`: ten, each once.
        #expect(try JSONSchema(Self.nested).program.nodes.buffer.count == 10)
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

    /// A schema that puts something in every table of its program.
    private static let everyTable: JSONValue = [
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": ["list": ["$dynamicAnchor": "item", "type": "array", "items": ["$dynamicRef": "#item"]]],
        "properties": [
            "kind": ["enum": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]],
            "exact": ["const": "fixed"],
            "step": ["multipleOf": 0.5],
            "list": ["$ref": "#/$defs/list"],
            "a": true, "b": true, "c": true, "d": true, "e": true, "f": true, "g": true, "h": true, "i": true,
            "a name longer than sixteen bytes": ["type": "string"],
        ],
        "patternProperties": ["^x-": ["pattern": "[0-9]+"]],
        "additionalProperties": ["type": "integer"],
        "required": ["kind", "exact"],
        "dependentRequired": ["a": ["b", "c"]],
        "dependentSchemas": ["b": ["minProperties": 2]],
        "oneOf": [
            ["properties": ["kind": ["const": "a"]], "required": ["kind"]],
            ["properties": ["kind": ["const": "b"]], "required": ["kind"]],
        ],
    ]

    /// Where a table lies: its first byte and byte count, `nil` when
    /// empty; its elements' alignment.
    private static func region<Element>(_ table: _SchemaBuffer<Element>) -> (Range<UInt>?, alignment: UInt) {
        let alignment = UInt(MemoryLayout<Element>.alignment)
        guard let start = table.buffer.baseAddress, !table.buffer.isEmpty else { return (nil, alignment) }
        let first = UInt(bitPattern: start)
        return (first..<first + UInt(MemoryLayout<Element>.stride * table.buffer.count), alignment)
    }

    @Test("every table of a program lies in its one allocation, aligned for its elements and apart from the others")
    func tablesInOneAllocation() throws {
        let schema = try JSONSchema(Self.everyTable)
        #expect(!schema.validate(["kind": "a", "exact": "fixed", "a": 1]).isValid)
        #expect(schema.validate(["kind": "a", "exact": "fixed", "x-1": "12", "list": [[]]]).isValid)
        let program = schema.program
        let regions = [
            Self.region(program.nodes), Self.region(program.checks), Self.region(program.values),
            Self.region(program.valueNames), Self.region(program.enumerations), Self.region(program.enumerationNames),
            Self.region(program.patterns), Self.region(program.matchers), Self.region(program.patternLiterals),
            Self.region(program.names), Self.region(program.nameHashes), Self.region(program.nameKeys),
            Self.region(program.nameBytes), Self.region(program.nameStarts), Self.region(program.nameFlags),
            Self.region(program.nodeLists), Self.region(program.properties), Self.region(program.patternNodes),
            Self.region(program.nameSlots), Self.region(program.dependencies), Self.region(program.dynamicReferences),
            Self.region(program.discriminators), Self.region(program.discriminatorCases),
        ]
        // (The schema fills them all, so that each is checked.)
        #expect(regions.allSatisfy { $0.0 != nil })
        let ranges = regions.compactMap(\.0).sorted { $0.lowerBound < $1.lowerBound }
        for (range, alignment) in regions {
            guard let range else { continue }
            #expect(range.lowerBound % alignment == 0)
        }
        for (earlier, later) in zip(ranges, ranges.dropFirst()) {
            #expect(earlier.upperBound <= later.lowerBound)
        }
        // One after another, with no more than alignment between them.
        if let first = ranges.first, let last = ranges.last {
            let used = ranges.reduce(0) { $0 + UInt($1.count) }
            #expect(last.upperBound - first.lowerBound <= used + UInt(16 * ranges.count))
        }
    }

    @Test("each name's bytes, start, hash and key are those of the name")
    func nameTables() throws {
        let program = try JSONSchema(Self.everyTable).program
        let names = Array(program.names.buffer)
        #expect(names.contains("a name longer than sixteen bytes"))
        #expect(program.nameStarts.buffer.count == names.count + 1)
        #expect(Array(program.nameBytes.buffer) == names.flatMap { Array($0.utf8) })
        var start = 0
        for (index, name) in names.enumerated() {
            #expect(Int(program.nameStarts.buffer[index]) == start)
            start += name.utf8.count
            #expect(program.nameHashes.buffer[index] == JSONObject.hash(ofKey: name))
            #expect(program.nameKeys.buffer[index] == _MemberTable.withBytes(of: name, _SchemaNameKey.init))
        }
        #expect(Int(program.nameStarts.buffer[names.count]) == start)
    }

    @Test("a program's tables let go of what they hold when it goes")
    func tablesReleased() throws {
        weak var matcher: _CompiledRegex?
        do {
            let program = try JSONSchema(["pattern": "^[a-z]+[0-9]{2,}$"]).program
            matcher = program.matchers.buffer.first?.takeUnretainedValue()
            #expect(matcher != nil)
        }
        #expect(matcher == nil)
    }

    @Test("tables are placed one after another, each aligned for its elements")
    func tableLayout() {
        var layout = _SchemaTableLayout()
        let bytes = layout.place(UInt8.self, 3)
        let words = layout.place(Int64.self, 2)
        let none = layout.place(Int32.self, 0)
        let pairs = layout.place([(1 as Int32, 2 as Int32)])
        #expect((bytes.offset, bytes.count) == (0, 3))
        #expect((words.offset, words.count) == (8, 2))
        #expect(none.count == 0)
        #expect((pairs.offset, pairs.count) == (24, 1))
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
