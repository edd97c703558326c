extension JSONValue: Hashable {
    /// Hashes the value's essential components into the given hasher.
    ///
    /// Hashing agrees with ``==(_:_:)``: a `.double` that holds an integer in
    /// `Int`'s range hashes like the equal `.int`, so `[.int(1), .double(1)]`
    /// makes a set of one element.
    ///
    /// - Parameter hasher: The hasher to use when combining the components.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(2 as UInt8)
            if let integer = Int(exactly: value) {
                hasher.combine(integer)
            } else if value.isNaN {
                hasher.combine(Double.nan.bitPattern)
            } else {
                hasher.combine(value)
            }
        case .string(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(4 as UInt8)
            hasher.combine(value)
        case .object(let value):
            hasher.combine(5 as UInt8)
            // Dictionary's hash is independent of iteration order.
            hasher.combine(value)
        }
    }
}
