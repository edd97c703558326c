import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A coding key of any name.
private struct NameKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private struct Thrown: Error, Equatable {
    var tag: Int
}

/// A value whose `encode(to:)` does what its plan says, through every kind
/// of container call, in order or not.
private indirect enum Plan: Encodable {
    case int(Int)
    case int8(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case uint(UInt)
    case uint8(UInt8)
    case uint16(UInt16)
    case uint32(UInt32)
    case uint64(UInt64)
    case double(Double)
    case float(Float)
    case string(String)
    case bool(Bool)
    case null
    case decimal(Decimal)
    case date(Date)
    case data(Data)
    case url(URL)
    case json(JSONValue)
    case ints([Int])
    case doubles([Double])
    case int64s([Int64])
    case strings([String])
    case stringMap([String: String])
    case map([String: Plan])
    /// A keyed container; `nested` members go through nested containers.
    case object([(name: String, plan: Plan, nested: Bool)])
    case array([Plan], nested: Bool)
    /// A single-value container holding another value.
    case single(Plan)
    /// Encodes nothing.
    case nothing
    /// Throws; `caught` catches its own error with `try?` inside its parent.
    case throwing(Int)
    case caught(Plan)
    /// Out-of-order usage: writes to `name`'s nested object after a later member.
    case lateWrite(String, String)
    /// Asks for the keyed container twice, writing to both.
    case reopened(String, String)
    case superEncoded(Plan)
    /// A keyed container, then an unkeyed one.
    case mixed

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: NameKey.self)
            try Self.encode(members, into: &container)
        case .array(let elements, let nested):
            var container = encoder.unkeyedContainer()
            try Self.encode(elements, nested: nested, into: &container)
        case .map(let map): try map.encode(to: encoder)
        case .single(let plan):
            var container = encoder.singleValueContainer()
            try container.encode(plan)
        case .nothing: break
        case .throwing(let tag): throw Thrown(tag: tag)
        case .caught(let plan):
            var container = encoder.container(keyedBy: NameKey.self)
            try? container.encode(plan, forKey: NameKey("caught"))
            try container.encode(1, forKey: NameKey("after"))
        case .lateWrite(let first, let second):
            var container = encoder.container(keyedBy: NameKey.self)
            var nested = container.nestedContainer(keyedBy: NameKey.self, forKey: NameKey(first))
            try nested.encode(1, forKey: NameKey("a"))
            try container.encode(2, forKey: NameKey(second))
            try nested.encode(3, forKey: NameKey("b"))
        case .reopened(let first, let second):
            var container = encoder.container(keyedBy: NameKey.self)
            try container.encode(1, forKey: NameKey(first))
            var again = encoder.container(keyedBy: NameKey.self)
            try again.encode(2, forKey: NameKey(second))
        case .superEncoded(let plan):
            var container = encoder.container(keyedBy: NameKey.self)
            try container.encode(0, forKey: NameKey("own"))
            try plan.encode(to: container.superEncoder())
        case .mixed:
            var keyed = encoder.container(keyedBy: NameKey.self)
            try keyed.encode(1, forKey: NameKey("a"))
            var unkeyed = encoder.unkeyedContainer()
            try unkeyed.encode(2)
        default:
            var container = encoder.singleValueContainer()
            try container.encodeScalar(self)
        }
    }

    static func encode(
        _ members: [(name: String, plan: Plan, nested: Bool)], into container: inout KeyedEncodingContainer<NameKey>
    ) throws {
        for (name, plan, nested) in members {
            let key = NameKey(name)
            switch (plan, nested) {
            case (.object(let inner), true):
                var nestedContainer = container.nestedContainer(keyedBy: NameKey.self, forKey: key)
                try encode(inner, into: &nestedContainer)
            case (.array(let inner, let innerNested), true):
                var nestedContainer = container.nestedUnkeyedContainer(forKey: key)
                try encode(inner, nested: innerNested, into: &nestedContainer)
            case (.int8(let value), _): try container.encode(value, forKey: key)
            case (.int16(let value), _): try container.encode(value, forKey: key)
            case (.int32(let value), _): try container.encode(value, forKey: key)
            case (.int64(let value), _): try container.encode(value, forKey: key)
            case (.uint(let value), _): try container.encode(value, forKey: key)
            case (.uint8(let value), _): try container.encode(value, forKey: key)
            case (.uint16(let value), _): try container.encode(value, forKey: key)
            case (.uint32(let value), _): try container.encode(value, forKey: key)
            case (.uint64(let value), _): try container.encode(value, forKey: key)
            case (.int(let value), _): try container.encode(value, forKey: key)
            case (.double(let value), _): try container.encode(value, forKey: key)
            case (.float(let value), _): try container.encode(value, forKey: key)
            case (.string(let value), _): try container.encode(value, forKey: key)
            case (.bool(let value), _): try container.encode(value, forKey: key)
            case (.null, _): try container.encodeNil(forKey: key)
            default: try container.encode(plan, forKey: key)
            }
        }
    }

    static func encode(_ elements: [Plan], nested: Bool, into container: inout any UnkeyedEncodingContainer) throws {
        for plan in elements {
            switch (plan, nested) {
            case (.object(let inner), true):
                var nestedContainer = container.nestedContainer(keyedBy: NameKey.self)
                try encode(inner, into: &nestedContainer)
            case (.array(let inner, let innerNested), true):
                var nestedContainer = container.nestedUnkeyedContainer()
                try encode(inner, nested: innerNested, into: &nestedContainer)
            case (.int8(let value), _): try container.encode(value)
            case (.int64(let value), _): try container.encode(value)
            case (.uint64(let value), _): try container.encode(value)
            case (.int(let value), _): try container.encode(value)
            case (.double(let value), _): try container.encode(value)
            case (.float(let value), _): try container.encode(value)
            case (.string(let value), _): try container.encode(value)
            case (.bool(let value), _): try container.encode(value)
            case (.null, _): try container.encodeNil()
            default: try container.encode(plan)
            }
        }
    }
}

extension SingleValueEncodingContainer {
    fileprivate mutating func encodeScalar(_ plan: Plan) throws {
        switch plan {
        case .int(let value): try encode(value)
        case .int8(let value): try encode(value)
        case .int16(let value): try encode(value)
        case .int32(let value): try encode(value)
        case .int64(let value): try encode(value)
        case .uint(let value): try encode(value)
        case .uint8(let value): try encode(value)
        case .uint16(let value): try encode(value)
        case .uint32(let value): try encode(value)
        case .uint64(let value): try encode(value)
        case .double(let value): try encode(value)
        case .float(let value): try encode(value)
        case .string(let value): try encode(value)
        case .bool(let value): try encode(value)
        case .null: try encodeNil()
        case .decimal(let value): try encode(value)
        case .date(let value): try encode(value)
        case .data(let value): try encode(value)
        case .url(let value): try encode(value)
        case .json(let value): try encode(value)
        case .ints(let value): try encode(value)
        case .doubles(let value): try encode(value)
        case .int64s(let value): try encode(value)
        case .strings(let value): try encode(value)
        case .stringMap(let value): try encode(value)
        default: break
        }
    }
}

/// Random plans, in order unless `outOfOrder`.
private struct RandomPlan {
    var random: RandomJSON
    let outOfOrder: Bool

    /// Few names, so that they repeat, some alike after snake-casing, one
    /// not ASCII, one with a slash.
    static let names = ["id", "name", "userName", "user_name", "URLValue", "a/b", "é", "x", "y", "\"q\"", "super"]

    mutating func name() -> String { Self.names.randomElement(using: &random.generator)! }

    mutating func uniqueNames(_ count: Int) -> [String] {
        (0..<count).map { "\(name())\($0)" }
    }

    mutating func scalar() -> Plan {
        switch random.int(in: 0...24) {
        case 0: return .int8(.random(in: .min ... .max, using: &random.generator))
        case 1: return .int16(.random(in: .min ... .max, using: &random.generator))
        case 2: return .int32(.random(in: .min ... .max, using: &random.generator))
        case 3: return .int64(random.bool() ? .max : .random(in: -1000...1000, using: &random.generator))
        case 4: return .uint(.random(in: 0...1000, using: &random.generator))
        case 5: return .uint8(.random(in: .min ... .max, using: &random.generator))
        case 6: return .uint16(.random(in: .min ... .max, using: &random.generator))
        case 7: return .uint32(.random(in: .min ... .max, using: &random.generator))
        case 8: return .uint64(random.bool() ? .max : .random(in: 0...1000, using: &random.generator))
        case 9:
            let special: [Double] = [.nan, .infinity, -.infinity]
            return .double(
                random.int(in: 0...9) == 0 ? special.randomElement(using: &random.generator)! : random.double())
        case 10: return .float(random.int(in: 0...9) == 0 ? .nan : Float(random.double()))
        case 11: return .bool(random.bool())
        case 12: return .null
        case 13:
            let decimals = ["1.5", "-0", "123456789012345678901234567890.12", "0.1", "1e100"]
            return .decimal(Decimal(string: decimals.randomElement(using: &random.generator)!)!)
        case 14: return .date(Date(timeIntervalSince1970: Double(random.int(in: -1_000_000...2_000_000_000)) / 8))
        case 15: return .data(Data((0..<random.int(in: 0...5)).map { UInt8($0 * 37 % 256) }))
        case 16: return .url(URL(string: "https://example.com/a?b=\(random.int(in: 0...9))")!)
        case 17: return .json(random.value())
        case 18: return .ints((0..<random.int(in: 0...4)).map { _ in random.int(in: -5...5) })
        case 19:
            return .doubles(
                (0..<random.int(in: 0...3)).map { _ in random.int(in: 0...5) == 0 ? .infinity : random.double() })
        case 20: return .int64s((0..<random.int(in: 0...3)).map { _ in Int64(random.int(in: -5...5)) })
        case 21: return .strings((0..<random.int(in: 0...3)).map { _ in random.string() })
        case 22:
            return .stringMap(
                Dictionary(uniqueKeysWithValues: uniqueNames(random.int(in: 0...3)).map { ($0, random.string()) }))
        case 23: return .int(random.int(in: -1000...1000))
        default: return .string(random.string())
        }
    }

    mutating func plan(depth: Int = 0) -> Plan {
        guard depth < 4 else { return scalar() }
        let kinds = outOfOrder ? 14 : 8
        switch random.int(in: 0...kinds) {
        case 0, 1:
            let count = random.int(in: 0...4)
            // Names repeat now and then, in the out-of-order runs.
            let names = outOfOrder ? (0..<count).map { _ in name() } : uniqueNames(count)
            return .object(names.map { ($0, plan(depth: depth + 1), random.bool()) })
        case 2: return .array((0..<random.int(in: 0...4)).map { _ in plan(depth: depth + 1) }, nested: random.bool())
        case 3:
            return .map(
                Dictionary(
                    uniqueKeysWithValues: uniqueNames(random.int(in: 0...3)).map { ($0, plan(depth: depth + 1)) }))
        case 4: return .single(plan(depth: depth + 1))
        case 5: return random.int(in: 0...3) == 0 ? .nothing : scalar()
        case 6: return random.int(in: 0...5) == 0 ? .throwing(depth) : scalar()
        case 7: return .caught(plan(depth: depth + 1))
        case 8: return scalar()
        case 9: return .lateWrite(name(), name())
        case 10: return .reopened(name(), name())
        case 11: return .superEncoded(plan(depth: depth + 1))
        case 12: return .mixed
        default: return .object([(name(), plan(depth: depth + 1), true), (name(), scalar(), false)])
        }
    }

    mutating func encoder() -> JSONValueEncoder {
        var encoder = JSONValueEncoder()
        switch random.int(in: 0...3) {
        case 0: encoder.keyEncodingStrategy = .convertToSnakeCase
        case 1: encoder.keyEncodingStrategy = .custom { path in NameKey("\(path.count)-\(path.last!.stringValue)") }
        default: break
        }
        switch random.int(in: 0...4) {
        case 0: encoder.dateEncodingStrategy = .millisecondsSince1970
        case 1: encoder.dateEncodingStrategy = .iso8601
        case 2:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                if date.timeIntervalSince1970 < 0 { return }
                var container = encoder.unkeyedContainer()
                try container.encode(date.timeIntervalSince1970)
            }
        default: break
        }
        switch random.int(in: 0...2) {
        case 0: encoder.dataEncodingStrategy = .deferredToData
        case 1:
            encoder.dataEncodingStrategy = .custom { data, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(data.count)
            }
        default: break
        }
        if random.bool() {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
        encoder.allowsInexactNumbers = random.bool()
        return encoder
    }
}

/// The public result and the tree path's, bytes or error, as text.
private func outcome(_ body: () throws -> Data) -> String {
    do {
        return String(decoding: try body(), as: UTF8.self)
    } catch {
        return "error: \(error)"
    }
}

@Suite("JSONValueEncoder.encodeJSONData")
struct DirectEncodingTests {
    /// Checks that `encodeJSONData` gives the tree path's bytes or error,
    /// and whether the direct path served it.
    private func check<T: Encodable>(
        _ value: T, _ encoder: JSONValueEncoder = JSONValueEncoder(), options: JSONValue.WritingOptions = [],
        depth: Int = JSONValue.WritingOptions.defaultMaximumNestingDepth, direct: Bool?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = outcome { try encoder.encode(value).jsonData(options: options, maximumNestingDepth: depth) }
        let actual = outcome { try encoder.encodeJSONData(value, options: options, maximumNestingDepth: depth) }
        #expect(actual == expected, sourceLocation: sourceLocation)
        let directData = encoder._directJSONData(value, options: options, maximumNestingDepth: depth)
        if let directData {
            #expect(String(decoding: directData, as: UTF8.self) == expected, sourceLocation: sourceLocation)
        }
        if let direct {
            #expect(
                (directData != nil) == direct, "direct path served it: \(directData != nil)",
                sourceLocation: sourceLocation)
        }
    }

    @Test(
        "random in-order values: the tree's bytes, written directly unless an error or unusual name",
        arguments: 0..<8)
    func randomInOrder(_ seed: Int) {
        var random = RandomPlan(random: RandomJSON(seed: UInt64(seed) &+ 0xD1EC7), outOfOrder: false)
        var direct = 0
        for _ in 0..<150 {
            let plan = random.plan()
            let encoder = random.encoder()
            check(plan, encoder, direct: nil)
            if encoder._directJSONData(plan, options: [], maximumNestingDepth: 512) != nil { direct += 1 }
        }
        // Most of them go the direct way (errors, non-ASCII names and the
        // rest fall back); a direct path that always gave up would fail here.
        #expect(direct > 75)
    }

    @Test("random values with out-of-order usage: the tree's bytes or error", arguments: 0..<8)
    func randomOutOfOrder(_ seed: Int) {
        var random = RandomPlan(random: RandomJSON(seed: UInt64(seed) &+ 0x0DD), outOfOrder: true)
        for _ in 0..<150 {
            check(random.plan(), random.encoder(), direct: nil)
        }
    }

    @Test("synthesized models and Foundation types go the direct way")
    func synthesized() throws {
        struct Inner: Encodable {
            var id: Int64
            var tags: [String]
            var score: Double?
            var when: Date
        }
        struct Outer: Encodable {
            var inners: [Inner]
            var byName: [String: Inner]
            var counts: [String: Int]
            var link: URL
            var blob: Data
            var price: Decimal
            var nothing: String?
            var userName: String
        }
        let inner = Inner(id: .max, tags: ["a\"b", "c/d", ""], score: nil, when: Date(timeIntervalSince1970: 1.5))
        let outer = Outer(
            inners: [inner, inner], byName: ["z": inner, "a": inner], counts: ["b": 2, "a": 1],
            link: URL(string: "https://example.com/x")!, blob: Data([1, 2, 3]), price: Decimal(string: "12.25")!,
            nothing: nil, userName: "u")
        check(outer, direct: true)
        var snake = JSONValueEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        snake.dateEncodingStrategy = .iso8601
        check(outer, snake, direct: true)
        check(outer, options: .escapingSlashes, direct: true)
        check(outer, options: .sortedKeys, direct: false)
        check(outer, options: .prettyPrinted, direct: false)
        #expect(
            String(decoding: try JSONValueEncoder().encodeJSONData(inner), as: UTF8.self)
                == #"{"id":9223372036854775807,"tags":["a\"b","c/d",""],"when":-978307198.5}"#)
    }

    @Test("top-level scalars and empty containers")
    func scalarsAndEmpty() {
        check(1, direct: true)
        check("text", direct: true)
        check(Optional<Int>.none, direct: true)
        check(2.5, direct: true)
        check([Int](), direct: true)
        check([String: Int](), direct: true)
        check(Plan.nothing, direct: true)
        check(Plan.object([]), direct: true)
        check(Plan.array([], nested: true), direct: true)
        check(Plan.single(.nothing), direct: true)
        check(Plan.object([("a", Plan.object([]), true), ("b", .array([], nested: true), true)]), direct: true)
        check(Plan.array([.nothing, .single(.nothing)], nested: false), direct: true)
    }

    @Test("out-of-order usage falls back to the tree")
    func outOfOrder() {
        check(Plan.lateWrite("n", "m"), direct: false)
        check(Plan.superEncoded(.int(1)), direct: false)
        check(Plan.mixed, direct: false)
        check(Plan.object([("a", .lateWrite("n", "m"), false)]), direct: false)
        // Reopening the same object while it is open is in order.
        check(Plan.reopened("a", "b"), direct: true)
        check(Plan.reopened("a", "a"), direct: false)
    }

    @Test("a key encoded twice, also after key conversion")
    func duplicateKeys() {
        check(Plan.object([("a", .int(1), false), ("b", .int(2), false), ("a", .int(3), false)]), direct: false)
        check(
            Plan.object([("a", .object([("x", .int(1), false)]), true), ("a", .int(3), false)]), direct: false)
        var snake = JSONValueEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        check(Plan.object([("userName", .int(1), false), ("user_name", .int(2), false)]), snake, direct: false)
        check(Plan.object([("userName", .int(1), false), ("user_name", .int(2), false)]), direct: true)
        // Many different names, whose hash bits collide.
        let many = (0..<200).map { (name: "k\($0)", plan: Plan.int($0), nested: false) }
        check(Plan.object(many), direct: true)
        check(Plan.object(many + [(name: "k17", plan: Plan.int(0), nested: false)]), direct: false)
    }

    @Test("errors: the tree's, with their coding paths, also when caught inside")
    func errors() {
        check(Plan.object([("a", .array([.int(1), .throwing(7)], nested: false), false)]), direct: false)
        check(Plan.object([("a", .array([.double(.nan)], nested: false), true)]), direct: false)
        check(Plan.caught(.object([("x", .int(1), false), ("y", .throwing(1), false)])), direct: false)
        check(Plan.array([.uint64(.max)], nested: false), direct: false)
        var inexact = JSONValueEncoder()
        inexact.allowsInexactNumbers = true
        check(Plan.array([.uint64(.max)], nested: false), inexact, direct: true)
    }

    /// Forwards to `JSONValue.encode(to:)`, which keeps the object's order.
    struct Forwarding: Encodable {
        var value: JSONValue
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    @Test("a type that forwards to JSONValue's encode(to:) keeps the object's order")
    func forwarding() throws {
        let value: JSONValue = ["z": 1, "a": [2.0, "x"], "m": nil]
        check(Forwarding(value: value), direct: true)
        check([Forwarding(value: value)], direct: true)
        #expect(
            String(decoding: try JSONValueEncoder().encodeJSONData(Forwarding(value: value)), as: UTF8.self)
                == #"{"z":1,"a":[2.0,"x"],"m":null}"#)
    }

    struct Deep: Encodable {
        var levels: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            if levels > 0 { try container.encode(Deep(levels: levels - 1)) }
        }
    }

    @Test("deep nesting on a small stack, and the nesting limit")
    func deep() throws {
        let limit = JSONValue.WritingOptions.defaultMaximumNestingDepth
        let data = try onSmallStack { try JSONValueEncoder().encodeJSONData(Deep(levels: limit - 1)) }
        #expect(data.count == 2 * limit)
        #expect(
            JSONValueEncoder()._directJSONData(Deep(levels: limit - 1), options: [], maximumNestingDepth: limit) != nil)
        check(Deep(levels: limit), direct: false)
        check(Deep(levels: 5), depth: 5, direct: false)
        check(Deep(levels: 4), depth: 5, direct: true)
        check(Plan.json(.array([.array([])])), depth: 1, direct: false)
    }

    struct Integers: Encodable {
        var values: [Int64]
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: NameKey.self)
            for (index, value) in values.enumerated() {
                try keyed.encode(value, forKey: NameKey(stringValue: "i\(index)")!)
                try keyed.encode(UInt64(value.magnitude), forKey: NameKey(stringValue: "u\(index)")!)
                try keyed.encode(Int32(truncatingIfNeeded: value), forKey: NameKey(stringValue: "s\(index)")!)
            }
            var unkeyed = keyed.nestedUnkeyedContainer(forKey: NameKey(stringValue: "all")!)
            for value in values { try unkeyed.encode(value) }
        }
    }

    @Test("integers of every width: the tree's text, written straight where they fit Int")
    func integers() {
        let values: [Int64] = [0, 1, -1, 9, 10, -10, 99_999_999, 100_000_000, 1 << 53, -(1 << 53) - 1, .max, .min + 1]
        check(Integers(values: values), direct: true)
        for value in values {
            check(value, direct: true)
            check(UInt64(value.magnitude), direct: true)
        }
        check(UInt64.max, direct: nil)
        check([Int64.min, -2], direct: true)
        #expect(
            String(decoding: try! JSONValueEncoder().encodeJSONData([Int64.min, 7]), as: UTF8.self)
                == "[-9223372036854775808,7]")
    }

    @Test("dictionaries of every size in the order of their names, with scalar and composite values")
    func dictionaries() {
        var random = RandomJSON(seed: 0xD1C7)
        for count in 0..<40 {
            var counts: [String: Int] = [:]
            var nested: [String: [String: String]] = [:]
            while counts.count < count {
                let name = String(repeating: "k", count: random.int(in: 0...18)) + String(random.int(in: 0...999))
                counts[name] = random.int(in: -5...5)
                nested[name] = [name: name, "": "x"]
            }
            check(counts, direct: true)
            check(nested, direct: true)
            check(["a": counts, "b": [:]], direct: true)
        }
    }

    /// Writes its members through a container of its own key type, and the
    /// rest through a second one (as a type with members of arbitrary names
    /// does), or through a second container of the same key type.
    struct TwoContainers: Encodable {
        var number: Int
        var extras: [String: String]
        var sameKeyType: Bool
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: NameKey.self)
            try first.encode(number, forKey: NameKey(stringValue: "number")!)
            if sameKeyType {
                var second = encoder.container(keyedBy: NameKey.self)
                for (name, value) in extras.sorted(by: { $0.key < $1.key }) {
                    try second.encode(value, forKey: NameKey(stringValue: name)!)
                }
            } else {
                var second = encoder.container(keyedBy: _AnyCodingKey.self)
                for (name, value) in extras.sorted(by: { $0.key < $1.key }) {
                    try second.encode(value, forKey: _AnyCodingKey(name))
                }
            }
            try first.encode(-number, forKey: NameKey(stringValue: "negated")!)
        }
    }

    @Test("a second keyed container of an encoder writes to the same object, also when kept for the next value")
    func secondContainer() {
        for sameKeyType in [false, true] {
            let values = (0..<5).map {
                TwoContainers(number: $0, extras: ["c\($0)": "x", "b": "\($0)"], sameKeyType: sameKeyType)
            }
            check(values, direct: true)
            check(["one": values, "two": values], direct: true)
            #expect(
                String(decoding: try! JSONValueEncoder().encodeJSONData(values[1]), as: UTF8.self)
                    == #"{"number":1,"b":"1","c1":"x","negated":-1}"#)
        }
    }
}
