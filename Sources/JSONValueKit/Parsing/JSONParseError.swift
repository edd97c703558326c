/// An error that says what is wrong with JSON text and where.
///
/// Every case carries a ``Location``: the line and column of the offending
/// character, and its byte offset.
///
/// ```swift
/// do {
///     _ = try JSONValue(parsing: "[1, 2,]")
/// } catch let error as JSONParseError {
///     print(error)  // Unexpected character ']' at line 1, column 7 (byte 6).
/// }
/// ```
public enum JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
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

    /// A byte that cannot start or continue a value here, such as a trailing
    /// comma's closing bracket, a comment, `NaN` or trailing text after the
    /// value.
    case unexpectedCharacter(UInt8, at: Location)

    /// The text ends inside a value, or is empty.
    case unexpectedEndOfInput(at: Location)

    /// Arrays and objects are nested deeper than the limit in
    /// ``JSONValue/ParsingOptions``.
    case nestingTooDeep(limit: Int, at: Location)

    /// A number has a superfluous leading zero, such as `01`.
    case numberWithLeadingZero(at: Location)

    /// A number lacks digits where the grammar requires them, such as `1.`,
    /// `-` or `1e+`.
    case invalidNumber(at: Location)

    /// A number's magnitude is too large for a `Double`, such as `1e400`.
    case numberOutOfRange(at: Location)

    /// A backslash in a string is followed by something other than `"`, `\`,
    /// `/`, `b`, `f`, `n`, `r`, `t` or `u` and four hexadecimal digits.
    case invalidEscape(at: Location)

    /// A `\u` escape names half of a surrogate pair without the other half.
    /// Such a string has no Unicode representation, so it is refused.
    case loneSurrogate(at: Location)

    /// A string contains a control character (U+0000 to U+001F) that is not
    /// escaped.
    case unescapedControlCharacter(UInt8, at: Location)

    /// The text is not valid UTF-8.
    case invalidUTF8(at: Location)

    /// Where the problem is.
    public var location: Location {
        switch self {
        case .unexpectedCharacter(_, let location), .unexpectedEndOfInput(let location),
            .nestingTooDeep(_, let location), .numberWithLeadingZero(let location), .invalidNumber(let location),
            .numberOutOfRange(let location), .invalidEscape(let location), .loneSurrogate(let location),
            .unescapedControlCharacter(_, let location), .invalidUTF8(let location):
            return location
        }
    }

    /// A sentence that says what is wrong and where.
    public var description: String {
        let problem: String
        switch self {
        case .unexpectedCharacter(let byte, _):
            problem = "Unexpected character \(Self.describe(byte))"
        case .unexpectedEndOfInput:
            problem = "Unexpected end of input"
        case .nestingTooDeep(let limit, _):
            problem = "Arrays and objects nested deeper than \(limit) levels"
        case .numberWithLeadingZero:
            problem = "Number with a leading zero"
        case .invalidNumber:
            problem = "Invalid number"
        case .numberOutOfRange:
            problem = "Number out of the range of Double"
        case .invalidEscape:
            problem = "Invalid escape sequence"
        case .loneSurrogate:
            problem = "Unpaired UTF-16 surrogate escape"
        case .unescapedControlCharacter(let byte, _):
            problem = "Unescaped control character \(Self.describe(byte)) in string"
        case .invalidUTF8:
            problem = "Invalid UTF-8"
        }
        return "\(problem) at \(location)."
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
