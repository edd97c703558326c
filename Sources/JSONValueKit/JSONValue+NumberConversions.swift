import Foundation

// Number conversions shared by `Any` bridging and JSONValueEncoder, so that a
// Decimal or a Float becomes the same JSONValue whichever way it arrives.

extension JSONValue {
    /// A Decimal's value: ``int(_:)`` if it is an integer that fits,
    /// otherwise the nearest ``double(_:)``; `nil` for NaN or a magnitude
    /// beyond `Double`.
    init?(_exactly decimal: Decimal) {
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

    /// The Double whose shortest text is the Float's (`Float(0.1)` gives
    /// `0.1`), as JSONEncoder writes a Float. The Float must be finite.
    static func _double(shortestTextOf float: Float) -> Double {
        Double("\(float)")!
    }
}
