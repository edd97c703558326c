/// Open addressing over the positions of an object's names, hashed by their
/// UTF-8 bytes with SipHash-1-3 under a per-process random key (see
/// ``_SipHash``), so that no crafted set of names collides in every process.
///
/// Each slot holds the position plus one in its low bits (zero when empty)
/// and, above them, as many bits of the name's hash as are left, so that
/// most mismatches are rejected without comparing names. The table has at
/// least twice as many slots as names. Slots are 16 bits wide up to 4,096
/// of them (at least four bits of hash), 32 bits beyond: a record of 25
/// members (a tweet) keeps 128 bytes of table instead of 256, which was a
/// tenth of a byte per byte of twitter.json.
///
/// The slots are raw memory that the table's holder owns, not an array: a
/// lookup reads them without a retain and a release, which were a fifth of
/// its time. The object's header holds the table and frees it (see
/// ``_ObjectHeader/replaceTable(with:)``); a copy of the object's storage
/// copies it (``copy()``).
struct _MemberTable: @unchecked Sendable {
    // Sendable by hand: the slots change only through the object storage
    // that owns them, under the same copy-on-write rule as its members.

    private var slots: UnsafeMutableRawPointer
    private var mask: UInt32
    private var occupied: UInt32 = 0

    /// The most slots a table of 16-bit slots has.
    private static let narrowLimit = 4096

    @inline(__always) private var isNarrow: Bool { mask < Self.narrowLimit }
    @inline(__always) private var slotBits: UInt32 { isNarrow ? 16 : 32 }
    @inline(__always) private var slotCount: Int { Int(mask) &+ 1 }
    @inline(__always) private var byteCount: Int { slotCount &* (isNarrow ? 2 : 4) }
    /// How many low bits of a slot hold the position: enough for any
    /// position the table can hold, which is fewer than its slots.
    @inline(__always) private var positionBits: UInt32 { UInt32(slotCount.trailingZeroBitCount) }

    /// An empty table with room for `capacity` names before it grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        mask = UInt32(size - 1)
        let bytes = size * (size <= Self.narrowLimit ? 2 : 4)
        slots = .allocate(byteCount: bytes, alignment: 4)
        slots.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    }

    /// A table of the names of the first `count` members, which are all
    /// different, with room for `capacity` names before it grows.
    init(names members: UnsafeMutablePointer<_ObjectMember>, count: Int, capacity: Int) {
        self.init(capacity: capacity)
        for index in 0..<count { _ = insert(index, for: members[index].key, in: members) }
    }

    /// The same table in memory of its own.
    func copy() -> _MemberTable {
        var copy = self
        copy.slots = .allocate(byteCount: byteCount, alignment: 4)
        copy.slots.copyMemory(from: slots, byteCount: byteCount)
        return copy
    }

    /// Frees the slots; the table is not used again.
    func deallocate() {
        slots.deallocate()
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        _SipHash.hash(bytes)
    }

    /// The hash's top bits, in the slot's bits above the position.
    @inline(__always)
    private func tag(_ hash: Int) -> UInt32 {
        Self.tag(of: UInt(bitPattern: hash), bits: slotBits - positionBits, above: positionBits)
    }

    /// The top `bits` bits of `hash`, shifted `positionBits` up. They are
    /// the top bits of the hash's own width: where `Int` has 32 bits, the
    /// hash has 32 (a wider view of it would see only its sign), and the
    /// slot's index, its low `positionBits` bits, never overlaps them, as
    /// `bits + positionBits` is at most 32. Generic so that tests can check
    /// it with `UInt32`.
    @inline(__always)
    static func tag<Hash: FixedWidthInteger & UnsignedInteger>(
        of hash: Hash, bits: UInt32, above positionBits: UInt32
    ) -> UInt32 {
        guard bits > 0 else { return 0 }
        return UInt32(truncatingIfNeeded: hash &>> (Hash.bitWidth &- Int(bits))) &<< positionBits
    }

    @inline(__always)
    private var positionMask: UInt32 { positionBits >= 32 ? .max : (1 << positionBits) - 1 }

    @inline(__always)
    private func slot(_ slot: Int) -> UInt32 {
        isNarrow
            ? UInt32(slots.load(fromByteOffset: slot &* 2, as: UInt16.self))
            : slots.load(fromByteOffset: slot &* 4, as: UInt32.self)
    }

    @inline(__always)
    private func setSlot(_ slot: Int, _ entry: UInt32) {
        if isNarrow {
            slots.storeBytes(of: UInt16(truncatingIfNeeded: entry), toByteOffset: slot &* 2, as: UInt16.self)
        } else {
            slots.storeBytes(of: entry, toByteOffset: slot &* 4, as: UInt32.self)
        }
    }

    /// Calls `body` with the name's UTF-8 bytes, copied only if the string
    /// is not stored contiguously.
    @inline(__always)
    static func withBytes<R>(of key: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = key.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(key.utf8).withUnsafeBufferPointer(body)
    }

    @inline(__always)
    static func equal(_ key: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = key.utf8
        guard utf8.count == bytes.count else { return false }
        return withBytes(of: key) { stored in
            guard let a = stored.baseAddress, let b = bytes.baseAddress else { return true }
            // Eight bytes at a time, inline: names are short, and a call to
            // memcmp cost a tenth of a lookup.
            let count = stored.count
            var index = 0
            while index &+ 8 <= count {
                let x = UnsafeRawPointer(a).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let y = UnsafeRawPointer(b).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if x != y { return false }
                index &+= 8
            }
            while index < count {
                if a[index] != b[index] { return false }
                index &+= 1
            }
            return true
        }
    }

    /// The position of the name spelled by `bytes`, if the table has it.
    @inline(__always)
    func find(_ bytes: UnsafeBufferPointer<UInt8>, in members: UnsafeMutablePointer<_ObjectMember>) -> Int? {
        probe(bytes, hash: Self.hash(bytes), in: members).position
    }

    /// The position of the name spelled by `bytes`, whose hash is known.
    @inline(__always)
    func find(
        _ bytes: UnsafeBufferPointer<UInt8>, hash: Int, in members: UnsafeMutablePointer<_ObjectMember>
    ) -> Int? {
        probe(bytes, hash: hash, in: members).position
    }

    /// Enters `index` for `key`, unless the name is there already: then its
    /// position, and nothing changes. Only the members before `index` are read.
    mutating func insert(_ index: Int, for key: String, in members: UnsafeMutablePointer<_ObjectMember>) -> Int? {
        if Int(occupied &+ 1) &* 2 > slotCount { grow(members) }
        return Self.withBytes(of: key) { bytes in
            let hash = Self.hash(bytes)
            let (found, slot) = probe(bytes, hash: hash, in: members)
            if let found { return found }
            setSlot(slot, tag(hash) | UInt32(index + 1))
            occupied += 1
            return nil
        }
    }

    /// Takes out the entry of the member at `position`, whose name is in the
    /// table, and moves the entries after it in its run of full slots to
    /// where a search now finds them (deletion from linear probing, without
    /// tombstones). Other positions are unchanged.
    mutating func remove(_ position: Int, in members: UnsafeMutablePointer<_ObjectMember>) {
        let positionMask = positionMask
        let mask = Int(mask)
        var slot = Self.hash(ofMemberAt: position, in: members) & mask
        while Int(self.slot(slot) & positionMask) &- 1 != position { slot = (slot &+ 1) & mask }
        setSlot(slot, 0)
        occupied -= 1
        var next = (slot &+ 1) & mask
        while case let entry = self.slot(next), entry != 0 {
            setSlot(next, 0)
            place(entry, hash: Self.hash(ofMemberAt: Int(entry & positionMask) &- 1, in: members))
            next = (next &+ 1) & mask
        }
    }

    /// The hash of the name of the member at `position`.
    @inline(__always)
    private static func hash(ofMemberAt position: Int, in members: UnsafeMutablePointer<_ObjectMember>) -> Int {
        withBytes(of: members[position].key) { hash($0) }
    }

    /// Puts `entry` in the first empty slot from the one `hash` names, as a
    /// search for its name goes; the caller counts it.
    @inline(__always)
    private mutating func place(_ entry: UInt32, hash: Int) {
        let mask = Int(mask)
        var slot = hash & mask
        while self.slot(slot) != 0 { slot = (slot &+ 1) & mask }
        setSlot(slot, entry)
    }

    /// Looks for the name spelled by `bytes`, whose hash is `hash`: its
    /// position if the table has it, and the empty slot where the search
    /// ended, where it would go, if not.
    @inline(__always)
    private func probe(
        _ bytes: UnsafeBufferPointer<UInt8>,
        hash: Int,
        in members: UnsafeMutablePointer<_ObjectMember>
    ) -> (position: Int?, slot: Int) {
        let tag = tag(hash)
        let positionMask = positionMask
        let mask = Int(mask)
        var slot = hash & mask
        while true {
            let entry = self.slot(slot)
            if entry == 0 { return (nil, slot) }
            let position = Int(entry & positionMask) &- 1
            if entry & ~positionMask == tag && Self.equal(members[position].key, bytes) { return (position, slot) }
            slot = (slot &+ 1) & mask
        }
    }

    /// Doubles the slots and enters the names again.
    private mutating func grow(_ members: UnsafeMutablePointer<_ObjectMember>) {
        let old = self
        self = _MemberTable(capacity: slotCount)  // Twice the slots: capacity is half of them.
        let oldMask = old.positionMask
        for oldSlot in 0..<old.slotCount {
            let entry = old.slot(oldSlot)
            guard entry != 0 else { continue }
            let index = Int(entry & oldMask) &- 1
            let hash = Self.hash(ofMemberAt: index, in: members)
            place(tag(hash) | UInt32(index + 1), hash: hash)
            occupied += 1
        }
        old.deallocate()
    }
}
