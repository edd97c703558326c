/// An error that says why a Swift or Foundation value could not become a
/// ``JSONValue``, and where in the value the problem is.
///
/// ```swift
/// do {
///     _ = try JSONValue(any: ["ext": ["when": Date()]])
/// } catch let error as JSONBridgingError {
///     print(error)  // Cannot represent a value of type Date as JSON at $.ext.when.
/// }
/// ```
public struct JSONBridgingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What made a value impossible to represent.
    public enum Reason: Hashable, Sendable {
        /// The value's type has no JSON counterpart, such as `Date`, `Data` or
        /// `URL`. The associated value is the type's name.
        case unsupportedType(String)

        /// A dictionary has a key that is not a string. The associated value
        /// is the key's type name.
        case nonStringKey(String)

        /// A floating-point value is infinite or NaN, which JSON cannot
        /// represent.
        case nonFiniteNumber

        /// Arrays and dictionaries nest deeper than `limit` levels.
        case nestingTooDeep(limit: Int)
    }

    /// What made the value impossible to represent.
    public var reason: Reason

    /// Where the value is, as a JSONPath expression such as `$.ext.when` or
    /// `$.list[2]`; `$` is the value passed to ``JSONValue/init(any:)``.
    public var path: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - reason: What made the value impossible to represent.
    ///   - path: Where the value is, as a JSONPath expression.
    public init(reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    /// A sentence that names the problem and its path.
    public var description: String {
        switch reason {
        case .unsupportedType(let type):
            return "Cannot represent a value of type \(type) as JSON at \(path)."
        case .nonStringKey(let type):
            return "Cannot represent a dictionary key of type \(type) as JSON at \(path): keys must be strings."
        case .nonFiniteNumber:
            return "Cannot represent a non-finite number as JSON at \(path)."
        case .nestingTooDeep(let limit):
            return "Cannot represent arrays and dictionaries nested deeper than \(limit) levels at \(path)."
        }
    }
}
