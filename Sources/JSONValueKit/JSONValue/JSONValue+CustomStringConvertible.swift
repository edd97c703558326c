extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, with object keys sorted so that equal
    /// values print the same.
    ///
    /// ```swift
    /// let value: JSONValue = ["b": [1, 2.5], "a": "x/y"]
    /// print(value)   // {"a":"x/y","b":[1,2.5]}
    /// ```
    ///
    /// Slashes are not escaped. Unlike ``jsonString(options:maximumNestingDepth:)``, which throws,
    /// `description` writes an infinite or NaN double in JSON5's spelling,
    /// `Infinity`, `-Infinity` or `NaN` (never as `null`, which is a
    /// different value), and does not limit the nesting depth, so that it can
    /// always be printed. Such a description is JSON5, not JSON: parse it
    /// with ``ParsingOptions/allowsJSON5`` to get the value back.
    ///
    /// ```swift
    /// JSONValue.array([.double(.infinity), .double(.nan)]).description  // [Infinity,NaN]
    /// ```
    public var description: String {
        var writer = _JSONWriter(
            options: [.sortedKeys, .withoutEscapingSlashes],
            depthLimit: .max,
            nonFiniteAsJSON5: true,
            capacity: 64
        )
        do {
            try writer.write(self)
        } catch {
            // Unreachable: with these settings the writer has nothing to refuse.
            return "null"
        }
        return String(decoding: writer.output.bytes, as: UTF8.self)
    }
}

extension JSONValue: CustomDebugStringConvertible {
    /// The value as JSON text, marked as a `JSONValue`.
    ///
    /// ```swift
    /// debugPrint(JSONValue.int(1))   // JSONValue(1)
    /// ```
    public var debugDescription: String {
        "JSONValue(\(description))"
    }
}
