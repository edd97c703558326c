extension JSONValue: Equatable {
    /// Returns whether two values are equal.
    ///
    /// Numbers are equal when their mathematical values are equal, whichever
    /// case holds them; a Boolean never equals a number; objects are equal
    /// when they have the same keys with equal values, in any order.
    ///
    /// ```swift
    /// JSONValue.int(1) == .double(1.0)             // true
    /// JSONValue.int(Int.max) == .double(0x1p63)    // false: 2⁶³ − 1 ≠ 2⁶³
    /// JSONValue.bool(true) == .int(1)              // false
    /// ```
    ///
    /// `NaN` equals `NaN` here, unlike `Double`, so that `==` stays an
    /// equivalence relation and values can live in sets and dictionaries.
    /// `0.0` and `-0.0` are equal, as they are for `Double`.
    ///
    /// - Parameters:
    ///   - lhs: A value to compare.
    ///   - rhs: Another value to compare.
    /// - Returns: `true` if the values are equal.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        if let equal = shallowEquality(lhs, rhs) { return equal }
        // Two arrays or two objects of the same size: compare their contents
        // with a work list rather than recursion, so that deep values are
        // safe on small stacks.
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.array(let a), .array(let b)):
                for (x, y) in zip(a, b) {
                    guard let equal = shallowEquality(x, y) else {
                        pending.append((x, y))
                        continue
                    }
                    if !equal { return false }
                }
            case (.object(let a), .object(let b)):
                for (key, x) in a {
                    guard let y = b[key] else { return false }
                    guard let equal = shallowEquality(x, y) else {
                        pending.append((x, y))
                        continue
                    }
                    if !equal { return false }
                }
            default:
                return false
            }
        }
        return true
    }

    /// Whether two values are equal, or `nil` for two arrays or two objects
    /// of the same size, whose contents decide.
    @inline(__always)
    private static func shallowEquality(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool? {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.string(let a), .string(let b)):
            return a == b
        case (.int(let a), .int(let b)):
            return a == b
        case (.double(let a), .double(let b)):
            return a == b || (a.isNaN && b.isNaN)
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)):
            // `Int(exactly:)` is nil for fractions and for anything outside
            // Int's range, including 2⁶³, which `Double(Int.max)` rounds to.
            return Int(exactly: b) == a
        case (.array(let a), .array(let b)):
            return a.count == b.count ? nil : false
        case (.object(let a), .object(let b)):
            return a.count == b.count ? nil : false
        default:
            return false
        }
    }
}
