/// How the keyed containers of a ``_TapeDecoder`` find a member by its name
/// in the decoder's object, straight from the tape.
///
/// A model asks for its members mostly in the order the text has them, so a
/// lookup starts at the member after the one found last and usually stops
/// there, after one comparison: no table is built. The first member found
/// has the object checked for repeated names once (``hasRepeatedNames()``),
/// as a parse checks them: without any, the first match is the member; with
/// some, the last value of a name counts, at the name's first position, as
/// in a tree (see ``repeatedNameLookup(_:)``). An object with the names of
/// one that the decoder checked before, in the same order, takes that one's
/// answer, and its keys for `allKeys` (see ``_TapeDecoder/shapes``); objects
/// of up to four names without conversion are checked directly.
///
/// A model that asks for members in another order than the text's, or
/// skips some, would search for each of those: the objects checked with a
/// memo have a table of their names' entries (``makeNameTable(comparingWith:)``), and the
/// memo keeps where each lookup found its name (``_ShapeMemo/names``), so
/// that in the next object with the same names, the lookup with the same
/// number tries that member second, after the one following the last
/// found. A guess is compared as any candidate is: a model that asks for
/// other names, or an object whose names differ, only searches as before,
/// through the table.
///
/// With `.convertFromSnakeCase`, names are compared as converted; a name
/// without `_` is its own conversion, and the others are converted once per
/// object, when first compared.
///
/// The state is the decoder's (see its stored properties): a keyed
/// container holds only the decoder.
extension _TapeDecoder {
    /// Sets the lookups up for the object at `object` (kept if it is the
    /// same object as before: a second container of one decoder).
    @inline(__always)
    func prepareNames(_ object: Int, converts: Bool) {
        guard namesObject != object || namesConvert != converts else { return }
        namesObject = object
        namesConvert = converts
        memberCount = tape.count(object)
        namesEnd = tape.next(object)
        hintEntry = object &+ 1
        hintIndex = 0
        repeatedNames = memberCount < 2 ? 1 : 0
        shapeIndex = -2
        namesTableReady = false
        lookupNumber = 0
        lookupOrder = nil
        if converts {
            convertedNames.removeAll(keepingCapacity: true)
            convertedKnown.removeAll(keepingCapacity: true)
            convertedNames.append(contentsOf: repeatElement(nil, count: memberCount))
            convertedKnown.append(contentsOf: repeatElement(false, count: memberCount))
        }
    }

    /// The entry of the value of the member named `name`, if there is one.
    @inline(__always)
    func findMember(_ name: String) -> Int? {
        guard memberCount > 0 else { return nil }
        // In place: a small name's bytes are in the string itself, a large
        // one's in its storage (a name from elsewhere than Swift's own
        // strings is copied).
        if let found = name.utf8.withContiguousStorageIfAvailable({ findMember($0) }) {
            return found
        }
        var copy = name
        return copy.withUTF8 { findMember($0) }
    }

    private func findMember(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let tape = tape
        let target = _NameTarget(bytes)
        let number = lookupNumber
        lookupNumber = number &+ 1
        var entry = hintEntry
        var index = hintIndex
        if namesConvert {
            if nameMatches(entry, index, target, tape) { return found(entry, index, target, number) }
            if namesTableReady, let table = nameTable {
                if let guess = guessedMember(number), nameMatches(table[guess], guess, target, tape) {
                    return found(table[guess], guess, target, number)
                }
                for _ in 1..<memberCount {
                    index &+= 1
                    if index == memberCount { index = 0 }
                    if nameMatches(table[index], index, target, tape) {
                        return found(table[index], index, target, number)
                    }
                }
                return nil
            }
            for _ in 1..<memberCount {
                stepToNextName(&entry, &index, tape)
                if nameMatches(entry, index, target, tape) { return found(entry, index, target, number) }
            }
            return nil
        }
        // A name entry's payload is its length in bytes (with or without
        // escapes), which turns most other names away in one comparison:
        // the members that a model skips cost little more than the step to
        // the next name.
        let length = UInt64(truncatingIfNeeded: bytes.count)
        if tape.payload(entry) == length && target.matchesSameLength(tape.stringBytes(entry)) {
            return found(entry, index, target, number)
        }
        if namesTableReady, let table = nameTable {
            if let guess = guessedMember(number) {
                let name = table[guess]
                if tape.payload(name) == length && target.matchesSameLength(tape.stringBytes(name)) {
                    return found(name, guess, target, number)
                }
            }
            // The others, by the table: no step from one name to the next.
            for _ in 1..<memberCount {
                index &+= 1
                if index == memberCount { index = 0 }
                let name = table[index]
                if tape.payload(name) == length && target.matchesSameLength(tape.stringBytes(name)) {
                    return found(name, index, target, number)
                }
            }
            return nil
        }
        for _ in 1..<memberCount {
            stepToNextName(&entry, &index, tape)
            if tape.payload(entry) == length && target.matchesSameLength(tape.stringBytes(entry)) {
                return found(entry, index, target, number)
            }
        }
        return nil
    }

    /// The member where the last object with these names found the name of
    /// lookup `number`, if it is known.
    @inline(__always)
    private func guessedMember(_ number: Int) -> Int? {
        guard let order = lookupOrder, number < _ShapeNames.orderCapacity else { return nil }
        let guess = Int(truncatingIfNeeded: order[number])
        return guess >= 0 && guess < memberCount ? guess : nil
    }

    /// Moves from the name at `entry`, of member `index`, to the next
    /// member's name, from the last to the first.
    @inline(__always)
    private func stepToNextName(_ entry: inout Int, _ index: inout Int, _ tape: _TapeView) {
        entry = tape.next(entry &+ 1)
        index &+= 1
        if entry == namesEnd {
            entry = namesObject &+ 1
            index = 0
        }
    }

    /// The entry of the value of member `index`, whose name at `entry` is
    /// `target`, with the next lookup set to start after it; with repeated
    /// names, the value that a tree has for `target`.
    @inline(__always)
    private func found(_ entry: Int, _ index: Int, _ target: _NameTarget, _ number: Int) -> Int? {
        if repeatedNames == 0 { repeatedNames = checkRepeatedNames() }
        if repeatedNames == 2 { return repeatedNameLookup(target) }
        if let order = lookupOrder, number < _ShapeNames.orderCapacity {
            order[number] = Int32(truncatingIfNeeded: index)
        }
        let value = entry &+ 1
        hintEntry = tape.next(value)
        hintIndex = index &+ 1
        if hintEntry == namesEnd {
            hintEntry = namesObject &+ 1
            hintIndex = 0
        }
        return value
    }

    /// Whether member `index`, whose name is at `entry`, has the name
    /// `target` (as converted).
    @inline(__always)
    private func nameMatches(_ entry: Int, _ index: Int, _ target: _NameTarget, _ tape: _TapeView) -> Bool {
        let name = tape.stringBytes(entry)
        guard namesConvert else { return target.matches(name) }
        // Names of ASCII letters and `_` are compared as converted byte by
        // byte: making each converted name, and finding it in the memo, was
        // a sixth of decoding the twitter.json model with snake case.
        if let matches = _snakeCaseNameMatches(name, target.bytes) { return matches }
        guard let conversion = conversion(of: name, index) else { return target.matches(name) }
        return conversion.utf8.withContiguousStorageIfAvailable { _bytesEqual($0, target.bytes) }
            ?? conversion.utf8.elementsEqual(target.bytes)
    }

    /// The snake-case conversion of member `index`'s name `name`, or `nil`
    /// if it is its own.
    @inline(__always)
    private func conversion(of name: UnsafeBufferPointer<UInt8>, _ index: Int) -> String? {
        if !convertedKnown[index] {
            convertedKnown[index] = true
            if _containsUnderscore(name) {
                convertedNames[index] = options.camelCase(String(decoding: name, as: UTF8.self))
            }
        }
        return convertedNames[index]
    }

    /// The name of member `index`, at `entry`, as converted.
    private func convertedName(_ entry: Int, _ index: Int) -> String {
        let name = tape.stringBytes(entry)
        return (namesConvert ? conversion(of: name, index) : nil) ?? String(decoding: name, as: UTF8.self)
    }

    /// Whether two members have the same name, as converted: 2 if so, 1 if
    /// not. An object with the names of a shape memo's object, in the same
    /// order, has its answer; another is checked, and has a memo made.
    private func checkRepeatedNames() -> UInt8 {
        // A few names without conversion are compared directly, for less
        // than a memo costs.
        if memberCount <= 4 && !namesConvert { return hasRepeatedNames() ? 2 : 1 }
        let index = memoShape()
        if index >= 0 {
            lookupOrder = shapes[index].order
            return shapes[index].repeated
        }
        let repeated: UInt8 = hasRepeatedNames() ? 2 : 1
        // (The table is ready: `memoShape()` made it.)
        let names = _ShapeNames(copying: nameTable, count: namesTableReady ? memberCount : 0, tape)
        lookupOrder = names.order
        let memo = _ShapeMemo(object: namesObject, convert: namesConvert, repeated: repeated, names: names)
        if shapes.count < 4 {
            shapes.append(memo)
            shapeIndex = shapes.count &- 1
        } else {
            shapes[nextShape] = memo
            shapeIndex = nextShape
            nextShape = (nextShape &+ 1) & 3
        }
        lastShape = shapeIndex
        return repeated
    }

    /// The memo whose object has the names of this one, in the same order,
    /// or `-1`; compared once per object. The memo that the decoder's last
    /// object had is compared first, while the table of names is made (see
    /// ``makeNameTable(comparingWith:)``): the objects of an array mostly
    /// have the names of the one before.
    @inline(__always)
    private func memoShape() -> Int {
        if shapeIndex == -2 {
            shapeIndex = -1
            let count = shapes.count
            guard count > 0 else {
                makeNameTable(comparingWith: -1)
                return -1
            }
            // The first memo with this object's number of members, from the
            // last object's: the records of an array may come in a few
            // shapes in turn (twitter.json's statuses in four).
            var index = lastShape < count ? lastShape : 0
            for _ in 0..<count {
                if shapes[index].count == memberCount && shapes[index].convert == namesConvert { break }
                index &+= 1
                if index == count { index = 0 }
            }
            if makeNameTable(comparingWith: index) {
                shapeIndex = index
                lastShape = index
                return index
            }
            for _ in 1..<count {
                index &+= 1
                if index == count { index = 0 }
                if hasNames(of: index) {
                    shapeIndex = index
                    lastShape = index
                    break
                }
            }
        }
        return shapeIndex
    }

    /// Whether memo `memo`'s object has the names of this one (in the
    /// table), in the same order, compared as converted or not, as this
    /// one's.
    ///
    /// The memos are read by number, in place: a copy of one was two
    /// retains and two releases.
    private func hasNames(of memo: Int) -> Bool {
        guard shapes[memo].convert == namesConvert, shapes[memo].count == memberCount, let table = nameTable else {
            return false
        }
        if shapes[memo].object == namesObject { return true }
        let tape = tape
        let memoNames = shapes[memo].nameList
        for index in 0..<memberCount where !memoNames[index].matches(table[index], tape) { return false }
        return true
    }

    /// Fills ``nameTable`` with the name entries of this object's members,
    /// once per object, and compares their names with those of memo number
    /// `memo` (if not `-1`) as it goes: whether they are the same, in the
    /// same order.
    ///
    /// One pass: the check and the table were two walks over the names,
    /// and the check a fifth of the decoder's own time for the twitter.json
    /// model, whose objects of 23 and 40 members mostly have their memo's
    /// names.
    @discardableResult
    func makeNameTable(comparingWith memo: Int) -> Bool {
        if nameTableCapacity < memberCount {
            nameTable?.deallocate()
            nameTableCapacity = Swift.max(memberCount, 32)
            nameTable = .allocate(capacity: nameTableCapacity)
        }
        guard let table = nameTable else { return false }
        namesTableReady = true
        let tape = tape
        var entry = namesObject &+ 1
        var index = 0
        if memo >= 0 && shapes[memo].convert == namesConvert && shapes[memo].count == memberCount {
            if shapes[memo].object == namesObject {
                while index < memberCount {
                    table[index] = entry
                    entry = tape.next(entry &+ 1)
                    index &+= 1
                }
                return true
            }
            let memoNames = shapes[memo].nameList
            while index < memberCount {
                table[index] = entry
                guard memoNames[index].matches(entry, tape) else { break }
                entry = tape.next(entry &+ 1)
                index &+= 1
            }
            if index == memberCount { return true }
        }
        // The rest of the table, for another memo or none.
        while index < memberCount {
            table[index] = entry
            entry = tape.next(entry &+ 1)
            index &+= 1
        }
        return false
    }

    /// Whether two members have the same name, as converted (see
    /// ``_TapeView/hasRepeatedNames(_:converts:slots:name:)``).
    func hasRepeatedNames() -> Bool {
        // The tape's table only for the objects that use one: reaching it
        // for every small object cost more than it saved.
        let slots = memberCount > 16 && memberCount <= 256 ? context.tape.nameSlots : nil
        return tape.hasRepeatedNames(namesObject, converts: namesConvert, slots: slots) { entry, index in
            self.convertedName(entry, index)
        }
    }

    /// The lookup of an object with repeated names, as a tree has them:
    /// the first member whose name (as converted) is `target` decides, and
    /// the last member with that member's own name gives the value.
    private func repeatedNameLookup(_ target: _NameTarget) -> Int? {
        let tape = tape
        var entry = namesObject &+ 1
        for index in 0..<memberCount {
            if nameMatches(entry, index, target, tape) {
                let own = tape.stringBytes(entry)
                var last = entry
                var later = tape.next(entry &+ 1)
                while later != namesEnd {
                    if _bytesEqual(tape.stringBytes(later), own) { last = later }
                    later = tape.next(later &+ 1)
                }
                return last &+ 1
            }
            entry = tape.next(entry &+ 1)
        }
        return nil
    }

    /// The keys of type `Key` of the members' names, as converted, each
    /// name once, in the order of their first appearance: a tree's keys.
    ///
    /// Without conversion and without repeated names (checked once per
    /// object, as for lookups), the names go straight to `Key`: ordering
    /// them in an object to leave out repeats was two fifths of decoding a
    /// model of twitter.json that reads a user's `profile_*_color` members
    /// through `allKeys`. (With conversion, the check may miss names that
    /// convert alike beyond ASCII, which a lookup tolerates and this would
    /// not.) The names' strings come from the tape's ``_NameStrings``: the
    /// objects of an array mostly have the same names.
    ///
    /// The keys depend on the names alone, in their order: an object with
    /// the names of the shape memo's gets the keys made for that one, if
    /// they are of type `Key` (making each key was most of `allKeys` over
    /// the users of twitter.json, whose names are the same from one user to
    /// the next). A key type's `init(stringValue:)` is taken to give the
    /// same key for the same name, as ``CodingKey`` has it.
    func allMemberKeys<Key: CodingKey>(_ type: Key.Type) -> [Key] {
        // The check makes a memo for this object if none has its names.
        if repeatedNames == 0 { repeatedNames = checkRepeatedNames() }
        let index = memoShape()
        if index >= 0, let memo = shapes[index].keys, memo.keyType == ObjectIdentifier(Key.self) {
            return unsafeDowncast(memo, to: _ShapeKeys<Key>.self).keys
        }
        let keys = makeMemberKeys(type)
        if index >= 0 { shapes[index].keys = _ShapeKeys(keys) }
        return keys
    }

    /// The keys of ``allMemberKeys(_:)``, made from the names.
    private func makeMemberKeys<Key: CodingKey>(_ type: Key.Type) -> [Key] {
        guard !namesConvert && repeatedNames == 1 else { return allMemberNames().compactMap { Key(stringValue: $0) } }
        let names = context.tape.nameStrings
        var keys: [Key] = []
        keys.reserveCapacity(memberCount)
        var entry = namesObject &+ 1
        for _ in 0..<memberCount {
            if let key = Key(stringValue: names.string(entry, tape)) { keys.append(key) }
            entry = tape.next(entry &+ 1)
        }
        return keys
    }

    /// The names of the members, as converted, each once, in the order of
    /// their first appearance: a tree's keys.
    func allMemberNames() -> [String] {
        // An object as an ordered set: it compares names by their scalars,
        // as a parse does.
        var names = JSONObject()
        var entry = namesObject &+ 1
        for index in 0..<memberCount {
            names.appendIfNew(convertedName(entry, index), .null)
            entry = tape.next(entry &+ 1)
        }
        return names.keys
    }
}

/// An object whose names were checked for repeats, for the next objects
/// of a decoder with the same names (see ``_TapeDecoder/shapes``).
struct _ShapeMemo {
    /// The object's entry.
    let object: Int
    /// Whether the names were compared as converted from snake case.
    let convert: Bool
    /// Whether two members have the same name: 2 if so, 1 if not.
    let repeated: UInt8
    /// The object's name entries, and where the lookups of the last object
    /// with these names found theirs.
    let names: _ShapeNames
    /// The keys that `allKeys` made for the names, if it was asked.
    var keys: _ShapeKeysBase?
    /// The number of names, the names and the lookups' members of `names`,
    /// read without a retain.
    let count: Int
    let nameList: UnsafeMutablePointer<_ShapeName>
    let order: UnsafeMutablePointer<Int32>

    init(object: Int, convert: Bool, repeated: UInt8, names: _ShapeNames) {
        self.object = object
        self.convert = convert
        self.repeated = repeated
        self.names = names
        count = names.count
        nameList = names.names
        order = names.order
    }
}

/// The names of a shape memo's object, by member number (see
/// ``_ShapeName``), and the member numbers where the lookups of the last
/// object with these names found theirs, by lookup number (`-1` for none
/// known), for the first ``orderCapacity`` lookups.
final class _ShapeNames {
    static let orderCapacity = 64
    let names: UnsafeMutablePointer<_ShapeName>
    let count: Int
    let order: UnsafeMutablePointer<Int32>

    /// The names of the `count` name entries in `table`, of `tape`.
    init(copying table: UnsafeMutablePointer<Int>?, count: Int, _ tape: _TapeView) {
        self.count = table == nil ? 0 : count
        names = .allocate(capacity: Swift.max(self.count, 1))
        if let table {
            for index in 0..<self.count {
                (names + index).initialize(to: _ShapeName(table[index], tape))
            }
        }
        order = .allocate(capacity: Self.orderCapacity)
        order.initialize(repeating: -1, count: Self.orderCapacity)
    }

    deinit {
        names.deallocate()
        order.deallocate()
    }
}

/// A name of a shape memo's object, compared with the next objects' names
/// without reading the memo object's entries again: its first eight bytes
/// (as a tape's word, masked to its length), its length, and where its
/// bytes are in the tape.
struct _ShapeName {
    let first: UInt64
    let mask: UInt64
    let length: UInt64
    let start: UnsafePointer<UInt8>

    /// The name of the name entry `entry` of `tape`.
    init(_ entry: Int, _ tape: _TapeView) {
        length = tape.payload(entry)
        start = tape.stringStart(entry)
        mask = length >= 8 ? .max : (1 &<< (length &* 8)) &- 1
        first = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self) & mask
    }

    /// Whether the name entry `entry` of `tape` has this name: the length,
    /// then the first eight bytes in one word, then the others.
    @inline(__always)
    func matches(_ entry: Int, _ tape: _TapeView) -> Bool {
        guard tape.payload(entry) == length else { return false }
        let other = tape.stringStart(entry)
        guard UnsafeRawPointer(other).loadUnaligned(as: UInt64.self) & mask == first else { return false }
        return length <= 8 || _sameTapeBytes(start + 8, other + 8, Int(truncatingIfNeeded: length &- 8))
    }
}

/// The keys that `allKeys` made for a shape memo's names, and their type.
class _ShapeKeysBase {
    let keyType: ObjectIdentifier

    init(keyType: ObjectIdentifier) {
        self.keyType = keyType
    }
}

final class _ShapeKeys<Key: CodingKey>: _ShapeKeysBase {
    let keys: [Key]

    init(_ keys: [Key]) {
        self.keys = keys
        super.init(keyType: ObjectIdentifier(Key.self))
    }
}

extension _TapeView {
    /// Where the bytes of the string at `entry` start.
    @inline(__always)
    func stringStart(_ entry: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(kind(entry) == .string ? text + offset(entry) : strings + offset(entry))
    }

    /// Whether two members of the object at `object` have the same name,
    /// as converted from snake case if `converts`.
    ///
    /// Names are compared by a fingerprint first: the length and the first
    /// and last eight bytes (ids often differ only at the end), or with
    /// conversion, a hash of the name without `_` and in lowercase, which
    /// all names that convert alike share (and names whose fingerprints
    /// meet then count as the same, which only makes the lookups slower).
    /// Up to 16 members, pairwise; up to 256 in a table; beyond, the names
    /// that `name` gives (by entry and member number) go in a set, which may
    /// equate names that Swift finds equal, to the same effect, and keeps
    /// crafted names from making the check quadratic.
    func hasRepeatedNames(
        _ object: Int, converts: Bool, slots nameSlots: _NameSlots? = nil, name: (Int, Int) -> String
    ) -> Bool {
        let count = count(object)
        guard count > 1 else { return false }
        if count > 256 {
            var seen = Set<String>(minimumCapacity: count)
            var entry = object &+ 1
            for index in 0..<count {
                if !seen.insert(name(entry, index)).inserted { return true }
                entry = next(entry &+ 1)
            }
            return false
        }
        if count <= 4 && !converts {
            // A few names: compared directly, the lengths first.
            var first = object &+ 1
            for index in 0..<(count &- 1) {
                let name = stringBytes(first)
                var second = next(first &+ 1)
                for _ in (index &+ 1)..<count {
                    if _bytesEqual(name, stringBytes(second)) { return true }
                    second = next(second &+ 1)
                }
                first = next(first &+ 1)
            }
            return false
        }
        if count <= 16 {
            // Pairwise, the fingerprints and entries on the stack.
            return withUnsafeTemporaryAllocation(of: (UInt64, Int).self, capacity: 16) { names in
                var entry = object &+ 1
                for index in 0..<count {
                    let bytes = stringBytes(entry)
                    let fingerprint = converts ? _skeletonFingerprint(bytes) : _fingerprint(bytes)
                    for earlier in 0..<index where names[earlier].0 == fingerprint {
                        if converts || _bytesEqual(stringBytes(names[earlier].1), bytes) { return true }
                    }
                    names[index] = (fingerprint, entry)
                    entry = next(entry &+ 1)
                }
                return false
            }
        }
        var slots = 32
        while slots < count &* 2 { slots &<<= 1 }
        let mask = slots &- 1
        // The tape's table (`slots`, or a new one), whose slots hold a
        // fingerprint, and the name's entry below this check's stamp (a
        // slot of an earlier check is empty): a table of its own for each
        // object was a third of the check's time for the users of
        // twitter.json.
        let owner = nameSlots ?? _NameSlots()
        defer { withExtendedLifetime(owner) {} }
        let (table, stamp) = owner.prepare(slots)
        var entry = object &+ 1
        for _ in 0..<count {
            let bytes = stringBytes(entry)
            let fingerprint = converts ? _skeletonFingerprint(bytes) : _fingerprint(bytes)
            var slot = Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) &>> 40) & mask
            while table[slot].stampedEntry & _NameSlots.stampMask == stamp {
                if table[slot].fingerprint == fingerprint
                    && (converts
                        || _bytesEqual(
                            stringBytes(Int(truncatingIfNeeded: table[slot].stampedEntry & _NameSlots.entryMask)), bytes
                        ))
                {
                    return true
                }
                slot = (slot &+ 1) & mask
            }
            table[slot] = _NameSlots.Slot(
                fingerprint: fingerprint, stampedEntry: stamp | UInt64(truncatingIfNeeded: entry))
            entry = next(entry &+ 1)
        }
        return false
    }
}

/// The strings of member names that `allKeys` made, by their bytes, for
/// the next object with the same names: making each name's string was a
/// third of `allKeys` over the users of twitter.json. A name's slot keeps
/// the last name with its fingerprint; one thread reads a tape at a time.
final class _NameStrings {
    private static let slotCount = 256
    /// By slot: a fingerprint, the entry of a name with the string's bytes
    /// (`-1` for none), and the string.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<(UInt64, Int, String)>?

    deinit {
        slots?.deinitialize(count: Self.slotCount)
        slots?.deallocate()
    }

    /// The string of the name at `entry` of `tape`.
    @inline(__always)
    func string(_ entry: Int, _ tape: _TapeView) -> String {
        let bytes = tape.stringBytes(entry)
        let slots = slots ?? makeSlots()
        let fingerprint = _fingerprint(bytes)
        // Mixed again: the length is in the fingerprint's low bits, and
        // names like `profile_image_url` and `profile_background_image_url`
        // differ only there.
        let slot = Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) &>> 56)
        if slots[slot].0 == fingerprint && slots[slot].1 >= 0 && _bytesEqual(tape.stringBytes(slots[slot].1), bytes) {
            return slots[slot].2
        }
        let string = String(decoding: bytes, as: UTF8.self)
        slots[slot] = (fingerprint, entry, string)
        return string
    }

    private func makeSlots() -> UnsafeMutablePointer<(UInt64, Int, String)> {
        let new = UnsafeMutablePointer<(UInt64, Int, String)>.allocate(capacity: Self.slotCount)
        new.initialize(repeating: (0, -1, ""), count: Self.slotCount)
        slots = new
        return new
    }
}

/// The table of ``_TapeView/hasRepeatedNames(_:converts:slots:name:)`` for
/// objects of 17 to 256 members, kept by the tape from one object to the
/// next; one thread reads a tape at a time.
final class _NameSlots {
    struct Slot {
        var fingerprint: UInt64
        /// The stamp of the check that filled the slot (high 32 bits) and
        /// the name's entry (low 32 bits: a tape has fewer entries).
        var stampedEntry: UInt64
    }

    static let stampMask: UInt64 = 0xFFFF_FFFF_0000_0000
    static let entryMask: UInt64 = 0xFFFF_FFFF

    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>?
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var stamp: UInt64 = 0

    deinit {
        slots?.deallocate()
    }

    /// At least `count` slots, all empty for the stamp returned (in the
    /// high 32 bits).
    @inline(__always)
    func prepare(_ count: Int) -> (UnsafeMutablePointer<Slot>, UInt64) {
        stamp = (stamp &+ 1) & Self.entryMask
        if let slots, capacity >= count, stamp != 0 { return (slots, stamp &<< 32) }
        return reset(count)
    }

    /// A larger table, or the same one cleared when the stamps wrap around.
    private func reset(_ count: Int) -> (UnsafeMutablePointer<Slot>, UInt64) {
        if capacity < count {
            slots?.deallocate()
            slots = .allocate(capacity: count)
            capacity = count
        }
        // Stamp 0 is no check's.
        slots!.initialize(repeating: Slot(fingerprint: 0, stampedEntry: 0), count: capacity)
        stamp = 1
        return (slots!, stamp &<< 32)
    }
}

/// A name looked up, with its first eight bytes in a word.
struct _NameTarget {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The first eight bytes, zero past the name's end.
    let first: UInt64
    /// The bits of a word that a name of this length fills.
    let mask: UInt64

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let count = bytes.count
        var first: UInt64 = 0
        if count >= 8, let base = bytes.baseAddress {
            first = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        } else if let base = bytes.baseAddress {
            // Four, two and one bytes, as the length has them: a loop over
            // the bytes was a third of a lookup that found its name at once.
            let raw = UnsafeRawPointer(base)
            var offset = 0
            if count & 4 != 0 {
                first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
                offset = 4
            }
            if count & 2 != 0 {
                let pair = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
                first |= UInt64(pair) &<< (UInt64(offset) &* 8)
                offset &+= 2
            }
            if count & 1 != 0 {
                first |= UInt64(base[offset]) &<< (UInt64(offset) &* 8)
            }
        }
        self.first = first
        mask = count >= 8 ? .max : (1 &<< (UInt64(count) &* 8)) &- 1
    }

    /// Whether `name`, a tape's (from which eight bytes can be read at any
    /// offset), is this name: one word compared for a name of up to eight
    /// bytes.
    @inline(__always)
    func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count == bytes.count && matchesSameLength(name)
    }

    /// Whether `name`, a tape's of this name's length, is this name.
    @inline(__always)
    func matchesSameLength(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = name.baseAddress else { return true }
        let word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
        guard word & mask == first else { return false }
        guard name.count > 8 else { return true }
        return _bytesEqual(name, bytes)
    }
}

/// Whether `count` bytes at `x` and at `y`, a tape's strings, from which
/// eight bytes can be read at any offset, are the same: a word at a time,
/// the last one masked to the bytes that are left.
@inline(__always)
func _sameTapeBytes(_ x: UnsafePointer<UInt8>, _ y: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index &+ 8 < count {
        let left = UnsafeRawPointer(x + index).loadUnaligned(as: UInt64.self)
        let right = UnsafeRawPointer(y + index).loadUnaligned(as: UInt64.self)
        if left != right { return false }
        index &+= 8
    }
    // One to eight bytes left, or none for an empty string.
    let rest = UInt64(truncatingIfNeeded: count &- index)
    let mask: UInt64 = rest >= 8 ? .max : (1 &<< (rest &* 8)) &- 1
    let left = UInt64(littleEndian: UnsafeRawPointer(x + index).loadUnaligned(as: UInt64.self))
    let right = UInt64(littleEndian: UnsafeRawPointer(y + index).loadUnaligned(as: UInt64.self))
    return (left ^ right) & mask == 0
}

/// Whether `name` converted from snake case (``_KeyConversion/fromSnakeCase(_:)``)
/// is `target`, without making the converted name; `nil` if `name` has a
/// byte other than an ASCII letter and `_` between its first and last
/// letters, whose conversion (a Unicode case mapping) is left to the
/// string's.
///
/// For such a name, the conversion keeps the leading and trailing `_`, and
/// between them, where the name has an inner `_`, joins its words (split at
/// runs of `_`): the first in lowercase, each other with its first letter in
/// uppercase and the others in lowercase; a name without an inner `_` is
/// its own conversion.
@inline(__always)
func _snakeCaseNameMatches(_ name: UnsafeBufferPointer<UInt8>, _ target: UnsafeBufferPointer<UInt8>) -> Bool? {
    let underscore = UInt8(ascii: "_")
    let count = name.count
    var first = 0
    while first < count && name[first] == underscore { first &+= 1 }
    guard first < count else { return _bytesEqual(name, target) }
    var last = count &- 1
    while name[last] == underscore { last &-= 1 }
    var inner = false
    for index in first...last {
        let byte = name[index]
        if byte == underscore {
            inner = true
        } else if !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) {
            return nil
        }
    }
    guard inner else { return _bytesEqual(name, target) }
    // The converted name is shorter: its inner `_` go.
    let targetCount = target.count
    guard first <= targetCount && targetCount < count else { return false }
    for index in 0..<first where target[index] != underscore { return false }
    var position = first
    var wordStart = false
    for index in first...last {
        let byte = name[index]
        if byte == underscore {
            wordStart = true
            continue
        }
        // ASCII letters: bit 0x20 set is lowercase.
        let converted = wordStart ? byte & ~0x20 : byte | 0x20
        wordStart = false
        guard position < targetCount, target[position] == converted else { return false }
        position &+= 1
    }
    for _ in (last &+ 1)..<count {
        guard position < targetCount, target[position] == underscore else { return false }
        position &+= 1
    }
    return position == targetCount
}

/// Whether `bytes` hold a `_`.
@inline(__always)
private func _containsUnderscore(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte == UInt8(ascii: "_") { return true }
    return false
}

/// A name's length and its first and last eight bytes, mixed into one word.
@inline(__always)
private func _fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    var first: UInt64 = 0
    var last: UInt64 = 0
    if count >= 8 {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        first = base.loadUnaligned(as: UInt64.self)
        last = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    } else {
        for index in 0..<count {
            first |= UInt64(bytes[index]) &<< (UInt64(index) &* 8)
        }
    }
    return ((first &* 0x9E37_79B9_7F4A_7C15) ^ (last &<< 29 | last &>> 35)) &* 0xBF58_476D_1CE4_E5B9
        ^ UInt64(truncatingIfNeeded: count)
}

/// A hash of a name without its `_` and with bit 0x20 set in every other
/// byte (ASCII letters in lowercase, and a few other pairs of bytes made
/// alike, which only makes their lookups slower), which names that convert
/// from snake case alike share; every name with a byte beyond ASCII and a
/// `_` has the same one.
@inline(__always)
private func _skeletonFingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var underscore = false
    var highBits: UInt8 = 0
    for byte in bytes {
        if byte == UInt8(ascii: "_") {
            underscore = true
            continue
        }
        highBits |= byte
        hash = (hash ^ UInt64(byte | 0x20)) &* 0x100_0000_01B3
    }
    return underscore && highBits >= 0x80 ? 0x5F5F : hash
}

// MARK: - Kept containers

/// What a keyed container of a ``_TapeDecoder`` reads: its decoder and its
/// object, which change when the decoder hands the container out again for
/// its next object.
final class _TapeContainerLink {
    /// The decoder, not retained: ``owner`` holds it while the container is
    /// out of the decoder's hands, and otherwise only the decoder holds the
    /// container.
    unowned(unsafe) let decoder: _TapeDecoder
    @exclusivity(unchecked) var object: Int
    @exclusivity(unchecked) var owner: _TapeDecoder?

    init(_ decoder: _TapeDecoder, object: Int) {
        self.decoder = decoder
        self.object = object
        owner = decoder
    }
}

/// A keyed container that a decoder keeps for the next value of the same
/// key type: `box` is the `KeyedDecodingContainer`'s storage.
struct _KeptContainer {
    let keyType: ObjectIdentifier
    var box: AnyObject
    let link: _TapeContainerLink
    /// A ``_ContainerCast`` of the container's type, which gives the
    /// container back from `box`.
    let cast: AnyObject
}

/// Gives a `KeyedDecodingContainer` of type `Container` back from its box.
///
/// The decoder's generic code cannot name the container's type without
/// asking the runtime for its metadata (the standard library's type is not
/// frozen), which was a fiftieth of decoding the benchmarks' model of
/// twitter.json with its hand-written `init(from:)`; a method of this class
/// finds the type in the instance's own metadata.
final class _ContainerCast<Container> {
    /// The container whose box is `box`.
    func container(_ box: AnyObject) -> Container {
        unsafeBitCast(box, to: Container.self)
    }
}

extension _TapeDecoder {
    /// Whether a `KeyedDecodingContainer` is one reference to its box, as
    /// in every standard library so far, which keeping containers needs; if
    /// a later one differs, containers are made anew each time.
    static let containersAreReferences: Bool = {
        guard MemoryLayout<KeyedDecodingContainer<_AnyCodingKey>>.size == MemoryLayout<AnyObject>.size else {
            return false
        }
        let context = _TapeContext(
            tape: _JSONTape(copying: UnsafeRawBufferPointer(start: nil, count: 0)),
            options: _DecodingOptions(JSONValueDecoder()))
        let decoder = _TapeDecoder(context: context, entry: 0, key: nil, parent: nil)
        let container = KeyedDecodingContainer(
            _TapeKeyedDecodingContainer<_AnyCodingKey>(link: _TapeContainerLink(decoder, object: 0)))
        let box = unsafeBitCast(container, to: AnyObject.self)
        return String(describing: type(of: box)).contains("KeyedDecodingContainerBox")
    }()

    /// A keyed container over this decoder's object.
    ///
    /// Making one costs a box and three lookups of generic metadata, a
    /// seventh of decoding the citm_catalog.json model, whose records are
    /// small. A decoder that serves `withChild` keeps its containers and
    /// hands one out again for the next object with the same key type, when
    /// nothing else holds it (`releaseContainers()` checks, at the end of
    /// each value).
    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        guard keepsContainers, Self.containersAreReferences else {
            return KeyedDecodingContainer(
                _TapeKeyedDecodingContainer<Key>(link: _TapeContainerLink(self, object: entry)))
        }
        containersOut = true
        let keyType = ObjectIdentifier(Key.self)
        let index = keptContainer(keyType)
        if index >= 0 {
            // The cast as a guaranteed reference: a strong copy was a
            // retain and a release for each object.
            let box = keptContainers[index].box
            return Unmanaged.passUnretained(keptContainers[index].cast)._withUnsafeGuaranteedRef {
                unsafeDowncast($0, to: _ContainerCast<KeyedDecodingContainer<Key>>.self).container(box)
            }
        }
        let link = _TapeContainerLink(self, object: entry)
        let container = KeyedDecodingContainer(_TapeKeyedDecodingContainer<Key>(link: link))
        keep(
            unsafeBitCast(container, to: AnyObject.self), link, keyType,
            cast: _ContainerCast<KeyedDecodingContainer<Key>>())
        return container
    }

    /// The number of the kept container for `keyType`, set up for this
    /// decoder's object, if there is one and nothing else holds it, or
    /// `-1`.
    ///
    /// Not generic: in the generic caller, the uniqueness check saw a copy
    /// of the box's reference and always failed.
    private func keptContainer(_ keyType: ObjectIdentifier) -> Int {
        // The index first: a loop over the array holds it, and the check
        // would then see the box's reference twice (in the array's copy).
        var index = 0
        while index < keptContainers.count && keptContainers[index].keyType != keyType { index &+= 1 }
        guard index < keptContainers.count else { return -1 }
        guard isKnownUniquelyReferenced(&keptContainers[index].box) else {
            // Held by the type being decoded: that one keeps its object, and
            // this decoder (through its link); a new one takes its place.
            keptContainers.remove(at: index)
            return -1
        }
        let entry = entry
        Unmanaged.passUnretained(keptContainers[index].link)._withUnsafeGuaranteedRef { link in
            link.object = entry
            link.owner = self
        }
        return index
    }

    /// Keeps a new container's box, in place of the oldest past four.
    private func keep(_ box: AnyObject, _ link: _TapeContainerLink, _ keyType: ObjectIdentifier, cast: AnyObject) {
        if keptContainers.count == 4 { keptContainers.removeFirst() }
        keptContainers.append(_KeptContainer(keyType: keyType, box: box, link: link, cast: cast))
    }

    /// At the end of a value: the containers that only this decoder holds
    /// stop holding it, and those that the type kept (in a stored property)
    /// are left to hold it, and forgotten here.
    ///
    /// A container not handed out for this value has no owner (the last
    /// call cleared it), and nothing else can hold it: it is skipped, where
    /// checking each of a decoder's containers (up to four, one per type of
    /// member) was a uniqueness check, and a release, for each value.
    func releaseContainers() {
        containersOut = false
        var index = 0
        while index < keptContainers.count {
            if Unmanaged.passUnretained(keptContainers[index].link)._withUnsafeGuaranteedRef({ $0.owner == nil }) {
                index &+= 1
            } else if isKnownUniquelyReferenced(&keptContainers[index].box) {
                keptContainers[index].link.owner = nil
                index &+= 1
            } else {
                keptContainers.remove(at: index)
            }
        }
    }
}

/// The keyed container of ``_TapeDecoder``, over an object's members.
struct _TapeKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let link: _TapeContainerLink

    init(link: _TapeContainerLink) {
        self.link = link
    }

    private var decoder: _TapeDecoder { link.decoder }

    /// The entry of the object this container reads.
    private var object: Int { link.object }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        decoder.prepareNames(object, converts: decoder.options.convertsKeys)
        return decoder.allMemberKeys(Key.self)
    }

    /// The entry of the value for `key`, if the object has a member with its
    /// name.
    @inline(__always)
    private func member(_ key: Key) -> Int? {
        // The decoder as a guaranteed reference (the link's holds it while
        // the container is out, see ``_TapeContainerLink``): a strong copy
        // was a retain and a release around every lookup.
        Unmanaged.passUnretained(link.decoder)._withUnsafeGuaranteedRef { decoder in
            // Prepared already, unless another container of the same
            // decoder read another object since (which a decoder kept by a
            // model can).
            if decoder.namesObject != object { decoder.prepareNames(object, converts: decoder.options.convertsKeys) }
            return decoder.findMember(key.stringValue)
        }
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    private func value(for key: Key) throws -> Int {
        guard let entry = member(key) else {
            throw DecodingError.keyNotFound(
                key, decoder.context(nil, "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return entry
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder.tape.kind(value(for: key)) == .null }

    // The common scalars are read in place when the value is of their
    // kind: the key goes into an existential only for an error.

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let entry = try value(for: key)
        switch decoder.tape.kind(entry) {
        case .true: return true
        case .false: return false
        default: return try decoder.unwrapBool(entry, key: { key })
        }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let entry = try value(for: key)
        if decoder.tape.kind(entry) == .string { return decoder.tape.string(entry) }
        return try decoder.unwrapString(entry, key: { key })
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let entry = try value(for: key)
        if decoder.tape.kind(entry) == .double { return Double(bitPattern: decoder.tape.payload(entry)) }
        return try decoder.unwrapFloatingPoint(entry, as: type, key: { key })
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.unwrapFloatingPoint(value(for: key), as: type, key: { key })
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let entry = try value(for: key)
        if decoder.tape.kind(entry) == .int { return Int(truncatingIfNeeded: decoder.tape.integer(entry)) }
        return try decoder.unwrapInteger(entry, as: type, key: { key })
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try decoder.unwrapInteger(value(for: key), as: type, key: { key })
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try decoder.unwrapInteger(value(for: key), as: type, key: { key })
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decoder.unwrapInteger(value(for: key), as: type, key: { key })
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        let entry = try value(for: key)
        if decoder.tape.kind(entry) == .int { return decoder.tape.integer(entry) }
        return try decoder.unwrapInteger(entry, as: type, key: { key })
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try decoder.unwrapInteger(value(for: key), as: type, key: { key })
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try decoder.unwrapInteger(value(for: key), as: type, key: { key })
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.unwrapInteger(value(for: key), as: type, key: { key })
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.unwrapInteger(value(for: key), as: type, key: { key })
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.unwrapInteger(value(for: key), as: type, key: { key })
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(value(for: key), as: type, key: { key })
    }

    /// `nil` for a missing or null member, otherwise the member decoded by
    /// `decode`; a null member is `.some(.null)` to a `JSONValue?`, as with
    /// a tree.
    @inline(__always)
    private func ifPresent<T>(_ key: Key, _ decode: (Int) throws -> T) throws -> T? {
        guard let entry = member(key) else { return nil }
        if decoder.tape.kind(entry) == .null { return T.self == JSONValue.self ? (JSONValue.null as! T) : nil }
        return try decode(entry)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try ifPresent(key) { try decoder.unwrap($0, as: type, key: { key }) }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try ifPresent(key) { entry in
            switch decoder.tape.kind(entry) {
            case .true: return true
            case .false: return false
            default: return try decoder.unwrapBool(entry, key: { key })
            }
        }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try ifPresent(key) { entry in
            if decoder.tape.kind(entry) == .string { return decoder.tape.string(entry) }
            return try decoder.unwrapString(entry, key: { key })
        }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try ifPresent(key) { entry in
            if decoder.tape.kind(entry) == .double { return Double(bitPattern: decoder.tape.payload(entry)) }
            return try decoder.unwrapFloatingPoint(entry, as: type, key: { key })
        }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try ifPresent(key) { try decoder.unwrapFloatingPoint($0, as: type, key: { key }) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try ifPresent(key) { entry in
            if decoder.tape.kind(entry) == .int { return Int(truncatingIfNeeded: decoder.tape.integer(entry)) }
            return try decoder.unwrapInteger(entry, as: type, key: { key })
        }
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: { key }) }
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: { key }) }
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: { key }) }
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try ifPresent(key) { entry in
            if decoder.tape.kind(entry) == .int { return decoder.tape.integer(entry) }
            return try decoder.unwrapInteger(entry, as: type, key: { key })
        }
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: { key }) }
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: { key }) }
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: { key }) }
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: { key }) }
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try ifPresent(key) { try decoder.unwrapInteger($0, as: type, key: { key }) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(value(for: key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(value(for: key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = _AnyCodingKey("super")
        if decoder.namesObject != object { decoder.prepareNames(object, converts: decoder.options.convertsKeys) }
        let entry = decoder.findMember(key.stringValue) ?? decoder.tape.nullEntry
        return decoder.child(entry, key: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(member(key) ?? decoder.tape.nullEntry, key: key)
    }
}
