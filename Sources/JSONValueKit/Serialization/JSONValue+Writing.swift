extension JSONValue {
    /// Writes the value as JSON text.
    ///
    /// ```swift
    /// let value: JSONValue = ["name": "Ada", "ratio": 0.5, "whole": 10.0]
    /// try value.jsonString(options: .sortedKeys)
    /// // {"name":"Ada","ratio":0.5,"whole":10.0}
    /// ```
    ///
    /// Doubles are written in the shortest form that reads back to the same
    /// bits, and always with a fraction or an exponent (`10.0`, `1e-05`), so
    /// that ``init(parsing:options:)-(String,_)`` gives back a ``double(_:)``
    /// and not an ``int(_:)``. Strings are written as UTF-8, escaping only
    /// `"`, `\` and control characters; `/` is written as is, as
    /// `JSON.stringify` does, unless ``WritingOptions/escapingSlashes`` is
    /// given.
    ///
    /// A value parsed with a raised
    /// ``ParsingOptions/maximumNestingDepth`` is written back with the same
    /// `maximumNestingDepth`. The writer does not recurse beyond a few levels,
    /// so any depth is safe on a thread with a small stack.
    ///
    /// - Parameters:
    ///   - options: How to format the text; compact, in the objects' own key
    ///     order, by default.
    ///   - maximumNestingDepth: How many levels of arrays and objects the value
    ///     may nest; 512 by default, as for parsing.
    /// - Returns: The JSON text.
    /// - Throws: ``JSONWritingError`` with its path:
    ///   ``JSONWritingError/Kind/nonFiniteNumber(_:)`` for an infinite or NaN
    ///   double, and ``JSONWritingError/Kind/nestingTooDeep(limit:)`` for
    ///   arrays and objects nested deeper than `maximumNestingDepth`.
    /// - Complexity: O(*n*) in the size of the output, plus sorting each
    ///   object's keys with ``WritingOptions/sortedKeys``.
    public func jsonString(
        options: WritingOptions = [],
        maximumNestingDepth: Int = WritingOptions.defaultMaximumNestingDepth
    ) throws -> String {
        let writer = try written(options: options, maximumNestingDepth: maximumNestingDepth)
        return String(decoding: writer.output.bytes, as: UTF8.self)
    }

    /// The writer after writing the value, whose output the caller takes.
    func written(options: WritingOptions, maximumNestingDepth: Int) throws(JSONWritingError) -> _JSONWriter {
        var writer = _JSONWriter(options: options, depthLimit: maximumNestingDepth)
        do {
            try writer.write(self)
        } catch {
            throw error.publicError
        }
        return writer
    }
}
