extension JSONValue {
    /// Options for writing JSON text with ``JSONValue/jsonString(options:maximumNestingDepth:)``
    /// and ``JSONValue/jsonData(options:maximumNestingDepth:)``.
    ///
    /// The names and meanings are those of `JSONEncoder.OutputFormatting`:
    ///
    /// ```swift
    /// let value: JSONValue = ["b": 1, "a": "x/y"]
    /// try value.jsonString()                                    // {"b":1,"a":"x\/y"} (any key order)
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

        /// Writes with line breaks and two-space indentation, and `" : "`
        /// between a key and its value, as `JSONEncoder` does. Empty arrays and
        /// objects are written `[]` and `{}`.
        public static let prettyPrinted = WritingOptions(rawValue: 1 << 0)

        /// Writes object members ordered by the UTF-8 bytes of their keys, so
        /// that equal values always produce the same text.
        public static let sortedKeys = WritingOptions(rawValue: 1 << 1)

        /// Writes `/` as is instead of the default `\/`.
        public static let withoutEscapingSlashes = WritingOptions(rawValue: 1 << 2)
    }
}
