/// An error that says why a ``JSONValue`` could not be written as JSON text.
///
/// ```swift
/// let value: JSONValue = ["ratio": .double(.infinity)]
/// try value.jsonString()   // throws .nonFiniteNumber(path: "$.ratio")
/// ```
public enum JSONWritingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A ``JSONValue/double(_:)`` is infinite or NaN, which JSON text cannot
    /// represent. `path` locates it, as a JSONPath expression such as `$.ratio`.
    case nonFiniteNumber(path: String)

    /// Arrays and objects are nested deeper than `limit` levels at `path`.
    case nestingTooDeep(limit: Int, path: String)

    /// A sentence that names the problem and its path.
    public var description: String {
        switch self {
        case .nonFiniteNumber(let path):
            return "Cannot write a non-finite number as JSON at \(path)."
        case .nestingTooDeep(let limit, let path):
            return "Cannot write JSON nested deeper than \(limit) levels at \(path)."
        }
    }
}
