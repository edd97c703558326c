extension JSONValue {
    /// Parses JSON text.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: #"{"id": 7, "ratio": 1.0, "tags": ["a"]}"#)
    /// value.id      // .int(7)
    /// value.ratio   // .double(1.0): the fraction is kept
    /// ```
    ///
    /// The parser follows RFC 8259 strictly. It accepts any value at the top
    /// level, with whitespace around it, and refuses everything else:
    /// trailing commas, comments, leading zeros, `NaN` and `Infinity`,
    /// unescaped control characters, invalid escapes, invalid UTF-8, text
    /// after the value and unterminated input. It also decides these cases:
    ///
    /// - **Numbers**: an integer that fits in `Int` becomes ``int(_:)``; a
    ///   number with a fraction or exponent, or an integer beyond `Int`,
    ///   becomes the correctly rounded ``double(_:)``. A magnitude too large
    ///   for `Double` (such as `1e400`) is an error; one too small becomes
    ///   zero.
    /// - **Duplicate keys**: the last one wins. (Through `JSONDecoder`, which
    ///   reads the text itself, Foundation keeps the first.)
    /// - **Lone surrogates**: a `\u` escape of half a surrogate pair is an
    ///   error, because no Swift string can hold it.
    /// - **Nesting**: deeper than ``ParsingOptions/maximumNestingDepth`` (512
    ///   by default) is an error, never a stack overflow. The parser does not
    ///   recurse beyond a few levels, so any depth is safe on a thread with a
    ///   small stack.
    /// - **Byte order mark**: a UTF-8 byte order mark at the start is skipped,
    ///   as RFC 8259 allows and as `JSONSerialization` and `JSONDecoder` do;
    ///   error offsets still count its three bytes.
    ///
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - options: Limits for the parser.
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of
    ///   the first problem.
    /// - Complexity: O(*n*) in the length of `text`.
    public init(parsing text: String, options: ParsingOptions = ParsingOptions()) throws {
        var text = text
        self = try text.withUTF8 { bytes throws(JSONParseError) in
            try _JSONParser.parse(bytes, options: options)
        }
    }

    /// Parses UTF-8 JSON text from any collection of bytes, such as
    /// `[UInt8]`, `ArraySlice<UInt8>` or a `ByteBuffer`'s readable bytes.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: Array("[1, 2, 3]".utf8))
    /// ```
    ///
    /// The rules are those of ``init(parsing:options:)-(String,_)``.
    /// Contiguous collections are read in place; others are copied first.
    ///
    /// - Parameters:
    ///   - bytes: The JSON text as UTF-8 bytes.
    ///   - options: Limits for the parser.
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of
    ///   the first problem.
    /// - Complexity: O(*n*) in the number of bytes.
    public init(parsing bytes: some Collection<UInt8>, options: ParsingOptions = ParsingOptions()) throws {
        let parsed = try bytes.withContiguousStorageIfAvailable { buffer throws(JSONParseError) in
            try _JSONParser.parse(buffer, options: options)
        }
        if let parsed {
            self = parsed
        } else {
            self = try Array(bytes).withUnsafeBufferPointer { buffer throws(JSONParseError) in
                try _JSONParser.parse(buffer, options: options)
            }
        }
    }
}
