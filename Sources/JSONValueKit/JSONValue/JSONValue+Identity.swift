extension JSONValue {
    /// Whether two values are the same case for case: unlike ``==(_:_:)``,
    /// `.int(1)` and `.double(1.0)` differ, doubles compare by their bits,
    /// and strings and member names by their Unicode scalars.
    ///
    /// Used where a change must be seen even when the values are equal, such
    /// as creating patches.
    static func _isIdentical(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        _compare(lhs, rhs, numbersByValue: false)
    }

    /// Compares strings and member names by their Unicode scalars, arrays
    /// in order and objects in any order, through a work list rather than
    /// recursion; numbers by value (``==(_:_:)``) or case for case and bit
    /// for bit.
    static func _compare(_ lhs: JSONValue, _ rhs: JSONValue, numbersByValue: Bool) -> Bool {
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.null, .null):
                continue
            case (.bool(let x), .bool(let y)):
                guard x == y else { return false }
            case (.int(let x), .int(let y)):
                guard x == y else { return false }
            case (.double(let x), .double(let y)):
                guard numbersByValue ? a == b : x.bitPattern == y.bitPattern else { return false }
            case (.int, .double), (.double, .int):
                guard numbersByValue && a == b else { return false }
            case (.string(let x), .string(let y)):
                guard JSONObject.sameScalars(x, y) else { return false }
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                pending.append(contentsOf: zip(x, y))
            case (.object(let x), .object(let y)):
                guard x.count == y.count else { return false }
                for (key, member) in x {
                    guard let other = y[key] else { return false }
                    pending.append((member, other))
                }
            default:
                return false
            }
        }
        return true
    }
}
