#if JSONSchema

// Numbers compared by their digits, when validation starts from text.
//
// A tree holds a number that neither `Int` nor `Double` holds exactly as the
// nearest `Double`: `9223372036854776001` becomes 2⁶³, which then passes
// `"maximum": 9223372036854776000`. Validating from text
// (`JSONSchema.validate(parsing:)`, `JSONSchema.IncrementalValidator`), the
// parser keeps the text of the numbers a `Double` may round, with a box in
// the tree in their place (see `_ExactNumbers`), and the evaluator reads the
// box:
//
// - a number whose `Double` gives back its digits is held exactly, and
//   compares as that `Double`, exactly as in a tree;
// - any other compares by its exact decimal value with the schema's
//   numbers, an integer as itself and a `Double` as the decimal it writes as
//   (its shortest digits, which are the schema text's digits for up to 17
//   significant digits), in `minimum`, `maximum`, `exclusiveMinimum`,
//   `exclusiveMaximum` and `multipleOf`; in `enum`, `const` and
//   `uniqueItems` it equals only a number with the same exact value, which
//   only another such number can have.
//
// `type` reads flags in the box: `integer` is a number whose exact value is
// an integer (draft-04: one written without a fraction or an exponent).

extension _ExactDecimal {
    /// The value of a schema's number: an integer as itself, a `Double` as
    /// its shortest decimal digits.
    init(_ number: _SchemaNumber) {
        switch number {
        case .int(let integer):
            self.init(isNegative: integer < 0, significand: UInt64(integer.magnitude), exponent: 0)
        case .double(let double):
            if double != 0, double.isFinite, let (significand, exponent) = _shortestDecimalDigits(of: double.magnitude)
            {
                self.init(isNegative: double < 0, significand: significand, exponent: exponent)
            } else {
                self.init(isNegative: false, digits: [], exponent: 0)
            }
        }
    }

    /// Whether the value is an integer multiple of `divisor`, which is not
    /// zero, in integer arithmetic on the digits.
    func isMultiple(of divisor: _SchemaDecimal) -> Bool {
        guard !digits.isEmpty else { return true }
        // digits × 10^(exponent − q) must be a multiple of b: with no factor
        // of ten left in the digits, that needs exponent ≥ q.
        guard exponent >= divisor.exponent else { return false }
        let b = divisor.significand
        var remainder: UInt64 = 0
        for digit in digits {
            // Below 10 × b, and the high word below b, as division needs.
            let product = remainder.multipliedFullWidth(by: 10)
            let (sum, carry) = product.low.addingReportingOverflow(UInt64(digit))
            remainder = b.dividingFullWidth((product.high &+ (carry ? 1 : 0), sum)).remainder
        }
        var steps = exponent &- divisor.exponent
        var power: UInt64 = 10 % b
        // remainder × 10^steps mod b, by squaring.
        while steps > 0 && remainder != 0 {
            if steps & 1 == 1 { remainder = b.dividingFullWidth(remainder.multipliedFullWidth(by: power)).remainder }
            power = b.dividingFullWidth(power.multipliedFullWidth(by: power)).remainder
            steps >>= 1
        }
        return remainder == 0
    }
}

/// A number kept as text, as the evaluator reads its box.
enum _BoxedNumber {
    /// A number its `Double` holds exactly: the value a tree would hold.
    case held(JSONValue)
    /// Any other: its exact value and its text.
    case exact(_ExactDecimal, text: String)

    /// The number that `value` boxes in `numbers`, if it is a box.
    init?(_ value: JSONValue, numbers: _ExactNumbers) {
        guard case .double(let double) = value, double.isNaN, let entry = numbers.entry(for: double) else {
            return nil
        }
        if numbers.keepsDigits(entry) {
            self = .held(entry.isInteger ? .int(Int(entry.value)) : .double(entry.value))
        } else {
            self = .exact(numbers.decimal(of: entry), text: numbers.text(of: entry))
        }
    }
}

extension _SchemaMessages {
    /// ``describe(_:)`` for a value that may hold boxes: a number kept as
    /// text as its text, boxes inside arrays and objects as their `Double`.
    static func describe(_ value: JSONValue, numbers: _ExactNumbers?) -> String {
        guard let numbers else { return describe(value) }
        if case .exact(_, let text)? = _BoxedNumber(value, numbers: numbers) { return text }
        return describe(numbers.unboxed(value))
    }

    /// ``found(_:)`` for a value that may hold boxes.
    static func found(_ value: JSONValue, numbers: _ExactNumbers?) -> String {
        guard let numbers else { return found(value) }
        if case .exact(let decimal, let text)? = _BoxedNumber(value, numbers: numbers) {
            return decimal.isIntegral ? "the integer \(text)" : "the number \(text)"
        }
        return found(numbers.unboxed(value))
    }
}

#endif
