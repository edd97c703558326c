import Testing

@testable import JSONValueKit

/// Names are looked up in a schema's `properties` and string `enum`s by a
/// key of their length and first and last eight bytes, and by their bytes
/// only past sixteen (see `_SchemaNameKey`). These tests try names of every
/// length up to 40 bytes against look-alikes that differ in one byte at each
/// position, so that a key that misses some bytes lets a look-alike through.
@Suite("JSON Schema name lookups")
struct SchemaNameLookupTests {
    /// A name of `count` bytes: letters, or a two-byte character and
    /// letters when `accented` (a byte count that is odd stays odd).
    static func name(_ count: Int, accented: Bool = false) -> String {
        let letters = (0..<count).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) }
        guard accented, count >= 2 else { return String(letters) }
        return "\u{E9}" + String(letters.dropFirst(2))
    }

    /// `name` with the byte at `position` changed to another ASCII letter
    /// (the name's bytes are ASCII there, or the change is skipped).
    static func lookAlike(_ name: String, changingByteAt position: Int) -> String? {
        var bytes = Array(name.utf8)
        guard bytes[position] < 0x80 else { return nil }
        bytes[position] = bytes[position] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same characters in a string with storage of its own, as a name
    /// built by appending has (short names are otherwise stored inline).
    static func withStorage(_ name: String) -> String {
        var stored = String()
        stored.reserveCapacity(64)
        stored += name
        return stored
    }

    /// Names that are no look-alike of any test name, to make a
    /// `properties` or `enum` larger than the one-by-one lookup.
    static let fillers = (0..<12).map { "filler-\($0)" }

    static func expectVerdict(
        _ schema: JSONSchema, _ instance: JSONValue, _ valid: Bool, _ comment: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(schema.isValid(instance) == valid, comment, sourceLocation: sourceLocation)
        #expect(schema.validate(instance).isValid == valid, comment, sourceLocation: sourceLocation)
    }

    @Test(
        "properties with additionalProperties false: a name, and each of its look-alikes",
        arguments: [false, true], [false, true])
    func properties(manyNames: Bool, accented: Bool) throws {
        for count in 0...40 {
            let name = Self.name(count, accented: accented)
            var named: JSONObject = [name: ["const": 1]]
            if manyNames {
                for filler in Self.fillers { named[filler] = ["type": "string"] }
            }
            let schema = try JSONSchema(["properties": .object(named), "additionalProperties": false])
            let context: Comment = "\(name.debugDescription) (\(name.utf8.count) bytes)"
            Self.expectVerdict(schema, [name: 1], true, context)
            Self.expectVerdict(schema, [Self.withStorage(name): 1], true, context)
            // The member's schema applies to it, so it was found.
            Self.expectVerdict(schema, [name: 2], false, context)
            Self.expectVerdict(schema, [Self.withStorage(name): 2], false, context)
            for position in 0..<name.utf8.count {
                guard let other = Self.lookAlike(name, changingByteAt: position) else { continue }
                let context: Comment = "\(other.debugDescription) against \(name.debugDescription)"
                Self.expectVerdict(schema, [other: 1], false, context)
                Self.expectVerdict(schema, [Self.withStorage(other): 1], false, context)
            }
            // One byte more or fewer.
            Self.expectVerdict(schema, [name + "a": 1], false, context)
            if count > 0 {
                Self.expectVerdict(schema, [String(decoding: name.utf8.dropLast(), as: UTF8.self): 1], false, context)
            }
        }
    }

    /// `required` names that `properties` lists too are counted as the
    /// members go by when there are patterns or additional properties,
    /// instead of being looked up: each missing one must still fail.
    @Test(
        "required names that properties lists too, beside patternProperties or additionalProperties",
        arguments: [false, true], ["additionalProperties", "patternProperties", "both"])
    func requiredAndProperties(manyNames: Bool, others: String) throws {
        var named: JSONObject = ["a": ["type": "integer"], "b": [:], "c": [:]]
        if manyNames {
            for filler in Self.fillers { named[filler] = [:] }
        }
        var schema: JSONObject = ["properties": .object(named), "required": ["a", "c", "a", "z"]]
        if others != "patternProperties" { schema["additionalProperties"] = ["type": "integer"] }
        if others != "additionalProperties" { schema["patternProperties"] = ["^x-": ["type": "integer"]] }
        let compiled = try JSONSchema(.object(schema))
        let cases: [(JSONValue, Bool)] = [
            ([:], false),
            (["a": 1], false),
            (["a": 1, "c": 1], false),
            (["a": 1, "c": 1, "z": 1], true),
            (["z": 1, "c": 1, "a": 1, "x-y": 1], true),
            (["c": 1, "z": 1, "b": 1], false),
            (["a": 1, "z": 1, "b": 1], false),
            (["a": "1", "c": 1, "z": 1], false),
            (["a": 1, "c": 1, "z": 1, "filler-0": 1, "x-y": 1, "y": 1], true),
        ]
        for (instance, valid) in cases {
            Self.expectVerdict(compiled, instance, valid, "\(instance) against \(JSONValue.object(schema))")
        }
    }

    @Test("a string enum: a name, and each of its look-alikes", arguments: [false, true])
    func enumeration(manyNames: Bool) throws {
        for count in 0...40 {
            let name = Self.name(count)
            let values: [JSONValue] = [.string(name)] + (manyNames ? Self.fillers.map(JSONValue.string) : [])
            let schema = try JSONSchema(["enum": .array(values)])
            let context: Comment = "\(name.debugDescription) (\(name.utf8.count) bytes)"
            Self.expectVerdict(schema, .string(name), true, context)
            Self.expectVerdict(schema, .string(Self.withStorage(name)), true, context)
            for position in 0..<name.utf8.count {
                guard let other = Self.lookAlike(name, changingByteAt: position) else { continue }
                Self.expectVerdict(schema, .string(other), false, "\(other.debugDescription) against \(context)")
            }
        }
    }

    /// `properties` with `additionalProperties` and no `patternProperties`
    /// has a loop of its own on the fast path: each member goes to its named
    /// property's schema or else to `additionalProperties`, and counts as
    /// evaluated either way (which `unevaluatedProperties` reads).
    @Test(
        "properties with an additionalProperties schema: named members, the others, and what was evaluated",
        arguments: [false, true])
    func propertiesWithAdditionalSchema(manyNames: Bool) throws {
        let long = "a-property-name-longer-than-sixteen-bytes"
        var named: JSONObject = ["id": ["type": "integer"], .init(long): ["type": "integer"]]
        if manyNames {
            for filler in Self.fillers { named[filler] = ["type": "boolean"] }
        }
        let schema = try JSONSchema([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "properties": .object(named), "additionalProperties": ["type": "string"],
            "unevaluatedProperties": false,
        ])
        let cases: [(JSONValue, Bool)] = [
            (["id": 1, "other": "x"], true),
            ([.init(long): 1, "a-different-name-longer-than-sixteen": "x"], true),
            ([Self.withStorage("id"): 1, Self.withStorage(long): 2, Self.withStorage("other"): "y"], true),
            // A named member is checked by its own schema, not by
            // `additionalProperties`, which it would pass.
            (["id": "x"], false),
            ([.init(long): "x"], false),
            ([Self.withStorage(long): "x"], false),
            // The others are checked by `additionalProperties`.
            (["id": 1, "other": 2], false),
            (["other": true, "id": 1], false),
            (["id": 1, "a-different-name-longer-than-sixteen": 3], false),
            // Look-alikes of the named properties are others.
            (["ie": 1], false),
            (["ie": "1"], true),
            ([.init(long.dropLast() + "z"): 1], false),
        ]
        for (instance, valid) in cases {
            Self.expectVerdict(schema, instance, valid, "\(instance)")
        }
    }
}
