#if JSONSchema

/// Why a schema cannot be compiled, and where in it the problem is.
///
/// ``JSONSchema/init(_:options:)-(JSONValue,_)`` checks every subschema that validation
/// can reach before it validates anything: every keyword it understands must
/// have a value of the right shape, every reference must resolve, and every
/// pattern must be a regular expression the package can run in linear time.
/// A subschema that nothing refers to, such as an unused entry of `$defs`,
/// is not compiled, so that an unused definition that refers to a document
/// you did not provide does not keep the rest of the schema from working.
///
/// ```swift
/// do {
///     _ = try JSONSchema(["properties": ["age": ["minimum": "zero"]]])
/// } catch {
///     print(error)   // /properties/age/minimum: the value of "minimum" must be a number
///     error.location // "/properties/age/minimum"
/// }
/// ```
public struct JSONSchemaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem a schema can have.
    public enum Kind: Hashable, Sendable {
        /// A keyword has a value of the wrong type or shape, such as a
        /// negative `minLength` or a `required` that is not an array of
        /// strings; the associated value is the keyword.
        case invalidKeywordValue(String)
        /// A `$ref`, `$dynamicRef` or `$recursiveRef` names nothing: no
        /// schema, document or anchor has that URI, and nothing is fetched.
        /// The associated value is the resolved URI.
        case unresolvedReference(String)
        /// `$schema` names a dialect the package does not know and no
        /// document in ``JSONSchema/Options/documents`` has that URI.
        case unknownDialect(String)
        /// A meta-schema requires a vocabulary (`$vocabulary` with `true`)
        /// that the package does not implement.
        case unsupportedVocabulary(String)
        /// A `pattern` or `patternProperties` name is not an ECMA-262 regular
        /// expression, or uses a feature that the package does not run
        /// (back-references, which cannot run in linear time, inline
        /// modifiers, `\p{Script=…}`); the message names it.
        case invalidPattern(String)
        /// No longer thrown: subschemas that refer to one another in a cycle
        /// that applies to the same instance location, such as
        /// `{"$ref": "#"}`, compile, and validation that enters such a cycle
        /// stops there with an error (see "Cycles" in
        /// <doc:ValidatingWithJSONSchema>).
        @available(*, deprecated, message: "cycles of in-place subschemas compile; validation that enters one fails")
        case infiniteRecursion
        /// The schema and the documents it refers to hold more than
        /// `limit` subschemas (a million), which would take too much memory
        /// to compile.
        case tooLarge(limit: Int)
    }

    /// What is wrong.
    public var kind: Kind

    /// Where the problem is: a pointer into the schema document given by
    /// ``documentURI``.
    public var location: JSONPointer

    /// The URI of the document that holds the problem, when it is not the
    /// schema being compiled but one of ``JSONSchema/Options/documents`` or a
    /// meta-schema; `nil` for the schema itself.
    public var documentURI: String?

    /// A sentence that says what is wrong, without the location.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - location: Where, in the document given by `documentURI`.
    ///   - documentURI: The document, or `nil` for the schema itself.
    ///   - message: A sentence that says what is wrong.
    public init(_ kind: Kind, at location: JSONPointer, in documentURI: String? = nil, message: String) {
        self.kind = kind
        self.location = location
        self.documentURI = documentURI
        self.message = message
    }

    /// The location and the message: `/properties/age/minimum: the value of
    /// "minimum" must be a number`, with `(root)` for the whole schema; in
    /// another document, its URI and the location as a fragment
    /// (`https://example.com/a.json#/minimum: …`).
    public var description: String {
        if let documentURI { return "\(documentURI)\(location.uriFragment): \(message)" }
        return "\(location.isRoot ? "(root)" : location.description): \(message)"
    }
}

#endif
