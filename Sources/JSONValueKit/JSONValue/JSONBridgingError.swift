/// An error that says why a Swift or Foundation value could not become a
/// ``JSONValue``, and where in the value the problem is.
///
/// Like every error of the package, it has a ``kind`` to switch over, a
/// property that says where (here ``path``, a ``JSONPointer`` into the value
/// passed to ``JSONValue/init(any:allowsInexactNumbers:)``), and a one-line ``description``.
///
/// ```swift
/// do {
///     _ = try JSONValue(any: ["ext": ["when": Date()]])
/// } catch let error as JSONBridgingError {
///     print(error)  // Cannot represent a value of type Date as JSON at /ext/when.
/// }
/// ```
public struct JSONBridgingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What made a value impossible to represent.
    public enum Kind: Hashable, Sendable {
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

        /// A number that a ``JSONValue`` cannot hold exactly: an integer
        /// beyond `Int`'s range, such as `UInt64.max`, or a `Decimal` with
        /// more digits than a `Double` keeps. The associated value is the
        /// number's text. ``JSONValueEncoder`` refuses the same numbers.
        case inexactNumber(String)
    }

    /// What made the value impossible to represent.
    public var kind: Kind

    /// Where the value is, from the value passed to ``JSONValue/init(any:allowsInexactNumbers:)``
    /// (the root pointer): `/ext/when`, or `/list/2` for an array element.
    public var path: JSONPointer

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What made the value impossible to represent.
    ///   - path: Where the value is.
    public init(_ kind: Kind, at path: JSONPointer) {
        self.kind = kind
        self.path = path
    }

    /// A sentence that names the problem and its path.
    public var description: String {
        let place = path.isRoot ? "the root" : path.description
        switch kind {
        case .unsupportedType(let type):
            return "Cannot represent a value of type \(type) as JSON at \(place)."
        case .nonStringKey(let type):
            return "Cannot represent a dictionary key of type \(type) as JSON at \(place): keys must be strings."
        case .nonFiniteNumber:
            return "Cannot represent a non-finite number as JSON at \(place)."
        case .nestingTooDeep(let limit):
            return "Cannot represent arrays and dictionaries nested deeper than \(limit) levels at \(place)."
        case .inexactNumber(let text):
            return
                "Cannot represent the number \(text) exactly at \(place): integers must fit in Int, and other numbers must keep their digits in a Double."
        }
    }
}
