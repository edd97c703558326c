// The parts of string escapes that JSON, JSON5, JSONPath and JSON Pointer's
// URI fragments share; each reader keeps its own rules for the rest and its
// own errors.

/// The value of an ASCII hexadecimal digit, either case.
@inline(__always)
func _hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
    default: return nil
    }
}

/// The control character that `\b`, `\f`, `\n`, `\r` or `\t` stands for,
/// given the letter after the backslash, or `nil` for any other byte.
@inline(__always)
func _controlCharacter(escapedBy letter: UInt8) -> UInt8? {
    switch letter {
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "t"): return 0x09
    default: return nil
    }
}

/// The scalar that a high surrogate (U+D800 to U+DBFF) and a low one
/// (U+DC00 to U+DFFF) encode together in UTF-16.
@inline(__always)
func _scalar(highSurrogate high: UInt32, lowSurrogate low: UInt32) -> UInt32 {
    0x10000 &+ ((high &- 0xD800) << 10) &+ (low &- 0xDC00)
}
