import Foundation
import GRDB
import JSONValueKit
import Testing

@testable import JSONValueKitGRDB

/// A plain Codable record with JSONValue fields, as a new user would write it.
private struct Player: Codable, FetchableRecord, PersistableRecord, Equatable {
    var id: Int64
    var name: String
    var ext: JSONValue
    var extra: JSONValue?
}

/// A legacy model that keeps a `[String: Any]` field.
private struct LegacyPlayer: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "player"
    var id: Int64
    var name: String
    var ext: [String: Any]

    enum CodingKeys: String, CodingKey {
        case id, name, ext
    }

    init(id: Int64, name: String, ext: [String: Any]) {
        self.id = id
        self.name = name
        self.ext = ext
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        ext = try container.decode([String: Any].self, forKey: .ext)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(ext, forKey: .ext)
    }
}

/// A database file in a new temporary folder, removed afterwards.
private func withDatabase(_ body: (DatabaseQueue) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("JSONValueKitGRDB-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let queue = try DatabaseQueue(path: folder.appendingPathComponent("db.sqlite").path)
    try queue.write { db in
        try db.create(table: "player") { table in
            table.primaryKey("id", .integer)
            table.column("name", .text).notNull()
            table.column("ext", .text).notNull()
            table.column("extra", .text)
        }
    }
    try body(queue)
}

/// Compares case for case, and members in order: `.int(1)` and `.double(1)`
/// differ here.
private func identical(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case (.some(let a), .some(let b)):
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && identical($0.value, $1.value) }
        default: return a == b && !(a.intValue != nil && b.intValue != nil)
        }
    default: return false
    }
}

@Suite("JSONValue in SQLite through GRDB")
struct JSONValueDatabaseTests {
    static let values: [JSONValue] = [
        ["a": ["b": 1], "tier": "gold", "tags": ["x", "y"]], [1, 2.5, "three", true, nil], "text",
        "{\"not\": \"json\"}",
        42, 1.0, -0.5, 1e300, true, false, .null, [:], [],
    ]

    @Test("every case round-trips through a database file, case for case")
    func roundTrip() throws {
        try withDatabase { queue in
            let players = Self.values.enumerated().map { index, value -> Player in
                // `Optional<JSONValue>.none`, not `nil`: beside a JSONValue
                // branch, a bare `nil` literal is typed as `.null`.
                let extra: JSONValue? =
                    index % 3 == 0 ? Optional<JSONValue>.none : (index % 3 == 1 ? .some(.null) : .some(value))
                return Player(id: Int64(index + 1), name: "p\(index)", ext: value, extra: extra)
            }
            try queue.write { db in
                for player in players { try player.insert(db) }
            }
            let fetched = try queue.read { db in try Player.order(Column("id")).fetchAll(db) }
            #expect(fetched.count == players.count)
            for (stored, original) in zip(fetched, players) {
                #expect(identical(stored.ext, original.ext), "\(original.ext) came back as \(stored.ext)")
                #expect(
                    identical(stored.extra, original.extra),
                    "\(String(describing: original.extra)) came back as \(String(describing: stored.extra))")
            }
        }
    }

    @Test("Swift nil is SQL NULL is nil; .null is the JSON text null is .null")
    func nilVersusNull() throws {
        try withDatabase { queue in
            try queue.write { db in
                try Player(id: 1, name: "none", ext: 1, extra: Optional<JSONValue>.none).insert(db)
                try Player(id: 2, name: "null", ext: 1, extra: .some(.null)).insert(db)
            }
            try queue.read { db in
                #expect(
                    try String.fetchAll(db, sql: "SELECT typeof(extra) FROM player ORDER BY id") == ["null", "text"])
                // Records.
                let players = try Player.order(Column("id")).fetchAll(db)
                #expect(players[0].extra == Optional<JSONValue>.none)
                #expect(players[1].extra == .some(.null))
                // Row access.
                let rows = try Row.fetchAll(db, sql: "SELECT extra FROM player ORDER BY id")
                #expect((rows[0]["extra"] as JSONValue?) == Optional<JSONValue>.none)
                #expect((rows[1]["extra"] as JSONValue?) == .some(.null))
                // Fetching values.
                let all = try Optional<JSONValue>.fetchAll(db, sql: "SELECT extra FROM player ORDER BY id")
                #expect(all == [Optional<JSONValue>.none, .some(.null)])
                let none = try Optional<JSONValue>.fetchOne(db, sql: "SELECT extra FROM player WHERE id = 1")
                #expect(none == .some(Optional<JSONValue>.none))
                #expect(try JSONValue.fetchOne(db, sql: "SELECT extra FROM player WHERE id = 2") == .some(.null))
                #expect(try JSONValue.fetchOne(db, sql: "SELECT extra FROM player WHERE id = 1") == nil)
            }
        }
    }

    @Test("a non-optional JSONValue refuses SQL NULL rather than inventing .null")
    func nonOptionalFromNull() throws {
        struct Strict: Codable, FetchableRecord, TableRecord {
            static let databaseTableName = "player"
            var extra: JSONValue
        }
        try withDatabase { queue in
            try queue.write { db in
                try Player(id: 1, name: "none", ext: 1, extra: Optional<JSONValue>.none).insert(db)
            }
            _ = try queue.read { db in
                #expect(throws: (any Error).self) { try Strict.fetchAll(db, sql: "SELECT extra FROM player") }
            }
        }
    }

    @Test("every case is stored as valid JSON text; nil as NULL")
    func storedAsJSON() throws {
        try withDatabase { queue in
            try queue.write { db in
                for (index, value) in Self.values.enumerated() {
                    try Player(id: Int64(index + 1), name: "p", ext: value, extra: nil).insert(db)
                }
                try Player(id: 100, name: "n", ext: 1, extra: .null).insert(db)
            }
            try queue.read { db in
                let invalid = try Int.fetchOne(db, sql: "SELECT count(*) FROM player WHERE json_valid(ext) = 0")
                #expect(invalid == 0)
                let types = try String.fetchAll(db, sql: "SELECT DISTINCT typeof(ext) FROM player")
                #expect(types == ["text"])
                #expect(
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM player WHERE extra IS NULL") == Self.values.count)
                #expect(try String.fetchOne(db, sql: "SELECT extra FROM player WHERE id = 100") == "null")
                #expect(try String.fetchOne(db, sql: "SELECT ext FROM player WHERE id = 3") == #""text""#)
            }
        }
    }

    @Test(
        "a non-finite double is stored in JSON5's spelling, never as null, and reads back the same",
        arguments: [
            JSONValue.double(.infinity), .double(-.infinity), ["x": .double(.infinity), "y": [.double(-.infinity)]],
        ])
    func nonFinite(_ value: JSONValue) throws {
        try withDatabase { queue in
            try queue.write { db in
                try Player(id: 1, name: "p", ext: value, extra: .double(.nan)).insert(db)
            }
            try queue.read { db in
                let stored = try String.fetchOne(db, sql: "SELECT ext FROM player")
                #expect(stored == value.description)
                #expect(stored?.contains("null") == false)
                #expect(try String.fetchOne(db, sql: "SELECT extra FROM player") == "NaN")
                let player = try #require(try Player.fetchOne(db))
                #expect(player.ext == value)
                #expect(player.extra?.doubleValue?.isNaN == true)
            }
        }
    }

    @Test("json_extract reads members and filters work")
    func queries() throws {
        try withDatabase { queue in
            try queue.write { db in
                try Player(id: 1, name: "gold", ext: ["a": ["b": 1], "tier": "gold"], extra: ["n": 5]).insert(db)
                try Player(id: 2, name: "silver", ext: ["a": ["b": 2], "tier": "silver"], extra: nil).insert(db)
            }
            try queue.read { db in
                #expect(try Int.fetchOne(db, sql: "SELECT json_extract(ext, '$.a.b') FROM player WHERE id = 1") == 1)
                let gold = try Player.filter(sql: "json_extract(ext, '$.tier') = ?", arguments: ["gold"]).fetchAll(db)
                #expect(gold.map(\.name) == ["gold"])
                let big = try Player.filter(sql: "json_extract(ext, '$.a.b') > 1").fetchAll(db)
                #expect(big.map(\.id) == [2])
                #expect(try Int.fetchOne(db, sql: "SELECT json_extract(extra, '$.n') FROM player WHERE id = 1") == 5)
                let member = try JSONValue.fetchOne(db, sql: "SELECT json_extract(ext, '$.a') FROM player WHERE id = 2")
                #expect(member == ["b": 2])
            }
        }
    }

    @Test("a legacy [String: Any] field is stored the same way")
    func legacyModel() throws {
        try withDatabase { queue in
            try queue.write { db in
                try LegacyPlayer(id: 1, name: "old", ext: ["flag": true, "one": 1, "nested": ["x": 1.5]]).insert(db)
            }
            try queue.read { db in
                #expect(try Int.fetchOne(db, sql: "SELECT json_extract(ext, '$.one') FROM player") == 1)
                #expect(try Double.fetchOne(db, sql: "SELECT json_extract(ext, '$.nested.x') FROM player") == 1.5)
                #expect(try String.fetchOne(db, sql: "SELECT json_type(ext, '$.flag') FROM player") == "true")
                let player = try #require(try LegacyPlayer.fetchOne(db))
                #expect(player.ext["flag"] as? Bool == true)
                #expect(player.ext["one"] is Int)
                #expect((player.ext["nested"] as? [String: Any])?["x"] as? Double == 1.5)
                // The same row reads as a record with a JSONValue field too.
                let modern = try #require(try Player.fetchOne(db))
                // A [String: Any] has no order: its names are stored sorted.
                #expect(identical(modern.ext, ["flag": true, "nested": ["x": 1.5], "one": 1]))
            }
        }
    }

    @Test("text that is not JSON is a decoding error, not a string")
    func invalidText() throws {
        try withDatabase { queue in
            try queue.write { db in
                try db.execute(sql: "INSERT INTO player (id, name, ext) VALUES (1, 'bad', 'not json')")
            }
            #expect(throws: (any Error).self) {
                try queue.read { db in try Player.fetchOne(db) }
            }
        }
    }

    @Test("an SQLite integer reads back exactly or not at all, as where Int has 32 bits (tested with Int32)")
    func integerWidths() throws {
        typealias Narrow = _SQLiteInteger<Int32>
        #expect(Narrow(Int64(Int32.max)) == .integer(.max))
        #expect(Narrow(Int64(Int32.min)) == .integer(.min))
        #expect(Narrow(3_000_000_000) == .double(3_000_000_000))
        #expect(Narrow(-(1 << 53)) == .double(-0x1p53))
        #expect(Narrow((1 << 53) + 1) == nil)
        #expect(Narrow(.max) == nil)
        // With a 64-bit Int, every SQLite integer is an Int.
        #expect(_SQLiteInteger<Int>(.max) == .integer(.max))
        #expect(_SQLiteInteger<Int>(.min) == .integer(.min))
        #expect(JSONValue.fromDatabaseValue(Int64.max.databaseValue) == .int(.max))
    }
}
