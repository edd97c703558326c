import Foundation
import GRDB
import JSONValueKit

/// Stores a ``JSONValueKit/JSONValue`` in an SQLite column as JSON text, whatever its case,
/// so that SQLite's JSON functions can query it and reading gives back the
/// same value.
///
/// Without this conformance GRDB stores a `Codable` property that encodes a
/// single value (a string, a number, a Boolean) as a bare SQL value rather than
/// JSON, and hands the column's text back to `init(from:)` as a plain string.
/// With it, any record property of type `JSONValue` or `JSONValue?` is JSON:
///
/// ```swift
/// import GRDB
/// import JSONValueKit
/// import JSONValueKitGRDB
///
/// struct Player: Codable, FetchableRecord, PersistableRecord {
///     var id: Int64
///     var name: String
///     var ext: JSONValue
///     var extra: JSONValue?
/// }
///
/// try Player(id: 1, name: "Ada", ext: ["a": ["b": 1]], extra: nil).insert(db)
/// try Int.fetchOne(db, sql: "SELECT json_extract(ext, '$.a.b') FROM player")  // 1
/// ```
///
/// An optional column keeps Swift's `nil` and JSON's `null` apart: `nil` is
/// stored as SQL `NULL` and reads back as `nil`, while
/// ``JSONValueKit/JSONValue/null`` is stored as the JSON text `null` and reads
/// back as `.null`; the same holds for `Row` access and for
/// `Optional<JSONValue>.fetchOne` and `fetchAll`. A non-optional `JSONValue`
/// refuses SQL `NULL` with a decoding error rather than inventing `.null`:
/// declare the property optional where the column may be `NULL`.
///
/// Beware of `nil` literals: where a `JSONValue` is expected, as beside a
/// `JSONValue` branch of a conditional, `nil` is the JSON `.null` (through
/// `ExpressibleByNilLiteral`), not `Optional.none`. Write
/// `Optional<JSONValue>.none` to be explicit.
// This module exists to add this conformance: neither JSONValueKit, which has no
// dependencies, nor GRDB can declare it, so it is retroactive by design.
// swift-format-ignore: AvoidRetroactiveConformances
extension JSONValue: @retroactive DatabaseValueConvertible {
    /// The value as compact JSON text, with object members in their order,
    /// so that reading gives back the same members in the same order.
    ///
    /// A non-finite double, which JSON cannot represent, is stored in
    /// JSON5's spelling (`{"x":Infinity}`), never as `null`: GRDB gives this
    /// property no way to throw, and JSON5 text loses nothing. Reading it
    /// back gives the same value. SQLite 3.42 and later read it in their JSON
    /// functions as JSON5; earlier versions report it as malformed JSON.
    /// To refuse such values before storing them, check
    /// ``JSONValueKit/JSONValue/jsonString(options:maximumNestingDepth:)``, which throws for them.
    public var databaseValue: DatabaseValue {
        // Compact JSON in the members' order; with a non-finite number,
        // which only JSON5 can spell, `description` (sorted keys, JSON5's
        // spelling), which never fails or loses a value.
        ((try? jsonString()) ?? description).databaseValue
    }

    /// Reads a value from JSON text or from a plain SQL value.
    ///
    /// Text and blobs are parsed as JSON. Integers and reals, as SQLite's JSON
    /// functions return them, become ``JSONValueKit/JSONValue/int(_:)`` and
    /// ``JSONValueKit/JSONValue/double(_:)``. Where `Int` has 32 bits (watchOS
    /// on arm64_32), an integer beyond it becomes the `Double` that holds it
    /// exactly, as parsing its text would give, up to 2⁵³ in magnitude;
    /// beyond that, where a `Double` would round it, it is refused. SQL `NULL`
    /// is no value at all: an optional reads it as `nil`, and a non-optional
    /// `JSONValue` refuses it.
    ///
    /// Text with a non-finite number in JSON5's spelling, as ``databaseValue``
    /// stores it, reads back as that number.
    ///
    /// - Parameter dbValue: The database value.
    /// - Returns: The value, or `nil` for SQL `NULL` or text that is not valid
    ///   JSON, which GRDB reports as a decoding error naming the column.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> JSONValue? {
        switch dbValue.storage {
        case .null:
            return nil
        case .int64(let value):
            switch _SQLiteInteger<Int>(value) {
            case .integer(let integer)?: return .int(integer)
            case .double(let double)?: return .double(double)
            case nil: return nil
            }
        case .double(let value):
            return .double(value)
        case .string(let text):
            return parse(Data(text.utf8))
        case .blob(let data):
            return parse(data)
        }
    }

    /// JSON text, or failing that the JSON5 text that ``databaseValue`` writes
    /// for a value with a non-finite number.
    private static func parse(_ data: Data) -> JSONValue? {
        if let value = try? JSONValue(parsing: data) { return value }
        return try? JSONValue(parsing: data, options: .init(allowsJSON5: true))
    }
}

/// How a ``JSONValueKit/JSONValue`` whose integers are `Integer` holds an
/// SQLite integer: as an `Integer` if it fits, else as the `Double` that
/// holds it exactly if its magnitude is at most 2⁵³; `nil` beyond.
///
/// It is used with `Int`, which holds every SQLite integer where it has 64
/// bits. It is generic so that the tests can check, with `Int32`, what
/// happens where `Int` has 32 bits.
enum _SQLiteInteger<Integer: FixedWidthInteger & SignedInteger>: Equatable {
    case integer(Integer)
    case double(Double)

    init?(_ value: Int64) {
        if let integer = Integer(exactly: value) {
            self = .integer(integer)
        } else if value.magnitude <= 1 << 53 {
            self = .double(Double(value))
        } else {
            return nil
        }
    }
}
