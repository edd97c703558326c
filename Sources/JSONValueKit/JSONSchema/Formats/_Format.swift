#if JSONSchema

/// A format that JSON Schema defines, checked by the package's own code.
///
/// With `assertsFormats`, the validator asks `_Format(rawValue:)` for the
/// keyword's value: a format it does not know stays an annotation, as the
/// specification says. Each check reads the string's UTF-8 bytes in place,
/// with no Foundation formatter and no regular expression, so it behaves the
/// same on every platform and costs time linear in the string's length:
///
/// | format | grammar |
/// | --- | --- |
/// | `date-time`, `date`, `time` | RFC 3339 section 5.6, with real month lengths and leap seconds |
/// | `duration` | RFC 3339 appendix A |
/// | `email`, `idn-email` | RFC 5321 `Mailbox`, RFC 6531 |
/// | `hostname`, `idn-hostname` | RFC 1123, IDNA2008 (RFC 5890 to 5893, RFC 3492) |
/// | `ipv4`, `ipv6` | dotted quad without leading zeros, RFC 4291 section 2.2 |
/// | `uri`, `uri-reference` | RFC 3986 |
/// | `iri`, `iri-reference` | RFC 3987 |
/// | `uuid` | RFC 4122, the 8-4-4-4-12 hexadecimal form |
/// | `uri-template` | RFC 6570 (levels 1 to 4) |
/// | `json-pointer`, `relative-json-pointer` | RFC 6901, draft-bhutton-relative-json-pointer |
/// | `regex` | ECMA-262 |
enum _Format: String, Sendable, CaseIterable {
    case dateTime = "date-time"
    case date
    case time
    case duration
    case email
    case idnEmail = "idn-email"
    case hostname
    case idnHostname = "idn-hostname"
    case ipv4
    case ipv6
    case uri
    case uriReference = "uri-reference"
    case iri
    case iriReference = "iri-reference"
    case uuid
    case uriTemplate = "uri-template"
    case jsonPointer = "json-pointer"
    case relativeJSONPointer = "relative-json-pointer"
    case regex

    /// Whether `string` is valid for this format (only strings are checked;
    /// the validator passes every non-string instance without calling this).
    ///
    /// - Complexity: O(*n*) in the string's length in UTF-8 for every format
    ///   but `regex`, whose cost is the pattern parser's.
    func isValid(_ string: String) -> Bool {
        if self == .regex { return _isValidECMAScriptPattern(string) }
        if let result = string.utf8.withContiguousStorageIfAvailable({ isValid(utf8: $0) }) {
            return result
        }
        // A bridged string without contiguous UTF-8: copy it once.
        var copy = string
        return copy.withUTF8 { isValid(utf8: $0) }
    }

    /// Whether the UTF-8 text `bytes` (valid UTF-8, as every `String` is) is
    /// valid for this format.
    func isValid(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .dateTime: return Self.isDateTime(bytes)
        case .date: return Self.isDate(bytes)
        case .time: return Self.isTime(bytes)
        case .duration: return Self.isDuration(bytes)
        case .email: return Self.isEmail(bytes, international: false)
        case .idnEmail: return Self.isEmail(bytes, international: true)
        case .hostname: return _IDNA.isHostname(bytes, international: false)
        case .idnHostname: return _IDNA.isHostname(bytes, international: true)
        case .ipv4: return Self.isIPv4(bytes, 0, bytes.count)
        case .ipv6: return Self.isIPv6(bytes, 0, bytes.count)
        case .uri: return Self.isURI(bytes, international: false, reference: false)
        case .uriReference: return Self.isURI(bytes, international: false, reference: true)
        case .iri: return Self.isURI(bytes, international: true, reference: false)
        case .iriReference: return Self.isURI(bytes, international: true, reference: true)
        case .uuid: return Self.isUUID(bytes)
        case .uriTemplate: return Self.isURITemplate(bytes)
        case .jsonPointer: return Self.isJSONPointer(bytes, from: 0)
        case .relativeJSONPointer: return Self.isRelativeJSONPointer(bytes)
        case .regex: return _isValidECMAScriptPattern(String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// Byte classes and UTF-8 decoding shared by the format checks.
///
/// The checks read a string's UTF-8 bytes, which are valid UTF-8 because
/// they come from a `String`; ASCII is handled byte by byte and anything
/// else is decoded to a scalar only where a grammar admits non-ASCII text.
enum _FormatBytes {
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10
    }

    @inline(__always)
    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26
    }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 6
    }

    /// RFC 3986 `unreserved`: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    /// RFC 3986 `sub-delims`: `! $ & ' ( ) * + , ; =`.
    @inline(__always)
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x24, 0x26...0x2C, 0x3B, 0x3D: return true
        default: return false
        }
    }

    /// The value of the two-digit decimal number at `index`, or `nil`.
    @inline(__always)
    static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        guard index + 1 < bytes.count, isDigit(bytes[index]), isDigit(bytes[index + 1]) else { return nil }
        return Int(bytes[index] &- 0x30) * 10 + Int(bytes[index + 1] &- 0x30)
    }

    /// Decodes the scalar whose UTF-8 sequence starts at `index`, returning
    /// its value and its length in bytes.
    @inline(__always)
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            let value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            return (value, 3)
        }
        let value =
            (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
            | UInt32(bytes[index + 3] & 0x3F)
        return (value, 4)
    }
}

#endif
