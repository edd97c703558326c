#if JSONSchema

/// `uri-template`: the syntax of RFC 6570 section 2, levels 1 to 4.
///
/// ```
/// URI-Template  = *( literals / expression )
/// expression    = "{" [ operator ] variable-list "}"
/// operator      = "+" / "#" / "." / "/" / ";" / "?" / "&" / "=" / "," / "!" / "@" / "|"
/// variable-list = varspec *( "," varspec )
/// varspec       = varname [ ":" max-length / "*" ]
/// varname       = varchar *( ["."] varchar )
/// varchar       = ALPHA / DIGIT / "_" / pct-encoded
/// max-length    = %x31-39 0*3DIGIT
/// ```
///
/// A literal is any character but controls, space, `"`, `%` outside a
/// `pct-encoded` triplet, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|` and `}`,
/// and among non-ASCII characters only `ucschar` and `iprivate`. The
/// apostrophe is allowed, as RFC 3986 allows it in a URI and the official
/// suite expects, though the RFC's ABNF leaves out `%x27`. The operators
/// that section 2.2 reserves for future extensions (`= , ! @ |`) are part of
/// the ABNF and so accepted as syntax.
extension _Format {
    static func isURITemplate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") {
                guard let next = expressionEnd(bytes, from: index + 1) else { return false }
                index = next
            } else if byte == UInt8(ascii: "%") {
                guard isPercentEncoded(bytes, index) else { return false }
                index += 3
            } else if byte >= 0x80 {
                let (scalar, length) = _FormatBytes.scalar(bytes, at: index)
                guard _URICharacters.isUCSCharacter(scalar) || _URICharacters.isPrivateUse(scalar) else { return false }
                index += length
            } else {
                switch byte {
                case 0x00...0x20, 0x22, 0x3C, 0x3E, 0x5C, 0x5E, 0x60, 0x7B, 0x7C, 0x7D, 0x7F: return false
                default: index += 1
                }
            }
        }
        return true
    }

    /// Reads an expression after its `{` and returns the index after its `}`.
    private static func expressionEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ";"),
            UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "!"),
            UInt8(ascii: "@"), UInt8(ascii: "|"):
            index += 1
        default:
            break
        }
        while true {
            // varname = varchar *( ["."] varchar )
            var afterDot = true
            while index < bytes.count {
                let byte = bytes[index]
                if _FormatBytes.isAlpha(byte) || _FormatBytes.isDigit(byte) || byte == UInt8(ascii: "_") {
                    index += 1
                } else if byte == UInt8(ascii: "%") {
                    guard isPercentEncoded(bytes, index) else { return nil }
                    index += 3
                } else if byte == UInt8(ascii: "."), !afterDot {
                    afterDot = true
                    index += 1
                    continue
                } else {
                    break
                }
                afterDot = false
            }
            // A name is not empty and does not end with a dot.
            guard !afterDot, index < bytes.count else { return nil }
            // modifier-level4 = ":" max-length / "*"
            if bytes[index] == UInt8(ascii: ":") {
                index += 1
                let digits = index
                while index < bytes.count, _FormatBytes.isDigit(bytes[index]) { index += 1 }
                guard index > digits, index - digits <= 4, bytes[digits] != UInt8(ascii: "0") else { return nil }
            } else if bytes[index] == UInt8(ascii: "*") {
                index += 1
            }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return index + 1 }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    @inline(__always)
    private static func isPercentEncoded(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        index + 2 < bytes.count && _FormatBytes.isHexDigit(bytes[index + 1])
            && _FormatBytes.isHexDigit(bytes[index + 2])
    }
}

#endif
