/// An error that says why a ``JSONPointer`` is malformed or names no value,
/// and where.
///
/// ```swift
/// let text = "/a~2"
/// do {
///     _ = try JSONPointer(parsing: text)
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
        /// A URI fragment does not start with `#`.
        case missingNumberSign
        /// A `%` in a URI fragment is not followed by two hexadecimal digits.
        case invalidPercentEncoding
        /// The percent escapes of a URI fragment decode to bytes that are
        /// not UTF-8.
        case invalidUTF8
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
    }

    /// What went wrong.
    public var kind: Kind

    /// The pointer. For a malformed one, as ``JSONPatchError/pointer`` and
    /// ``JSONBridgingError/path`` are too, a pointer that names no value and
    /// whose ``JSONPointer/description`` is the text as written (for
    /// ``JSONPointer/init(uriFragment:)``, the fragment).
    public var pointer: JSONPointer

    /// For a malformed pointer, the UTF-8 offset of the offending character
    /// in the text as written; otherwise `nil`.
    public var offset: Int?

    /// For a pointer that names no value, the index in
    /// ``JSONPointer/tokens`` of the token that could not be followed;
    /// otherwise `nil`.
    public var tokenIndex: Int?

    /// Creates an error for malformed pointer text.
    ///
    /// - Parameters:
    ///   - kind: What is malformed.
    ///   - text: The text as written.
    ///   - offset: The UTF-8 offset of the offending character.
    public init(_ kind: Kind, text: String, offset: Int) {
        self.kind = kind
        self.pointer = JSONPointer(tokens: [])
        self.pointer.invalid = _InvalidText(text: text, problem: .init(kind: kind, offset: offset))
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
        self.pointer = pointer
        self.tokenIndex = tokenIndex
    }

    /// A sentence that says what is wrong and where.
    public var description: String {
        let quoted = "\"\(pointer)\""
        var token: String {
            guard let tokenIndex, tokenIndex < pointer.tokens.count else { return "token \(tokenIndex ?? 0)" }
            return "token \(tokenIndex) (\"\(pointer.tokens[tokenIndex])\")"
        }
        let offset = self.offset ?? 0
        switch kind {
        case .missingLeadingSlash:
            return "Invalid JSON Pointer \(quoted) at offset \(offset): a non-empty pointer must start with \"/\"."
        case .invalidEscape:
            return
                "Invalid escape in JSON Pointer \(quoted) at offset \(offset): \"~\" must be followed by \"0\" or \"1\"."
        case .missingNumberSign:
            return "Invalid JSON Pointer URI fragment \(quoted) at offset 0: a fragment must start with \"#\"."
        case .invalidPercentEncoding:
            return
                "Invalid percent escape in JSON Pointer URI fragment \(quoted) at offset \(offset): \"%\" must be followed by two hexadecimal digits."
        case .invalidUTF8:
            return
                "Invalid JSON Pointer URI fragment \(quoted) at offset \(offset): its percent escapes do not decode to UTF-8."
        case .memberNotFound:
            return "No member for \(token) of JSON Pointer \(quoted)."
        case .indexOutOfRange(let count):
            return "Array index out of range (count \(count)) at \(token) of JSON Pointer \(quoted)."
        case .invalidArrayIndex:
            return "Not an array index: \(token) of JSON Pointer \(quoted)."
        case .notAContainer:
            return "Not an array or object at \(token) of JSON Pointer \(quoted)."
        }
    }
}
