#if JSONSchema

/// Equality as JSON Schema defines it for `enum`, `const` and
/// `uniqueItems`: numbers by value (`1` equals `1.0`), strings by their
/// Unicode scalars (`"é"` in one scalar differs from `e` with a combining
/// accent, which Swift's `==` takes as equal), objects by their members in
/// any order, arrays item by item.
func _schemaEqual(_ lhs: JSONValue, _ rhs: JSONValue, numbers: UnsafePointer<_ExactNumbers>? = nil) -> Bool {
    withUnsafePointer(to: lhs) { lhs in withUnsafePointer(to: rhs) { rhs in _schemaEqual(lhs, rhs, numbers: numbers) } }
}

/// ``_schemaEqual(_:_:)`` of two values read in place.
///
/// Validation compares the instance's own values (`uniqueItems` compares
/// every pair of a short array), so nothing is copied: containers are read
/// through ``_SchemaInstanceView``, which takes no reference, and nothing is
/// allocated unless values nest deeper than ``inlineDepth``. Deeper than
/// that, the comparison goes on with a work list rather than recursion, so
/// that deep values are safe on small stacks.
///
/// `numbers` holds the text of numbers boxed in the values, when they were
/// parsed keeping it (see `_SchemaExactNumbers.swift`).
func _schemaEqual(
    _ lhs: UnsafePointer<JSONValue>, _ rhs: UnsafePointer<JSONValue>, numbers: UnsafePointer<_ExactNumbers>? = nil
) -> Bool {
    _SchemaEquality(numbers: numbers).equal(lhs, rhs, depth: 0)
}

private struct _SchemaEquality {
    let numbers: UnsafePointer<_ExactNumbers>?

    /// How deep the comparison recurses before it switches to a work list.
    static var inlineDepth: Int { 16 }

    func equal(_ lhs: UnsafePointer<JSONValue>, _ rhs: UnsafePointer<JSONValue>, depth: Int) -> Bool {
        if let a = _SchemaInstanceView.elements(of: lhs) {
            guard let b = _SchemaInstanceView.elements(of: rhs), a.count == b.count else { return false }
            guard let x = a.baseAddress, let y = b.baseAddress else { return true }
            for index in 0..<a.count where !child(x + index, y + index, depth: depth) { return false }
            return true
        }
        if let a = _SchemaInstanceView.object(of: lhs) {
            guard let b = _SchemaInstanceView.object(of: rhs), a.count == b.count else { return false }
            for index in 0..<a.count {
                guard let match = b.index(matchingNameAt: index, of: a),
                    child(a.value(at: index), b.value(at: match), depth: depth)
                else { return false }
            }
            return true
        }
        return scalarsEqual(lhs, rhs)
    }

    /// Compares two children: recursively while the depth allows, and
    /// beyond it with a work list on the heap.
    @inline(__always)
    func child(_ lhs: UnsafePointer<JSONValue>, _ rhs: UnsafePointer<JSONValue>, depth: Int) -> Bool {
        switch (lhs.pointee.isContainer, rhs.pointee.isContainer) {
        case (false, false): return scalarsEqual(lhs, rhs)
        case (true, true): return depth < Self.inlineDepth ? equal(lhs, rhs, depth: depth &+ 1) : deepEqual(lhs, rhs)
        default: return false
        }
    }

    /// Equality of values of which at most one is a container.
    @inline(__always)
    func scalarsEqual(_ lhs: UnsafePointer<JSONValue>, _ rhs: UnsafePointer<JSONValue>) -> Bool {
        // One value at a time: a switch over the pair would copy both.
        switch lhs.pointee {
        case .string:
            guard case .string = rhs.pointee else { return false }
            return _utf8Equal(lhs.pointee.unsafelyUnwrappedString, rhs.pointee.unsafelyUnwrappedString)
        case .array, .object:
            return false
        default:
            switch rhs.pointee {
            case .string, .array, .object: return false
            // Null, Booleans and numbers: as JSONValue compares them.
            default:
                if let numbers, lhs.pointee.isNaNDouble || rhs.pointee.isNaNDouble {
                    return Self.boxedEqual(lhs.pointee, rhs.pointee, numbers.pointee)
                }
                return lhs.pointee == rhs.pointee
            }
        }
    }

    /// Equality of two scalars of which one at least is a box: a number
    /// held exactly compares as its `Double`, any other by its exact value,
    /// which no number held exactly has.
    @inline(never)
    static func boxedEqual(_ lhs: JSONValue, _ rhs: JSONValue, _ numbers: _ExactNumbers) -> Bool {
        func resolved(_ value: JSONValue) -> (held: JSONValue?, exact: _ExactDecimal?) {
            switch _BoxedNumber(value, numbers: numbers) {
            case .held(let held)?: (held, nil)
            case .exact(let decimal, _)?: (nil, decimal)
            case nil: (value, nil)
            }
        }
        let (a, b) = (resolved(lhs), resolved(rhs))
        if let x = a.exact, let y = b.exact { return x == y }
        guard let x = a.held, let y = b.held else { return false }
        return x == y
    }

    /// The comparison past ``inlineDepth``: pairs of containers wait in a
    /// work list instead of the stack.
    @inline(never)
    func deepEqual(_ lhs: UnsafePointer<JSONValue>, _ rhs: UnsafePointer<JSONValue>) -> Bool {
        var pending = [(lhs, rhs)]
        while let (lhs, rhs) = pending.popLast() {
            if let a = _SchemaInstanceView.elements(of: lhs) {
                guard let b = _SchemaInstanceView.elements(of: rhs), a.count == b.count else { return false }
                guard let x = a.baseAddress, let y = b.baseAddress else { continue }
                for index in 0..<a.count where !queue(x + index, y + index, into: &pending) { return false }
            } else if let a = _SchemaInstanceView.object(of: lhs) {
                guard let b = _SchemaInstanceView.object(of: rhs), a.count == b.count else { return false }
                for index in 0..<a.count {
                    guard let match = b.index(matchingNameAt: index, of: a),
                        queue(a.value(at: index), b.value(at: match), into: &pending)
                    else { return false }
                }
            } else if !scalarsEqual(lhs, rhs) {
                return false
            }
        }
        return true
    }

    /// Queues two containers, or compares two scalars at once.
    @inline(__always)
    func queue(
        _ lhs: UnsafePointer<JSONValue>, _ rhs: UnsafePointer<JSONValue>,
        into pending: inout [(UnsafePointer<JSONValue>, UnsafePointer<JSONValue>)]
    ) -> Bool {
        switch (lhs.pointee.isContainer, rhs.pointee.isContainer) {
        case (false, false): return scalarsEqual(lhs, rhs)
        case (true, true):
            pending.append((lhs, rhs))
            return true
        default: return false
        }
    }
}

extension _SchemaObjectView {
    /// The position of the member named as member `index` of `other` is,
    /// by the names' bytes: where objects list their members in the same
    /// order, as equal ones usually do, the one at the same position.
    @inline(__always)
    func index(matchingNameAt index: Int, of other: _SchemaObjectView) -> Int? {
        _MemberTable.withBytes(of: other.members[index].key) { bytes in
            if index < count && _MemberTable.equal(members[index].key, bytes) { return index }
            return self.index(ofName: bytes, hash: _MemberTable.hash(bytes))
        }
    }
}

/// A value as a key of a set or dictionary, equal by ``_schemaEqual(_:_:numbers:)``.
/// Its hash is ``JSONValue``'s, which equal values share: `JSONValue`'s own
/// equality is the coarser one.
struct _SchemaValueKey: Hashable, Sendable {
    let value: JSONValue

    static func == (lhs: _SchemaValueKey, rhs: _SchemaValueKey) -> Bool { _schemaEqual(lhs.value, rhs.value) }

    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}

/// ``_SchemaValueKey`` for values that may hold boxes of numbers kept as
/// text: they hash as their `Double`, which equal numbers share.
struct _ExactValueKey: Hashable {
    let value: JSONValue
    let numbers: UnsafePointer<_ExactNumbers>

    static func == (lhs: _ExactValueKey, rhs: _ExactValueKey) -> Bool {
        _schemaEqual(lhs.value, rhs.value, numbers: lhs.numbers)
    }

    func hash(into hasher: inout Hasher) { numbers.pointee.unboxed(value).hash(into: &hasher) }
}

extension JSONValue {
    /// Whether the value is a `Double` that is NaN: a box of a number kept
    /// as text, when the tree was parsed keeping them.
    @inline(__always)
    var isNaNDouble: Bool {
        if case .double(let double) = self { return double.isNaN }
        return false
    }
}

/// A digest of the value at `value` that values equal by
/// ``_schemaEqual(_:_:numbers:)`` share: a string's length in UTF-8, an
/// array's count, an object's count and the digests of its members' values
/// one level down (summed, so that the order of the members does not
/// matter), one for every number (`1` equals `1.0`, and a box of a number
/// kept as text equals its value). Read in place, with no reference taken,
/// so that `uniqueItems` compares in full only the items whose digests
/// agree.
func _schemaShallowDigest(_ value: UnsafePointer<JSONValue>) -> UInt64 {
    guard let object = _SchemaInstanceView.object(of: value) else { return _schemaLeafDigest(value) }
    var digest = 0x6F62_6A65_6374 &+ UInt64(truncatingIfNeeded: object.count)
    for index in 0..<object.count {
        // Mixed before summing, so that different lengths seldom add up to
        // the same sum.
        let part = _schemaLeafDigest(object.value(at: index)) &* 0x9E37_79B9_7F4A_7C15
        digest &+= part ^ (part >> 29)
    }
    return digest
}

/// ``_schemaShallowDigest(_:)`` without looking inside containers.
@inline(__always)
private func _schemaLeafDigest(_ value: UnsafePointer<JSONValue>) -> UInt64 {
    switch value.pointee {
    case .string: return 1 &+ UInt64(truncatingIfNeeded: value.pointee.unsafelyUnwrappedString.utf8.count) << 3
    case .array: return 2 &+ UInt64(truncatingIfNeeded: _SchemaInstanceView.elements(of: value)?.count ?? 0) << 3
    case .object: return 3 &+ UInt64(truncatingIfNeeded: _SchemaInstanceView.object(of: value)?.count ?? 0) << 3
    case .int, .double: return 4
    case .bool(let bool): return bool ? 5 : 6
    case .null: return 7
    }
}

/// Whether two strings have the same UTF-8 bytes (not merely canonically
/// equivalent ones, as Swift's `==` decides).
@inline(__always)
func _utf8Equal(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    return _MemberTable.withBytes(of: a) { _MemberTable.equal(b, $0) }
}

#endif
