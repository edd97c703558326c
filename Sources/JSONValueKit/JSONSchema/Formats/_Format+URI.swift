#if JSONSchema

/// `uri`, `uri-reference` (RFC 3986) and `iri`, `iri-reference` (RFC 3987).
///
/// The grammar, with the IRI additions in brackets:
///
/// ```
/// URI-reference = URI / relative-ref
/// URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
/// relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
/// hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
/// relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
/// authority     = [ userinfo "@" ] host [ ":" port ]
/// host          = IP-literal / IPv4address / reg-name
/// IP-literal    = "[" ( IPv6address / IPvFuture ) "]"
/// IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
/// pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
/// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"   [ / ucschar ]
/// query         = *( pchar / "/" / "?" )                   [ / iprivate ]
/// fragment      = *( pchar / "/" / "?" )
/// ```
///
/// Every `IPv4address` is also a `reg-name`, so a host such as
/// `999.999.999.999` is valid; the address inside brackets is checked as
/// an IPv6 address, where a dotted quad must be exact.
extension _Format {
    static func isURI(_ bytes: UnsafeBufferPointer<UInt8>, international: Bool, reference: Bool) -> Bool {
        var index = 0
        let hasScheme: Bool
        if let colon = schemeEnd(bytes) {
            hasScheme = true
            index = colon + 1
        } else {
            guard reference else { return false }
            hasScheme = false
        }
        let count = bytes.count
        let characters = _URICharacters(bytes: bytes, international: international)

        // hier-part or relative-part
        if index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            var end = index
            while end < count, !isDelimiter(bytes[end], slash: true) { end += 1 }
            guard characters.isAuthority(index, end) else { return false }
            index = end
        } else if !hasScheme {
            // path-noscheme: the first segment has no ":", lest it read as a scheme.
            while index < count, !isDelimiter(bytes[index], slash: true) {
                guard bytes[index] != UInt8(ascii: ":") else { return false }
                guard let next = characters.pathCharacter(at: index, extra: 0) else { return false }
                index = next
            }
        }
        while index < count, !isDelimiter(bytes[index], slash: false) {
            guard let next = characters.pathCharacter(at: index, extra: UInt8(ascii: "/")) else { return false }
            index = next
        }
        if index < count, bytes[index] == UInt8(ascii: "?") {
            index += 1
            while index < count, bytes[index] != UInt8(ascii: "#") {
                guard let next = characters.queryCharacter(at: index, privateUse: true) else { return false }
                index = next
            }
        }
        if index < count, bytes[index] == UInt8(ascii: "#") {
            index += 1
            while index < count {
                guard let next = characters.queryCharacter(at: index, privateUse: false) else { return false }
                index = next
            }
        }
        return index == count
    }

    /// The index of the `:` that ends a scheme, `ALPHA *( ALPHA / DIGIT /
    /// "+" / "-" / "." ) ":"`, or `nil` when the text does not start with one.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, _FormatBytes.isAlpha(first) else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard
                _FormatBytes.isAlpha(byte) || _FormatBytes.isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            else { return nil }
            index += 1
        }
        return nil
    }

    /// `?` and `#` end a path, and `/` ends an authority or a segment.
    @inline(__always)
    private static func isDelimiter(_ byte: UInt8, slash: Bool) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || (slash && byte == UInt8(ascii: "/"))
    }
}

/// The character classes of RFC 3986 over one string, with RFC 3987's
/// `ucschar` and `iprivate` when `international`. Each method checks the
/// character at an index and returns the index after it, or `nil`.
struct _URICharacters {
    let bytes: UnsafeBufferPointer<UInt8>
    let international: Bool

    /// A `pct-encoded` triplet at `index`, or a non-ASCII scalar that the
    /// IRI grammar allows there.
    @inline(__always)
    private func escapeOrScalar(at index: Int, privateUse: Bool) -> Int? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, _FormatBytes.isHexDigit(bytes[index + 1]),
                _FormatBytes.isHexDigit(bytes[index + 2])
            else { return nil }
            return index + 3
        }
        guard byte >= 0x80, international else { return nil }
        let (scalar, length) = _FormatBytes.scalar(bytes, at: index)
        guard Self.isUCSCharacter(scalar) || (privateUse && Self.isPrivateUse(scalar)) else { return nil }
        return index + length
    }

    /// `pchar`, or `extra` (`/` within a path).
    @inline(__always)
    func pathCharacter(at index: Int, extra: UInt8) -> Int? {
        let byte = bytes[index]
        if _FormatBytes.isUnreserved(byte) || _FormatBytes.isSubDelimiter(byte) || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "@") || (extra != 0 && byte == extra)
        {
            return index + 1
        }
        return escapeOrScalar(at: index, privateUse: false)
    }

    /// `pchar / "/" / "?"`, and `iprivate` in an IRI's query.
    @inline(__always)
    func queryCharacter(at index: Int, privateUse: Bool) -> Int? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") { return index + 1 }
        if byte >= 0x80 { return escapeOrScalar(at: index, privateUse: privateUse) }
        return pathCharacter(at: index, extra: 0)
    }

    /// `unreserved / pct-encoded / sub-delims`, and `":"` if `colon`.
    @inline(__always)
    private func nameCharacter(at index: Int, colon: Bool) -> Int? {
        let byte = bytes[index]
        if _FormatBytes.isUnreserved(byte) || _FormatBytes.isSubDelimiter(byte) || (colon && byte == UInt8(ascii: ":"))
        {
            return index + 1
        }
        return escapeOrScalar(at: index, privateUse: false)
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]` in `start..<end`.
    func isAuthority(_ start: Int, _ end: Int) -> Bool {
        var index = start
        // userinfo: up to the first "@", which neither host nor port may hold.
        var at = start
        while at < end, bytes[at] != UInt8(ascii: "@") { at += 1 }
        if at < end {
            while index < at {
                guard let next = nameCharacter(at: index, colon: true) else { return false }
                index = next
            }
            index = at + 1
        }
        if index < end, bytes[index] == UInt8(ascii: "[") {
            var close = index + 1
            while close < end, bytes[close] != UInt8(ascii: "]") { close += 1 }
            guard close < end, isIPLiteral(index + 1, close) else { return false }
            index = close + 1
        } else {
            while index < end, bytes[index] != UInt8(ascii: ":") {
                guard let next = nameCharacter(at: index, colon: false) else { return false }
                index = next
            }
        }
        if index < end {
            guard bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            while index < end {
                guard _FormatBytes.isDigit(bytes[index]) else { return false }
                index += 1
            }
        }
        return true
    }

    /// `IPv6address / IPvFuture` between the brackets.
    private func isIPLiteral(_ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        guard bytes[start] | 0x20 == UInt8(ascii: "v") else { return _Format.isIPv6(bytes, start, end) }
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        var index = start + 1
        let digits = index
        while index < end, _FormatBytes.isHexDigit(bytes[index]) { index += 1 }
        guard index > digits, index < end, bytes[index] == UInt8(ascii: "."), index + 1 < end else { return false }
        index += 1
        while index < end {
            let byte = bytes[index]
            guard _FormatBytes.isUnreserved(byte) || _FormatBytes.isSubDelimiter(byte) || byte == UInt8(ascii: ":")
            else { return false }
            index += 1
        }
        return true
    }

    /// RFC 3987 `ucschar`: the non-ASCII characters an IRI may hold outside
    /// its query, which leave out the surrogates, the private-use areas,
    /// the specials block and each plane's last two code points.
    static func isUCSCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA0...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF: return true
        case 0x10000...0xDFFFF: return scalar & 0xFFFF <= 0xFFFD
        case 0xE1000...0xEFFFD: return true
        default: return false
        }
    }

    /// RFC 3987 `iprivate`: the private-use code points, allowed in a query.
    static func isPrivateUse(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD: return true
        default: return false
        }
    }
}

#endif
