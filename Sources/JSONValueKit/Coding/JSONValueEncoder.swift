#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes `Encodable` types into a ``JSONValue`` tree, without going through
/// JSON text.
///
/// Use it to put a typed model into an open-ended field, or to store or merge
/// it as a value:
///
/// ```swift
/// payload.ext = try JSONValueEncoder().encode(videoInfo)
/// // or: payload.ext = try JSONValue(encoding: videoInfo)
/// ```
///
/// It produces the value that encoding with `JSONEncoder` and parsing the text
/// would, with the same strategies, which are Foundation's own types. Doubles
/// stay ``JSONValue/double(_:)`` even when integral, where JSON text would
/// read back as an integer; the two are equal. It is several times faster
/// than `JSONEncoder` followed by parsing.
///
/// Unlike `JSONEncoder`, a class, this is a structure: configure a `var`.
///
/// ```swift
/// var encoder = JSONValueEncoder()
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// encoder.dateEncodingStrategy = .iso8601
/// ```
///
/// A container that a type keeps after its `encode(to:)` returned, and writes
/// to later, still lands in the tree; `JSONEncoder` drops such late writes.
///
/// To get JSON text, ``encodeJSONData(_:options:maximumNestingDepth:)`` writes
/// it as the value encodes, without the tree. It has no `outputFormatting`:
/// that method, and the tree's ``JSONValue/jsonString(options:maximumNestingDepth:)``,
/// take ``JSONValue/WritingOptions``, which leave `/` unescaped by default,
/// where `JSONEncoder` writes `\/` unless told `.withoutEscapingSlashes`.
public struct JSONValueEncoder: Sendable {
    /// How to map coding keys to the keys of objects; `JSONEncoder`'s type.
    public typealias KeyEncodingStrategy = JSONEncoder.KeyEncodingStrategy
    /// How to encode `Date` values; `JSONEncoder`'s type.
    public typealias DateEncodingStrategy = JSONEncoder.DateEncodingStrategy
    /// How to encode `Data` values; `JSONEncoder`'s type.
    public typealias DataEncodingStrategy = JSONEncoder.DataEncodingStrategy
    /// How to encode infinities and NaN; `JSONEncoder`'s type.
    public typealias NonConformingFloatEncodingStrategy = JSONEncoder.NonConformingFloatEncodingStrategy

    /// How to map coding keys to the keys of objects. The default,
    /// `.useDefaultKeys`, uses them as they are.
    ///
    /// As with `JSONEncoder`, the keys of a `[String: T]` dictionary are never
    /// converted.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys

    /// How to encode `Date` values. The default, `.deferredToDate`, lets
    /// `Date` encode itself as a number of seconds since 2001.
    ///
    /// `.iso8601` writes a date exactly as the system's `JSONEncoder` does,
    /// on every version of every system: with `Date.ISO8601FormatStyle` from
    /// macOS 14, iOS 17, tvOS 17, watchOS 10 and visionOS 1 on, and on Linux;
    /// with one shared `ISO8601DateFormatter` (`.withInternetDateTime`) on
    /// earlier Apple systems, where `JSONEncoder` used that formatter.
    public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate

    /// How to encode `Data` values. The default is `.base64`.
    public var dataEncodingStrategy: DataEncodingStrategy = .base64

    /// How to encode infinities and NaN, which JSON numbers cannot hold. The
    /// default, `.throw`, makes them an error.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw

    /// Whether a number that a ``JSONValue`` cannot hold exactly becomes the
    /// nearest `Double` (`true`), or is refused with
    /// `EncodingError.invalidValue` (`false`, the default).
    ///
    /// A tree holds an integer in `Int`'s range exactly, and any other
    /// number as a `Double`, exactly only when the `Double`'s shortest
    /// digits are the number's own. A `Decimal` of more than 17 significant
    /// digits, or an integer beyond `Int` such as `UInt64.max`, would decode
    /// back from the tree as a different number, so by default encoding it
    /// throws. Set this to `true` to round it to the nearest `Double`
    /// instead, as parsing its text does by default:
    ///
    /// ```swift
    /// struct Money: Codable { var amount: Decimal }
    /// let money = Money(amount: Decimal(string: "123456789012345678901234567890.12")!)
    ///
    /// var encoder = JSONValueEncoder()
    /// encoder.allowsInexactNumbers = true
    /// let tree = try encoder.encode(money)   // ["amount": 1.2345678901234568e+29]
    /// ```
    ///
    /// The same name rounds in ``JSONValue/ParsingOptions/allowsInexactNumbers``
    /// and ``JSONValue/init(any:allowsInexactNumbers:)``; see
    /// <doc:ParsingAndWriting#Numbers>. To keep such a `Decimal` exactly,
    /// decode it from `Data` with ``JSONValueDecoder``, which reads numbers
    /// from their text, or encode it as a string.
    public var allowsInexactNumbers = false

    /// Values that encoding types can read through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder with the default strategies.
    public init() {}

    /// Encodes a value as a tree.
    ///
    /// ```swift
    /// try JSONValueEncoder().encode(Point(x: 1, y: 2))   // ["x": 1, "y": 2]
    /// ```
    ///
    /// A value that encodes nothing at all becomes an empty object, as with
    /// `JSONEncoder`.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The tree.
    /// - Throws: `EncodingError.invalidValue` for a non-finite number with the
    ///   `.throw` strategy, for a number that a ``JSONValue`` cannot hold
    ///   exactly unless ``allowsInexactNumbers`` is `true`, or whatever the
    ///   value's `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = _ValueEncoder(parent: nil, key: nil, options: _EncodingOptions(self))
        return try encoder.wrap(value, key: nil).resolved()
    }

    /// Encodes a value as UTF-8 JSON text.
    ///
    /// ```swift
    /// let data = try JSONValueEncoder().encodeJSONData(Point(x: 1, y: 2))   // {"x":1,"y":2}
    /// ```
    ///
    /// The bytes are those of `try encode(value).jsonData(options: options,
    /// maximumNestingDepth: maximumNestingDepth)`, and so are the errors; the
    /// text is written while the value encodes, without building the tree,
    /// when the value uses its containers in nested order (each nested
    /// container or encoder finished before its parent is written to again)
    /// and encodes each key once, as synthesized conformances do. Otherwise,
    /// and with `.prettyPrinted` or `.sortedKeys`, the value is encoded
    /// through the tree, and its `encode(to:)` may run a second time.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - options: How to format the text, as for
    ///     ``JSONValue/jsonData(options:maximumNestingDepth:)``.
    ///   - maximumNestingDepth: How many levels of arrays and objects the
    ///     text may nest; 512 by default.
    /// - Returns: The JSON text as UTF-8 bytes.
    /// - Throws: `EncodingError` as ``encode(_:)`` throws it, or
    ///   ``JSONWritingError`` if the value nests too deep.
    public func encodeJSONData<T: Encodable>(
        _ value: T,
        options: JSONValue.WritingOptions = [],
        maximumNestingDepth: Int = JSONValue.WritingOptions.defaultMaximumNestingDepth
    ) throws -> Data {
        if let data = _directJSONData(value, options: options, maximumNestingDepth: maximumNestingDepth) {
            return data
        }
        return try encode(value).jsonData(options: options, maximumNestingDepth: maximumNestingDepth)
    }

    /// The text of `value` written while it encodes, or `nil` if the direct
    /// path gave up (see `_DirectEncoder.swift`) and the tree is to write it.
    func _directJSONData<T: Encodable>(
        _ value: T, options: JSONValue.WritingOptions, maximumNestingDepth: Int
    ) -> Data? {
        guard options.isDisjoint(with: [.prettyPrinted, .sortedKeys]) else { return nil }
        let writing = _DirectWriting(
            options: _EncodingOptions(self), writingOptions: options, depthLimit: maximumNestingDepth)
        let encoder = _DirectEncoder(writing: writing, parent: nil, key: nil)
        let written: Bool
        do {
            try encoder.writeOwn(value)
            written = !writing.abandoned
        } catch {
            written = false
        }
        writing.close(downTo: 0)
        writing.finished = true
        return written ? writing.takeOutput().takeData() : nil
    }
}

extension JSONValue {
    /// Creates a value by encoding an `Encodable` value with
    /// ``JSONValueEncoder``.
    ///
    /// ```swift
    /// payload.ext = try JSONValue(encoding: videoInfo)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder to use, for its strategies.
    /// - Throws: `EncodingError` as ``JSONValueEncoder/encode(_:)`` throws it.
    public init<T: Encodable>(encoding value: T, using encoder: JSONValueEncoder = JSONValueEncoder()) throws {
        self = try encoder.encode(value)
    }
}

/// The encoder's settings, shared by every nested encoder of one encode.
final class _EncodingOptions {
    let keyStrategy: JSONValueEncoder.KeyEncodingStrategy
    let convertsKeys: Bool
    let dateStrategy: JSONValueEncoder.DateEncodingStrategy
    let dataStrategy: JSONValueEncoder.DataEncodingStrategy
    let floatStrategy: JSONValueEncoder.NonConformingFloatEncodingStrategy
    /// Whether numbers a tree cannot hold exactly become the nearest double.
    let roundsInexactNumbers: Bool
    let userInfo: [CodingUserInfoKey: Any]
    /// Which coding key types are ``MappedCodingKey``s; only one thread
    /// encodes at a time.
    @exclusivity(unchecked) var mappedKeyTypes = _TypeMemo<Bool>()
    /// Which types are `[String: T]` dictionaries (see
    /// ``_ValueEncoder/wrap(_:key:)``): the conformance check, a lookup in
    /// the runtime's cache, was 6% of encoding the citm_catalog.json model.
    @exclusivity(unchecked) var dictionaryTypes = _TypeMemo<Bool>()

    init(_ encoder: JSONValueEncoder) {
        keyStrategy = encoder.keyEncodingStrategy
        if case .useDefaultKeys = encoder.keyEncodingStrategy { convertsKeys = false } else { convertsKeys = true }
        dateStrategy = encoder.dateEncodingStrategy
        dataStrategy = encoder.dataEncodingStrategy
        floatStrategy = encoder.nonConformingFloatEncodingStrategy
        roundsInexactNumbers = encoder.allowsInexactNumbers
        userInfo = encoder.userInfo
    }

    /// Converted keys, memoized: a model's keys repeat in every object.
    private var snakeCaseKeys: [String: String] = [:]

    func snakeCase(_ key: String) -> String {
        if let converted = snakeCaseKeys[key] { return converted }
        let converted = _KeyConversion.toSnakeCase(key)
        snakeCaseKeys[key] = converted
        return converted
    }
}
