import Testing

@testable import JSONValueKit

/// The streaming validator's own verdicts: members routed by name, keywords
/// judged when a container closes, and ``JSONSchema/IncrementalValidator/finish()``,
/// which reuses the stream's verdict when it found nothing wrong.
@Suite("JSONSchema.IncrementalValidator: routing and verdicts")
struct IncrementalValidatorRoutingTests {
    /// Feeds `text` cut once at every offset, and a byte at a time; after
    /// the last byte of a container (complete then, before `finish()`),
    /// the violations must be exactly the keyword locations of
    /// `validate(_:)`'s errors, and `finish()` its result.
    private func verdicts(_ schema: JSONSchema, _ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        let expected = schema.validate(try JSONValue(parsing: bytes))
        let keys = Set(expected.errors.map(StreamingCheck.key))
        var problems: [String] = []
        var splits: [[Int]] = (1..<bytes.count).map { [$0] }
        splits.append(Array(1..<bytes.count))
        for cuts in splits {
            var validator = JSONSchema.IncrementalValidator(schema)
            var start = 0
            for end in cuts + [bytes.count] {
                try validator.append(bytes[start..<end])
                start = end
            }
            let streamed = Set(validator.violations.map(StreamingCheck.key))
            // A container is complete at its last byte: every keyword has
            // been judged, and each error found where validate finds it.
            if streamed != keys { problems.append("cuts \(cuts.prefix(3)): violations \(streamed.sorted()) \(keys)") }
            let result = try validator.finish()
            if result.isValid != expected.isValid || result.errors != expected.errors {
                problems.append("cuts \(cuts.prefix(3)): finish \(result.errors) instead of \(expected.errors)")
            }
        }
        return problems
    }

    @Test(
        "a member after a container member is judged when the object closes in the same chunk",
        arguments: [
            #"{"b": [{}], "a": 1}"#, #"{"b": {"c": [2]}, "a": 1}"#, #"[{"b": [], "a": 1}, {"a": "x"}]"#,
            #"{"b": [{}], "a": "x"}"#,
        ])
    func memberAfterContainer(_ text: String) throws {
        let schema = try JSONSchema(["properties": ["a": ["type": "string"]], "items": ["$ref": "#"]])
        let problems = try verdicts(schema, text)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    @Test(
        "required names that properties also lists are judged when the object closes",
        arguments: [#"{"b": 1}"#, #"{"a": 1}"#, #"{"a": 1, "b": {"a": 2}}"#, #"{"c": [1], "b": 2}"#, "{}"])
    func requiredBesideProperties(_ text: String) throws {
        // Only `properties` beside `required`: the one-shot evaluator's fast
        // path looks the shared names up once, in `properties`.
        let schema = try JSONSchema([
            "properties": ["a": ["type": "integer"], "b": true], "required": ["a", "b"],
        ])
        let problems = try verdicts(schema, text)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    @Test(
        "a repeated name: finish validates the last value, whichever the stream judged",
        arguments: [
            #"{"a": 1, "a": "x"}"#, #"{"a": "x", "a": 1}"#, #"[{"a": 1, "b": [], "a": "x"}]"#,
            #"[{"a": "x", "b": {}, "a": 1}]"#, #"{"b": [{"a": 1, "a": "x"}]}"#,
        ])
    func repeatedNames(_ text: String) throws {
        let schema = try JSONSchema([
            "properties": ["a": ["type": "integer"], "b": ["items": ["$ref": "#"]]], "items": ["$ref": "#"],
        ])
        let bytes = Array(text.utf8)
        let expected = schema.validate(try JSONValue(parsing: bytes))
        for cut in 1..<bytes.count {
            var validator = JSONSchema.IncrementalValidator(schema)
            try validator.append(bytes[..<cut])
            try validator.append(bytes[cut...])
            let result = try validator.finish()
            #expect(result.isValid == expected.isValid && result.errors == expected.errors, "cut \(cut)")
        }
    }

    @Test(
        "items past the prefix are routed by what the array found when it opened, with their keyword paths",
        arguments: [
            #"["a", 1, 2]"#, #"["a", "b", 2]"#, #"["ab", "c"]"#, #"[1, 2]"#, #"["a", 1, 2, 3, 4]"#,
            #"["a", 7, [7, 7], 3]"#, #"[[], "a", {"x": 7}]"#, #"["abc", 1.5, 7]"#, "[]",
        ])
    func itemsPastThePrefix(_ text: String) throws {
        // The array's frames: the root's `items`, and two branches of
        // `anyOf`, one with a prefix and `maxItems`, the other with
        // `items` alone, which die at different items.
        let schema = try JSONSchema([
            "items": ["not": ["const": 7]],
            "anyOf": [
                [
                    "prefixItems": [["type": "string"]], "items": ["type": "integer"], "maxItems": 4,
                ],
                ["items": ["type": "string", "maxLength": 2]],
            ],
        ])
        let problems = try verdicts(schema, text)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    @Test("maxItems and items: false still refuse an item as it starts, past the prefix")
    func itemsPastTheLimit() throws {
        func steps(_ schema: JSONValue, _ chunks: [String]) throws -> [[String]] {
            var validator = JSONSchema.IncrementalValidator(try JSONSchema(schema))
            return try chunks.map { chunk in
                try validator.append(chunk)
                return validator.violations.map(StreamingCheck.key)
            }
        }
        let limited: JSONValue = ["prefixItems": [["type": "string"]], "items": ["type": "integer"], "maxItems": 3]
        #expect(try steps(limited, [#"["a", 1, 2, "#, "3", "]"]).map(\.count) == [0, 1, 1])
        #expect(try steps(limited, [#"["a", 1, "#, "true"]) == [[], ["/2 /items/type"]])
        let closed: JSONValue = ["prefixItems": [true, ["type": "integer"]], "items": false]
        #expect(try steps(closed, ["[1, 2, ", "3"]) == [[], [" /items"]])
        #expect(try steps(closed, ["[1, ", "\"x\""]) == [[], ["/1 /prefixItems/1/type"]])
    }

    /// `count` names of the same length whose hashes fall in the same slot
    /// of a table of `count` names (8 slots for up to 4, 16 up to 8…).
    private static func collidingNames(_ count: Int) -> [String] {
        var size = 8
        while size < count * 2 { size <<= 1 }
        var bySlot: [Int: [String]] = [:]
        for number in 0..<10_000 {
            let name = "n" + String(10_000 + number)
            let slot = Array(name.utf8).withUnsafeBufferPointer { _schemaNameHash($0) } & (size - 1)
            bySlot[slot, default: []].append(name)
            if bySlot[slot]!.count == count { return bySlot[slot]! }
        }
        Issue.record("no \(count) colliding names")
        return []
    }

    @Test("names that share a hash slot and a length are routed each to its own subschema", arguments: [3, 4, 7, 12])
    func collidingNamesRoute(_ count: Int) throws {
        let names = Self.collidingNames(count)
        try #require(names.count == count)
        var properties = JSONObject()
        for (index, name) in names.enumerated() { properties[name] = ["const": .int(index)] }
        let schema = try JSONSchema(["properties": .object(properties), "additionalProperties": false])
        // Each name with its own index is valid; with its neighbour's, an
        // error at that name's `const`; a name one digit off is refused.
        var valid = JSONObject()
        for (index, name) in names.enumerated() { valid[name] = .int(index) }
        var problems = try verdicts(schema, try JSONValue.object(valid).jsonString())
        for (index, name) in names.enumerated() {
            var wrong = valid
            wrong[name] = .int((index + 1) % count)
            let text = try JSONValue.object(wrong).jsonString()
            problems += try verdicts(schema, text)
            let errors = schema.validate(try JSONValue(parsing: text)).errors.map(\.keywordLocation.description)
            #expect(errors == ["/properties/\(name)/const"])
        }
        let stranger = "n" + String(Int(names[0].dropFirst())! + 20_000)
        problems += try verdicts(schema, #"{"\#(stranger)": 0}"#)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    @Test(
        "an enum of strings refuses a string being read at the byte no candidate goes on with, however many",
        arguments: [3, 63, 64, 65, 100])
    func manyStringChoices(_ count: Int) throws {
        // Up to 64 candidates are followed as bits, more as an array.
        let schema = try JSONSchema([
            "properties": ["v": ["enum": .array((0..<count).map { .string("s\($0)") })]]
        ])
        for index in [0, count / 2, count - 1] {
            for suffix in ["", "x"] {
                let bytes = Array(#"{"v": "s\#(index)\#(suffix)"}"#.utf8)
                var validator = JSONSchema.IncrementalValidator(schema)
                var refusedAt: Int?
                for (offset, byte) in bytes.enumerated() {
                    try validator.append([byte])
                    if refusedAt == nil, let first = validator.violations.first {
                        refusedAt = offset
                        #expect(first.keywordLocation.description == "/properties/v/enum")
                    }
                }
                // The candidate is never refused; with one more letter, at
                // that letter.
                #expect(refusedAt == (suffix.isEmpty ? nil : bytes.count - 3), "s\(index)\(suffix) of \(count)")
                #expect(try validator.finish().isValid == suffix.isEmpty)
            }
        }
    }

    @Test("names routed by their bytes: canonically equivalent names are different properties")
    func equivalentNames() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let schema = try JSONSchema([
            "properties": [composed: ["type": "string"], decomposed: ["type": "integer"]],
            "additionalProperties": false,
        ])
        for text in [
            #"{"\#(composed)": "x", "\#(decomposed)": 1}"#, #"{"\#(composed)": 1}"#, #"{"\#(decomposed)": "x"}"#,
            #"{"cafe": 1}"#,
        ] {
            let problems = try verdicts(schema, text)
            #expect(problems.isEmpty, "\(text): \(problems.prefix(3))")
        }
    }

    @Test(
        "patternProperties, properties and additionalProperties route a member together",
        arguments: [
            #"{"foo": 15}"#, #"{"foo": 5}"#, #"{"foo": "x"}"#, #"{"fo": 30}"#, #"{"fo": 15}"#, #"{"bar": "x"}"#,
            #"{"bar": 1}"#, #"{"zo": 5, "bar": "y", "foo": 12, "fee": 9}"#, #"{"": "x", "f": 10}"#,
        ])
    func patternsBesideProperties(_ text: String) throws {
        let schema = try JSONSchema([
            "properties": ["foo": ["type": "integer"], "bar": ["maxLength": 1]],
            "patternProperties": ["^f": ["minimum": 10], "o$": ["maximum": 20]],
            "additionalProperties": ["type": "string"],
        ])
        let problems = try verdicts(schema, text)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    /// A random weather forecast like the benchmark's tool call, sometimes
    /// wrong: a member of the wrong type, one too many or one missing (no
    /// name repeated: the stream's violations assume none is, see
    /// `repeatedNames`).
    private static func forecast(_ generator: inout SeededGenerator) -> String {
        let conditions = ["sunny", "rain", "fog", "sunny", "rain", "fog", "hail"]
        var days: [String] = []
        for day in 0..<Int.random(in: 0...4, using: &generator) where day < 9 {
            var members = [
                #""date": "2026-01-0\#(day + 1)""#, #""high": \#(Int.random(in: -95...65, using: &generator))"#,
                #""conditions": "\#(conditions.randomElement(using: &generator)!)""#,
                #""wind": {"speed": \#(Double(Int.random(in: -5...500, using: &generator)) / 10), "direction": "N"}"#,
                #""alerts": [\#(["", #""uv""#, #""uv", "wind""#, "", #""uv", "uv""#].randomElement(using: &generator)!)]"#,
            ]
            switch Int.random(in: 0..<12, using: &generator) {
            case 0: members.append(#""extra": null"#)
            case 1: members.removeFirst()
            case 2: members[1] = #""high": "hot""#
            case 3: members[3] = #""wind": {"speed": 1}"#
            default: break
            }
            members.shuffle(using: &generator)
            days.append("{" + members.joined(separator: ", ") + "}")
        }
        var top = [#""city": "Lisbon""#, #""days": [\#(days.joined(separator: ", "))]"#]
        if Int.random(in: 0..<4, using: &generator) == 0 { top.append(#""units": "kelvin""#) }
        top.shuffle(using: &generator)
        return "{" + top.joined(separator: ", ") + "}"
    }

    @Test("finish() is validate's result on seeded random forecasts, at random splits")
    func randomForecasts() throws {
        let schema = try JSONSchema([
            "type": "object",
            "properties": [
                "city": ["type": "string", "pattern": "^[A-Z][a-z]+$"],
                "units": ["enum": ["celsius", "fahrenheit"]],
                "days": [
                    "type": "array", "maxItems": 3,
                    "items": [
                        "type": "object",
                        "properties": [
                            "date": ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"],
                            "high": ["type": "number", "minimum": -90, "maximum": 60],
                            "conditions": ["enum": ["sunny", "rain", "fog"]],
                            "wind": [
                                "type": "object",
                                "properties": ["speed": ["type": "number", "minimum": 0], "direction": true],
                                "required": ["speed", "direction"],
                            ],
                            "alerts": ["type": "array", "items": ["type": "string"], "uniqueItems": true],
                        ],
                        "required": ["date", "high"],
                        "additionalProperties": false,
                    ],
                ],
            ],
            "required": ["city", "days"],
        ])
        var generator = SeededGenerator(seed: 0xF0_2EC4)
        var failures: [String] = []
        var invalid = 0
        var valid = 0
        for _ in 0..<Sanitizers.scaled(150) {
            let text = Self.forecast(&generator)
            let bytes = Array(text.utf8)
            let expected = try schema.validate(parsing: bytes)
            if expected.isValid { valid += 1 } else { invalid += 1 }
            for largest in [3, 17] {
                let cuts = StreamingCheck.cuts(bytes.count, largest: largest, using: &generator)
                let check = StreamingCheck(schema, bytes, cuts: cuts, expected: expected)
                if let problem = check.problems.first { failures.append("\(text): \(problem)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        // Both verdicts are exercised.
        #expect(invalid >= 10 && valid >= 10)
    }
}
