/// The single-value container of ``_TapeDecoder``.
struct _TapeSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: _TapeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    private var entry: Int { decoder.entry }

    func decodeNil() -> Bool { decoder.tape.kind(entry) == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try decoder.unwrapBool(entry, key: { nil }) }

    func decode(_ type: String.Type) throws -> String { try decoder.unwrapString(entry, key: { nil }) }

    func decode(_ type: Double.Type) throws -> Double { try decoder.unwrapFloatingPoint(entry, as: type, key: { nil }) }

    func decode(_ type: Float.Type) throws -> Float { try decoder.unwrapFloatingPoint(entry, as: type, key: { nil }) }

    func decode(_ type: Int.Type) throws -> Int { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode(_ type: UInt.Type) throws -> UInt { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.unwrapInteger(entry, as: type, key: { nil }) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unwrap(entry, as: type, key: { nil }) }
}
