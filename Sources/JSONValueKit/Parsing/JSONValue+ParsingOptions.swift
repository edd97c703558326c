extension JSONValue {
    /// Options for ``JSONValue/init(parsing:options:)-(String,_)``.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: text, options: .init(maximumNestingDepth: 64))
    /// ```
    public struct ParsingOptions: Hashable, Sendable {
        /// How many levels of arrays and objects the text may nest; deeper
        /// text is refused with ``JSONParseError/nestingTooDeep(limit:at:)``.
        ///
        /// The default, ``JSONValue/defaultMaximumNestingDepth`` (512), is also
        /// the limit that writing enforces.
        public var maximumNestingDepth: Int

        /// Creates options.
        ///
        /// - Parameter maximumNestingDepth: How many levels of arrays and
        ///   objects the text may nest.
        public init(maximumNestingDepth: Int = JSONValue.defaultMaximumNestingDepth) {
            self.maximumNestingDepth = maximumNestingDepth
        }
    }
}
