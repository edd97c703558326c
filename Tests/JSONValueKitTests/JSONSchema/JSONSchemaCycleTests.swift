import Testing

@testable import JSONValueKit

/// Schemas that apply themselves to the same value through a cycle of
/// in-place keywords (`$ref`, `allOf`, `anyOf`, `oneOf`, `not`,
/// `if`/`then`/`else`, `dependentSchemas` or `dependencies`, `$dynamicRef`,
/// `$recursiveRef`) compile; validation that enters such a cycle is
/// undecided there, and fails with an error that names the keywords of the
/// cycle, unless the outcome does not depend on it.
///
/// The verdicts of the values that validation decides are those of
/// `jsonschema-rs` 0.61, and of python `jsonschema` 4.26 wherever it gives
/// one: it evaluates keywords in the schema's order and stops at nothing,
/// so it enters some cycles that the outcome does not depend on (the second
/// branch of an `anyOf` after a valid first, the third of a `oneOf` after
/// two valid ones, every branch when collecting annotations), and raises
/// `RecursionError` there. For the values that enter a cycle, python
/// raises; `jsonschema-rs` takes the schema it comes back to as valid, so
/// that `{"$ref": "#"}` accepts every value and `{"not": {"$ref": "#"}}`
/// none, an answer the schema does not give.
@Suite("JSON Schema: cycles decided when entered")
struct JSONSchemaCycleTests {
    /// What validating a value gives.
    enum Verdict: Sendable, CustomStringConvertible {
        case valid
        case invalid
        /// Invalid because a cycle was entered: the keywords of the cycle,
        /// as the error names them, and the error's instance location.
        case cycle(String, at: JSONPointer = "")
        /// Undecided, with another error than the cycle's.
        case undecided(String, at: JSONPointer = "")

        var description: String {
            switch self {
            case .valid: "valid"
            case .invalid: "invalid"
            case .cycle(let steps, let location): "cycle through \(steps) at \(location)"
            case .undecided(let message, let location): "undecided at \(location): \(message)"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var dialects: [JSONSchema.Dialect]
        /// The schema as JSON text.
        var schema: String
        var documents: [String: String] = [:]
        /// Values as JSON text, and their verdicts.
        var values: [(String, Verdict)]
        var testDescription: String { name }
    }

    static func message(through steps: String) -> String {
        "the schema applies itself to the same value through \(steps), so this value cannot be validated"
    }

    static let unevaluatedPropertiesMessage =
        "\"unevaluatedProperties\" cannot be decided: a subschema applied to this value applies itself to it in a "
        + "cycle, so what it evaluates is unknown"
    static let unevaluatedItemsMessage =
        "\"unevaluatedItems\" cannot be decided: a subschema applied to this value applies itself to it in a "
        + "cycle, so what it evaluates is unknown"

    static let all: [JSONSchema.Dialect] = JSONSchema.Dialect.allCases
    static let since2019: [JSONSchema.Dialect] = [.draft2019_09, .draft2020_12]
    static let untilDraft7: [JSONSchema.Dialect] = [.draft4, .draft6, .draft7]

    static let cases: [Case] = [
        Case(
            name: "a definition that refers to itself through allOf, reached by one property",
            dialects: since2019,
            schema: ##"""
                {"type": "object", "properties": {"x": {"$ref": "#/$defs/itself"}},
                 "$defs": {"itself": {"type": "object", "allOf": [{"$ref": "#/$defs/itself"}, {"required": ["a"]}]}}}
                """##,
            values: [
                ("{}", .valid), (##"{"y": 1}"##, .valid), (##"{"x": 1}"##, .invalid),
                // `required` fails, which decides `allOf` whatever the cycle.
                (##"{"x": {}}"##, .invalid),
                (##"{"x": {"a": 1}}"##, .cycle("allOf/0 → $ref", at: "/x")),
            ]),
        Case(
            name: "the same, with definitions", dialects: all,
            schema: ##"""
                {"type": "object", "properties": {"x": {"$ref": "#/definitions/itself"}},
                 "definitions": {"itself": {"type": "object", "allOf": [{"$ref": "#/definitions/itself"}, {"required": ["a"]}]}}}
                """##,
            values: [
                ("{}", .valid), (##"{"x": {}}"##, .invalid),
                (##"{"x": {"a": 1}}"##, .cycle("allOf/0 → $ref", at: "/x")),
            ]),
        Case(
            name: "two definitions whose allOf name each other", dialects: all,
            schema: ##"""
                {"definitions": {"a": {"allOf": [{"$ref": "#/definitions/b"}]}, "b": {"allOf": [{"$ref": "#/definitions/a"}]}},
                 "properties": {"p": {"$ref": "#/definitions/a"}}}
                """##,
            values: [
                ("{}", .valid), ("1", .valid),
                (##"{"p": 1}"##, .cycle("allOf/0 → $ref → allOf/0 → $ref", at: "/p")),
            ]),
        Case(
            name: "$ref to the schema itself", dialects: all, schema: ##"{"$ref": "#"}"##,
            values: [("1", .cycle("$ref")), ("{}", .cycle("$ref"))]),
        Case(
            name: "$ref beside a keyword that fails first", dialects: since2019,
            schema: ##"{"type": "string", "$ref": "#"}"##,
            values: [("1", .invalid), (#""x""#, .cycle("$ref"))]),
        Case(
            name: "through a definition back to the root", dialects: since2019,
            schema: ##"{"anyOf": [{"type": "string"}, {"$ref": "#/$defs/a"}], "$defs": {"a": {"$ref": "#"}}}"##,
            values: [(#""x""#, .valid), ("1", .cycle("anyOf/1 → $ref → $ref"))]),
        Case(
            name: "anyOf: a valid branch decides it", dialects: all,
            schema: ##"{"anyOf": [{"type": "string"}, {"$ref": "#"}]}"##,
            values: [(#""x""#, .valid), ("1", .cycle("anyOf/1 → $ref"))]),
        Case(
            // python jsonschema and jsonschema-rs recurse in the first
            // branch here and fail; the outcome does not depend on it.
            name: "anyOf: a valid branch after the cycle decides it too", dialects: all,
            schema: ##"{"anyOf": [{"$ref": "#"}, {"type": "string"}]}"##,
            values: [(#""x""#, .valid), ("1", .cycle("anyOf/0 → $ref"))]),
        Case(
            name: "oneOf: one valid branch and an undecided one", dialects: all,
            schema: ##"{"oneOf": [{"type": "string"}, {"$ref": "#"}]}"##,
            values: [(#""x""#, .cycle("oneOf/1 → $ref")), ("1", .cycle("oneOf/1 → $ref"))]),
        Case(
            name: "oneOf: two valid branches decide it", dialects: all,
            schema: ##"{"oneOf": [{"type": "string"}, {"minLength": 1}, {"$ref": "#"}]}"##,
            values: [(#""x""#, .invalid), (##""""##, .cycle("oneOf/2 → $ref")), ("1", .cycle("oneOf/2 → $ref"))]),
        Case(
            name: "not of an undecided schema is undecided", dialects: all,
            schema: ##"{"not": {"$ref": "#"}}"##,
            values: [("1", .cycle("not → $ref")), ("null", .cycle("not → $ref"))]),
        Case(
            name: "not, under an anyOf that another branch decides", dialects: all,
            schema: ##"{"anyOf": [{"type": "string"}, {"not": {"$ref": "#"}}]}"##,
            values: [(#""x""#, .valid), ("1", .cycle("anyOf/1 → not → $ref"))]),
        Case(
            name: "not of a schema that fails before its cycle", dialects: all,
            schema: ##"{"not": {"allOf": [{"type": "string"}, {"$ref": "#"}]}}"##,
            values: [("1", .valid), (#""x""#, .cycle("not → allOf/1 → $ref"))]),
        Case(
            name: "if: an undecided condition chooses neither branch", dialects: [.draft7] + since2019,
            schema: ##"{"if": {"$ref": "#"}, "then": {"type": "string"}}"##,
            values: [("1", .cycle("if → $ref")), (#""x""#, .cycle("if → $ref"))]),
        Case(
            name: "if beside a keyword that fails", dialects: [.draft7] + since2019,
            schema: ##"{"type": "string", "if": {"$ref": "#"}}"##,
            values: [("1", .invalid), (#""x""#, .cycle("if → $ref"))]),
        Case(
            name: "then and else", dialects: [.draft7] + since2019,
            schema: ##"{"if": {"type": "string"}, "then": {"minLength": 1}, "else": {"$ref": "#"}}"##,
            values: [(#""x""#, .valid), (##""""##, .invalid), ("1", .cycle("else → $ref"))]),
        Case(
            name: "dependentSchemas", dialects: since2019,
            schema: ##"{"dependentSchemas": {"a": {"$ref": "#"}}}"##,
            values: [("{}", .valid), (##"{"b": 1}"##, .valid), (##"{"a": 1}"##, .cycle("dependentSchemas/a → $ref"))]),
        Case(
            name: "dependencies", dialects: untilDraft7,
            schema: ##"{"dependencies": {"a": {"$ref": "#"}}}"##,
            values: [("{}", .valid), (##"{"b": 1}"##, .valid), (##"{"a": 1}"##, .cycle("dependencies/a → $ref"))]),
        Case(
            name: "$dynamicRef to its own dynamic anchor", dialects: [.draft2020_12],
            schema: ##"{"$dynamicAnchor": "node", "anyOf": [{"type": "object"}, {"$dynamicRef": "#node"}]}"##,
            values: [("{}", .valid), ("1", .cycle("anyOf/1 → $dynamicRef"))]),
        Case(
            name: "a $dynamicRef that the dynamic scope sends elsewhere", dialects: [.draft2020_12],
            schema: ##"""
                {"$id": "https://example.com/root", "$dynamicAnchor": "node", "type": "object",
                 "properties": {"p": {"$ref": "list"}},
                 "$defs": {"list": {"$id": "list", "$dynamicAnchor": "node",
                                    "anyOf": [{"type": "string"}, {"$dynamicRef": "#node"}]}}}
                """##,
            values: [
                (##"{"p": "x"}"##, .valid), (##"{"p": {"p": "x"}}"##, .valid), (##"{"p": 1}"##, .invalid),
                (##"{"p": {"p": 1}}"##, .invalid),
            ]),
        Case(
            name: "the same $dynamicRef from its own resource", dialects: [.draft2020_12],
            schema: ##"{"$ref": "https://example.com/list"}"##,
            documents: [
                "https://example.com/list": ##"""
                {"$id": "https://example.com/list", "$dynamicAnchor": "node",
                 "anyOf": [{"type": "string"}, {"$dynamicRef": "#node"}]}
                """##
            ],
            values: [(#""x""#, .valid), ("1", .cycle("anyOf/1 → $dynamicRef"))]),
        Case(
            name: "$recursiveRef", dialects: [.draft2019_09],
            schema: ##"{"$recursiveAnchor": true, "anyOf": [{"type": "string"}, {"$recursiveRef": "#"}]}"##,
            values: [(#""x""#, .valid), ("1", .cycle("anyOf/1 → $recursiveRef"))]),
        Case(
            name: "two documents that refer to each other", dialects: all,
            schema: ##"{"$ref": "http://example.com/a"}"##,
            documents: [
                "http://example.com/a": ##"{"anyOf": [{"type": "null"}, {"$ref": "http://example.com/b"}]}"##,
                "http://example.com/b": ##"{"allOf": [{"$ref": "http://example.com/a"}]}"##,
            ],
            values: [("null", .valid), ("1", .cycle("anyOf/1 → $ref → allOf/0 → $ref"))]),
        Case(
            name: "a cycle below items and properties is entered for each value", dialects: since2019,
            schema: ##"""
                {"items": {"$ref": "#/$defs/loop"}, "properties": {"a": {"$ref": "#/$defs/loop"}},
                 "$defs": {"loop": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/loop"}]}}}
                """##,
            values: [
                (##"["x", "y"]"##, .valid), (##"["x", 1]"##, .cycle("anyOf/1 → $ref", at: "/1")),
                (##"{"a": "x", "b": 1}"##, .valid), (##"{"a": 2}"##, .cycle("anyOf/1 → $ref", at: "/a")),
            ]),
        Case(
            name: "contains counts the undecided items both ways", dialects: since2019,
            schema: ##"""
                {"contains": {"$ref": "#/$defs/loop"}, "maxContains": 1,
                 "$defs": {"loop": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/loop"}]}}}
                """##,
            values: [
                (##"["x"]"##, .valid), ("[1]", .cycle("anyOf/1 → $ref", at: "/0")),
                (##"["x", 1]"##, .cycle("anyOf/1 → $ref", at: "/1")),
                (##"["x", "y", 1]"##, .invalid),
            ]),
        Case(
            name: "unevaluatedProperties after an anyOf with an undecided branch", dialects: since2019,
            schema: ##"""
                {"anyOf": [{"properties": {"a": true}}, {"$ref": "#"}], "unevaluatedProperties": false}
                """##,
            values: [
                (##"{"a": 1}"##, .valid),
                (##"{"b": 1}"##, .undecided(Self.unevaluatedPropertiesMessage)),
            ]),
        Case(
            name: "unevaluatedItems after an undecided allOf", dialects: [.draft2020_12],
            schema: ##"""
                {"prefixItems": [true], "allOf": [{"$ref": "#/$defs/loop"}], "unevaluatedItems": false,
                 "$defs": {"loop": {"anyOf": [{"type": "array"}, {"$ref": "#/$defs/loop"}]}}}
                """##,
            values: [
                ("[1]", .valid),
                // The undecided branch of `anyOf` might have evaluated the
                // second item.
                ("[1, 2]", .undecided(Self.unevaluatedItemsMessage)),
                ("1", .cycle("anyOf/1 → $ref")),
            ]),
        Case(
            name: "unevaluatedItems after an undecided allOf, with items", dialects: [.draft2019_09],
            schema: ##"""
                {"items": [true], "allOf": [{"$ref": "#/$defs/loop"}], "unevaluatedItems": false,
                 "$defs": {"loop": {"anyOf": [{"type": "array"}, {"$ref": "#/$defs/loop"}]}}}
                """##,
            values: [
                ("[1]", .valid),
                // The undecided branch of `anyOf` might have evaluated the
                // second item.
                ("[1, 2]", .undecided(Self.unevaluatedItemsMessage)),
                ("1", .cycle("anyOf/1 → $ref")),
            ]),
        Case(
            name: "propertyNames", dialects: [.draft6, .draft7] + since2019,
            schema: ##"""
                {"propertyNames": {"$ref": "#/definitions/name"},
                 "definitions": {"name": {"anyOf": [{"maxLength": 2}, {"$ref": "#/definitions/name"}]}}}
                """##,
            values: [(##"{"ab": 1}"##, .valid), (##"{"abc": 1}"##, .cycle("anyOf/1 → $ref"))]),
        Case(
            name: "a discriminated oneOf never evaluates the branches that another value pins", dialects: since2019,
            schema: ##"""
                {"type": "object", "required": ["kind"],
                 "oneOf": [
                   {"properties": {"kind": {"const": "a"}}, "required": ["kind"]},
                   {"properties": {"kind": {"const": "b"}}, "required": ["kind"], "allOf": [{"$ref": "#"}]}]}
                """##,
            values: [
                (##"{"kind": "a"}"##, .valid), (##"{"kind": "c"}"##, .invalid),
                (##"{"kind": "b"}"##, .cycle("oneOf/1 → allOf/0 → $ref")),
            ]),
    ]

    static func check(_ testCase: Case, _ dialect: JSONSchema.Dialect) throws {
        var options = JSONSchema.Options(dialect: dialect)
        for (uri, text) in testCase.documents { options.documents[uri] = try JSONValue(parsing: text) }
        let schema = try JSONSchema(JSONValue(parsing: testCase.schema), options: options)
        for (text, verdict) in testCase.values {
            let value = try JSONValue(parsing: text)
            let comment = Comment(rawValue: "\(dialect), \(text): \(verdict)")
            let valid: Bool
            if case .valid = verdict { valid = true } else { valid = false }
            let result = schema.validate(value)
            #expect(schema.isValid(value) == valid, comment)
            #expect(result.isValid == valid, comment)
            #expect(result.errors.isEmpty == valid, comment)
            for format in JSONSchema.OutputFormat.allCases {
                #expect(result.output(format)["valid"] == .bool(valid), "\(format) \(comment)")
            }
            switch verdict {
            case .valid, .invalid:
                break
            case .cycle(let steps, let location):
                let error = ValidationErrorSummary(location: location, message: message(through: steps))
                #expect(result.errors.map(ValidationErrorSummary.init) == [error], comment)
            case .undecided(let message, let location):
                let error = ValidationErrorSummary(location: location, message: message)
                #expect(result.errors.map(ValidationErrorSummary.init) == [error], comment)
            }
        }
    }

    struct ValidationErrorSummary: Equatable, CustomStringConvertible {
        var location: JSONPointer
        var message: String

        init(location: JSONPointer, message: String) {
            self.location = location
            self.message = message
        }

        init(_ error: JSONSchema.ValidationError) {
            self.init(location: error.instanceLocation, message: error.message)
        }

        var description: String { "\(location): \(message)" }
    }

    @Test("each case compiles, and each value gets its verdict in every dialect it names", arguments: cases)
    func verdicts(_ testCase: Case) throws {
        for dialect in testCase.dialects { try Self.check(testCase, dialect) }
    }

    @Test("a cycle entered at the bottom of a value 511 levels deep, on a 512 KiB thread")
    func deepValue() throws {
        let schema: JSONValue = [
            "items": ["$ref": "#"], "anyOf": [["type": "array"], ["$ref": "#/$defs/loop"]],
            "$defs": ["loop": ["allOf": [["$ref": "#/$defs/loop"]]]],
        ]
        let depth = JSONSchemaSafetyTests.depth - 1
        var value: JSONValue = 1
        var array: JSONValue = []
        for _ in 0..<depth {
            value = [value]
            array = [array]
        }
        let (deepValue, emptyArray) = (value, array)
        let results = try onSmallStack { () -> (Bool, Bool, [JSONSchema.ValidationError], JSONValue, Bool) in
            let compiled = try JSONSchema(schema)
            let result = compiled.validate(deepValue)
            return (
                compiled.isValid(deepValue), result.isValid, result.errors, result.output(.basic),
                compiled.isValid(emptyArray)
            )
        }
        #expect(!results.0 && !results.1)
        #expect(results.2.map(\.message) == [Self.message(through: "allOf/0 → $ref")])
        #expect(results.2.first?.instanceLocation == JSONPointer(tokens: Array(repeating: "0", count: depth)))
        #expect(results.3["valid"] == false)
        #expect(results.4)
    }

    /// `value` with the subschemas of `allOf`, `anyOf` and `oneOf` and the
    /// members of every object in another order, drawn from `random`.
    static func shuffled(_ value: JSONValue, _ random: inout SeededGenerator) -> JSONValue {
        switch value {
        case .object(let object):
            var members = Array(object)
            members.shuffle(using: &random)
            var result = JSONObject()
            for (name, member) in members {
                var member = shuffled(member, &random)
                if ["allOf", "anyOf", "oneOf"].contains(name), case .array(var elements) = member {
                    elements.shuffle(using: &random)
                    member = .array(elements)
                }
                result[name] = member
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { shuffled($0, &random) })
        default:
            return value
        }
    }

    @Test(
        "on random schemas, most with cycles: every way of validating agrees, in any order of subschemas and members",
        arguments: 0..<4)
    func randomOrderIndependence(slice: Int) throws {
        let size = UInt64(Sanitizers.scaled(125))
        var entered = 0
        var decidedAfterEntering = 0
        var failures: [String] = []
        for seed in UInt64(slice) * 125..<UInt64(slice) * 125 + size {
            var random = RandomSchema(seed: seed &+ 0xC7C1E)
            var document = random.document()
            if case .object(var root) = document {
                // A cycle through the root, in place, under an anyOf; and a
                // definition that refers to itself, in place, or not.
                if random.chance(50) { root["anyOf"] = [random.schema(depth: 2), ["$ref": "#"]] }
                if root["$defs"] == nil {
                    let definition = random.schema(depth: 2)
                    root["$defs"] = [
                        "d": random.chance(50) ? ["oneOf": [definition, ["$ref": "#/$defs/d"]]] : definition
                    ]
                }
                document = .object(root)
            }
            let schema = try JSONSchema(document)
            var order = SeededGenerator(seed: seed)
            let reordered = try JSONSchema(Self.shuffled(document, &order))
            for _ in 0..<8 {
                let instance = random.instance()
                let fast = schema.isValid(instance)
                let result = schema.validate(instance)
                var problems: [String] = []
                if result.isValid != fast { problems.append("isValid \(fast), validate \(result.isValid)") }
                if reordered.isValid(instance) != fast { problems.append("reordered, isValid differs") }
                if reordered.validate(instance).isValid != fast { problems.append("reordered, validate differs") }
                if result.errors.isEmpty != fast { problems.append("\(result.errors.count) errors") }
                for format in JSONSchema.OutputFormat.allCases where result.output(format)["valid"] != .bool(fast) {
                    problems.append("\(format) output disagrees")
                }
                let verbose = try result.output(.verbose).jsonString()
                if verbose.contains("applies itself to the same value") {
                    entered += 1
                    if fast || result.errors.allSatisfy({ !$0.message.contains("applies itself") }) {
                        decidedAfterEntering += 1
                    }
                }
                if !problems.isEmpty {
                    failures.append(
                        "seed \(seed): \(problems) schema \((try? document.jsonString()) ?? "?") "
                            + "value \((try? instance.jsonString()) ?? "?")")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(10).joined(separator: "\n"))")
        // The corpus enters cycles, and decides some values all the same.
        #expect(entered > Int(size), "\(entered) values entered a cycle")
        #expect(decidedAfterEntering > Int(size) / 4, "\(decidedAfterEntering) decided after entering a cycle")
    }
}
