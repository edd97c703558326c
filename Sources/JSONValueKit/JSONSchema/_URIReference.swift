#if JSONSchema

/// A URI reference split into the five components of RFC 3986, for
/// resolving `$id`, `$ref` and `$schema` against a base URI.
///
/// Only what schema references need: splitting (RFC 3986, appendix B),
/// resolving a reference against a base (section 5.2) with dot segments
/// removed, and putting the parts back together (section 5.3). Nothing is
/// percent-decoded or case-folded except the scheme, so two spellings of one
/// resource are two keys; schemas name their resources consistently, and a
/// registry that guessed at equivalence could confuse two resources.
struct _URIReference: Hashable, Sendable {
    var scheme: Substring?
    var authority: Substring?
    var path: Substring
    var query: Substring?
    var fragment: Substring?

    /// Splits `text` as RFC 3986's appendix B does: any string is a
    /// reference, so this never fails.
    init(_ text: String) {
        // Along the UTF-8 view: the delimiters are ASCII, and searching the
        // characters (grapheme by grapheme) made each reference to another
        // document cost tens of thousands of instructions.
        var rest = text[...]
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = rest[rest.utf8.index(after: hash)...]
            rest = rest[..<hash]
        }
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: question)...]
            rest = rest[..<question]
        }
        // A scheme is a letter followed by letters, digits, `+`, `-` and `.`
        // before the first `:`, and before any `/`.
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), Self.isScheme(rest[..<colon]) {
            scheme = Substring(rest[..<colon].lowercased())
            rest = rest[rest.utf8.index(after: colon)...]
        }
        if rest.utf8.starts(with: "//".utf8) {
            let start = rest.utf8.index(rest.startIndex, offsetBy: 2)
            let end = rest.utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            authority = rest[start..<end]
            rest = rest[end...]
        }
        path = rest
    }

    private init(
        scheme: Substring?, authority: Substring?, path: Substring, query: Substring?, fragment: Substring?
    ) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, _isASCIILetter(first) else { return false }
        return text.utf8.allSatisfy { byte in
            _isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// The reference put back together (RFC 3986, section 5.3).
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The reference without its fragment: the URI of the resource it names.
    var withoutFragment: _URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// This reference resolved against `base` (RFC 3986, section 5.2.2).
    ///
    /// A base without a scheme is accepted too, so that a schema without an
    /// absolute `$id` still resolves its relative references consistently:
    /// the merge is then done on paths alone.
    func resolved(against base: _URIReference) -> _URIReference {
        if scheme != nil {
            return _URIReference(
                scheme: scheme, authority: authority, path: Self.removingDotSegments(path), query: query,
                fragment: fragment)
        }
        if authority != nil {
            return _URIReference(
                scheme: base.scheme, authority: authority, path: Self.removingDotSegments(path), query: query,
                fragment: fragment)
        }
        if path.isEmpty {
            return _URIReference(
                scheme: base.scheme, authority: base.authority, path: base.path, query: query ?? base.query,
                fragment: fragment)
        }
        let mergedPath: Substring
        if path.hasPrefix("/") {
            mergedPath = Self.removingDotSegments(path)
        } else if base.authority != nil && base.path.isEmpty {
            mergedPath = Self.removingDotSegments("/" + path)
        } else if let slash = base.path.lastIndex(of: "/") {
            mergedPath = Self.removingDotSegments(base.path[...slash] + path)
        } else {
            mergedPath = Self.removingDotSegments(path)
        }
        return _URIReference(
            scheme: base.scheme, authority: base.authority, path: mergedPath, query: query, fragment: fragment)
    }

    /// RFC 3986, section 5.2.4: `.` and `..` segments removed.
    static func removingDotSegments(_ path: Substring) -> Substring {
        guard path.utf8.contains(UInt8(ascii: ".")) else { return path }
        var input = path[...]
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // Move the first segment, with its leading `/`, to the output.
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return Substring(output.joined())
    }
}

/// Whether a byte is an ASCII letter.
@inline(__always)
func _isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

#endif
