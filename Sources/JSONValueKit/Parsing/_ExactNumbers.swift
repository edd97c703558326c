/// The text of the numbers that a tree's `Double` cannot hold exactly, kept
/// beside the tree while ``JSONValueDecoder`` decodes a model from bytes.
///
/// A tree holds every non-integer, and every integer beyond `Int`, as the
/// nearest `Double`. That is exact for `Double` properties but not for
/// `Decimal` (`123456789.123456789`) or `UInt64` (`18446744073709551615`),
/// which `JSONDecoder` reads from the text. When asked, the parser keeps the
/// text of every number it might have rounded (more than 15 significant
/// digits, an integer beyond `Int`, or a magnitude beyond 2⁵³, where integers
/// are sparse; 15 digits or fewer always survive a `Double`) and puts a *box*
/// in the tree in its place: a quiet NaN whose
/// payload numbers the entry. JSON numbers are never NaN, and JSON5's `NaN`
/// is the payload-free `Double.nan`, so a box cannot be mistaken for a
/// value. Boxes never leave the decoder: it reads the text for the types
/// that need it, the nearest `Double` for the others, and replaces boxes by
/// their `Double` in any subtree it hands out as a ``JSONValue``.
///
/// Keeping the text costs one append per such number, and nothing for the
/// numbers that fit in 15 digits, which are most of them in API payloads.
struct _ExactNumbers {
    /// A number's nearest `Double` and where its text is in `bytes`.
    struct Entry {
        var value: Double
        /// Whether the text is an integer that `Int` holds (only `-0` is
        /// boxed so, to keep its sign's text); unboxed, it is an ``JSONValue/int(_:)``.
        var isInteger = false
        var start: Int
        var end: Int
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []

    private static let quietNaN: UInt64 = 0x7FF8_0000_0000_0000
    private static let payloadMask: UInt64 = 0x0007_FFFF_FFFF_FFFF
    /// The payload bits that number the entry; above them, two flags that
    /// JSON Schema's `type` reads without the table.
    private static let entryMask: UInt64 = 0x0000_FFFF_FFFF_FFFF
    /// Set when the number's exact value is an integer.
    private static let integralFlag: UInt64 = 0x0001_0000_0000_0000
    /// Set when the number is an integer as draft-04 counts them.
    private static let writtenAsIntegerFlag: UInt64 = 0x0002_0000_0000_0000

    var isEmpty: Bool { entries.isEmpty }

    /// Whether every number whose text its value does not give back is
    /// boxed (`1.10`, `1e2`, `-0`), not only those a `Double` may round: for
    /// decoding with `.convertScalarTypes`, which turns a number into its
    /// text.
    let keepsEveryNumberText: Bool

    init(keepsEveryNumberText: Bool = false) {
        self.keepsEveryNumberText = keepsEveryNumberText
    }

    /// Keeps `text`, the JSON text of a number whose nearest `Double` is
    /// `value`, and returns the box that stands for it in the tree.
    mutating func box(_ value: Double, text: UnsafeBufferPointer<UInt8>, isInteger: Bool = false) -> Double {
        let start = bytes.count
        bytes.append(contentsOf: text)
        entries.append(Entry(value: value, isInteger: isInteger, start: start, end: bytes.count))
        let (integral, draft4Integer) = Self.integrality(of: text, value: value, isInteger: isInteger)
        let flags = (integral ? Self.integralFlag : 0) | (draft4Integer ? Self.writtenAsIntegerFlag : 0)
        return Double(bitPattern: Self.quietNaN | flags | UInt64(entries.count))
    }

    /// Whether the number is an integer for JSON Schema's `type`, from
    /// draft-06 on and in draft-04. A number whose `Double` gives back its
    /// digits counts as that `Double` does in a tree; any other by its exact
    /// value (`1.50e1` is an integer), and in draft-04 when it is written
    /// without a fraction or an exponent.
    private static func integrality(
        of text: UnsafeBufferPointer<UInt8>, value: Double, isInteger: Bool
    ) -> (integral: Bool, draft4: Bool) {
        if isInteger { return (true, true) }
        if value.isFinite && _doubleKeepsDigits(value, of: text) {
            let integral = value.rounded(.towardZero) == value
            let large = value.magnitude >= Double(sign: .plus, exponent: Int.bitWidth - 1, significand: 1)
            return (integral, integral && large)
        }
        let written = !text.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
        return (_ExactDecimal(text: text).isIntegral, written)
    }

    /// Whether `double` is a box (of any table) whose number is an integer,
    /// as JSON Schema's `integer` type counts them (see
    /// `integrality(of:value:isInteger:)`), from draft-06 on or in draft-04
    /// (`draft4`).
    static func isIntegralBox(_ double: Double, draft4: Bool) -> Bool {
        let bits = double.bitPattern
        guard bits & ~payloadMask == quietNaN, bits & entryMask != 0 else { return false }
        return bits & (draft4 ? writtenAsIntegerFlag : integralFlag) != 0
    }

    /// The entry that `double` stands for, if it is a box of this table.
    func entry(for double: Double) -> Entry? {
        let bits = double.bitPattern
        guard bits & ~Self.payloadMask == Self.quietNaN else { return nil }
        // (A payload beyond Int, which only a NaN from elsewhere can carry
        // where Int has 32 bits, is no entry.)
        guard let number = Int(exactly: bits & Self.entryMask), number > 0 && number <= entries.count else {
            return nil
        }
        return entries[number &- 1]
    }

    /// The JSON text of an entry's number, as it appeared in the input.
    func text(of entry: Entry) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[entry.start..<entry.end]), as: UTF8.self)
        }
    }

    /// The exact value of an entry's number.
    func decimal(of entry: Entry) -> _ExactDecimal {
        bytes.withUnsafeBufferPointer {
            _ExactDecimal(text: UnsafeBufferPointer(rebasing: $0[entry.start..<entry.end]))
        }
    }

    /// Whether an entry's `Double` gives back the digits of its text (see
    /// `_doubleKeepsDigits`): then the number is held exactly, and compares
    /// as its `Double`.
    func keepsDigits(_ entry: Entry) -> Bool {
        guard entry.value.isFinite else { return false }
        return bytes.withUnsafeBufferPointer {
            _doubleKeepsDigits(entry.value, of: UnsafeBufferPointer(rebasing: $0[entry.start..<entry.end]))
        }
    }

    /// `value` with every box replaced by its nearest `Double`, as a parse
    /// without this table would have given it.
    func unboxed(_ value: JSONValue) -> JSONValue {
        isEmpty ? value : replacingBoxes(in: value) ?? value
    }

    /// `value` with its boxes replaced, or `nil` if it has none, so that
    /// subtrees without boxes (most of them) are not copied. Recursion is
    /// bounded by the parser's nesting limit, and a frame here is small.
    private func replacingBoxes(in value: JSONValue) -> JSONValue? {
        switch value {
        case .double(let double):
            guard double.isNaN, let entry = entry(for: double) else { return nil }
            return entry.isInteger ? .int(Int(entry.value)) : .double(entry.value)
        case .array(let elements):
            var result: [JSONValue]?
            for index in elements.indices {
                if let new = replacingBoxes(in: elements[index]) {
                    if result == nil { result = elements }
                    result![index] = new
                }
            }
            return result.map { .array($0) }
        case .object(let members):
            var result: JSONObject?
            for index in members.indices {
                if let new = replacingBoxes(in: members[index].value) {
                    if result == nil { result = members }
                    result![valueAt: index] = new
                }
            }
            return result.map { .object($0) }
        default:
            return nil
        }
    }
}
