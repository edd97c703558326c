#if JSONSchema

/// `json-pointer` (RFC 6901) and `relative-json-pointer`
/// (draft-bhutton-relative-json-pointer-00).
extension _Format {
    /// `json-pointer = *( "/" reference-token )`, where a `~` must be
    /// followed by `0` or `1`. Any other text is allowed in a token, control
    /// characters included: the pointer is the string after JSON unescaping.
    static func isJSONPointer(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard start < bytes.count else { return true }
        guard bytes[start] == UInt8(ascii: "/") else { return false }
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "~") {
                index += 1
                guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1")
                else { return false }
            }
            index += 1
        }
        return true
    }

    /// ```
    /// relative-json-pointer = non-negative-integer [index-manipulation] json-pointer
    ///                       / non-negative-integer [index-manipulation] "#"
    /// index-manipulation    = ("+" / "-") non-negative-integer
    /// non-negative-integer  = "0" / %x31-39 *DIGIT
    /// ```
    ///
    /// The index manipulation came with the draft of the 2020-12 era; an
    /// older pointer never has one, so accepting it costs the older drafts
    /// nothing.
    static func isRelativeJSONPointer(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        guard nonNegativeInteger(bytes, &index) else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard nonNegativeInteger(bytes, &index) else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") { return index + 1 == bytes.count }
        return isJSONPointer(bytes, from: index)
    }

    /// Reads `"0" / %x31-39 *DIGIT`.
    private static func nonNegativeInteger(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        guard index < bytes.count, _FormatBytes.isDigit(bytes[index]) else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            return index == bytes.count || !_FormatBytes.isDigit(bytes[index])
        }
        while index < bytes.count, _FormatBytes.isDigit(bytes[index]) { index += 1 }
        return true
    }
}

#endif
