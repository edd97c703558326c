/// A coding key for any string or integer, for containers whose keys are
/// not known in advance.
struct _AnyCodingKey: CodingKey, Hashable, Sendable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key Foundation's coders use for an array element: `Index 3`.
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
}
