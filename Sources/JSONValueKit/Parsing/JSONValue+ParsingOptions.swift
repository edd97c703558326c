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

        /// How deep text may nest unless the options say otherwise: 512
        /// levels of arrays and objects, as in `JSONDecoder`.
        ///
        /// Writing (``WritingOptions/defaultMaximumNestingDepth``) and
        /// ``JSONValue/init(any:)`` use the same limit, so that whatever was
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
        public init(maximumNestingDepth: Int = ParsingOptions.defaultMaximumNestingDepth, allowsJSON5: Bool = false) {
            self._maximumNestingDepth = min(maximumNestingDepth, Self.nestingDepthCeiling)
            self.allowsJSON5 = allowsJSON5
        }
    }
}
