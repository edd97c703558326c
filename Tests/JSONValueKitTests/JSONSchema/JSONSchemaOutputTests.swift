import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The four output formats of JSON Schema 2020-12, section 12.4: their
/// shape, their bytes (the same every time), and the official output
/// schema.
@Suite("JSON Schema: output formats")
struct JSONSchemaOutputTests {
    struct OutputCase: Sendable, CustomTestStringConvertible {
        var name: String
        var schema: JSONValue
        var instance: JSONValue
        var testDescription: String { name }
    }

    static let person: JSONValue = [
        "$id": "https://example.com/person",
        "title": "Person",
        "type": "object",
        "properties": [
            "name": ["type": "string", "minLength": 1, "description": "The name"],
            "age": ["$ref": "#/$defs/age"],
            "tags": ["type": "array", "items": ["type": "string"], "uniqueItems": true],
            "contact": ["anyOf": [["required": ["email"]], ["required": ["phone"]]]],
        ],
        "required": ["name"],
        "additionalProperties": false,
        "$defs": ["age": ["type": "integer", "minimum": 0, "default": 18]],
    ]

    static let cases: [OutputCase] = [
        OutputCase(name: "a valid person", schema: person, instance: ["name": "Ada", "age": 36, "tags": ["a"]]),
        OutputCase(
            name: "an invalid person", schema: person,
            instance: ["age": -1, "tags": ["a", "a", 3], "contact": [:], "extra": true]),
        OutputCase(
            name: "not and oneOf",
            schema: [
                "$id": "https://example.com/n", "not": ["type": "string"], "oneOf": [["minimum": 0], ["maximum": 5]],
            ],
            instance: 3),
        OutputCase(
            name: "a dynamic reference",
            schema: [
                "$id": "https://example.com/list", "$dynamicAnchor": "item",
                "properties": ["next": ["$dynamicRef": "#item"]], "title": "List", "maxProperties": 1,
            ], instance: ["next": ["next": ["a": 1, "b": 2]]]),
        OutputCase(
            name: "if, then and contains",
            schema: [
                "$id": "https://example.com/c", "if": ["type": "array"],
                "then": ["contains": ["const": 1], "minContains": 2], "deprecated": true,
            ], instance: [1, 2, 1]),
        OutputCase(name: "true", schema: true, instance: 1),
        OutputCase(name: "false", schema: false, instance: 1),
    ]

    // MARK: - Shape

    /// Whether two values are equal with members in the same order.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        default:
            return a == b
        }
    }

    /// The members a unit may have, in the order they come.
    static let unitKeys = [
        "valid", "keywordLocation", "absoluteKeywordLocation", "instanceLocation", "error", "annotation", "errors",
        "annotations",
    ]

    /// Checks one output unit's members: their order and types; returns
    /// the problems found.
    static func unitProblems(_ unit: JSONValue, at path: String) -> [String] {
        guard case .object(let object) = unit else { return ["\(path): not an object"] }
        var problems: [String] = []
        let keys = Array(object.keys)
        let order = keys.compactMap { Self.unitKeys.firstIndex(of: $0) }
        if order.count != keys.count { problems.append("\(path): unknown members \(keys)") }
        if order != order.sorted() { problems.append("\(path): members out of order \(keys)") }
        guard case .bool(let valid)? = object["valid"] else { return problems + ["\(path): no valid"] }
        for key in ["keywordLocation", "instanceLocation"] {
            guard case .string(let text)? = object[key], (try? JSONPointer(parsing: text)) != nil else {
                problems.append("\(path): \(key) is not a JSON Pointer")
                continue
            }
        }
        if let absolute = object["absoluteKeywordLocation"] {
            guard case .string(let text) = absolute, text.hasPrefix("https://example.com/"), text.contains("#") else {
                return problems + ["\(path): absoluteKeywordLocation \(absolute)"]
            }
        }
        if valid && (object["error"] != nil || object["errors"] != nil) {
            problems.append("\(path): a valid unit with errors")
        }
        if !valid && (object["annotation"] != nil || object["annotations"] != nil) {
            problems.append("\(path): an invalid unit with annotations")
        }
        if !valid && object["error"] == nil && object["errors"] == nil {
            problems.append("\(path): an invalid unit without error or errors")
        }
        return problems
    }

    @Test("flag: only whether the value is valid", arguments: cases)
    func flag(_ testCase: OutputCase) throws {
        let result = try JSONSchema(testCase.schema).validate(testCase.instance)
        #expect(Self.same(result.output(.flag), ["valid": .bool(result.isValid)]))
    }

    @Test("basic: a flat list of errors, or of annotations", arguments: cases)
    func basic(_ testCase: OutputCase) throws {
        let result = try JSONSchema(testCase.schema).validate(testCase.instance)
        let output = result.output(.basic)
        let listKey = result.isValid ? "annotations" : "errors"
        #expect(output.objectValue.map { Array($0.keys) } == ["valid", listKey])
        #expect(output["valid"] == .bool(result.isValid))
        let units = try #require(output[listKey]?.arrayValue)
        #expect(result.isValid || !units.isEmpty)
        for (index, unit) in units.enumerated() {
            #expect(Self.unitProblems(unit, at: "/\(index)") == [])
            #expect(unit["valid"] == .bool(result.isValid))
            #expect(unit["errors"] == nil && unit["annotations"] == nil, "basic is flat")
            #expect(unit[result.isValid ? "annotation" : "error"] != nil)
        }
        // Every error of the result is in the list.
        let listed = Set(units.compactMap { $0["keywordLocation"]?.stringValue })
        #expect(result.errors.allSatisfy { listed.contains($0.keywordLocation.description) })
    }

    /// Walks a hierarchical output, checking each unit; `agree` asks that
    /// every unit have the root's validity (detailed).
    static func hierarchyProblems(_ unit: JSONValue, agree: Bool, root: Bool, path: String = "") -> [String] {
        var problems = unitProblems(unit, at: path)
        guard case .bool(let valid)? = unit["valid"] else { return problems }
        if agree && valid != root { problems.append("\(path): validity \(valid) under a root of \(root)") }
        let parentKeyword = (try? JSONPointer(parsing: unit["keywordLocation"]?.stringValue ?? ""))?.tokens ?? []
        let parentInstance = (try? JSONPointer(parsing: unit["instanceLocation"]?.stringValue ?? ""))?.tokens ?? []
        for key in ["errors", "annotations"] {
            guard let children = unit[key] else { continue }
            if (key == "errors") == valid { problems.append("\(path): \(key) in a unit whose valid is \(valid)") }
            guard case .array(let elements) = children, !elements.isEmpty else {
                problems.append("\(path): \(key) is not a non-empty array")
                continue
            }
            for (index, child) in elements.enumerated() {
                let childPath = "\(path)/\(key)/\(index)"
                let keyword = (try? JSONPointer(parsing: child["keywordLocation"]?.stringValue ?? ""))?.tokens ?? []
                let instance = (try? JSONPointer(parsing: child["instanceLocation"]?.stringValue ?? ""))?.tokens ?? []
                // `additionalProperties` and `patternProperties` report
                // under `properties` (see `siblingKeywords`).
                let prefix = Array(parentKeyword.dropLast())
                let sibling =
                    parentKeyword.last == "properties" && keyword.count > prefix.count && keyword.starts(with: prefix)
                    && ["additionalProperties", "patternProperties"].contains(keyword[prefix.count])
                if !sibling && (!keyword.starts(with: parentKeyword) || !instance.starts(with: parentInstance)) {
                    problems.append("\(childPath): its locations do not extend its parent's")
                }
                problems += hierarchyProblems(child, agree: agree, root: root, path: childPath)
            }
        }
        return problems
    }

    @Test("detailed and verbose: a hierarchy that follows the schema", arguments: cases)
    func hierarchies(_ testCase: OutputCase) throws {
        let result = try JSONSchema(testCase.schema).validate(testCase.instance)
        for format in [JSONSchema.OutputFormat.detailed, .verbose] {
            let output = result.output(format)
            #expect(output["valid"] == .bool(result.isValid))
            #expect(output["keywordLocation"] == "" && output["instanceLocation"] == "")
            let problems = Self.hierarchyProblems(output, agree: format == .detailed, root: result.isValid)
            #expect(problems == [], "\(format)")
        }
    }

    @Test("additionalProperties and patternProperties report beside properties, not inside it")
    func siblingKeywords() throws {
        let schema = try JSONSchema([
            "properties": ["a": ["type": "string"]], "patternProperties": ["^p": ["type": "string"]],
            "additionalProperties": false,
        ])
        let verbose = schema.validate(["a": 1, "p": 2, "x": 3]).output(.verbose)
        let top = (verbose["errors"]?.arrayValue ?? []).compactMap { $0["keywordLocation"]?.stringValue }
        // Today all three come under one unit at "/properties" (reported).
        #expect(Set(top) == ["/properties", "/patternProperties", "/additionalProperties"])

    }

    @Test("verbose holds every unit, detailed the ones that bear on the result")
    func verboseHoldsMore() throws {
        func count(_ value: JSONValue) -> Int {
            1 + (value["errors"]?.arrayValue ?? []).reduce(0) { $0 + count($1) }
                + (value["annotations"]?.arrayValue ?? []).reduce(0) { $0 + count($1) }
        }
        let result = try JSONSchema(Self.person).validate(Self.cases[1].instance)
        let detailed = result.output(.detailed)
        let verbose = result.output(.verbose)
        #expect(count(verbose) > count(detailed))
        // Passing keywords appear in verbose only, with `valid: true`.
        #expect(try !detailed.jsonString().contains(#""valid":true"#))
        #expect(try verbose.jsonString().contains(#""valid":true"#))
    }

    @Test("exact output: basic, detailed and verbose for small schemas")
    func exactOutputs() throws {
        let minimum = try JSONSchema(["minimum": 0])
        let basic: JSONValue = [
            "valid": false,
            "errors": [
                [
                    "valid": false, "keywordLocation": "/minimum", "instanceLocation": "",
                    "error": "-1 is less than the minimum of 0",
                ]
            ],
        ]
        #expect(Self.same(minimum.validate(-1).output(.basic), basic))

        let annotated = try JSONSchema(["title": "T", "properties": ["a": ["default": 1, "minimum": 0]]])
        let annotations: JSONValue = [
            "valid": true,
            "annotations": [
                ["valid": true, "keywordLocation": "/properties/a/default", "instanceLocation": "/a", "annotation": 1],
                ["valid": true, "keywordLocation": "/title", "instanceLocation": "", "annotation": "T"],
            ],
        ]
        #expect(Self.same(annotated.validate(["a": 2]).output(.basic), annotations))

        let nested = try JSONSchema(["$id": "https://example.com/s", "properties": ["a": ["minimum": 0]]])
        let detailed: JSONValue = [
            "valid": false, "keywordLocation": "", "absoluteKeywordLocation": "https://example.com/s#",
            "instanceLocation": "",
            "errors": [
                [
                    "valid": false, "keywordLocation": "/properties/a/minimum",
                    "absoluteKeywordLocation": "https://example.com/s#/properties/a/minimum", "instanceLocation": "/a",
                    "error": "-1 is less than the minimum of 0",
                ]
            ],
        ]
        #expect(Self.same(nested.validate(["a": -1]).output(.detailed), detailed))
        let verbose: JSONValue = [
            "valid": false, "keywordLocation": "", "absoluteKeywordLocation": "https://example.com/s#",
            "instanceLocation": "",
            "errors": [
                [
                    "valid": false, "keywordLocation": "/properties",
                    "absoluteKeywordLocation": "https://example.com/s#/properties", "instanceLocation": "",
                    "errors": [
                        [
                            "valid": false, "keywordLocation": "/properties/a",
                            "absoluteKeywordLocation": "https://example.com/s#/properties/a",
                            "instanceLocation": "/a",
                            "errors": [
                                [
                                    "valid": false, "keywordLocation": "/properties/a/minimum",
                                    "absoluteKeywordLocation": "https://example.com/s#/properties/a/minimum",
                                    "instanceLocation": "/a", "error": "-1 is less than the minimum of 0",
                                ]
                            ],
                        ]
                    ],
                ]
            ],
        ]
        #expect(Self.same(nested.validate(["a": -1]).output(.verbose), verbose))
        // A valid value without annotations.
        #expect(Self.same(try JSONSchema(true).validate(1).output(.basic), ["valid": true, "annotations": []]))
        #expect(
            Self.same(
                try JSONSchema([:]).validate(1).output(.detailed),
                ["valid": true, "keywordLocation": "", "instanceLocation": ""]))
    }

    @Test("annotations of a valid value: metadata, format and unknown keywords; none from failed branches")
    func annotations() throws {
        let schema = try JSONSchema([
            "description": "d", "examples": [1], "deprecated": true, "readOnly": true, "x-unknown": ["a": 1],
            "format": "email",
            "anyOf": [["title": "kept"], ["type": "string", "title": "dropped"]],
            "not": ["title": "inside not", "type": "string"],
        ])
        let units = try #require(schema.validate(5).output(.basic)["annotations"]?.arrayValue)
        let found = Dictionary(
            units.map { ($0["keywordLocation"]?.stringValue ?? "", $0["annotation"] ?? .null) },
            uniquingKeysWith: { first, _ in first })
        #expect(found["/description"] == "d")
        #expect(found["/examples"] == [1])
        #expect(found["/deprecated"] == true)
        #expect(found["/readOnly"] == true)
        #expect(found["/x-unknown"] == ["a": 1])
        #expect(found["/format"] == "email")
        #expect(found["/anyOf/0/title"] == "kept")
        #expect(found["/anyOf/1/title"] == nil)
        #expect(found["/not/title"] == nil)
        #expect(units.count == 7)
    }

    // MARK: - Bytes

    @Test("the same bytes every time: twice, from two validations, from schemas compiled anew", arguments: cases)
    func byteStability(_ testCase: OutputCase) throws {
        let schema = try JSONSchema(testCase.schema)
        let result = schema.validate(testCase.instance)
        // Compiled anew, each kept alive so that its tables sit elsewhere.
        var schemas: [JSONSchema] = []
        for _ in 0..<8 { schemas.append(try JSONSchema(testCase.schema)) }
        for format in JSONSchema.OutputFormat.allCases {
            let bytes = try result.output(format).jsonData()
            #expect(try result.output(format).jsonData() == bytes, "\(format), twice")
            #expect(try schema.validate(testCase.instance).output(format).jsonData() == bytes, "\(format), again")
            for other in schemas {
                #expect(
                    try other.validate(testCase.instance).output(format).jsonData() == bytes, "\(format), recompiled")
            }
        }
        #expect(schemas.map { $0.validate(testCase.instance).errors } == Array(repeating: result.errors, count: 8))
    }

    // MARK: - The official output schema

    static let outputSchemaURI = "https://json-schema.org/draft/2020-12/output/schema"

    static func outputSchema(_ fragment: String) throws -> JSONSchema {
        let document = try JSONValue(parsing: Shared.data("conformance/json-schema-specs/2020-12/output/schema.json"))
        var options = JSONSchema.Options()
        options.documents[outputSchemaURI] = document
        return try JSONSchema(["$ref": .string(outputSchemaURI + fragment)], options: options)
    }

    @Test(
        "every output satisfies the official output schema: flag, each basic unit, detailed and verbose",
        .enabled(if: Shared.isAvailable, Shared.skipReason), arguments: cases)
    func officialOutputSchema(_ testCase: OutputCase) throws {
        let whole = try Self.outputSchema("")
        let unit = try Self.outputSchema("#/$defs/outputUnit")
        let result = try JSONSchema(testCase.schema).validate(testCase.instance)
        for format in JSONSchema.OutputFormat.allCases {
            let output = result.output(format)
            #expect(whole.isValid(output), "\(format)")
            // The specification's own example of `basic` (12.4.2) has only
            // `valid` and the list at the top, which `$defs/basic` (an
            // output unit) does not allow: its units are checked instead.
            if format == .basic {
                #expect(try Self.outputSchema("#/$defs/flag").isValid(output))
                for element in output[result.isValid ? "annotations" : "errors"]?.arrayValue ?? [] {
                    let verdict = unit.validate(element)
                    #expect(verdict.isValid, "\(element): \(verdict.errors)")
                }
            } else {
                let verdict = try Self.outputSchema("#/$defs/\(format)").validate(output)
                #expect(verdict.isValid, "\(format): \(verdict.errors)")
            }
        }
    }

    @Test("without an absolute $id, no unit has an absolute location (12.3.2 lets it be left out)")
    func withoutIdentifier() throws {
        let schema = try JSONSchema(["$defs": ["a": ["minimum": 0]], "properties": ["x": ["$ref": "#/$defs/a"]]])
        let result = schema.validate(["x": -1])
        for format in JSONSchema.OutputFormat.allCases {
            #expect(try !result.output(format).jsonString().contains("absoluteKeywordLocation"), "\(format)")
        }
        #expect(result.errors.map(\.keywordLocation) == ["/properties/x/$ref/minimum"])
        // The official output schema asks for an absolute location under
        // every `$ref`, stricter than the specification's text.
        if Shared.isAvailable {
            let unit = try #require(result.output(.basic)["errors"]?[0])
            #expect(try !Self.outputSchema("#/$defs/outputUnit").isValid(unit))
        }
    }
}
