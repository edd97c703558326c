#if JSONSchema

/// The content keywords as assertions, with
/// ``JSONSchema/Options-swift.struct/assertsContent``: `contentEncoding:
/// "base64"`, a JSON `contentMediaType` and, from 2019-09 on, its
/// `contentSchema`. Without the option they are annotations, as 2019-09 and
/// 2020-12 specify and draft-07 allows.
struct _SchemaContent: Sendable {
    /// Whether the string must be base64 (RFC 4648, section 4).
    var isBase64: Bool
    /// Whether the (decoded) content must be JSON text.
    var isJSON: Bool
    /// The node of `contentSchema`, which the JSON content must be valid
    /// against; -1 for none.
    var schema: Int32 = -1

    /// Whether a `contentEncoding` names base64: RFC 2045's encoding names
    /// ignore case.
    static func isBase64(_ encoding: JSONValue?) -> Bool {
        guard case .string(let name)? = encoding else { return false }
        return name.lowercased() == "base64"
    }

    /// Whether a `contentMediaType` names JSON: `application/json`, or a
    /// type with the `+json` suffix (RFC 6839), in any case and with any
    /// parameters (`application/json; charset=utf-8`).
    static func isJSON(_ mediaType: JSONValue?) -> Bool {
        guard case .string(let text)? = mediaType else { return false }
        let essence = text.prefix { $0 != ";" }.drop { $0 == " " || $0 == "\t" }.lowercased()
        let type = String(essence.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard type.hasPrefix("application/") else { return false }
        return type == "application/json" || (type.hasSuffix("+json") && type.count > "application/+json".count)
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

#endif
