import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("JSONSchema.IncrementalValidator")
struct IncrementalValidatorTests {
    static let weather: JSONValue = [
        "type": "object",
        "properties": [
            "city": ["type": "string", "minLength": 1],
            "days": ["type": "integer", "minimum": 1, "maximum": 14],
            "units": ["enum": ["celsius", "fahrenheit"]],
        ],
        "required": ["city"],
        "additionalProperties": false,
    ]

    /// The violations after each chunk, as descriptions.
    private func violations(_ schema: JSONValue, _ chunks: [String]) throws -> [[String]] {
        var validator = JSONSchema.IncrementalValidator(try JSONSchema(schema))
        var result: [[String]] = []
        for chunk in chunks {
            try validator.append(Array(chunk.utf8))
            result.append(validator.violations.map { "\($0.instanceLocation) \($0.keywordLocation)" })
        }
        return result
    }

    @Test("a member the schema refuses is a violation once its name is complete")
    func refusedName() throws {
        let steps = try violations(Self.weather, [#"{"city": "Li"#, #"sbon", "ni"#, #"ghts""#, ": 3}"])
        #expect(steps == [[], [], ["/nights /additionalProperties"], ["/nights /additionalProperties"]])
    }

    @Test("each keyword decides as early as it can, and no earlier")
    func earliness() throws {
        // A wrong type at the first byte of the value.
        #expect(try violations(Self.weather, [#"{"days": "#, "\""]) == [[], ["/days /properties/days/type"]])
        // A number only when it is complete: 1 may become 10.
        #expect(try violations(Self.weather, [#"{"days": 2"#, "0", ","]).last == ["/days /properties/days/maximum"])
        #expect(try violations(Self.weather, [#"{"days": 2"#, "0"]) == [[], []])
        // A string once no continuation can be one of the enum.
        #expect(
            try violations(Self.weather, [#"{"units": "c"#, "el", "x"])
                == [[], [], ["/units /properties/units/enum"]])
        // `required` when the object closes.
        #expect(try violations(Self.weather, [#"{"days": 3"#, "}"]) == [[], [" /required"]])
    }

    @Test("maxLength, maxItems and maxProperties once exceeded; pattern once the automaton is dead")
    func limits() throws {
        let schema: JSONValue = [
            "type": "object",
            "properties": [
                "code": ["type": "string", "maxLength": 3, "pattern": "^[A-Z]+$"],
                "tags": ["type": "array", "maxItems": 2],
            ],
            "maxProperties": 2,
        ]
        #expect(try violations(schema, [#"{"code": "AB"#, "CD"]) == [[], ["/code /properties/code/maxLength"]])
        #expect(try violations(schema, [#"{"code": "A"#, "b"]) == [[], ["/code /properties/code/pattern"]])
        #expect(try violations(schema, [#"{"tags": [1, 2, "#, "3"]) == [[], ["/tags /properties/tags/maxItems"]])
        #expect(try violations(schema, [#"{"a": 1, "b": 2, "c""#]).last == [" /maxProperties"])
    }

    /// Strings that break a text keyword at a known byte, for
    /// ``textGrowingInSmallChunks(_:)``: the schema of the value of `s`,
    /// the text, and how many bytes of it have arrived when no continuation
    /// can fix the string.
    static let growingStrings: [(schema: JSONValue, text: String, decidedAt: Int)] = [
        (["maxLength": 5], #"{"s": "abcdefgh"}"#, 13),
        (["pattern": "^[a-z]+$"], #"{"s": "abcdeFgh"}"#, 13),
        (["enum": ["abcdexyz", "abcdeyyy"]], #"{"s": "abcdefgh"}"#, 13),
        (["const": "abcdexyz"], #"{"s": "abcdefgh"}"#, 13),
        // Longer than the parser's batch holds.
        (["maxLength": 200], #"{"s": ""# + String(repeating: "x", count: 300) + #""}"#, 208),
        (["pattern": "^x*$"], #"{"s": ""# + String(repeating: "x", count: 300) + #"y"}"#, 308),
        // After a value that the batch started in the same chunk.
        (["maxLength": 2], #"{"t": 1, "s": "abcd"}"#, 18),
    ]

    // A chunk that only extends the string being read changes nothing else
    // the validator follows, and takes a short path: the string's text
    // keywords must still judge it.
    @Test("a string that grows a few bytes at a time is judged as it grows", arguments: 0..<7)
    func textGrowingInSmallChunks(_ index: Int) throws {
        let (property, text, decidedAt) = Self.growingStrings[index]
        let schema = try JSONSchema(["properties": ["s": property]])
        let bytes = Array(text.utf8)
        for size in [1, 2, 3, 4] {
            var validator = JSONSchema.IncrementalValidator(schema)
            var firstViolation: Int?
            var start = 0
            while start < bytes.count {
                let end = Swift.min(start + size, bytes.count)
                try validator.append(bytes[start..<end])
                if firstViolation == nil && !validator.violations.isEmpty { firstViolation = end }
                start = end
            }
            // The chunk that holds the deciding byte.
            let expected = Swift.min((decidedAt + size - 1) / size * size, bytes.count)
            #expect(firstViolation == expected, "chunks of \(size)")
            #expect(validator.violations.map { "\($0.instanceLocation)" } == ["/s"], "chunks of \(size)")
            #expect(try validator.finish().errors == schema.validate(try JSONValue(parsing: text)).errors)
        }
    }

    @Test("anyOf fails once every branch has; oneOf with two valid branches when complete")
    func combinators() throws {
        let schema: JSONValue = [
            "anyOf": [
                ["type": "object", "properties": ["kind": ["const": "a"]], "required": ["kind"]],
                ["type": "object", "properties": ["kind": ["const": "b"]], "required": ["kind"]],
            ]
        ]
        #expect(try violations(schema, [#"{"kind": "c"#, #"""#]) == [[" /anyOf"], [" /anyOf"]])
        #expect(try violations(schema, ["["]) == [[" /anyOf"]])
        let one: JSONValue = ["oneOf": [["type": "integer"], ["minimum": 0]]]
        #expect(try violations(one, ["[5", "]"]) == [[], []])
        var validator = JSONSchema.IncrementalValidator(try JSONSchema(one))
        try validator.append("5 ")
        #expect(validator.violations.map(\.keywordLocation) == ["/oneOf"])
    }

    @Test("finish gives validate's result, and a second value is the one-shot parser's error")
    func finishAndFraming() throws {
        let schema = try JSONSchema(Self.weather)
        var validator = JSONSchema.IncrementalValidator(schema)
        try validator.append(#"{"days": 30, "extra": true}"#)
        let result = try validator.finish()
        #expect(result.errors == schema.validate(["days": 30, "extra": true]).errors)
        #expect(try validator.finish().errors == result.errors)
        #expect(validator.violations == result.errors)
        for text in ["{} {}", "1 2", "[1]x", "\"a\" 3"] {
            var validator = JSONSchema.IncrementalValidator(schema)
            var thrown: JSONParseError?
            do {
                for byte in text.utf8 { try validator.append([byte]) }
                _ = try validator.finish()
            } catch {
                thrown = error
            }
            var expected: JSONParseError?
            do { _ = try JSONValue(parsing: text) } catch { expected = error as? JSONParseError }
            #expect(thrown == expected, "\(text)")
        }
        for text in ["", "  \n", "{\"a\": "] {
            var validator = JSONSchema.IncrementalValidator(schema)
            try validator.append(text)
            var thrown: JSONParseError?
            do { _ = try validator.finish() } catch { thrown = error }
            var expected: JSONParseError?
            do { _ = try JSONValue(parsing: text) } catch { expected = error as? JSONParseError }
            #expect(thrown == expected, "\(text)")
        }
    }

    @Test("a copy is a fork")
    func fork() throws {
        var validator = JSONSchema.IncrementalValidator(try JSONSchema(Self.weather))
        try validator.append(#"{"city": "Oslo", "#)
        var fork = validator
        try validator.append(#""x": 1}"#)
        try fork.append(#""days": 2}"#)
        #expect(validator.violations.count == 1)
        #expect(fork.violations.isEmpty)
        #expect(try fork.finish().isValid)
    }

    @Test("random schemas and values at every split: sound, never withdrawn, and finish is validate")
    func randomSchemas() throws {
        var failures: [String] = []
        for seed in UInt64(0)..<UInt64(Sanitizers.scaled(600)) {
            var random = RandomSchema(seed: seed &+ 0x57_3EA)
            let document = random.document()
            guard let schema = try? JSONSchema(document) else { continue }
            for index in 0..<4 {
                let instance = random.instance()
                let (problems, _, _) = StreamingCheck.everySplit(schema, instance, seed: seed &* 31 &+ UInt64(index))
                if let problem = problems.first {
                    failures.append(
                        "seed \(seed), value \(index): \(problem)\n  schema \((try? document.jsonString()) ?? "?")"
                            + "\n  value \((try? instance.jsonString()) ?? "?")")
                }
            }
            if failures.count > 5 { break }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

/// The official suite, every test at every split.
@Suite("JSONSchema.IncrementalValidator on the official suite", .enabled(if: Shared.isAvailable, Shared.skipReason))
struct IncrementalValidatorSuiteTests {
    @Test(
        "every test of the suite, compact and indented, at every split: sound, and finish is validate",
        arguments: JSONSchemaSuiteTests.required.elements + JSONSchemaSuiteTests.optional.elements
            + JSONSchemaSuiteTests.formats.elements)
    func group(_ group: JSONSchemaSuiteTests.Group) {
        guard let schema = try? JSONSchema(group.schema, options: JSONSchemaSuiteTests.options(for: group)) else {
            return
        }
        for (index, test) in group.tests.enumerated() {
            let (problems, _, _) = StreamingCheck.everySplit(schema, test.data, seed: UInt64(index) &+ 0xD1FF)
            for problem in problems.prefix(1) {
                Issue.record("\(group.testDescription): \(test.description): \(problem)")
            }
        }
    }
}

extension IncrementalValidatorSuiteTests {
    @Test(
        "how early the first violation of an invalid test appears (reported)",
        .disabled(
            if: Sanitizers.isSanitized,
            "A report; under CI's sanitizers the suite's test above reads the same texts byte by byte"))
    func earliness() {
        var invalid = 0
        var early = 0
        var fractions: [Double] = []
        var valid = 0
        for group in JSONSchemaSuiteTests.required.elements + JSONSchemaSuiteTests.optional.elements {
            guard let schema = try? JSONSchema(group.schema, options: JSONSchemaSuiteTests.options(for: group)) else {
                continue
            }
            for (index, test) in group.tests.enumerated() {
                guard let bytes = try? Array(test.data.jsonData()), let expected = try? schema.validate(parsing: bytes)
                else { continue }
                let check = StreamingCheck(
                    schema, bytes, cuts: bytes.count > 1 ? Array(1..<bytes.count) : [], expected: expected)
                #expect(check.problems.isEmpty, "\(group.testDescription) \(index)")
                guard !expected.isValid else {
                    valid += 1
                    continue
                }
                invalid += 1
                if let first = check.firstViolation, first < bytes.count {
                    early += 1
                    fractions.append(Double(first) / Double(bytes.count))
                }
            }
        }
        let mean = fractions.isEmpty ? 0 : fractions.reduce(0, +) / Double(fractions.count)
        print(
            "suite: \(valid) valid without a violation at any prefix; \(invalid) invalid, \(early) with a violation "
                + "before the last byte, first at \(Int(mean * 100))% of the text on average")
        #expect(invalid > 0 && early > 0)
    }
}

/// The JSON Schema benchmark pairs of the shared corpus.
@Suite("JSONSchema.IncrementalValidator on the corpus pairs", .enabled(if: Shared.isAvailable, Shared.skipReason))
struct IncrementalValidatorCorpusTests {
    static let pairs: [(schema: String, instance: String, dialect: JSONSchema.Dialect)] = [
        ("json-schema/citm_catalog_schema.json", "citm_catalog.json", .draft7),
        ("json-schema/geojson.json", "canada.json", .draft7),
        ("json-schema/fast_schema.json", "json-schema/fast_valid.json", .draft7),
        ("json-schema/fast_schema.json", "json-schema/fast_invalid.json", .draft7),
        ("json-schema/recursive_schema.json", "json-schema/recursive_instance.json", .draft7),
        ("json-schema/fhir.schema.json", "json-schema/patient-example-d.json", .draft6),
        ("json-schema/swagger.json", "json-schema/kubernetes.json", .draft4),
    ]

    @Test("each pair in random chunks, compact and as written: sound, and finish is validate", arguments: 0..<7)
    func pair(_ index: Int) throws {
        let (schemaPath, instancePath, dialect) = Self.pairs[index]
        let schema = try JSONSchema(
            try JSONValue(parsing: try Corpus.data(schemaPath)), options: .init(dialect: dialect))
        let written = Array(try Corpus.data(instancePath))
        let compact = Array(try JSONValue(parsing: written).jsonData())
        var generator = SeededGenerator(seed: UInt64(index) &+ 0xC0_4905)
        for bytes in [written, compact] {
            let expected = try schema.validate(parsing: bytes)
            // Under CI's sanitizers, chunks of up to 16 bytes only for the
            // texts under 20 KB (the official suite's test cuts every small
            // text at every byte there as well).
            let small = Sanitizers.isSanitized ? 20_000 : 200_000
            for largest in bytes.count < small ? [16, 4096] : [4096] {
                let cuts = StreamingCheck.cuts(bytes.count, largest: largest, using: &generator)
                let check = StreamingCheck(schema, bytes, cuts: cuts, expected: expected)
                #expect(check.problems.isEmpty, "\(instancePath), chunks up to \(largest): \(check.problems.prefix(3))")
            }
        }
    }
}

extension IncrementalValidatorTests {
    struct WeatherRequest: Decodable, Equatable {
        let city: String
        let days: Int
        let units: String?
    }

    @Test("the article's get_weather call: the valid one decodes, the other stops at the third chunk")
    func articleExample() throws {
        let schema = try JSONSchema([
            "type": "object",
            "properties": [
                "city": ["type": "string", "minLength": 1],
                "days": ["type": "integer", "minimum": 1, "maximum": 14],
                "units": ["enum": ["celsius", "fahrenheit"]],
            ],
            "required": ["city", "days"],
            "additionalProperties": false,
        ])
        var validator = JSONSchema.IncrementalValidator(schema)
        for chunk in [#"{"city": "Lis"#, #"bon", "days": 1"#, #"0, "units": "cels"#, #"ius"}"#] {
            try validator.append(chunk)
            #expect(validator.violations.isEmpty)
        }
        #expect(try validator.finish().isValid)
        let call = try #require(validator.parser.partialValue)
        #expect(
            try JSONValueDecoder().decode(WeatherRequest.self, from: call)
                == WeatherRequest(city: "Lisbon", days: 10, units: "celsius"))
        var stopping = JSONSchema.IncrementalValidator(schema)
        var stoppedAt: Int?
        for (index, chunk) in [#"{"city": "Lisbon", "days": 1"#, #"0, "units": "k"#, #"elvin"}"#].enumerated() {
            try stopping.append(chunk)
            if stoppedAt == nil, let violation = stopping.violations.first {
                stoppedAt = index
                #expect(violation.description == #"/units: the string cannot be one of the values of "enum""#)
            }
        }
        #expect(stoppedAt == 1)
        #expect(try stopping.finish().errors.map(\.keywordLocation) == ["/properties/units/enum"])
    }
}

extension IncrementalValidatorTests {
    @Test("a copy of the validator's parser hands out numbers kept as text as their Doubles, not as boxes")
    func parserCopyUnboxes() throws {
        let text = "[1.00000000000000000001, 123456789012345678901234567890, -0.0000000000000000000012345678901234567]"
        let expected = try JSONValue(parsing: text)
        let schema = try JSONSchema(["type": "array", "items": ["type": "number"]])
        var validator = JSONSchema.IncrementalValidator(schema)
        try validator.append(String(text.dropLast()))
        // The validator reads its values with the boxes kept (its own
        // reads return nothing); a copy of its parser reads as any parser.
        var copy = validator.parser
        var values = try copy.append("]")
        values += try copy.finish()
        #expect(values == [expected])
        try validator.append("]")
        #expect(try validator.finish().isValid)
        #expect(validator.parser.partialValue == expected)
        // And the validator still compares them by their digits.
        var exact = JSONSchema.IncrementalValidator(try JSONSchema(["items": ["maximum": 1]]))
        try exact.append(text)
        #expect(try exact.finish().errors.map(\.instanceLocation.description) == ["/0", "/1"])
    }

    @Test("validators of one schema made before, while and after another made its plans agree with validate")
    func sharedPlans() throws {
        var properties: [(String, JSONValue)] = []
        for index in 0..<24 {
            let property: JSONValue =
                switch index % 4 {
                case 0: ["type": "string", "maxLength": .int(index % 7 + 1)]
                case 1: ["enum": ["x\(index)", "y\(index)"]]
                case 2: ["type": "array", "maxItems": .int(index % 3 + 1), "items": ["type": "integer"]]
                default: ["type": "object", "properties": ["q": ["const": .int(index)]], "additionalProperties": false]
                }
            properties.append(("p\(index)", property))
        }
        let schemaValue: JSONValue = [
            "type": "object", "properties": .object(JSONObject(uniqueKeysWithValues: properties)), "required": ["p0"],
        ]
        var generator = SeededGenerator(seed: 0x91A5)
        for round in 0..<3 {
            // A fresh schema, whose plans the first validator makes.
            let schema = try JSONSchema(schemaValue)
            var texts: [[UInt8]] = []
            for _ in 0..<4 {
                var members: [String] = []
                for index in 0..<24 where Bool.random(using: &generator) {
                    let value: String =
                        switch (index % 4, Bool.random(using: &generator)) {
                        case (0, let fits): fits ? #""a""# : #""abcdefghij""#
                        case (1, let fits): fits ? #""x\#(index)""# : #""z\#(index)""#
                        case (2, let fits): fits ? "[1]" : "[1, 2, 3, 4]"
                        case (_, let fits): fits ? #"{"q": \#(index)}"# : #"{"q": 0, "r": 1}"#
                        }
                    members.append(#""p\#(index)": \#(value)"#)
                }
                texts.append(Array("{\(members.joined(separator: ", "))}".utf8))
            }
            // One validator half way through its text when the others start.
            var first = JSONSchema.IncrementalValidator(schema)
            try first.append(texts[0][..<(texts[0].count / 2)])
            for (index, bytes) in texts.enumerated().dropFirst() {
                let cuts = StreamingCheck.cuts(bytes.count, largest: 5, using: &generator)
                let check = StreamingCheck(schema, bytes, cuts: cuts, expected: try schema.validate(parsing: bytes))
                #expect(check.problems.isEmpty, "round \(round), text \(index): \(check.problems.prefix(2))")
            }
            try first.append(texts[0][(texts[0].count / 2)...])
            #expect(try first.finish().errors == (try schema.validate(parsing: texts[0])).errors)
        }
    }

    @Test("a string that every branch of a oneOf refuses fails it before the string ends")
    func branchesEndedByStrings() throws {
        let schema: JSONValue = ["oneOf": [["enum": ["abc"]], ["maxLength": 2], ["pattern": "^ab+$"]]]
        #expect(try violations(schema, [#""ab"#, "d", #"""#]) == [[], [" /oneOf"], [" /oneOf"]])
        #expect(try violations(schema, [#""ab"#, "c", #"""#]) == [[], [], []])
        let nested: JSONValue = ["properties": ["a": schema]]
        #expect(
            try violations(nested, [#"{"a": "ab"#, "x", #""}"#]) == [
                [], ["/a /properties/a/oneOf"], ["/a /properties/a/oneOf"],
            ])
    }
}
