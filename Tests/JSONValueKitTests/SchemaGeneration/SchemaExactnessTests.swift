import JSONValueKit
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A type whose random instances the exactness tests encode.
protocol RandomlyGenerated: Codable, SendableMetatype {
    static func random(_ generator: inout SeededGenerator, depth: Int) -> Self
}

extension SeededGenerator {
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func string() -> String {
        let words = ["Oslo", "Lagos", "", "ünïcödé", "a\"b", "tab\t", "東京", "🙂", "x y"]
        return words[int(0...(words.count - 1))] + (chance(30) ? String(int(0...999)) : "")
    }
    mutating func element<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }
    mutating func uuid() -> UUID {
        let a = next()
        let b = next()
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * index)) }
        return UUID(
            uuid: (
                byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6), byte(a, 7),
                byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7)
            ))
    }
}

enum ExactnessModels {
    // Tool arguments.
    struct WeatherArgs: RandomlyGenerated, JSONSchemaCustomizing {
        enum Units: String, Codable, CaseIterable { case celsius, fahrenheit, kelvin }
        var city: String
        var units: Units?
        var days: Int
        var hourly: Bool?

        static var schemaGuides: [PartialKeyPath<WeatherArgs>: JSONSchema.Guide] {
            [\.city: .init(description: "The city."), \.days: .init(description: "Days to forecast.")]
        }

        static func random(_ g: inout SeededGenerator, depth: Int) -> Self {
            WeatherArgs(
                city: g.string(), units: g.chance(70) ? g.element(Units.allCases) : nil, days: g.int(-5...30),
                hourly: g.chance(50) ? g.chance(50) : nil)
        }
    }

    struct SearchArgs: RandomlyGenerated {
        enum Sort: Int, Codable, CaseIterable { case relevance, newest, oldest }
        var query: String
        var limit: UInt8?
        var filters: [String: String]?
        var tags: Set<String>
        var sort: Sort

        static func random(_ g: inout SeededGenerator, depth: Int) -> Self {
            var filters: [String: String] = [:]
            for _ in 0..<g.int(0...3) { filters[g.string()] = g.string() }
            return SearchArgs(
                query: g.string(), limit: g.chance(50) ? UInt8(g.int(0...255)) : nil,
                filters: g.chance(50) ? filters : nil, tags: Set((0..<g.int(0...3)).map { _ in g.string() }),
                sort: g.element(Sort.allCases))
        }
    }

    // API models.
    struct User: RandomlyGenerated {
        enum Role: String, Codable, CaseIterable {
            case admin
            case editor = "EDITOR"
            case viewer
        }
        struct Profile: Codable {
            var bio: String
            var links: [URL]
            var avatar: Data?
            var age: Int16?
        }
        var id: UUID
        var name: String
        var email: String?
        var createdAt: Date
        var roles: [Role]
        var profile: Profile?
        var score: Double
        var flags: [String: Bool]
        var nicknames: [String]?

        static func random(_ g: inout SeededGenerator, depth: Int) -> Self {
            let profile = Profile(
                bio: g.string(), links: (0..<g.int(0...2)).map { URL(string: "https://example.com/\($0)")! },
                avatar: g.chance(50) ? Data((0..<g.int(0...8)).map { UInt8($0) }) : nil,
                age: g.chance(50) ? Int16(g.int(-100...30000)) : nil)
            var flags: [String: Bool] = [:]
            for _ in 0..<g.int(0...3) { flags[g.string()] = g.chance(50) }
            return User(
                id: g.uuid(), name: g.string(), email: g.chance(50) ? g.string() : nil,
                createdAt: Date(timeIntervalSince1970: Double(g.int(0...2_000_000_000))),
                roles: (0..<g.int(0...3)).map { _ in g.element(Role.allCases) }, profile: g.chance(70) ? profile : nil,
                score: g.element([0, -1.5, 1e10, 3.25, 42]), flags: flags,
                nicknames: g.chance(50) ? (0..<g.int(0...2)).map { _ in g.string() } : nil)
        }
    }

    // Recursive trees.
    struct Tree: RandomlyGenerated {
        var name: String
        var children: [Tree]
        var attributes: [String: Tree]?

        static func random(_ g: inout SeededGenerator, depth: Int) -> Self {
            let count = depth > 3 ? 0 : g.int(0...3)
            return Tree(
                name: g.string(), children: (0..<count).map { _ in Tree.random(&g, depth: depth + 1) },
                attributes: depth < 3 && g.chance(30) ? ["a": Tree.random(&g, depth: depth + 1)] : nil)
        }
    }

    final class Node: RandomlyGenerated {
        var value: Int
        var next: Node?

        init(value: Int, next: Node?) {
            self.value = value
            self.next = next
        }

        static func random(_ g: inout SeededGenerator, depth: Int) -> Node {
            Node(value: g.int(-1000...1000), next: depth < 5 && g.chance(60) ? Node.random(&g, depth: depth + 1) : nil)
        }
    }

    // Nested arrays and dictionaries.
    struct Matrix: RandomlyGenerated {
        var rows: [[Double]]
        var labels: [[String: [Int]]]
        var lookup: [String: [String: Int8]]
        var byNumber: [Int: String]

        static func random(_ g: inout SeededGenerator, depth: Int) -> Self {
            var lookup: [String: [String: Int8]] = [:]
            for _ in 0..<g.int(0...2) { lookup[g.string()] = [g.string(): Int8(g.int(-128...127))] }
            var byNumber: [Int: String] = [:]
            for _ in 0..<g.int(0...3) { byNumber[g.int(-50...50)] = g.string() }
            return Matrix(
                rows: (0..<g.int(0...3)).map { _ in (0..<g.int(0...3)).map { _ in Double(g.int(-9...9)) / 4 } },
                labels: (0..<g.int(0...2)).map { _ in [g.string(): (0..<g.int(0...2)).map { _ in g.int(0...9) }] },
                lookup: lookup, byNumber: byNumber)
        }
    }

    // Enumerations, optionals, open values.
    struct Envelope: RandomlyGenerated {
        enum Kind: String, Codable, CaseIterable { case created, updated, deleted }
        enum Level: Int, Codable, CaseIterable {
            case debug = 10
            case info = 20
            case error = 40
        }
        var kind: Kind
        var level: Level?
        var payload: JSONValue
        var meta: JSONObject?
        var trail: [Kind?]

        static func random(_ g: inout SeededGenerator, depth: Int) -> Self {
            Envelope(
                kind: g.element(Kind.allCases), level: g.chance(50) ? g.element(Level.allCases) : nil,
                payload: g.element([1, "a", nil, [1, 2], ["k": true]]), meta: g.chance(50) ? ["n": 1] : nil,
                trail: (0..<g.int(0...3)).map { _ in g.chance(70) ? g.element(Kind.allCases) : nil })
        }
    }

    // Dates as ISO 8601 strings, snake-case names.
    struct Meeting: RandomlyGenerated {
        var title: String
        var startTime: Date
        var endTime: Date?
        var attendeeIDs: [UUID]

        static func random(_ g: inout SeededGenerator, depth: Int) -> Self {
            Meeting(
                title: g.string(), startTime: Date(timeIntervalSince1970: Double(g.int(0...2_000_000_000))),
                endTime: g.chance(50) ? Date(timeIntervalSince1970: Double(g.int(0...2_000_000_000))) : nil,
                attendeeIDs: (0..<g.int(0...2)).map { _ in g.uuid() })
        }
    }
}

extension ExactnessModels {
    /// A type to test, with the coders that go with it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var decoder: JSONValueDecoder
        var encoder: JSONValueEncoder
        var check: @Sendable (Case) throws -> Void
        var testDescription: String { name }

        static func of<T: RandomlyGenerated>(
            _ type: T.Type, iso8601: Bool = false, snakeCase: Bool = false
        ) -> Case {
            var decoder = JSONValueDecoder()
            var encoder = JSONValueEncoder()
            if iso8601 {
                decoder.dateDecodingStrategy = .iso8601
                encoder.dateEncodingStrategy = .iso8601
            }
            if snakeCase {
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                encoder.keyEncodingStrategy = .convertToSnakeCase
            }
            return Case(name: "\(T.self)", decoder: decoder, encoder: encoder) { try run(T.self, $0) }
        }
    }

    static let cases: [Case] = [
        .of(WeatherArgs.self), .of(SearchArgs.self), .of(User.self), .of(User.self, iso8601: true, snakeCase: true),
        .of(Tree.self), .of(Node.self), .of(Matrix.self), .of(Envelope.self), .of(Meeting.self, iso8601: true),
        .of(Meeting.self, snakeCase: true),
    ]

    /// Encodes seeded random instances: all valid. Then breaks them at
    /// random places, and checks that the schema and decoding agree about
    /// each broken value.
    static func run<T: RandomlyGenerated>(_ type: T.Type, _ testCase: Case) throws {
        let schema = try JSONSchema(for: T.self, using: testCase.decoder)
        let hasData = try JSONSchema.document(for: T.self, using: testCase.decoder).description.contains("base64")
        var generator = SeededGenerator(seed: 0x5EED_0039)
        for round in 0..<40 {
            let instance = T.random(&generator, depth: 0)
            let value = try testCase.encoder.encode(instance)
            let result = schema.validate(value)
            #expect(result.isValid, "round \(round): \(value) is refused: \(result.errors)")
            _ = try testCase.decoder.decode(T.self, from: value)
            for _ in 0..<6 {
                guard let broken = Mutation.apply(to: value, hasData: hasData, using: &generator) else { continue }
                let decodes = (try? testCase.decoder.decode(T.self, from: broken.value)) != nil
                #expect(
                    schema.isValid(broken.value) == decodes,
                    "round \(round), \(broken.description): decoding \(decodes ? "accepts" : "refuses") \(broken.value) but the schema does not agree"
                )
            }
        }
    }

    /// A random change to a value, at a random place.
    enum Mutation {
        struct Result {
            var value: JSONValue
            var description: String
        }

        /// The places in a value: pointers to every node.
        static func places(in value: JSONValue, at pointer: JSONPointer = .root) -> [JSONPointer] {
            var result = [pointer]
            switch value {
            case .object(let object):
                for (key, member) in object { result += places(in: member, at: pointer.appending(key)) }
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    result += places(in: element, at: pointer.appending(index))
                }
            default: break
            }
            return result
        }

        static func apply(to value: JSONValue, hasData: Bool, using g: inout SeededGenerator) -> Result? {
            // Sorted: the order of a dictionary's or a set's members changes
            // with the process's hash seed, the places do not.
            let all = places(in: value).filter { !$0.isRoot }.sorted { $0.description < $1.description }
            guard !all.isEmpty else { return nil }
            let place = g.element(all)
            guard let current = value[pointer: place] else { return nil }
            let replacement: JSONValue?
            let description: String
            switch g.int(0...5) {
            case 0:
                replacement = nil
                description = "removed \(place)"
            case 1:
                replacement = .null
                description = "null at \(place)"
            case 2:
                // Another kind of value.
                let others: [JSONValue] = [7, "seven", true, [1], ["k": 1], 2.5]
                replacement = g.element(others.filter { !sameKind($0, current) })
                description = "other kind at \(place)"
            case 3:
                // A string no enumeration has, or a number out of small ranges.
                switch current {
                case .string: replacement = "not-a-case-\(g.int(0...9))"
                case .int: replacement = g.element([300, -1, 70000, 4_294_967_296])
                default: replacement = current
                }
                description = "out of range at \(place)"
            case 4:
                // A member no type declares: allowed, since decoding ignores it.
                guard case .object(var object) = current else { return nil }
                object["unknownMember"] = 1
                replacement = .object(object)
                description = "unknown member at \(place)"
            default:
                // An integer where a fraction is, or the reverse.
                switch current {
                case .int(let int): replacement = .double(Double(int) + 0.5)
                case .double: replacement = 3
                default: replacement = current
                }
                description = "number changed at \(place)"
            }
            // Strings whose form the schema only annotates (dates, base64)
            // decode or not by content JSON Schema does not assert.
            if let replacement, case .string = replacement, case .string = current,
                annotatedOnly(current, hasData: hasData)
            {
                return nil
            }
            var result = value
            if let replacement {
                result[pointer: place] = replacement
            } else if let parent = place.parent, case .array = value[pointer: parent] {
                return nil  // Removing an element shifts the rest: not a change in place.
            } else {
                result[pointer: place] = nil
            }
            return Result(value: result, description: description)
        }

        private static func sameKind(_ a: JSONValue, _ b: JSONValue) -> Bool {
            switch (a, b) {
            case (.string, .string), (.bool, .bool), (.array, .array), (.object, .object), (.null, .null): return true
            case (.int, .int), (.double, .double), (.int, .double), (.double, .int): return true
            default: return false
            }
        }

        /// Whether a string may be a date or base64 data, whose format JSON
        /// Schema only annotates.
        private static func annotatedOnly(_ current: JSONValue, hasData: Bool) -> Bool {
            guard case .string(let text) = current else { return false }
            let scalars = Array(text.unicodeScalars)
            let looksLikeDate =
                scalars.count > 10 && scalars[4] == "-" && scalars[7] == "-" && scalars[10] == "T"
            let mayBeData = hasData && Data(base64Encoded: text) != nil
            return looksLikeDate || mayBeData
        }
    }
}

extension ExactnessModels {
    @Suite("Schemas from Swift types: exact for random instances")
    struct SchemaExactnessTests {
        @Test(
            "every encoded instance is valid; broken ones are refused exactly when decoding refuses them",
            arguments: cases)
        func exactness(_ testCase: Case) throws {
            try testCase.check(testCase)
        }
    }
}
