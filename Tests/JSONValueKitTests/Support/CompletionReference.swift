import JSONValueKit

/// Where each value of a valid JSON text becomes complete, computed from the
/// text alone: the reference for ``JSONIncrementalParser/isComplete(at:)``
/// and for what a streaming validator may know after a prefix.
///
/// A value is complete once the byte that ends it is read: a string's
/// closing quote, a literal's last letter, a container's closing bracket or
/// brace, and for a number the byte after it, or the end of the input.
struct CompletionReference {
    /// Each value's location, where it starts, and how many bytes must have
    /// been read for it to be complete (`Int.max` for a number that ends the
    /// text: it is complete only when the input ends). Outermost first, in
    /// document order.
    var values: [(tokens: [String], start: Int, end: Int)] = []

    private let bytes: [UInt8]
    private var position = 0

    /// Reads the first value of `bytes`, which must be a valid JSON text
    /// (only the first value of a sequence is read).
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        skipWhitespace()
        value(at: [])
    }

    /// The end of the value at `tokens`, if there is one.
    func end(of tokens: [String]) -> Int? {
        values.first { $0.tokens == tokens }?.end
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func value(at tokens: [String]) {
        let start = position
        let slot = values.count
        values.append((tokens, start, 0))
        let end: Int
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            skipWhitespace()
            while bytes[position] != UInt8(ascii: "}") {
                let name = string()
                skipWhitespace()
                position += 1  // :
                skipWhitespace()
                value(at: tokens + [name])
                skipWhitespace()
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                }
            }
            position += 1
            end = position
        case UInt8(ascii: "["):
            position += 1
            skipWhitespace()
            var index = 0
            while bytes[position] != UInt8(ascii: "]") {
                value(at: tokens + [String(index)])
                index += 1
                skipWhitespace()
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                }
            }
            position += 1
            end = position
        case UInt8(ascii: "\""):
            _ = string()
            end = position
        case UInt8(ascii: "t"), UInt8(ascii: "n"):
            position += 4
            end = position
        case UInt8(ascii: "f"):
            position += 5
            end = position
        default:
            let digits = Set(Array("0123456789+-.eE".utf8))
            while position < bytes.count, digits.contains(bytes[position]) { position += 1 }
            // The byte after the number ends it.
            end = position < bytes.count ? position + 1 : Int.max
        }
        values[slot].end = end
    }

    /// Reads a string at its opening quote, and returns its text.
    private mutating func string() -> String {
        let start = position
        position += 1
        while bytes[position] != UInt8(ascii: "\"") {
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        position += 1
        let literal = String(decoding: bytes[start..<position], as: UTF8.self)
        return (try? JSONValue(parsing: literal).stringValue) ?? ""
    }
}
