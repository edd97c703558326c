import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Schemas and values from outside must not crash or hang validation: deep
/// nesting on a 512 KiB thread, one schema shared by many tasks, and hostile
/// schemas (reference cycles, huge keywords, long chains, backtracking
/// patterns).
@Suite("JSON Schema: safety")
struct JSONSchemaSafetyTests {
    static let depth = JSONValue.ParsingOptions.defaultMaximumNestingDepth

    /// Every value of ``StackSafetyTests/nested(_:depth:)``, at any depth:
    /// arrays `[level, value]` and objects `{"n": level, "v": value}`
    /// around the string `"leaf"`.
    static func recursiveSchema(maxLength: Int) -> JSONValue {
        [
            "type": ["array", "object", "integer", "string"],
            "minimum": 0,
            "maxLength": .int(maxLength),
            "items": ["$ref": "#"],
            "properties": ["n": ["type": "integer"], "v": ["$ref": "#"]],
        ]
    }

    /// The location of the leaf of ``StackSafetyTests/nested(_:depth:)``.
    static func leafLocation(_ shape: StackSafetyTests.Shape, depth: Int) -> JSONPointer {
        JSONPointer(
            tokens: (0..<depth).reversed().map { level in
                let useArray = shape == .arrays || (shape == .mixed && level % 2 == 0)
                return useArray ? "1" : "v"
            })
    }

    @Test(
        "values nested 512 deep, validated on a 512 KiB thread", arguments: StackSafetyTests.Shape.allCases)
    func deepValues(_ shape: StackSafetyTests.Shape) throws {
        let value = StackSafetyTests.nested(shape)
        let (fastValid, valid, fastInvalid, errors) = try onSmallStack {
            () -> (Bool, Bool, Bool, [JSONSchema.ValidationError]) in
            let accepting = try JSONSchema(Self.recursiveSchema(maxLength: 4))
            let refusing = try JSONSchema(Self.recursiveSchema(maxLength: 3))
            return (
                accepting.isValid(value), accepting.validate(value).isValid, refusing.isValid(value),
                refusing.validate(value).errors
            )
        }
        #expect(fastValid && valid && !fastInvalid)
        #expect(errors.map(\.message) == ["\"leaf\" is longer than 3 characters"])
        #expect(errors.first?.instanceLocation == Self.leafLocation(shape, depth: Self.depth))
        // Each level adds `$ref` and `items` (or `properties`, `v`).
        let perLevel = shape == .arrays ? 2 : shape == .objects ? 3 : 5
        let levels = shape == .mixed ? Self.depth / 2 : Self.depth
        #expect(errors.first?.keywordLocation.tokens.count == levels * perLevel + 1)
        // The flat output format is safe too.
        let basic = try onSmallStack {
            try JSONSchema(Self.recursiveSchema(maxLength: 3)).validate(value).output(.basic)
        }
        #expect(basic["errors"]?.arrayValue?.count == 1)
    }

    /// `{"items": … {"type": "integer"} …}` (`levels` + 1 levels of JSON)
    /// and `[… "x" …]` (`levels`), or the same with `properties` and `a`
    /// (twice as many levels of JSON for the schema).
    static func nestedSchemaAndValue(levels: Int, keyword: String = "items") -> (JSONValue, JSONValue) {
        var schema: JSONValue = ["type": "integer"]
        var value: JSONValue = "x"
        for _ in 0..<levels {
            schema = keyword == "items" ? ["items": schema] : ["properties": ["a": schema]]
            value = keyword == "items" ? [value] : ["a": value]
        }
        return (schema, value)
    }

    @Test("a schema nested 512 deep: parsed, compiled and applied on a 512 KiB thread")
    func deepSchema() throws {
        let (schema, value) = Self.nestedSchemaAndValue(levels: Self.depth - 1)
        let schemaText = try schema.jsonString()
        let valueText = try value.jsonString()
        let (fast, errors) = try onSmallStack { () -> (Bool, [JSONSchema.ValidationError]) in
            let compiled = try JSONSchema(JSONValue(parsing: schemaText))
            let instance = try JSONValue(parsing: valueText)
            return (compiled.isValid(instance), compiled.validate(instance).errors)
        }
        #expect(!fast)
        #expect(errors.count == 1)
        #expect(errors.first?.instanceLocation == JSONPointer(tokens: Array(repeating: "0", count: Self.depth - 1)))
        #expect(errors.first?.keywordLocation.tokens.count == Self.depth)
        // The same through `properties`, as deep as the parser allows.
        let (objects, objectValue) = Self.nestedSchemaAndValue(levels: Self.depth / 2 - 1, keyword: "properties")
        let objectsText = try objects.jsonString()
        let objectErrors = try onSmallStack {
            try JSONSchema(JSONValue(parsing: objectsText)).validate(objectValue).errors
        }
        #expect(objectErrors.map(\.keywordLocation.tokens.count) == [Self.depth - 1])
    }

    @Test(
        "in-place chains 512 deep: allOf, anyOf, not, $ref, if, on a 512 KiB thread",
        arguments: ["allOf", "anyOf", "oneOf", "not", "$ref", "if"])
    func deepInPlaceChains(_ keyword: String) throws {
        var schema: JSONValue = ["minimum": 0]
        var definitions = JSONObject()
        for level in 0..<Self.depth {
            switch keyword {
            case "not": schema = ["not": ["not": schema]]
            case "$ref":
                definitions["d\(level)"] = schema
                schema = ["$ref": .string("#/$defs/d\(level)")]
            case "if": schema = ["if": true, "then": schema]
            default: schema = [keyword: [schema]]
            }
        }
        if keyword == "$ref", case .object(var root) = schema {
            root["$defs"] = .object(definitions)
            schema = .object(root)
        }
        let finalSchema = schema
        let results = try onSmallStack { () -> (Bool, Bool, Int) in
            let compiled = try JSONSchema(finalSchema)
            return (compiled.isValid(1), compiled.isValid(-1), compiled.validate(-1).errors.count)
        }
        #expect(results.0 && !results.1)
        #expect(results.2 == 1)
    }

    @Test("values as deep as the parser's ceiling validate; past the nesting limit, evaluation stops with an error")
    func nestingLimit() throws {
        // The parser's ceiling, 1,000 levels: two subschemas per level.
        let ceiling = StackSafetyTests.nested(.mixed, depth: JSONValue.ParsingOptions.nestingDepthCeiling)
        // Eight nested subschemas per level, in a chain of allOfs (a bare
        // $ref is followed without a level of its own): a value 520 levels
        // deep takes more than 4,096 nested subschemas.
        var definitions = JSONObject()
        for hop in 0..<7 { definitions["h\(hop)"] = ["allOf": [["$ref": .string("#/$defs/h\(hop + 1)")]]] }
        definitions["h7"] = ["type": "array", "items": ["$ref": "#/$defs/h0"]]
        let chain: JSONValue = ["$defs": .object(definitions), "$ref": "#/$defs/h0"]
        var shallow: JSONValue = []
        for _ in 0..<400 { shallow = [shallow] }
        var deep: JSONValue = []
        for _ in 0..<520 { deep = [deep] }
        let finalDeep = deep
        let finalShallow = shallow
        let results = try onSmallStack { () -> (Bool, Bool, Bool, Bool, [String]) in
            let recursive = try JSONSchema(Self.recursiveSchema(maxLength: 4))
            let chained = try JSONSchema(chain)
            return (
                recursive.isValid(ceiling), recursive.validate(ceiling).isValid, chained.isValid(finalShallow),
                chained.isValid(finalDeep), chained.validate(finalDeep).errors.map(\.message)
            )
        }
        #expect(results.0 && results.1 && results.2)
        #expect(!results.3)
        #expect(
            results.4 == [
                "the value is nested too deeply to validate: subschemas are applied more than 4096 levels deep"
            ])
    }

    // The hierarchical formats are built from the leaves up with a stack of
    // their own; built with a call per unit, two per level here, they
    // overflowed a 512 KiB stack at 512 levels in a debug build.
    @Test(
        "the hierarchical output formats of a value nested 512 deep, on a 512 KiB thread",
        arguments: [JSONSchema.OutputFormat.detailed, .verbose])
    func deepOutput(_ format: JSONSchema.OutputFormat) throws {
        let (schema, value) = Self.nestedSchemaAndValue(levels: Self.depth - 1)
        let valid = try onSmallStack { try JSONSchema(schema).validate(value).output(format)["valid"] }
        #expect(valid == false)
    }

    @Test("deep values in enum, const and uniqueItems, compared and described on a 512 KiB thread")
    func deepEquality() throws {
        let value = StackSafetyTests.nested(.mixed)
        let other = StackSafetyTests.nested(.objects)
        let results = try onSmallStack { () -> (Bool, Bool, Bool, [String]) in
            let constant = try JSONSchema(["const": value])
            let enumeration = try JSONSchema(["enum": [other, value]])
            let unique = try JSONSchema(["uniqueItems": true])
            return (
                constant.isValid(value), enumeration.isValid(value), unique.isValid([value, other, value]),
                constant.validate(other).errors.map(\.message)
            )
        }
        #expect(results.0 && results.1 && !results.2)
        let message = try #require(results.3.first)
        #expect(message.hasPrefix("expected {\"n\":511,\"v\":[510,{\"n\":509,"))
        #expect(message.count < 200)
    }

    // MARK: - Sharing

    @Test("one schema shared by many tasks gives every task the same results")
    func sharedSchema() async throws {
        let schema = try JSONSchema(JSONSchemaOutputTests.person)
        let sendable: any Sendable = schema
        _ = sendable
        var random = RandomSchema(seed: 0x5C4E_3A)
        let instances: [JSONValue] =
            JSONSchemaOutputTests.cases.prefix(2).map(\.instance) + (0..<30).map { _ in random.instance() }
        let expected = try instances.map { instance in
            let result = schema.validate(instance)
            return (schema.isValid(instance), result.errors, try result.output(.verbose).jsonData())
        }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var same = true
                    for round in 0..<10 {
                        for (index, instance) in instances.enumerated() where (index + task + round) % 3 != 0 {
                            let result = schema.validate(instance)
                            same = same && schema.isValid(instance) == expected[index].0
                            same = same && result.errors == expected[index].1
                            let bytes = try result.output(.verbose).jsonData()
                            same = same && bytes == expected[index].2
                        }
                    }
                    return same
                }
            }
            for try await same in group {
                #expect(same)
            }
        }
    }

    @Test("schemas compiled in many tasks at once, with shared documents")
    func concurrentCompilation() async throws {
        let documents = ["https://example.com/tree": JSONSchemaTests.tree]
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let strict = try JSONSchema(
                        JSONSchemaTests.strictTree, options: .init(dialect: .draft2020_12, documents: documents))
                    return strict.isValid(["children": [["data": 1]]]) && !strict.isValid(["children": [["x": 1]]])
                }
            }
            var all: [Bool] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes == Array(repeating: true, count: 8))
    }

    // MARK: - Hostile schemas

    @Test(
        "a long chain of in-place references compiles and applies on a 512 KiB thread; closed, validation enters it and stops"
    )
    func referenceChains() throws {
        func chain(closed: Bool) -> JSONValue {
            var definitions = JSONObject()
            for index in 0..<1000 {
                let next: JSONValue =
                    index == 999 ? (closed ? "#/$defs/d0" : "#/$defs/end") : .string("#/$defs/d\(index + 1)")
                definitions["d\(index)"] = ["$ref": next]
            }
            definitions["end"] = ["type": "integer"]
            return ["$defs": .object(definitions), "$ref": "#/$defs/d0"]
        }
        let open = chain(closed: false)
        let closed = chain(closed: true)
        let results = try onSmallStack { () -> (Bool, Bool, Int, Bool, [JSONSchema.ValidationError]) in
            let schema = try JSONSchema(open)
            let errors = schema.validate("x").errors
            let looping = try JSONSchema(closed)
            return (
                schema.isValid(1), schema.isValid("x"), errors.first?.keywordLocation.tokens.count ?? 0,
                looping.isValid(1), looping.validate(1).errors
            )
        }
        #expect(results.0 && !results.1)
        #expect(results.2 == 1001 + 1)
        #expect(!results.3)
        let steps = Array(repeating: "$ref", count: 1000).joined(separator: " → ")
        #expect(
            results.4.map(\.message) == [
                "the schema applies itself to the same value through \(steps), so this value cannot be validated"
            ])
        #expect(results.4.first?.keywordLocation.tokens.count == 1001)
    }

    @Test("a huge enum, a wide allOf and many properties")
    func hugeKeywords() throws {
        let values: [JSONValue] = (0..<100_000).map { $0 % 2 == 0 ? .int($0) : .string("v\($0)") }
        let enumeration = try JSONSchema(["enum": .array(values)])
        expectVerdict(enumeration, 99_998, true)
        expectVerdict(enumeration, .double(99_998.0), true)
        expectVerdict(enumeration, "v99999", true)
        expectVerdict(enumeration, "v99998", false)
        let message = try #require(enumeration.validate(-1).errors.first?.message)
        // The message quotes the list cut short.
        #expect(message.hasPrefix("-1 is not one of [0,\"v1\",2,"))
        #expect(message.hasSuffix("…"))
        #expect(message.count < 100)

        let wide = try JSONSchema(["allOf": .array((0..<10_000).map { ["minimum": .int(-$0)] })])
        expectVerdict(wide, 0, true)
        #expect(wide.validate(-5).errors.count == 5)

        // `required` and `properties` together cost time quadratic in their
        // sizes when compiled (reported), so this stays at 3,000.
        var properties = JSONObject()
        var instance = JSONObject()
        for index in 0..<3_000 {
            properties["p\(index)"] = ["type": "integer"]
            instance["p\(index)"] = .int(index)
        }
        let many = try JSONSchema([
            "properties": .object(properties), "required": .array(properties.keys.map(JSONValue.string)),
        ])
        expectVerdict(many, .object(instance), true)
        instance["p1500"] = "x"
        instance["p2999"] = nil
        #expect(
            many.validate(.object(instance)).errors.map(\.message) == [
                "the required property \"p2999\" is missing", "expected an integer, but found the string \"x\"",
            ])
    }

    @Test("many items and long strings")
    func longValues() throws {
        let unique = try JSONSchema(["uniqueItems": true])
        var items: [JSONValue] = (0..<100_000).map { .int($0) }
        expectVerdict(unique, .array(items), true)
        items.append(.double(77_777.0))
        #expect(
            unique.validate(.array(items)).errors.map(\.message) == [
                "the items must be unique, but items 77777 and 100000 are both 77777"
            ])
        let long = String(repeating: "é", count: 1_000_000)
        let lengths = try JSONSchema(["minLength": 1_000_000, "maxLength": 1_000_000])
        expectVerdict(lengths, .string(long), true)
        expectVerdict(lengths, .string(long + "a"), false)
    }

    // A backtracking engine takes exponential time on these; the package's
    // engine runs them in time linear in the string.
    @Test(
        "backtracking patterns on long strings finish",
        arguments: ["^(a+)+$", "^(a*)*$", "^(a|a)*$", "^(a|aa)+$", "(.*a){12}$", "^(\\w+\\s?)*$"])
    func backtrackingPatterns(_ pattern: String) throws {
        let subject = String(repeating: "a", count: 10_000) + "!"
        let schema = try JSONSchema(["pattern": .string(pattern)])
        expectVerdict(schema, .string(subject), false)
        let names = try JSONSchema(["patternProperties": [pattern: false]])
        expectVerdict(names, [subject: 1], true)
    }
}
