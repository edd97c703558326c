/// The unkeyed container of ``_TapeDecoder``, over an array's entries.
///
/// Three words, so that it fits an existential's inline buffer: the number
/// of elements is read from the tape.
struct _TapeUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: _TapeDecoder
    private(set) var currentIndex = 0
    /// The entry of the element at `currentIndex`.
    private var currentEntry: Int

    init(decoder: _TapeDecoder) {
        self.decoder = decoder
        currentEntry = decoder.entry &+ 1
    }

    private var elementCount: Int { decoder.tape.count(decoder.entry) }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var count: Int? { elementCount }

    var isAtEnd: Bool { currentIndex >= elementCount }

    private var indexKey: _AnyCodingKey { _AnyCodingKey(index: currentIndex) }

    /// The current element's entry; the index moves on only after a
    /// successful decode.
    private func current(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, decoder.context(indexKey, "Unkeyed container is at end."))
        }
        return currentEntry
    }

    private mutating func advance() {
        currentEntry = decoder.tape.next(currentEntry)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard try decoder.tape.kind(current(Any?.self)) == .null else { return false }
        advance()
        return true
    }

    private mutating func next<T>(
        _ type: T.Type,
        _ unwrap: (_TapeDecoder, Int, _TapeDecoder.Key) throws -> T
    ) throws -> T {
        let index = currentIndex
        let value = try unwrap(decoder, current(type), { _AnyCodingKey(index: index) })
        advance()
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try next(type) { try $0.unwrapBool($1, key: $2) }
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try next(type) { try $0.unwrapString($1, key: $2) }
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        try next(type) { try $0.unwrapFloatingPoint($1, as: type, key: $2) }
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        try next(type) { try $0.unwrapFloatingPoint($1, as: type, key: $2) }
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try next(type) { try $0.unwrapInteger($1, as: type, key: $2) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        return try next(type) { try $0.unwrap($1, as: type, key: $2, index: index) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.child($1, key: $2()!).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.child($1, key: $2()!).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { $0.child($1, key: $2()!) }
    }
}
