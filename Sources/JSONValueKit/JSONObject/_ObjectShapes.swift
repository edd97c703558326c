/// The member tables of the last objects of each size that one parse made,
/// with their names, so that an object with the same names in the same
/// order, as the records of an array of records have, copies a table
/// instead of hashing every name again.
///
/// Names are compared by the bits of their `String`s first, which is exact
/// for the strings a parse makes: a small name's bits are its bytes, and a
/// longer one's point to its storage, which the shape keeps alive (so that
/// it is neither freed and reused nor changed in place). Names whose bits
/// differ (a long name made twice) are compared by their scalars. Parsing
/// twitter.json hashed 11,098 names into 357 tables of nine shapes; now 348
/// of those tables are copies, and the parse takes 840 µs instead of 1,010.
final class _ObjectShapes {
    private struct Shape {
        /// The names, held so that their storage stays as it is.
        var names: [String]
        /// The table of those names, owned here.
        var table: _MemberTable
    }

    /// Two shapes for each member count, the last one kept first: the
    /// records of one array can come in two shapes (twitter.json has nine
    /// shapes of tables in all, two of them of 24 members).
    @exclusivity(unchecked) private var shapes: [Shape?] = Array(repeating: nil, count: 2 * (largest + 1))

    /// The most members an object may have for its shape to be kept: a
    /// record's, not a whole document's.
    private static let largest = 64

    /// Whether the bits of a `String` are two words, as comparing them
    /// assumes; `false` where they are not (32-bit platforms), which turns
    /// the cache off.
    static let isAvailable = MemoryLayout<String>.size == 16 && MemoryLayout<_ObjectMember>.offset(of: \.key) == 0

    deinit {
        for shape in shapes { shape?.table.deallocate() }
    }

    /// A copy of the table of a kept shape whose names are those of the
    /// `count` members, in order, if there is one.
    func table(for members: UnsafeMutablePointer<_ObjectMember>, count: Int) -> _MemberTable? {
        guard count <= Self.largest else { return nil }
        for slot in (2 &* count)...(2 &* count &+ 1) {
            guard let shape = shapes[slot] else { return nil }
            let same = shape.names.withUnsafeBufferPointer { names in
                for index in 0..<count where !Self.sameBits(names.baseAddress! + index, members + index) {
                    // A long name made again (the parser's cache of long
                    // names holds one per slot) has other bits.
                    guard JSONObject.sameScalars(names[index], members[index].key) else { return false }
                }
                return true
            }
            if same { return shape.table.copy() }
        }
        return nil
    }

    /// Keeps the names of the `count` members, which are all different,
    /// and a copy of their table, as the first shape of their count; the
    /// first one before becomes the second.
    func keep(_ members: UnsafeMutablePointer<_ObjectMember>, count: Int, table: _MemberTable) {
        guard count <= Self.largest else { return }
        shapes[2 &* count &+ 1]?.table.deallocate()
        shapes[2 &* count &+ 1] = shapes[2 &* count]
        shapes[2 &* count] = Shape(names: (0..<count).map { members[$0].key }, table: table.copy())
    }

    /// Whether a name and a member's name have the same bits.
    @inline(__always)
    private static func sameBits(_ name: UnsafePointer<String>, _ member: UnsafeMutablePointer<_ObjectMember>) -> Bool {
        let a = UnsafeRawPointer(name)
        let b = UnsafeRawPointer(member)
        return a.load(as: UInt64.self) == b.load(as: UInt64.self)
            && a.load(fromByteOffset: 8, as: UInt64.self) == b.load(fromByteOffset: 8, as: UInt64.self)
    }
}
