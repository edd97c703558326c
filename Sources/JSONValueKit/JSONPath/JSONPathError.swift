/// An error that says why a JSONPath query is invalid, and where.
///
/// ```swift
/// let text = "$.items[?length(@.tags)]"
/// do {
///     _ = try JSONPath(parsing: text)
/// } catch let error as JSONPathError {
///     print(error)
///     // Invalid JSONPath at line 1, column 10 (byte 9): length() returns a value, which cannot be used as a test; compare it instead.
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

    /// Where in ``expression`` the problem is: line and column (counting
    /// Unicode scalars, from 1) and UTF-8 offset, as ``JSONParseError``
    /// gives them.
    public var location: JSONParseError.Location

    /// The query as it was written.
    public var expression: String

    /// What was found and what was expected instead, in words.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - location: Where the problem is.
    ///   - expression: The query.
    ///   - message: What was found and what was expected instead.
    public init(_ kind: Kind, at location: JSONParseError.Location, expression: String, message: String) {
        self.kind = kind
        self.location = location
        self.expression = expression
        self.message = message
    }

    /// A sentence that says what is wrong and where.
    public var description: String {
        "Invalid JSONPath at \(location): \(message)"
    }
}
