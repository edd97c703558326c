/// Writes `value`, which must be finite, as the shortest decimal that reads
/// back as the same double, in the standard library's spelling (the same
/// bytes as `value.description`: `10.0`, `0.0001`, `1e-05`, `1e+16`,
/// `-65.613616999999977`). Returns the number of bytes written, at most 24;
/// `nil`, having written nothing, for the few doubles it leaves to the
/// standard library (the two smallest subnormals).
///
/// The digits come from Schubfach (Raffaello Giulietti, "The Schubfach way to
/// render doubles", 2020): three 128-bit products with a table of powers of
/// ten. Writing canada.json spent more than half of its time in the standard
/// library's formatter, which builds the same digits with slower arithmetic.
func _writeShortest(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int? {
    var position = destination
    if value.sign == .minus {
        position[0] = UInt8(ascii: "-")
        position += 1
    }
    let magnitude = value.magnitude
    if magnitude == 0 {
        position[0] = UInt8(ascii: "0")
        position[1] = UInt8(ascii: ".")
        position[2] = UInt8(ascii: "0")
        return position - destination + 3
    }
    guard var (significand, exponent) = _shortestDecimal(of: magnitude) else { return nil }
    while significand % 10 == 0 {
        significand /= 10
        exponent &+= 1
    }
    let count = _decimalDigitCount(significand)
    // The value is 0.d₁d₂…dₙ × 10^point. Like `description`, write it with a
    // decimal point from 0.0001 up to 2^53, and with an exponent outside.
    let point = count &+ exponent
    if point >= -3 && magnitude <= 0x1p53 {
        if point <= 0 {
            position[0] = UInt8(ascii: "0")
            position[1] = UInt8(ascii: ".")
            position += 2
            for _ in 0..<(-point) {
                position[0] = UInt8(ascii: "0")
                position += 1
            }
            _writeDigits(significand, endingAt: position + count)
            position += count
        } else if point < count {
            // The digits go one byte on, then the integer part moves back
            // over the byte where the point goes.
            _writeDigits(significand, endingAt: position + (count &+ 1))
            if point < 8 && count >= 8 {
                // In one word: the first eight digits, the integer part
                // moved back a byte and the fraction where it is, with the
                // point between them. (The loop below compiles to a call
                // to `memmove` for two or three bytes.)
                let raw = UnsafeMutableRawPointer(position)
                let digits = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 1, as: UInt64.self))
                let shift = UInt64(truncatingIfNeeded: point &* 8)
                let integerPart: UInt64 = (1 &<< shift) &- 1
                let dot = UInt64(UInt8(ascii: ".")) &<< shift
                let fraction = (digits &<< 8) & ~((integerPart &<< 8) | 0xFF)
                let word = (digits & integerPart) | dot | fraction
                raw.storeBytes(of: word.littleEndian, as: UInt64.self)
            } else {
                for index in 0..<point { position[index] = position[index &+ 1] }
                position[point] = UInt8(ascii: ".")
            }
            position += count &+ 1
        } else {
            _writeDigits(significand, endingAt: position + count)
            for index in count..<point { position[index] = UInt8(ascii: "0") }
            position += point
            position[0] = UInt8(ascii: ".")
            position[1] = UInt8(ascii: "0")
            position += 2
        }
        return position - destination
    }
    _writeDigits(significand, endingAt: position + (count &+ 1))
    position[0] = position[1]
    if count > 1 {
        position[1] = UInt8(ascii: ".")
        position += count &+ 1
    } else {
        position += 1
    }
    position[0] = UInt8(ascii: "e")
    position[1] = point > 0 ? UInt8(ascii: "+") : UInt8(ascii: "-")
    let power = UInt64((point &- 1).magnitude)
    let digits = Swift.max(_decimalDigitCount(power), 2)
    _writeDigits(power, endingAt: position + (2 &+ digits))
    if power < 10 { position[2] = UInt8(ascii: "0") }
    return position - destination + 2 &+ digits
}

/// The shortest decimal that reads back as `value`, which must be positive
/// and finite, as a significand and a power of ten: `0.07` is (7, -2). For
/// JSON Schema's `multipleOf`, which works on these digits.
func _shortestDecimalDigits(of value: Double) -> (significand: UInt64, exponent: Int)? {
    if let digits = _shortestDecimal(of: value) { return digits }
    // The two smallest subnormals, which `_shortestDecimal` leaves to the
    // standard library: read the digits back from its text (`5e-324`).
    let text = "\(value)"
    guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return nil }
    var significand: UInt64 = 0
    var fractionDigits = 0
    var afterPoint = false
    for character in text[..<e] {
        if character == "." {
            afterPoint = true
        } else if let digit = character.wholeNumberValue {
            significand = significand * 10 + UInt64(digit)
            if afterPoint { fractionDigits += 1 }
        }
    }
    return (significand, exponent - fractionDigits)
}

/// The shortest decimal `significand × 10^exponent` that reads back as
/// `value`, which is finite and positive, and of those the closest to it
/// (the even one of two equally close); the significand may end in zeros.
/// `nil` for the two smallest subnormals, whose shortest digits fall outside
/// the method's scaling.
@inline(__always)
private func _shortestDecimal(of value: Double) -> (significand: UInt64, exponent: Int)? {
    let bits = value.bitPattern
    let fraction = bits & (1 << 52 &- 1)
    let biasedExponent = Int(truncatingIfNeeded: bits >> 52)
    if biasedExponent == 0 {
        // Subnormal: no hidden bit. Below 3 × 2^-1074 the interval of values
        // that read back holds a single digit, which needs a finer scale.
        guard fraction >= 3 else { return nil }
        return _schubfach(significand: fraction, exponent: -1074)
    }
    let significand = 1 << 52 | fraction
    let exponent = biasedExponent &- 1075
    // An integer below 2^53 is its own shortest decimal: its neighbours are
    // at most 1 away, so no other integer reads back as it.
    if exponent < 0 && exponent > -53 {
        let integer = significand >> UInt64(-exponent)
        if integer << UInt64(-exponent) == significand { return (integer, 0) }
    }
    return _schubfach(significand: significand, exponent: exponent)
}

/// Schubfach's digits for `significand × 2^exponent` (section 9 of the
/// paper): the candidates are the decimals at the scale of 10^k that lies
/// just below the double's spacing, and one digit coarser; the rounding
/// interval of the double (its midpoints with its neighbours, included when
/// the significand is even, as round-half-even reading includes them)
/// decides between them.
@inline(__always)
private func _schubfach(significand c: UInt64, exponent q: Int) -> (significand: UInt64, exponent: Int)? {
    let out: UInt64 = c & 1
    let scaled = c << 2
    let upper = scaled &+ 2
    let lower: UInt64
    // The fixed-point logarithms below need 64 bits (their constants exceed
    // Int32.max), so they are taken in Int64 whatever the width of Int; their
    // results (k in -324...292, shift in 1...4) fit any Int.
    let k: Int
    if c != 1 << 52 || q == -1074 {
        lower = scaled &- 2
        k = Int((Int64(q) &* 661_971_961_083) >> 41)  // floor(q × log10(2))
    } else {
        // A power of two: the neighbour below is half as far.
        lower = scaled &- 1
        k = Int((Int64(q) &* 661_971_961_083 &- 274_743_187_321) >> 41)  // floor(q × log10(2) + log10(3/4))
    }
    let shift = q &+ Int((Int64(-k) &* 913_124_641_741) >> 38) &+ 2  // floor(-k × log2(10)), from 1 to 4
    let index = 2 &* (292 &- k)
    let high = _powersOfTenForWriting[index]
    let low = _powersOfTenForWriting[index &+ 1]
    let middle = _scale(scaled << UInt64(shift), high, low)
    let lowerBound = _scale(lower << UInt64(shift), high, low) &+ out
    let upperBound = _scale(upper << UInt64(shift), high, low) &- out
    let s = middle >> 2
    if s >= 10 {
        // One digit fewer: the multiples of ten around s. (The paper starts
        // at 100 to keep two digits, as Java's `toString` wants; a subnormal
        // such as 8e-323 needs one.)
        let below = s.multipliedFullWidth(by: 1_844_674_407_370_955_168).high &* 10
        let above = below &+ 10
        let belowIn = lowerBound <= below << 2
        let aboveIn = above << 2 <= upperBound
        if belowIn != aboveIn { return (belowIn ? below : above, k) }
        // Both in: a shorter decimal may exist; leave it to the caller's
        // fallback (it does not happen for normal doubles, whose interval
        // is narrower than ten units at this scale).
        if belowIn { return nil }
    }
    let t = s &+ 1
    let sIn = lowerBound <= s << 2
    let tIn = t << 2 <= upperBound
    if sIn != tIn { return (sIn ? s : t, k) }
    let comparison = Int64(bitPattern: middle &- ((s &+ t) << 1))
    return (comparison < 0 || comparison == 0 && s & 1 == 0 ? s : t, k)
}

/// The product of `value` and the 126-bit table entry `high × 2^63 + low`,
/// divided by 2^127 and rounded to odd: the lowest bit is set when any bit
/// below it was, which keeps comparisons with the candidates exact.
@inline(__always)
private func _scale(_ value: UInt64, _ high: UInt64, _ low: UInt64) -> UInt64 {
    let lowProduct = low.multipliedFullWidth(by: value).high
    let highProduct = high.multipliedFullWidth(by: value)
    let middle = (highProduct.low >> 1) &+ lowProduct
    let result = highProduct.high &+ (middle >> 63)
    let mask: UInt64 = 1 << 63 &- 1
    return result | (((middle & mask) &+ mask) >> 63)
}
