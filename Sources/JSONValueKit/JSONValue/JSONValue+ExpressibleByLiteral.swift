extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an object from a dictionary literal.
    ///
    /// ```swift
    /// let value: JSONValue = ["name": "Ada", "age": 36]
    /// ```
    ///
    /// If the literal repeats a key, the last value wins, as it does when
    /// parsing JSON text.
    ///
    /// - Parameter elements: The key-value pairs of the object.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(keys: elements.map { $0.0 }, values: elements.map { $0.1 }))
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an array from an array literal.
    ///
    /// ```swift
    /// let value: JSONValue = [1, "two", 3.0, true, nil]
    /// ```
    ///
    /// - Parameter elements: The elements of the array.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a string from a string literal.
    ///
    /// - Parameter value: The string.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates an ``int(_:)`` from an integer literal.
    ///
    /// - Parameter value: The integer.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a ``double(_:)`` from a floating-point literal.
    ///
    /// A literal such as `1.0` stays a double; it is equal to `.int(1)` but
    /// keeps its case.
    ///
    /// - Parameter value: The number.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates a Boolean from a Boolean literal.
    ///
    /// - Parameter value: The Boolean.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates ``null`` from the `nil` literal.
    ///
    /// In a context that expects `JSONValue?`, `nil` means "no value" rather
    /// than JSON `null`; write `.null` or `JSONValue.null` there.
    ///
    /// - Parameter nilLiteral: The `nil` literal.
    public init(nilLiteral: ()) {
        self = .null
    }
}
