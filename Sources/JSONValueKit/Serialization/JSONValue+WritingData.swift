#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Writes the value as UTF-8 JSON text.
    ///
    /// ```swift
    /// let data = try value.jsonData(options: [.prettyPrinted, .sortedKeys])
    /// ```
    ///
    /// - Parameters:
    ///   - options: How to format the text; compact, in the objects' own key
    ///     order, by default.
    ///   - maximumNestingDepth: How many levels of arrays and objects the value
    ///     may nest; 512 by default, as for parsing.
    /// - Returns: The JSON text as UTF-8 bytes.
    /// - Throws: ``JSONWritingError`` as
    ///   ``jsonString(options:maximumNestingDepth:)`` does.
    public func jsonData(
        options: WritingOptions = [],
        maximumNestingDepth: Int = WritingOptions.defaultMaximumNestingDepth
    ) throws -> Data {
        let writer = try written(options: options, maximumNestingDepth: maximumNestingDepth)
        return writer.output.takeData()
    }
}

extension _ByteBuffer {
    /// Hands the bytes to a `Data` without copying them; the buffer ends.
    consuming func takeData() -> Data {
        // The `Data` keeps up to twice the bytes it holds: shrinking the block
        // first made the next write of the same size grow it again, through
        // fresh pages, and cost 45% when pretty-printing canada.json.
        let (base, count) = takeStorage()
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }
}
