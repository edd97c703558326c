import JSONValueKit

// Issue 40, part 4: a ~100 KB tool call and the type its arguments decode
// into, for the typed partial value benchmarks (PartialBenchmarks.swift)
// and their instruction counts (PartialCost).

/// The arguments of a long `get_weather_outlook` call: text, enumerations,
/// numbers, a nested structure and an array of structures.
public struct WeatherOutlook: Codable, Equatable, Sendable {
    public enum Units: String, Codable, Sendable { case celsius, fahrenheit }
    public enum Conditions: String, Codable, Sendable { case sunny, cloudy, rain, storm, snow }
    public enum Direction: String, Codable, Sendable { case N, NE, E, SE, S, SW, W, NW }

    public struct Wind: Codable, Equatable, Sendable {
        public var speed: Double
        public var direction: Direction
    }

    public struct Day: Codable, Equatable, Sendable {
        public var date: String
        public var high: Double
        public var low: Double
        public var conditions: Conditions
        public var wind: Wind
        public var summary: String
        public var alerts: [String]
    }

    public var title: String
    public var city: String
    public var units: Units
    public var days: [Day]
    public var notes: String?

    /// A call of about `size` bytes of compact JSON, the same on every run.
    public static func call(size: Int = 100_000) -> [UInt8] {
        var state: UInt64 = 0x5EED_0040
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let words = ["the", "rain", "light", "coast", "inland", "mild", "later", "with", "over", "clouds", "week"]
        func sentence() -> String {
            (0..<(8 + next(14))).map { _ in words[next(words.count)] }.joined(separator: " ") + "."
        }
        var outlook = WeatherOutlook(
            title: "Weather outlook for Lisbon", city: "Lisbon", units: .celsius, days: [],
            notes: (0..<40).map { _ in sentence() }.joined(separator: " "))
        var length = try! Array(JSONValueEncoder().encode(outlook).jsonData()).count
        while length < size {
            let day = Day(
                date: "2026-\(1 + outlook.days.count / 28)-\(1 + outlook.days.count % 28)",
                high: Double(100 + next(250)) / 10, low: Double(next(150)) / 10,
                conditions: [.sunny, .cloudy, .rain, .storm, .snow][next(5)],
                wind: Wind(speed: Double(next(600)) / 10, direction: [.N, .NE, .E, .SE, .S, .SW, .W, .NW][next(8)]),
                summary: sentence() + " " + sentence(), alerts: next(3) == 0 ? ["uv"] : [])
            outlook.days.append(day)
            length += try! Array(JSONValueEncoder().encode(day).jsonData()).count + 1
        }
        return Array(try! JSONValueEncoder().encode(outlook).jsonData())
    }
}

/// The ways of following the call that the benchmarks compare, each fed
/// `bytes` in chunks of `chunk` bytes.
public enum PartialFollowing {
    /// Calls `body` with `bytes` in chunks of `size`.
    @inline(__always)
    public static func forEachChunk(
        _ bytes: [UInt8], size: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        try bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + size, buffer.count)
                try body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                start = end
            }
        }
    }

    /// The bare incremental parse.
    public static func parse(_ bytes: [UInt8], chunk: Int = 4) throws -> Int {
        var parser = JSONIncrementalParser()
        var count = 0
        try forEachChunk(bytes, size: chunk) { count += try parser.append($0).count }
        return count + (try parser.finish()).count
    }

    /// The parse, with `partialValue` after every `every` bytes.
    public static func partialValues(_ bytes: [UInt8], chunk: Int = 4, every: Int = 1024) throws -> Int {
        var parser = JSONIncrementalParser()
        var count = 0
        var fed = 0
        var next = every
        try forEachChunk(bytes, size: chunk) {
            count += try parser.append($0).count
            fed += $0.count
            if fed >= next {
                next += every
                if case .object(let object)? = parser.partialValue { count += object.count }
            }
        }
        return count + (try parser.finish()).count
    }

    /// The parse, with a typed snapshot after every `every` bytes that reads
    /// every property and its completion, as a view would; and the model at
    /// the end.
    public static func snapshots(_ bytes: [UInt8], chunk: Int = 4, every: Int = 1024) throws -> Int {
        var parser = JSONIncrementalParser()
        var count = 0
        var fed = 0
        var next = every
        try forEachChunk(bytes, size: chunk) {
            count += try parser.append($0).count
            fed += $0.count
            if fed >= next {
                next += every
                count += look(at: parser)
            }
        }
        count += try parser.finish().count
        count += look(at: parser)
        count += parser.partial(as: WeatherOutlook.self)?.model?.days.count ?? 0
        return count
    }

    /// Reads every property of a typed snapshot and its completion, as a
    /// view would. (A function of its own, not a nested one: a nested
    /// function that captured the parser and the count made the loop check
    /// exclusive access to them at run time for every chunk, about 2M
    /// instructions per run that the bare parse's loop does not pay.)
    static func look(at parser: JSONIncrementalParser) -> Int {
        guard let snapshot = parser.partial(as: WeatherOutlook.self) else { return 0 }
        var count = 0
        count += snapshot[\.title]?.utf8.count ?? 0
        count += snapshot[\.city]?.utf8.count ?? 0
        count += snapshot[\.units] == nil ? 0 : 1
        count += snapshot[\.days]?.count ?? 0
        count += (snapshot[\.notes] ?? nil)?.utf8.count ?? 0
        count += snapshot.isComplete(\.days) ? 1 : 0
        count += snapshot.isComplete(\.notes) ? 1 : 0
        return count
    }

    /// The whole text parsed and decoded at once, for reference.
    public static func oneShot(_ bytes: [UInt8]) throws -> Int {
        try JSONValueDecoder().decode(WeatherOutlook.self, from: JSONValue(parsing: bytes)).days.count
    }
}
