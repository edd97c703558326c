/// An error that says what is wrong with JSON text and where.
///
/// Like every error of the package, it has a ``kind`` to switch over, a
/// property that says where (here ``location``: line, column and byte
/// offset), and a one-line ``description`` that says both, the shape of
/// Foundation's `URLError` and `CocoaError` (a `code` to switch over beside
/// the details).
///
/// ```swift
/// do {
///     _ = try JSONValue(parsing: "[1, 2,]")
/// } catch let error as JSONParseError {
///     print(error)            // Unexpected character ']' at line 1, column 7 (byte 6).
///     switch error.kind {
///     case .unexpectedCharacter(let character): print(character)   // "]"
///     default: break
///     }
/// }
/// ```
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A position in JSON text.
    public struct Location: Hashable, Sendable, CustomStringConvertible {
        /// The line, counting from 1; lines end at each line feed.
        public var line: Int
        /// The column, counting from 1, in Unicode scalars from the start of
        /// the line.
        public var column: Int
        /// The offset in bytes from the start of the text, counting from 0.
        public var offset: Int

        /// Creates a location.
        ///
        /// - Parameters:
        ///   - line: The line, counting from 1.
        ///   - column: The column, counting from 1.
        ///   - offset: The byte offset, counting from 0.
        public init(line: Int, column: Int, offset: Int) {
            self.line = line
            self.column = column
            self.offset = offset
        }

        /// The location in words, such as `line 3, column 7 (byte 41)`.
        public var description: String {
            "line \(line), column \(column) (byte \(offset))"
        }
    }

    /// What is wrong with the text.
    public enum Kind: Hashable, Sendable {
        /// A character that cannot start or continue a value here, such as a
        /// trailing comma's closing bracket, a comment, `NaN` or trailing
        /// text after the value. A byte order mark in the middle of the
        /// text is the character U+FEFF, not its first byte.
        case unexpectedCharacter(Unicode.Scalar)

        /// The text ends inside a value, or is empty.
        case unexpectedEndOfInput

        /// A literal starts as `true`, `false` or `null` would but is not
        /// one, such as `tru` or `nul1`; the location is its first character.
        case invalidLiteral

        /// Arrays and objects are nested deeper than the limit in
        /// ``JSONValue/ParsingOptions``.
        case nestingTooDeep(limit: Int)

        /// A number has a superfluous leading zero, such as `01`.
        case numberWithLeadingZero

        /// A number lacks digits where the grammar requires them, such as
        /// `1.`, `-` or `1e+`.
        case invalidNumber

        /// A number's magnitude is too large for a `Double`, such as `1e400`.
        case numberOutOfRange

        /// A number that neither `Int` nor `Double` holds exactly, such as
        /// `123456789012345678901234567890`, refused because
        /// ``JSONValue/ParsingOptions/allowsInexactNumbers`` is `false`. The
        /// associated value is the number's text; the location is its first
        /// character.
        case inexactNumber(String)

        /// A backslash in a string is followed by something other than `"`,
        /// `\`, `/`, `b`, `f`, `n`, `r`, `t` or `u` and four hexadecimal
        /// digits.
        case invalidEscape

        /// A `\u` escape names half of a surrogate pair without the other
        /// half. Such a string has no Unicode representation, so it is
        /// refused.
        case loneSurrogate

        /// A string contains a control character (U+0000 to U+001F) that is
        /// not escaped.
        case unescapedControlCharacter(Unicode.Scalar)

        /// The text is not valid UTF-8.
        case invalidUTF8
    }

    /// What is wrong.
    public var kind: Kind

    /// Where the problem is.
    public var location: Location

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - location: Where the problem is.
    public init(_ kind: Kind, at location: Location) {
        self.kind = kind
        self.location = location
    }

    /// A sentence that says what is wrong and where, such as
    /// `Unexpected character ']' at line 1, column 7 (byte 6).`
    public var description: String {
        let problem: String
        switch kind {
        case .unexpectedCharacter(let scalar):
            problem = "Unexpected character \(Self.describe(scalar))"
        case .unexpectedEndOfInput:
            problem = "Unexpected end of input"
        case .invalidLiteral:
            problem = "Invalid literal (expected true, false or null)"
        case .nestingTooDeep(let limit):
            problem = "Arrays and objects nested deeper than \(limit) levels"
        case .numberWithLeadingZero:
            problem = "Number with a leading zero"
        case .invalidNumber:
            problem = "Invalid number"
        case .numberOutOfRange:
            problem = "Number out of the range of Double"
        case .inexactNumber(let text):
            problem = "The number \(text) cannot be held exactly by a Double or an Int"
        case .invalidEscape:
            problem = "Invalid escape sequence"
        case .loneSurrogate:
            problem = "Unpaired UTF-16 surrogate escape"
        case .unescapedControlCharacter(let scalar):
            problem = "Unescaped control character \(Self.describe(scalar)) in string"
        case .invalidUTF8:
            problem = "Invalid UTF-8"
        }
        var hint = ""
        if case .unexpectedCharacter(let scalar) = kind, scalar == "/" || scalar == "'" {
            hint = " Comments and single-quoted strings are JSON5: read them with ParsingOptions.allowsJSON5."
        }
        return "\(problem) at \(location).\(hint)"
    }

    /// A printable character in quotes, anything else as `U+XXXX`.
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value >= 0x20 && scalar.value != 0x7F && !scalar.properties.isWhitespace
            && scalar.properties.generalCategory != .format
        {
            return "'\(Character(scalar))'"
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

// The parsers' shorthand: `throw .invalidNumber(at: location)`.
extension JSONParseError {
    static func unexpectedCharacter(_ scalar: Unicode.Scalar, at location: Location) -> Self {
        Self(.unexpectedCharacter(scalar), at: location)
    }
    /// The character that starts at `offset`, or invalid UTF-8 if none does.
    static func unexpectedCharacter(
        in bytes: UnsafeBufferPointer<UInt8>,
        at offset: Int,
        location: Location
    ) -> Self {
        var iterator = bytes[offset...].makeIterator()
        var decoder = Unicode.UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return Self(.unexpectedCharacter(scalar), at: location)
        }
        return Self(.invalidUTF8, at: location)
    }
    static func unexpectedEndOfInput(at location: Location) -> Self { Self(.unexpectedEndOfInput, at: location) }
    static func nestingTooDeep(limit: Int, at location: Location) -> Self {
        Self(.nestingTooDeep(limit: limit), at: location)
    }
    static func numberWithLeadingZero(at location: Location) -> Self { Self(.numberWithLeadingZero, at: location) }
    static func invalidNumber(at location: Location) -> Self { Self(.invalidNumber, at: location) }
    static func numberOutOfRange(at location: Location) -> Self { Self(.numberOutOfRange, at: location) }
    static func inexactNumber(_ text: some Collection<UInt8>, at location: Location) -> Self {
        Self(.inexactNumber(String(decoding: text, as: UTF8.self)), at: location)
    }
    static func invalidEscape(at location: Location) -> Self { Self(.invalidEscape, at: location) }
    static func loneSurrogate(at location: Location) -> Self { Self(.loneSurrogate, at: location) }
    static func unescapedControlCharacter(_ byte: UInt8, at location: Location) -> Self {
        Self(.unescapedControlCharacter(Unicode.Scalar(byte)), at: location)
    }
    static func invalidUTF8(at location: Location) -> Self { Self(.invalidUTF8, at: location) }
}
