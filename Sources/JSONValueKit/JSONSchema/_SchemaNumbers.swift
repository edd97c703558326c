#if JSONSchema

/// A number as an exact decimal, significand × 10^exponent, for
/// `multipleOf`: a double is taken at its shortest decimal text, the digits
/// its writer and its reader agree on, so `19.99` is 1999 × 10⁻² and a
/// multiple of `0.01` (1 × 10⁻²), which binary division would deny.
struct _SchemaDecimal: Sendable, Hashable {
    var significand: UInt64
    var exponent: Int
    var isNegative: Bool

    /// The decimal of a number value; `nil` for anything else, and for a
    /// double that is not finite.
    init?(_ value: JSONValue) {
        switch value {
        case .int(let integer):
            self.init(significand: UInt64(integer.magnitude), exponent: 0, isNegative: integer < 0)
        case .double(let double):
            guard double.isFinite else { return nil }
            guard double != 0 else {
                self.init(significand: 0, exponent: 0, isNegative: false)
                return
            }
            guard let (significand, exponent) = _shortestDecimalDigits(of: double.magnitude) else { return nil }
            self.init(significand: significand, exponent: exponent, isNegative: double < 0)
        default:
            return nil
        }
    }

    init(significand: UInt64, exponent: Int, isNegative: Bool) {
        var significand = significand
        var exponent = exponent
        while significand != 0 && significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        self.significand = significand
        self.exponent = exponent
        self.isNegative = isNegative
    }

    /// Whether `self` is an integer multiple of `divisor`, which must not be
    /// zero: exactly, in integer arithmetic on the significands.
    func isMultiple(of divisor: _SchemaDecimal) -> Bool {
        let a = significand
        let b = divisor.significand
        if a == 0 { return true }
        if exponent >= divisor.exponent {
            // b divides a × 10^(p − q): multiply the remainder by ten, p − q
            // times, modulo b (p − q is at most about 650 for doubles).
            var remainder = a % b
            var steps = exponent - divisor.exponent
            while steps > 0 && remainder != 0 {
                let product = remainder.multipliedFullWidth(by: 10)
                remainder = b.dividingFullWidth(product).remainder
                steps -= 1
            }
            return remainder == 0
        }
        // a × 10^(p − q) / b must be an integer, so 10^(q − p) must divide
        // a; but a has no factor of ten left: the initializer moved them all
        // into the exponent.
        return false
    }
}

/// Compares a number value with a keyword's number exactly, an `Int` with a
/// `Double` too: `-1`, `0` or `1`; `0` for a value that is not a number.
func _compareNumbers(_ lhs: JSONValue, _ rhs: _SchemaNumber) -> Int {
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)):
        return a < b ? -1 : (a == b ? 0 : 1)
    case (.double(let a), .double(let b)):
        return a < b ? -1 : (a == b ? 0 : 1)
    case (.int(let a), .double(let b)):
        return _compare(a, b)
    case (.double(let a), .int(let b)):
        return -_compare(b, a)
    default:
        return 0
    }
}

/// Compares an integer with a double exactly, where converting either to
/// the other's type could round.
private func _compare(_ integer: Int, _ double: Double) -> Int {
    if double.isNaN { return 0 }
    // Int's range is [-2ⁿ, 2ⁿ) for n = Int.bitWidth - 1 (63, or 31 on
    // 32-bit platforms), and both bounds are exact doubles.
    let bound = Double(sign: .plus, exponent: Int.bitWidth - 1, significand: 1)
    if double >= bound { return -1 }
    if double < -bound { return 1 }
    let floor = double.rounded(.down)
    let whole = Int(floor)
    if integer < whole { return -1 }
    if integer > whole { return 1 }
    return floor == double ? 0 : -1
}

#endif
