#if JSONSchema

/// `ipv4` and `ipv6`, also used for the address literals of `email` and the
/// IP literals of `uri` and `iri`.
extension _Format {
    /// The dotted-quad form of RFC 2673 section 3.2 that JSON Schema names:
    /// four decimal numbers from 0 to 255, without leading zeros (`01` could
    /// be read as octal), signs or other bases.
    static func isIPv4(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
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
            let digits = index - first
            guard digits > 0, value <= 255, digits == 1 || bytes[first] != UInt8(ascii: "0") else { return false }
        }
        return index == end
    }

    /// The text forms of RFC 4291 section 2.2: eight groups of one to four
    /// hexadecimal digits, at most one `::` standing for one or more groups
    /// of zeros, and optionally a dotted quad (as ``isIPv4(_:_:_:)``) in
    /// place of the last two groups. Zone identifiers and prefix lengths are
    /// not part of an address.
    static func isIPv6(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var index = start
        var groups = 0
        var compressed = false
        guard end - start >= 2 else { return false }
        if bytes[index] == UInt8(ascii: ":") {
            guard bytes[index + 1] == UInt8(ascii: ":") else { return false }
            compressed = true
            index += 2
            if index == end { return true }
        }
        while true {
            let first = index
            while index < end, index - first < 5, _FormatBytes.isHexDigit(bytes[index]) { index += 1 }
            if index < end, bytes[index] == UInt8(ascii: ".") {
                // The dotted quad is last and counts as two groups.
                guard isIPv4(bytes, first, end) else { return false }
                groups += 2
                break
            }
            let digits = index - first
            guard digits >= 1, digits <= 4 else { return false }
            groups += 1
            if index == end { break }
            guard bytes[index] == UInt8(ascii: ":"), index + 1 < end else { return false }
            index += 1
            if bytes[index] == UInt8(ascii: ":") {
                guard !compressed else { return false }
                compressed = true
                index += 1
                if index == end { break }
            }
            guard groups < 8 else { return false }
        }
        return compressed ? groups <= 7 : groups == 8
    }
}

#endif
