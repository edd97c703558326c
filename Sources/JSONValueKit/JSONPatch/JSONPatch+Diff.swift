extension JSONPatch {
    /// Creates the patch that turns one value into another.
    ///
    /// ```swift
    /// let old: JSONValue = ["tags": [1, 2, 3], "name": "a", "gone": true]
    /// let new: JSONValue = ["tags": [0, 1, 2, 3], "name": "b"]
    /// JSONPatch(from: old, to: new)
    /// // [{"op":"remove","path":"/gone"},
    /// //  {"op":"replace","path":"/name","value":"b"},
    /// //  {"op":"add","path":"/tags/0","value":0}]
    /// ```
    ///
    /// Applying the patch to `old` gives `new` case for case: a `1` that
    /// became `1.0`, or a string whose scalars changed but that Swift
    /// considers equal, is a change. The patch is deterministic: members are
    /// visited in the order of their names' UTF-8 bytes, removals first, so
    /// equal inputs always give the same patch. Objects and arrays are
    /// compared member by member and element by element; arrays are aligned
    /// by a longest common subsequence, so inserting at the front is one
    /// `add`, and an element replaced by one of the same kind is patched
    /// inside. The patch uses `add`, `remove` and `replace` only.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    /// - Complexity: O(*n*) in the size of the values, plus O(*a* · *b*) for
    ///   each pair of arrays whose differing middle parts have *a* and *b*
    ///   elements (above 4 million pairs, elements are paired by position
    ///   instead, which is still exact but not minimal).
    public init(from old: JSONValue, to new: JSONValue) {
        var operations: [Operation] = []
        JSONPatch.diff(old, new, at: .root, into: &operations)
        self.init(operations)
    }

    /// The largest `a` × `b` table the array alignment builds.
    private static let maximumAlignmentCells = 1 << 22

    /// Whether the alignment table of two differing middles of `n` and `m`
    /// elements is small enough to build. The product is checked: two
    /// middles of 50,000 elements overflow an `Int` of 32 bits, and must
    /// mean "too large" there as they do where `Int` has 64 bits. Generic so
    /// that tests can check it with `Int32`.
    static func alignsElements<Count: FixedWidthInteger>(_ n: Count, _ m: Count) -> Bool {
        let (cells, overflow) = n.multipliedReportingOverflow(by: m)
        return !overflow && cells <= maximumAlignmentCells
    }

    private static func diff(
        _ old: JSONValue, _ new: JSONValue, at path: JSONPointer, into operations: inout [Operation]
    ) {
        if JSONValue._isIdentical(old, new) { return }
        // Recursion follows the documents' depth; every few levels it moves
        // to a new stack. Where there are no threads to move to, deeper
        // values are replaced whole: a longer patch, but a correct one.
        do {
            try _StackExtension.run(depth: path.tokens.count) {
                switch (old, new) {
                case (.object(let a), .object(let b)):
                    diffObjects(a, b, at: path, into: &operations)
                case (.array(let a), .array(let b)):
                    diffArrays(a, b, at: path, into: &operations)
                default:
                    operations.append(.replace(path: path, value: new))
                }
            }
        } catch {
            operations.append(.replace(path: path, value: new))
        }
    }

    private static func diffObjects(
        _ old: JSONObject,
        _ new: JSONObject,
        at path: JSONPointer,
        into operations: inout [Operation]
    ) {
        // Removals first, then changes and additions, each in the order of
        // the names' bytes, as before objects kept their order: order alone
        // is not a change.
        let oldNames = old.keys
        for index in _scalarOrder(of: oldNames) where new.index(forKey: oldNames[index]) == nil {
            operations.append(.remove(path: path.appending(oldNames[index])))
        }
        for (name, newMember) in _sortedByName(new.map { ($0.key, $0.value) }) {
            if let oldMember = old[name] {
                diff(oldMember, newMember, at: path.appending(name), into: &operations)
            } else {
                operations.append(.add(path: path.appending(name), value: newMember))
            }
        }
    }

    private static func diffArrays(
        _ old: [JSONValue],
        _ new: [JSONValue],
        at path: JSONPointer,
        into operations: inout [Operation]
    ) {
        // Equal ends need no alignment.
        var prefix = 0
        while prefix < old.count, prefix < new.count, JSONValue._isIdentical(old[prefix], new[prefix]) {
            prefix += 1
        }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            JSONValue._isIdentical(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
        {
            suffix += 1
        }
        let a = old[prefix..<(old.count - suffix)]
        let b = new[prefix..<(new.count - suffix)]
        let n = a.count
        let m = b.count

        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
        let width = m + 1
        var lengths: [Int32]
        if alignsElements(n, m) {
            lengths = [Int32](repeating: 0, count: (n + 1) * width)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    if JSONValue._isIdentical(a[a.startIndex + i], b[b.startIndex + j]) {
                        lengths[i * width + j] = lengths[(i + 1) * width + j + 1] + 1
                    } else {
                        lengths[i * width + j] = max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                    }
                }
            }
        } else {
            // Too large to align: pair elements by position.
            lengths = []
        }
        func length(_ i: Int, _ j: Int) -> Int32 {
            lengths.isEmpty ? 0 : lengths[i * width + j]
        }

        // Walk the alignment, keeping `index`, the position in the array as
        // the operations so far have left it.
        var i = 0
        var j = 0
        var index = prefix
        while i < n || j < m {
            if i < n, j < m, JSONValue._isIdentical(a[a.startIndex + i], b[b.startIndex + j]),
                lengths.isEmpty || length(i, j) == length(i + 1, j + 1) + 1
            {
                i += 1
                j += 1
                index += 1
            } else if i < n, j < m, length(i, j) == length(i + 1, j + 1) {
                // Neither element is part of a longest common subsequence
                // from here: change one into the other in place.
                diff(a[a.startIndex + i], b[b.startIndex + j], at: path.appending(index), into: &operations)
                i += 1
                j += 1
                index += 1
            } else if j < m, i == n || length(i, j + 1) >= length(i + 1, j) {
                operations.append(.add(path: path.appending(index), value: b[b.startIndex + j]))
                j += 1
                index += 1
            } else {
                operations.append(.remove(path: path.appending(index)))
                i += 1
            }
        }
    }
}
