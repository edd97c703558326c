import Foundation

/// The members of a JSON object: names and values, in order, with names
/// compared by their Unicode scalars.
///
/// ``JSONValue/object(_:)`` holds one. It reads like a `[String: JSONValue]`
/// and keeps what a dictionary loses:
///
/// ```swift
/// var members: JSONObject = ["name": "Ada", "age": 36]
/// members["name"]                  // "Ada"
/// members["email"] = "ada@x.org"   // a new name goes last
/// members["age"] = 37              // a replaced value keeps its place
/// members.keys                     // ["name", "age", "email"]
/// for (name, value) in members { print(name, value) }   // in order
/// ```
///
/// ### Order
///
/// Members keep the order they were written in, whatever made them: parsed
/// text (strict or JSON5), a literal, ``JSONValueDecoder`` reading `Data` or
/// a tree, ``JSONValueEncoder`` (the order of `encode` calls, which is a
/// model's declaration order for synthesized `Codable`). Writing without
/// `.sortedKeys` writes that order, so a document reads and writes back
/// byte for byte, in every process.
///
/// Where a source has no order, names are sorted, so that the result does
/// not depend on the process's hash seed: ``init(_:)`` from a Swift
/// dictionary, ``JSONValue/init(any:)`` from a `[String: Any]` or
/// `NSDictionary`, ``JSONValueEncoder`` encoding a Swift dictionary, and
/// `init(from:)` through a decoder other than ``JSONValueDecoder`` (such as
/// `JSONDecoder`, whose `allKeys` come in hash order).
///
/// ### Names
///
/// Names are compared by their Unicode scalars, as RFC 8259 compares them,
/// not by Swift's canonical equivalence: `"é"` (one scalar) and `"e\u{301}"`
/// are two members. When a name repeats in text, the last value counts, at
/// the first name's position, as `JSON.parse` and Python's `json.loads` do:
/// `{"a":1,"b":2,"a":3}` reads as `{"a":3,"b":2}`.
///
/// ### Equality
///
/// Two objects are equal when they have the same names with equal values,
/// in any order, as JSON means them (and RFC 6902's `test` requires); the
/// hash agrees. Order stays observable through the collection: compare with
/// `elementsEqual(_:by:)` where it matters.
///
/// ### Performance
///
/// Small objects are searched directly; from nine members on, a hash table
/// of the names' scalars (with Swift's per-process seeded hasher, so that
/// crafted names cannot make lookups slow) finds a member in constant time.
/// Adding a member is amortized O(1); removing one is O(*n*), as it moves
/// the members after it.
public struct JSONObject: Sendable {
    /// The names, in order.
    var storedKeys: [String]
    /// The values, in the order of their names.
    var storedValues: [JSONValue]
    /// The positions of the names by their hash, from ``tableThreshold``
    /// members on; `nil` below.
    var table: _MemberTable?

    /// The member count from which lookups go through a hash table.
    static let tableThreshold = 9

    /// Creates an empty object.
    ///
    /// ```swift
    /// var members = JSONObject()
    /// members["id"] = 1
    /// ```
    public init() {
        storedKeys = []
        storedValues = []
    }

    /// Creates an object from pairs whose names are all different, in the
    /// pairs' order.
    ///
    /// ```swift
    /// JSONObject(uniqueKeysWithValues: [("b", 1), ("a", 2)]).keys   // ["b", "a"]
    /// ```
    ///
    /// - Parameter keysAndValues: The members. Two pairs with the same name
    ///   (by Unicode scalars) are a programming error, as for
    ///   `Dictionary(uniqueKeysWithValues:)`.
    public init<S: Sequence>(uniqueKeysWithValues keysAndValues: S) where S.Element == (String, JSONValue) {
        self.init()
        for (key, value) in keysAndValues {
            let inserted = appendIfNew(key, value)
            precondition(inserted, "Duplicate name \"\(key)\" in JSONObject(uniqueKeysWithValues:)")
        }
    }

    /// Creates an object from a Swift dictionary, with its names sorted by
    /// their Unicode scalars, so that the result is the same in every
    /// process.
    ///
    /// ```swift
    /// JSONObject(["b": 1, "a": 2]).keys   // ["a", "b"]
    /// ```
    ///
    /// - Parameter dictionary: The members. Names that Swift treats as equal
    ///   are already one key of the dictionary.
    public init(_ dictionary: [String: JSONValue]) {
        self.init()
        reserveCapacity(dictionary.count)
        for (key, value) in dictionary.sorted(by: { JSONObject.scalarOrder($0.key, $1.key) }) {
            append(key, value)
        }
    }

    /// Makes an object from names and values that may repeat names: the
    /// last value of a name counts, at the name's first position.
    init(keys: [String], values: [JSONValue]) {
        storedKeys = keys
        storedValues = values
        guard keys.count > 1 else { return }
        if keys.count >= Self.tableThreshold {
            var table = _MemberTable(capacity: keys.count)
            var duplicates = false
            for index in keys.indices {
                if let first = table.insert(index, for: keys[index], in: storedKeys) {
                    storedValues[first] = storedValues[index]
                    duplicates = true
                }
            }
            self.table = table
            if duplicates { removeRepeatedNames() }
        } else {
            var duplicates = false
            for index in 1..<keys.count {
                for earlier in 0..<index where Self.sameScalars(keys[earlier], keys[index]) {
                    storedValues[earlier] = storedValues[index]
                    duplicates = true
                    break
                }
            }
            if duplicates { removeRepeatedNames() }
        }
    }

    /// Drops every member whose name appeared earlier (its value was moved
    /// there already), and rebuilds the table.
    private mutating func removeRepeatedNames() {
        var keptKeys: [String] = []
        var keptValues: [JSONValue] = []
        keptKeys.reserveCapacity(storedKeys.count)
        keptValues.reserveCapacity(storedKeys.count)
        var seen = JSONObject()
        for (key, value) in zip(storedKeys, storedValues) where seen.index(forKey: key) == nil {
            seen.append(key, .null)
            keptKeys.append(key)
            keptValues.append(value)
        }
        storedKeys = keptKeys
        storedValues = keptValues
        rebuildTable()
    }

    // MARK: Lookup and change

    /// The number of members.
    public var count: Int { storedKeys.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { storedKeys.isEmpty }

    /// The names, in order.
    ///
    /// ```swift
    /// let members: JSONObject = ["b": 1, "a": 2]
    /// members.keys   // ["b", "a"]
    /// ```
    public var keys: [String] { storedKeys }

    /// The values, in the order of their names.
    public var values: [JSONValue] { storedValues }

    /// The position of the member with a name, compared by Unicode
    /// scalars; `nil` if there is none.
    ///
    /// ```swift
    /// let members: JSONObject = ["a": 1, "b": 2]
    /// members.index(forKey: "b")   // 1
    /// ```
    ///
    /// - Parameter key: The name.
    /// - Returns: The member's position, or `nil`.
    /// - Complexity: O(1) on average.
    public func index(forKey key: String) -> Int? {
        if let table { return table.find(key, in: storedKeys) }
        return _MemberTable.withBytes(of: key) { bytes in
            storedKeys.withUnsafeBufferPointer { keys in
                for index in keys.indices where _MemberTable.equal(keys[index], bytes) { return index }
                return nil
            }
        }
    }

    /// The value of the member with a name; setting a value replaces it in
    /// place or adds the member at the end, and setting `nil` removes it.
    ///
    /// ```swift
    /// var members: JSONObject = ["a": 1]
    /// members["b"] = 2      // ["a": 1, "b": 2]
    /// members["a"] = nil    // ["b": 2]
    /// ```
    ///
    /// - Parameter key: The name, compared by Unicode scalars.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let index = index(forKey: key) else { return nil }
            return storedValues[index]
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
        _modify {
            if let index = index(forKey: key) {
                var value: JSONValue? = storedValues[index]
                storedValues[index] = .null  // So that `value` is uniquely referenced.
                defer {
                    if let value { storedValues[index] = value } else { remove(at: index) }
                }
                yield &value
            } else {
                var value: JSONValue?
                defer { if let value { append(key, value) } }
                yield &value
            }
        }
    }

    /// The value of the member with a name, or a default (which a write
    /// adds), as `Dictionary`'s subscript does.
    ///
    /// ```swift
    /// var counts: JSONObject = [:]
    /// counts["n", default: 0] = 1
    /// ```
    ///
    /// - Parameters:
    ///   - key: The name, compared by Unicode scalars.
    ///   - defaultValue: The value when there is no such member.
    public subscript(key: String, default defaultValue: @autoclosure () -> JSONValue) -> JSONValue {
        get { self[key] ?? defaultValue() }
        set { updateValue(newValue, forKey: key) }
    }

    /// Replaces the value of a member in place, or adds the member at the
    /// end.
    ///
    /// ```swift
    /// var members: JSONObject = ["a": 1, "b": 2]
    /// members.updateValue(3, forKey: "a")   // returns 1; ["a": 3, "b": 2]
    /// ```
    ///
    /// - Parameters:
    ///   - value: The new value.
    ///   - key: The name, compared by Unicode scalars.
    /// - Returns: The value replaced, or `nil` if the member was added.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        let (index, inserted) = insertionIndex(forKey: key)
        guard !inserted else {
            storedKeys.append(key)
            storedValues.append(value)
            return nil
        }
        let old = storedValues[index]
        storedValues[index] = value
        return old
    }

    /// Removes the member with a name; the others keep their order.
    ///
    /// ```swift
    /// var members: JSONObject = ["a": 1, "b": 2, "c": 3]
    /// members.removeValue(forKey: "b")   // returns 2; ["a": 1, "c": 3]
    /// ```
    ///
    /// - Parameter key: The name, compared by Unicode scalars.
    /// - Returns: The removed value, or `nil` if there was no such member.
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let index = index(forKey: key) else { return nil }
        return remove(at: index).value
    }

    /// Removes the member at a position; the others keep their order.
    ///
    /// - Parameter index: A valid position.
    /// - Returns: The removed member.
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func remove(at index: Int) -> (key: String, value: JSONValue) {
        let key = storedKeys.remove(at: index)
        let value = storedValues.remove(at: index)
        rebuildTable()
        return (key, value)
    }

    /// Removes every member.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for reuse.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        storedKeys.removeAll(keepingCapacity: keepCapacity)
        storedValues.removeAll(keepingCapacity: keepCapacity)
        table = nil
    }

    /// Reserves room for a number of members.
    ///
    /// - Parameter minimumCapacity: The number of members to make room for.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        storedKeys.reserveCapacity(minimumCapacity)
        storedValues.reserveCapacity(minimumCapacity)
    }

    // MARK: Internals

    /// The position of `key` and `false`, or the position a new member would
    /// take and `true`, having entered that position in the table.
    mutating func insertionIndex(forKey key: String) -> (index: Int, inserted: Bool) {
        if table != nil {
            if let existing = table!.insert(storedKeys.count, for: key, in: storedKeys) {
                return (existing, false)
            }
            return (storedKeys.count, true)
        }
        if let existing = index(forKey: key) { return (existing, false) }
        if storedKeys.count + 1 >= Self.tableThreshold {
            // The member about to be appended is entered by the rebuild.
            table = _MemberTable(capacity: storedKeys.count + 1)
            for index in storedKeys.indices { _ = table!.insert(index, for: storedKeys[index], in: storedKeys) }
            _ = table!.insert(storedKeys.count, for: key, in: storedKeys)
        }
        return (storedKeys.count, true)
    }

    /// Appends a member unless its name is there already; whether it did.
    @discardableResult
    mutating func appendIfNew(_ key: String, _ value: JSONValue) -> Bool {
        let (_, inserted) = insertionIndex(forKey: key)
        if inserted {
            storedKeys.append(key)
            storedValues.append(value)
        }
        return inserted
    }

    /// Appends a member whose name is known to be new.
    mutating func append(_ key: String, _ value: JSONValue) {
        if table == nil && storedKeys.count + 1 >= Self.tableThreshold {
            storedKeys.append(key)
            storedValues.append(value)
            rebuildTable()
            return
        }
        if table != nil { _ = table!.insert(storedKeys.count, for: key, in: storedKeys) }
        storedKeys.append(key)
        storedValues.append(value)
    }

    /// Makes the table agree with the names, or drops it below the threshold.
    mutating func rebuildTable() {
        guard storedKeys.count >= Self.tableThreshold else {
            table = nil
            return
        }
        var table = _MemberTable(capacity: storedKeys.count)
        for index in storedKeys.indices { _ = table.insert(index, for: storedKeys[index], in: storedKeys) }
        self.table = table
    }

    /// Whether two names have the same Unicode scalars (the same UTF-8).
    @inline(__always)
    static func sameScalars(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return _MemberTable.withBytes(of: b) { _MemberTable.equal(a, $0) }
    }

    /// The order of names by their Unicode scalars (UTF-8 bytes sort the same).
    static func scalarOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

/// Open addressing over the positions of an object's names, hashed by their
/// UTF-8 bytes with SipHash-1-3 under a per-process random key (see
/// ``_SipHash``), so that no crafted set of names collides in every process.
///
/// Each slot holds the position plus one in its low 32 bits (zero when
/// empty) and the upper 32 bits of the name's hash in its high bits, so that
/// most mismatches are rejected without comparing names.
struct _MemberTable: Sendable {
    private var slots: [UInt64]
    private var mask: Int
    private var occupied = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        _SipHash.hash(bytes)
    }

    @inline(__always)
    static func tag(_ hash: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000
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

    func find(_ key: String, in keys: [String]) -> Int? {
        Self.withBytes(of: key) { bytes in
            let hash = Self.hash(bytes)
            let tag = Self.tag(hash)
            var slot = hash & mask
            return slots.withUnsafeBufferPointer { slots in
                keys.withUnsafeBufferPointer { keys in
                    while true {
                        let entry = slots[slot]
                        if entry == 0 { return nil }
                        let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                        if entry & 0xFFFF_FFFF_0000_0000 == tag && Self.equal(keys[index], bytes) { return index }
                        slot = (slot &+ 1) & mask
                    }
                }
            }
        }
    }

    /// Enters `index` for `key`, unless the name is there already: then its
    /// position, and nothing changes. `keys[index]` need not exist yet.
    mutating func insert(_ index: Int, for key: String, in keys: [String]) -> Int? {
        if (occupied + 1) * 2 > slots.count { grow(keys) }
        return Self.withBytes(of: key) { bytes in
            let hash = Self.hash(bytes)
            let tag = Self.tag(hash)
            var slot = hash & mask
            while true {
                let entry = slots[slot]
                if entry == 0 {
                    slots[slot] = tag | UInt64(index + 1)
                    occupied += 1
                    return nil
                }
                let existing = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                if entry & 0xFFFF_FFFF_0000_0000 == tag && Self.equal(keys[existing], bytes) { return existing }
                slot = (slot &+ 1) & mask
            }
        }
    }

    private mutating func grow(_ keys: [String]) {
        let entries = slots.filter { $0 != 0 }
        slots = Array(repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for entry in entries {
            let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
            var slot = Self.withBytes(of: keys[index]) { Self.hash($0) } & mask
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = entry
        }
    }
}
