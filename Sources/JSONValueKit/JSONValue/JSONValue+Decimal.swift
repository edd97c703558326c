#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Decimal conversions shared by `Any` bridging and JSONValueEncoder, so that a
// Decimal becomes the same JSONValue whichever way it arrives.

extension JSONValue {
    /// Creates a number from a `Decimal`, if a ``JSONValue`` can hold it
    /// exactly: an ``int(_:)`` for an integer in `Int`'s range, a
    /// ``double(_:)`` when the nearest `Double`'s shortest digits (the ones
    /// writing gives) are the decimal's own, and `nil` otherwise, or for NaN.
    ///
    /// ```swift
    /// JSONValue(exactly: Decimal(42))                                    // .int(42)
    /// JSONValue(exactly: Decimal(string: "19.99")!)                       // .double(19.99)
    /// JSONValue(exactly: Decimal(string: "123456789012345678901234567890")!)   // nil
    /// ```
    ///
    /// It is the rule of parsing with
    /// ``ParsingOptions/allowsInexactNumbers`` set to `false`: the decimal
    /// is exact when its text would be. ``JSONValueEncoder`` and
    /// ``init(any:allowsInexactNumbers:)`` accept the same decimals (the
    /// latter also the 17 digits that `JSONSerialization` on Linux gives
    /// for some doubles); with `allowsInexactNumbers`, they round the others
    /// to the nearest `Double`.
    ///
    /// - Parameter decimal: The decimal.
    public init?(exactly decimal: Decimal) {
        guard JSONValue._holdsExactly(decimal), let value = JSONValue(_nearest: decimal) else { return nil }
        self = value
    }

    /// A Decimal's value: ``int(_:)`` if it is an integer that fits,
    /// otherwise the nearest ``double(_:)``, as parsing the Decimal's text
    /// would give; `nil` for NaN or a magnitude beyond `Double`.
    init?(_nearest decimal: Decimal) {
        guard decimal.isFinite else { return nil }
        // Decimal's description is its exact value in plain notation;
        // reading that text gives the correctly rounded Double.
        let text = decimal.description
        if !text.contains("."), let integer = Int(text) {
            self = .int(integer)
            return
        }
        guard let double = Double(text), double.isFinite else { return nil }
        self = .double(double)
    }

    /// Whether a Decimal comes back unchanged from ``init(_nearest:)``: its
    /// digits survive a `Double` (`123456789.123456789` does not).
    static func _holdsExactly(_ decimal: Decimal) -> Bool {
        switch JSONValue(_nearest: decimal) {
        case .int: return true
        case .double(let double): return Decimal(string: "\(double)") == decimal
        default: return false
        }
    }

    /// Whether a Decimal is its nearest Double written to the Decimal's own
    /// number of significant digits: `-65.613616999999977` is (17 digits,
    /// as JSONSerialization on Linux hands out for text with those digits),
    /// `3.14159265358979323846` is not (21 digits, more than any Double
    /// tells apart). Such a Decimal is recovered from the Double and its
    /// digit count, so bridging it to a ``double(_:)`` loses nothing.
    static func _isDigitsOfNearestDouble(_ decimal: Decimal) -> Bool {
        guard case .double(let double)? = JSONValue(_nearest: decimal), double != 0 else { return false }
        var digits = decimal.description.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        while digits.first == UInt8(ascii: "0") { digits.removeFirst() }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        guard (1...17).contains(digits.count) else { return false }
        let (significand, exponent) = _roundedDecimal(of: double.magnitude, significantDigits: digits.count)
        let text = (double < 0 ? "-" : "") + "\(significand)e\(exponent)"
        return Decimal(string: text) == decimal
    }
}
