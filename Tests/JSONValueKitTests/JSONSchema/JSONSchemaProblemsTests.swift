import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every problem of a schema at once, schemas from JSON text, and checking a
/// schema against its meta-schema.
@Suite("JSON Schema: every problem, schema text, meta-schemas")
struct JSONSchemaProblemsTests {
    static let faulty: JSONValue = [
        "type": "object",
        "properties": [
            "age": ["type": "integr", "minimum": "zero"],
            "name": ["$ref": "#/$defs/nmae", "pattern": "(a)\\1"],
            "tags": ["type": "array", "items": 5, "minItems": -1],
        ],
        "required": "age",
        "$defs": ["name": ["type": "string"]],
    ]

    @Test("every problem, each once, in the order of the text; the initializer throws one of them")
    func everyProblem() throws {
        let problems = JSONSchema.problems(in: Self.faulty)
        #expect(
            problems.map(\.location) == [
                "/properties/age/type", "/properties/age/minimum", "/properties/name/$ref",
                "/properties/name/pattern", "/properties/tags/items", "/properties/tags/minItems", "/required",
            ])
        #expect(
            problems.map(\.kind) == [
                .invalidKeywordValue("type"), .invalidKeywordValue("minimum"),
                .unresolvedReference("#/$defs/nmae"), .invalidPattern("(a)\\1"), .invalidKeywordValue("items"),
                .invalidKeywordValue("minItems"), .invalidKeywordValue("required"),
            ])
        let thrown = try #require(compileError(Self.faulty))
        #expect(problems.contains(thrown))
        // The same list every time.
        #expect(JSONSchema.problems(in: Self.faulty) == problems)
    }

    @Test(
        "empty exactly when the schema compiles, and otherwise holding the initializer's error",
        arguments: JSONSchemaErrorTests.keywordValueCases + JSONSchemaErrorTests.referenceCases
            + JSONSchemaErrorTests.dialectCases)
    func agreesWithTheInitializer(_ testCase: JSONSchemaErrorTests.ErrorCase) throws {
        let options = JSONSchema.Options(dialect: testCase.dialect, documents: testCase.documents)
        let problems = JSONSchema.problems(in: testCase.schema, options: options)
        let thrown = try #require(compileError(testCase.schema, options: options))
        #expect(problems.contains(thrown))
    }

    @Test(
        "a schema that compiles has no problems",
        arguments: [
            true, false, [:], ["type": ["string", "null"]], ["$ref": "#/$defs/a", "$defs": ["a": ["minimum": 1]]],
            ["$ref": "https://json-schema.org/draft/2020-12/schema"],
            ["$schema": "http://json-schema.org/draft-04/schema#", "exclusiveMinimum": true, "minimum": 0],
        ] as [JSONValue])
    func noProblems(_ schema: JSONValue) throws {
        #expect(JSONSchema.problems(in: schema).isEmpty)
        _ = try JSONSchema(schema)
    }

    @Test(
        "the official suite's schemas: no problems where they compile",
        .enabled(if: Shared.isAvailable, Shared.skipReason))
    func officialSuite() {
        let groups = JSONSchemaSuiteTests.required.elements + JSONSchemaSuiteTests.optional.elements
        #expect(groups.count > 1000)
        for group in groups {
            let options = JSONSchemaSuiteTests.options(for: group)
            let problems = JSONSchema.problems(in: group.schema, options: options)
            if let error = compileError(group.schema, options: options) {
                #expect(problems.contains(error), "\(group.testDescription)")
            } else {
                #expect(problems.isEmpty, "\(group.testDescription): \(problems)")
            }
        }
    }

    @Test("problems in other documents come after the schema's own, by URI")
    func otherDocuments() {
        let documents: [String: JSONValue] = [
            "https://example.com/b.json": ["minimum": "b"],
            "https://example.com/a.json": ["maximum": "a", "minLength": -1],
        ]
        let problems = JSONSchema.problems(
            in: [
                "allOf": [["$ref": "https://example.com/b.json"], ["$ref": "https://example.com/a.json"]],
                "maxItems": "x",
            ], options: .init(dialect: .draft2020_12, documents: documents))
        #expect(
            problems.map(\.documentURI) == [
                nil, "https://example.com/a.json", "https://example.com/a.json", "https://example.com/b.json",
            ])
        #expect(problems.map(\.location) == ["/maxItems", "/maximum", "/minLength", "/minimum"])
    }

    @Test("problems found while discovering resources: $schema, $id and anchors of the wrong type")
    func discoveryProblems() {
        let problems = JSONSchema.problems(
            in: [
                "properties": [
                    "a": ["$id": 5, "type": "string"],
                    "b": ["$anchor": ["x"], "minimum": "0"],
                    "c": ["$id": "https://example.com/c", "$schema": "https://example.com/unknown"],
                ]
            ])
        #expect(
            problems.map(\.location) == [
                "/properties/a/$id", "/properties/b/$anchor", "/properties/b/minimum", "/properties/c/$schema",
            ])
        #expect(problems.last?.kind == .unknownDialect("https://example.com/unknown"))
    }

    @Test("members of keywords are checked one by one")
    func membersOneByOne() {
        let problems = JSONSchema.problems(
            in: [
                "properties": ["a": 1, "b": ["type": "string"], "c": "x"],
                "patternProperties": ["(a)\\1": true, "^b": 2],
                "anyOf": [["minimum": "m"], 3],
                "dependentRequired": ["a": [1], "b": ["c"], "d": "e"],
                "if": 4, "then": 5, "else": ["maximum": "n"],
            ])
        #expect(
            problems.map(\.location) == [
                "/properties/a", "/properties/c", "/patternProperties/(a)\\1", "/patternProperties/^b",
                "/anyOf/0/minimum", "/anyOf/1", "/dependentRequired/a/0", "/dependentRequired/d", "/if", "/then",
                "/else/maximum",
            ])
    }

    // MARK: Schema text

    @Test("JSONSchema(parsing:) compiles schema text, from a String or from Data")
    func parsing() throws {
        let text = #"{"type": "string", "maxLength": 3}"#
        for schema in [try JSONSchema(parsing: text), try JSONSchema(parsing: Data(text.utf8))] {
            #expect(schema.isValid("abc"))
            #expect(!schema.isValid("abcd"))
        }
        #expect(try JSONSchema(parsing: "true").isValid(5))
        var options = JSONSchema.Options()
        options.assertsFormats = true
        #expect(!(try JSONSchema(parsing: #"{"format": "email"}"#, options: options).isValid("no")))
    }

    @Test("JSONSchema(parsing:) throws the parser's error for bad text and the compiler's for a bad schema")
    func parsingErrors() {
        let parseError = #expect(throws: JSONParseError.self) { try JSONSchema(parsing: #"{"type": }"#) }
        #expect(parseError?.location.line == 1)
        let schemaError = #expect(throws: JSONSchemaError.self) { try JSONSchema(parsing: #"{"minimum": "0"}"#) }
        #expect(schemaError?.location == "/minimum")
        #expect(throws: JSONParseError.self) { try JSONSchema(parsing: Data([0xFF])) }
    }

    /// Calls the deprecated `JSONSchema(_: String)` the way a string literal
    /// does, without a deprecation warning in the tests.
    protocol FromText { init(_ text: String, options: JSONSchema.Options) throws }

    @Test("a string literal given as the schema is parsed as schema text")
    func stringLiteral() throws {
        func make<T: FromText>(_ type: T.Type, _ text: String) throws -> T { try T(text, options: .init()) }
        let schema = try make(JSONSchema.self, #"{"type": "integer"}"#) as JSONSchema
        #expect(schema.isValid(3))
        #expect(!schema.isValid("3"))
    }

    @Test("a JSON string as the schema: the error says to parse the text")
    func stringValue() throws {
        let text: JSONValue = .string(#"{"type": "integer"}"#)
        let error = try #require(compileError(text))
        #expect(error.location.isRoot)
        #expect(
            error.message
                == #"a schema must be an object or a Boolean, not "{\"type\": \"integer\"}"; to compile a schema from its JSON text, use JSONSchema(parsing:)"#
        )
        // Only at the top: a string deeper in is a wrong keyword value.
        #expect(compileError(["not": "x"])?.message.contains("JSONSchema(parsing:)") == false)
    }

    // MARK: Meta-schemas

    @Test("checking a schema against its dialect's meta-schema, as the article shows")
    func metaSchema() throws {
        let metaSchema = try JSONSchema(["$ref": .string(JSONSchema.Dialect.draft2020_12.metaSchemaURI)])
        let result = metaSchema.validate(Self.faulty)
        #expect(!result.isValid)
        let places = Set(result.errors.map(\.instanceLocation))
        #expect(places.isSuperset(of: ["/properties/age/type", "/properties/age/minimum", "/required"]))
        // It checks what compiling does not: a definition nothing uses.
        let unused: JSONValue = ["$defs": ["old": ["minLength": "1"]]]
        #expect(JSONSchema.problems(in: unused).isEmpty)
        #expect(metaSchema.validate(unused).errors.map(\.instanceLocation) == ["/$defs/old/minLength"])
        // Every dialect's meta-schema accepts itself.
        for dialect in JSONSchema.Dialect.allCases {
            let meta = try JSONSchema(["$ref": .string(dialect.metaSchemaURI)], options: .init(dialect: dialect))
            #expect(meta.isValid(["type": "string", "minLength": 1]))
            #expect(!meta.isValid(["type": "strin"]))
        }
    }
}

extension JSONSchema: JSONSchemaProblemsTests.FromText {}
