#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes `Decodable` types from a ``JSONValue`` tree, without going through
/// JSON text.
///
/// Use it when a value whose shape was open turns out to have a known one:
///
/// ```swift
/// struct VideoInfo: Decodable { let url: URL; let duration: Double }
///
/// if payload.type == "video" {
///     let video = try JSONValueDecoder().decode(VideoInfo.self, from: payload.ext)
///     // or: try payload.ext.decode(VideoInfo.self)
/// }
/// ```
///
/// It behaves like `JSONDecoder` decoding the same value's JSON text: the same
/// strategies, with the same names and meanings (they are Foundation's own
/// types), the same numeric conversions (`300` into `Int8`, `1.5` into `Int`
/// and `-1` into `UInt` are errors; an ``JSONValue/int(_:)`` into `Double` is
/// fine), and the same `DecodingError` cases with the same coding paths. On
/// the models of the benchmark corpora it is 8.8 to 33 times as fast as
/// encoding the tree to JSON text with `JSONEncoder` and decoding that with
/// `JSONDecoder` (the `Model/…/JSONValueDecoder` and
/// `Model/…/JSONEncoder+JSONDecoder` benchmarks of the package's
/// `Benchmarks/` folder, compared by its `Scripts/ratios.py`).
///
/// Unlike `JSONDecoder`, a class, this is a structure: configure a `var`.
///
/// ```swift
/// var decoder = JSONValueDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// decoder.dateDecodingStrategy = .iso8601
/// ```
///
/// Where it deliberately differs from `JSONDecoder`:
///
/// - A ``JSONValue`` property receives its subtree as it is, so `1.0` stays
///   a ``JSONValue/double(_:)`` (`JSONDecoder` reports it as an integer).
/// - A number that does not fit the requested type, or a date string a
///   strategy cannot read inside `decodeIfPresent`, is a
///   `DecodingError.dataCorrupted` with the value's coding path, where
///   `JSONDecoder` reports an empty path.
/// - JSON's `null` is a value to a `JSONValue?`: it decodes as
///   `.some(.null)`, and only a missing member as `nil` (`JSONDecoder`
///   gives `nil` for both).
/// - ``JSONValue`` holds integers beyond `Int` as doubles, which may have
///   been rounded on the way in, so an integer type decodes from a double
///   only up to 2⁵³ in magnitude and is refused beyond (`JSONDecoder` reads
///   `9223372036854775809` into a `UInt64` exactly). See
///   <doc:ParsingAndWriting#Numbers>.
/// - A model nested more than 32 levels deep decodes the deeper levels on
///   another thread, so that deep input cannot overflow a small stack;
///   task-local values are not visible there.
public struct JSONValueDecoder: Sendable {
    /// How to map the keys of objects to coding keys; `JSONDecoder`'s type.
    public typealias KeyDecodingStrategy = JSONDecoder.KeyDecodingStrategy
    /// How to decode `Date` values; `JSONDecoder`'s type.
    public typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy
    /// How to decode `Data` values; `JSONDecoder`'s type.
    public typealias DataDecodingStrategy = JSONDecoder.DataDecodingStrategy
    /// How to decode infinities and NaN from strings; `JSONDecoder`'s type.
    public typealias NonConformingFloatDecodingStrategy = JSONDecoder.NonConformingFloatDecodingStrategy

    /// How to map the keys of objects to coding keys. The default,
    /// `.useDefaultKeys`, uses them as they are.
    ///
    /// As with `JSONDecoder`, the keys of a `[String: T]` dictionary are never
    /// converted.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys

    /// How to decode `Date` values. The default, `.deferredToDate`, lets
    /// `Date` decode itself from a number of seconds since 2001.
    ///
    /// `.iso8601` reads a date string exactly as the system's `JSONDecoder`
    /// does, on every version of every system: with `Date.ISO8601FormatStyle`
    /// from macOS 14, iOS 17, tvOS 17, watchOS 10 and visionOS 1 on, and on
    /// Linux; with one shared `ISO8601DateFormatter` (`.withInternetDateTime`)
    /// on earlier Apple systems, where `JSONDecoder` used that formatter.
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate

    /// How to decode `Data` values. The default is `.base64`.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64

    /// How to decode infinities and NaN, which JSON numbers cannot hold. The
    /// default, `.throw`, has no string stand for them.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw

    /// Values that decoding types can read through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// What to tolerate in payloads that do not match the model; nothing by
    /// default, so decoding is strict and behaves like `JSONDecoder`.
    ///
    /// See ``Tolerance`` and ``decode(_:from:deviations:)-(_,JSONValue,_)``, which reports
    /// what was tolerated.
    public var tolerance: Tolerance = []

    /// Whether the report of a tolerant decode also lists the members that
    /// the model ignored: `false` by default.
    ///
    /// ```swift
    /// var decoder = JSONValueDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// decoder.reportsIgnoredMembers = true
    /// var deviations: [JSONValueDecoder.Deviation] = []
    /// let note = try decoder.decode(Note.self, from: data, deviations: &deviations)
    /// // At /is_pinned: the member was ignored: the model did not read it (reportsIgnoredMembers).
    /// ```
    ///
    /// Decoding ignores a member that no property asks for, as `JSONDecoder`
    /// does: a field the server added, or one it renamed, so that the
    /// property under the old name is now `nil`. With this option,
    /// ``decode(_:from:deviations:)-(_,Data,_)`` and
    /// ``decode(_:from:deviations:)-(_,JSONValue,_)`` report each such member
    /// with ``Deviation/Action/ignored``, at its place in the payload.
    ///
    /// A member counts as read when the model asked for its value
    /// (`decode`, `decodeIfPresent`, `decodeNil`, a nested container or
    /// `superDecoder(forKey:)`), not when it only asked whether the member
    /// is there (`contains`). Only objects that a type decodes itself from,
    /// with `init(from:)`, are checked: a `[String: T]` dictionary or a
    /// ``JSONValue`` reads every member, and an object that a type reads
    /// through `nestedContainer(keyedBy:forKey:)` is not checked. Decoding
    /// without a deviations array, the option changes nothing.
    public var reportsIgnoredMembers = false

    /// Creates a decoder with the default strategies.
    public init() {}

    /// Decodes a value of the given type from a tree.
    ///
    /// ```swift
    /// let point = try JSONValueDecoder().decode(Point.self, from: ["x": 1, "y": 2])
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - value: The tree to decode it from.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, as `JSONDecoder` throws it for the same JSON,
    ///   with the coding path of the value that failed.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try Self.decode(T.self, from: value, options: _DecodingOptions(self))
    }

    /// Whether ``decode(_:from:)-(_,Data)`` reads JSON5 (json5.org) as well as
    /// JSON: comments, trailing commas, single-quoted strings, unquoted keys
    /// and the rest, as ``JSONValue/ParsingOptions/allowsJSON5`` describes.
    /// `false` by default, as in `JSONDecoder`, whose name it has.
    ///
    /// ```swift
    /// var decoder = JSONValueDecoder()
    /// decoder.allowsJSON5 = true
    /// let config = try decoder.decode(Config.self, from: Data("{port: 8080, /* dev */}".utf8))
    /// ```
    ///
    /// JSON text is read by the same strict parser with this option as
    /// without it; only text that parser refuses is read again as JSON5.
    /// (The benchmarks `Parse/…/JSONValue(parsing:allowsJSON5)` and
    /// `Parse/…/JSONValue(parsing:)` of the package's `Benchmarks/` folder
    /// compare the two.)
    public var allowsJSON5 = false

    /// Decodes a value of the given type from UTF-8 JSON text, in one call.
    ///
    /// ```swift
    /// let (data, _) = try await URLSession.shared.data(from: url)
    /// let feed = try JSONValueDecoder().decode(Feed.self, from: data)
    /// ```
    ///
    /// On the models of the benchmark corpora this is 3.0 to 7.2 times as
    /// fast as `JSONDecoder` (the `Model/…/JSONValueDecoder(Data)` and
    /// `Model/…/JSONDecoder` benchmarks of the package's `Benchmarks/`
    /// folder, compared by its `Scripts/ratios.py`), and it gives
    /// `JSONDecoder`'s results where a tree alone could not: a number is
    /// read from its text when the requested type needs more than a
    /// `Double` holds, so `123456789.123456789` into `Decimal` and
    /// `18446744073709551615` into `UInt64` come out exact, as they do from
    /// `JSONDecoder`. A ``JSONValue`` property still holds such numbers as
    /// their nearest `Double`.
    ///
    /// Differences from `JSONDecoder`, beyond those listed for the type:
    ///
    /// - Trailing commas, comments and the rest of JSON5 need
    ///   ``allowsJSON5``.
    /// - Invalid JSON is a `DecodingError.dataCorrupted` whose underlying
    ///   error is a ``JSONParseError`` with the line, column and byte offset.
    /// - Of two members with the same name, the last one counts
    ///   (`JSONDecoder` keeps the first).
    /// - Text may nest ``JSONValue/ParsingOptions/defaultMaximumNestingDepth`` (512) levels
    ///   of arrays and objects, as with `JSONDecoder`; deeper text is refused
    ///   rather than risking the stack.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: UTF-8 JSON text; a byte order mark at the start is skipped.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError.dataCorrupted` with an empty coding path for
    ///   text that is not JSON, and otherwise the errors of
    ///   ``decode(_:from:)-(_,JSONValue)``.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        // A tree is what a JSONValue is: the tape would only be read twice.
        if T.self != JSONValue.self && T.self != JSONObject.self, let tape = tape(data) {
            return try _TapeDecoder.decode(T.self, from: tape, options: _DecodingOptions(self))
        }
        let (value, exactNumbers) = try parse(data)
        return try Self.decode(T.self, from: value, options: _DecodingOptions(self, exactNumbers: exactNumbers))
    }

    /// `data` read into a tape for ``_TapeDecoder``, for a strict decoder
    /// with the default or the snake-case key strategy, or `nil`: for other
    /// decoders, and for text that is not strict JSON, which ``parse(_:)``
    /// then reads (JSON5, if allowed) or refuses with its error.
    private func tape(_ data: Data) -> _JSONTape? {
        guard tolerance.isEmpty, !data.isEmpty else { return nil }
        switch keyDecodingStrategy {
        case .useDefaultKeys, .convertFromSnakeCase: break
        default: return nil
        }
        return data.withUnsafeBytes { raw in
            let tape = _JSONTape(copying: raw)
            var parser = _JSONParser(
                base: tape.text, count: tape.textCount, options: JSONValue.ParsingOptions(), exactNumbers: nil)
            do {
                try parser.readTape(into: tape)
            } catch {
                return nil
            }
            return tape
        }
    }

    /// Decodes a value from JSON text, as ``decode(_:from:)-(_,Data)`` does
    /// from its UTF-8 bytes.
    ///
    /// ```swift
    /// let numbers = try JSONValueDecoder().decode([Int].self, from: "[1, 2]")  // [1, 2]
    /// ```
    ///
    /// A string literal here is JSON text, not a JSON string: to decode from
    /// a tree holding one string, pass a ``JSONValue`` (`.string("7")`).
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - text: JSON text.
    /// - Returns: The decoded value.
    /// - Throws: The errors of ``decode(_:from:)-(_,Data)``.
    public func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decode(type, from: Data(text.utf8))
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, options: _DecodingOptions) throws -> T {
        let decoder = _ValueDecoder(value: value, key: nil, parent: nil, options: options)
        return try decoder.unwrap(value, as: T.self, key: nil)
    }

    /// Parses `data` into a tree whose inexact numbers are boxed, with their
    /// text beside it, or throws the error `JSONDecoder` throws for text that
    /// is not JSON.
    func parse(_ data: Data) throws -> (JSONValue, _ExactNumbers?) {
        var exactNumbers: _ExactNumbers? = _ExactNumbers(
            keepsEveryNumberText: tolerance.contains(.convertScalarTypes))
        do {
            let value = try data.withUnsafeBytes { raw throws(JSONParseError) in
                try _JSONParser.parse(
                    raw.bindMemory(to: UInt8.self), options: JSONValue.ParsingOptions(allowsJSON5: allowsJSON5),
                    exactNumbers: &exactNumbers)
            }
            return (value, exactNumbers)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The given data was not valid JSON",
                    underlyingError: error))
        }
    }
}

extension JSONValue {
    /// Decodes a `Decodable` type from this value, with
    /// ``JSONValueDecoder``.
    ///
    /// ```swift
    /// let video = try payload.ext.decode(VideoInfo.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder to use, for its strategies.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` with the coding path of the value that failed.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONValueDecoder = JSONValueDecoder()) throws -> T {
        try decoder.decode(type, from: self)
    }
}

/// The decoder's settings, shared by every nested decoder of one decode.
final class _DecodingOptions {
    let keyStrategy: JSONValueDecoder.KeyDecodingStrategy
    let convertsKeys: Bool
    let dateStrategy: JSONValueDecoder.DateDecodingStrategy
    let dataStrategy: JSONValueDecoder.DataDecodingStrategy
    let floatStrategy: JSONValueDecoder.NonConformingFloatDecodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
    let tolerance: JSONValueDecoder.Tolerance
    /// Where tolerated values are reported, if the caller asked.
    var deviations: _DeviationLog?
    /// Whether ignored members are reported: the decoder's
    /// ``JSONValueDecoder/reportsIgnoredMembers``, when deviations are
    /// collected.
    var reportsIgnoredMembers = false
    /// The exact text of the numbers boxed in the tree, when decoding from
    /// bytes; `nil` for a tree from elsewhere, which holds no boxes.
    let exactNumbers: _ExactNumbers?

    /// The same settings, with `exactNumbers`: for a subtree that a
    /// ``_TapeDecoder`` hands to a ``_ValueDecoder``.
    init(_ other: _DecodingOptions, exactNumbers: _ExactNumbers) {
        self.exactNumbers = exactNumbers.isEmpty ? nil : exactNumbers
        keyStrategy = other.keyStrategy
        convertsKeys = other.convertsKeys
        dateStrategy = other.dateStrategy
        dataStrategy = other.dataStrategy
        floatStrategy = other.floatStrategy
        userInfo = other.userInfo
        tolerance = other.tolerance
    }

    init(_ decoder: JSONValueDecoder, exactNumbers: _ExactNumbers? = nil) {
        self.exactNumbers = exactNumbers?.isEmpty == false ? exactNumbers : nil
        keyStrategy = decoder.keyDecodingStrategy
        if case .useDefaultKeys = decoder.keyDecodingStrategy { convertsKeys = false } else { convertsKeys = true }
        dateStrategy = decoder.dateDecodingStrategy
        dataStrategy = decoder.dataDecodingStrategy
        floatStrategy = decoder.nonConformingFloatDecodingStrategy
        userInfo = decoder.userInfo
        tolerance = decoder.tolerance
    }

    // Only one thread decodes at a time: no dynamic exclusivity checks.
    /// What the tolerances make of each type met so far; see
    /// `tolerantKind(of:)`.
    @exclusivity(unchecked) var tolerantKinds = _TypeMemo<_TolerantKind>()
    /// Which types are arrays or string-keyed dictionaries; see
    /// `unwrapComposite(_:as:key:)`.
    @exclusivity(unchecked) var compositeKinds = _TypeMemo<_CompositeKind>()
    /// Which coding key types are ``MappedCodingKey``s.
    @exclusivity(unchecked) var mappedKeyTypes = _TypeMemo<Bool>()
    /// How many coding paths were built, for `codingPath` or for an error:
    /// what decoded while this stayed the same decodes the same wherever its
    /// JSON sits, which typed partial values rely on to reuse it.
    @exclusivity(unchecked) var pathsBuilt = 0
    /// Arrays decoded earlier from the same JSON, which the decode of a
    /// streamed value's whole model reuses (`_PartialModelContext.model(of:)`);
    /// `nil` in every other decode.
    @exclusivity(unchecked) var decodedArrays: [_DecodedElements]?

    /// Converted keys, memoized: a document's keys repeat in every object.
    private var camelCaseKeys: [String: String] = [:]

    func camelCase(_ key: String) -> String {
        // A name without `_` stays as it is: no memo lookup, no hash. (Over
        // the bytes in place: the UTF8View's `contains` went through its
        // iterator a byte at a time, 6% of decoding the twitter.json model.)
        var key = key
        let hasUnderscore = key.withUTF8 { bytes in bytes.contains(UInt8(ascii: "_")) }
        guard hasUnderscore else { return key }
        if let converted = camelCaseKeys[key] { return converted }
        let converted = _KeyConversion.fromSnakeCase(key)
        camelCaseKeys[key] = converted
        return converted
    }
}
