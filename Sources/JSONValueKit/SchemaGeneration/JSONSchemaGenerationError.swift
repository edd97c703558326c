/// Why a schema could not be made from a Swift type, or rewritten for a
/// model provider: what, where, and how to fix it.
///
/// ``JSONSchema/document(for:profile:)`` throws it when the recording
/// decoder cannot see what a type's `init(from:)` accepts, rather than
/// guess a schema that might refuse what decoding accepts;
/// ``JSONSchema/Profile/converting(_:)`` throws it for what a provider cannot
/// express.
///
/// ```swift
/// enum Shape: Codable { case circle(radius: Double), square(side: Double) }
///
/// do {
///     _ = try JSONSchema.document(for: Shape.self)
/// } catch let error as JSONSchemaGenerationError {
///     print(error)
///     // Shape: Shape.init(from:) chooses what to read by the keys present (allKeys), …
///     // Conform Shape to JSONSchemaCustomizing and give its whole schema in jsonSchema.
/// }
/// ```
public struct JSONSchemaGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Kind: Hashable, Sendable {
        /// The recording decoder cannot see what the type's `init(from:)`
        /// accepts: it throws for every placeholder value, reads the keys
        /// present (`allKeys`), reads different things depending on the
        /// values it decodes, or is an enumeration whose cases cannot be
        /// listed.
        case unobservableType
        /// A type contains itself through properties that must be present,
        /// so no finite JSON value decodes as it.
        case endlessRecursion
        /// A type's ``JSONSchemaCustomizing`` conformance is wrong: a guide for
        /// a member the type does not decode, a constraint that does not fit
        /// the member's type, a schema that is not an object.
        case invalidCustomization
        /// A decoding strategy whose effect cannot be described: a `.custom`
        /// key strategy, a `.custom` date or data strategy that throws for
        /// every placeholder, or tolerance.
        case unsupportedStrategy
        /// The provider cannot express what the schema says: a recursive
        /// type where the provider refuses recursion, a map with free
        /// member names where every object must be closed, any value where
        /// every value needs a type, a keyword with no equivalent.
        case notExpressible
        /// The document exceeds one of the provider's published limits.
        case limitExceeded
        /// The document given to ``JSONSchema/Profile/converting(_:)`` is not
        /// one it can read: not a schema, or it refers to other documents.
        case invalidDocument
    }

    /// What is wrong.
    public var kind: Kind

    /// The Swift type concerned, as Swift writes its name, if a type is.
    public var typeName: String?

    /// Where the problem is: for generation, the location of the type's
    /// values in instances of the generated type (`/forecast/0`); for
    /// ``JSONSchema/Profile/converting(_:)`` and limits, the location in the
    /// schema document.
    public var location: JSONPointer

    /// A sentence that says what is wrong.
    public var message: String

    /// A sentence that says how to fix it.
    public var recoverySuggestion: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - typeName: The Swift type concerned, if any.
    ///   - location: Where.
    ///   - message: A sentence that says what is wrong.
    ///   - recoverySuggestion: A sentence that says how to fix it.
    public init(
        _ kind: Kind, typeName: String?, location: JSONPointer, message: String, recoverySuggestion: String
    ) {
        self.kind = kind
        self.typeName = typeName
        self.location = location
        self.message = message
        self.recoverySuggestion = recoverySuggestion
    }

    /// The type or location, the message and the suggestion: `Shape:
    /// Shape.init(from:) chooses what to read by the keys present (allKeys),
    /// …. Conform Shape to JSONSchemaCustomizing …`.
    public var description: String {
        var prefix = typeName ?? (location.isRoot ? "(root)" : location.description)
        if typeName != nil && !location.isRoot { prefix += " at \(location)" }
        return "\(prefix): \(message). \(recoverySuggestion)"
    }

    init(
        _ kind: Kind, type: String?, location: [String] = [], message: String, recoverySuggestion: String
    ) {
        self.init(
            kind, typeName: type, location: JSONPointer(tokens: location), message: message,
            recoverySuggestion: recoverySuggestion)
    }
}
