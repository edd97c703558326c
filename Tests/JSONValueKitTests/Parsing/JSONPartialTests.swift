import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Models whose typed partial values the tests stream.
enum PartialModels {
    struct WeatherArgs: Codable, Equatable, Sendable {
        enum Units: String, Codable, CaseIterable, Sendable { case celsius, fahrenheit }
        var city: String
        var units: Units
        var days: Int
    }

    /// Tool arguments with one of everything.
    struct Trip: Codable, Equatable {
        /// `"c"` is a case and a prefix of another.
        enum Mode: String, Codable, CaseIterable { case c, car, train, walk }
        /// `1` is a case and a prefix of another.
        enum Priority: Int, Codable, CaseIterable {
            case low = 1
            case high = 12
        }
        struct Place: Codable, Equatable {
            var name: String
            var country: String?
            var mode: Mode
            var lat: Double
        }
        struct Stop: Codable, Equatable {
            var place: Place
            var minutes: Int
            var notes: [String]
        }
        struct Window: Codable, Equatable {
            var from: Int
            var to: Int
        }

        var title: String
        var count: Int
        var ratio: Double
        var confirmed: Bool
        var mode: Mode
        var priority: Priority?
        var note: String?
        var budget: Double?
        var origin: Place
        var stops: [Stop]
        var tags: [String]
        var labels: [String: Int]
        var window: Window?
        var legs: [[Int]]

        /// Computed: no location.
        var summary: String { "\(title): \(stops.count) stops" }
        var isLong: Bool { stops.count > 3 }
    }

    /// Read with snake-case names and ISO 8601 dates.
    struct Event: Codable, Equatable {
        var eventName: String
        var startTime: Date
        var attendeeCount: Int
        var isPublic: Bool
    }

    struct Repeated: Codable, Equatable {
        var a: Int
        var items: [Int]
    }

    /// Counts the elements decoded, to show that snapshots decode each once.
    struct Counted: Codable, Equatable {
        struct Item: Codable, Equatable {
            var name: String
            var size: Int

            init(name: String, size: Int) {
                self.name = name
                self.size = size
            }

            init(from decoder: any Decoder) throws {
                enum Keys: String, CodingKey { case name, size }
                let container = try decoder.container(keyedBy: Keys.self)
                name = try container.decode(String.self, forKey: .name)
                size = try container.decode(Int.self, forKey: .size)
                if name.hasPrefix("item") { Self.decodes.withLock { $0 += 1 } }
                if name.hasPrefix("done") { Self.decodesAfterFinish.withLock { $0 += 1 } }
            }

            func encode(to encoder: any Encoder) throws {
                enum Keys: String, CodingKey { case name, size }
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(name, forKey: .name)
                try container.encode(size, forKey: .size)
            }

            static let decodes = Locked(0)
            static let decodesAfterFinish = Locked(0)
        }
        var items: [Item]
    }

    /// Elements that keep the coding path they were decoded at.
    struct Located: Decodable, Equatable {
        struct Item: Decodable, Equatable {
            var name: String
            var path: [String]

            init(from decoder: any Decoder) throws {
                path = decoder.codingPath.map(\.stringValue)
                name = try decoder.singleValueContainer().decode(String.self)
            }
        }
        var items: [Item]
    }

    /// Values that keep their decoder and read it later: the decoders that
    /// snapshots reuse from one to the next must not be one of these.
    struct Kept: Decodable {
        struct Deferred: Decodable {
            /// The text read at once, which the recording decoder sees.
            let first: String
            /// Reads the decoder's value again. (A closure, which the
            /// locator's `Mirror` does not look into, unlike a decoder.)
            let read: () -> String?
            init(from decoder: any Decoder) throws {
                first = try decoder.singleValueContainer().decode(String.self)
                read = { try? decoder.singleValueContainer().decode(String.self) }
            }
            var text: String? { read() }
        }
        var a: Deferred
        var b: Deferred
        var items: [Deferred]
    }
}

/// A value behind a lock, for counters that tests read.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = _Lock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}

/// How a property shows before its JSON is complete.
enum PartialKind {
    case text, elements, whole
}

/// One key path of a model, type-erased: how to read it from a snapshot
/// and from the one-shot model, as JSON, to compare across types.
struct PartialProbe<Model: Decodable> {
    var location: JSONPointer
    var kind: PartialKind
    var read: (JSONPartial<Model>) -> JSONValue?
    var isComplete: (JSONPartial<Model>) -> Bool
    var final: (Model) -> JSONValue

    init<Value: Codable>(
        _ keyPath: KeyPath<Model, Value>, _ location: JSONPointer, _ kind: PartialKind,
        encoder: JSONValueEncoder = JSONValueEncoder()
    ) {
        self.location = location
        self.kind = kind
        read = { snapshot in snapshot[keyPath].map { try! encoder.encode($0) } }
        isComplete = { $0.isComplete(keyPath) }
        final = { try! encoder.encode($0[keyPath: keyPath]) }
    }
}

/// Whether `later` extends `earlier` as a property of `kind` may: strings
/// by their Unicode scalars, arrays by elements, anything else not at all.
func partialExtends(_ earlier: JSONValue, _ later: JSONValue, _ kind: PartialKind) -> Bool {
    if earlier == later { return true }
    switch (kind, earlier, later) {
    case (.text, .string(let a), .string(let b)):
        return Array(b.unicodeScalars).starts(with: a.unicodeScalars)
    case (.elements, .array(let a), .array(let b)):
        return b.count > a.count && Array(b.prefix(a.count)) == a
    default:
        return false
    }
}

/// Feeds `bytes` to a parser at `cuts`, and checks every snapshot against
/// the one-shot decode and the one before it.
func checkPartialStream<Model: Decodable & Equatable>(
    _ bytes: [UInt8], cuts: [Int], probes: [PartialProbe<Model>], decoder: JSONValueDecoder = JSONValueDecoder(),
    _ comment: String
) throws {
    let oneShot = try decoder.decode(Model.self, from: JSONValue(parsing: bytes))
    var parser = JSONIncrementalParser()
    var previous = [JSONValue?](repeating: nil, count: probes.count)
    let finals = probes.map { $0.final(oneShot) }
    var failed = false
    func check(read: Int) {
        guard !failed else { return }
        func fail(_ message: String) {
            Issue.record("\(comment), after \(read) bytes: \(message)")
            failed = true
        }
        guard let snapshot = parser.partial(as: Model.self, using: decoder) else {
            if parser.partialValue != nil { fail("no snapshot of a partial value") }
            return
        }
        if parser.partialValue.map({ JSONValue._isIdentical($0, snapshot.value) }) != true {
            fail("the snapshot's value is not the partial value")
        }
        let rootComplete = parser.isComplete(at: "")
        for (index, probe) in probes.enumerated() {
            let current = probe.read(snapshot)
            let final = finals[index]
            let complete = parser.isComplete(at: probe.location)
            if probe.isComplete(snapshot) != complete {
                return fail("\(probe.location): isComplete \(!complete), the parser says \(complete)")
            }
            if let current {
                if !partialExtends(current, final, probe.kind) {
                    return fail("\(probe.location): \(current) does not lead to \(final)")
                }
                if (complete || rootComplete) && current != final {
                    return fail("\(probe.location): complete as \(current), not \(final)")
                }
                if let earlier = previous[index], !partialExtends(earlier, current, probe.kind) {
                    return fail("\(probe.location): went back from \(earlier) to \(current)")
                }
                previous[index] = current
            } else {
                if let earlier = previous[index] { return fail("\(probe.location): \(earlier) became nil") }
                if complete || rootComplete { return fail("\(probe.location): nil when complete") }
            }
            if probe.kind == .whole && !complete && !rootComplete && current != nil {
                return fail("\(probe.location): \(current!) before it is complete")
            }
        }
        if rootComplete {
            if snapshot.model != oneShot { fail("the model is \(String(describing: snapshot.model))") }
        } else if snapshot.model != nil {
            fail("a model before the value is complete")
        }
    }
    check(read: 0)
    var start = 0
    for end in cuts + [bytes.count] {
        try parser.append(bytes[start..<end])
        start = end
        check(read: end)
    }
    try parser.finish()
    check(read: bytes.count)
    // The last snapshot is the one-shot decode, property by property.
    if let snapshot = parser.partial(as: Model.self, using: decoder) {
        for (probe, final) in zip(probes, finals) where probe.read(snapshot) != final {
            Issue.record("\(comment): \(probe.location) is not the one-shot value at the end")
        }
    } else {
        Issue.record("\(comment): no snapshot at the end")
    }
}

/// Random splits of `count` bytes: every byte when small, then chunks of
/// random sizes.
func partialSplits(_ count: Int, using generator: inout SeededGenerator) -> [[Int]] {
    var splits: [[Int]] = []
    if count < 2_000 { splits.append(Array(1..<max(count, 1))) }
    for maximum in [3, 16, 200] {
        var cuts: [Int] = []
        var end = 0
        while true {
            end += Int.random(in: 1...maximum, using: &generator)
            guard end < count else { break }
            cuts.append(end)
        }
        splits.append(cuts)
    }
    return splits
}

extension PartialModels.Trip {
    static func random(_ g: inout SeededGenerator) -> Self {
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &g) }
        func chance(_ percent: Int) -> Bool { int(0...99) < percent }
        func text() -> String {
            let words = ["Oslo", "Lagos", "", "ünïcödé", "a\"b\\c", "tab\t", "東京", "🙂", "x y", "e\u{301}", "\u{1}"]
            return (0..<int(0...3)).map { _ in words[int(0...(words.count - 1))] }.joined(separator: " ")
        }
        func mode() -> Mode { Mode.allCases[int(0...3)] }
        func double() -> Double {
            [0.5, -1.25, 1e-7, 12345.678, 3.0, Double(int(-999...999)) / 7][int(0...5)]
        }
        func place() -> Place {
            Place(name: text(), country: chance(50) ? text() : nil, mode: mode(), lat: double())
        }
        return Self(
            title: text(), count: int(-5...100_000), ratio: double(), confirmed: chance(50), mode: mode(),
            priority: chance(60) ? (chance(50) ? .low : .high) : nil, note: chance(50) ? text() : nil,
            budget: chance(50) ? double() : nil, origin: place(),
            stops: (0..<int(0...4)).map { _ in
                Stop(place: place(), minutes: int(0...600), notes: (0..<int(0...2)).map { _ in text() })
            },
            tags: (0..<int(0...3)).map { _ in text() },
            labels: Dictionary((0..<int(0...3)).map { ("k\($0)", int(0...99)) }, uniquingKeysWith: { a, _ in a }),
            window: chance(50) ? Window(from: int(0...23), to: int(0...23)) : nil,
            legs: (0..<int(0...3)).map { _ in (0..<int(0...3)).map { _ in int(0...9999) } })
    }

    static var probes: [PartialProbe<Self>] {
        [
            PartialProbe(\.title, "/title", .text),
            PartialProbe(\.count, "/count", .whole),
            PartialProbe(\.ratio, "/ratio", .whole),
            PartialProbe(\.confirmed, "/confirmed", .whole),
            PartialProbe(\.mode, "/mode", .whole),
            PartialProbe(\.priority, "/priority", .whole),
            PartialProbe(\.note, "/note", .text),
            PartialProbe(\.budget, "/budget", .whole),
            PartialProbe(\.origin, "/origin", .whole),
            PartialProbe(\.origin.name, "/origin/name", .text),
            PartialProbe(\.origin.country, "/origin/country", .text),
            PartialProbe(\.origin.mode, "/origin/mode", .whole),
            PartialProbe(\.origin.lat, "/origin/lat", .whole),
            PartialProbe(\.stops, "/stops", .elements),
            PartialProbe(\.tags, "/tags", .elements),
            PartialProbe(\.labels, "/labels", .whole),
            PartialProbe(\.window, "/window", .whole),
            PartialProbe(\.window?.from, "/window/from", .whole),
            PartialProbe(\.legs, "/legs", .elements),
            PartialProbe(\.self, "", .whole),
        ]
    }
}

extension PartialModels.Event {
    static var decoder: JSONValueDecoder {
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static var encoder: JSONValueEncoder {
        var encoder = JSONValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

@Suite("JSONPartial: typed snapshots of a value as it arrives")
struct JSONPartialTests {
    typealias WeatherArgs = PartialModels.WeatherArgs
    typealias Trip = PartialModels.Trip

    private func snapshot<Model: Decodable>(
        _ text: String, as type: Model.Type, using decoder: JSONValueDecoder = JSONValueDecoder()
    ) throws -> JSONPartial<Model>? {
        var parser = JSONIncrementalParser()
        try parser.append(text)
        return parser.partial(as: type, using: decoder)
    }

    @Test("the get_weather call: text grows, numbers and enumerations wait for their end, the model at the end")
    func weather() throws {
        var parser = JSONIncrementalParser()
        #expect(parser.partial(as: WeatherArgs.self) == nil)
        try parser.append("  ")
        #expect(parser.partial(as: WeatherArgs.self) == nil)
        try parser.append(#"{"city": "Lis"#)
        var snapshot = try #require(parser.partial(as: WeatherArgs.self))
        #expect(snapshot[\.city] == "Lis")
        #expect(!snapshot.isComplete(\.city))
        #expect(snapshot[\.units] == nil)
        #expect(snapshot[\.days] == nil)
        #expect(snapshot.model == nil)
        try parser.append(#"bon", "units": "c"#)
        snapshot = try #require(parser.partial(as: WeatherArgs.self))
        #expect(snapshot[\.city] == "Lisbon")
        #expect(snapshot.isComplete(\.city))
        #expect(snapshot[\.units] == nil)
        try parser.append(#"elsius", "days": 1"#)
        snapshot = try #require(parser.partial(as: WeatherArgs.self))
        #expect(snapshot[\.units] == .celsius)
        #expect(snapshot.isComplete(\.units))
        #expect(snapshot[\.days] == nil)
        #expect(!snapshot.isComplete(\.days))
        try parser.append("4")
        #expect(parser.partial(as: WeatherArgs.self)?[\.days] == nil)
        try parser.append("}")
        snapshot = try #require(parser.partial(as: WeatherArgs.self))
        #expect(snapshot[\.days] == 14)
        #expect(snapshot.isComplete(\.self))
        #expect(snapshot.model == WeatherArgs(city: "Lisbon", units: .celsius, days: 14))
        #expect(snapshot.value == ["city": "Lisbon", "units": "celsius", "days": 14])
        try parser.finish()
        #expect(parser.partial(as: WeatherArgs.self)?.model == WeatherArgs(city: "Lisbon", units: .celsius, days: 14))
    }

    @Test("an enumeration's raw value that is a prefix of another case's is not that case until it ends")
    func enumerationPrefixes() throws {
        let text = #"{"mode": "car", "priority": 12, "origin": {"name": "x", "mode": "c", "lat": 1}}"#
        let bytes = Array(text.utf8)
        var parser = JSONIncrementalParser()
        var modes: [Trip.Mode?] = []
        var priorities: [Trip.Priority?] = []
        for byte in bytes {
            try parser.append([byte])
            let snapshot = parser.partial(as: Trip.self)
            modes.append(snapshot?[\.mode])
            priorities.append(snapshot?[\.priority] ?? nil)
            #expect(snapshot?[\.origin.mode] != .car)
        }
        #expect(!modes.contains(.c))
        #expect(modes.last == .car)
        #expect(!priorities.contains(.low))
        #expect(priorities.last == .high)
        #expect(parser.partial(as: Trip.self)?[\.origin.mode] == .c)
    }

    @Test("a number is there from the byte after it, a Boolean from its last letter")
    func scalars() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"count": 12"#)
        #expect(parser.partial(as: Trip.self)?[\.count] == nil)
        try parser.append(" ")
        #expect(parser.partial(as: Trip.self)?[\.count] == 12)
        try parser.append(#", "confirmed": tru"#)
        #expect(parser.partial(as: Trip.self)?[\.confirmed] == nil)
        try parser.append("e")
        #expect(parser.partial(as: Trip.self)?[\.confirmed] == true)
        #expect(parser.partial(as: Trip.self)?.isComplete(\.confirmed) == true)
    }

    @Test("computed properties read nil and are never complete, even once the value is")
    func computed() throws {
        var generator = SeededGenerator(seed: 40)
        let trip = Trip.random(&generator)
        let bytes = Array(try JSONValueEncoder().encode(trip).jsonData())
        var parser = JSONIncrementalParser()
        for byte in bytes {
            try parser.append([byte])
            let snapshot = parser.partial(as: Trip.self)
            #expect(snapshot?[\.summary] == nil)
            #expect(snapshot?[\.isLong] == nil)
            #expect(snapshot?.isComplete(\.summary) != true)
        }
        let snapshot = try #require(parser.partial(as: Trip.self))
        #expect(snapshot.model == trip)
        #expect(snapshot[\.summary] == nil)
        #expect(!snapshot.isComplete(\.isLong))
    }

    @Test("an explicit null is complete at once; an absent member is unknown until the value is complete")
    func nullAndAbsent() throws {
        let head = #"{"title": "t", "count": 1, "ratio": 0.5, "confirmed": false, "mode": "walk", "#
        var parser = JSONIncrementalParser()
        try parser.append(head + #""note": null, "budget": null"#)
        var snapshot = try #require(parser.partial(as: Trip.self))
        #expect(snapshot[\.note] == .some(nil))
        #expect(snapshot.isComplete(\.note))
        #expect(snapshot[\.budget] == .some(nil))
        #expect(snapshot.isComplete(\.budget))
        #expect(snapshot[\.priority] == nil)  // absent: not known yet
        #expect(!snapshot.isComplete(\.priority))
        #expect(snapshot[\.window] == nil)
        try parser.append(
            #", "origin": {"name": "o", "mode": "c", "lat": 0}, "stops": [], "tags": [], "labels": {}, "legs": []}"#)
        snapshot = try #require(parser.partial(as: Trip.self))
        #expect(snapshot[\.priority] == .some(nil))  // absent, and the value is complete
        #expect(!snapshot.isComplete(\.priority))  // as the parser says: there is nothing there
        #expect(snapshot[\.window] == .some(nil))
        #expect(snapshot[\.window?.from] == .some(nil))
        #expect(snapshot[\.origin.country] == .some(nil))
        #expect(snapshot.model?.note == nil)
        #expect(snapshot.value["note"] == .null)
        #expect(snapshot.value["priority"] == nil)
    }

    @Test("a nested structure appears once it is complete, not when its members are")
    func nested() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"origin": {"name": "Porto", "mode": "car", "lat": 41.1"#)
        var snapshot = try #require(parser.partial(as: Trip.self))
        #expect(snapshot[\.origin] == nil)
        #expect(snapshot[\.origin.name] == "Porto")
        #expect(snapshot[\.origin.mode] == .car)
        #expect(snapshot[\.origin.lat] == nil)
        try parser.append(#", "country": "P"#)
        snapshot = try #require(parser.partial(as: Trip.self))
        #expect(snapshot[\.origin] == nil)
        #expect(snapshot[\.origin.lat] == 41.1)
        #expect(snapshot[\.origin.country] == "P")
        try parser.append(#"T"}"#)
        snapshot = try #require(parser.partial(as: Trip.self))
        #expect(snapshot[\.origin] == Trip.Place(name: "Porto", country: "PT", mode: .car, lat: 41.1))
        #expect(snapshot.isComplete(\.origin))
    }

    @Test("an array shows its complete elements that decode, and never shrinks")
    func arrays() throws {
        let stop = #"{"place": {"name": "a", "mode": "car", "lat": 1}, "minutes": 5, "notes": ["n"]}"#
        var parser = JSONIncrementalParser()
        try parser.append(#"{"stops": ["#)
        #expect(parser.partial(as: Trip.self)?[\.stops] == [])
        #expect(parser.partial(as: Trip.self)?.isComplete(\.stops) == false)
        try parser.append(stop + ", " + String(stop.dropLast()))
        var stops = try #require(parser.partial(as: Trip.self)?[\.stops])
        #expect(stops.count == 1)
        try parser.append("}")
        stops = try #require(parser.partial(as: Trip.self)?[\.stops])
        #expect(stops.count == 2)
        try parser.append(#", {"minutes": "late"}, "# + stop + "]")
        // The third does not decode: the array ends there.
        stops = try #require(parser.partial(as: Trip.self)?[\.stops])
        #expect(stops.count == 2)
        #expect(parser.partial(as: Trip.self)?.isComplete(\.stops) == true)
        try parser.append(#", "tags": ["one", "tw"#)
        #expect(parser.partial(as: Trip.self)?[\.tags] == ["one"])
        try parser.append(#"o"]"#)
        #expect(parser.partial(as: Trip.self)?[\.tags] == ["one", "two"])

        // With a decoder that drops invalid elements, the rest follow.
        var lenient = JSONValueDecoder()
        lenient.tolerance = .dropInvalidElements
        var other = JSONIncrementalParser()
        try other.append(#"{"stops": ["# + stop + #", {"minutes": "late"}, "# + stop + ", ")
        #expect(other.partial(as: Trip.self, using: lenient)?[\.stops]?.count == 2)
    }

    @Test("elements of nested arrays, and key paths through array elements")
    func nestedArrays() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"legs": [[1, 2], [3"#)
        #expect(parser.partial(as: Trip.self)?[\.legs] == [[1, 2]])
        try parser.append(#"]], "stops": [{"place": {"name": "Ri"#)
        let snapshot = try #require(parser.partial(as: Trip.self))
        #expect(snapshot[\.legs] == [[1, 2], [3]])
        #expect(snapshot[\.stops[0].place.name] == "Ri")
        #expect(snapshot[\.stops[0].minutes] == nil)
        #expect(!snapshot.isComplete(\.stops[0].place.name))
    }

    @Test(
        "seeded random tool arguments, compact and indented, at every split: monotone, exact completion, the one-shot value at the end"
    )
    func randomTrips() throws {
        var generator = SeededGenerator(seed: 0x9A27_1A15)
        for round in 0..<Sanitizers.scaled(16) {
            let trip = Trip.random(&generator)
            let value = try JSONValueEncoder().encode(trip)
            let bytes = Array(try value.jsonData(options: round.isMultiple(of: 2) ? [] : [.prettyPrinted]))
            for (index, cuts) in partialSplits(bytes.count, using: &generator).enumerated() {
                try checkPartialStream(bytes, cuts: cuts, probes: Trip.probes, "round \(round), split \(index)")
            }
        }
    }

    @Test("a decoder's strategies: snake-case names and ISO 8601 dates")
    func strategies() throws {
        var generator = SeededGenerator(seed: 0x5_4A4E)
        let probes: [PartialProbe<PartialModels.Event>] = [
            PartialProbe(\.eventName, "/event_name", .text, encoder: PartialModels.Event.encoder),
            PartialProbe(\.startTime, "/start_time", .whole, encoder: PartialModels.Event.encoder),
            PartialProbe(\.attendeeCount, "/attendee_count", .whole, encoder: PartialModels.Event.encoder),
            PartialProbe(\.isPublic, "/is_public", .whole, encoder: PartialModels.Event.encoder),
        ]
        for round in 0..<10 {
            let event = PartialModels.Event(
                eventName: ["Launch", "Ünï 🙂", ""][round % 3],
                startTime: Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &generator))),
                attendeeCount: Int.random(in: 0...5000, using: &generator), isPublic: round.isMultiple(of: 2))
            let bytes = Array(try PartialModels.Event.encoder.encode(event).jsonData())
            for cuts in partialSplits(bytes.count, using: &generator) {
                try checkPartialStream(
                    bytes, cuts: cuts, probes: probes, decoder: PartialModels.Event.decoder, "\(round)")
            }
        }
        let snapshot = try #require(
            try snapshot(
                #"{"event_name": "Launch", "start_time": "2026-05-01T09:00:00Z""#, as: PartialModels.Event.self,
                using: PartialModels.Event.decoder))
        #expect(snapshot[\.eventName] == "Launch")
        #expect(snapshot[\.startTime] == Date(timeIntervalSince1970: 1_777_626_000))
        // With the default decoder, the names are not found.
        #expect(try self.snapshot(#"{"event_name": "L""#, as: PartialModels.Event.self)?[\.eventName] == nil)
    }

    @Test("a decoder with a closure strategy, which cannot be compared, reads the same")
    func closureStrategy() throws {
        var decoder = JSONValueDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 86_400)
        }
        struct Diary: Codable, Equatable {
            var day: Date
            var entries: [String]
        }
        var parser = JSONIncrementalParser()
        try parser.append(#"{"day": 2, "entries": ["a", "b"#)
        var snapshot = try #require(parser.partial(as: Diary.self, using: decoder))
        #expect(snapshot[\.day] == Date(timeIntervalSince1970: 172_800))
        #expect(snapshot[\.entries] == ["a"])
        try parser.append(#""]}"#)
        snapshot = try #require(parser.partial(as: Diary.self, using: decoder))
        #expect(snapshot.model == Diary(day: Date(timeIntervalSince1970: 172_800), entries: ["a", "b"]))
    }

    @Test("a repeated member name: completion agrees with the parser, and the end is the one-shot value")
    func repeatedNames() throws {
        typealias Repeated = PartialModels.Repeated
        let text = #"{"a": 1, "items": [1, 2], "a": 2, "items": [3, 2, 5], "a": 7}"#
        let bytes = Array(text.utf8)
        var parser = JSONIncrementalParser()
        for byte in bytes {
            try parser.append([byte])
            guard let snapshot = parser.partial(as: Repeated.self) else { continue }
            #expect(snapshot.isComplete(\.a) == parser.isComplete(at: "/a"))
            #expect(snapshot.isComplete(\.items) == parser.isComplete(at: "/items"))
        }
        #expect(parser.partial(as: Repeated.self)?[\.items] == [3, 2, 5])
        #expect(parser.partial(as: Repeated.self)?[\.a] == 7)
        #expect(parser.partial(as: Repeated.self)?.model == Repeated(a: 7, items: [3, 2, 5]))
    }

    @Test("JSON Lines: each value's snapshots start afresh")
    func jsonLines() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"a": 1, "items": [1, 2, 3]}"# + "\n" + #"{"a": 2, "items": [4"#)
        #expect(parser.partial(as: PartialModels.Repeated.self)?[\.items] == [])
        try parser.append(",")
        #expect(parser.partial(as: PartialModels.Repeated.self)?[\.items] == [4])
        try parser.append(#"5]}"#)
        #expect(parser.partial(as: PartialModels.Repeated.self)?.model == PartialModels.Repeated(a: 2, items: [4, 5]))
    }

    @Test("copies of a parser go on with their own snapshots")
    func forks() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"a": 1, "items": [1, 2, "#)
        #expect(parser.partial(as: PartialModels.Repeated.self)?[\.items] == [1, 2])
        var fork = parser
        try parser.append("3]}")
        try fork.append("4, 5")
        #expect(fork.partial(as: PartialModels.Repeated.self)?[\.items] == [1, 2, 4])
        #expect(parser.partial(as: PartialModels.Repeated.self)?[\.items] == [1, 2, 3])
        try fork.append("]}")
        #expect(
            fork.partial(as: PartialModels.Repeated.self)?.model == PartialModels.Repeated(a: 1, items: [1, 2, 4, 5]))
    }

    @Test("an old snapshot still reads what it showed after newer ones")
    func oldSnapshots() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"tags": ["a", "b", "#)
        let old = try #require(parser.partial(as: Trip.self))
        try parser.append(#""c", "d", "#)
        #expect(parser.partial(as: Trip.self)?[\.tags] == ["a", "b", "c", "d"])
        #expect(old[\.tags] == ["a", "b"])
        #expect(old.value == ["tags": ["a", "b"]])
    }

    @Test("snapshots after every byte decode each array element once, and the model reuses them")
    func decodesEachElementOnce() throws {
        typealias Counted = PartialModels.Counted
        let model = Counted(items: (0..<60).map { .init(name: "item\($0)", size: $0) })
        let bytes = Array(try JSONValueEncoder().encode(model).jsonData())
        var parser = JSONIncrementalParser()
        let before = Counted.Item.decodes.withLock { $0 }
        var snapshots = 0
        for byte in bytes {
            try parser.append([byte])
            if let items = parser.partial(as: Counted.self)?[\.items] { snapshots += items.isEmpty ? 0 : 1 }
        }
        #expect(parser.partial(as: Counted.self)?.model == model)
        let decodes = Counted.Item.decodes.withLock { $0 } - before
        // 60 elements, each decoded once as it completes; the model reuses them.
        #expect(snapshots > 1_000)
        #expect(decodes == 60, "\(decodes) decodes")
    }

    @Test("the model after finish() reuses the elements that snapshots decoded")
    func modelAfterFinishReusesElements() throws {
        typealias Counted = PartialModels.Counted
        let model = Counted(items: (0..<40).map { .init(name: "done\($0)", size: $0) })
        let bytes = Array(try JSONValueEncoder().encode(model).jsonData())
        var parser = JSONIncrementalParser()
        let before = Counted.Item.decodesAfterFinish.withLock { $0 }
        for start in stride(from: 0, to: bytes.count, by: 7) {
            try parser.append(bytes[start..<Swift.min(start + 7, bytes.count)])
            _ = parser.partial(as: Counted.self)?[\.items]
        }
        try parser.finish()
        #expect(parser.partial(as: Counted.self)?.model == model)
        #expect(parser.partial(as: Counted.self)?[\.items] == model.items)
        let decodes = Counted.Item.decodesAfterFinish.withLock { $0 } - before
        #expect(decodes == 40, "\(decodes) decodes")
    }

    @Test(
        "elements whose decoding reads its coding path are decoded again for the model, at their place",
        arguments: [1, 5, 64])
    func elementsThatReadTheirPath(chunk: Int) throws {
        typealias Located = PartialModels.Located
        let text = #"{"items": ["a", "b", "c", "d", "e", "f"]}"#
        let oneShot = try JSONValueDecoder().decode(Located.self, from: JSONValue(parsing: text))
        var parser = JSONIncrementalParser()
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            try parser.append(bytes[start..<Swift.min(start + chunk, bytes.count)])
            _ = parser.partial(as: Located.self)?[\.items]
        }
        try parser.finish()
        #expect(oneShot.items.map(\.path) == (0..<6).map { ["items", "Index \($0)"] })
        #expect(parser.partial(as: Located.self)?.model == oneShot)
    }

    @Test("values that keep their decoder read their own JSON after later snapshots decoded other values")
    func valuesThatKeepTheirDecoder() throws {
        typealias Kept = PartialModels.Kept
        var parser = JSONIncrementalParser()
        try parser.append(#"{"a": "first", "b": "second", "items": ["x", "y"#)
        let snapshot = try #require(parser.partial(as: Kept.self))
        let a = try #require(snapshot[\.a])
        let b = try #require(snapshot[\.b])
        let items = try #require(snapshot[\.items])
        try parser.append(#"", "z"]}"#)
        let later = try #require(parser.partial(as: Kept.self))
        #expect(later[\.items]?.map(\.text) == ["x", "y", "z"])
        #expect(later.model?.a.text == "first")
        #expect(a.text == "first")
        #expect(b.text == "second")
        #expect(items.map(\.text) == ["x"])
    }

    @Test("snapshots of two model types in turn on one parser each read their own type")
    func twoModelTypes() throws {
        struct Names: Decodable, Equatable {
            var city: String
            var units: String
        }
        var parser = JSONIncrementalParser()
        try parser.append(#"{"city": "Lisbon", "units": "celsius", "days": 3"#)
        for _ in 0..<3 {
            let args = try #require(parser.partial(as: WeatherArgs.self))
            #expect(args[\.units] == .celsius)
            #expect(args[\.days] == nil)
            let names = try #require(parser.partial(as: Names.self))
            #expect(names[\.units] == "celsius")
            #expect(names[\.city] == "Lisbon")
        }
        try parser.append("}")
        #expect(parser.partial(as: WeatherArgs.self)?[\.days] == 3)
        #expect(parser.partial(as: Names.self)?.model == Names(city: "Lisbon", units: "celsius"))
        #expect(parser.partial(as: WeatherArgs.self)?.model == WeatherArgs(city: "Lisbon", units: .celsius, days: 3))
    }

    @Test("a complete property that does not decode stays nil, snapshot after snapshot")
    func completeThatDoesNotDecode() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"city": "Lisbon", "units": "kelvin", "days": 3"#)
        for _ in 0..<3 {
            let snapshot = try #require(parser.partial(as: WeatherArgs.self))
            #expect(snapshot[\.units] == nil)
            #expect(snapshot.isComplete(\.units))
            #expect(snapshot[\.city] == "Lisbon")
        }
    }

    @Test("a top-level scalar, and a value that is no model")
    func others() throws {
        var parser = JSONIncrementalParser()
        try parser.append("12")
        #expect(parser.partial(as: Int.self) == nil)
        try parser.append(" ")
        #expect(parser.partial(as: Int.self)?.model == 12)
        #expect(parser.partial(as: Int.self)?[\.self] == nil)  // no key paths in a scalar
        try parser.append(#""ab"#)
        #expect(parser.partial(as: String.self)?.value == "ab")
        #expect(parser.partial(as: String.self)?.model == nil)
        var other = JSONIncrementalParser()
        try other.append(#"{"city": 3, "units": "kelvin", "days": 1}"#)
        let snapshot = try #require(other.partial(as: WeatherArgs.self))
        #expect(snapshot.model == nil)
        #expect(snapshot[\.city] == nil)
        #expect(snapshot[\.units] == nil)
        #expect(snapshot[\.days] == 1)
    }

    @Test("snapshots are read on several tasks at once")
    func concurrentReads() async throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"city": "Lisbon", "units": "celsius", "days": 1"#)
        let snapshot = try #require(parser.partial(as: WeatherArgs.self))
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { _ in
                        snapshot[\.city] == "Lisbon" && snapshot[\.units] == .celsius && snapshot[\.days] == nil
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}

@Suite("jsonPartials(as:): typed snapshots from a stream")
struct AsyncJSONPartialSequenceTests {
    typealias WeatherArgs = PartialModels.WeatherArgs

    @Test("chunks: at most one snapshot per chunk, only when the value changed, the model at the end")
    func chunks() async throws {
        let chunks = [
            #"{"ci"#, #"ty": "#, #""Lis"#, #"bon", "#, "  ", #""units": "cel"#, #"sius", "days": 1"#, "4", "}", " ",
        ]
        let stream = AsyncStream<[UInt8]> { continuation in
            for chunk in chunks { continuation.yield(Array(chunk.utf8)) }
            continuation.finish()
        }
        var cities: [String?] = []
        var last: JSONPartial<WeatherArgs>?
        var values: [JSONValue] = []
        for try await snapshot in stream.jsonPartials(as: WeatherArgs.self) {
            cities.append(snapshot[\.city])
            values.append(snapshot.value)
            last = snapshot
        }
        #expect(cities == [nil, "Lis", "Lisbon", "Lisbon", "Lisbon", "Lisbon"])
        #expect(values.count <= chunks.count)
        for (earlier, later) in zip(values, values.dropFirst()) { #expect(earlier != later) }
        #expect(last?.model == WeatherArgs(city: "Lisbon", units: .celsius, days: 14))
    }

    @Test("bytes, compact and indented: the snapshots extend one another, and the last is the one-shot value")
    func bytes() async throws {
        var generator = SeededGenerator(seed: 0xB7_7E5)
        for round in 0..<6 {
            let trip = PartialModels.Trip.random(&generator)
            let bytes = Array(
                try JSONValueEncoder().encode(trip).jsonData(options: round.isMultiple(of: 2) ? [] : .prettyPrinted))
            let stream = AsyncStream<UInt8> { continuation in
                for byte in bytes { continuation.yield(byte) }
                continuation.finish()
            }
            var last: JSONPartial<PartialModels.Trip>?
            var titles: [String] = []
            for try await snapshot in stream.jsonPartials(as: PartialModels.Trip.self) {
                if let title = snapshot[\.title] { titles.append(title) }
                last = snapshot
            }
            #expect(last?.model == trip)
            #expect(titles.last == trip.title)
            for title in titles { #expect(trip.title.unicodeScalars.starts(with: title.unicodeScalars)) }
        }
    }

    @Test("an invalid stream throws its error")
    func invalid() async throws {
        let stream = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(#"{"city": "Lisbon", "days": 1x"#.utf8))
            continuation.finish()
        }
        await #expect(throws: JSONParseError.self) {
            for try await _ in stream.jsonPartials(as: WeatherArgs.self) {}
        }
    }
}

@Suite("JSONPartial: types the recording decoder sees only in part")
struct JSONPartialProbeLimitTests {
    struct Plain: Codable, Equatable {
        enum Units: String, Codable { case celsius, fahrenheit }
        var city: String
        var units: Units
        var days: Int
    }

    @Test("an enumeration that is not CaseIterable")
    func notCaseIterable() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"city": "Lis"#)
        let snapshot = try #require(parser.partial(as: Plain.self))
        #expect(snapshot[\.city] == "Lis")
        try parser.append(#"bon", "units": "celsius", "days": 3}"#)
        #expect(parser.partial(as: Plain.self)?[\.units] == .celsius)
        #expect(parser.partial(as: Plain.self)?.model == Plain(city: "Lisbon", units: .celsius, days: 3))
    }
}
