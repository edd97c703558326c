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
/// `nil` is stored as SQL `NULL` and ``JSONValueKit/JSONValue/null`` as the JSON text `null`,
/// so an optional column keeps the two apart.
// This module exists to add this conformance: neither JSONValueKit, which has no
// dependencies, nor GRDB can declare it, so it is retroactive by design.
// swift-format-ignore: AvoidRetroactiveConformances
extension JSONValue: @retroactive DatabaseValueConvertible {
    /// The value as JSON text, with object keys sorted so that equal values
    /// store equal text.
    ///
    /// A non-finite double, which JSON cannot represent, is stored as `null`.
    public var databaseValue: DatabaseValue {
        // `description` is compact JSON with sorted keys and writes non-finite
        // numbers as null, so it never fails.
        description.databaseValue
    }

    /// Reads a value from JSON text or from a plain SQL value.
    ///
    /// Text and blobs are parsed as JSON. Integers and reals, as SQLite's JSON
    /// functions return them, become ``JSONValueKit/JSONValue/int(_:)`` and
    /// ``JSONValueKit/JSONValue/double(_:)``, and `NULL` becomes ``JSONValueKit/JSONValue/null``.
    ///
    /// - Parameter dbValue: The database value.
    /// - Returns: The value, or `nil` if the text is not valid JSON, which
    ///   GRDB reports as a decoding error naming the column.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> JSONValue? {
        switch dbValue.storage {
        case .null:
            return .null
        case .int64(let value):
            return .int(Int(value))
        case .double(let value):
            return .double(value)
        case .string(let text):
            return try? JSONValue(parsing: text)
        case .blob(let data):
            return try? JSONValue(parsing: data)
        }
    }
}
