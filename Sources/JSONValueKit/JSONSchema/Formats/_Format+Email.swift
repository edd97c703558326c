#if JSONSchema

/// `email` (RFC 5321 `Mailbox`) and `idn-email` (RFC 6531).
///
/// ```
/// Mailbox       = Local-part "@" ( Domain / address-literal )
/// Local-part    = Dot-string / Quoted-string          ; at most 64 octets
/// Dot-string    = Atom *( "." Atom )                  ; Atom = 1*atext
/// Quoted-string = DQUOTE *( qtextSMTP / "\" %d32-126 ) DQUOTE
/// Domain        = sub-domain *( "." sub-domain )      ; at most 255 octets
/// sub-domain    = Let-dig [ Ldh-str ]                 ; at most 63 octets
/// address-literal = "[" ( IPv4-address-literal / "IPv6:" IPv6-addr ) "]"
/// ```
///
/// RFC 6531 adds `UTF8-non-ascii` to `atext` and `qtextSMTP`, and U-labels
/// to `sub-domain`. For `idn-email` a domain label may therefore hold any
/// non-ASCII character besides letters, digits and inner hyphens; the
/// label is not held to IDNA2008 (a label in NFD is valid, as the official
/// suite expects), since RFC 6531 leaves that to the domain's lookup.
/// `General-address-literal` is refused: no standardized tag but `IPv6`
/// has been registered.
extension _Format {
    static func isEmail(_ bytes: UnsafeBufferPointer<UInt8>, international: Bool) -> Bool {
        guard let at = localPartEnd(bytes, international: international), at <= 64 else { return false }
        let start = at + 1
        let end = bytes.count
        guard start < end else { return false }
        if bytes[start] == UInt8(ascii: "[") {
            guard bytes[end - 1] == UInt8(ascii: "]") else { return false }
            return isAddressLiteral(bytes, start + 1, end - 1)
        }
        return isMailDomain(bytes, start, end, international: international)
    }

    /// Reads the local part and returns the index of the `@` after it.
    private static func localPartEnd(_ bytes: UnsafeBufferPointer<UInt8>, international: Bool) -> Int? {
        var index = 0
        guard index < bytes.count else { return nil }
        if bytes[0] == UInt8(ascii: "\"") {
            index = 1
            var closed = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    closed = true
                    break
                }
                if byte == UInt8(ascii: "\\") {
                    // quoted-pairSMTP = %d92 %d32-126
                    guard index + 1 < bytes.count, (32...126).contains(bytes[index + 1]) else { return nil }
                    index += 2
                } else if (32...126).contains(byte) || (byte >= 0x80 && international) {
                    index += 1
                } else {
                    return nil
                }
            }
            guard closed else { return nil }
        } else {
            var atomStart = true
            while index < bytes.count, bytes[index] != UInt8(ascii: "@") {
                let byte = bytes[index]
                if byte == UInt8(ascii: ".") {
                    guard !atomStart else { return nil }
                    atomStart = true
                } else if isAtomText(byte) || (byte >= 0x80 && international) {
                    atomStart = false
                } else {
                    return nil
                }
                index += 1
            }
            guard !atomStart else { return nil }
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "@") else { return nil }
        return index
    }

    /// RFC 5322 `atext`: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    @inline(__always)
    private static func isAtomText(_ byte: UInt8) -> Bool {
        if _FormatBytes.isAlpha(byte) || _FormatBytes.isDigit(byte) { return true }
        switch byte {
        case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2F, 0x3D, 0x3F, 0x5E...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    /// `Domain`: labels of letters, digits and inner hyphens (and, if
    /// `international`, non-ASCII characters), each at most 63 octets, the
    /// whole at most 255.
    private static func isMailDomain(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, international: Bool
    ) -> Bool {
        guard end - start <= 255 else { return false }
        var labelStart = start
        var index = start
        while true {
            if index == end || bytes[index] == UInt8(ascii: ".") {
                let length = index - labelStart
                guard length >= 1, length <= 63, bytes[labelStart] != UInt8(ascii: "-"),
                    bytes[index - 1] != UInt8(ascii: "-")
                else { return false }
                if index == end { return true }
                labelStart = index + 1
            } else {
                let byte = bytes[index]
                guard
                    _FormatBytes.isAlpha(byte) || _FormatBytes.isDigit(byte) || byte == UInt8(ascii: "-")
                        || (byte >= 0x80 && international)
                else { return false }
            }
            index += 1
        }
    }

    /// `IPv4-address-literal / "IPv6:" IPv6-addr` between the brackets.
    private static func isAddressLiteral(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        if end - start > 5, bytes[start] | 0x20 == UInt8(ascii: "i"), bytes[start + 1] | 0x20 == UInt8(ascii: "p"),
            bytes[start + 2] | 0x20 == UInt8(ascii: "v"), bytes[start + 3] == UInt8(ascii: "6"),
            bytes[start + 4] == UInt8(ascii: ":")
        {
            return isIPv6(bytes, start + 5, end)
        }
        // Snum = 1*3DIGIT, 0 to 255; RFC 5321 does not forbid leading zeros.
        var index = start
        for part in 0..<4 {
            if part > 0 {
                guard index < end, bytes[index] == UInt8(ascii: ".") else { return false }
                index += 1
            }
            let first = index
            var value = 0
            while index < end, index - first < 3, _FormatBytes.isDigit(bytes[index]) {
                value = value * 10 + Int(bytes[index] &- 0x30)
                index += 1
            }
            guard index > first, value <= 255 else { return false }
        }
        return index == end
    }
}

#endif
