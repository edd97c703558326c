/// Draft-07's content assertions: `contentEncoding: "base64"` and
/// `contentMediaType: "application/json"`, which draft-07 lets a validator
/// check and its optional tests expect checked. From 2019-09 on the content
/// keywords are annotations only.
struct _SchemaContent: Sendable {
    /// Whether the string must be base64 (RFC 4648, section 4).
    var isBase64: Bool
    /// Whether the (decoded) content must be JSON text.
    var isJSON: Bool

    /// Whether a string satisfies the content keywords.
    func accepts(_ string: String) -> Bool {
        var bytes = Array(string.utf8)
        if isBase64 {
            guard let decoded = Self.decodeBase64(bytes) else { return false }
            bytes = decoded
        }
        if isJSON {
            guard (try? JSONValue(parsing: bytes)) != nil else { return false }
        }
        return true
    }

    /// Decodes base64 with padding; `nil` for any other character, a length
    /// that is not a multiple of four, or misplaced padding.
    static func decodeBase64(_ text: [UInt8]) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(text.count / 4 * 3)
        var index = 0
        while index < text.count {
            var quantum: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = text[index + offset]
                let value: UInt32
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                case UInt8(ascii: "="):
                    // Padding only in the last two places of the last quantum.
                    guard index + 4 == text.count, offset >= 2 else { return nil }
                    padding += 1
                    value = 0
                default:
                    return nil
                }
                if padding > 0 && byte != UInt8(ascii: "=") { return nil }
                quantum = quantum << 6 | value
            }
            result.append(UInt8(truncatingIfNeeded: quantum >> 16))
            if padding < 2 { result.append(UInt8(truncatingIfNeeded: quantum >> 8)) }
            if padding < 1 { result.append(UInt8(truncatingIfNeeded: quantum)) }
            index += 4
        }
        return result
    }
}
