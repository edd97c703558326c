/// The positions of `names`, in the order of their Unicode scalars, which is
/// the order of their UTF-8 bytes: the order of
/// ``JSONValue/WritingOptions/sortedKeys``, and of the names of an object
/// made from a source without an order (a Swift dictionary).
///
/// Sorts on each name's first 16 bytes, read once into two integers, and
/// compares whole names only where those are equal. Names are short and
/// mostly differ early, so this took writing twitter.json with sorted keys
/// from 2,400 µs to 1,370 µs (citm_catalog.json: 2,200 to 2,080; minimum of
/// 100 runs); comparing whole names, each comparison reached each name's
/// bytes again (`utf8.lexicographicallyPrecedes` a byte at a time through
/// the view, or `memcmp`, whose call cost more than the comparison). Sorting
/// `(name, value)` pairs with a comparison of names was an eighth of
/// `JSONValue`'s `init(from:)` through `JSONDecoder`.
func _scalarOrder(of names: [String]) -> [Int] {
    var entries: [_ScalarOrderEntry] = []
    entries.reserveCapacity(names.count)
    for index in names.indices {
        entries.append(_ScalarOrderEntry(names[index], index: index))
    }
    entries.withUnsafeMutableBufferPointer { entries in
        _sortInScalarOrder(entries) { _utf8Order(names[$0], names[$1]) }
    }
    return entries.map { $0.index }
}

/// `pairs` in the order of their names' Unicode scalars (see
/// ``_scalarOrder(of:)``).
func _sortedByName<Value>(_ pairs: [(String, Value)]) -> [(String, Value)] {
    _scalarOrder(of: pairs.map { $0.0 }).map { pairs[$0] }
}

/// A name's position and the first 16 bytes of its UTF-8, zero-padded, as
/// two big-endian integers: they order as the bytes do, and where they are
/// equal the whole names decide.
///
/// Zero padding keeps the order: a name that is a proper prefix of another
/// pads with zeros where the other has bytes, which are zero or more.
struct _ScalarOrderEntry {
    var high: UInt64
    var low: UInt64
    var index: Int

    @inline(__always)
    init(_ name: borrowing String, index: Int) {
        (high, low) = _prefix(of: name)
        self.index = index
    }

    /// Whether the name of `self` comes before that of `other`: by the
    /// prefixes, then, for names whose first 16 bytes are equal, by
    /// `compare` on the two positions (negative, zero or positive, as the
    /// first name comes before, is equal to or comes after the second),
    /// then by position for equal names, in the order a stable sort keeps.
    @inline(__always)
    func precedes(_ other: _ScalarOrderEntry, _ compare: (Int, Int) -> Int) -> Bool {
        if high != other.high { return high < other.high }
        if low != other.low { return low < other.low }
        let order = compare(index, other.index)
        if order != 0 { return order < 0 }
        return index < other.index
    }
}

/// Sorts `entries` by their names, `compare` comparing the whole names at
/// two positions where the prefixes are equal (see
/// ``_ScalarOrderEntry/precedes(_:_:)``).
///
/// Objects mostly have a few members, which an insertion sort orders in
/// place without the buffer that the standard library's merge sort
/// allocates.
@inline(__always)
func _sortInScalarOrder(_ entries: UnsafeMutableBufferPointer<_ScalarOrderEntry>, _ compare: (Int, Int) -> Int) {
    guard entries.count > 16 else {
        guard let base = entries.baseAddress, entries.count > 1 else { return }
        for sorted in 1..<entries.count {
            let entry = base[sorted]
            var hole = sorted
            while hole > 0 && entry.precedes(base[hole &- 1], compare) {
                base[hole] = base[hole &- 1]
                hole &-= 1
            }
            base[hole] = entry
        }
        return
    }
    var entries = entries
    entries.sort { $0.precedes($1, compare) }
}

/// Negative, zero or positive as the UTF-8 of `a` comes before, is equal
/// to or comes after that of `b`.
@inline(never)
func _utf8Order(_ a: borrowing String, _ b: borrowing String) -> Int {
    let inPlace = a.utf8.withContiguousStorageIfAvailable { a in
        b.utf8.withContiguousStorageIfAvailable { b in _utf8Order(a, b) }
    }
    if let inPlace, let order = inPlace { return order }
    return Array(a.utf8).withUnsafeBufferPointer { a in Array(b.utf8).withUnsafeBufferPointer { _utf8Order(a, $0) } }
}

private func _utf8Order(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let common = Swift.min(a.count, b.count)
    var index = 0
    while index < common {
        if a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
        index &+= 1
    }
    return a.count == b.count ? 0 : a.count < b.count ? -1 : 1
}

/// The first 16 bytes of `name`'s UTF-8, zero-padded, as two big-endian
/// integers.
@inline(__always)
private func _prefix(of name: borrowing String) -> (UInt64, UInt64) {
    if let prefix = name.utf8.withContiguousStorageIfAvailable({ _prefix(of: $0) }) { return prefix }
    return Array(name.utf8.prefix(16)).withUnsafeBufferPointer { _prefix(of: $0) }
}

@inline(__always)
private func _prefix(of bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
    guard let base = bytes.baseAddress else { return (0, 0) }
    let count = bytes.count
    if count >= 16 { return (_bigEndianWord(at: base), _bigEndianWord(at: base + 8)) }
    if count >= 8 { return (_bigEndianWord(at: base), _bigEndianWord(at: base + 8, count: count &- 8)) }
    return (_bigEndianWord(at: base, count: count), 0)
}

/// The eight bytes at `bytes` as a big-endian integer.
@inline(__always)
private func _bigEndianWord(at bytes: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(bigEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
}

/// The `count` (fewer than eight) bytes at `bytes`, zero-padded, as a
/// big-endian integer.
@inline(__always)
private func _bigEndianWord(at bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    var word: UInt64 = 0
    var shift: UInt64 = 56
    for index in 0..<count {
        word |= UInt64(bytes[index]) &<< shift
        shift &-= 8
    }
    return word
}
