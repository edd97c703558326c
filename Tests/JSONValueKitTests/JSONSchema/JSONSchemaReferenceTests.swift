import Testing

@testable import JSONValueKit

/// References: `$ref` resolved against `$id` as RFC 3986 says, to other
/// documents from ``JSONSchema/Options/documents``, to anchors and to JSON
/// Pointer fragments; and references that cross dialects.
@Suite("JSON Schema: references and documents")
struct JSONSchemaReferenceTests {
    struct Resolution: Sendable, CustomTestStringConvertible {
        var base: String
        var reference: String
        /// The absolute URI the reference must reach.
        var target: String
        var testDescription: String { "\(reference) against \(base)" }
    }

    static let resolutions: [Resolution] = [
        Resolution(base: "http://example.com/a/b/c.json", reference: "d.json", target: "http://example.com/a/b/d.json"),
        Resolution(
            base: "http://example.com/a/b/c.json", reference: "./d.json", target: "http://example.com/a/b/d.json"),
        Resolution(
            base: "http://example.com/a/b/c.json", reference: "../d.json", target: "http://example.com/a/d.json"),
        Resolution(
            base: "http://example.com/a/b/c.json", reference: "../../d.json", target: "http://example.com/d.json"),
        Resolution(
            base: "http://example.com/a/b/c.json", reference: "../../../d.json", target: "http://example.com/d.json"),
        Resolution(base: "http://example.com/a/b/c.json", reference: "/d.json", target: "http://example.com/d.json"),
        Resolution(
            base: "http://example.com/a/b/c.json", reference: "sub/./x/../d.json",
            target: "http://example.com/a/b/sub/d.json"),
        Resolution(
            base: "http://example.com/a/b/c.json", reference: "//other.example/d.json",
            target: "http://other.example/d.json"),
        Resolution(
            base: "http://example.com/a/b/c.json", reference: "https://other.example/x/../d.json",
            target: "https://other.example/d.json"),
        Resolution(
            base: "http://example.com/a/b/c.json", reference: "d.json?v=1", target: "http://example.com/a/b/d.json?v=1"),
        Resolution(base: "http://example.com/a/b/c.json?q", reference: "?v", target: "http://example.com/a/b/c.json?v"),
        Resolution(base: "http://example.com", reference: "d.json", target: "http://example.com/d.json"),
        Resolution(base: "http://example.com/a/", reference: "d.json", target: "http://example.com/a/d.json"),
        Resolution(base: "urn:example:root", reference: "urn:example:other", target: "urn:example:other"),
        Resolution(
            base: "urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed", reference: "tag:example.com,2024:other",
            target: "tag:example.com,2024:other"),
    ]

    @Test("a relative $ref resolves against $id as RFC 3986 says", arguments: resolutions)
    func relativeReference(_ resolution: Resolution) throws {
        let options = JSONSchema.Options(dialect: .draft2020_12, documents: [resolution.target: ["minimum": 10]])
        let schema = try JSONSchema(
            ["$id": .string(resolution.base), "$ref": .string(resolution.reference)], options: options)
        expectVerdict(schema, 10, true)
        let error = try #require(schema.validate(5).errors.first)
        #expect(error.keywordLocation == "/$ref/minimum")
        #expect(error.absoluteKeywordLocation == resolution.target + "#/minimum")
    }

    @Test("a nested $id is the base of the references inside it")
    func nestedIdentifiers() throws {
        let documents: [String: JSONValue] = ["http://example.com/nested/sibling.json": ["minimum": 3]]
        let schema = try JSONSchema(
            [
                "$id": "http://example.com/root.json",
                "$ref": "nested/inner.json",
                "$defs": ["inner": ["$id": "nested/inner.json", "$ref": "sibling.json"]],
            ], options: .init(dialect: .draft2020_12, documents: documents))
        let error = try #require(schema.validate(2).errors.first)
        #expect(error.keywordLocation == "/$ref/$ref/minimum")
        #expect(error.absoluteKeywordLocation == "http://example.com/nested/sibling.json#/minimum")

        // Each `$id` resolves against the one above it.
        let chained = try JSONSchema([
            "$id": "http://example.com/a/",
            "$defs": ["x": ["$id": "b/", "$defs": ["y": ["$id": "c.json", "minimum": 4]]]],
            "$ref": "b/c.json",
        ])
        let chainedError = try #require(chained.validate(3).errors.first)
        #expect(chainedError.absoluteKeywordLocation == "http://example.com/a/b/c.json#/minimum")
    }

    @Test("a document given under one URI with a different $id answers to both, and reports its $id")
    func documentAliases() throws {
        let documents: [String: JSONValue] = [
            "http://example.com/alias.json": ["$id": "http://example.com/canonical.json", "minimum": 1]
        ]
        for reference in ["http://example.com/alias.json", "http://example.com/canonical.json"] {
            let schema = try JSONSchema(
                ["$ref": .string(reference)], options: .init(dialect: .draft2020_12, documents: documents))
            let error = try #require(schema.validate(0).errors.first, "\(reference)")
            #expect(error.absoluteKeywordLocation == "http://example.com/canonical.json#/minimum")
        }
        // A key with an empty fragment names the same document.
        let withFragment = try JSONSchema(
            ["$ref": "http://example.com/x.json"],
            options: .init(dialect: .draft2020_12, documents: ["http://example.com/x.json#": ["minimum": 1]]))
        expectVerdict(withFragment, 0, false)
    }

    struct AnchorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var dialect: JSONSchema.Dialect
        var schema: JSONValue
        /// The absolute location of the failing `minimum`, or `nil` if the
        /// schema must not compile.
        var absoluteLocation: String??
        var testDescription: String { name }
    }

    static let anchorCases: [AnchorCase] = [
        AnchorCase(
            name: "2020-12 $anchor", dialect: .draft2020_12,
            schema: ["$defs": ["a": ["$anchor": "pos", "minimum": 0]], "$ref": "#pos"], absoluteLocation: .some(nil)),
        AnchorCase(
            name: "2019-09 $anchor", dialect: .draft2019_09,
            schema: ["$defs": ["a": ["$anchor": "pos", "minimum": 0]], "$ref": "#pos"], absoluteLocation: .some(nil)),
        AnchorCase(
            name: "2020-12 $dynamicAnchor is also a plain anchor", dialect: .draft2020_12,
            schema: ["$defs": ["a": ["$dynamicAnchor": "pos", "minimum": 0]], "$ref": "#pos"],
            absoluteLocation: .some(nil)),
        AnchorCase(
            name: "draft-07 $id with a fragment", dialect: .draft7,
            schema: ["definitions": ["a": ["$id": "#pos", "minimum": 0]], "allOf": [["$ref": "#pos"]]],
            absoluteLocation: .some(nil)),
        AnchorCase(
            name: "draft-06 $id with a fragment", dialect: .draft6,
            schema: ["definitions": ["a": ["$id": "#pos", "minimum": 0]], "allOf": [["$ref": "#pos"]]],
            absoluteLocation: .some(nil)),
        AnchorCase(
            name: "draft-04 id with a fragment", dialect: .draft4,
            schema: ["definitions": ["a": ["id": "#pos", "minimum": 0]], "allOf": [["$ref": "#pos"]]],
            absoluteLocation: .some(nil)),
        AnchorCase(
            name: "an anchor of an embedded resource, through its URI", dialect: .draft2020_12,
            schema: [
                "$id": "http://example.com/root",
                "$defs": ["a": ["$id": "other", "$defs": ["b": ["$anchor": "pos", "minimum": 0]]]],
                "$ref": "other#pos",
            ], absoluteLocation: "http://example.com/other#/$defs/b/minimum"),
        AnchorCase(
            name: "an embedded resource's anchor is not the root's", dialect: .draft2020_12,
            schema: [
                "$id": "http://example.com/root",
                "$defs": ["a": ["$id": "other", "$defs": ["b": ["$anchor": "pos", "minimum": 0]]]],
                "$ref": "#pos",
            ], absoluteLocation: nil),
        AnchorCase(
            name: "$anchor is no keyword in draft-07", dialect: .draft7,
            schema: ["definitions": ["a": ["$anchor": "pos", "minimum": 0]], "allOf": [["$ref": "#pos"]]],
            absoluteLocation: nil),
        AnchorCase(
            name: "an anchor inside enum is no anchor", dialect: .draft2020_12,
            schema: ["enum": [["$anchor": "pos", "minimum": 0]], "$ref": "#pos"], absoluteLocation: nil),
    ]

    @Test("anchors: $anchor, $dynamicAnchor, and $id fragments before 2019-09", arguments: anchorCases)
    func anchors(_ testCase: AnchorCase) throws {
        let options = JSONSchema.Options(dialect: testCase.dialect)
        guard case .some(let location) = testCase.absoluteLocation else {
            let error = compileError(testCase.schema, options: options)
            guard case .unresolvedReference? = error?.kind else {
                Issue.record("expected an unresolved reference, got \(String(describing: error))")
                return
            }
            return
        }
        let schema = try JSONSchema(testCase.schema, options: options)
        expectVerdict(schema, 0, true)
        let error = try #require(schema.validate(-1).errors.first)
        #expect(error.message == "-1 is less than the minimum of 0")
        #expect(error.absoluteKeywordLocation == location)
    }

    @Test(
        "JSON Pointer fragments: ~0, ~1, percent escapes, UTF-8, empty names",
        arguments: [
            ("a/b", "#/$defs/a~1b"), ("c~d", "#/$defs/c~0d"), ("~1", "#/$defs/~01"), ("e f", "#/$defs/e%20f"),
            ("g%h", "#/$defs/g%25h"), ("é", "#/$defs/%C3%A9"), ("", "#/$defs/"), ("a~1b", "#/$defs/a~01b"),
            ("x/y~z é", "#/$defs/x~1y~0z%20%C3%A9"),
        ])
    func pointerFragments(_ name: String, _ reference: String) throws {
        // A decoy with the name spelled as the fragment, to catch a
        // reference that is not unescaped.
        let schema = try JSONSchema([
            "$id": "https://example.com/s",
            "$defs": [name: ["minimum": 5], "decoy": ["minimum": 0]],
            "$ref": .string(reference),
        ])
        expectVerdict(schema, 5, true)
        let error = try #require(schema.validate(4).errors.first)
        #expect(error.keywordLocation == "/$ref/minimum")
        // The absolute location spells the pointer as a URI fragment.
        let pointer = JSONPointer(tokens: ["$defs", name, "minimum"])
        #expect(error.absoluteKeywordLocation == "https://example.com/s" + pointer.uriFragment)
    }

    @Test(
        "a pointer that leads nowhere does not resolve",
        arguments: [
            "#/$defs/a/b", "#/prefixItems/01", "#/prefixItems/1", "#/prefixItems/-", "#/$defs/%zz", "#/$defs/~2",
        ])
    func pointerMisses(_ reference: String) {
        let error = compileError([
            "$defs": ["a/b": ["minimum": 1]], "prefixItems": [["minimum": 1]], "$ref": .string(reference),
        ])
        #expect(error?.kind == .unresolvedReference(reference))
        #expect(error?.location == "/$ref")
    }

    @Test("a pointer may lead anywhere in the document: array items, unknown keywords")
    func pointerTargets() throws {
        let items = try JSONSchema([
            "prefixItems": [["minimum": 1], ["minimum": 2]], "properties": ["a": ["$ref": "#/prefixItems/1"]],
        ])
        expectVerdict(items, ["a": 2], true)
        expectVerdict(items, ["a": 1], false)
        let unknown = try JSONSchema(["x-library": ["positive": ["minimum": 0]], "$ref": "#/x-library/positive"])
        expectVerdict(unknown, -1, false)
    }

    // MARK: - Across dialects

    static let draft07Document: JSONValue = [
        "$schema": "http://json-schema.org/draft-07/schema#",
        "definitions": [
            "pair": ["items": [["type": "string"]], "additionalItems": false],
            "short": ["$ref": "#/definitions/string", "maxLength": 1],
            "string": ["type": "string"],
            "whole": ["type": "integer"],
        ],
    ]

    @Test("a 2020-12 schema refers to a draft-07 document, which keeps draft-07's meanings")
    func newerToOlder() throws {
        let uri = "http://example.com/d7.json"
        let schema = try JSONSchema(
            [
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "properties": [
                    "pair": ["$ref": .string(uri + "#/definitions/pair")],
                    "short": ["$ref": .string(uri + "#/definitions/short")],
                    "whole": ["$ref": .string(uri + "#/definitions/whole")],
                ],
                // 2020-12 keeps its own meanings at the root.
                "prefixItems": [["type": "string"]],
            ], options: .init(dialect: .draft2020_12, documents: [uri: Self.draft07Document]))
        expectVerdict(schema, ["pair": ["a"]], true)
        // A tuple with `additionalItems: false`.
        expectVerdict(schema, ["pair": ["a", "b"]], false)
        expectVerdict(schema, ["pair": [1]], false)
        // `$ref` replaces `maxLength` beside it in draft-07.
        expectVerdict(schema, ["short": "long"], true)
        expectVerdict(schema, ["whole": .double(1.0)], true)
        expectVerdict(schema, [1], false)
        let error = try #require(schema.validate(["pair": ["a", "b"]]).errors.first)
        #expect(error.instanceLocation == "/pair")
        #expect(error.keywordLocation == "/properties/pair/$ref/additionalItems")
        #expect(error.absoluteKeywordLocation == uri + "#/definitions/pair/additionalItems")
    }

    @Test("a draft-07 schema refers to a 2020-12 document, and an embedded resource keeps its own $schema")
    func olderToNewer() throws {
        let uri = "http://example.com/new.json"
        let newer: JSONValue = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "prefixItems": [["type": "string"]],
            "items": false,
        ]
        let schema = try JSONSchema(
            ["$schema": "http://json-schema.org/draft-07/schema#", "$ref": .string(uri)],
            options: .init(dialect: .draft7, documents: [uri: newer]))
        expectVerdict(schema, ["a"], true)
        expectVerdict(schema, ["a", 1], false)
        expectVerdict(schema, [1], false)

        let embedded = try JSONSchema([
            "$defs": [
                "old": [
                    "$id": "http://example.com/old", "$schema": "http://json-schema.org/draft-07/schema#",
                    "items": [["type": "string"]],
                ]
            ],
            "$ref": "http://example.com/old",
        ])
        expectVerdict(embedded, [1], false)
        expectVerdict(embedded, ["a", 1], true)
    }

    @Test("a document without $schema takes the default dialect")
    func documentDialect() throws {
        let uri = "http://example.com/plain.json"
        let documents: [String: JSONValue] = [uri: ["minimum": 0, "exclusiveMinimum": true]]
        let older = try JSONSchema(["$ref": .string(uri)], options: .init(dialect: .draft4, documents: documents))
        expectVerdict(older, 1, true)
        expectVerdict(older, 0, false)
        // The same document in 2020-12: exclusiveMinimum is a number there.
        let error = compileError(["$ref": .string(uri)], options: .init(dialect: .draft2020_12, documents: documents))
        #expect(error?.kind == .invalidKeywordValue("exclusiveMinimum"))
        #expect(error?.documentURI == uri)
        #expect(error?.location == "/exclusiveMinimum")
    }

    @Test("references through properties and items recurse as deep as the value, and end")
    func recursion() throws {
        let list = try JSONSchema([
            "$defs": [
                "node": [
                    "type": "object", "required": ["value"],
                    "properties": ["value": ["type": "integer"], "next": ["$ref": "#/$defs/node"]],
                ]
            ],
            "$ref": "#/$defs/node",
        ])
        var value: JSONValue = ["value": 0]
        for index in 1...50 { value = ["value": .int(index), "next": value] }
        expectVerdict(list, value, true)
        var broken: JSONValue = ["value": "zero"]
        for index in 1...50 { broken = ["value": .int(index), "next": broken] }
        let errors = list.validate(broken).errors
        #expect(errors.count == 1)
        #expect(errors.first?.instanceLocation == JSONPointer(tokens: Array(repeating: "next", count: 50) + ["value"]))
        #expect(errors.first?.keywordLocation.tokens.count == 1 + 3 * 50 + 3)
    }
}
