import Foundation

extension JSONValue {
    /// Creates a value from a Swift or Foundation value, such as the result of
    /// `JSONSerialization.jsonObject(with:)` or a `[String: Any]` built in code.
    ///
    /// ```swift
    /// let object = try JSONSerialization.jsonObject(with: data)
    /// let value = try JSONValue(any: object)
    ///
    /// let ext: [String: Any] = ["intExt": 456, "flag": true, "tags": ["a", "b"]]
    /// let value2 = try JSONValue(any: ext)   // ["intExt": 456, "flag": true, ...]
    /// ```
    ///
    /// Accepted, at any depth:
    ///
    /// | Input | Result |
    /// | --- | --- |
    /// | `NSNull`, a `nil` optional | ``null`` |
    /// | `Bool`, a Boolean `NSNumber` | ``bool(_:)`` |
    /// | every integer type, an integer `NSNumber` | ``int(_:)``, or ``double(_:)`` beyond `Int` |
    /// | `Double`, `Float`, a floating-point `NSNumber` | ``double(_:)`` |
    /// | `Decimal`, `NSDecimalNumber` | ``int(_:)`` if an integer that fits, otherwise the nearest ``double(_:)`` |
    /// | `String`, `Substring`, `NSString` | ``string(_:)`` |
    /// | `[Any]`, `NSArray` | ``array(_:)`` |
    /// | `[String: Any]`, `NSDictionary` with string keys | ``object(_:)`` |
    /// | `JSONValue` | itself |
    ///
    /// Booleans are recognized by their type, never by asking an `NSNumber`
    /// whether it converts to `Bool`: `JSONSerialization` returns `NSNumber`
    /// for `0`, `1` and `true` alike, and only the last becomes a Boolean,
    /// on Linux and on Apple platforms. A `Float` becomes the `Double` whose
    /// shortest decimal form is the `Float`'s (`Float(0.1)` becomes `0.1`), as
    /// `JSONEncoder` writes it.
    ///
    /// - Parameter value: The value to convert.
    /// - Throws: ``JSONBridgingError`` naming the first value that has no JSON
    ///   counterpart (a `Date`, `Data`, `URL`, a non-string dictionary key, an
    ///   infinite or NaN number) and its path, such as `$.ext.when`.
    /// - Complexity: O(*n*) in the number of values nested in `value`.
    public init(any value: Any) throws {
        do {
            self = try _AnyBridge.value(from: value)
        } catch {
            throw error.publicError
        }
    }

    /// The value as the Foundation types that `JSONSerialization` accepts.
    ///
    /// Objects become `[String: Any]`, arrays `[Any]`, and scalars `String`,
    /// `Int`, `Double`, `Bool` or `NSNull`. Converting back with
    /// ``init(any:)`` gives the same value, case for case:
    ///
    /// ```swift
    /// let value: JSONValue = ["a": 1, "b": 1.0, "c": true, "d": nil]
    /// let data = try JSONSerialization.data(withJSONObject: value.anyValue)
    /// try JSONValue(any: value.anyValue) == value   // true, and .int stays .int
    /// ```
    public var anyValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .array(let elements): return elements.map(\.anyValue)
        case .object(let members): return members.mapValues(\.anyValue)
        }
    }
}

/// The conversion behind `JSONValue(any:)`.
enum _AnyBridge {
    /// A failure on its way up; each level adds its path component.
    struct Failure: _PathCollectingFailure {
        var reason: JSONBridgingError.Reason
        /// Innermost component first.
        var reversedPath: [_PathComponent] = []

        var publicError: JSONBridgingError {
            JSONBridgingError(reason: reason, path: _jsonPath(reversed: reversedPath))
        }

    }

    /// The class of Boolean `NSNumber`s (`__NSCFBoolean` on Apple platforms
    /// and on Linux), so that Booleans are recognized by type, not by value.
    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    static func value(from value: Any) throws(Failure) -> JSONValue {
        if let optional = value as? any _OptionalProtocol {
            guard let wrapped = optional._wrappedAny else { return .null }
            return try self.value(from: wrapped)
        }
        // Test for Foundation classes by their dynamic type before any `as?`
        // cast to a Swift value type: `as? Bool` succeeds for `NSNumber(1)`.
        let dynamicType = type(of: value)
        if dynamicType is NSNumber.Type {
            return try number(value as! NSNumber)
        }
        switch value {
        case let value as JSONValue:
            return value
        case is NSNull:
            return .null
        case let value as Bool:
            return .bool(value)
        case let value as String:
            return .string(value)
        case let value as Substring:
            return .string(String(value))
        case let value as Double:
            return try double(value)
        case let value as Float:
            guard value.isFinite else { throw Failure(reason: .nonFiniteNumber) }
            return .double(JSONValue._double(shortestTextOf: value))
        case let value as any BinaryInteger:
            if let integer = Int(exactly: value) { return .int(integer) }
            return .double(Double(value))
        case let value as any BinaryFloatingPoint:
            return try double(Double(value))
        case let value as Decimal:
            return try decimal(value)
        case let elements as [Any]:
            var result: [JSONValue] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                do {
                    result.append(try self.value(from: element))
                } catch {
                    throw error.adding(.index(index))
                }
            }
            return .array(result)
        case let members as [String: Any]:
            var result: [String: JSONValue] = [:]
            result.reserveCapacity(members.count)
            for (key, member) in members {
                do {
                    result[key] = try self.value(from: member)
                } catch {
                    throw error.adding(.key(key))
                }
            }
            return .object(result)
        case let members as [AnyHashable: Any]:
            var result: [String: JSONValue] = [:]
            result.reserveCapacity(members.count)
            for (key, member) in members {
                guard let key = key.base as? String else {
                    throw Failure(reason: .nonStringKey(_typeName(type(of: key.base), qualified: false)))
                }
                do {
                    result[key] = try self.value(from: member)
                } catch {
                    throw error.adding(.key(key))
                }
            }
            return .object(result)
        default:
            throw Failure(reason: .unsupportedType(_typeName(dynamicType, qualified: false)))
        }
    }

    private static func number(_ number: NSNumber) throws(Failure) -> JSONValue {
        if ObjectIdentifier(type(of: number)) == booleanNumberClass {
            return .bool(number.boolValue)
        }
        if let decimalNumber = number as? NSDecimalNumber {
            return try decimal(decimalNumber.decimalValue)
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            return try double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            let unsigned = number.uint64Value
            if let integer = Int(exactly: unsigned) { return .int(integer) }
            return .double(Double(unsigned))
        default:
            return .int(Int(number.int64Value))
        }
    }

    private static func double(_ value: Double) throws(Failure) -> JSONValue {
        guard value.isFinite else { throw Failure(reason: .nonFiniteNumber) }
        return .double(value)
    }

    private static func decimal(_ value: Decimal) throws(Failure) -> JSONValue {
        guard let converted = JSONValue(_exactly: value) else { throw Failure(reason: .nonFiniteNumber) }
        return converted
    }
}

/// Lets `JSONValue(any:)` see through an optional stored in an `Any`.
protocol _OptionalProtocol {
    var _wrappedAny: Any? { get }
}

extension Optional: _OptionalProtocol {
    var _wrappedAny: Any? { self.map { $0 as Any } }
}
