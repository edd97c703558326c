import JSONValueKit

/// A decoder over a parsed JSON tree that supports only what every decoder
/// must: single-value, keyed and unkeyed containers. Nested containers and
/// super decoders are not implemented and trap, like those of many
/// third-party decoders. It counts the `DecodingError`s it throws, so tests
/// can pin how many probes a decode costs.
///
/// To `JSONValue(from:)` it is a decoder like any other: it reaches the
/// tree only through the `Decoder` protocol, as through a third party's.
final class MinimalDecoder: Decoder, @unchecked Sendable {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    let counter: Counter

    final class Counter: @unchecked Sendable {
        var failures = 0
    }

    /// An error of the decoder's own, not a `DecodingError`.
    struct Refusal: Error, Equatable {}

    /// When set, any attempt to decode a string throws `Refusal`.
    let refusesStrings: Bool

    /// When set, a string that holds a number also decodes as `Int` and
    /// `Double`, as in lenient decoders of form or CSV data.
    let readsNumbersFromStrings: Bool

    init(
        _ value: JSONValue,
        codingPath: [any CodingKey] = [],
        counter: Counter = Counter(),
        refusesStrings: Bool = false,
        readsNumbersFromStrings: Bool = false
    ) {
        self.value = value
        self.codingPath = codingPath
        self.counter = counter
        self.refusesStrings = refusesStrings
        self.readsNumbersFromStrings = readsNumbersFromStrings
    }

    convenience init(json: String, refusesStrings: Bool = false, readsNumbersFromStrings: Bool = false) throws {
        self.init(
            try JSONValue(parsing: json),
            refusesStrings: refusesStrings,
            readsNumbersFromStrings: readsNumbersFromStrings
        )
    }

    func child(_ value: JSONValue, _ key: any CodingKey) -> MinimalDecoder {
        MinimalDecoder(
            value,
            codingPath: codingPath + [key],
            counter: counter,
            refusesStrings: refusesStrings,
            readsNumbersFromStrings: readsNumbersFromStrings
        )
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        counter.failures += 1
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "mismatch"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(Keyed(decoder: self, object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let array) = value else { throw mismatch([Any].self) }
        return Unkeyed(decoder: self, array: array)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(decoder: self)
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: MinimalDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value == .null }

        func decode<T: Decodable>(_ requested: T.Type) throws -> T {
            var value = decoder.value
            if decoder.readsNumbersFromStrings, requested == Int.self || requested == Double.self,
                case .string(let string) = value, let number = Double(string)
            {
                value = .double(number)
            }
            if requested == String.self {
                if decoder.refusesStrings { throw Refusal() }
                guard case .string(let string) = value else { throw decoder.mismatch(requested) }
                return string as! T
            }
            if requested == Bool.self {
                guard case .bool(let bool) = value else { throw decoder.mismatch(requested) }
                return bool as! T
            }
            if requested == Int.self {
                guard let int = value.doubleValue.flatMap({ Int(exactly: $0) }) else {
                    throw decoder.mismatch(requested)
                }
                return int as! T
            }
            if requested == Double.self {
                guard let double = value.doubleValue else { throw decoder.mismatch(requested) }
                return double as! T
            }
            return try T(from: decoder)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: MinimalDecoder
        let object: JSONObject
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

        func value(_ key: Key) throws -> JSONValue {
            guard let value = object[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
            }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.child(value(key), key).singleValueContainer().decode(type)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type,
            forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            fatalError("MinimalDecoder has no nested containers")
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            fatalError("MinimalDecoder has no nested containers")
        }

        func superDecoder() throws -> any Decoder { fatalError("MinimalDecoder has no super decoders") }
        func superDecoder(forKey key: Key) throws -> any Decoder { fatalError("MinimalDecoder has no super decoders") }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: MinimalDecoder
        let array: [JSONValue]
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { array.count }
        var isAtEnd: Bool { currentIndex >= array.count }

        struct Index: CodingKey {
            var intValue: Int?
            var stringValue: String { "Index \(intValue ?? 0)" }
            init(_ index: Int) { intValue = index }
            init?(stringValue: String) { nil }
            init?(intValue: Int) { self.intValue = intValue }
        }

        mutating func decodeNil() throws -> Bool {
            guard array[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let value = try decoder.child(array[currentIndex], Index(currentIndex)).singleValueContainer().decode(type)
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            fatalError("MinimalDecoder has no nested containers")
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            fatalError("MinimalDecoder has no nested containers")
        }

        mutating func superDecoder() throws -> any Decoder { fatalError("MinimalDecoder has no super decoders") }
    }
}
