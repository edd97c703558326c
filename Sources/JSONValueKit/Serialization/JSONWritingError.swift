/// An error that says why a ``JSONValue`` could not be written as JSON text,
/// and where in the value the problem is.
///
/// Like every error of the package, it has a ``kind`` to switch over, a
/// property that says where (here ``path``, a ``JSONPointer`` into the value
/// being written), and a one-line ``description``.
///
/// ```swift
/// let value: JSONValue = ["ratio": .double(.infinity)]
/// do {
///     _ = try value.jsonString()
/// } catch let error as JSONWritingError {
///     print(error)        // Cannot write a non-finite number as JSON at /ratio.
///     error.kind          // .nonFiniteNumber(.infinity)
///     error.path          // "/ratio"
/// }
/// ```
public struct JSONWritingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What could not be written.
    public enum Kind: Hashable, Sendable {
        /// A ``JSONValue/double(_:)`` is infinite or NaN, which JSON text
        /// cannot represent.
        case nonFiniteNumber(Double)

        /// Arrays and objects are nested deeper than `limit` levels.
        case nestingTooDeep(limit: Int)

        /// Whether two kinds are the same, comparing numbers by their bits,
        /// so that a NaN kind equals itself.
        ///
        /// - Parameters:
        ///   - lhs: A kind.
        ///   - rhs: Another kind.
        /// - Returns: `true` if they are the same.
        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.nonFiniteNumber(let a), .nonFiniteNumber(let b)): return a.bitPattern == b.bitPattern
            case (.nestingTooDeep(let a), .nestingTooDeep(let b)): return a == b
            default: return false
            }
        }

        /// Hashes the kind, numbers by their bits, as `==` compares them.
        ///
        /// - Parameter hasher: The hasher to feed.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .nonFiniteNumber(let number): hasher.combine(number.bitPattern)
            case .nestingTooDeep(let limit): hasher.combine(limit)
            }
        }
    }

    /// What could not be written.
    public var kind: Kind

    /// Where the problem is, from the value being written; the root pointer
    /// when it is that value itself.
    public var path: JSONPointer

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What could not be written.
    ///   - path: Where the problem is.
    public init(_ kind: Kind, at path: JSONPointer) {
        self.kind = kind
        self.path = path
    }

    /// A sentence that names the problem and its path.
    public var description: String {
        let place = path.isRoot ? "the root" : path.description
        switch kind {
        case .nonFiniteNumber:
            return "Cannot write a non-finite number as JSON at \(place)."
        case .nestingTooDeep(let limit):
            return "Cannot write JSON nested deeper than \(limit) levels at \(place)."
        }
    }
}
