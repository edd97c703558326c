import Foundation

// Number conversions shared by `Any` bridging and JSONValueEncoder, so that a
// Decimal or a Float becomes the same JSONValue whichever way it arrives.

extension JSONValue {
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

    /// An integer's value: ``int(_:)`` if it fits, otherwise a
    /// ``double(_:)`` if a `Double` holds it exactly; `nil` otherwise.
    init?(_exactly integer: some BinaryInteger) {
        if let int = Int(exactly: integer) {
            self = .int(int)
        } else if let double = Double(exactly: integer) {
            self = .double(double)
        } else {
            return nil
        }
    }

    /// The Double whose shortest text is the Float's (`Float(0.1)` gives
    /// `0.1`), as JSONEncoder writes a Float. The Float must be finite.
    static func _double(shortestTextOf float: Float) -> Double {
        Double("\(float)")!
    }
}
