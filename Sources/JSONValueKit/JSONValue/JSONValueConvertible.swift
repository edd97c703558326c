/// A Swift value that has one exact ``JSONValue``: strings, Booleans, the
/// integer types that `Int` always holds, floating-point numbers, and
/// optionals, arrays and string-keyed dictionaries of them.
///
/// It lets values held in variables become a ``JSONValue`` without the
/// throwing ``JSONValue/init(any:allowsInexactNumbers:)``:
///
/// ```swift
/// let tags: [String] = ["a", "b"]
/// let counts: [String: Int] = ["x": 1]
/// let nickname: String? = nil
/// let id: Int64 = 42
///
/// let user: JSONValue = [
///     "tags": JSONValue(tags),          // ["a", "b"]
///     "counts": JSONValue(counts),      // ["x": 1]
///     "nickname": JSONValue(nickname),  // null
///     "id": JSONValue(id),              // 42
/// ]
/// ```
///
/// `UInt64` and `UInt` are not convertible this way, because `Int` does not
/// hold all their values: `try JSONValue(value)`
/// (``JSONValue/init(_:)-(UInt64)``) throws for a value beyond `Int`'s
/// range, and ``JSONValue/init(exactly:)-(BinaryInteger)`` returns `nil` for it. `Int64` and
/// `UInt32` are convertible where `Int` has 64 bits; where it has 32 bits
/// they convert with `try` in the same way.
public protocol JSONValueConvertible {
    /// The value as a ``JSONValue``.
    var jsonValue: JSONValue { get }
}

extension JSONValue: JSONValueConvertible {
    /// The value itself.
    public var jsonValue: JSONValue { self }
}

extension String: JSONValueConvertible {
    /// The string as a ``JSONValue/string(_:)``.
    public var jsonValue: JSONValue { .string(self) }
}

extension Substring: JSONValueConvertible {
    /// The substring as a ``JSONValue/string(_:)``.
    public var jsonValue: JSONValue { .string(String(self)) }
}

extension Bool: JSONValueConvertible {
    /// The Boolean as a ``JSONValue/bool(_:)``.
    public var jsonValue: JSONValue { .bool(self) }
}

extension Int: JSONValueConvertible {
    /// The integer as a ``JSONValue/int(_:)``.
    public var jsonValue: JSONValue { .int(self) }
}

extension Int8: JSONValueConvertible {
    /// The integer as a ``JSONValue/int(_:)``.
    public var jsonValue: JSONValue { .int(Int(self)) }
}

extension Int16: JSONValueConvertible {
    /// The integer as a ``JSONValue/int(_:)``.
    public var jsonValue: JSONValue { .int(Int(self)) }
}

extension Int32: JSONValueConvertible {
    /// The integer as a ``JSONValue/int(_:)``.
    public var jsonValue: JSONValue { .int(Int(self)) }
}

extension UInt8: JSONValueConvertible {
    /// The integer as a ``JSONValue/int(_:)``.
    public var jsonValue: JSONValue { .int(Int(self)) }
}

extension UInt16: JSONValueConvertible {
    /// The integer as a ``JSONValue/int(_:)``.
    public var jsonValue: JSONValue { .int(Int(self)) }
}

#if _pointerBitWidth(_64)
extension Int64: JSONValueConvertible {
    /// The integer as a ``JSONValue/int(_:)``.
    public var jsonValue: JSONValue { .int(Int(self)) }
}

extension UInt32: JSONValueConvertible {
    /// The integer as a ``JSONValue/int(_:)``.
    public var jsonValue: JSONValue { .int(Int(self)) }
}
#endif

extension Double: JSONValueConvertible {
    /// The number as a ``JSONValue/double(_:)``.
    public var jsonValue: JSONValue { .double(self) }
}

extension Float: JSONValueConvertible {
    /// The `Double` whose shortest text is the `Float`'s (`Float(0.1)`
    /// becomes `0.1`), as ``JSONValue/init(_:)-(Float)`` makes it.
    public var jsonValue: JSONValue { JSONValue(self) }
}

extension Optional: JSONValueConvertible where Wrapped: JSONValueConvertible {
    /// The wrapped value's ``JSONValue``, or ``JSONValue/null`` for `nil`.
    public var jsonValue: JSONValue { self?.jsonValue ?? .null }
}

extension Array: JSONValueConvertible where Element: JSONValueConvertible {
    /// The elements as a ``JSONValue/array(_:)``, in order.
    public var jsonValue: JSONValue { .array(map { $0.jsonValue }) }
}

extension Dictionary: JSONValueConvertible where Key == String, Value: JSONValueConvertible {
    /// The entries as a ``JSONValue/object(_:)``, with their names sorted.
    public var jsonValue: JSONValue { .object(JSONObject(mapValues { $0.jsonValue })) }
}

extension JSONValue {
    /// Creates a value from a Swift value that has one exact JSON form: an
    /// array or string-keyed dictionary of them, an optional (`nil` becomes
    /// ``null``), a fixed-width integer that `Int` holds.
    ///
    /// ```swift
    /// let tags: [String] = ["a", "b"]
    /// JSONValue(tags)                      // ["a", "b"]
    /// JSONValue(["x": 1] as [String: Int]) // ["x": 1]
    /// JSONValue(Int32(7))                  // 7
    /// JSONValue(String?.none)              // null
    /// ```
    ///
    /// - Parameter value: The value to convert.
    public init(_ value: some JSONValueConvertible) {
        self = value.jsonValue
    }
}
