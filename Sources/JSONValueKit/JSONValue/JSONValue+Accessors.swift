extension JSONValue {
    /// The string, if this value is a ``string(_:)``.
    ///
    /// ```swift
    /// JSONValue.string("a").stringValue  // "a"
    /// JSONValue.int(1).stringValue       // nil: numbers are not strings
    /// ```
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this value is an ``int(_:)`` or a ``double(_:)`` that
    /// holds an integer exactly representable as `Int`.
    ///
    /// ```swift
    /// JSONValue.int(3).intValue        // 3
    /// JSONValue.double(3.0).intValue   // 3
    /// JSONValue.double(3.5).intValue   // nil
    /// JSONValue.bool(true).intValue    // nil
    /// ```
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// The number as a `Double`, if this value is a ``double(_:)`` or an
    /// ``int(_:)``.
    ///
    /// An integer beyond 2⁵³ in magnitude is rounded to the nearest `Double`.
    ///
    /// ```swift
    /// JSONValue.double(2.5).doubleValue   // 2.5
    /// JSONValue.int(2).doubleValue        // 2.0
    /// JSONValue.string("2").doubleValue   // nil
    /// ```
    public var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    /// The Boolean, if this value is a ``bool(_:)``.
    ///
    /// Numbers are not Booleans: `JSONValue.int(1).boolValue` is `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this value is an ``array(_:)``.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this value is an ``object(_:)``.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this value is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension JSONValue {
    /// The kind in words, with an article, for error messages: "a string".
    var _kindDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .int, .double: return "a number"
        case .bool: return "a Boolean"
        case .null: return "null"
        }
    }
}
