#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Parses UTF-8 JSON text.
    ///
    /// ```swift
    /// let (data, _) = try await URLSession.shared.data(from: url)
    /// let value = try JSONValue(parsing: data)
    /// ```
    ///
    /// The rules are those of ``init(parsing:options:)-(String,_)``.
    ///
    /// - Parameters:
    ///   - data: The JSON text as UTF-8 bytes.
    ///   - options: Limits for the parser.
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of
    ///   the first problem.
    /// - Complexity: O(*n*) in the length of `data`.
    public init(parsing data: Data, options: ParsingOptions = ParsingOptions()) throws {
        self = try data.withUnsafeBytes { raw throws(JSONParseError) in
            try _JSONParser.parse(raw.bindMemory(to: UInt8.self), options: options)
        }
    }
}
