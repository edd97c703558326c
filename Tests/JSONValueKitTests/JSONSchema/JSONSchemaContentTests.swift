import Testing

@testable import JSONValueKit

/// `contentEncoding`, `contentMediaType` and `contentSchema` are annotations
/// unless ``JSONSchema/Options-swift.struct/assertsContent`` asks to assert
/// them; ``JSONSchema/Options-swift.struct/assertsFormats`` asserts `format`
/// only.
@Suite("JSON Schema: content keywords")
struct JSONSchemaContentTests {
    static func options(
        _ dialect: JSONSchema.Dialect, formats: Bool = false, content: Bool = false
    ) -> JSONSchema.Options {
        var options = JSONSchema.Options(dialect: dialect)
        options.assertsFormats = formats
        options.assertsContent = content
        return options
    }

    /// A catalog's schema for container settings (draft-07) says that a
    /// module's `createOptions` is JSON text, and the catalog's own valid
    /// files leave it empty.
    static let moduleSettings: JSONValue = [
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": [
            "image": ["type": "string"],
            "createOptions": ["type": "string", "contentMediaType": "application/json"],
        ],
    ]

    @Test("an empty createOptions is valid with formats asserted, and invalid with the content keywords asserted")
    func catalogCase() throws {
        let settings: JSONValue = ["image": "registry.example.com/agent:1.4", "createOptions": ""]
        for formats in [false, true] {
            expectVerdict(
                try JSONSchema(Self.moduleSettings, options: Self.options(.draft7, formats: formats)), settings, true)
        }
        let asserting = try JSONSchema(Self.moduleSettings, options: Self.options(.draft7, content: true))
        expectVerdict(asserting, settings, false)
        let error = try #require(asserting.validate(settings).errors.first)
        #expect(error.instanceLocation == "/createOptions")
        #expect(error.keywordLocation == "/properties/createOptions/contentMediaType")
        #expect(error.message.hasPrefix("the string is not JSON text: "))
        expectVerdict(asserting, ["createOptions": #"{"HostConfig": {"Privileged": true}}"#], true)
    }

    /// Each dialect with the keywords, as annotations and asserted: draft-04
    /// and -06 have none.
    @Test(
        "content keywords per dialect, as annotations by default and asserted on request",
        arguments: JSONSchema.Dialect.allCases)
    func dialects(_ dialect: JSONSchema.Dialect) throws {
        let hasKeywords = dialect.rank >= 7
        let schemas: [(JSONValue, JSONValue, JSONValue)] = [
            // Schema, a value that holds what it says, a value that does not.
            (["contentMediaType": "application/json"], #"{"a": 1}"#, "{a: 1}"),
            (["contentEncoding": "base64"], "eyJhIjogMX0=", "eyJhIjogMX0"),
            (["contentEncoding": "base64", "contentMediaType": "application/json"], "eyJhIjogMX0=", "e2E6IDF9"),
        ]
        for (schema, good, bad) in schemas {
            let annotating = try JSONSchema(schema, options: Self.options(dialect, formats: true))
            let asserting = try JSONSchema(schema, options: Self.options(dialect, content: true))
            for value in [good, bad, 1, ["a"]] { expectVerdict(annotating, value, true, "\(schema) \(value)") }
            expectVerdict(asserting, good, true, "\(schema)")
            expectVerdict(asserting, bad, !hasKeywords, "\(schema)")
            // Values other than strings are never checked.
            expectVerdict(asserting, 1, true)
            expectVerdict(asserting, ["a"], true)
        }
    }

    @Test("messages say which keyword fails and why")
    func messages() throws {
        let schema = try JSONSchema(
            ["contentEncoding": "base64", "contentMediaType": "application/json"],
            options: Self.options(.draft2020_12, content: true))
        let notBase64 = try #require(schema.validate("a%b=").errors.first)
        #expect(notBase64.keywordLocation == "/contentEncoding")
        #expect(notBase64.message == "\"a%b=\" is not valid base64")
        let notJSON = try #require(schema.validate("e2E6IDF9").errors.first)
        #expect(notJSON.keywordLocation == "/contentMediaType")
        #expect(notJSON.message.hasPrefix("the base64 in the string does not encode JSON text: "))
    }

    /// `eyJmb28iOiAiYmFyIn0=` is `{"foo":"bar"}`, `eyJmb28iOiA0Mn0=` is
    /// `{"foo": 42}`, `e30=` is `{}`.
    @Test("contentSchema validates the JSON value in the string, from 2019-09 on")
    func contentSchema() throws {
        let schema: JSONValue = [
            "properties": [
                "token": [
                    "contentEncoding": "base64", "contentMediaType": "application/json",
                    "contentSchema": [
                        "type": "object", "required": ["foo"], "properties": ["foo": ["type": "string"]],
                    ],
                ]
            ]
        ]
        for dialect in [JSONSchema.Dialect.draft2019_09, .draft2020_12] {
            let asserting = try JSONSchema(schema, options: Self.options(dialect, content: true))
            expectVerdict(asserting, ["token": "eyJmb28iOiAiYmFyIn0="], true)
            expectVerdict(asserting, ["token": "eyJmb28iOiA0Mn0="], false)
            expectVerdict(asserting, ["token": "e30="], false)
            let errors = asserting.validate(["token": "eyJmb28iOiA0Mn0="]).errors
            #expect(errors.map(\.instanceLocation) == ["/token"])
            #expect(errors.map(\.keywordLocation) == ["/properties/token/contentSchema/properties/foo/type"])
            #expect(errors.map(\.message) == ["expected a string, but found the integer 42"])
            for format in JSONSchema.OutputFormat.allCases {
                #expect(asserting.validate(["token": "e30="]).output(format)["valid"] == false)
            }
            // As annotations, nothing is decoded.
            let annotating = try JSONSchema(schema, options: Self.options(dialect))
            expectVerdict(annotating, ["token": "e30="], true)
        }
        // Draft-07 has no contentSchema: only the encoding and media type hold.
        let draft7 = try JSONSchema(schema, options: Self.options(.draft7, content: true))
        expectVerdict(draft7, ["token": "e30="], true)
        expectVerdict(draft7, ["token": "e30"], false)
    }

    @Test(
        "the encodings and media types that are asserted, and those that stay annotations",
        arguments: [
            (["contentMediaType": "application/json"], true),
            (["contentMediaType": "Application/JSON; charset=utf-8"], true),
            (["contentMediaType": "application/geo+json"], true),
            (["contentMediaType": "application/+json"], false),
            (["contentMediaType": "text/plain"], false),
            (["contentMediaType": "application/xml"], false),
            (["contentMediaType": 1], false),
            (["contentEncoding": "base64"], true),
            (["contentEncoding": "BASE64"], true),
            (["contentEncoding": "base32"], false),
            (["contentEncoding": "quoted-printable"], false),
        ] as [(JSONValue, Bool)])
    func assertedKinds(_ schema: JSONValue, _ asserted: Bool) throws {
        let compiled = try JSONSchema(schema, options: Self.options(.draft2020_12, content: true))
        // Neither JSON text nor base64.
        expectVerdict(compiled, "{not json%", !asserted)
    }

    @Test("a string that holds a value 511 levels deep, validated against contentSchema on a 512 KiB thread")
    func deepContent() throws {
        let schema: JSONValue = [
            "properties": ["s": ["contentMediaType": "application/json", "contentSchema": ["$ref": "#/$defs/tree"]]],
            "$defs": ["tree": ["type": ["array", "integer"], "items": ["$ref": "#/$defs/tree"]]],
        ]
        let depth = JSONSchemaSafetyTests.depth - 1
        let good = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let bad = String(repeating: "[", count: depth) + "\"x\"" + String(repeating: "]", count: depth)
        let results = try onSmallStack { () -> (Bool, Bool, [JSONSchema.ValidationError]) in
            let compiled = try JSONSchema(schema, options: Self.options(.draft2020_12, content: true))
            return (
                compiled.isValid(["s": .string(good)]), compiled.isValid(["s": .string(bad)]),
                compiled.validate(["s": .string(bad)]).errors
            )
        }
        #expect(results.0 && !results.1)
        #expect(results.2.map(\.instanceLocation) == ["/s"])
        #expect(results.2.first?.message == "expected an array or an integer, but found the string \"x\"")
    }
}
