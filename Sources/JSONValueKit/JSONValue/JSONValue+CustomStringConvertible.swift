extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, each object's members in their order.
    ///
    /// ```swift
    /// let value: JSONValue = ["b": [1, 2.5], "a": "x/y"]
    /// print(value)   // {"b":[1,2.5],"a":"x/y"}
    /// ```
    ///
    /// Because members keep their order, equal values may print
    /// differently, as for other ordered collections: `==` ignores the
    /// order of an object's members, `description` shows it. For text that
    /// is the same for equal values, write with
    /// ``WritingOptions/sortedKeys``.
    ///
    /// Slashes are not escaped, as by default in
    /// ``jsonString(options:maximumNestingDepth:)``. Unlike ``jsonString(options:maximumNestingDepth:)``, which throws,
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
            options: [],
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
