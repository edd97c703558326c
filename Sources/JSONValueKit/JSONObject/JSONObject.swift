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
/// dictionary, ``JSONValue/init(any:allowsInexactNumbers:)`` from a `[String: Any]` or
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
/// The members live in one allocation, names beside their values, shared
/// between copies until one of them changes (copy on write); an empty object
/// allocates nothing. Small objects are searched directly; from nine members
/// on, a hash table of the names' scalars (SipHash under a per-process random
/// key, so that crafted names cannot make lookups slow) finds a member in
/// constant time. Adding a member is amortized O(1); removing one is O(*n*),
/// as it moves the members after it.
public struct JSONObject: @unchecked Sendable {
    // Sendable by hand: the storage is a ManagedBuffer, which the standard
    // library does not mark Sendable, and it is only ever changed through a
    // JSONObject that holds the only reference to it (copy on write).

    /// The members; `nil` for an empty object that never had storage.
    var storage: _ObjectStorage?

    /// The member count from which lookups go through a hash table.
    static let tableThreshold = 9

    /// Creates an empty object.
    ///
    /// ```swift
    /// var members = JSONObject()
    /// members["id"] = 1
    /// ```
    public init() {}

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
        // The storage is made at once, and the names checked as a parse
        // checks them; fewer members than pairs means a name repeated.
        let pairs = ContiguousArray(keysAndValues)
        self.init(count: pairs.count) { members in
            for index in pairs.indices {
                (members + index).initialize(to: _ObjectMember(key: pairs[index].0, value: pairs[index].1))
            }
        }
        guard count == pairs.count else {
            let repeated = pairs.indices.first { index in
                pairs[..<index].contains { Self.sameScalars($0.0, pairs[index].0) }
            }
            preconditionFailure("Duplicate name \"\(pairs[repeated ?? 0].0)\" in JSONObject(uniqueKeysWithValues:)")
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
        self.init(sortingNamesOf: dictionary) { $0 }
    }

    /// Makes an object of a dictionary's members, names sorted by their
    /// scalars, each value made by `value`.
    init<Value>(sortingNamesOf dictionary: [String: Value], _ value: (Value) -> JSONValue) {
        self.init(sortingNamesOf: Array(dictionary), value)
    }

    /// Makes an object of members whose names are all different, names
    /// sorted by their scalars, each value made by `value`.
    init<Value>(sortingNamesOf members: [(key: String, value: Value)], _ value: (Value) -> JSONValue) {
        let order = _scalarOrder(of: members.map { $0.key })
        // The names are all different: Swift's `==` equates more strings
        // than their scalars do.
        self.init(count: members.count) { storage in
            for (position, index) in order.enumerated() {
                let member = _ObjectMember(key: members[index].key, value: value(members[index].value))
                (storage + position).initialize(to: member)
            }
        }
    }

    /// Makes an object from names and values that may repeat names: the
    /// last value of a name counts, at the name's first position.
    init(keys: [String], values: [JSONValue]) {
        self.init(count: keys.count) { members in
            for index in keys.indices {
                (members + index).initialize(to: _ObjectMember(key: keys[index], value: values[index]))
            }
        }
    }

    /// Makes an object of `count` members that `initialize` writes in
    /// order, names possibly repeated: the last value of a name counts, at
    /// the name's first position. A parse passes its `shapes`, to copy the
    /// table of an earlier object with the same names.
    init(
        count: Int,
        shapes: _ObjectShapes? = nil,
        initializingWith initialize: (UnsafeMutablePointer<_ObjectMember>) -> Void
    ) {
        guard count > 0 else { return }
        let storage = _ObjectStorage.make(capacity: count)
        var duplicates = false
        // Everything done to the storage before it is stored in `self`: a
        // use after that retained and released it for every object.
        storage.withUnsafeMutablePointers { header, members in
            initialize(members)
            header.pointee.count = count
            if count >= Self.tableThreshold {
                if let shapes, let table = shapes.table(for: members, count: count) {
                    // The same names as an object before, which had no
                    // repeated name either.
                    header.pointee.replaceTable(with: table)
                    return
                }
                var table = _MemberTable(capacity: count)
                for index in 0..<count {
                    if let first = table.insert(index, for: members[index].key, in: members) {
                        members[first].value = members[index].value
                        duplicates = true
                    }
                }
                header.pointee.replaceTable(with: table)
                if !duplicates, let shapes { shapes.keep(members, count: count, table: table) }
            } else if count > 1 {
                for index in 1..<count {
                    for earlier in 0..<index where Self.sameScalars(members[earlier].key, members[index].key) {
                        members[earlier].value = members[index].value
                        duplicates = true
                        break
                    }
                }
            }
        }
        self.storage = storage
        if duplicates { removeRepeatedNames() }
    }

    /// Drops every member whose name appeared earlier (its value was moved
    /// there already), and rebuilds the table.
    private mutating func removeRepeatedNames() {
        var kept = JSONObject()
        kept.reserveCapacity(count)
        for index in 0..<count {
            let member = self[index]
            kept.appendIfNew(member.key, member.value)
        }
        self = kept
    }

    // MARK: Lookup and change

    /// The number of members.
    public var count: Int {
        // Through the pointer: `header` is a stored property of a class, so
        // reading it directly is checked for exclusive access at run time,
        // a call into the runtime on every read.
        storage?.withUnsafeMutablePointerToHeader { $0.pointee.count } ?? 0
    }

    /// Whether the object has no members.
    public var isEmpty: Bool { count == 0 }

    /// The names, in order.
    ///
    /// ```swift
    /// let members: JSONObject = ["b": 1, "a": 2]
    /// members.keys   // ["b", "a"]
    /// ```
    ///
    /// - Complexity: O(*n*): the names are collected into a new array.
    public var keys: [String] { map { $0.key } }

    /// The values, in the order of their names.
    ///
    /// - Complexity: O(*n*): the values are collected into a new array.
    public var values: [JSONValue] { map { $0.value } }

    /// The members in place, to read while this object is alive and
    /// unchanged: reading them so retains no name or value that is only
    /// passed on, as iterating (which copies each member out) does.
    var unsafeMembers: UnsafeBufferPointer<_ObjectMember> {
        guard let (header, members) = unsafePointers else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: members, count: header.pointee.count)
    }

    /// The storage's header and members, `nil` without storage, for
    /// readers that hold the object for as long as they use them.
    var unsafeHeaderAndMembers: (UnsafeMutablePointer<_ObjectHeader>, UnsafeMutablePointer<_ObjectMember>)? {
        unsafePointers
    }

    /// The storage's header and members, `nil` without storage, to read
    /// while `self` holds the storage. The pointers outlive the call that
    /// gives them, which is safe then: the storage is not freed and does not
    /// move. A closure that captured the storage instead would retain and
    /// release it on every lookup.
    private var unsafePointers: (UnsafeMutablePointer<_ObjectHeader>, UnsafeMutablePointer<_ObjectMember>)? {
        guard storage != nil else { return nil }
        return storage.unsafelyUnwrapped.withUnsafeMutablePointers { ($0, $1) }
    }

    /// The name of the member at a position.
    func key(at index: Int) -> String {
        storage!.withUnsafeMutablePointerToElements { $0[index].key }
    }

    /// The value of the member at a position, changed in place.
    subscript(valueAt index: Int) -> JSONValue {
        get { storage!.withUnsafeMutablePointerToElements { $0[index].value } }
        _modify {
            makeUnique(minimumCapacity: count)
            let members = storage!.withUnsafeMutablePointerToElements { $0 }
            yield &members[index].value
        }
    }

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
        guard let (header, members) = unsafePointers else { return nil }
        return _MemberTable.withBytes(of: key) { Self.index(ofName: $0, header, members) }
    }

    /// The position of the member with a name, as ``index(forKey:)`` finds
    /// it, but trying position `guess` first: a model's keyed container
    /// asks for its members in the order the type declares them, which is
    /// most often the order of the text, so the name is compared with one
    /// member instead of hashed.
    @inline(__always)
    func index(forKey key: String, guess: Int) -> Int? {
        guard let (header, members) = unsafePointers else { return nil }
        return _MemberTable.withBytes(of: key) { bytes in
            if guess < header.pointee.count && _MemberTable.equal(members[guess].key, bytes) { return guess }
            return Self.index(ofName: bytes, header, members)
        }
    }

    /// The position of the member whose name has the UTF-8 bytes `name`:
    /// through the members' table if there is one, otherwise compared one
    /// by one.
    @inline(__always)
    private static func index(
        ofName name: UnsafeBufferPointer<UInt8>, _ header: UnsafeMutablePointer<_ObjectHeader>,
        _ members: UnsafeMutablePointer<_ObjectMember>
    ) -> Int? {
        if let table = header.pointee.table { return table.find(name, in: members) }
        for index in 0..<header.pointee.count where _MemberTable.equal(members[index].key, name) {
            return index
        }
        return nil
    }

    /// The hash of a name as the members' table hashes it, for
    /// ``index(forKey:hash:)``; it holds for the life of the process.
    static func hash(ofKey key: String) -> Int {
        _MemberTable.withBytes(of: key) { _MemberTable.hash($0) }
    }

    /// The position of the member with a name whose hash, from
    /// ``hash(ofKey:)``, is known: a schema looks up the same names in many
    /// objects.
    func index(forKey key: String, hash: Int) -> Int? {
        guard let (header, members) = unsafePointers else { return nil }
        return _MemberTable.withBytes(of: key) { bytes in
            if let table = header.pointee.table { return table.find(bytes, hash: hash, in: members) }
            for index in 0..<header.pointee.count where _MemberTable.equal(members[index].key, bytes) {
                return index
            }
            return nil
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
            return self[valueAt: index]
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
                var value: JSONValue? = self[valueAt: index]
                self[valueAt: index] = .null  // So that `value` is uniquely referenced.
                defer {
                    if let value { self[valueAt: index] = value } else { remove(at: index) }
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
        guard let index = appendUnlessPresent(key, value) else { return nil }
        let old = self[valueAt: index]
        self[valueAt: index] = value
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
    /// - Complexity: O(*n*); O(1) on average for the last member.
    @discardableResult
    public mutating func remove(at index: Int) -> (key: String, value: JSONValue) {
        precondition(index >= 0 && index < count, "JSONObject index out of range")
        makeUnique(minimumCapacity: count)
        // The last member, from an object that keeps its table: the other
        // members keep their positions, and only this name leaves the table.
        let removesInPlace = index == count - 1 && count > Self.tableThreshold
        let removed = storage!.withUnsafeMutablePointers { header, members in
            if removesInPlace { header.pointee.table?.remove(index, in: members) }
            let member = (members + index).move()
            (members + index).moveInitialize(from: members + index + 1, count: header.pointee.count - index - 1)
            header.pointee.count -= 1
            return member
        }
        if !removesInPlace { rebuildTable() }
        return (removed.key, removed.value)
    }

    /// Removes every member.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for reuse.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        guard keepCapacity, storage != nil, isKnownUniquelyReferenced(&storage!) else {
            storage = nil
            return
        }
        storage!.withUnsafeMutablePointers { header, members in
            members.deinitialize(count: header.pointee.count)
            header.pointee.count = 0
            header.pointee.replaceTable(with: nil)
        }
    }

    /// Reserves room for a number of members.
    ///
    /// - Parameter minimumCapacity: The number of members to make room for.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        guard minimumCapacity > 0 else { return }
        makeUnique(minimumCapacity: minimumCapacity)
    }

    // MARK: Internals

    /// Makes `storage` this object's own, with room for `minimumCapacity`
    /// members, copying the members if they are shared or out of room.
    mutating func makeUnique(minimumCapacity: Int) {
        guard storage != nil else {
            storage = _ObjectStorage.make(capacity: Swift.max(minimumCapacity, 4))
            return
        }
        // Asked before any other reference to the storage is taken here,
        // and the capacity read in place: binding the storage first cost a
        // retain and a release on every append.
        let unique = isKnownUniquelyReferenced(&storage!)
        let capacity = storage.unsafelyUnwrapped.withUnsafeMutablePointerToHeader { $0.pointee.capacity }
        if unique && capacity >= minimumCapacity { return }
        let old = storage!
        let newCapacity = capacity >= minimumCapacity ? capacity : Swift.max(minimumCapacity, capacity * 2)
        let new = _ObjectStorage.make(capacity: newCapacity)
        old.withUnsafeMutablePointers { oldHeader, oldMembers in
            new.withUnsafeMutablePointers { newHeader, newMembers in
                let count = oldHeader.pointee.count
                newHeader.pointee.count = count
                if unique {
                    newMembers.moveInitialize(from: oldMembers, count: count)
                    oldHeader.pointee.count = 0
                    newHeader.pointee.table = oldHeader.pointee.table
                    oldHeader.pointee.table = nil
                } else {
                    newMembers.initialize(from: oldMembers, count: count)
                    newHeader.pointee.table = oldHeader.pointee.table?.copy()
                }
            }
        }
        storage = new
    }

    /// Appends a member unless its name is there already; whether it did.
    @discardableResult
    mutating func appendIfNew(_ key: String, _ value: JSONValue) -> Bool {
        appendUnlessPresent(key, value) == nil
    }

    /// Appends a member unless its name is there already: `nil` if it did,
    /// otherwise the position of the member with that name, left as it is.
    mutating func appendUnlessPresent(_ key: String, _ value: JSONValue) -> Int? {
        guard count + 1 >= Self.tableThreshold else {
            // Small: a direct search, then `append`, which builds the table
            // when the object reaches its threshold.
            if let index = index(forKey: key) { return index }
            append(key, value)
            return nil
        }
        makeUnique(minimumCapacity: count + 1)
        // One hash: the table enters the name, or finds it there already.
        return storage!.withUnsafeMutablePointers { header, members in
            let index = header.pointee.count
            if header.pointee.table == nil {
                header.pointee.replaceTable(with: _MemberTable(names: members, count: index, capacity: index + 1))
            }
            if let existing = header.pointee.table!.insert(index, for: key, in: members) { return existing }
            (members + index).initialize(to: _ObjectMember(key: key, value: value))
            header.pointee.count = index + 1
            return nil
        }
    }

    /// Appends a member whose name is known to be new.
    mutating func append(_ key: String, _ value: JSONValue) {
        makeUnique(minimumCapacity: count + 1)
        let needsTable = storage!.withUnsafeMutablePointers { header, members in
            let index = header.pointee.count
            (members + index).initialize(to: _ObjectMember(key: key, value: value))
            header.pointee.count = index + 1
            if header.pointee.table != nil {
                _ = header.pointee.table!.insert(index, for: key, in: members)
                return false
            }
            return index + 1 >= Self.tableThreshold
        }
        if needsTable { rebuildTable() }
    }

    /// Makes the table agree with the names, or drops it below the threshold.
    mutating func rebuildTable() {
        guard let storage else { return }
        storage.withUnsafeMutablePointers { header, members in
            let count = header.pointee.count
            header.pointee.replaceTable(
                with: count >= Self.tableThreshold ? _MemberTable(names: members, count: count, capacity: count) : nil
            )
        }
    }

    /// Whether two strings have the same Unicode scalars (the same UTF-8):
    /// Swift's `==` also equates canonically equivalent strings, which
    /// RFC 8259 and RFC 6901 do not. Names, pointer tokens and string values
    /// are all compared so.
    @inline(__always)
    static func sameScalars(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return _MemberTable.withBytes(of: b) { _MemberTable.equal(a, $0) }
    }
}

extension JSONValue {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}

/// A member as the storage holds it.
struct _ObjectMember {
    var key: String
    var value: JSONValue
}

/// What the storage holds besides its members.
struct _ObjectHeader {
    /// The number of members, and how many the storage was made for
    /// (`ManagedBuffer`'s own `capacity` asks the allocator,
    /// `malloc_usable_size` on Linux, which cost a call on every append).
    /// Both in 32 bits, so that they take the word the count took alone: an
    /// object of 4 billion members would not fit in memory anyway.
    private var storedCount: UInt32
    private let storedCapacity: UInt32

    init(count: Int, capacity: Int, table: _MemberTable?) {
        // Not `capacity <= Int(UInt32.max)`: where `Int` has 32 bits that
        // conversion traps, and every object that grows with it.
        precondition(UInt32(exactly: capacity) != nil, "JSONObject capacity out of range")
        storedCount = UInt32(truncatingIfNeeded: count)
        storedCapacity = UInt32(truncatingIfNeeded: capacity)
        self.table = table
    }

    var count: Int {
        @inline(__always) get { Int(storedCount) }
        @inline(__always) set { storedCount = UInt32(truncatingIfNeeded: newValue) }
    }

    var capacity: Int {
        @inline(__always) get { Int(storedCapacity) }
    }

    /// The positions of the names by their hash, from
    /// ``JSONObject/tableThreshold`` members on; `nil` below. The header
    /// owns it: set it through ``replaceTable(with:)``, which frees the one
    /// before, or move it to another header and set `nil` here.
    var table: _MemberTable?

    mutating func replaceTable(with new: _MemberTable?) {
        table?.deallocate()
        table = new
    }
}

/// An object's members in one allocation, with the count and the table in
/// its header. Changed only through a `JSONObject` that holds the only
/// reference (copy on write), so sharing it between threads is safe.
final class _ObjectStorage: ManagedBuffer<_ObjectHeader, _ObjectMember> {
    static func make(capacity: Int) -> _ObjectStorage {
        // `_ObjectStorage.create`, not `create` on the dynamic `Self`: built
        // with Embedded Swift 6.3 (as .ci/check-32bit builds it), that read
        // the instance size from the wrong word of the class's metadata.
        let buffer = _ObjectStorage.create(minimumCapacity: capacity) { _ in
            _ObjectHeader(count: 0, capacity: capacity, table: nil)
        }
        return unsafeDowncast(buffer, to: _ObjectStorage.self)
    }

    /// Frees the members without recursion: nested objects and arrays that
    /// only this one holds are taken apart on a work list, so that freeing a
    /// value nested to the depth limit is safe on a 512 KiB stack, as
    /// parsing it was.
    deinit {
        var pending: [JSONValue] = []
        withUnsafeMutablePointers { header, members in
            Self.moveContainers(out: members, count: header.pointee.count, into: &pending)
            header.pointee.count = 0
            header.pointee.replaceTable(with: nil)
        }
        while let value = pending.popLast() {
            // `consume` ends `value` here, so that what is taken out is the
            // last reference unless another value shares it.
            if value.isObject {
                var storage = Self.storage(of: consume value)
                guard storage != nil, isKnownUniquelyReferenced(&storage!) else { continue }
                storage!.withUnsafeMutablePointers { header, members in
                    Self.moveContainers(out: members, count: header.pointee.count, into: &pending)
                    header.pointee.count = 0
                }
            } else {
                // In place when unique; a shared array is copied and the copy
                // taken apart, which leaves the other holder's array alone.
                var elements = Self.elements(of: consume value)
                while let element = elements.popLast() {
                    if !Self.isShallow(element) { pending.append(element) }
                }
            }
        }
    }

    private static func storage(of value: consuming JSONValue) -> _ObjectStorage? {
        guard case .object(let object) = value else { return nil }
        return object.storage
    }

    private static func elements(of value: consuming JSONValue) -> [JSONValue] {
        guard case .array(let elements) = value else { return [] }
        return elements
    }

    /// Moves the members out of `members`, keeping the objects and arrays
    /// among their values on `pending` and releasing the rest.
    private static func moveContainers(
        out members: UnsafeMutablePointer<_ObjectMember>,
        count: Int,
        into pending: inout [JSONValue]
    ) {
        for index in 0..<count {
            let member = (members + index).move()
            if !isShallow(member.value) { pending.append(member.value) }
        }
    }

    /// Whether releasing `value` recurses at most one level: it is a
    /// scalar, or an array or object that holds no array or object. Such a
    /// value is released where it is, without a round through the work
    /// list; the coordinate pairs of canada.json and the empty arrays of
    /// citm_catalog.json made that list a tenth of freeing a parsed tree.
    @inline(__always)
    private static func isShallow(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements):
            return !elements.contains { $0.isContainer }
        case .object(let object):
            return !object.unsafeMembers.contains { $0.value.isContainer }
        default:
            return true
        }
    }
}
