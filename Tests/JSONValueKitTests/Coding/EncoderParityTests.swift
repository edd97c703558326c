import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite(
    "JSONValueEncoder parity with JSONEncoder",
    .enabled(if: ToolchainFoundation.isChecked, ToolchainFoundation.skipReason))
struct EncoderParityTests {
    let person: Person

    init() throws {
        person = try JSONDecoder().decode(Person.self, from: Data(personJSON.utf8))
    }

    @Test("a broad model encodes to the same tree")
    func broadModel() {
        expectEncodingParity(person)
        expectEncodingParity([person, person])
    }

    @Test("every integer width and Float")
    func widths() {
        expectEncodingParity(
            Widths(
                i8: .min, i16: .max, i32: -5, i64: .max, u: 7, u8: .max, u16: 1, u32: .max, u64: UInt64(Int.max),
                f: 0.1,
                d: -0.0)
        )
    }

    struct Numbers: Codable, Equatable {
        var u64: UInt64?
        var u: UInt?
        var decimal: Decimal?
    }

    @Test(
        "a number that would not decode back is refused at encoding, with its coding path",
        arguments: [
            Numbers(u64: 1 << 63), Numbers(u64: .max), Numbers(u64: 1 << 63 + 1), Numbers(u: 1 << 63),
            Numbers(decimal: Decimal(string: "3.14159265358979323846")!),
            Numbers(decimal: Decimal(string: "9223372036854775808")!),
        ])
    func refusedNumbers(_ numbers: Numbers) throws {
        let error = #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(numbers) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected EncodingError.invalidValue, got \(String(describing: error))")
            return
        }
        let key = numbers.u64 != nil ? "u64" : numbers.u != nil ? "u" : "decimal"
        #expect(context.codingPath.map(\.stringValue) == [key], "\(context.codingPath)")
        #expect(context.debugDescription.contains("cannot be held exactly"))
    }

    @Test("whatever encodes decodes back to the same value, over seeded random numbers")
    func encodedNumbersDecode() throws {
        var generator = SeededGenerator(seed: 19)
        var refused = 0
        for _ in 0..<2000 {
            let shift = UInt64.random(in: 0...63, using: &generator)
            let u64 = UInt64.random(in: 0...UInt64.max, using: &generator) >> shift
            let digits = Int.random(in: 1...25, using: &generator)
            let text = String((0..<digits).map { _ in "0123456789".randomElement(using: &generator)! })
            let decimal =
                Decimal(string: text)!
                / Decimal(sign: .plus, exponent: Int.random(in: 0...8, using: &generator), significand: 1)
            let numbers = Numbers(u64: u64, u: UInt(u64), decimal: decimal)
            let tree: JSONValue
            do {
                tree = try JSONValueEncoder().encode(numbers)
            } catch {
                refused += 1
                continue
            }
            #expect(try JSONValueDecoder().decode(Numbers.self, from: tree) == numbers, "\(tree)")
        }
        #expect(refused > 0 && refused < 2000)
    }

    @Test("classes with superEncoder, and a container that outlives later statements")
    func classes() throws {
        expectEncodingParity(Dog(name: "Rex", breed: "lab", legs: [1, 2, 3, 4]))
        expectEncodingParity(Cat(name: "Tom", lives: 9))
        expectEncodingParity([Animal(name: "a")])
        let tree = try JSONValueEncoder().encode(Dog(name: "Rex", breed: "lab", legs: [1, 2]))
        #expect(tree == ["breed": "lab", "legs": [1, 2], "super": ["name": "Rex"]])
    }

    @Test("unkeyed containers, optionals and top-level scalars")
    func scalars() {
        expectEncodingParity(Triple(a: 1, b: "b", c: nil))
        expectEncodingParity([1, nil, 3] as [Int?])
        expectEncodingParity("s")
        expectEncodingParity(1.5)
        expectEncodingParity(Optional<Int>.none)
        expectEncodingParity(["a": [1], "b": []] as [String: [Int]])
        expectEncodingParity([1: "x", 2: "y"] as [Int: String])
    }

    @Test("key encoding strategies")
    func keyStrategies() {
        let value = SnakeKeys(
            firstName: "a", myURLValue: 1, url: "u", someHTTPRequest: true, x1Y2: 3, alreadySnake_case: 4,
            table: ["keepMe": 1])
        expectEncodingParity(value) { foundation, ours in
            foundation.keyEncodingStrategy = .convertToSnakeCase
            ours.keyEncodingStrategy = .convertToSnakeCase
        }
        let custom: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            _AnyCodingKey(path.map(\.stringValue).joined(separator: "."))
        }
        expectEncodingParity(person) { foundation, ours in
            foundation.keyEncodingStrategy = .custom(custom)
            ours.keyEncodingStrategy = .custom(custom)
        }
    }

    @Test(
        "snake case conversion matches Foundation key by key",
        arguments: [
            "firstName", "myURLValue", "url", "aB", "ABC", "someHTTPRequest", "x1Y2", "alreadySnake_case", "URLValue",
            "a", "", "oneTwoThree", "_leading", "trailingA", "éÀb", "aBCdEF",
        ])
    func snakeCaseKeys(_ key: String) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        struct Probe: Encodable {
            var key: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: _AnyCodingKey.self)
                try container.encode(1, forKey: _AnyCodingKey(key))
            }
        }
        let written = try JSONValue(parsing: encoder.encode(Probe(key: key)))
        #expect(written.objectValue.map { Array($0.keys) } == [_KeyConversion.toSnakeCase(key)])
    }

    @Test("date encoding strategies", arguments: 0..<5)
    func dateStrategies(_ index: Int) {
        let strategies: [JSONEncoder.DateEncodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
            .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("at \(date.timeIntervalSince1970)")
            },
        ]
        let value = Dated(
            when: Date(timeIntervalSince1970: 1_500_000_000), dates: [Date(timeIntervalSince1970: 0)], maybe: nil)
        expectEncodingParity(value) { foundation, ours in
            foundation.dateEncodingStrategy = strategies[index]
            ours.dateEncodingStrategy = strategies[index]
        }
    }

    @Test(
        "ISO 8601 dates are written as the system's JSONEncoder writes them",
        arguments: [0, -1, 1_500_000_000.5, 1_700_000_000.999, -62_135_596_800, 253_402_300_799, 86_399.0001])
    func iso8601Dates(_ seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .iso8601
        var ours = JSONValueEncoder()
        ours.dateEncodingStrategy = .iso8601
        let expected = try JSONValue(parsing: foundation.encode([date]))
        #expect(try ours.encode([date]) == expected)
    }

    #if FullFoundation
    // `DateFormatter` is in Foundation, not FoundationEssentials.
    @Test("formatted dates")
    func formattedDates() {
        let formatter = dayFormatter()
        expectEncodingParity(Dated(when: Date(timeIntervalSince1970: 86_400 * 365), dates: [], maybe: nil)) {
            foundation, ours in
            foundation.dateEncodingStrategy = .formatted(formatter)
            ours.dateEncodingStrategy = .formatted(formatter)
        }
    }
    #endif

    @Test("data encoding strategies")
    func dataStrategies() {
        let value = Blob(data: Data("hello".utf8), more: [Data(), Data([0, 255])])
        expectEncodingParity(value)
        expectEncodingParity(value) { foundation, ours in
            foundation.dataEncodingStrategy = .deferredToData
            ours.dataEncodingStrategy = .deferredToData
        }
        let custom: JSONEncoder.DataEncodingStrategy = .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(data.count)
        }
        expectEncodingParity(value) { foundation, ours in
            foundation.dataEncodingStrategy = custom
            ours.dataEncodingStrategy = custom
        }
    }

    @Test("non-finite numbers: an error with its path, or strings")
    func nonConformingFloats() {
        let value = Floats(values: [1.5, .infinity, -.infinity, .nan], single: .nan)
        expectEncodingParity(value)
        expectEncodingParity(value) { foundation, ours in
            foundation.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            ours.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
    }

    @Test("userInfo reaches the encoded types")
    func userInfo() {
        expectEncodingParity([Contextual(value: 1), Contextual(value: 2)]) { foundation, ours in
            foundation.userInfo[Contextual.key] = 10
            ours.userInfo[Contextual.key] = 10
        }
    }

    @Test("a JSONValue field is stored as it is, keeping 1.0 a double")
    func jsonValueField() throws {
        let ext = try JSONValue(parsing: #"{"a": 1.0, "b": [true, 1]}"#)
        let tree = try JSONValueEncoder().encode(WithValue(id: 1, ext: ext))
        #expect(identical(tree, ["id": 1, "ext": ext]))
        #expect(identical(try JSONValue(encoding: ext), ext))
    }

    @Test("encoding then decoding gives back random values and models")
    func roundTrip() throws {
        var random = RandomJSON(seed: 77)
        for _ in 0..<2000 {
            let value = random.value()
            #expect(
                identical(try JSONValueDecoder().decode(JSONValue.self, from: JSONValueEncoder().encode(value)), value))
        }
        #expect(try JSONValueDecoder().decode(Person.self, from: JSONValueEncoder().encode(person)) == person)
    }
}

/// A child whose unkeyed container outlives its `encode(to:)`: the parent
/// writes into it afterwards.
private final class ContainerStash: @unchecked Sendable {
    var container: (any UnkeyedEncodingContainer)?
}

private struct StashingChild: Encodable {
    let stash: ContainerStash

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(1)
        stash.container = container
    }
}

private struct StashingParent: Encodable {
    enum CodingKeys: String, CodingKey {
        case child, after
    }

    func encode(to encoder: any Encoder) throws {
        let stash = ContainerStash()
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(StashingChild(stash: stash), forKey: .child)
        try stash.container?.encode(2)
        try container.encode(true, forKey: .after)
    }
}

/// Children whose keyed containers outlive their `encode(to:)`, each
/// written into after its siblings encoded: the encoder that a child's
/// sibling reuses must not take the kept container along.
private final class KeyedStash: @unchecked Sendable {
    var containers: [KeyedEncodingContainer<KeyedStashingChild.CodingKeys>] = []
}

private struct KeyedStashingChild: Encodable {
    enum CodingKeys: String, CodingKey {
        case number, late
    }

    let number: Int
    let stash: KeyedStash?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        stash?.containers.append(container)
    }
}

private struct KeyedStashingParent: Encodable {
    enum CodingKeys: String, CodingKey {
        case children, after
    }

    /// Which children stash their container.
    let stashing: [Bool]

    func encode(to encoder: any Encoder) throws {
        let stash = KeyedStash()
        var container = encoder.container(keyedBy: CodingKeys.self)
        var children = container.nestedUnkeyedContainer(forKey: .children)
        for (number, stashes) in stashing.enumerated() {
            try children.encode(KeyedStashingChild(number: number, stash: stashes ? stash : nil))
        }
        for (index, var stashed) in stash.containers.enumerated() {
            try stashed.encode(index, forKey: .late)
        }
        try container.encode(true, forKey: .after)
    }
}

/// A child that throws after writing a member, and a parent that goes on
/// with its other children.
private struct FailingChild: Encodable {
    enum CodingKeys: String, CodingKey {
        case value
    }

    let fails: Bool

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fails ? -1 : 1, forKey: .value)
        if fails { throw CancellationError() }
    }
}

private struct ForgivingParent: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for fails in [false, true, false] {
            do {
                try container.encode(FailingChild(fails: fails))
            } catch is CancellationError {
                try container.encode("failed")
            }
        }
    }
}

@Suite("JSONValueEncoder containers")
struct EncoderContainerTests {
    @Test(
        "keyed containers that a type keeps stay its own while its siblings encode",
        arguments: [[true, true, true], [false, true, false], [true, false, true, false], [false, false]])
    func keptKeyedContainers(stashing: [Bool]) throws {
        var late = 0
        let children: [JSONValue] = stashing.enumerated().map { number, stashes in
            guard stashes else { return ["number": .int(number)] }
            defer { late += 1 }
            return ["number": .int(number), "late": .int(late)]
        }
        let encoded = try JSONValueEncoder().encode(KeyedStashingParent(stashing: stashing))
        #expect(encoded == ["children": .array(children), "after": true])
    }

    @Test("a child that throws leaves its siblings' objects whole")
    func throwingChild() throws {
        // The failed child adds nothing; the next one gets an object of
        // its own, without the failed child's member.
        let encoded = try JSONValueEncoder().encode(ForgivingParent())
        #expect(encoded == [["value": 1], "failed", ["value": 1]])
    }
    @Test("a container that outlives its encode(to:) still lands in the tree")
    func outlivingContainer() throws {
        #expect(try JSONValueEncoder().encode(StashingParent()) == ["child": [1, 2], "after": true])
        // A deliberate difference: JSONEncoder drops the late write.
        let foundation = try JSONValue(parsing: JSONEncoder().encode(StashingParent()))
        #expect(foundation == ["child": [1], "after": true])
    }

    @Test("a later write to a key replaces an earlier one, finished or pending")
    func overwrites() throws {
        struct Overwriting: Encodable {
            enum CodingKeys: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                var nested = container.nestedUnkeyedContainer(forKey: .a)
                try nested.encode(1)
                try container.encode("replaced", forKey: .a)
            }
        }
        #expect(try JSONValueEncoder().encode(Overwriting()) == ["a": "replaced"])
        expectEncodingParity(Overwriting())
    }
}
