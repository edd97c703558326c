import Testing

@testable import JSONValueKit

/// What ``JSONSchema/init(_:options:)`` refuses, and how it says so: the
/// kind of problem, a JSON Pointer to it, and the document that holds it.
@Suite("JSON Schema: compile errors")
struct JSONSchemaErrorTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var dialect: JSONSchema.Dialect = .draft2020_12
        var documents: [String: JSONValue] = [:]
        var schema: JSONValue
        var kind: JSONSchemaError.Kind
        var location: JSONPointer
        var documentURI: String?
        var testDescription: String { name }
    }

    static func invalid(
        _ name: String, _ schema: JSONValue, _ keyword: String, at location: JSONPointer,
        dialect: JSONSchema.Dialect = .draft2020_12
    ) -> ErrorCase {
        ErrorCase(
            name: name, dialect: dialect, schema: schema, kind: .invalidKeywordValue(keyword), location: location)
    }

    static let keywordValueCases: [ErrorCase] = [
        invalid("minimum as a string", ["minimum": "zero"], "minimum", at: "/minimum"),
        invalid(
            "a nested minimum", ["properties": ["age": ["minimum": "zero"]]], "minimum", at: "/properties/age/minimum"),
        invalid(
            "a negative minLength", ["properties": ["a": ["minLength": -1]]], "minLength", at: "/properties/a/minLength"
        ),
        invalid("a fractional maxLength", ["maxLength": 1.5], "maxLength", at: "/maxLength"),
        invalid("minItems as a string", ["minItems": "1"], "minItems", at: "/minItems"),
        invalid("a negative minContains", ["contains": true, "minContains": -1], "minContains", at: "/minContains"),
        invalid("required with a number", ["required": [1]], "required", at: "/required/0"),
        invalid("required as a string", ["required": "a"], "required", at: "/required"),
        invalid("an unknown type", ["type": "float"], "type", at: "/type"),
        invalid("an unknown type in a list", ["type": ["string", "float"]], "type", at: "/type"),
        invalid("type as a number", ["type": 5], "type", at: "/type"),
        invalid("enum as a number", ["enum": 5], "enum", at: "/enum"),
        invalid("multipleOf 0", ["multipleOf": 0], "multipleOf", at: "/multipleOf"),
        invalid("a negative multipleOf", ["multipleOf": -0.5], "multipleOf", at: "/multipleOf"),
        invalid("multipleOf as a string", ["multipleOf": "1"], "multipleOf", at: "/multipleOf"),
        invalid("uniqueItems as a string", ["uniqueItems": "yes"], "uniqueItems", at: "/uniqueItems"),
        invalid(
            "dependentRequired with a number", ["dependentRequired": ["a": [1]]], "dependentRequired",
            at: "/dependentRequired/a/0"),
        invalid(
            "dependentRequired as an array", ["dependentRequired": []], "dependentRequired", at: "/dependentRequired"),
        invalid("an empty allOf", ["allOf": []], "allOf", at: "/allOf"),
        invalid("anyOf as an object", ["anyOf": [:]], "anyOf", at: "/anyOf"),
        invalid("items as a number", ["items": 5], "items", at: "/items"),
        invalid("an empty prefixItems", ["prefixItems": []], "prefixItems", at: "/prefixItems"),
        invalid("a prefixItems that is no schema", ["prefixItems": [5]], "prefixItems", at: "/prefixItems/0"),
        invalid("a property that is no schema", ["properties": ["a": 5]], "properties", at: "/properties/a"),
        invalid("properties as an array", ["properties": []], "properties", at: "/properties"),
        invalid("not as a string", ["not": "x"], "not", at: "/not"),
        invalid("if as a number", ["if": 5], "if", at: "/if"),
        invalid("contains as a number", ["contains": 5], "contains", at: "/contains"),
        invalid(
            "additionalProperties as a string", ["additionalProperties": "no"], "additionalProperties",
            at: "/additionalProperties"),
        invalid(
            "dependentSchemas with a number", ["dependentSchemas": ["a": 5]], "dependentSchemas",
            at: "/dependentSchemas/a"),
        invalid("propertyNames as a number", ["propertyNames": 5], "propertyNames", at: "/propertyNames"),
        invalid(
            "unevaluatedProperties as a number", ["unevaluatedProperties": 5], "unevaluatedProperties",
            at: "/unevaluatedProperties"),
        invalid("$ref as a number", ["$ref": 5], "$ref", at: "/$ref"),
        invalid("$schema as a number", ["$schema": 5], "$schema", at: "/$schema"),
        invalid("format as a number", ["format": 5], "format", at: "/format"),
        invalid("pattern as a number", ["pattern": 5], "pattern", at: "/pattern"),
        invalid(
            "draft-04's exclusiveMinimum as a number beside minimum", ["minimum": 0, "exclusiveMinimum": 0],
            "exclusiveMinimum", at: "/exclusiveMinimum", dialect: .draft4),
        invalid(
            "draft-06's exclusiveMinimum as a Boolean", ["exclusiveMinimum": true], "exclusiveMinimum",
            at: "/exclusiveMinimum", dialect: .draft6),
        invalid(
            "deep inside allOf and anyOf", ["allOf": [["anyOf": [["maxLength": "x"]]]]], "maxLength",
            at: "/allOf/0/anyOf/0/maxLength"),
        invalid(
            "under a name with / and ~", ["properties": ["a/b~c": ["minimum": "x"]]], "minimum",
            at: JSONPointer(tokens: ["properties", "a/b~c", "minimum"])),
        invalid(
            "a draft-07 tuple item", ["items": [true, ["minimum": "x"]]], "minimum", at: "/items/1/minimum",
            dialect: .draft7),
    ]

    static let referenceCases: [ErrorCase] = [
        ErrorCase(
            name: "a pointer to nothing", schema: ["$ref": "#/$defs/nope"],
            kind: .unresolvedReference("#/$defs/nope"), location: "/$ref"),
        ErrorCase(
            name: "an anchor that is not defined", schema: ["$ref": "#nope"], kind: .unresolvedReference("#nope"),
            location: "/$ref"),
        ErrorCase(
            name: "another document, never fetched", schema: ["$ref": "https://example.com/other.json"],
            kind: .unresolvedReference("https://example.com/other.json"), location: "/$ref"),
        ErrorCase(
            name: "a relative reference, resolved before it is reported",
            schema: ["$id": "https://example.com/root.json", "properties": ["a": ["$ref": "other.json#/x"]]],
            kind: .unresolvedReference("https://example.com/other.json#/x"), location: "/properties/a/$ref"),
        ErrorCase(
            name: "a pointer to nothing in a given document",
            documents: ["http://example.com/x.json": ["minimum": 1]],
            schema: ["$ref": "http://example.com/x.json#/nope"],
            kind: .unresolvedReference("http://example.com/x.json#/nope"), location: "/$ref"),
        ErrorCase(
            name: "an anchor that a given document does not define",
            documents: ["http://example.com/x.json": ["minimum": 1]],
            schema: ["$ref": "http://example.com/x.json#nope"],
            kind: .unresolvedReference("http://example.com/x.json#nope"), location: "/$ref"),
        ErrorCase(
            name: "an unresolved reference inside a given document",
            documents: ["http://example.com/a.json": ["items": ["$ref": "#/nope"]]],
            schema: ["$ref": "http://example.com/a.json"],
            kind: .unresolvedReference("http://example.com/a.json#/nope"), location: "/items/$ref",
            documentURI: "http://example.com/a.json"),
        ErrorCase(
            name: "$dynamicRef to nothing", schema: ["$dynamicRef": "#nope"], kind: .unresolvedReference("#nope"),
            location: "/$dynamicRef"),
        ErrorCase(
            name: "$recursiveRef to nothing", dialect: .draft2019_09, schema: ["$recursiveRef": "#/nope"],
            kind: .unresolvedReference("#/nope"), location: "/$recursiveRef"),
        ErrorCase(
            name: "draft-04, deep in a value", dialect: .draft4,
            schema: ["properties": ["a": ["items": ["$ref": "#/definitions/nope"]]]],
            kind: .unresolvedReference("#/definitions/nope"), location: "/properties/a/items/$ref"),
    ]

    static let vocabularyMetaSchema: JSONValue = [
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$vocabulary": [
            "https://json-schema.org/draft/2020-12/vocab/core": true,
            "https://example.com/vocab/units": true,
        ],
    ]

    static let dialectCases: [ErrorCase] = [
        ErrorCase(
            name: "an unknown $schema", schema: ["$schema": "https://example.com/unknown"],
            kind: .unknownDialect("https://example.com/unknown"), location: "/$schema"),
        ErrorCase(
            name: "draft-05, which never shipped", schema: ["$schema": "http://json-schema.org/draft-05/schema#"],
            kind: .unknownDialect("http://json-schema.org/draft-05/schema#"), location: "/$schema"),
        ErrorCase(
            name: "an embedded resource's unknown $schema",
            schema: ["$defs": ["x": ["$id": "http://example.com/x", "$schema": "http://example.com/unknown"]]],
            kind: .unknownDialect("http://example.com/unknown"), location: "/$defs/x/$schema"),
        ErrorCase(
            name: "a required vocabulary the package does not implement",
            documents: ["https://example.com/meta": vocabularyMetaSchema],
            schema: ["$schema": "https://example.com/meta"],
            kind: .unsupportedVocabulary("https://example.com/vocab/units"),
            location: JSONPointer(tokens: ["$vocabulary", "https://example.com/vocab/units"]),
            documentURI: "https://example.com/meta"),
    ]

    @Test(
        "each problem has its kind, a pointer into the schema and its document",
        arguments: keywordValueCases + referenceCases + dialectCases)
    func errors(_ testCase: ErrorCase) throws {
        let options = JSONSchema.Options(dialect: testCase.dialect, documents: testCase.documents)
        let error = try #require(compileError(testCase.schema, options: options))
        #expect(error.kind == testCase.kind)
        #expect(error.location == testCase.location)
        #expect(error.documentURI == testCase.documentURI)
        // The message says what, the description says where too.
        #expect(!error.message.isEmpty)
        if let uri = testCase.documentURI {
            #expect(error.description == "\(uri)\(testCase.location.uriFragment): \(error.message)")
        } else {
            let place = testCase.location.isRoot ? "(root)" : testCase.location.description
            #expect(error.description == "\(place): \(error.message)")
        }
    }

    @Test(
        "messages say what is wrong",
        arguments: [
            (["minimum": "zero"], "the value of \"minimum\" must be a number"),
            (["minLength": -1], "the value of \"minLength\" must be a non-negative integer"),
            (["required": [1]], "the value of \"required\" must be an array of strings"),
            (["multipleOf": 0], "the value of \"multipleOf\" must be a number greater than 0"),
            (
                ["type": "float"],
                "the value of \"type\" must name JSON types: null, boolean, object, array, string, number, integer"
            ),
            (
                ["$ref": "#/nope"],
                "\"$ref\" refers to #/nope, which is not defined: no schema, document or anchor has that URI (documents are never fetched; pass them in the options)"
            ),
        ] as [(JSONValue, String)])
    func messages(_ schema: JSONValue, _ message: String) {
        #expect(compileError(schema)?.message == message)
    }

    @Test("the full description of an error, as the documentation shows it")
    func description() throws {
        let error = try #require(compileError(["properties": ["age": ["minimum": "zero"]]]))
        #expect(error.description == "/properties/age/minimum: the value of \"minimum\" must be a number")
        let root = try #require(compileError(5))
        #expect(root.location.isRoot)
        #expect(root.description == "(root): a schema must be an object or a Boolean, not 5")
        let made = JSONSchemaError(
            .invalidKeywordValue("type"), at: "/a~1b", in: "https://example.com/s", message: "a bad type")
        #expect(made.description == "https://example.com/s#/a~1b: a bad type")
        #expect(JSONSchemaError(.tooLarge(limit: 1), at: "", message: "m").description == "(root): m")
    }

    @Test("a vocabulary that is not required is ignored, and only the listed vocabularies apply")
    func optionalVocabulary() throws {
        let meta: JSONValue = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$vocabulary": [
                "https://json-schema.org/draft/2020-12/vocab/core": true,
                "https://json-schema.org/draft/2020-12/vocab/applicator": true,
                "https://example.com/vocab/units": false,
            ],
        ]
        let schema = try JSONSchema(
            ["$schema": "https://example.com/meta", "minimum": 5, "properties": ["a": ["type": "string"]]],
            options: .init(dialect: .draft2020_12, documents: ["https://example.com/meta": meta]))
        // No validation vocabulary: `minimum` and `type` are not assertions.
        expectVerdict(schema, 1, true)
        expectVerdict(schema, ["a": 1], true)
    }

    @Test("the same error every time, whatever order the documents are in")
    func deterministicErrors() {
        // Each document is wrong in its own way; none declares the URI the
        // schema refers to, so every one is looked in. The error must not
        // depend on the order a dictionary happens to give.
        var seen: Set<String> = []
        var keptAlive: [[String: JSONValue]] = []
        for round in 0..<24 {
            var documents: [String: JSONValue] = [:]
            // Different sizes move the dictionaries, and so their order.
            documents.reserveCapacity(8 + round % 7 * 5)
            for index in (0..<8).shuffled() {
                documents["http://example.com/doc\(index)"] = ["$schema": .string("http://example.com/unknown\(index)")]
            }
            keptAlive.append(documents)
            let error = compileError(
                ["$ref": "http://example.com/embedded"], options: .init(dialect: .draft2020_12, documents: documents))
            seen.insert(error.map(\.description) ?? "compiled")
        }
        #expect(seen.count == 1, "\(seen.sorted())")
    }

    // MARK: - What is compiled

    @Test(
        "an unreferenced definition is not compiled, so its mistakes do not stop the schema",
        arguments: [
            ["$defs": ["a": ["minimum": "zero"]]],
            ["$defs": ["a": ["$ref": "#/nope"]]],
            ["$defs": ["a": 5]],
        ] as [JSONValue])
    func unreferencedDefinitions(_ schema: JSONValue) {
        // Only what validation can reach is compiled: an unused definition
        // that refers to a document nobody provided is common in real
        // schemas, and must not keep the rest from working.
        #expect(compileError(schema) == nil)
    }

    // MARK: - Patterns

    @Test(
        "a pattern that is no regular expression is refused where it is",
        arguments: ["(", "[a-", "*a", "a{2,1}"])
    func invalidPatterns(_ source: String) throws {
        let error = try #require(compileError(["properties": ["p": ["pattern": .string(source)]]]))
        #expect(error.kind == .invalidPattern(source))
        #expect(error.location == "/properties/p/pattern")
        let named = try #require(compileError(["patternProperties": [source: true]]))
        #expect(named.kind == .invalidPattern(source))
        #expect(named.location == JSONPointer(tokens: ["patternProperties", source]))
    }

    // The linear-time engine refuses these, naming the feature.
    @Test(
        "a pattern feature that cannot run in linear time is refused",
        arguments: ["(a)\\1", "(?<n>a)\\k<n>", "(?=(a))\\1", "(?<=(?<n>a))b\\k<n>"])
    func nonLinearPatterns(_ source: String) throws {
        let error = try #require(compileError(["pattern": .string(source)]))
        #expect(error.kind == .invalidPattern(source))
        #expect(error.location == "/pattern")
        #expect(error.message.contains(source))
        #expect(error.message.contains("back-references"))
    }

    // Look-around runs in linear time, so it compiles.
    @Test("look-ahead and look-behind compile", arguments: ["(?=a)a", "(?!a)b", "(?<=a)b", "(?<!a)b", "(?<=a+)b"])
    func lookAroundPatterns(_ source: String) {
        #expect(compileError(["pattern": .string(source), "patternProperties": [source: true]]) == nil)
    }

    // MARK: - Cycles that consume the instance

    static let consumingCycles: [SchemaCase] = [
        SchemaCase(
            name: "properties back to the root", schema: ["properties": ["next": ["$ref": "#"]]],
            instance: ["next": ["next": [:]]], valid: true),
        SchemaCase(
            name: "items back to the root", schema: ["items": ["$ref": "#"], "maxItems": 1], instance: [[[]]],
            valid: true),
        SchemaCase(
            name: "items back to the root, too many", schema: ["items": ["$ref": "#"], "maxItems": 1],
            instance: [[[], []]], valid: false),
        SchemaCase(
            name: "additionalProperties back to the root",
            schema: ["type": "object", "additionalProperties": ["$ref": "#"]], instance: ["a": ["b": 1]],
            valid: false),
        SchemaCase(
            name: "propertyNames back to the root", schema: ["propertyNames": ["$ref": "#"], "maxLength": 1],
            instance: ["ab": 1], valid: false),
        SchemaCase(
            name: "contains back to the root", schema: ["contains": ["$ref": "#"]], instance: [[[1]]], valid: true),
        SchemaCase(
            name: "contains back to the root, none match", schema: ["contains": ["$ref": "#"]], instance: [[]],
            valid: false),
        SchemaCase(
            name: "unevaluatedProperties back to the root",
            schema: ["type": "object", "unevaluatedProperties": ["$ref": "#"]], instance: ["a": ["b": 1]],
            valid: false),
        SchemaCase(
            name: "definitions through allOf and properties",
            schema: [
                "$defs": [
                    "a": ["type": "object", "properties": ["x": ["$ref": "#/$defs/b"]]],
                    "b": ["allOf": [["$ref": "#/$defs/a"]]],
                ],
                "$ref": "#/$defs/a",
            ], instance: ["x": ["x": 1]], valid: false),
        SchemaCase(
            name: "$dynamicRef through properties",
            schema: ["$dynamicAnchor": "n", "type": "object", "properties": ["c": ["$dynamicRef": "#n"]]],
            instance: ["c": ["c": [:]]], valid: true),
        SchemaCase(
            name: "$recursiveRef through items", dialect: .draft2019_09,
            schema: ["$recursiveAnchor": true, "type": "array", "items": ["$recursiveRef": "#"]],
            instance: [[[]], [1]], valid: false),
    ]

    @Test("cycles through properties and items compile and validate", arguments: consumingCycles)
    func consumingCycle(_ testCase: SchemaCase) throws {
        let schema = try JSONSchema(testCase.schema, options: testCase.options)
        expectVerdict(schema, testCase.instance, testCase.valid)
    }
}
