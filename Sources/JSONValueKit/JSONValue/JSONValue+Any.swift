// Foundation's classes (`NSNumber`, `NSNull`, `NSDecimalNumber`) are bridged
// with the `FullFoundation` trait (on by default), and always on Apple
// platforms, where Foundation is part of the system (and where, unbridged, a
// Swift cast would read `NSNumber(1)` as `true`). Elsewhere, without the
// trait, this file needs only FoundationEssentials (for `Decimal`), so that
// programs do not link Foundation and ICU on its account. The same condition
// guards each part below.
#if FullFoundation || canImport(Darwin) || !canImport(FoundationEssentials)
import Foundation
#else
import FoundationEssentials
#endif

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
    /// | every integer type, an integer `NSNumber` | ``int(_:)``; beyond `Int`'s range an error (see below) |
    /// | `Double`, `Float`, a floating-point `NSNumber` | ``double(_:)`` |
    /// | `Decimal`, `NSDecimalNumber` | ``int(_:)`` if an integer that fits, otherwise the nearest ``double(_:)`` if that keeps its digits; otherwise an error |
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
    /// `JSONEncoder` writes it, and so does an `NSNumber` made from a `Float`.
    ///
    /// Numbers are never rounded silently, unless `allowsInexactNumbers`
    /// says so. By default an integer beyond `Int`'s range (`UInt64.max`) is
    /// refused, as ``JSONValueEncoder`` refuses it: a `Double` would round
    /// it. (Where `Int` has 32 bits, an integer beyond it up to 2⁵³ becomes
    /// the ``double(_:)`` that holds it exactly, as parsing its text gives.)
    /// A `Decimal` becomes the nearest `Double` only if that `Double` gives
    /// its digits back: either as its shortest text (`12.5`, `1e23`), as
    /// ``init(exactly:)-(Decimal)`` requires, or written to the `Decimal`'s
    /// own number of significant digits, at most 17 (`-65.613616999999977`,
    /// which `JSONSerialization` on Linux returns as an `NSDecimalNumber`
    /// for the text `-65.613617`). `Decimal(string: "3.14159265358979323846")`
    /// has more digits than any `Double` tells apart, and is refused with
    /// ``JSONBridgingError/Kind/inexactNumber(_:)``.
    ///
    /// With `allowsInexactNumbers: true`, such numbers become the nearest
    /// `Double` instead, as parsing their text does by default:
    ///
    /// ```swift
    /// let big: [String: Any] = ["id": UInt64.max, "amount": Decimal(string: "3.14159265358979323846")!]
    /// let rounded = try JSONValue(any: big, allowsInexactNumbers: true)
    /// // ["amount": 3.141592653589793, "id": 1.8446744073709552e+19]
    /// ```
    ///
    /// See <doc:ParsingAndWriting#Numbers> for every path's rules.
    ///
    /// `NSNumber`, `NSDecimalNumber` and `NSNull` are recognized with the
    /// package's `FullFoundation` trait, which is on by default, and always
    /// on Apple platforms. A Linux package that turns the trait off (see the
    /// README) builds without Foundation's classes, and `JSONValue(any:)`
    /// takes the Swift values above, at any depth, as before; a
    /// `JSONSerialization` result there needs the trait: an `NSNumber`,
    /// `NSDecimalNumber` or `NSNull` passed anyway is refused with
    /// ``JSONBridgingError/Kind/unsupportedType(_:)``, never read as a
    /// Boolean or a number by a Swift cast.
    ///
    /// Arrays and dictionaries may nest up to ``ParsingOptions/defaultMaximumNestingDepth``
    /// (512) levels, as parsed text may; the conversion does not recurse, so
    /// that depth is safe on a small stack, and deeper input is an error
    /// rather than a stack overflow.
    ///
    /// - Parameters:
    ///   - value: The value to convert.
    ///   - allowsInexactNumbers: Whether a number that a ``JSONValue`` cannot
    ///     hold exactly (an integer beyond `Int`, a `Decimal` with more
    ///     digits than a `Double` keeps) becomes the nearest `Double`,
    ///     rather than an error (the default).
    /// - Throws: ``JSONBridgingError`` naming the first value that has no JSON
    ///   counterpart (a `Date`, `Data`, `URL`, a non-string dictionary key, an
    ///   infinite or NaN number, a number a ``JSONValue`` would round unless
    ///   `allowsInexactNumbers` is `true`) or that nests too deep, and its
    ///   path, such as `/ext/when`.
    /// - Complexity: O(*n*) in the number of values nested in `value`.
    public init(any value: Any, allowsInexactNumbers: Bool = false) throws {
        do {
            self = try _AnyBridge.value(from: value, allowsInexactNumbers: allowsInexactNumbers)
        } catch {
            throw error.publicError
        }
    }

    /// The value as the Foundation types that `JSONSerialization` accepts.
    ///
    /// Objects become `[String: Any]`, arrays `[Any]`, and scalars `String`,
    /// `Int`, `Double`, `Bool` or `NSNull`. Converting back with
    /// ``init(any:allowsInexactNumbers:)`` gives the same value, case for case:
    ///
    /// ```swift
    /// let value: JSONValue = ["a": 1, "b": 1.0, "c": true, "d": nil]
    /// let data = try JSONSerialization.data(withJSONObject: value.anyValue)
    /// try JSONValue(any: value.anyValue) == value   // true, and .int stays .int
    /// ```
    ///
    /// A non-finite ``double(_:)``, which no JSON text can hold, is returned
    /// as the `Double` it is, and `JSONSerialization` refuses it; check with
    /// ``jsonData(options:maximumNestingDepth:)`` first if the value may hold one.
    ///
    /// ``null`` is `NSNull` with the package's `FullFoundation` trait (on by
    /// default) and on Apple platforms. Where the trait is off, which only
    /// Linux packages that do without Foundation do, there is no `NSNull`:
    /// ``null`` is a `nil` `Optional<Any>` in the `Any`, which ``init(any:allowsInexactNumbers:)``
    /// reads back as ``null``.
    ///
    /// - Complexity: O(*n*) in the number of values nested in this one; it
    ///   does not recurse, so any depth is safe on a small stack.
    public var anyValue: Any {
        _AnyBridge.anyValue(of: self)
    }
}

/// The conversion behind `JSONValue(any:)`.
enum _AnyBridge {
    /// A failure on its way up; each level adds its path component.
    struct Failure: _PathCollectingFailure {
        var reason: JSONBridgingError.Kind
        /// Innermost component first.
        var reversedPath: [_PathComponent] = []

        var publicError: JSONBridgingError {
            JSONBridgingError(reason, at: _pointer(reversed: reversedPath))
        }

    }

    #if FullFoundation || canImport(Darwin) || !canImport(FoundationEssentials)
    /// The class of Boolean `NSNumber`s (`__NSCFBoolean` on Apple platforms
    /// and on Linux), so that Booleans are recognized by type, not by value.
    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))
    #endif

    /// What one `Any` is: a finished value, or a container whose contents
    /// are still to be converted.
    private enum Node {
        case value(JSONValue)
        case array([Any])
        case object([(String, Any)])
    }

    /// An array or dictionary being converted to a `JSONValue`.
    private typealias Frame = Container<Any, JSONValue>

    /// An array or object being converted, in either direction: its keys,
    /// if it is an object, its children, and the children converted so far.
    private struct Container<Child, Result> {
        var keys: [String]?
        var children: [Child]
        var results: [Result] = []

        /// The path component of the child being converted.
        var component: _PathComponent {
            keys.map { .key($0[results.count]) } ?? .index(results.count)
        }
    }

    /// Hands `result` to the innermost open container and closes, with
    /// `close`, every container that this completes; returns the next child
    /// to convert, or `nil` once `result` is the root's.
    private static func ascend<Child, Result>(
        _ open: inout [Container<Child, Result>],
        with result: inout Result,
        close: (Container<Child, Result>) -> Result
    ) -> Child? {
        while let last = open.indices.last {
            open[last].results.append(result)
            if open[last].results.count < open[last].children.count {
                return open[last].children[open[last].results.count]
            }
            result = close(open.removeLast())
        }
        return nil
    }

    /// Converts `root` without recursion: the arrays and dictionaries being
    /// converted wait on an explicit stack, which also gives the path of a
    /// failure.
    static func value(from root: Any, allowsInexactNumbers: Bool = false) throws(Failure) -> JSONValue {
        let limit = JSONValue.ParsingOptions.defaultMaximumNestingDepth
        var frames: [Frame] = []
        var next = root
        while true {
            var result: JSONValue
            // Descend into containers until a value is finished.
            descend: while true {
                let node: Node
                do {
                    node = try classify(next, rounding: allowsInexactNumbers)
                } catch {
                    throw Failure(reason: error.reason, reversedPath: frames.reversed().map(\.component))
                }
                var frame: Frame
                switch node {
                case .value(let value):
                    result = value
                    break descend
                case .array(let elements):
                    frame = Frame(keys: nil, children: elements)
                case .object(let members):
                    frame = Frame(keys: members.map(\.0), children: members.map(\.1))
                }
                if frame.children.isEmpty {
                    result = frame.keys == nil ? .array([]) : .object([:])
                    break descend
                }
                guard frames.count < limit else {
                    throw Failure(
                        reason: .nestingTooDeep(limit: limit), reversedPath: frames.reversed().map(\.component))
                }
                frame.results.reserveCapacity(frame.children.count)
                next = frame.children[0]
                frames.append(frame)
            }
            // Ascend: hand the value to its container, and finish the
            // containers that are complete.
            let child = ascend(&frames, with: &result) { frame in
                guard let keys = frame.keys else { return .array(frame.results) }
                // The names are a dictionary's, sorted by `classify`.
                return .object(JSONObject(keys: keys, values: frame.results))
            }
            guard let child else { return result }
            next = child
        }
    }

    /// Converts a scalar, or lists a container's contents; `rounding` says
    /// whether a number a ``JSONValue`` cannot hold exactly becomes the
    /// nearest `Double` rather than an error.
    private static func classify(_ value: Any, rounding: Bool) throws(Failure) -> Node {
        if let optional = value as? any _OptionalProtocol {
            guard let wrapped = optional._wrappedAny else { return .value(.null) }
            return try classify(wrapped, rounding: rounding)
        }
        let dynamicType = type(of: value)
        #if FullFoundation || canImport(Darwin) || !canImport(FoundationEssentials)
        // Test for Foundation classes by their dynamic type before any `as?`
        // cast to a Swift value type: `as? Bool` succeeds for `NSNumber(1)`.
        if dynamicType is NSNumber.Type {
            return .value(try number(value as! NSNumber, rounding: rounding))
        }
        // By type too: on Linux, `value is NSNull` bridges a Swift array to
        // an NSArray to find out, recursively, which overflows the stack on
        // deep input and costs O(n) at every level.
        if dynamicType is NSNull.Type {
            return .value(.null)
        }
        #else
        // Without the trait the library cannot name Foundation's classes, but
        // a program that imports Foundation itself may still pass them: refuse
        // them, rather than let a Swift cast read `NSNumber(1)` as `true`.
        if let objectClass = dynamicType as? AnyClass,
            let name = _className(of: objectClass, amongQualified: foundationNumberAndNull)
        {
            throw Failure(reason: .unsupportedType(name))
        }
        #endif
        switch value {
        case let value as JSONValue:
            return .value(value)
        case let value as Bool:
            return .value(.bool(value))
        case var value as String:
            // A string from Foundation on Apple platforms is an `NSString`
            // in disguise, which would be converted again at every hash,
            // comparison and write; make it native once, here. (A native
            // string is left as it is.)
            value.makeContiguousUTF8()
            return .value(.string(value))
        case let value as Substring:
            return .value(.string(String(value)))
        case let value as Double:
            return .value(try double(value))
        case let value as Float:
            return .value(try float(value))
        case let value as any BinaryInteger:
            return .value(try integer(value, rounding: rounding))
        case let value as any BinaryFloatingPoint:
            return .value(try double(Double(value)))
        case let value as Decimal:
            return .value(try decimal(value, rounding: rounding))
        case let elements as [Any]:
            return .array(elements)
        case let members as [String: Any]:
            // A dictionary has no order: sort the names, so that the value
            // is the same in every process.
            return .object(_sortedByName(members.map { (_native($0.key), $0.value) }))
        case let members as [AnyHashable: Any]:
            var result: [(String, Any)] = []
            result.reserveCapacity(members.count)
            for (key, member) in members {
                guard let key = key.base as? String else {
                    throw Failure(reason: .nonStringKey(publicTypeName(of: key.base)))
                }
                result.append((_native(key), member))
            }
            return .object(_sortedByName(result))
        default:
            throw Failure(reason: .unsupportedType(publicTypeName(of: value)))
        }
    }

    #if !(FullFoundation || canImport(Darwin) || !canImport(FoundationEssentials))
    /// The classes that only the `FullFoundation` trait bridges, by their
    /// qualified names (any subclass is one of them too).
    private static let foundationNumberAndNull: Set<String> = [
        "Foundation.NSDecimalNumber", "Foundation.NSNumber", "Foundation.NSNull",
    ]
    #endif

    /// `string`, made native if it is a bridged `NSString` (see
    /// ``classify(_:)``).
    private static func _native(_ string: String) -> String {
        var string = string
        string.makeContiguousUTF8()
        return string
    }

    /// The name of `value`'s type as an error should give it: the public
    /// Swift type that the value bridges to (`Date`, `Data`, `URL`), not a
    /// private Foundation class (`__NSTaggedDate`, `__NSCFData`), and
    /// otherwise the type's own name (`Point`, `Set<Int>`).
    private static func publicTypeName(of value: Any) -> String {
        // `is` sees through bridging: an `NSDate` is a `Date`.
        switch value {
        case is Date: return "Date"
        case is Data: return "Data"
        case is URL: return "URL"
        case is UUID: return "UUID"
        case is Locale: return "Locale"
        case is TimeZone: return "TimeZone"
        case is Calendar: return "Calendar"
        case is DateComponents: return "DateComponents"
        case is IndexPath: return "IndexPath"
        default: break
        }
        #if canImport(ObjectiveC)
        // Another Objective-C class: its nearest public superclass, since
        // names that start with an underscore are private (`__NSCFSet`
        // becomes `NSMutableSet`).
        if var objectClass = type(of: value) as? AnyClass {
            while _typeName(objectClass, qualified: false).hasPrefix("_"),
                let superclass = _getSuperclass(objectClass)
            {
                objectClass = superclass
            }
            return _typeName(objectClass, qualified: false)
        }
        #endif
        return _typeName(type(of: value), qualified: false)
    }

    /// The value as Foundation types, built without recursion.
    static func anyValue(of root: JSONValue) -> Any {
        var frames: [Container<JSONValue, Any>] = []
        var next = root
        while true {
            var result: Any
            switch next {
            case .null: result = nullValue
            case .bool(let value): result = value
            case .int(let value): result = value
            case .double(let value): result = value
            case .string(let value): result = value
            case .array(let elements):
                guard let first = elements.first else {
                    result = [Any]()
                    break
                }
                frames.append(Container(keys: nil, children: elements))
                next = first
                continue
            case .object(let members):
                guard let first = members.first else {
                    result = [String: Any]()
                    break
                }
                frames.append(Container(keys: members.map(\.key), children: members.map(\.value)))
                next = first.value
                continue
            }
            let child = ascend(&frames, with: &result) { frame in
                guard let keys = frame.keys else { return frame.results }
                // Of two names Swift finds equal (`é`, `e\u{301}`), which a
                // Swift dictionary cannot both hold, the last counts.
                return Dictionary(zip(keys, frame.results), uniquingKeysWith: { _, last in last })
            }
            guard let child else { return result }
            next = child
        }
    }

    #if FullFoundation || canImport(Darwin) || !canImport(FoundationEssentials)
    /// What ``JSONValue/null`` becomes: `NSNull`, as `JSONSerialization`
    /// gives and takes it.
    private static var nullValue: Any { NSNull() }
    #else
    /// What ``JSONValue/null`` becomes without Foundation's `NSNull`: a `nil`
    /// optional, which `JSONValue(any:)` reads back as null.
    private static var nullValue: Any { Optional<Any>.none as Any }
    #endif

    #if FullFoundation || canImport(Darwin) || !canImport(FoundationEssentials)
    private static func number(_ number: NSNumber, rounding: Bool) throws(Failure) -> JSONValue {
        if ObjectIdentifier(type(of: number)) == booleanNumberClass {
            return .bool(number.boolValue)
        }
        if let decimalNumber = number as? NSDecimalNumber {
            return try decimal(decimalNumber.decimalValue, rounding: rounding)
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"):
            return try double(number.doubleValue)
        case UInt8(ascii: "f"):
            // Like a Float: `NSNumber(value: Float(0.1))` becomes 0.1.
            return try float(number.floatValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return try integer(number.uint64Value, rounding: rounding)
        default:
            return try integer(number.int64Value, rounding: rounding)
        }
    }
    #endif

    private static func float(_ value: Float) throws(Failure) -> JSONValue {
        guard value.isFinite else { throw Failure(reason: .nonFiniteNumber) }
        return .double(JSONValue._double(shortestTextOf: value))
    }

    /// An integer that fits `Int` as ``JSONValue/int(_:)``. Beyond 2⁵³ a
    /// ``JSONValue/double(_:)`` would round it (or decode back as a
    /// different number), so it is refused, as `JSONValueEncoder` refuses
    /// it, unless `rounding`, which makes it the nearest double; in between,
    /// which only a 32-bit `Int` leaves, it is the exact double (see
    /// `JSONValue(_exactInteger:)`).
    private static func integer(_ value: some BinaryInteger, rounding: Bool) throws(Failure) -> JSONValue {
        guard let number = JSONValue(_integer: value, rounding: rounding) else {
            throw Failure(reason: .inexactNumber("\(value)"))
        }
        return number
    }

    private static func double(_ value: Double) throws(Failure) -> JSONValue {
        guard value.isFinite else { throw Failure(reason: .nonFiniteNumber) }
        return .double(value)
    }

    private static func decimal(_ value: Decimal, rounding: Bool) throws(Failure) -> JSONValue {
        guard let converted = JSONValue(_nearest: value) else { throw Failure(reason: .nonFiniteNumber) }
        guard rounding || JSONValue._holdsExactly(value) || JSONValue._isDigitsOfNearestDouble(value) else {
            throw Failure(reason: .inexactNumber(value.description))
        }
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

/// The unqualified name of `objectClass` if it, or one of its superclasses,
/// has one of the `qualified` names (`Foundation.NSNumber` for a
/// `__NSCFBoolean`, whose superclass it is); `nil` otherwise.
func _className(of objectClass: AnyClass, amongQualified qualified: Set<String>) -> String? {
    var current: AnyClass? = objectClass
    while let candidate = current {
        if qualified.contains(_typeName(candidate, qualified: true)) { return _typeName(candidate, qualified: false) }
        current = _getSuperclass(candidate)
    }
    return nil
}
