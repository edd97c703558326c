import Testing

@testable import JSONValueKit

/// What ``JSONSchema/validate(_:)`` reports: errors in document order, each
/// with its instance location, its keyword location through references,
/// its absolute location, and a sentence that says what was expected and
/// what was found; and `isValid`, the fast path, always agreeing with it.
@Suite("JSON Schema: validation results")
struct JSONSchemaValidationResultTests {
    struct Expected: Sendable, Equatable, CustomStringConvertible {
        var instanceLocation: JSONPointer
        var keywordLocation: JSONPointer
        var message: String

        init(_ instanceLocation: JSONPointer, _ keywordLocation: JSONPointer, _ message: String) {
            self.instanceLocation = instanceLocation
            self.keywordLocation = keywordLocation
            self.message = message
        }

        init(_ error: JSONSchema.ValidationError) {
            self.init(error.instanceLocation, error.keywordLocation, error.message)
        }

        var description: String { "\(instanceLocation) \(keywordLocation): \(message)" }
    }

    struct MessageCase: Sendable, CustomTestStringConvertible {
        var keyword: String
        var dialect: JSONSchema.Dialect = .draft2020_12
        var schema: JSONValue
        var instance: JSONValue
        var errors: [Expected]
        /// Whether the content keywords are asserted.
        var assertsContent = false
        var testDescription: String { keyword }
    }

    static let messageCases: [MessageCase] = [
        MessageCase(
            keyword: "minimum", schema: ["minimum": 0], instance: -1,
            errors: [Expected("", "/minimum", "-1 is less than the minimum of 0")]),
        MessageCase(
            keyword: "maximum", schema: ["maximum": .double(5.5)], instance: 10,
            errors: [Expected("", "/maximum", "10 is greater than the maximum of 5.5")]),
        MessageCase(
            keyword: "exclusiveMinimum", schema: ["exclusiveMinimum": 0], instance: 0,
            errors: [Expected("", "/exclusiveMinimum", "0 is less than or equal to the exclusive minimum of 0")]),
        MessageCase(
            keyword: "exclusiveMaximum", schema: ["exclusiveMaximum": 10], instance: .double(10.5),
            errors: [Expected("", "/exclusiveMaximum", "10.5 is greater than or equal to the exclusive maximum of 10")]),
        MessageCase(
            keyword: "draft-04 exclusiveMinimum", dialect: .draft4, schema: ["minimum": 0, "exclusiveMinimum": true],
            instance: 0, errors: [Expected("", "/minimum", "0 is less than or equal to the exclusive minimum of 0")]),
        MessageCase(
            keyword: "type", schema: ["type": "integer"], instance: .double(1.5),
            errors: [Expected("", "/type", "expected an integer, but found the number 1.5")]),
        MessageCase(
            keyword: "type with a string", schema: ["type": "integer"], instance: "a",
            errors: [Expected("", "/type", "expected an integer, but found the string \"a\"")]),
        MessageCase(
            keyword: "type with several names", schema: ["type": ["string", "null", "integer"]],
            instance: .double(1.5),
            errors: [Expected("", "/type", "expected a string, an integer or null, but found the number 1.5")]),
        MessageCase(
            keyword: "type with an object", schema: ["type": ["string", "number"]], instance: ["a": [1]],
            errors: [Expected("", "/type", "expected a string or a number, but found the object {\"a\":[1]}")]),
        MessageCase(
            keyword: "minLength", schema: ["minLength": 2], instance: "a",
            errors: [Expected("", "/minLength", "\"a\" is shorter than 2 characters")]),
        MessageCase(
            keyword: "minLength of one", schema: ["minLength": 1], instance: "",
            errors: [Expected("", "/minLength", "\"\" is shorter than 1 character")]),
        MessageCase(
            keyword: "maxLength counts scalars", schema: ["maxLength": 1], instance: "\u{1F600}\u{1F600}",
            errors: [Expected("", "/maxLength", "\"\u{1F600}\u{1F600}\" is longer than 1 character")]),
        MessageCase(
            keyword: "minItems", schema: ["minItems": 1], instance: [],
            errors: [Expected("", "/minItems", "expected at least 1 item, but found 0")]),
        MessageCase(
            keyword: "maxItems", schema: ["maxItems": 2], instance: [1, 2, 3],
            errors: [Expected("", "/maxItems", "expected at most 2 items, but found 3")]),
        MessageCase(
            keyword: "uniqueItems", schema: ["uniqueItems": true], instance: [1, 2, .double(1.0)],
            errors: [Expected("", "/uniqueItems", "the items must be unique, but items 0 and 2 are both 1")]),
        MessageCase(
            keyword: "minProperties", schema: ["minProperties": 1], instance: [:],
            errors: [Expected("", "/minProperties", "expected at least 1 property, but found 0")]),
        MessageCase(
            keyword: "maxProperties", schema: ["maxProperties": 1], instance: ["a": 1, "b": 2],
            errors: [Expected("", "/maxProperties", "expected at most 1 property, but found 2")]),
        MessageCase(
            keyword: "required", schema: ["required": ["a", "b", "c"]], instance: ["b": 1],
            errors: [
                Expected("", "/required", "the required property \"a\" is missing"),
                Expected("", "/required", "the required property \"c\" is missing"),
            ]),
        MessageCase(
            keyword: "enum", schema: ["enum": [1, "a", nil]], instance: 2,
            errors: [Expected("", "/enum", "2 is not one of [1,\"a\",null]")]),
        MessageCase(
            keyword: "const", schema: ["const": ["a": [1]]], instance: 2,
            errors: [Expected("", "/const", "expected {\"a\":[1]}, but found 2")]),
        MessageCase(
            keyword: "const with a long value, cut short", schema: ["const": "x"],
            instance: .string(String(repeating: "a", count: 100)),
            errors: [Expected("", "/const", "expected \"x\", but found \"" + String(repeating: "a", count: 58) + "…")]),
        MessageCase(
            keyword: "multipleOf", schema: ["multipleOf": .double(0.01)], instance: .double(0.075),
            errors: [Expected("", "/multipleOf", "0.075 is not a multiple of 0.01")]),
        MessageCase(
            keyword: "pattern", schema: ["pattern": "^a+$"], instance: "b",
            errors: [Expected("", "/pattern", "\"b\" does not match the pattern \"^a+$\"")]),
        MessageCase(
            keyword: "dependentRequired", schema: ["dependentRequired": ["a": ["b", "c"]]], instance: ["a": 1, "c": 2],
            errors: [Expected("", "/dependentRequired", "the property \"b\" is required when \"a\" is present")]),
        MessageCase(
            keyword: "dependencies", dialect: .draft7, schema: ["dependencies": ["a": ["b"]]], instance: ["a": 1],
            errors: [Expected("", "/dependencies", "the property \"b\" is required when \"a\" is present")]),
        MessageCase(
            keyword: "additionalProperties", schema: ["properties": ["a": true], "additionalProperties": false],
            instance: ["a": 1, "b": 2],
            errors: [Expected("/b", "/additionalProperties", "the property \"b\" is not allowed here")]),
        MessageCase(
            keyword: "propertyNames", schema: ["propertyNames": ["maxLength": 2]], instance: ["abc": 1],
            errors: [Expected("", "/propertyNames/maxLength", "\"abc\" is longer than 2 characters")]),
        MessageCase(
            keyword: "items false after prefixItems", schema: ["prefixItems": [true], "items": false],
            instance: [1, 2, 3], errors: [Expected("", "/items", "expected at most 1 item, but found 3")]),
        MessageCase(
            keyword: "additionalItems false", dialect: .draft7, schema: ["items": [true], "additionalItems": false],
            instance: [1, 2], errors: [Expected("", "/additionalItems", "expected at most 1 item, but found 2")]),
        MessageCase(
            keyword: "unevaluatedItems", schema: ["prefixItems": [true], "unevaluatedItems": false],
            instance: [1, 2], errors: [Expected("/1", "/unevaluatedItems", "item 1 is not allowed here (unevaluated)")]),
        MessageCase(
            keyword: "unevaluatedProperties", schema: ["unevaluatedProperties": false], instance: ["b": 1],
            errors: [
                Expected("/b", "/unevaluatedProperties", "the property \"b\" is not allowed here (unevaluated)")
            ]),
        MessageCase(
            keyword: "contains", schema: ["contains": ["type": "integer"]], instance: ["a"],
            errors: [Expected("", "/contains", "none of the items is valid against the schema in \"contains\"")]),
        MessageCase(
            keyword: "minContains", schema: ["contains": ["type": "integer"], "minContains": 2], instance: ["a", 1],
            errors: [
                Expected(
                    "", "/contains",
                    "only 1 item is valid against the schema in \"contains\", but at least 2 must be")
            ]),
        MessageCase(
            keyword: "maxContains", schema: ["contains": ["type": "integer"], "maxContains": 1], instance: [1, 2],
            errors: [
                Expected("", "/contains", "2 items are valid against the schema in \"contains\", but at most 1 may be")
            ]),
        MessageCase(
            keyword: "anyOf", schema: ["anyOf": [["type": "string"], ["minimum": 3]]], instance: 1,
            errors: [Expected("", "/anyOf", "1 is not valid against any of the schemas in \"anyOf\"")]),
        MessageCase(
            keyword: "oneOf with two matches", schema: ["oneOf": [["type": "integer"], ["minimum": 3]]], instance: 5,
            errors: [
                Expected(
                    "", "/oneOf",
                    "5 is valid against more than one of the schemas in \"oneOf\" (0 and 1), but must be valid "
                        + "against exactly one")
            ]),
        MessageCase(
            keyword: "oneOf with none", schema: ["oneOf": [["type": "integer"], ["type": "null"]]], instance: "x",
            errors: [Expected("", "/oneOf", "\"x\" is not valid against any of the schemas in \"oneOf\"")]),
        MessageCase(
            keyword: "not", schema: ["not": ["type": "integer"]], instance: 5,
            errors: [Expected("", "/not", "5 must not be valid against the schema in \"not\"")]),
        MessageCase(
            keyword: "then", schema: ["if": ["type": "string"], "then": ["minLength": 2], "else": ["minimum": 0]],
            instance: "a", errors: [Expected("", "/then/minLength", "\"a\" is shorter than 2 characters")]),
        MessageCase(
            keyword: "else", schema: ["if": ["type": "string"], "then": ["minLength": 2], "else": ["minimum": 0]],
            instance: -1, errors: [Expected("", "/else/minimum", "-1 is less than the minimum of 0")]),
        MessageCase(
            keyword: "false", schema: false, instance: 1,
            errors: [Expected("", "", "no value is allowed here (the schema is false), but found 1")]),
        MessageCase(
            keyword: "a false property", schema: ["properties": ["a": false]], instance: ["a": [1]],
            errors: [Expected("/a", "/properties/a", "no value is allowed here (the schema is false), but found [1]")]),
        MessageCase(
            keyword: "contentEncoding and contentMediaType (draft-07)", dialect: .draft7,
            schema: ["contentMediaType": "application/json", "contentEncoding": "base64"], instance: "notbase64!",
            errors: [Expected("", "/contentEncoding", "\"notbase64!\" is not valid base64")], assertsContent: true),
        MessageCase(
            keyword: "contentMediaType (draft-07)", dialect: .draft7, schema: ["contentMediaType": "application/json"],
            instance: "{",
            errors: [
                Expected(
                    "", "/contentMediaType",
                    "the string is not JSON text: Unexpected end of input at line 1, column 2 (byte 1).")
            ], assertsContent: true),
        MessageCase(
            keyword: "contentEncoding (draft-07)", dialect: .draft7, schema: ["contentEncoding": "base64"],
            instance: "!!", errors: [Expected("", "/contentEncoding", "\"!!\" is not valid base64")],
            assertsContent: true),
        MessageCase(
            keyword: "contentSchema (2020-12)",
            schema: ["contentMediaType": "application/json", "contentSchema": false],
            instance: "[]",
            errors: [Expected("", "/contentSchema", "no value is allowed here (the schema is false), but found []")],
            assertsContent: true),
    ]

    @Test("each keyword's error: where, which keyword, and what", arguments: messageCases)
    func messages(_ testCase: MessageCase) throws {
        var options = JSONSchema.Options(dialect: testCase.dialect)
        options.assertsContent = testCase.assertsContent
        let schema = try JSONSchema(testCase.schema, options: options)
        let result = schema.validate(testCase.instance)
        #expect(result.errors.map(Expected.init) == testCase.errors)
        #expect(!result.isValid)
        #expect(!schema.isValid(testCase.instance))
        #expect(result.errors.allSatisfy { $0.absoluteKeywordLocation == nil })
    }

    @Test("a type error names null once")
    func nullTypeMessage() throws {
        let errors = try JSONSchema(["type": "integer"]).validate(nil).errors
        // Today: "expected "integer", but found null null" (reported).
        #expect(errors.map(\.message) == ["expected an integer, but found null"])

    }

    @Test("the documentation's example, word for word")
    func documentationExample() throws {
        let schema = try JSONSchema([
            "type": "object",
            "properties": [
                "city": ["type": "string"],
                "days": ["type": "integer", "minimum": 1, "maximum": 14],
            ],
            "required": ["city"],
        ])
        #expect(schema.isValid(["city": "Oslo", "days": 3]))
        let result = schema.validate(["days": 0])
        #expect(
            result.errors.map(\.description) == [
                "(root): the required property \"city\" is missing", "/days: 0 is less than the minimum of 1",
            ])
        let error = try #require(result.errors.last)
        #expect(error.instanceLocation == "/days")
        #expect(error.keywordLocation == "/properties/days/minimum")
        #expect(error.message == "0 is less than the minimum of 1")
        // The public initializer makes the same error.
        #expect(
            error
                == JSONSchema.ValidationError(
                    instanceLocation: "/days", keywordLocation: "/properties/days/minimum",
                    absoluteKeywordLocation: nil, message: "0 is less than the minimum of 1"))
    }

    static let address: JSONValue = [
        "$id": "https://example.com/root",
        "$defs": [
            "address": [
                "$id": "address",
                "required": ["city"],
                "properties": ["zip": ["$ref": "#/$defs/zip"]],
                "$defs": ["zip": ["pattern": "^[0-9]{5}$"]],
            ]
        ],
        "properties": ["shipping": ["$ref": "address"], "billing": ["$ref": "address"]],
    ]

    @Test("keyword locations go through references; absolute locations name the resource")
    func locationsThroughReferences() throws {
        let schema = try JSONSchema(Self.address)
        let instance: JSONValue = ["shipping": ["zip": "x"], "billing": ["city": "Oslo", "zip": "12345"]]
        let errors = schema.validate(instance).errors
        #expect(
            errors.map(Expected.init) == [
                Expected(
                    "/shipping", "/properties/shipping/$ref/required", "the required property \"city\" is missing"),
                Expected(
                    "/shipping/zip", "/properties/shipping/$ref/properties/zip/$ref/pattern",
                    "\"x\" does not match the pattern \"^[0-9]{5}$\""),
            ])
        #expect(
            errors.map(\.absoluteKeywordLocation) == [
                "https://example.com/address#/required", "https://example.com/address#/$defs/zip/pattern",
            ])

        // Without `$id` there is no absolute URI to give.
        guard case .object(var anonymous) = Self.address else { return }
        anonymous["$id"] = nil
        anonymous["properties"] = [
            "shipping": ["$ref": "#/$defs/address"], "billing": ["$ref": "#/$defs/address"],
        ]
        anonymous["$defs"] = [
            "address": [
                "required": ["city"], "properties": ["zip": ["$ref": "#/$defs/zip"]],
            ],
            "zip": ["pattern": "^[0-9]{5}$"],
        ]
        let anonymousErrors = try JSONSchema(.object(anonymous)).validate(instance).errors
        #expect(anonymousErrors.count == 2)
        #expect(anonymousErrors.allSatisfy { $0.absoluteKeywordLocation == nil })
        #expect(anonymousErrors.last?.keywordLocation == "/properties/shipping/$ref/properties/zip/$ref/pattern")
    }

    @Test("an absolute location is an absolute URI, or nil")
    func absoluteLocationsAreAbsolute() throws {
        // A relative `$id` at the root gives no absolute URI.
        let relative = try JSONSchema(["$id": "tree", "minimum": 0])
        let error = try #require(relative.validate(-1).errors.first)
        #expect(error.absoluteKeywordLocation == nil)

        let urn = try JSONSchema(["$id": "urn:example:root", "$defs": ["x": ["minimum": 1]], "$ref": "#/$defs/x"])
        #expect(urn.validate(0).errors.first?.absoluteKeywordLocation == "urn:example:root#/$defs/x/minimum")
    }

    @Test("a resource with an absolute URI inside one without: only its errors have an absolute location")
    func absoluteLocationsPerResource() throws {
        // The builder leaves out the pointers of a resource without an
        // absolute URI, which no report shows; the embedded resource's must
        // still be spelled out, in the errors and in the output formats.
        let schema = try JSONSchema([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "minProperties": 4,
            "properties": [
                "a": ["$id": "https://example.com/inner", "properties": ["b": ["maximum": 1]]],
                "c": ["$ref": "https://example.com/inner#/properties/b"],
                "d": ["items": ["type": "string"]],
            ],
        ])
        let instance: JSONValue = ["a": ["b": 2], "c": 5, "d": ["x", 1]]
        let result = schema.validate(instance)
        #expect(
            result.errors.map(\.absoluteKeywordLocation) == [
                nil, "https://example.com/inner#/properties/b/maximum",
                "https://example.com/inner#/properties/b/maximum",
                nil,
            ])
        #expect(result.errors.map(\.instanceLocation) == ["", "/a/b", "/c", "/d/1"])
        guard case .object(let basic) = result.output(.basic), case .array(let units)? = basic["errors"] else {
            Issue.record("no basic output")
            return
        }
        let absolute = units.compactMap { unit -> String? in
            guard case .object(let fields) = unit, case .string(let location)? = fields["absoluteKeywordLocation"]
            else { return nil }
            return location
        }
        #expect(absolute.allSatisfy { $0.hasPrefix("https://example.com/inner#/properties/b") })
        #expect(absolute.contains("https://example.com/inner#/properties/b/maximum"))
    }

    @Test("errors come in document order: the value's order, not the schema's")
    func documentOrder() throws {
        let schema = try JSONSchema([
            "required": ["z"],
            "properties": [
                "a": ["minimum": 0],
                "b": ["items": ["type": "integer", "properties": ["c": ["minimum": 0]]]],
            ],
        ])
        let instance: JSONValue = ["b": [1, "x", ["c": -1]], "a": -5]
        #expect(
            schema.validate(instance).errors.map(Expected.init) == [
                Expected("", "/required", "the required property \"z\" is missing"),
                Expected("/b/1", "/properties/b/items/type", "expected an integer, but found the string \"x\""),
                Expected("/b/2", "/properties/b/items/type", "expected an integer, but found the object {\"c\":-1}"),
                Expected("/b/2/c", "/properties/b/items/properties/c/minimum", "-1 is less than the minimum of 0"),
                Expected("/a", "/properties/a/minimum", "-5 is less than the minimum of 0"),
            ])
    }

    @Test("anyOf, oneOf, not and contains report one error that sums up their branches")
    func summaries() throws {
        let anyOf = try JSONSchema(["anyOf": [["minimum": 5], ["type": "string"]]]).validate(1)
        #expect(anyOf.errors.map(\.keywordLocation) == ["/anyOf"])
        // The output keeps every detail.
        let basic = anyOf.output(.basic)["errors"]?.arrayValue ?? []
        let locations = basic.compactMap { $0["keywordLocation"]?.stringValue }
        #expect(locations.contains("/anyOf/0/minimum") && locations.contains("/anyOf/1/type"))

        let oneOf = try JSONSchema(["oneOf": [["minimum": 5], ["maximum": 0]]]).validate(1)
        #expect(oneOf.errors.map(\.keywordLocation) == ["/oneOf"])
        let not = try JSONSchema(["not": ["allOf": [["minimum": 0], ["type": "integer"]]]]).validate(1)
        #expect(not.errors.map(\.keywordLocation) == ["/not"])
        let contains = try JSONSchema(["contains": ["type": "string", "minLength": 2]]).validate([1, "a", nil])
        #expect(contains.errors.map(\.keywordLocation) == ["/contains"])

        // Errors under a valid anyOf branch, and in a failed `if`, are no
        // errors of the value.
        let passing = try JSONSchema(["anyOf": [["minimum": 5], ["type": "integer"]], "maximum": 0]).validate(3)
        #expect(passing.errors.map(\.keywordLocation) == ["/maximum"])
        let condition = try JSONSchema(["if": ["minimum": 5], "else": ["type": "string"]]).validate(3)
        #expect(condition.errors.map(\.keywordLocation) == ["/else/type"])
        // A summarizing error among others: each is reported once.
        let nested = try JSONSchema([
            "properties": ["a": ["anyOf": [["type": "string"], ["type": "null"]]]], "required": ["b"],
        ]).validate(["a": 1])
        #expect(nested.errors.map(\.keywordLocation) == ["/required", "/properties/a/anyOf"])
    }

    // MARK: - isValid agrees with validate

    /// Positions of a location's tokens in the value: member and item
    /// indices, for comparing document order.
    static func positions(of pointer: JSONPointer, in value: JSONValue) -> [Int]? {
        var current = value
        var result: [Int] = []
        for token in pointer.tokens {
            switch current {
            case .object(let object):
                guard let index = object.index(forKey: token) else { return nil }
                result.append(index)
                current = object[token]!
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                result.append(index)
                current = elements[index]
            default:
                return nil
            }
        }
        return result
    }

    /// 2,000 seeds in 8 slices that run in parallel; under the sanitizers,
    /// whose concern is memory and threads rather than the variety of random
    /// schemas, CI asks for a quarter of each slice (see `Sanitizers`).
    @Test(
        "isValid agrees with validate on thousands of random schemas and values",
        arguments: 0..<8)
    func randomAgreement(slice: Int) throws {
        let size = UInt64(Sanitizers.scaled(250))
        var compiled = 0
        var refused = 0
        var invalid = 0
        var failures: [String] = []
        for seed in UInt64(slice) * 250..<UInt64(slice) * 250 + size {
            var random = RandomSchema(seed: seed)
            let document = random.document()
            let schema: JSONSchema
            do {
                schema = try JSONSchema(document)
                compiled += 1
            } catch {
                refused += 1
                continue
            }
            for index in 0..<8 {
                let instance = random.instance()
                let fast = schema.isValid(instance)
                let result = schema.validate(instance)
                var problems: [String] = []
                if fast != result.isValid { problems.append("isValid \(fast), validate \(result.isValid)") }
                if result.errors.isEmpty != result.isValid { problems.append("\(result.errors.count) errors") }
                for format in [JSONSchema.OutputFormat.flag, .basic, .detailed, .verbose]
                where result.output(format)["valid"] != .bool(result.isValid) {
                    problems.append("\(format) output disagrees")
                }
                let orders = result.errors.map { Self.positions(of: $0.instanceLocation, in: instance) }
                if orders.contains(where: { $0 == nil }) { problems.append("an instance location leads nowhere") }
                let known = orders.compactMap { $0 }
                if zip(known, known.dropFirst()).contains(where: { $1.lexicographicallyPrecedes($0) }) {
                    problems.append("errors out of document order")
                }
                if !result.isValid { invalid += 1 }
                if !problems.isEmpty {
                    let schemaText = (try? document.jsonString()) ?? "?"
                    let instanceText = (try? instance.jsonString()) ?? "?"
                    failures.append(
                        "seed \(seed), value \(index): \(problems) schema \(schemaText) value \(instanceText)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(20).joined(separator: "\n"))")
        // The corpus exercises both outcomes.
        #expect(compiled * 5 > Int(size) * 3, "\(compiled) compiled, \(refused) refused")
        #expect(invalid > compiled * 8 / 5 && invalid < compiled * 8 * 4 / 5, "\(invalid) invalid of \(compiled * 8)")
    }
}
