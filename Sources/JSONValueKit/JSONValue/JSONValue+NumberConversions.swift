// Number conversions shared by `Any` bridging and JSONValueEncoder, so that an
// integer or a Float becomes the same JSONValue whichever way it arrives (the
// Decimal ones, which need Foundation, are in JSONValue+Decimal.swift).

extension JSONValue {
    /// An integer as a ``JSONValue``: ``int(_:)`` if it fits `Int`; else, if
    /// its magnitude is at most 2⁵³, the ``double(_:)`` that holds it exactly
    /// (``JSONValueDecoder`` reads integers back from such doubles, and the
    /// parser gives the same value for the integer's text); `nil` beyond.
    /// Only where `Int` has 32 bits does an integer reach the double.
    init?(_exactInteger value: some BinaryInteger) {
        switch _ExactInteger<Int>(value) {
        case .integer(let integer)?: self = .int(integer)
        case .double(let double)?: self = .double(double)
        case nil: return nil
        }
    }

    /// An integer as ``init(_exactInteger:)`` makes it or, when `rounding`
    /// (`allowsInexactNumbers`), the nearest ``double(_:)`` of one it cannot
    /// hold; `nil` otherwise, and for a custom integer type beyond `Double`'s
    /// range. Bridging and ``JSONValueEncoder`` share it, so that the option
    /// rounds the same integers on both paths.
    init?(_integer value: some BinaryInteger, rounding: Bool) {
        if let exact = JSONValue(_exactInteger: value) {
            self = exact
            return
        }
        guard rounding, case let double = Double(value), double.isFinite else { return nil }
        self = .double(double)
    }

    /// The Double whose shortest text is the Float's (`Float(0.1)` gives
    /// `0.1`), as JSONEncoder writes a Float. The Float must be finite.
    static func _double(shortestTextOf float: Float) -> Double {
        Double("\(float)")!
    }
}

/// How a value whose integers are `Integer` holds an integer exactly: as an
/// `Integer` if it fits, or else as a `Double` if its magnitude is at most
/// 2⁵³, where every integer is a `Double`; `nil` beyond that.
///
/// ``JSONValue`` uses it with `Int`. It is generic so that the tests can
/// check the behaviour of a 32-bit `Int` (watchOS on arm64_32 and armv7k) on
/// a 64-bit machine, with `Int32`.
enum _ExactInteger<Integer: FixedWidthInteger & SignedInteger>: Equatable {
    case integer(Integer)
    case double(Double)

    init?(_ value: some BinaryInteger) {
        if let integer = Integer(exactly: value) {
            self = .integer(integer)
        } else if value.magnitude <= (1 as UInt64) << 53 {
            self = .double(Double(value))
        } else {
            return nil
        }
    }
}

/// The positive finite `value` correctly rounded to `significantDigits`
/// decimal digits (1 to 19), ties to even, as `printf("%.*e")` rounds it:
/// the digits as an integer of exactly that many digits, and the power of
/// ten to scale it by.
///
/// The exact decimal expansion of a double is finite (up to 767 digits), so
/// it is computed in full, in base 10⁹, and then rounded. It serves only
/// the rare `Decimal` that a `Double` does not hold exactly, so it favours
/// plainness over speed.
func _roundedDecimal(of value: Double, significantDigits: Int) -> (significand: UInt64, exponent: Int) {
    assert(value > 0 && value.isFinite && (1...19).contains(significantDigits))
    // value = m × 2^e exactly, with m an integer below 2⁵³.
    let m = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
    let e = value.isNormal ? Int(value.exponentBitPattern) - 1075 : -1074
    var limbs: [UInt64] = [m % 1_000_000_000, m / 1_000_000_000]
    func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] &* factor &+ carry
            limbs[index] = product % 1_000_000_000
            carry = product / 1_000_000_000
        }
        while carry > 0 {
            limbs.append(carry % 1_000_000_000)
            carry /= 1_000_000_000
        }
    }
    // m × 2^e is an integer when e ≥ 0; otherwise m × 2^e = m × 5^-e / 10^-e.
    var power = e >= 0 ? e : -e
    let (step, factor): (Int, UInt64) = e >= 0 ? (28, 1 << 28) : (13, 1_220_703_125)  // 2²⁸, 5¹³
    while power >= step {
        multiply(by: factor)
        power -= step
    }
    if power > 0 { multiply(by: e >= 0 ? 1 << UInt64(power) : _powerOfFive(power)) }
    // All the digits, most significant first.
    while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
    var digits: [UInt8] = Array(String(limbs.last!).utf8)
    for limb in limbs.dropLast().reversed() {
        let text = Array(String(limb).utf8)
        digits += repeatElement(UInt8(ascii: "0"), count: 9 - text.count)
        digits += text
    }
    let scale = e >= 0 ? 0 : e
    // Round to the first `significantDigits` digits.
    var significand: UInt64 = 0
    for index in 0..<significantDigits {
        let digit = index < digits.count ? UInt64(digits[index] - UInt8(ascii: "0")) : 0
        significand = significand * 10 + digit
    }
    var exponent = scale + digits.count - significantDigits
    if digits.count > significantDigits {
        let next = digits[significantDigits]
        let restIsZero = digits[(significantDigits + 1)...].allSatisfy { $0 == UInt8(ascii: "0") }
        let roundsUp =
            next > UInt8(ascii: "5")
            || (next == UInt8(ascii: "5") && (!restIsZero || significand % 2 == 1))
        if roundsUp {
            significand += 1
            if String(significand).utf8.count > significantDigits {
                significand /= 10
                exponent += 1
            }
        }
    }
    return (significand, exponent)
}

/// 5^`exponent`, for `exponent` below 13.
private func _powerOfFive(_ exponent: Int) -> UInt64 {
    var result: UInt64 = 1
    for _ in 0..<exponent { result *= 5 }
    return result
}
