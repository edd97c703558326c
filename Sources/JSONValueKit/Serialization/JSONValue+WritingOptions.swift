extension JSONValue {
    /// Options for writing JSON text with ``JSONValue/jsonString(options:maximumNestingDepth:)``
    /// and ``JSONValue/jsonData(options:maximumNestingDepth:)``.
    ///
    /// The names and meanings are those of `JSONEncoder.OutputFormatting`:
    ///
    /// ```swift
    /// let value: JSONValue = ["b": 1, "a": "x/y"]
    /// try value.jsonString()                                    // {"b":1,"a":"x\/y"} (the members' order)
    /// try value.jsonString(options: [.sortedKeys, .withoutEscapingSlashes])  // {"a":"x/y","b":1}
    /// ```
    public struct WritingOptions: OptionSet, Hashable, Sendable {
        /// The raw bits of the options.
        public let rawValue: UInt

        /// Creates options from their raw bits.
        ///
        /// - Parameter rawValue: The raw bits of the options.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// How deep a value may nest when written unless the call says
        /// otherwise: 512 levels, as for parsing
        /// (``ParsingOptions/defaultMaximumNestingDepth``). Writing takes the
        /// limit as a parameter beside the options, because these options
        /// are flags, like `JSONEncoder.OutputFormatting`.
        ///
        /// ```swift
        /// try value.jsonData(options: .sortedKeys, maximumNestingDepth: 64)
        /// ```
        public static let defaultMaximumNestingDepth = ParsingOptions.defaultMaximumNestingDepth

        /// Writes with line breaks and two-space indentation, and `" : "`
        /// between a key and its value, as `JSONEncoder` does. Empty arrays and
        /// objects are written `[]` and `{}`.
        public static let prettyPrinted = WritingOptions(rawValue: 1 << 0)

        /// Writes object members ordered by the UTF-8 bytes of their keys, so
        /// that equal values always produce the same text whatever their
        /// members' order. Without it, members are written in their order
        /// (see ``JSONObject``).
        public static let sortedKeys = WritingOptions(rawValue: 1 << 1)

        /// Writes `/` as is instead of the default `\/`.
        public static let withoutEscapingSlashes = WritingOptions(rawValue: 1 << 2)
    }
}
