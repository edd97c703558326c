// What "held exactly" means for a number that becomes a `Double`, for
// `ParsingOptions.allowsInexactNumbers == false` and `JSONValue(exactly:)`.
//
// A tree writes a double as its shortest decimal digits, so a number is held
// exactly when those digits are the number's own: parsing it and writing it
// back gives the same value to any reader, however precise. Comparing digits
// (rather than asking whether the double equals the decimal value, which
// almost no fraction does) makes `0.1` exact and keeps `2⁶⁴`, written as
// `18446744073709551616`, inexact: it writes back as
// `1.8446744073709552e+19`, a different number for a reader with big
// integers.

/// Whether `value`, the `Double` that the JSON number `text` became, gives
/// back the text's value as its shortest decimal digits: the same
/// significant digits and the same power of ten, once leading and trailing
/// zeros are dropped (`1.50` is `15 × 10⁻¹`, `100` is `1 × 10²`). A text of
/// zeros is exact when `value` is zero, of either sign; any other text whose
/// value is zero has underflowed (`1e-400`) and is not.
///
/// `text` follows the JSON grammar (an optional `-`, digits, an optional
/// fraction and exponent); `value` must be finite. More than 17 significant
/// digits are never exact, since no shortest double needs more, so reading
/// stops there: a long number costs no more than a short one.
func _doubleKeepsDigits(_ value: Double, of text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    if index < text.count && text[index] == UInt8(ascii: "-") { index &+= 1 }
    // The significant digits from the first nonzero one to the last nonzero
    // one seen so far; zeros after that wait in `trailingZeros`.
    var significand: UInt64 = 0
    var digitCount = 0
    var trailingZeros: Int64 = 0
    var fractionDigits: Int64 = 0
    var inFraction = false
    while index < text.count {
        let byte = text[index]
        if byte == UInt8(ascii: ".") {
            inFraction = true
        } else {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if inFraction { fractionDigits &+= 1 }
            if digit == 0 {
                if digitCount > 0 { trailingZeros &+= 1 }
            } else {
                guard Int64(digitCount) &+ trailingZeros < 17 else { return false }
                while trailingZeros > 0 {
                    significand &*= 10
                    digitCount &+= 1
                    trailingZeros &-= 1
                }
                significand = significand &* 10 &+ UInt64(digit)
                digitCount &+= 1
            }
        }
        index &+= 1
    }
    var exponent: Int64 = 0
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
            // Far beyond any double's exponent; a larger one changes nothing.
            if exponent < 1_000_000_000 { exponent = exponent &* 10 &+ Int64(digit) }
            index &+= 1
        }
        if negative { exponent = -exponent }
    }
    guard significand != 0 else { return value == 0 }
    guard value != 0, let shortest = _shortestDecimalDigits(of: value.magnitude) else { return false }
    var (digits, power) = shortest
    while digits % 10 == 0 {
        digits /= 10
        power &+= 1
    }
    return digits == significand && Int64(power) == exponent &+ trailingZeros &- fractionDigits
}

/// The decimal digits of the integer whose hexadecimal digits are `hex`
/// (ASCII, each a valid hexadecimal digit), for JSON5's `0x` integers.
/// Leading zeros are skipped; `hex` has at most 256 more (the integer is
/// below 2¹⁰²⁴, or the parser has refused it as too large), so the
/// quadratic conversion stays small.
func _decimalDigits(ofHexadecimal hex: some Collection<UInt8>) -> [UInt8] {
    // Little-endian limbs of nine decimal digits each.
    var limbs: [UInt32] = []
    for byte in hex {
        guard let digit = _hexValue(byte), digit != 0 || !limbs.isEmpty else { continue }
        var carry = UInt64(digit)
        for index in limbs.indices {
            let product = UInt64(limbs[index]) &* 16 &+ carry
            limbs[index] = UInt32(truncatingIfNeeded: product % 1_000_000_000)
            carry = product / 1_000_000_000
        }
        if carry > 0 { limbs.append(UInt32(truncatingIfNeeded: carry)) }
    }
    guard let last = limbs.last else { return [UInt8(ascii: "0")] }
    var digits = Array(String(last).utf8)
    for limb in limbs.dropLast().reversed() {
        let text = Array(String(limb).utf8)
        digits += repeatElement(UInt8(ascii: "0"), count: 9 &- text.count)
        digits += text
    }
    return digits
}
