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

    /// Creates an integer value from a `UInt64`, or throws if ``int(_:)``
    /// cannot hold it.
    ///
    /// ```swift
    /// let small: UInt64 = 5
    /// try JSONValue(small)          // .int(5)
    /// try JSONValue(UInt64.max)     // throws JSONBridgingError, inexactNumber("18446744073709551615")
    /// ```
    ///
    /// Where `Int` has 64 bits, every other standard integer type of at most
    /// 64 bits converts without `try`, as a
    /// ``JSONValueConvertible`` value, because `Int` holds all of its
    /// values. A `UInt64` beyond `Int.max` has no exact ``JSONValue``: the
    /// integers are `Int`s, and a ``double(_:)`` rounds integers beyond 2⁵³.
    /// Rounding it would lose the value without a word, and trapping, as
    /// `Int(_:)` does, would crash on data a program does not control, so
    /// this initializer throws, as ``init(any:allowsInexactNumbers:)`` and ``JSONValueEncoder``
    /// refuse the same numbers. To get `nil` instead of an error, use
    /// ``init(exactly:)-(BinaryInteger)``.
    ///
    /// - Parameter value: The integer.
    /// - Throws: ``JSONBridgingError`` with
    ///   ``JSONBridgingError/Kind/inexactNumber(_:)`` for a value beyond
    ///   `Int.max`.
    public init(_ value: UInt64) throws(JSONBridgingError) {
        self = try JSONValue(_refusingInexact: value)
    }

    /// Creates an integer value from a `UInt`, or throws if ``int(_:)``
    /// cannot hold it, as ``init(_:)-(UInt64)`` does.
    ///
    /// ```swift
    /// try JSONValue(UInt(5))        // .int(5)
    /// try JSONValue(UInt.max)       // throws JSONBridgingError where Int has 64 bits
    /// ```
    ///
    /// - Parameter value: The integer.
    /// - Throws: ``JSONBridgingError`` with
    ///   ``JSONBridgingError/Kind/inexactNumber(_:)`` for a value beyond
    ///   `Int.max`.
    public init(_ value: UInt) throws(JSONBridgingError) {
        self = try JSONValue(_refusingInexact: value)
    }

    #if !_pointerBitWidth(_64)
    /// Creates an integer value from an `Int64` where `Int` has 32 bits, or
    /// throws if neither ``int(_:)`` nor an exact ``double(_:)`` can hold it,
    /// as ``init(_:)-(UInt64)`` does. Where `Int` has 64 bits, `Int64`
    /// converts without `try`.
    ///
    /// - Parameter value: The integer.
    /// - Throws: ``JSONBridgingError`` with
    ///   ``JSONBridgingError/Kind/inexactNumber(_:)`` for a value beyond 2⁵³.
    public init(_ value: Int64) throws(JSONBridgingError) {
        self = try JSONValue(_refusingInexact: value)
    }

    /// Creates an integer value from a `UInt32` where `Int` has 32 bits: an
    /// ``int(_:)`` up to `Int.max`, and the exact ``double(_:)`` beyond.
    /// Where `Int` has 64 bits, `UInt32` converts without `try`.
    ///
    /// - Parameter value: The integer.
    /// - Throws: Never in practice: every `UInt32` is an exact `Double`. The
    ///   signature matches ``init(_:)-(Int64)``.
    public init(_ value: UInt32) throws(JSONBridgingError) {
        self = try JSONValue(_refusingInexact: value)
    }
    #endif

    /// The value that ``init(any:allowsInexactNumbers:)`` makes of an integer: an ``int(_:)`` if
    /// it fits (or, where `Int` has 32 bits, the exact ``double(_:)`` up to
    /// 2⁵³), or an ``JSONBridgingError/Kind/inexactNumber(_:)`` error at the
    /// root.
    private init(_refusingInexact value: some BinaryInteger) throws(JSONBridgingError) {
        guard let number = JSONValue(_exactInteger: value) else {
            throw JSONBridgingError(.inexactNumber("\(value)"), at: .root)
        }
        self = number
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
    /// ``init(_:)-(UInt64)`` throws an error that says why instead.
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
