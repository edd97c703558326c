extension JSONValue {
    /// Creates a string value.
    ///
    /// ```swift
    /// let name = "Ada"
    /// let user: JSONValue = ["name": JSONValue(name), "greeting": "Hello, \(name)"]
    /// ```
    ///
    /// - Parameter value: The string.
    public init(_ value: String) {
        self = .string(value)
    }

    /// Creates a Boolean value.
    ///
    /// - Parameter value: The Boolean.
    public init(_ value: Bool) {
        self = .bool(value)
    }

    /// Creates an integer value.
    ///
    /// ```swift
    /// let age = 36
    /// let user: JSONValue = ["age": JSONValue(age)]
    /// ```
    ///
    /// - Parameter value: The integer.
    public init(_ value: Int) {
        self = .int(value)
    }

    /// Creates a number from a `Double`.
    ///
    /// Infinity and NaN are kept, as ``double(_:)`` keeps them, but JSON
    /// text cannot hold them: writing such a value throws
    /// ``JSONWritingError``.
    ///
    /// - Parameter value: The number.
    public init(_ value: Double) {
        self = .double(value)
    }

    /// Creates a number from a `Float`, as the shortest decimal that reads
    /// back as the same `Float` (`0.1` stays `0.1`, not
    /// `0.10000000149011612`), as `JSONEncoder` writes it.
    ///
    /// - Parameter value: The number.
    public init(_ value: Float) {
        self = .double(JSONValue._double(shortestTextOf: value))
    }

    /// Creates a number from any integer type, if a ``JSONValue`` can hold
    /// it exactly; `nil` for a `UInt64` beyond `Int.max`, for example.
    ///
    /// ```swift
    /// JSONValue(exactly: UInt8(200))   // .int(200)
    /// JSONValue(exactly: UInt64.max)   // nil
    /// ```
    ///
    /// An integer in `Int`'s range is an ``int(_:)``. Where `Int` has 32
    /// bits (watchOS on arm64_32), an integer beyond it up to 2⁵³ in
    /// magnitude is the ``double(_:)`` that holds it exactly, as parsing its
    /// text gives; beyond 2⁵³, or beyond a 64-bit `Int`, a `Double` would
    /// round it, so the result is `nil`. ``init(any:allowsInexactNumbers:)``
    /// and ``JSONValueEncoder`` accept the same integers.
    ///
    /// - Parameter value: The integer.
    public init?(exactly value: some BinaryInteger) {
        guard let number = JSONValue(_exactInteger: value) else { return nil }
        self = number
    }

    /// Creates an array value.
    ///
    /// ```swift
    /// let tags = ["a", "b"]
    /// let value = JSONValue(tags.map(JSONValue.string))   // ["a", "b"]
    /// ```
    ///
    /// - Parameter elements: The elements.
    public init(_ elements: [JSONValue]) {
        self = .array(elements)
    }

    /// Creates an object value from a Swift dictionary, with its names
    /// sorted, so that the value is the same in every process.
    ///
    /// - Parameter members: The members.
    public init(_ members: [String: JSONValue]) {
        self = .object(JSONObject(members))
    }

    /// Creates an object value.
    ///
    /// - Parameter members: The members, in order.
    public init(_ members: JSONObject) {
        self = .object(members)
    }
}

extension JSONValue: ExpressibleByStringInterpolation {
    /// Creates a string value from a string literal with interpolations.
    ///
    /// ```swift
    /// let name = "Ada"
    /// let greeting: JSONValue = "Hello, \(name)!"   // .string("Hello, Ada!")
    /// ```
    ///
    /// Interpolations work as in a `String` literal, through
    /// `DefaultStringInterpolation`.
    ///
    /// - Parameter stringInterpolation: The literal's parts.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .string(String(stringInterpolation: stringInterpolation))
    }
}
