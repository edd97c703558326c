// The exact value of a number's text, for the numbers that a `Double` would
// round: the parser's table of them (`_ExactNumbers`) reads it, and JSON
// Schema compares by it when validation starts from text (see
// `JSONSchema/_SchemaExactNumbers.swift`).

/// A number's exact value: a sign, its significant digits, and a power of
/// ten.
struct _ExactDecimal: Hashable {
    var isNegative: Bool
    /// The significant digits, 0 to 9, without leading or trailing zeros;
    /// empty for zero.
    var digits: [UInt8]
    /// The value is `digits`, read as an integer, times 10^`exponent`.
    var exponent: Int

    /// The value of a number's text: JSON's grammar, or the decimal text
    /// that JSON5's numbers are rewritten as (a `+` sign, a point without
    /// digits on one side).
    init(text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        var isNegative = false
        if index < text.count && (text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+")) {
            isNegative = text[index] == UInt8(ascii: "-")
            index &+= 1
        }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if !digits.isEmpty || digit != 0 { digits.append(digit) }
                if inFraction { fractionDigits &+= 1 }
            }
            index &+= 1
        }
        var exponent = 0
        if index < text.count && text[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            var negative = false
            if index < text.count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) {
                negative = text[index] == UInt8(ascii: "-")
                index &+= 1
            }
            while index < text.count {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Far beyond any finite double's; a larger one changes no
                // comparison.
                if exponent < 1 << 40 { exponent = exponent &* 10 &+ Int(digit) }
                index &+= 1
            }
            if negative { exponent = -exponent }
        }
        self.init(isNegative: isNegative, digits: digits, exponent: exponent &- fractionDigits)
    }

    init(isNegative: Bool, significand: UInt64, exponent: Int) {
        var digits: [UInt8] = []
        var rest = significand
        while rest > 0 {
            digits.append(UInt8(rest % 10))
            rest /= 10
        }
        self.init(isNegative: isNegative, digits: digits.reversed(), exponent: exponent)
    }

    /// Normalizes: no trailing zeros, zero without a sign.
    init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits
        var exponent = exponent
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent &+= 1
        }
        self.isNegative = isNegative && !digits.isEmpty
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// Whether the value is an integer.
    var isIntegral: Bool { digits.isEmpty || exponent >= 0 }

    /// -1, 0 or 1 as `self` is less than, equal to or greater than `other`.
    func compare(to other: _ExactDecimal) -> Int {
        if isNegative != other.isNegative { return isNegative ? -1 : 1 }
        let magnitude = compareMagnitude(to: other)
        return isNegative ? -magnitude : magnitude
    }

    private func compareMagnitude(to other: _ExactDecimal) -> Int {
        if digits.isEmpty || other.digits.isEmpty {
            return digits.isEmpty ? (other.digits.isEmpty ? 0 : -1) : 1
        }
        // The power of ten of the leading digit decides, then the digits.
        let scale = digits.count &+ exponent
        let otherScale = other.digits.count &+ other.exponent
        if scale != otherScale { return scale < otherScale ? -1 : 1 }
        for (a, b) in zip(digits, other.digits) where a != b { return a < b ? -1 : 1 }
        return digits.count == other.digits.count ? 0 : (digits.count < other.digits.count ? -1 : 1)
    }
}
