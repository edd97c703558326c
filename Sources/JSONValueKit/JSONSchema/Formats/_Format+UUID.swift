#if JSONSchema

/// `uuid`: the string form of RFC 4122 section 3 (RFC 9562 section 4).
extension _Format {
    /// Thirty-two hexadecimal digits in either case, grouped 8-4-4-4-12 by
    /// hyphens. The version and variant digits may be anything: the format
    /// names the syntax, and RFC 9562 adds versions that RFC 4122 lacked.
    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for index in 0..<36 {
            switch index {
            case 8, 13, 18, 23:
                guard bytes[index] == UInt8(ascii: "-") else { return false }
            default:
                guard _FormatBytes.isHexDigit(bytes[index]) else { return false }
            }
        }
        return true
    }
}

#endif
