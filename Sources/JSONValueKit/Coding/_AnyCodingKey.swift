/// A coding key for any string or integer, for containers whose keys are
/// not known in advance.
///
/// Kept to three words (the integer's absence is a sentinel rather than an
/// `Int?`), so that it fits an existential's inline buffer and `any CodingKey`
/// made from it does not allocate.
struct _AnyCodingKey: CodingKey, Hashable, Sendable {
    /// The name; empty for an element's key, whose name is made when asked.
    private let name: String
    private let storedIndex: Int

    /// The name, or for an array element's key the name Foundation's coders
    /// give it (`Index 3`), made only when asked: most keys of elements are
    /// only ever passed down, and making the name for every element was a
    /// percent of decoding the citm_catalog.json model.
    var stringValue: String {
        name.isEmpty && storedIndex != .min ? "Index \(storedIndex)" : name
    }

    var intValue: Int? { storedIndex == .min ? nil : storedIndex }

    init(_ string: String) {
        name = string
        storedIndex = .min
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init(intValue: Int) {
        name = String(intValue)
        storedIndex = intValue
    }

    /// The key Foundation's coders use for an array element: `Index 3`.
    init(index: Int) {
        name = ""
        storedIndex = index
    }

    static func == (a: _AnyCodingKey, b: _AnyCodingKey) -> Bool {
        a.storedIndex == b.storedIndex && a.stringValue == b.stringValue
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(stringValue)
        hasher.combine(storedIndex)
    }
}
