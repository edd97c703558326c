#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The standard library's generic containers, which the probe reads by their
// element types instead of running their `init(from:)`: an empty array needs
// no element, so a type that contains itself through an array ends, and the
// element's shape is recorded once.

/// What the containers below have in common, so that a type that is none
/// of them is told by looking up one conformance instead of three: the
/// first lookup of a conformance that a type lacks reads every conformance
/// in the process, which costs more than all the runs of a small type.
protocol _ProbeContainer {}

extension Optional: _ProbeContainer {}
extension Array: _ProbeContainer {}
extension ContiguousArray: _ProbeContainer {}
extension Set: _ProbeContainer {}
extension Dictionary: _ProbeContainer {}

/// `Optional<Wrapped>`, seen through its wrapped type.
protocol _ProbeOptional: _ProbeContainer {
    static var wrappedType: any Decodable.Type { get }
    static var absent: Self { get }
    static func wrapping(_ wrapped: Any) -> Self
}

extension Optional: _ProbeOptional where Wrapped: Decodable {
    static var wrappedType: any Decodable.Type { Wrapped.self }
    static var absent: Self { nil }
    static func wrapping(_ wrapped: Any) -> Self { .some(wrapped as! Wrapped) }
}

/// An array-like collection decoded from an unkeyed container in a loop.
protocol _ProbeSequence: _ProbeContainer {
    static var elementType: any Decodable.Type { get }
    static func make(_ elements: [Any]) -> Self
}

extension Array: _ProbeSequence where Element: Decodable {
    static var elementType: any Decodable.Type { Element.self }
    static func make(_ elements: [Any]) -> Self { elements.map { $0 as! Element } }
}

extension ContiguousArray: _ProbeSequence where Element: Decodable {
    static var elementType: any Decodable.Type { Element.self }
    static func make(_ elements: [Any]) -> Self { ContiguousArray(elements.map { $0 as! Element }) }
}

extension Set: _ProbeSequence where Element: Decodable {
    static var elementType: any Decodable.Type { Element.self }
    static func make(_ elements: [Any]) -> Self { Set(elements.map { $0 as! Element }) }
}

/// A dictionary, seen through its key and value types.
protocol _ProbeDictionary: _ProbeContainer {
    static var keyType: any Decodable.Type { get }
    static var valueType: any Decodable.Type { get }
    static func make(_ pairs: [(key: Any, value: Any)]) -> Self
}

extension Dictionary: _ProbeDictionary where Key: Decodable, Value: Decodable {
    static var keyType: any Decodable.Type { Key.self }
    static var valueType: any Decodable.Type { Value.self }
    static func make(_ pairs: [(key: Any, value: Any)]) -> Self {
        var result: Self = [:]
        for pair in pairs { result[pair.key as! Key] = (pair.value as! Value) }
        return result
    }
}

/// Opens `type` to call `body` with it as a generic `Decodable` type.
func _openDecodable<R>(_ type: any Decodable.Type, _ body: (any Decodable.Type) throws -> R) rethrows -> R {
    try body(type)
}

/// The cases of an enumeration that is `CaseIterable`, as values of `Any`.
func _allCases(of type: any CaseIterable.Type) -> [Any] {
    func cases<C: CaseIterable>(_ type: C.Type) -> [Any] { type.allCases.map { $0 } }
    return cases(type)
}

/// A raw value as JSON, if it is a JSON scalar.
func _jsonRawValue(of value: Any) -> JSONValue? {
    guard let raw = (value as? any RawRepresentable)?.rawValue else { return nil }
    switch raw {
    case let string as String: return .string(string)
    case let character as Character: return .string(String(character))
    case let bool as Bool: return .bool(bool)
    case let int as Int: return .int(int)
    case let double as Double: return .double(double)
    case let float as Float: return .double(Double(float))
    case let integer as any BinaryInteger:
        guard let int = Int(exactly: integer) else { return nil }
        return .int(int)
    default: return nil
    }
}

/// Decodes a type from one JSON scalar, through a single value container
/// only: to see whether a type is an enumeration decoded from its raw value,
/// and which raw values it accepts.
struct _RawValueDecoder: Decoder {
    /// Thrown when the type asks for anything but one scalar.
    struct NotRaw: Error {}

    let value: JSONValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw NotRaw()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NotRaw() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Container(value: value) }

    struct Container: SingleValueDecodingContainer {
        let value: JSONValue
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { value.isNull }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let result: Any?
            switch value {
            case .string(let string):
                result = T.self == String.self ? string : T.self == Character.self ? string.first : nil
            case .int(let int):
                if let integer = T.self as? any FixedWidthInteger.Type {
                    result = integer.init(exactly: int)
                } else if T.self == Double.self {
                    result = Double(int)
                } else if T.self == Float.self {
                    result = Float(int)
                } else {
                    result = nil
                }
            case .double(let double):
                result = T.self == Double.self ? double : T.self == Float.self ? Float(double) : nil
            case .bool(let bool):
                result = T.self == Bool.self ? bool : nil
            default:
                result = nil
            }
            guard let typed = result as? T else {
                throw DecodingError.typeMismatch(
                    T.self, DecodingError.Context(codingPath: [], debugDescription: "Not a \(T.self)."))
            }
            return typed
        }

        func decode(_ type: Bool.Type) throws -> Bool { try decode(type, 0) }
        func decode(_ type: String.Type) throws -> String { try decode(type, 0) }
        func decode(_ type: Double.Type) throws -> Double { try decode(type, 0) }
        func decode(_ type: Float.Type) throws -> Float { try decode(type, 0) }
        func decode(_ type: Int.Type) throws -> Int { try decode(type, 0) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decode(type, 0) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decode(type, 0) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decode(type, 0) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decode(type, 0) }
        func decode(_ type: UInt.Type) throws -> UInt { try decode(type, 0) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(type, 0) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(type, 0) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(type, 0) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(type, 0) }

        private func decode<T: Decodable>(_ type: T.Type, _: Int) throws -> T {
            try decode(type)
        }
    }
}
