extension JSONValue {
    /// Options for ``JSONValue/init(parsing:options:)-(String,_)``.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: text, options: .init(maximumNestingDepth: 64))
    /// ```
    public struct ParsingOptions: Hashable, Sendable {
        /// How many levels of arrays and objects the text may nest; deeper
        /// text is refused with ``JSONParseError/Kind/nestingTooDeep(limit:)``.
        ///
        /// The default, ``defaultMaximumNestingDepth`` (512), is also the
        /// limit that writing enforces by default.
        ///
        /// A value is at most ``nestingDepthCeiling`` (1,000) levels deep,
        /// whatever this says: a larger setting is lowered to it, and deeper
        /// text is refused. Swift frees an array of arrays recursively, so a
        /// much deeper value would overflow the stack of a thread with
        /// 512 KiB (the default for secondary threads on Apple platforms)
        /// when the last reference to it goes away.
        ///
        /// ```swift
        /// let options = JSONValue.ParsingOptions(maximumNestingDepth: 1_000_000)
        /// options.maximumNestingDepth  // 1000
        /// ```
        public var maximumNestingDepth: Int {
            get { _maximumNestingDepth }
            set { _maximumNestingDepth = min(newValue, Self.nestingDepthCeiling) }
        }

        private var _maximumNestingDepth: Int

        /// Whether to read JSON5 (json5.org) as well as JSON: comments,
        /// trailing commas, single-quoted strings and their escapes, keys
        /// that are identifiers, hexadecimal numbers, `Infinity` and `NaN`,
        /// leading and trailing decimal points, an explicit `+`, and more
        /// whitespace characters. `false` by default, and named like
        /// `JSONDecoder`'s property.
        ///
        /// ```swift
        /// let config = try JSONValue(parsing: "{port: 8080, hosts: ['a', 'b',], // local\n}",
        ///                            options: .init(allowsJSON5: true))
        /// ```
        ///
        /// `Infinity` and `NaN` become non-finite ``JSONValue/double(_:)``
        /// values, which JSON text cannot hold, so writing such a value
        /// throws. A `\u` escape of half a surrogate pair is an error, as in
        /// JSON, because a Swift string cannot hold it.
        public var allowsJSON5: Bool

        /// Whether a number that neither `Int` nor `Double` holds exactly
        /// becomes the nearest `Double` (`true`, the default, as in
        /// `JSONSerialization` and JavaScript), or is refused with
        /// ``JSONParseError/Kind/inexactNumber(_:)``, located at the number's
        /// first character (`false`).
        ///
        /// A number is held exactly when it is an integer in `Int`'s range,
        /// or when the nearest `Double`'s shortest decimal digits, the ones
        /// that writing gives, are the number's own: the same significant
        /// digits and the same power of ten once trailing zeros are dropped.
        /// So `0.1`, `1.50`, `1e300` and `100000000000000000000` are exact,
        /// and `123456789012345678901234567890` (which writes back as
        /// `1.2345678901234568e+29`), `18446744073709551617`,
        /// `0.30000000000000000001` and `1e-400` (which becomes `0`) are not.
        /// Where `Int` has 32 bits, `3000000000` is exact, as a `Double`.
        /// JSON5's hexadecimal integers follow the same rule, and its
        /// `Infinity` and `NaN` are exact.
        ///
        /// ```swift
        /// let strict = JSONValue.ParsingOptions(allowsInexactNumbers: false)
        /// let price = try JSONValue(parsing: #"{"price": 19.99}"#, options: strict)   // kept
        /// do {
        ///     _ = try JSONValue(parsing: #"{"id": 123456789012345678901234567890}"#, options: strict)
        /// } catch let error as JSONParseError {
        ///     print(error.location.column)   // 8, where the number starts
        /// }
        /// ```
        ///
        /// A number too large for a `Double` (`1e400`) is always an error,
        /// ``JSONParseError/Kind/numberOutOfRange``. Checking costs nothing
        /// while the option is `true`, and little when it is `false`: only
        /// numbers of more than 15 significant digits, or beyond the normal
        /// range of `Double`, need their digits compared.
        public var allowsInexactNumbers: Bool

        /// How deep text may nest unless the options say otherwise: 512
        /// levels of arrays and objects, as in `JSONDecoder`.
        ///
        /// Writing (``WritingOptions/defaultMaximumNestingDepth``) and
        /// ``JSONValue/init(any:allowsInexactNumbers:)`` use the same limit, so that whatever was
        /// read can be written.
        public static let defaultMaximumNestingDepth = 512

        /// The deepest nesting that ``maximumNestingDepth`` can allow: 1,000
        /// levels.
        ///
        /// A value this deep is safe to parse, compare, write and free on a
        /// thread with a 512 KiB stack, in debug builds too, with room to
        /// spare.
        public static let nestingDepthCeiling = 1_000

        /// Creates options.
        ///
        /// - Parameters:
        ///   - maximumNestingDepth: How many levels of arrays and objects the
        ///     text may nest.
        ///   - allowsJSON5: Whether to read JSON5 as well as JSON.
        ///   - allowsInexactNumbers: Whether a number that neither `Int` nor
        ///     `Double` holds exactly becomes the nearest `Double` (the
        ///     default) rather than an error; see ``allowsInexactNumbers``.
        public init(
            maximumNestingDepth: Int = ParsingOptions.defaultMaximumNestingDepth,
            allowsJSON5: Bool = false,
            allowsInexactNumbers: Bool = true
        ) {
            self._maximumNestingDepth = min(maximumNestingDepth, Self.nestingDepthCeiling)
            self.allowsJSON5 = allowsJSON5
            self.allowsInexactNumbers = allowsInexactNumbers
        }
    }
}
