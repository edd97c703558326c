import JSONValueKit

/// Random 2020-12 schemas from a small grammar, and random values to
/// validate against them, drawn from the same few names, numbers and
/// strings so that schemas and values meet often: most keywords then both
/// pass and fail somewhere in a corpus. Seeded, so that a failure replays.
struct RandomSchema {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    static let names = ["a", "b", "c", "ab"]
    static let numbers: [JSONValue] = [0, 1, -1, 2, 10, .double(1.0), .double(2.5), .double(-0.5), .double(0.1)]
    static let strings: [JSONValue] = ["", "a", "b", "ab", "abc", "ba", "\u{E9}"]
    /// Patterns that mean the same in ECMA-262 and in the stand-in engine.
    static let patterns = ["^a", "b$", "^[ab]*$", "c", "^.{2}$"]
    static let typeNames = ["null", "boolean", "object", "array", "string", "number", "integer"]

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    mutating func pick<T>(_ elements: [T]) -> T {
        elements[int(0...(elements.count - 1))]
    }

    mutating func someNames() -> [JSONValue] {
        Self.names.filter { _ in chance(40) }.map(JSONValue.string)
    }

    mutating func scalar() -> JSONValue {
        switch int(0...5) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2, 3: return pick(Self.numbers)
        default: return pick(Self.strings)
        }
    }

    /// A value: scalars, and arrays and objects up to three levels deep.
    mutating func instance(depth: Int = 0) -> JSONValue {
        guard depth < 3, chance(55) else { return scalar() }
        if chance(50) {
            return .array((0..<int(0...4)).map { _ in instance(depth: depth + 1) })
        }
        var object: JSONObject = [:]
        for _ in 0..<int(0...4) { object[pick(Self.names)] = instance(depth: depth + 1) }
        return .object(object)
    }

    /// A schema whose root has `$defs` that its subschemas may refer to,
    /// in place or through properties and items.
    mutating func document() -> JSONValue {
        guard case .object(var root) = schema(depth: 0) else { return schema(depth: 0) }
        if chance(30) {
            root["$defs"] = ["d": schema(depth: 2)]
        }
        if chance(20) { root["$id"] = "https://example.com/random" }
        return .object(root)
    }

    /// A subschema: a Boolean, or an object with one to four keywords.
    mutating func schema(depth: Int) -> JSONValue {
        if chance(depth == 0 ? 0 : 12) { return .bool(chance(70)) }
        var object: JSONObject = [:]
        for _ in 0..<int(1...(depth < 2 ? 4 : 2)) {
            let (keyword, value) = keyword(depth: depth)
            object[keyword] = value
        }
        return .object(object)
    }

    private mutating func schemas(_ count: ClosedRange<Int>, depth: Int) -> JSONValue {
        .array((0..<int(count)).map { _ in schema(depth: depth + 1) })
    }

    private func member(_ name: String, _ value: JSONValue) -> JSONValue {
        var object: JSONObject = [:]
        object[name] = value
        return .object(object)
    }

    private mutating func count() -> JSONValue {
        .int(int(0...3))
    }

    private mutating func keyword(depth: Int) -> (String, JSONValue) {
        // Leaves only, past the depth limit.
        let limit = depth < 3 ? 38 : 19
        switch int(0...limit) {
        case 0, 1:
            let types = Self.typeNames.filter { _ in chance(30) }
            return ("type", types.count == 1 ? .string(types[0]) : .array(types.map(JSONValue.string)))
        case 2: return ("enum", .array((0..<int(1...3)).map { _ in scalar() }))
        case 3: return ("const", chance(70) ? scalar() : instance(depth: 1))
        case 4: return ("minimum", pick(Self.numbers))
        case 5: return ("maximum", pick(Self.numbers))
        case 6: return ("exclusiveMinimum", pick(Self.numbers))
        case 7: return ("exclusiveMaximum", pick(Self.numbers))
        case 8: return ("multipleOf", pick([1, 2, .double(0.5), .double(0.1)]))
        case 9: return ("minLength", count())
        case 10: return ("maxLength", count())
        case 11: return ("pattern", .string(pick(Self.patterns)))
        case 12: return ("minItems", count())
        case 13: return ("maxItems", count())
        case 14: return ("uniqueItems", .bool(chance(80)))
        case 15: return ("required", .array(someNames()))
        case 16: return ("minProperties", count())
        case 17: return ("maxProperties", count())
        case 18: return ("dependentRequired", member(pick(Self.names), .array(someNames())))
        case 19: return (pick(["title", "description", "default", "x-unknown"]), scalar())
        case 20, 21:
            var properties: JSONObject = [:]
            for _ in 0..<int(1...2) { properties[pick(Self.names)] = schema(depth: depth + 1) }
            return ("properties", .object(properties))
        case 22: return ("patternProperties", member(pick(Self.patterns), schema(depth: depth + 1)))
        case 23: return ("additionalProperties", schema(depth: depth + 1))
        case 24: return ("propertyNames", schema(depth: depth + 1))
        case 25: return ("dependentSchemas", member(pick(Self.names), schema(depth: depth + 1)))
        case 26: return ("items", schema(depth: depth + 1))
        case 27: return ("prefixItems", schemas(1...2, depth: depth))
        case 28: return ("contains", schema(depth: depth + 1))
        case 29: return (pick(["minContains", "maxContains"]), count())
        case 30: return ("allOf", schemas(1...3, depth: depth))
        case 31: return ("anyOf", schemas(1...3, depth: depth))
        case 32: return ("oneOf", schemas(1...3, depth: depth))
        case 33: return ("not", schema(depth: depth + 1))
        case 34: return (pick(["if", "then", "else"]), schema(depth: depth + 1))
        case 35: return ("unevaluatedProperties", schema(depth: depth + 1))
        case 36: return ("unevaluatedItems", schema(depth: depth + 1))
        case 37: return ("$ref", .string(pick(["#", "#/$defs/d"])))
        default: return ("$dynamicRef", "#/$defs/d")
        }
    }
}
