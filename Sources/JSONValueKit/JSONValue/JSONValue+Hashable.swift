extension JSONValue: Hashable {
    /// Hashes the value's essential components into the given hasher.
    ///
    /// Hashing agrees with ``==(_:_:)``: a `.double` that holds an integer in
    /// `Int`'s range hashes like the equal `.int`, so `[.int(1), .double(1)]`
    /// makes a set of one element.
    ///
    /// Only the first 16 levels of arrays and objects contribute their
    /// contents; deeper ones contribute their kind and size. Equal values
    /// still hash alike, and hashing stays safe on small stacks at any depth.
    ///
    /// - Parameter hasher: The hasher to use when combining the components.
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, depth: 0)
    }

    /// How many levels of arrays and objects contribute their contents to
    /// the hash.
    private static let hashedDepth = 16

    private func hash(into hasher: inout Hasher, depth: Int) {
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
        case .array(let elements):
            hasher.combine(4 as UInt8)
            hasher.combine(elements.count)
            guard depth < Self.hashedDepth else { return }
            for element in elements {
                element.hash(into: &hasher, depth: depth &+ 1)
            }
        case .object(let members):
            hasher.combine(5 as UInt8)
            hasher.combine(members.count)
            guard depth < Self.hashedDepth else { return }
            // Independent of the members' order, as Dictionary's own hash is.
            var combined = 0
            for (key, member) in members {
                var memberHasher = Hasher()
                memberHasher.combine(key)
                member.hash(into: &memberHasher, depth: depth &+ 1)
                combined ^= memberHasher.finalize()
            }
            hasher.combine(combined)
        }
    }
}
