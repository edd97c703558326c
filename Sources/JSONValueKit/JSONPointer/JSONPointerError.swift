/// An error that says why a ``JSONPointer`` is malformed or names no value,
/// and where.
///
/// ```swift
/// let text = "/a~2"
/// do {
///     _ = try JSONPointer(text)
/// } catch let error as JSONPointerError {
///     print(error)   // Invalid escape in JSON Pointer "/a~2" at offset 2: "~" must be followed by "0" or "1".
/// }
/// ```
///
/// A malformed pointer's error has the UTF-8 ``offset`` of the offending
/// character in its text; a pointer that names no value has the
/// ``tokenIndex`` of the first reference token that could not be followed.
public struct JSONPointerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// A non-empty pointer does not start with `/`.
        case missingLeadingSlash
        /// A `~` is not followed by `0` or `1`.
        case invalidEscape
        /// A URI fragment does not start with `#`, has a malformed percent
        /// escape, or decodes to bytes that are not UTF-8.
        case invalidURIFragment
        /// An object has no member with the token's name (compared by
        /// Unicode scalars).
        case memberNotFound
        /// The token is a valid array index, but beyond the array's end.
        case indexOutOfRange(count: Int)
        /// The token is not an array index: not `0` or digits without a
        /// leading zero, or `-` where only an existing element will do.
        case invalidArrayIndex
        /// The value the token would look inside is neither an object nor an
        /// array.
        case notAContainer
        /// Writing would add a member beside one whose name is canonically
        /// equivalent but spelled with other Unicode scalars (`e\u{301}`
        /// beside `é`): a `[String: JSONValue]` cannot hold both.
        case equivalentMemberExists
    }

    /// What went wrong.
    public var kind: Kind

    /// The pointer, as written.
    public var pointer: String

    /// For a malformed pointer, the UTF-8 offset of the offending character
    /// in ``pointer``; otherwise `nil`.
    public var offset: Int?

    /// For a pointer that names no value, the index in
    /// ``JSONPointer/tokens`` of the token that could not be followed;
    /// otherwise `nil`.
    public var tokenIndex: Int?

    /// Creates an error for a malformed pointer.
    ///
    /// - Parameters:
    ///   - kind: What is malformed.
    ///   - pointer: The pointer's text.
    ///   - offset: The UTF-8 offset of the offending character.
    public init(_ kind: Kind, pointer: String, offset: Int?) {
        self.kind = kind
        self.pointer = pointer
        self.offset = offset
    }

    /// Creates an error for a pointer that names no value.
    ///
    /// - Parameters:
    ///   - kind: Why the token could not be followed.
    ///   - pointer: The pointer.
    ///   - tokenIndex: The index of the token that could not be followed.
    public init(_ kind: Kind, pointer: JSONPointer, tokenIndex: Int) {
        self.kind = kind
        self.pointer = pointer.description
        self.tokenIndex = tokenIndex
    }

    /// A sentence that says what is wrong and where.
    public var description: String {
        let quoted = "\"\(pointer)\""
        var token: String {
            guard let tokenIndex, let tokens = try? JSONPointer(pointer).tokens, tokenIndex < tokens.count else {
                return "token \(tokenIndex ?? 0)"
            }
            return "token \(tokenIndex) (\"\(tokens[tokenIndex])\")"
        }
        switch kind {
        case .missingLeadingSlash:
            return "Invalid JSON Pointer \(quoted) at offset 0: a non-empty pointer must start with \"/\"."
        case .invalidEscape:
            return
                "Invalid escape in JSON Pointer \(quoted) at offset \(offset ?? 0): \"~\" must be followed by \"0\" or \"1\"."
        case .invalidURIFragment:
            return "Invalid JSON Pointer URI fragment \(quoted) at offset \(offset ?? 0)."
        case .memberNotFound:
            return "No member for \(token) of JSON Pointer \(quoted)."
        case .indexOutOfRange(let count):
            return "Array index out of range (count \(count)) at \(token) of JSON Pointer \(quoted)."
        case .invalidArrayIndex:
            return "Not an array index: \(token) of JSON Pointer \(quoted)."
        case .notAContainer:
            return "Not an array or object at \(token) of JSON Pointer \(quoted)."
        case .equivalentMemberExists:
            return
                "A member with a canonically equivalent name already exists at \(token) of JSON Pointer \(quoted)."
        }
    }
}
