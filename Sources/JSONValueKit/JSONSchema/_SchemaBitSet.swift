#if JSONSchema

/// The positions of the members or items of one value that some subschema
/// evaluated, for `unevaluatedProperties` and `unevaluatedItems`. Members
/// are identified by their position, which ``JSONObject`` keeps, so no
/// names are copied or hashed.
struct _SchemaBitSet {
    private var words: [UInt64] = []
    /// Whether some subschema applied in place was undecided (it entered a
    /// cycle), so that the members or items it would have evaluated had it
    /// been valid are unknown: `unevaluatedProperties` and
    /// `unevaluatedItems` cannot then fail for sure.
    var isIncomplete = false

    @inline(__always)
    mutating func insert(_ position: Int) {
        let word = position >> 6
        if word >= words.count { words += repeatElement(0, count: word - words.count + 1) }
        words[word] |= 1 << UInt64(position & 63)
    }

    /// Inserts the positions `0..<count`.
    mutating func insertAll(below count: Int) {
        guard count > 0 else { return }
        for position in 0..<count { insert(position) }
    }

    @inline(__always)
    func contains(_ position: Int) -> Bool {
        let word = position >> 6
        return word < words.count && words[word] & (1 << UInt64(position & 63)) != 0
    }

    mutating func formUnion(_ other: _SchemaBitSet) {
        if other.words.count > words.count { words += repeatElement(0, count: other.words.count - words.count) }
        for (index, word) in other.words.enumerated() { words[index] |= word }
        if other.isIncomplete { isIncomplete = true }
    }
}

#endif
