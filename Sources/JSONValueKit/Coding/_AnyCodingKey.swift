/// A coding key for any string or integer, for containers whose keys are
/// not known in advance.
///
/// Kept to three words (the integer's absence is a sentinel rather than an
/// `Int?`), so that it fits an existential's inline buffer and `any CodingKey`
/// made from it does not allocate.
struct _AnyCodingKey: CodingKey, Hashable, Sendable {
    let stringValue: String
    private let storedIndex: Int

    var intValue: Int? { storedIndex == .min ? nil : storedIndex }

    init(_ string: String) {
        stringValue = string
        storedIndex = .min
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        storedIndex = intValue
    }

    /// The key Foundation's coders use for an array element: `Index 3`.
    init(index: Int) {
        stringValue = "Index \(index)"
        storedIndex = index
    }
}
