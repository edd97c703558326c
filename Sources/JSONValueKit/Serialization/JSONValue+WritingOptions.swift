extension JSONValue {
    /// Options for writing JSON text with ``JSONValue/jsonString(options:maximumNestingDepth:)``
    /// and ``JSONValue/jsonData(options:maximumNestingDepth:)``.
    ///
    /// The names and meanings of ``prettyPrinted`` and ``sortedKeys`` are
    /// those of `JSONEncoder.OutputFormatting`. Unlike `JSONEncoder`, and like
    /// `JSON.stringify`, orjson and serde_json, the writer leaves `/` as is
    /// unless ``escapingSlashes`` asks for `\/`:
    ///
    /// ```swift
    /// let value: JSONValue = ["b": 1, "a": "x/y"]
    /// try value.jsonString()                              // {"b":1,"a":"x/y"} (the members' order)
    /// try value.jsonString(options: .sortedKeys)          // {"a":"x/y","b":1}
    /// try value.jsonString(options: .escapingSlashes)     // {"b":1,"a":"x\/y"}
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

        /// Has no effect: `/` is written as is by default.
        ///
        /// Kept so that code written for `JSONEncoder.OutputFormatting`,
        /// which escapes `/` unless told otherwise, compiles unchanged and
        /// gives the same text. When both are given, ``escapingSlashes``
        /// wins.
        public static let withoutEscapingSlashes = WritingOptions(rawValue: 1 << 2)

        /// Writes `/` as `\/`, which JSON allows but does not require.
        ///
        /// Use it for JSON embedded in an HTML `<script>` element, where an
        /// unescaped `</script>` inside a string would end the element:
        ///
        /// ```swift
        /// let value: JSONValue = ["html": "</script>"]
        /// try value.jsonString(options: .escapingSlashes)   // {"html":"<\/script>"}
        /// ```
        public static let escapingSlashes = WritingOptions(rawValue: 1 << 3)
    }
}

extension JSONValue.WritingOptions: CustomStringConvertible {
    /// The options as the array literal that creates them, in the order in
    /// which they are declared.
    ///
    /// ```swift
    /// print([.sortedKeys, .prettyPrinted] as JSONValue.WritingOptions)   // [.prettyPrinted, .sortedKeys]
    /// ```
    public var description: String {
        _optionSetDescription(
            rawValue,
            typeName: "WritingOptions",
            names: [
                Self.prettyPrinted.rawValue: "prettyPrinted",
                Self.sortedKeys.rawValue: "sortedKeys",
                Self.withoutEscapingSlashes.rawValue: "withoutEscapingSlashes",
                Self.escapingSlashes.rawValue: "escapingSlashes",
            ]
        )
    }
}
