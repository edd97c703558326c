import Foundation

extension JSONValue {
    /// The nesting depth that parsing allows by default and that writing
    /// enforces: 512 levels of arrays and objects, as in Foundation.
    public static let defaultMaximumNestingDepth = 512

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
    /// `"`, `\`, control characters and, unless
    /// ``WritingOptions/withoutEscapingSlashes`` is given, `/`.
    ///
    /// - Parameter options: How to format the text; compact, in the objects'
    ///   own key order, by default.
    /// - Returns: The JSON text.
    /// - Throws: ``JSONWritingError/nonFiniteNumber(path:)`` for an infinite or
    ///   NaN double, and ``JSONWritingError/nestingTooDeep(limit:path:)`` for
    ///   arrays and objects nested deeper than ``defaultMaximumNestingDepth``.
    /// - Complexity: O(*n*) in the size of the output, plus sorting each
    ///   object's keys with ``WritingOptions/sortedKeys``.
    public func jsonString(options: WritingOptions = []) throws -> String {
        let writer = try written(options: options)
        return String(decoding: writer.output.bytes, as: UTF8.self)
    }

    /// Writes the value as UTF-8 JSON text.
    ///
    /// ```swift
    /// let data = try value.jsonData(options: [.prettyPrinted, .sortedKeys])
    /// ```
    ///
    /// - Parameter options: How to format the text; compact, in the objects'
    ///   own key order, by default.
    /// - Returns: The JSON text as UTF-8 bytes.
    /// - Throws: ``JSONWritingError`` as ``jsonString(options:)`` does.
    public func jsonData(options: WritingOptions = []) throws -> Data {
        let writer = try written(options: options)
        return Data(buffer: writer.output.bytes)
    }

    private func written(options: WritingOptions) throws(JSONWritingError) -> _JSONWriter {
        var writer = _JSONWriter(options: options, depthLimit: Self.defaultMaximumNestingDepth)
        do {
            try writer.write(self)
        } catch {
            throw error.publicError
        }
        return writer
    }
}
