/// Equality as JSON Schema defines it for `enum`, `const` and
/// `uniqueItems`: numbers by value (`1` equals `1.0`), strings by their
/// Unicode scalars (`"é"` in one scalar differs from `e` with a combining
/// accent, which Swift's `==` takes as equal), objects by their members in
/// any order, arrays item by item.
///
/// Containers are compared with a work list rather than recursion, so that
/// deep values are safe on small stacks.
func _schemaEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    if let equal = _shallowSchemaEquality(lhs, rhs) { return equal }
    var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
        switch (a, b) {
        case (.array(let a), .array(let b)):
            for (x, y) in zip(a, b) {
                guard let equal = _shallowSchemaEquality(x, y) else {
                    pending.append((x, y))
                    continue
                }
                if !equal { return false }
            }
        case (.object(let a), .object(let b)):
            for (key, x) in a {
                // Member names are looked up by their scalars.
                guard let y = b[key] else { return false }
                guard let equal = _shallowSchemaEquality(x, y) else {
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

/// Equality of scalars, and of container sizes; `nil` for two containers of
/// the same kind and size, whose contents decide.
@inline(__always)
private func _shallowSchemaEquality(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool? {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)):
        return _utf8Equal(a, b)
    case (.array(let a), .array(let b)):
        return a.count == b.count ? nil : false
    case (.object(let a), .object(let b)):
        return a.count == b.count ? nil : false
    case (.string, _), (_, .string), (.array, _), (_, .array), (.object, _), (_, .object):
        return false
    default:
        // Null, Booleans and numbers: as JSONValue compares them.
        return lhs == rhs
    }
}

/// A value as a key of a set or dictionary, equal by ``_schemaEqual(_:_:)``.
/// Its hash is ``JSONValue``'s, which equal values share: `JSONValue`'s own
/// equality is the coarser one.
struct _SchemaValueKey: Hashable {
    let value: JSONValue

    static func == (lhs: _SchemaValueKey, rhs: _SchemaValueKey) -> Bool { _schemaEqual(lhs.value, rhs.value) }

    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}

/// Whether two strings have the same UTF-8 bytes (not merely canonically
/// equivalent ones, as Swift's `==` decides).
@inline(__always)
func _utf8Equal(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    return _MemberTable.withBytes(of: a) { _MemberTable.equal(b, $0) }
}
