/// A JSON Pointer (RFC 6901): the address of a value inside a JSON document,
/// such as `/ext/tags/0`.
///
/// Create one from its text, which is validated, or from its reference
/// tokens, which need no escaping:
///
/// ```swift
/// let pointer = try JSONPointer(parsing: "/ext/tags/0")
/// pointer.tokens                                 // ["ext", "tags", "0"]
/// JSONPointer(tokens: ["a/b", "m~n"]).description // "/a~1b/m~0n"
/// let literal: JSONPointer = "/ext/intExt"        // a literal is checked when it runs
/// ```
///
/// Read and change values with ``JSONValue/subscript(pointer:)``:
///
/// ```swift
/// var value: JSONValue = ["ext": ["tags": ["a", "b"]]]
/// value[pointer: "/ext/tags/1"]          // "b"
/// value[pointer: "/ext/tags/-"] = "c"    // appends
/// ```
///
/// ### Exactness
///
/// - `~1` decodes to `/` and `~0` to `~`, in that order, so `~01` is the
///   member `~1`. A `~` followed by anything else is an error.
/// - Member names match by their Unicode scalars, as RFC 6901 requires, not
///   by Swift's canonical equivalence: `/e\u{301}` does not find a member
///   spelled `é` with one scalar. Two pointers are equal when their tokens
///   have the same scalars.
/// - An array index is `0` or a digit sequence without a leading zero or
///   sign; `-` names the position after the last element, which only adding
///   can use.
///
/// `JSONPointer` is `Codable` as its text, so patches and messages can carry
/// it as a string.
public struct JSONPointer: Sendable {
    /// The reference tokens, unescaped: `/a~1b/c` has the tokens `["a/b", "c"]`.
    ///
    /// The root pointer, the empty string, has no tokens; so has an invalid
    /// literal (see ``init(stringLiteral:)``). Setting the tokens makes the
    /// pointer valid.
    public var tokens: [String] {
        get { storedTokens }
        set {
            storedTokens = newValue
            invalid = nil
        }
    }

    private var storedTokens: [String]

    /// Why the text of an invalid literal is not a pointer, and the text.
    var invalid: _InvalidText?

    /// The pointer to the whole document: the empty string.
    public static let root = JSONPointer(tokens: [])

    /// Creates a pointer from its reference tokens, which are escaped as
    /// needed when it is written.
    ///
    /// ```swift
    /// JSONPointer(tokens: ["ext", "a/b"]).description   // "/ext/a~1b"
    /// ```
    ///
    /// - Parameter tokens: The unescaped reference tokens, outermost first.
    public init(tokens: [String]) {
        self.storedTokens = tokens
    }

    /// Parses a pointer from its JSON string form, such as `/ext/tags/0`.
    ///
    /// ```swift
    /// let pointer = try JSONPointer(parsing: "/a~1b/~01")   // tokens ["a/b", "~1"]
    /// ```
    ///
    /// Text such as `a` (no leading `/`) or `/a~2` (an escape other than `~0`
    /// and `~1`) is refused with the offending offset.
    ///
    /// The label keeps this call apart from the literal initializer: Swift
    /// reads `JSONPointer("/a")`, with a literal and no label, as the
    /// literal `"/a" as JSONPointer` (SE-0213), which cannot throw.
    ///
    /// - Parameter text: The pointer: the empty string, or `/` followed by
    ///   reference tokens separated by `/`.
    /// - Throws: ``JSONPointerError`` with ``JSONPointerError/Kind/missingLeadingSlash``
    ///   or ``JSONPointerError/Kind/invalidEscape``, and the UTF-8 offset of
    ///   the offending character.
    public init(parsing text: String) throws(JSONPointerError) {
        switch Self.parse(Array(text.utf8)) {
        case .success(let tokens):
            self.init(tokens: tokens)
        case .failure(let problem):
            throw JSONPointerError(problem.kind, text: text, offset: problem.offset)
        }
    }

    /// The tokens of pointer text, or what is wrong with it and where.
    static func parse(_ bytes: [UInt8]) -> Result<[String], _InvalidText.Problem> {
        guard !bytes.isEmpty else { return .success([]) }
        guard bytes[0] == UInt8(ascii: "/") else { return .failure(.init(kind: .missingLeadingSlash, offset: 0)) }
        var tokens: [String] = []
        var current: [UInt8] = []
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/"):
                tokens.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            case UInt8(ascii: "~"):
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                switch next {
                case UInt8(ascii: "0"): current.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): current.append(UInt8(ascii: "/"))
                default: return .failure(.init(kind: .invalidEscape, offset: index))
                }
                index += 1
            default:
                current.append(byte)
            }
            index += 1
        }
        tokens.append(String(decoding: current, as: UTF8.self))
        return .success(tokens)
    }

    /// The tokens, or the error of an invalid literal.
    func validTokens() throws(JSONPointerError) -> [String] {
        if let invalid { throw invalid.error }
        return storedTokens
    }

    /// For a pointer made from an invalid string literal, why it is
    /// invalid; `nil` for a valid pointer.
    ///
    /// ```swift
    /// let pointer: JSONPointer = "profile/name"
    /// pointer.literalError?.description   // Invalid JSON Pointer "profile/name" at offset 0: ...
    /// ```
    ///
    /// It is the error that ``init(parsing:)`` throws for the same text, and
    /// that every throwing use of the pointer throws. Setting ``tokens``
    /// makes the pointer valid, and this `nil`.
    public var literalError: JSONPointerError? { invalid?.error }

    /// Whether this is the root pointer, which names the whole document.
    public var isRoot: Bool { invalid == nil && tokens.isEmpty }

    /// The pointer to the value that contains this one, or `nil` for the
    /// root.
    ///
    /// ```swift
    /// ("/a/b" as JSONPointer).parent   // "/a"
    /// ```
    public var parent: JSONPointer? {
        isRoot ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
    }

    /// Returns the pointer to a member or element of the value this pointer
    /// names.
    ///
    /// ```swift
    /// JSONPointer.root.appending("ext").appending("0")   // "/ext/0"
    /// ```
    ///
    /// - Parameter token: The member name, or the array index as text.
    /// - Returns: The longer pointer.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [token])
    }

    /// Returns the pointer to an element of the array this pointer names.
    ///
    /// - Parameter index: The element's index.
    /// - Returns: The longer pointer.
    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// Whether this pointer names a value inside the one `other` names, or
    /// the same value: its tokens start with all of `other`'s.
    ///
    /// - Parameter other: The possible ancestor.
    /// - Returns: `true` if `other` is this pointer or one of its ancestors.
    public func hasPrefix(_ other: JSONPointer) -> Bool {
        other.tokens.count <= tokens.count
            && zip(other.tokens, tokens).allSatisfy { JSONObject.sameScalars($0, $1) }
    }

    /// The array index a token names: `0` or digits without a leading zero,
    /// and nothing else (no sign, no exponent); `nil` otherwise, also for `-`.
    /// Digits beyond `Int` name an index beyond every array: `Int.max`, so
    /// that `/5000000000` is out of range whether `Int` has 64 bits or 32.
    static func arrayIndex(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        guard first != UInt8(ascii: "0") || utf8.count == 1 else { return nil }
        guard utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(token) ?? .max
    }
}

extension JSONPointer: Hashable {
    /// Returns whether two pointers have the same tokens, compared by their
    /// Unicode scalars.
    ///
    /// - Parameters:
    ///   - lhs: A pointer.
    ///   - rhs: Another pointer.
    /// - Returns: `true` if the tokens are the same, scalar for scalar.
    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        // An invalid literal has no tokens but is not the root: it equals
        // only an invalid literal with the same text.
        guard lhs.invalid == nil, rhs.invalid == nil else {
            guard let left = lhs.invalid?.text, let right = rhs.invalid?.text else { return false }
            return JSONObject.sameScalars(left, right)
        }
        return lhs.tokens.count == rhs.tokens.count
            && zip(lhs.tokens, rhs.tokens).allSatisfy { JSONObject.sameScalars($0, $1) }
    }

    /// Hashes the tokens' UTF-8 bytes, consistently with ``==(_:_:)``.
    ///
    /// - Parameter hasher: The hasher to use.
    public func hash(into hasher: inout Hasher) {
        if let invalid {
            hasher.combine(-1)
            for byte in invalid.text.utf8 { hasher.combine(byte) }
            return
        }
        hasher.combine(tokens.count)
        for token in tokens {
            hasher.combine(token.utf8.count)
            for byte in token.utf8 { hasher.combine(byte) }
        }
    }
}

extension JSONPointer: CustomStringConvertible {
    /// The pointer's text, with `~` written `~0` and `/` written `~1`.
    ///
    /// ```swift
    /// JSONPointer(tokens: ["a/b", "m~n"]).description   // "/a~1b/m~0n"
    /// ```
    public var description: String {
        if let invalid { return invalid.text }
        var text = ""
        for token in tokens {
            text += "/"
            for scalar in token.unicodeScalars {
                switch scalar {
                case "~": text += "~0"
                case "/": text += "~1"
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        return text
    }
}

extension JSONPointer: ExpressibleByStringLiteral {
    /// Creates a pointer from a string literal.
    ///
    /// ```swift
    /// let pointer: JSONPointer = "/ext/tags/0"
    /// value[pointer: "/a/0"]
    /// var paths: [JSONPointer] { ["/code", "/tagcode"] }
    /// ```
    ///
    /// An invalid literal, such as `"profile/name"`, does not stop the
    /// program: it makes a pointer that names no value and keeps the reason.
    /// Reading through it gives `nil`, a write through the subscript does
    /// nothing, and every throwing use (``JSONValue/value(at:)``,
    /// ``JSONValue/setValue(_:at:)``, ``JSONValue/removeValue(at:)``, a
    /// patch) throws the ``JSONPointerError`` that ``init(parsing:)`` would
    /// have thrown, which ``literalError`` gives. Its ``description`` is the
    /// literal's text. Use ``init(parsing:)`` for text that is not known when
    /// the code is written, to get the error thrown.
    ///
    /// - Parameter value: The pointer's text.
    public init(stringLiteral value: String) {
        switch Self.parse(Array(value.utf8)) {
        case .success(let tokens):
            self.init(tokens: tokens)
        case .failure(let problem):
            self.init(tokens: [])
            invalid = _InvalidText(text: value, problem: problem)
        }
    }
}

/// The text of an invalid pointer literal, and what is wrong with it.
struct _InvalidText: Hashable, Sendable {
    struct Problem: Error, Hashable, Sendable {
        var kind: JSONPointerError.Kind
        var offset: Int
    }

    var text: String
    var problem: Problem

    var error: JSONPointerError { JSONPointerError(problem.kind, text: text, offset: problem.offset) }
}

extension JSONPointer {
    /// Parses a pointer from its URI fragment form (RFC 6901 section 6),
    /// such as `#/a%20b`: a `#` followed by the pointer with its UTF-8 bytes
    /// percent-encoded where a fragment needs it.
    ///
    /// ```swift
    /// try JSONPointer(uriFragment: "#/a%20b/c%25d").tokens   // ["a b", "c%d"]
    /// ```
    ///
    /// - Parameter uriFragment: The fragment, starting with `#`.
    /// - Throws: ``JSONPointerError`` with
    ///   ``JSONPointerError/Kind/missingNumberSign``,
    ///   ``JSONPointerError/Kind/invalidPercentEncoding`` (`%ZZ`, or a `%`
    ///   without two hexadecimal digits) or ``JSONPointerError/Kind/invalidUTF8``
    ///   (escapes that decode to bytes that are not UTF-8), or the errors
    ///   of ``init(parsing:)``, with offsets into the fragment.
    public init(uriFragment: String) throws(JSONPointerError) {
        let bytes = Array(uriFragment.utf8)
        guard bytes.first == UInt8(ascii: "#") else {
            throw JSONPointerError(.missingNumberSign, text: uriFragment, offset: 0)
        }
        // The decoded bytes, and for each the offset in the fragment of the
        // character it came from, so that errors point into the fragment.
        var decoded: [UInt8] = []
        var origins: [Int] = []
        var index = 1
        while index < bytes.count {
            origins.append(index)
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = _hexValue(bytes[index + 1]),
                    let low = _hexValue(bytes[index + 2])
                else {
                    throw JSONPointerError(.invalidPercentEncoding, text: uriFragment, offset: index)
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        let text = String(decoding: decoded, as: UTF8.self)
        guard text.utf8.elementsEqual(decoded) else {
            // The first decoded byte that does not begin a valid sequence.
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = decoded.makeIterator()
            var valid = 0
            while case .valid(let scalar) = parser.parseScalar(from: &iterator) { valid += scalar.count }
            throw JSONPointerError(.invalidUTF8, text: uriFragment, offset: origins[min(valid, origins.count - 1)])
        }
        switch Self.parse(decoded) {
        case .success(let tokens):
            self.init(tokens: tokens)
        case .failure(let problem):
            let offset = problem.offset < origins.count ? origins[problem.offset] : bytes.count
            throw JSONPointerError(problem.kind, text: uriFragment, offset: offset)
        }
    }

    /// The pointer as a URI fragment: `#` and the pointer's text, with every
    /// byte that a fragment cannot hold percent-encoded.
    ///
    /// ```swift
    /// JSONPointer(tokens: ["a b", "c%d"]).uriFragment   // "#/a%20b/c%25d"
    /// ```
    public var uriFragment: String {
        var result = "#"
        for byte in description.utf8 {
            if Self.isFragmentSafe(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%"
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
            }
        }
        return result
    }

    /// The characters RFC 3986 allows in a fragment unescaped: unreserved,
    /// sub-delims, `:`, `@`, `/` and `?`.
    private static func isFragmentSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/?".utf8.contains(byte)
        }
    }
}
