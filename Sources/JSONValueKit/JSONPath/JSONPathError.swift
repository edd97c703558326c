/// An error that says why a JSONPath query is invalid, and where.
///
/// ```swift
/// let text = "$.items[?length(@.tags)]"
/// do {
///     _ = try JSONPath(text)
/// } catch let error as JSONPathError {
///     print(error)
///     // Invalid JSONPath at offset 9: length() returns a value, which cannot be used as a test; compare it instead.
/// }
/// ```
public struct JSONPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// The text does not follow RFC 9535's grammar here.
        case syntax
        /// A function is used where its result type does not fit, or with
        /// arguments of the wrong type or number (RFC 9535 section 2.4.3).
        case type
        /// An integer is outside ±(2⁵³ − 1).
        case integerOutOfRange
        /// A function name is not one of `length`, `count`, `match`,
        /// `search` and `value`.
        case unknownFunction
    }

    /// What is wrong.
    public var kind: Kind

    /// The UTF-8 offset in ``expression`` where the problem is.
    public var offset: Int

    /// The query as it was written.
    public var expression: String

    /// What was found and what was expected instead, in words.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - offset: The UTF-8 offset of the problem.
    ///   - expression: The query.
    ///   - message: What was found and what was expected instead.
    public init(_ kind: Kind, offset: Int, expression: String, message: String) {
        self.kind = kind
        self.offset = offset
        self.expression = expression
        self.message = message
    }

    /// A sentence that says what is wrong and where.
    public var description: String {
        "Invalid JSONPath at offset \(offset): \(message)"
    }
}
