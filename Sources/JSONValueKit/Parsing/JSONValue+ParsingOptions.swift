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
        public var maximumNestingDepth: Int

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

        /// Creates options.
        ///
        /// - Parameters:
        ///   - maximumNestingDepth: How many levels of arrays and objects the
        ///     text may nest.
        ///   - allowsJSON5: Whether to read JSON5 as well as JSON.
        public init(maximumNestingDepth: Int = ParsingOptions.defaultMaximumNestingDepth, allowsJSON5: Bool = false) {
            self.maximumNestingDepth = maximumNestingDepth
            self.allowsJSON5 = allowsJSON5
        }
    }
}
