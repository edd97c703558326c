import Testing

@testable import JSONValueKit

/// The fast path's dispatch of a `oneOf` or `anyOf` whose branches accept
/// disjoint JSON types: `isValid(_:)` evaluates only the branch that may
/// accept the value's type, `validate(_:)` every branch. On seeded random
/// instances both must agree, for unions with and without a `type` on each
/// branch, with `const` and `enum` branches, `integer` and `number` branches
/// (`1` and `1.0`), types that no branch accepts, and unions reached through
/// `properties`, `items`, `$ref` and other unions, where the fast path
/// dispatches.
@Suite("JSON Schema: oneOf and anyOf dispatched by type")
struct SchemaTypeDispatchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var union: JSONValue
        /// Whether the compiled union is expected to dispatch.
        var dispatches: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "oneOf of string, array and object",
            union: [
                "oneOf": [
                    ["type": "string", "maxLength": 3], ["type": "array", "items": ["type": "integer"]],
                    ["type": "object", "required": ["a"]],
                ]
            ], dispatches: true),
        Case(
            name: "anyOf of integer, string and null",
            union: [
                "anyOf": [["type": "integer", "minimum": 0], ["type": "string", "minLength": 1], ["type": "null"]]
            ], dispatches: true),
        Case(
            name: "oneOf of integer and number (both may hold for numbers)",
            union: ["oneOf": [["type": "integer"], ["type": "number", "maximum": 10], ["type": "string"]]],
            dispatches: true),
        Case(
            name: "oneOf of integer alone among numbers (1.0, 1.5)",
            union: ["oneOf": [["type": "integer", "maximum": 10], ["type": "boolean"], ["type": "array"]]],
            dispatches: true),
        Case(
            name: "oneOf of const, enum and boolean branches",
            union: ["oneOf": [["const": "a"], ["enum": [1, 2.5, "b"]], ["type": "boolean"], ["const": ["x": 1]]]],
            dispatches: true),
        Case(
            name: "oneOf with a branch without type",
            union: ["oneOf": [["type": "string"], ["minimum": 3], ["type": "array", "maxItems": 1]]],
            dispatches: true),
        Case(
            name: "oneOf under a type that accepts only some numbers",
            union: [
                "type": ["integer", "object", "array"],
                "oneOf": [["type": "string"], ["type": "number", "maximum": 10], ["type": "object"]],
            ], dispatches: true),
        Case(
            name: "anyOf with true and false branches",
            union: ["anyOf": [["type": "array", "minItems": 1], true, false]], dispatches: true),
        Case(
            name: "oneOf with false and a type",
            union: ["oneOf": [false, ["type": "object", "maxProperties": 1], ["type": ["string", "null"]]]],
            dispatches: true),
        Case(
            name: "oneOf of branches that are references",
            union: [
                "definitions": [
                    "s": ["type": "string", "pattern": "^a"], "n": ["type": "number", "multipleOf": 2],
                ],
                "oneOf": [["$ref": "#/definitions/s"], ["$ref": "#/definitions/n"], ["type": "null"]],
            ], dispatches: true),
        Case(
            name: "oneOf of a union and a type",
            union: [
                "oneOf": [
                    ["oneOf": [["type": "string"], ["type": "integer", "minimum": 2]]],
                    ["type": "object", "required": ["a"]],
                ]
            ], dispatches: true),
        Case(
            name: "draft-04: oneOf of integer and string, where 1.0 is not an integer",
            union: [
                "$schema": "http://json-schema.org/draft-04/schema#",
                "oneOf": [["type": "integer"], ["type": "string"]],
            ], dispatches: true),
        Case(
            name: "oneOf of branches without type, which overlap on every type",
            union: ["oneOf": [["minimum": 5], ["maxLength": 2], ["type": "string", "minLength": 1]]],
            dispatches: false),
        Case(
            name: "oneOf whose branches overlap on strings and numbers, and accept nothing else",
            union: ["oneOf": [["type": ["string", "integer"]], ["type": ["integer", "string"], "minimum": 5]]],
            dispatches: true),
    ]

    /// The values instances are made of: every type, integers written as
    /// doubles, and strings and members that the unions above look at.
    static let scalars: [JSONValue] = [
        .null, true, false, 0, 1, -1, 2, 5, 11, .double(1.0), .double(1.5), .double(2.0), .double(-0.5),
        .double(12.0), "", "a", "ab", "abcd", "b", "x",
    ]

    static func value(_ random: inout RandomJSON, depth: Int = 0) -> JSONValue {
        switch depth < 3 ? random.int(in: 0...5) : 0 {
        case 0, 1, 2: return scalars[random.int(in: 0...(scalars.count - 1))]
        case 3:
            return .array((0..<random.int(in: 0...3)).map { _ in value(&random, depth: depth + 1) })
        case 4:
            var members: JSONObject = [:]
            for _ in 0..<random.int(in: 0...3) {
                members[["a", "x", "content"][random.int(in: 0...2)]] = value(&random, depth: depth + 1)
            }
            return .object(members)
        default:
            return random.value(depth: 3)
        }
    }

    /// The union where the fast path dispatches it: as items, as a
    /// property, through a `$ref` from both; and as a branch of an outer
    /// `anyOf`, which evaluates it as usual (its definitions moved to the
    /// root, where `$ref`s find them).
    static func placements(of union: JSONValue) -> [JSONValue] {
        var union = union
        var root: JSONObject = [:]
        if case .object(var members) = union {
            if let definitions = members.removeValue(forKey: "definitions") { root["definitions"] = definitions }
            if let dialect = members.removeValue(forKey: "$schema") { root["$schema"] = dialect }
            union = .object(members)
        }
        func schema(_ members: JSONObject) -> JSONValue {
            var schema = root
            for (key, value) in members { schema[key] = value }
            if case .object(var definitions) = schema["definitions"] ?? [:] {
                definitions["u"] = union
                schema["definitions"] = .object(definitions)
            }
            return .object(schema)
        }
        return [
            schema(["items": union]),
            schema(["properties": ["p": union, "q": ["$ref": "#/definitions/u"]]]),
            schema(["items": ["$ref": "#/definitions/u"]]),
            schema(["items": ["anyOf": [["$ref": "#/definitions/u"], ["type": "object", "required": ["zz"]]]]]),
        ]
    }

    @Test("isValid agrees with validate on seeded random instances", arguments: cases)
    func agreesWithValidate(_ testCase: Case) throws {
        var random = RandomJSON(seed: 0x5EED_D15A_7C40 &+ UInt64(testCase.name.utf8.count))
        for (placement, schemaValue) in Self.placements(of: testCase.union).enumerated() {
            let schema = try JSONSchema(schemaValue)
            for round in 0..<Sanitizers.scaled(300) {
                let items = (0..<random.int(in: 0...4)).map { _ in Self.value(&random) }
                let instance: JSONValue =
                    placement == 1
                    ? ["p": items.first ?? .null, "q": items.last ?? .null] : .array(items)
                let fast = schema.isValid(instance)
                let full = schema.validate(instance).isValid
                #expect(fast == full, "placement \(placement), round \(round): \(instance)")
                if fast != full { return }
            }
        }
    }

    @Test("the unions dispatch, or not, as expected", arguments: cases)
    func dispatches(_ testCase: Case) throws {
        let program = try JSONSchema(Self.placements(of: testCase.union)[2]).program
        let nodes = (0..<program.nodes.buffer.count).map { program.nodes.buffer[$0] }
        #expect(nodes.contains { $0.alias < -1 } == testCase.dispatches)
    }

    /// A recursive union as in a dictionary's structured content: text,
    /// lists of content, and elements whose content is content again.
    static let structuredContent: JSONValue = [
        "definitions": [
            "content": [
                "oneOf": [
                    ["type": "string"],
                    ["type": "array", "items": ["$ref": "#/definitions/content"]],
                    [
                        "type": "object", "required": ["tag"], "additionalProperties": false,
                        "properties": [
                            "tag": ["enum": ["a", "b"]], "content": ["$ref": "#/definitions/content"],
                            "n": ["type": "integer"],
                        ],
                    ],
                ]
            ]
        ],
        "items": ["$ref": "#/definitions/content"],
    ]

    @Test("a recursive union: isValid agrees with validate")
    func recursiveUnion() throws {
        let schema = try JSONSchema(Self.structuredContent)
        var random = RandomJSON(seed: 41)
        func content(_ depth: Int) -> JSONValue {
            switch depth < 4 ? random.int(in: 0...3) : 0 {
            case 0: return random.bool() ? "text" : Self.scalars[random.int(in: 0...(Self.scalars.count - 1))]
            case 1: return .array((0..<random.int(in: 0...3)).map { _ in content(depth + 1) })
            default:
                var element: JSONObject = [:]
                if random.int(in: 0...5) > 0 { element["tag"] = random.bool() ? "a" : "c" }
                if random.bool() { element["content"] = content(depth + 1) }
                if random.int(in: 0...3) == 0 { element["n"] = random.bool() ? 1 : .double(1.5) }
                return .object(element)
            }
        }
        for round in 0..<400 {
            let instance = JSONValue.array((0..<random.int(in: 1...3)).map { _ in content(0) })
            let fast = schema.isValid(instance)
            #expect(fast == schema.validate(instance).isValid, "round \(round): \(instance)")
        }
        #expect(try schema.isValid(JSONValue(parsing: #"[["x", {"tag": "a", "content": [{"tag": "b"}]}]]"#)))
        #expect(try !schema.isValid(JSONValue(parsing: #"[{"tag": "a", "content": {"tag": "a", "n": 1.5}}]"#)))
        #expect(try !schema.isValid(JSONValue(parsing: #"[[1]]"#)))
    }

    @Test("a union on a cycle of in-place subschemas does not dispatch, and stays undecided")
    func unionOnACycle() throws {
        let schema = try JSONSchema([
            "definitions": ["a": ["oneOf": [["$ref": "#/definitions/a"], ["type": "string"]]]],
            "items": ["$ref": "#/definitions/a"],
        ])
        for instance: JSONValue in [["x"], [1], [], [["x"]]] {
            #expect(schema.isValid(instance) == schema.validate(instance).isValid, "\(instance)")
        }
    }
}
