import Testing

@testable import JSONValueKit

/// The dialects: `$schema` or ``JSONSchema/Options/defaultDialect`` picks
/// the meaning of each keyword, so one schema means different things in
/// different drafts; and the 2019-09/2020-12 keywords that depend on what
/// other keywords evaluated (`unevaluated…`, `$dynamicRef`,
/// `$recursiveRef`).
@Suite("JSON Schema: dialects and keyword semantics")
struct JSONSchemaTests {
    /// What a schema does with a value in one dialect.
    enum Outcome: Sendable, Equatable {
        case valid, invalid
        /// The schema does not compile in that dialect.
        case refused
    }

    struct DialectCase: Sendable, CustomTestStringConvertible {
        var name: String
        var schema: JSONValue
        var instance: JSONValue
        /// The outcome in each dialect listed.
        var outcomes: [JSONSchema.Dialect: Outcome]
        var testDescription: String { name }
    }

    static let draft4 = JSONSchema.Dialect.draft4
    static let older: [JSONSchema.Dialect] = [.draft4, .draft6, .draft7]

    /// `outcomes` for every dialect: `before` up to (not including) `from`,
    /// `after` from it on.
    static func split(
        at from: JSONSchema.Dialect, before: Outcome, after: Outcome
    ) -> [JSONSchema.Dialect: Outcome] {
        let index = JSONSchema.Dialect.allCases.firstIndex(of: from)!
        var result: [JSONSchema.Dialect: Outcome] = [:]
        for (position, dialect) in JSONSchema.Dialect.allCases.enumerated() {
            result[dialect] = position < index ? before : after
        }
        return result
    }

    static let dialectCases: [DialectCase] = [
        DialectCase(
            name: "draft-04's Boolean exclusiveMinimum beside minimum; a number from draft-06 on",
            schema: ["minimum": 0, "exclusiveMinimum": true], instance: 0,
            outcomes: split(at: .draft6, before: .invalid, after: .refused)),
        DialectCase(
            name: "draft-04's Boolean exclusiveMaximum leaves 1 valid",
            schema: ["maximum": 1, "exclusiveMaximum": false], instance: 1,
            outcomes: split(at: .draft6, before: .valid, after: .refused)),
        DialectCase(
            name: "exclusiveMinimum as a number excludes its own value from draft-06 on",
            schema: ["exclusiveMinimum": 0], instance: 0,
            outcomes: [.draft6: .invalid, .draft7: .invalid, .draft2019_09: .invalid, .draft2020_12: .invalid]),
        DialectCase(
            name: "1.0 is an integer from draft-06 on, not in draft-04",
            schema: ["type": "integer"], instance: .double(1.0),
            outcomes: split(at: .draft6, before: .invalid, after: .valid)),
        DialectCase(
            name: "an array items is a tuple, in 2020-12 too (read as the earlier drafts')",
            schema: ["items": [["type": "string"]]], instance: [1],
            outcomes: split(at: .draft2020_12, before: .invalid, after: .invalid)),
        DialectCase(
            name: "a tuple's extra items are free",
            schema: ["items": [["type": "string"]]], instance: ["a", 1],
            outcomes: split(at: .draft2020_12, before: .valid, after: .valid)),
        DialectCase(
            name: "additionalItems after a tuple",
            schema: ["items": [["type": "string"]], "additionalItems": ["type": "string"]], instance: ["a", 1],
            outcomes: split(at: .draft2020_12, before: .invalid, after: .invalid)),
        DialectCase(
            name: "prefixItems is only a keyword in 2020-12",
            schema: ["prefixItems": [["type": "string"]]], instance: [1],
            outcomes: split(at: .draft2020_12, before: .valid, after: .invalid)),
        DialectCase(
            name: "2020-12's items after prefixItems applies to the rest only",
            schema: ["prefixItems": [["type": "string"]], "items": ["type": "integer"]], instance: ["a", 1],
            outcomes: split(at: .draft2020_12, before: .invalid, after: .valid)),
        DialectCase(
            name: "const from draft-06 on",
            schema: ["const": 1], instance: 2, outcomes: split(at: .draft6, before: .valid, after: .invalid)),
        DialectCase(
            name: "contains from draft-06 on",
            schema: ["contains": ["type": "string"]], instance: [1],
            outcomes: split(at: .draft6, before: .valid, after: .invalid)),
        DialectCase(
            name: "propertyNames from draft-06 on",
            schema: ["propertyNames": ["maxLength": 1]], instance: ["ab": 1],
            outcomes: split(at: .draft6, before: .valid, after: .invalid)),
        DialectCase(
            name: "if/then from draft-07 on",
            schema: ["if": ["type": "string"], "then": ["minLength": 2]], instance: "a",
            outcomes: split(at: .draft7, before: .valid, after: .invalid)),
        DialectCase(
            name: "dependentRequired from 2019-09 on",
            schema: ["dependentRequired": ["a": ["b"]]], instance: ["a": 1],
            outcomes: split(at: .draft2019_09, before: .valid, after: .invalid)),
        DialectCase(
            name: "dependencies in every dialect (the suite's compatibility tests)",
            schema: ["dependencies": ["a": ["b"]]], instance: ["a": 1],
            outcomes: split(at: .draft4, before: .valid, after: .invalid)),
        DialectCase(
            name: "minContains from 2019-09 on",
            schema: ["contains": ["type": "integer"], "minContains": 2], instance: [1, "a"],
            outcomes: split(at: .draft2019_09, before: .valid, after: .invalid)),
        DialectCase(
            name: "$ref replaces the keywords beside it up to draft-07",
            schema: ["$ref": "#/definitions/s", "definitions": ["s": ["type": "string"]], "maxLength": 0],
            instance: "x", outcomes: split(at: .draft2019_09, before: .valid, after: .invalid)),
        DialectCase(
            name: "unevaluatedProperties from 2019-09 on",
            schema: ["unevaluatedProperties": false], instance: ["a": 1],
            outcomes: split(at: .draft2019_09, before: .valid, after: .invalid)),
        DialectCase(
            name: "contains marks its items evaluated in 2020-12 only",
            schema: ["contains": ["type": "string"], "unevaluatedItems": false], instance: ["a"],
            outcomes: [.draft2019_09: .invalid, .draft2020_12: .valid]),
    ]

    @Test("the same schema in each dialect, by $schema and by defaultDialect", arguments: dialectCases)
    func dialects(_ testCase: DialectCase) throws {
        for (dialect, outcome) in testCase.outcomes.sorted(by: { $0.key.rank < $1.key.rank }) {
            guard case .object(var declared) = testCase.schema else { continue }
            declared["$schema"] = .string(dialect.metaSchemaURI)
            // `$schema` wins over a different default.
            let other: JSONSchema.Dialect = dialect == .draft4 ? .draft2020_12 : .draft4
            let ways: [(String, JSONValue, JSONSchema.Options)] = [
                ("defaultDialect", testCase.schema, JSONSchema.Options(dialect: dialect)),
                ("$schema", .object(declared), JSONSchema.Options(dialect: other)),
            ]
            for (way, schema, options) in ways {
                let found: Outcome
                do {
                    let compiled = try JSONSchema(schema, options: options)
                    let valid = compiled.isValid(testCase.instance)
                    #expect(compiled.validate(testCase.instance).isValid == valid)
                    found = valid ? .valid : .invalid
                } catch {
                    found = .refused
                }
                #expect(found == outcome, "\(dialect) by \(way)")
            }
        }
    }

    @Test(
        "$schema accepts http and https, with or without an empty fragment",
        arguments: [
            ("http://json-schema.org/draft-04/schema#", JSONSchema.Dialect.draft4),
            ("http://json-schema.org/draft-04/schema", .draft4),
            ("https://json-schema.org/draft-04/schema#", .draft4),
            ("http://json-schema.org/draft-06/schema#", .draft6),
            ("http://json-schema.org/draft-07/schema", .draft7),
            ("https://json-schema.org/draft/2019-09/schema", .draft2019_09),
            ("https://json-schema.org/draft/2020-12/schema#", .draft2020_12),
        ])
    func metaSchemaSpellings(_ uri: String, _ dialect: JSONSchema.Dialect) throws {
        // 1.0 is an integer except in draft-04, and prefixItems is a keyword
        // only in 2020-12: together they tell draft-04 and 2020-12 from the
        // rest.
        let integer = try JSONSchema(["$schema": .string(uri), "type": "integer"])
        #expect(integer.isValid(.double(1.0)) == (dialect != .draft4))
        let tuple = try JSONSchema(["$schema": .string(uri), "prefixItems": [["type": "string"]]])
        #expect(tuple.isValid([1]) == (dialect != .draft2020_12))
    }

    @Test("every dialect's meta-schema URI names it, and the built-in meta-schema validates itself")
    func metaSchemas() throws {
        for dialect in JSONSchema.Dialect.allCases {
            #expect(_SchemaDialect.standard(dialect.metaSchemaURI) == dialect)
            // The meta-schema is built in: referring to it needs no document.
            let metaSchema = try JSONSchema(["$ref": .string(dialect.metaSchemaURI)])
            #expect(metaSchema.isValid(["type": "string", "minLength": 1]), "\(dialect)")
            #expect(!metaSchema.isValid(["type": "float"]), "\(dialect)")
            #expect(!metaSchema.isValid(["minLength": -1]), "\(dialect)")
        }
    }

    @Test("the defaults: 2020-12, format as an annotation, no documents")
    func defaultOptions() throws {
        let options = JSONSchema.Options()
        #expect(options.defaultDialect == .draft2020_12)
        #expect(!options.assertsFormats)
        #expect(options.documents.isEmpty)
        // Unknown formats stay annotations even when formats are asserted.
        var asserting = JSONSchema.Options()
        asserting.assertsFormats = true
        let unknown = try JSONSchema(["format": "no-such-format"], options: asserting)
        #expect(unknown.isValid("anything"))
        let annotation = try JSONSchema(["format": "ipv4"])
        #expect(annotation.isValid("not an address"))
    }

    @Test("with assertsFormats, a known format is checked")
    func assertedFormat() throws {
        var options = JSONSchema.Options()
        options.assertsFormats = true
        let schema = try JSONSchema(["format": "ipv4"], options: options)
        #expect(schema.isValid("192.168.0.1"))
        expectVerdict(schema, "999.1.1.1", false)
        #expect(schema.validate("x").errors.map(\.message) == [#""x" is not a valid "ipv4""#])
        // A format applies to strings only.
        #expect(schema.isValid(12))
    }

    // MARK: - Names

    struct NameCase: Sendable, CustomTestStringConvertible {
        var name: String
        var schema: JSONValue
        var instance: JSONValue
        var valid: Bool
        /// A known library bug: names matched by canonical equivalence
        /// (Swift's `==` on strings) instead of by scalars.
        var knownIssue = false
        var testDescription: String { name }
    }

    static let precomposed = "\u{E9}"
    static let decomposed = "e\u{301}"

    static func object(_ name: String, _ value: JSONValue) -> JSONValue {
        var object = JSONObject()
        object[name] = value
        return .object(object)
    }

    static let nameCases: [NameCase] = [
        NameCase(
            name: "required", schema: ["required": [.string(precomposed)]], instance: object(decomposed, 1),
            valid: false),
        NameCase(
            name: "properties alone", schema: ["properties": object(decomposed, ["type": "integer"])],
            instance: object(precomposed, "x"), valid: true),
        NameCase(
            name: "required and properties, the required name present",
            schema: ["required": [.string(precomposed)], "properties": object(decomposed, ["type": "integer"])],
            instance: object(precomposed, 1), valid: true),
        NameCase(
            name: "required and properties, the required name missing",
            schema: ["required": [.string(precomposed)], "properties": object(decomposed, ["type": "integer"])],
            instance: object(decomposed, 1), valid: false),
        NameCase(
            name: "properties beside patternProperties",
            schema: ["properties": object(decomposed, ["type": "integer"]), "patternProperties": ["^z": true]],
            instance: object(precomposed, "x"), valid: true),
        NameCase(
            name: "dependentRequired", schema: ["dependentRequired": object(precomposed, [.string(decomposed)])],
            instance: object(precomposed, 1), valid: false),
        NameCase(
            name: "propertyNames", schema: ["propertyNames": ["const": .string(precomposed)]],
            instance: object(decomposed, 1), valid: false),
    ]

    @Test("member names compare by Unicode scalars, not by canonical equivalence", arguments: nameCases)
    func names(_ testCase: NameCase) throws {
        let schema = try JSONSchema(testCase.schema)
        expectVerdict(schema, testCase.instance, testCase.valid)
    }

    @Test("a member that only looks like a property is additional")
    func lookalikeMember() throws {
        let schema = try JSONSchema([
            "properties": Self.object(Self.decomposed, ["type": "integer"]), "additionalProperties": false,
        ])
        let errors = schema.validate(Self.object(Self.precomposed, "x")).errors
        #expect(errors.map(\.keywordLocation) == ["/additionalProperties"])

        #expect(errors.count == 1)
    }

    // MARK: - Patterns

    static let long = String(repeating: "a", count: 100)
    static let vendor: JSONValue = ["patternProperties": ["^x-": ["type": "integer"]], "additionalProperties": false]

    /// Patterns on the fast path: `^literal` and `^literal$` compare bytes,
    /// others run the regex; strings of up to 64 bytes are matched from a
    /// copy, longer ones in place.
    static let patternCases: [SchemaCase] = [
        SchemaCase(
            name: "^x- matches a name that starts with it", schema: ["pattern": "^x-"], instance: "x-rate", valid: true),
        SchemaCase(name: "^x- needs it at the start", schema: ["pattern": "^x-"], instance: "ax-", valid: false),
        SchemaCase(name: "^x- refuses a shorter string", schema: ["pattern": "^x-"], instance: "x", valid: false),
        SchemaCase(name: "^ab$ matches itself", schema: ["pattern": "^ab$"], instance: "ab", valid: true),
        SchemaCase(name: "^ab$ refuses more", schema: ["pattern": "^ab$"], instance: "abc", valid: false),
        SchemaCase(name: "^é matches é", schema: ["pattern": "^\u{E9}"], instance: "\u{E9}t\u{E9}", valid: true),
        SchemaCase(name: "a regex on a short string", schema: ["pattern": "b+$"], instance: "aabb", valid: true),
        SchemaCase(
            name: "a regex on a long string", schema: ["pattern": "b$"], instance: .string(long + "b"), valid: true),
        SchemaCase(
            name: "a regex refuses a long string", schema: ["pattern": "b$"], instance: .string(long), valid: false),
        SchemaCase(
            name: "^a on a long string", schema: ["pattern": "^a"], instance: .string(long), valid: true),
        SchemaCase(
            name: "^x- in patternProperties admits a member", schema: vendor,
            instance: ["x-a": 1], valid: true),
        SchemaCase(
            name: "^x- in patternProperties checks the member", schema: vendor,
            instance: ["x-a": "1"], valid: false),
        SchemaCase(
            name: "^x- in patternProperties leaves others additional", schema: vendor,
            instance: ["y-a": 1], valid: false),
        SchemaCase(
            name: "a long name matched against patternProperties",
            schema: ["patternProperties": ["b$": true], "additionalProperties": false],
            instance: .object([long + "b": 1]), valid: true),
    ]

    @Test("pattern and patternProperties on strings and names short and long", arguments: patternCases)
    func patterns(_ testCase: SchemaCase) throws {
        expectVerdict(try JSONSchema(testCase.schema), testCase.instance, testCase.valid)
    }

    static let locales: JSONValue = [
        "patternProperties": ["^(?!@@)[@a-zA-Z0-9_-]+$": ["type": "object"]], "additionalProperties": false,
    ]
    static let hostName: JSONValue = ["pattern": "^(?!-)[a-z0-9-]{1,63}(?<!-)$"]

    /// Look-ahead and look-behind, in every keyword that takes a pattern,
    /// on short strings (matched from a copy) and long ones (in place).
    static let lookAroundCases: [SchemaCase] = [
        SchemaCase(name: "a locale message name", schema: locales, instance: ["appName": [:]], valid: true),
        SchemaCase(
            name: "a predefined @@ name is refused", schema: locales, instance: ["@@ui_locale": [:]], valid: false),
        SchemaCase(name: "a host name label", schema: hostName, instance: "host-1", valid: true),
        SchemaCase(name: "a label that ends with a hyphen", schema: hostName, instance: "host-", valid: false),
        SchemaCase(
            name: "a negative look-ahead over a long string", schema: ["pattern": "^(?!.*://)"],
            instance: .string(long + "://"), valid: false),
        SchemaCase(
            name: "a look-behind inside repetition over a long string", schema: ["pattern": "^(?:(?<!b)a)+$"],
            instance: .string(long), valid: true),
        SchemaCase(
            name: "look-around in propertyNames", schema: ["propertyNames": ["pattern": "^(?=[a-z])\\w+(?<!_)$"]],
            instance: ["ok_1": 1, "_no": 2], valid: false),
        SchemaCase(
            name: "a look-behind pattern is a valid regex format", schema: ["format": "regex"],
            instance: "(?<=a+)b", valid: true),
    ]

    @Test("look-around in pattern, patternProperties and propertyNames", arguments: lookAroundCases)
    func lookAroundPatterns(_ testCase: SchemaCase) throws {
        var options = JSONSchema.Options()
        options.assertsFormats = true
        expectVerdict(try JSONSchema(testCase.schema, options: options), testCase.instance, testCase.valid)
    }

    // MARK: - Dynamic references

    /// A tree whose nodes any schema can extend through `$dynamicAnchor`,
    /// and a strict tree that forbids unknown members at every level.
    static let tree: JSONValue = [
        "$id": "https://example.com/tree",
        "$dynamicAnchor": "node",
        "type": "object",
        "properties": [
            "data": true,
            "children": ["type": "array", "items": ["$dynamicRef": "#node"]],
        ],
    ]
    static let strictTree: JSONValue = [
        "$id": "https://example.com/strict-tree",
        "$dynamicAnchor": "node",
        "$ref": "tree",
        "unevaluatedProperties": false,
    ]

    @Test("$dynamicRef: the outermost dynamic anchor extends a recursive schema")
    func dynamicReference() throws {
        let documents = ["https://example.com/tree": Self.tree]
        let tree = try JSONSchema(Self.tree)
        let strict = try JSONSchema(Self.strictTree, options: .init(dialect: .draft2020_12, documents: documents))
        let misspelled: JSONValue = ["children": [["daat": 1]]]
        expectVerdict(tree, misspelled, true)
        expectVerdict(strict, misspelled, false)
        expectVerdict(strict, ["data": 1, "children": [["data": 2, "children": []]]], true)
        // The member is not allowed in the child; and as the child failed,
        // `properties` failed and evaluated nothing, so at the root
        // `children` is unevaluated too.
        let errors = strict.validate(misspelled).errors
        #expect(errors.map(\.instanceLocation) == ["/children", "/children/0/daat"])
        #expect(
            errors.map(\.keywordLocation) == [
                "/unevaluatedProperties", "/$ref/properties/children/items/$dynamicRef/unevaluatedProperties",
            ])
        #expect(
            errors.map(\.absoluteKeywordLocation) == [
                "https://example.com/strict-tree#/unevaluatedProperties",
                "https://example.com/strict-tree#/unevaluatedProperties",
            ])
        // Deeper levels are strict too, and the tree's own type still holds.
        expectVerdict(strict, ["children": [["children": [["x": 1]]]]], false)
        expectVerdict(strict, ["children": [5]], false)
    }

    @Test("$dynamicRef without a matching $dynamicAnchor in scope acts as $ref")
    func dynamicReferenceAsReference() throws {
        let schema = try JSONSchema([
            "$defs": ["positive": ["minimum": 0]],
            "properties": ["n": ["$dynamicRef": "#/$defs/positive"]],
        ])
        expectVerdict(schema, ["n": 1], true)
        expectVerdict(schema, ["n": -1], false)
    }

    @Test("$recursiveRef (2019-09): $recursiveAnchor makes it follow the outermost schema")
    func recursiveReference() throws {
        let base: JSONValue = [
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "https://example.com/node",
            "$recursiveAnchor": true,
            "type": "object",
            "properties": ["children": ["type": "array", "items": ["$recursiveRef": "#"]]],
        ]
        let strict: JSONValue = [
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "https://example.com/strict-node",
            "$recursiveAnchor": true,
            "$ref": "node",
            "unevaluatedProperties": false,
        ]
        let options = JSONSchema.Options(dialect: .draft2019_09, documents: ["https://example.com/node": base])
        let node = try JSONSchema(base)
        let strictNode = try JSONSchema(strict, options: options)
        expectVerdict(node, ["children": [1]], false)
        expectVerdict(node, ["children": [["extra": 1]]], true)
        expectVerdict(strictNode, ["children": [["extra": 1]]], false)
        expectVerdict(strictNode, ["children": [["children": []]]], true)
        // Without `$recursiveAnchor` in the outer schema, `$recursiveRef`
        // stays with its own resource: the inner level is not strict.
        var loose = strict
        loose["$recursiveAnchor"] = false
        let looseNode = try JSONSchema(loose, options: options)
        expectVerdict(looseNode, ["children": [["extra": 1]]], true)
        expectVerdict(looseNode, ["extra": 1], false)
    }

    // MARK: - unevaluatedProperties and unevaluatedItems

    static let unevaluatedCases: [SchemaCase] = [
        SchemaCase(
            name: "properties evaluate their names",
            schema: ["properties": ["a": true], "unevaluatedProperties": false],
            instance: ["a": 1], valid: true),
        SchemaCase(
            name: "a name no keyword evaluated", schema: ["properties": ["a": true], "unevaluatedProperties": false],
            instance: ["a": 1, "b": 2], valid: false),
        SchemaCase(
            name: "names evaluated by allOf",
            schema: ["allOf": [["properties": ["a": true]]], "unevaluatedProperties": false], instance: ["a": 1],
            valid: true),
        SchemaCase(
            name: "names evaluated by every valid anyOf branch",
            schema: [
                "anyOf": [["properties": ["a": true]], ["properties": ["b": true]]], "unevaluatedProperties": false,
            ], instance: ["a": 1, "b": 2], valid: true),
        SchemaCase(
            name: "a failed anyOf branch evaluates nothing",
            schema: [
                "anyOf": [
                    ["properties": ["a": true], "required": ["a"]], ["properties": ["b": true], "required": ["c"]],
                ],
                "unevaluatedProperties": false,
            ], instance: ["a": 1, "b": 2], valid: false),
        SchemaCase(
            name: "oneOf's valid branch evaluates",
            schema: [
                "oneOf": [["properties": ["a": true], "required": ["a"]], ["required": ["c"]]],
                "unevaluatedProperties": false,
            ], instance: ["a": 1], valid: true),
        SchemaCase(
            name: "if and then evaluate when if holds",
            schema: [
                "if": ["properties": ["a": ["const": 1]]], "then": ["properties": ["b": true]],
                "unevaluatedProperties": false,
            ], instance: ["a": 1, "b": 2], valid: true),
        SchemaCase(
            name: "a failed if evaluates nothing",
            schema: [
                "if": ["properties": ["a": ["const": 1]]], "else": ["properties": ["b": true]],
                "unevaluatedProperties": false,
            ], instance: ["a": 2, "b": 2], valid: false),
        SchemaCase(
            name: "not evaluates nothing",
            schema: ["not": ["not": ["properties": ["a": true]]], "unevaluatedProperties": false], instance: ["a": 1],
            valid: false),
        SchemaCase(
            name: "names evaluated through $ref",
            schema: [
                "$defs": ["a": ["properties": ["a": true]]], "$ref": "#/$defs/a", "unevaluatedProperties": false,
            ], instance: ["a": 1], valid: true),
        SchemaCase(
            name: "additionalProperties evaluates every other name",
            schema: ["additionalProperties": true, "unevaluatedProperties": false], instance: ["x": 1], valid: true),
        SchemaCase(
            name: "patternProperties evaluates matching names",
            schema: ["patternProperties": ["^a": true], "unevaluatedProperties": false], instance: ["ab": 1, "b": 1],
            valid: false),
        SchemaCase(
            name: "dependentSchemas evaluates when it applies",
            schema: [
                "properties": ["a": true], "dependentSchemas": ["a": ["properties": ["b": true]]],
                "unevaluatedProperties": false,
            ], instance: ["a": 1, "b": 1], valid: true),
        SchemaCase(
            name: "a child's names are its own",
            schema: ["properties": ["o": ["properties": ["a": true]]], "unevaluatedProperties": false],
            instance: ["o": ["b": 1]], valid: true),
        SchemaCase(
            name: "unevaluatedProperties as a schema",
            schema: ["unevaluatedProperties": ["type": "string"]], instance: ["a": 1], valid: false),
        SchemaCase(
            name: "nested unevaluatedProperties evaluates for the outer one",
            schema: [
                "allOf": [["properties": ["a": true], "unevaluatedProperties": true]],
                "unevaluatedProperties": false,
            ], instance: ["a": 1, "b": 1], valid: true),
        SchemaCase(
            name: "prefixItems evaluates its items",
            schema: ["prefixItems": [true], "unevaluatedItems": false], instance: [1], valid: true),
        SchemaCase(
            name: "items past prefixItems",
            schema: ["prefixItems": [true], "unevaluatedItems": false], instance: [1, 2], valid: false),
        SchemaCase(
            name: "items evaluates every item", schema: ["items": true, "unevaluatedItems": false],
            instance: [1, 2], valid: true),
        SchemaCase(
            name: "contains evaluates the items it matches (2020-12)",
            schema: ["contains": ["type": "string"], "unevaluatedItems": false], instance: ["a", 1], valid: false),
        SchemaCase(
            name: "the longest prefix of the valid anyOf branches",
            schema: [
                "anyOf": [["prefixItems": [true, true]], ["prefixItems": [true]]], "unevaluatedItems": false,
            ], instance: [1, 2], valid: true),
        SchemaCase(
            name: "unevaluatedItems as a schema",
            schema: ["prefixItems": [true], "unevaluatedItems": ["type": "string"]],
            instance: [1, "a", "b"], valid: true),
        SchemaCase(
            name: "2019-09: a tuple items evaluates its items", dialect: .draft2019_09,
            schema: ["items": [true], "unevaluatedItems": false], instance: [1, 2], valid: false),
        SchemaCase(
            name: "2019-09: additionalItems evaluates the rest", dialect: .draft2019_09,
            schema: ["items": [true], "additionalItems": true, "unevaluatedItems": false], instance: [1, 2],
            valid: true),
        SchemaCase(
            name: "2019-09: $recursiveRef applies unevaluatedProperties at each level", dialect: .draft2019_09,
            schema: [
                "$recursiveAnchor": true, "properties": ["a": true],
                "anyOf": [["properties": ["n": ["$recursiveRef": "#"]]]], "unevaluatedProperties": false,
            ], instance: ["a": 1, "n": ["a": 2, "x": 3]], valid: false),
    ]

    @Test("unevaluatedProperties and unevaluatedItems see what other keywords evaluated", arguments: unevaluatedCases)
    func unevaluated(_ testCase: SchemaCase) throws {
        let schema = try JSONSchema(testCase.schema, options: testCase.options)
        expectVerdict(schema, testCase.instance, testCase.valid)
    }

    @Test("unevaluatedProperties in a referenced schema does not see the referring schema's properties")
    func unevaluatedAcrossReference() throws {
        let schema = try JSONSchema([
            "$defs": ["closed": ["unevaluatedProperties": false]],
            "properties": ["a": true],
            "$ref": "#/$defs/closed",
        ])
        expectVerdict(schema, ["a": 1], false)
        expectVerdict(schema, [:], true)
    }
}
