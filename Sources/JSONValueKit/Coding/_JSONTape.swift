#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// JSON text read into a flat list of entries, one per value and per member
/// name, for ``JSONValueDecoder`` to decode a model straight from bytes.
///
/// A tree costs an allocation per object, array and long string while it is
/// built, and as many releases when it goes, for values that a model mostly
/// copies out once or skips. The tape costs one growing buffer: numbers are
/// read as the parser reads them, strings stay where they are in the text
/// (those with escapes are decoded into ``strings``) until a model asks for
/// one, and each array and object knows where it ends, so that a value is
/// skipped in one step. Decoding the benchmarks' models of citm_catalog.json
/// and twitter.json from bytes spent a third of its time building and
/// freeing the tree.
///
/// Each entry is two words. The first holds the kind in its top four bits
/// and, below, the offset in ``text`` of the value's first byte (for a
/// string with escapes, its offset in ``strings``); the second holds an
/// integer, a double's bits, a string's length in bytes, or for an array or
/// object the entry after its last one (high 32 bits) and its number of
/// elements or members (low 32 bits). An object's members are a name entry,
/// which is a string entry, and the value's entries.
///
/// The tape owns a copy of the text, so that it stays valid for as long as
/// any decoder or container made from it, which a model may keep.
final class _JSONTape {
    /// The kinds of entry, their raw values in the order of their cases
    /// (``_TapeView/kind(_:)`` relies on it), arrays and objects last.
    enum Kind: UInt64 {
        case null = 0
        case `false`, `true`, int, double, string, escapedString, array, object
    }

    /// The text, followed by 16 zero bytes, so that eight bytes can be read
    /// at any offset within it without a bounds check.
    let text: UnsafeMutablePointer<UInt8>
    let textCount: Int
    /// Where the text starts, after a byte order mark if there is one.
    @exclusivity(unchecked) fileprivate(set) var textStart = 0

    // One thread reads or writes a tape at a time: no dynamic exclusivity
    // checks, which were a tenth of decoding the citm_catalog.json model.
    @exclusivity(unchecked) fileprivate var entries: _TapeEntries

    /// The decoded bytes of the strings with escapes.
    @exclusivity(unchecked) var strings = _ByteBuffer(capacity: 256)

    /// A null entry after the text's, for a member that is not there and
    /// that `superDecoder(forKey:)` still makes a decoder for.
    @exclusivity(unchecked) fileprivate(set) var nullEntry = 0

    /// The table that checks objects for repeated names.
    let nameSlots = _NameSlots()
    /// The strings of member names that `allKeys` made.
    let nameStrings = _NameStrings()

    /// The text of `bytes`, not yet read.
    init(copying bytes: UnsafeRawBufferPointer) {
        textCount = bytes.count
        text = .allocate(capacity: bytes.count &+ 16)
        if let source = bytes.baseAddress, !bytes.isEmpty {
            UnsafeMutableRawPointer(text).copyMemory(from: source, byteCount: bytes.count)
        }
        (text + bytes.count).initialize(repeating: 0, count: 16)
        // About one entry per six bytes of typical documents.
        entries = _TapeEntries(capacity: Swift.max(64, bytes.count / 6))
    }

    deinit {
        text.deallocate()
        entries.words.deallocate()
    }

    /// The entries of the largest text a tape holds: entry numbers take 32
    /// bits in a container's entry (where `Int` has 32 bits, memory runs
    /// out first).
    static let maximumEntries = Int(exactly: UInt32.max) ?? Int.max

    /// The finished tape, for reading: valid while this tape lives.
    var view: _TapeView {
        _TapeView(words: entries.words, text: text, textCount: textCount, strings: strings.base, nullEntry: nullEntry)
    }
}

/// The entries of a ``_JSONTape`` while ``_JSONParser/readTape(into:)``
/// writes them: a local variable of the reading, which the tape takes back
/// at its end, so that the count and the capacity stay in registers, where
/// the tape's own were loaded and stored around each entry appended.
private struct _TapeEntries {
    /// Two words an entry (see ``_JSONTape``); the tape deallocates them.
    var words: UnsafeMutablePointer<UInt64>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        words = .allocate(capacity: capacity &* 2)
    }

    @inline(__always)
    mutating func append(_ kind: _JSONTape.Kind, _ first: Int, _ second: UInt64) -> Int {
        if count == capacity {
            // By value, not `inout`: the caller's variables stay in
            // registers.
            words = Self.grown(words, count: count, capacity: capacity)
            capacity &*= 2
        }
        let entry = count
        words[entry &* 2] = kind.rawValue &<< 60 | UInt64(truncatingIfNeeded: first)
        words[entry &* 2 &+ 1] = second
        count = entry &+ 1
        return entry
    }

    /// Records the end and the number of elements or members of the array
    /// or object at `entry`, which ends with the last entry appended.
    @inline(__always)
    func close(_ entry: Int, count: Int) {
        words[entry &* 2 &+ 1] = UInt64(truncatingIfNeeded: self.count) &<< 32 | UInt64(truncatingIfNeeded: count)
    }

    /// Twice `capacity` entries, the first `count` those of `words`, which
    /// are deallocated.
    @inline(never)
    private static func grown(
        _ words: UnsafeMutablePointer<UInt64>, count: Int, capacity: Int
    ) -> UnsafeMutablePointer<UInt64> {
        let new = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity &* 4)
        new.initialize(from: words, count: count &* 2)
        words.deallocate()
        return new
    }
}

/// A finished ``_JSONTape``, read through its pointers without a retain or
/// a class access; valid while the tape lives.
struct _TapeView {
    let words: UnsafeMutablePointer<UInt64>
    /// The text, with 16 zero bytes after it.
    let text: UnsafeMutablePointer<UInt8>
    let textCount: Int
    /// The decoded bytes of the strings with escapes, with 16 bytes after
    /// them that may be read.
    let strings: UnsafeMutablePointer<UInt8>
    /// A null entry after the text's (see ``_JSONTape/nullEntry``).
    let nullEntry: Int

    @inline(__always)
    func kind(_ entry: Int) -> _JSONTape.Kind {
        // The kinds' raw values are their cases' numbers, and the tape
        // holds no other: a bit cast, where `init(rawValue:)` was a call.
        unsafeBitCast(UInt8(truncatingIfNeeded: words[entry &* 2] &>> 60), to: _JSONTape.Kind.self)
    }

    /// Whether the value at `entry` is an array or an object.
    @inline(__always)
    func isContainer(_ entry: Int) -> Bool {
        words[entry &* 2] &>> 60 >= _JSONTape.Kind.array.rawValue
    }

    /// The offset in ``text`` of the value's first byte (not for a string
    /// with escapes).
    @inline(__always)
    func offset(_ entry: Int) -> Int {
        Int(truncatingIfNeeded: words[entry &* 2] & 0x0FFF_FFFF_FFFF_FFFF)
    }

    @inline(__always)
    func payload(_ entry: Int) -> UInt64 {
        words[entry &* 2 &+ 1]
    }

    /// The integer of an `.int` entry, which `Int` holds.
    @inline(__always)
    func integer(_ entry: Int) -> Int64 {
        Int64(bitPattern: words[entry &* 2 &+ 1])
    }

    /// The entry after this value's last one.
    @inline(__always)
    func next(_ entry: Int) -> Int {
        isContainer(entry) ? Int(truncatingIfNeeded: payload(entry) &>> 32) : entry &+ 1
    }

    /// The number of elements of an array or members of an object.
    @inline(__always)
    func count(_ entry: Int) -> Int {
        Int(truncatingIfNeeded: payload(entry) & 0xFFFF_FFFF)
    }

    /// The UTF-8 bytes of a string entry; eight bytes can be read from any
    /// of them.
    @inline(__always)
    func stringBytes(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
        let length = Int(truncatingIfNeeded: payload(entry))
        let start = kind(entry) == .string ? text + offset(entry) : strings + offset(entry)
        return UnsafeBufferPointer(start: start, count: length)
    }

    /// The string of a string entry.
    @inline(__always)
    func string(_ entry: Int) -> String {
        // The bytes are valid UTF-8: the tape was checked as a parse checks.
        String(decoding: stringBytes(entry), as: UTF8.self)
    }
    /// The text of the number at `entry`, as it appears in the JSON.
    func numberText(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
        let start = offset(entry)
        var end = start
        while end < textCount {
            switch text[end] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                end &+= 1
            default:
                return UnsafeBufferPointer(start: text + start, count: end &- start)
            }
        }
        return UnsafeBufferPointer(start: text + start, count: end &- start)
    }

    /// The kind in words, as ``JSONValue``'s error messages say it.
    func kindDescription(_ entry: Int) -> String {
        switch kind(entry) {
        case .object: return "an object"
        case .array: return "an array"
        case .string, .escapedString: return "a string"
        case .int, .double: return "a number"
        case .true, .false: return "a Boolean"
        case .null: return "null"
        }
    }

    /// The value at `entry` as a tree, as a parse of the whole text would
    /// have made it: the value's text is parsed again.
    func value(_ entry: Int) -> JSONValue {
        switch kind(entry) {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .int: return .int(Int(truncatingIfNeeded: Int64(bitPattern: payload(entry))))
        case .double: return .double(Double(bitPattern: payload(entry)))
        case .string, .escapedString: return .string(string(entry))
        case .array, .object:
            var parser = _JSONParser(
                base: text, count: textCount, options: JSONValue.ParsingOptions(), exactNumbers: nil)
            parser.position = offset(entry)
            // The text was read once already, the same way.
            return (try? parser.parseValue()) ?? .null
        }
    }
}

extension _JSONParser {
    /// Reads the whole text into `tape`, checking it as ``parseValue()``
    /// does; any error leaves the tape unfinished.
    ///
    /// Iterative: open arrays and objects wait on a stack, so the machine
    /// stack stays the same at any depth.
    mutating func readTape(into tape: _JSONTape) throws(JSONParseError) {
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
            position = 3
            textStart = 3
            tape.textStart = 3
        }
        skipWhitespace()
        // The tape takes its entries back at the end, thrown or not: it
        // deallocates them.
        var entries = tape.entries
        defer { tape.entries = entries }
        /// The open arrays and objects: their entries and how many elements
        /// or members they have so far, innermost last.
        var open = _ValueStack<(entry: Int, count: Int, isObject: Bool)>(capacity: 32)
        // A value, then (`break value`) a member's name, again and again:
        // names are read in one place, so that their reading is inlined
        // once, and values ask nothing about them.
        member: while true {
            value: while true {
                guard position < count else { throw error(.endOfInput) }
                let start = position
                switch base[position] {
                case UInt8(ascii: "\""):
                    try readTapeString(into: &entries, tape)
                case UInt8(ascii: "{"):
                    try enterContainer()
                    let entry = entries.append(.object, start, 0)
                    position &+= 1
                    skipWhitespace()
                    guard position < count else { throw error(.endOfInput) }
                    if base[position] == UInt8(ascii: "}") {
                        position &+= 1
                        depth &-= 1
                        entries.close(entry, count: 0)
                    } else {
                        open.push((entry, 1, true))
                        break value
                    }
                case UInt8(ascii: "["):
                    try enterContainer()
                    let entry = entries.append(.array, start, 0)
                    position &+= 1
                    skipWhitespace()
                    if position < count && base[position] == UInt8(ascii: "]") {
                        position &+= 1
                        depth &-= 1
                        entries.close(entry, count: 0)
                    } else {
                        open.push((entry, 1, false))
                        continue value
                    }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    switch try parseNumber() {
                    case .int(let integer): _ = entries.append(.int, start, UInt64(bitPattern: Int64(integer)))
                    case .double(let double): _ = entries.append(.double, start, double.bitPattern)
                    default: throw error(.invalidNumber)  // Not reached: a number is one or the other.
                    }
                case UInt8(ascii: "t"):
                    try expectLiteral("true")
                    _ = entries.append(.true, start, 0)
                case UInt8(ascii: "f"):
                    try expectLiteral("false")
                    _ = entries.append(.false, start, 0)
                case UInt8(ascii: "n"):
                    try expectLiteral("null")
                    _ = entries.append(.null, start, 0)
                default:
                    throw unexpected()
                }
                // After a value: close what ends here, or go on to the next
                // element or member, counted in place.
                while open.count > 0 {
                    let top = open.top
                    if try endOfContainer(closedBy: top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        depth &-= 1
                        entries.close(top.entry, count: top.count)
                        open.removeLast()
                        continue
                    }
                    open.top.count &+= 1
                    if top.isObject { break value }
                    continue value
                }
                break member
            }
            // A member's name and the colon after it, as ``parseKey()``
            // reads them.
            guard position < count else { throw error(.endOfInput) }
            guard base[position] == UInt8(ascii: "\"") else { throw unexpected() }
            try readTapeString(into: &entries, tape)
            skipWhitespace()
            guard position < count else { throw error(.endOfInput) }
            guard base[position] == UInt8(ascii: ":") else { throw unexpected() }
            position &+= 1
            skipWhitespace()
        }
        skipWhitespace()
        if position < count { throw unexpected() }
        // Checked once, at the end, not after each value (two instructions
        // a value, a hundredth of reading the tape): nothing reads the
        // entries before, where a container's 32 bits of entry number may
        // have wrapped.
        if entries.count >= _JSONTape.maximumEntries { throw error(.outOfRange) }
        tape.nullEntry = entries.append(.null, 0, 0)
        // Room to read eight bytes from the last string's.
        tape.strings.reserve(16)
    }

    /// Reads a string, checked as ``parseString(isKey:)`` checks it, onto
    /// the tape: where it is in the text, or with escapes, its decoded bytes
    /// in the tape's ``_JSONTape/strings``.
    ///
    /// Inlined where strings are read: a plain string whose closing quote
    /// the word scan finds costs no call (but UTF-8 checking where it is
    /// not ASCII). Anything else (escapes, control characters, a string
    /// ending within the text's last eight bytes) goes on in
    /// ``readTapeStringRest(into:start:index:highBits:)``.
    @inline(__always)
    private mutating func readTapeString(
        into entries: inout _TapeEntries, _ tape: _JSONTape
    ) throws(JSONParseError) {
        let start = position &+ 1
        var wideHighBits: UInt64 = 0
        let index = plainTextEnd(from: start, highBits: &wideHighBits)
        if index < count && base[index] == UInt8(ascii: "\"") {
            position = index &+ 1
            if wideHighBits & 0x8080_8080_8080_8080 != 0 {
                try validateUTF8(UnsafeBufferPointer(start: base + start, count: index &- start), offset: start)
            }
            _ = entries.append(.string, start, UInt64(index &- start))
            return
        }
        let (kind, first, length) = try readTapeStringRest(
            into: tape, start: start, index: index,
            highBits: wideHighBits & 0x8080_8080_8080_8080 != 0 ? 0x80 : 0)
        _ = entries.append(kind, first, length)
    }

    /// Reads the rest of a string from `index`, the bytes from `start`
    /// before it being plain text, with `highBits` `0x80` where any of them
    /// is not ASCII; returns the string's entry (decoded bytes go into the
    /// tape's ``_JSONTape/strings``), for the caller to append.
    @inline(never)
    private mutating func readTapeStringRest(
        into tape: _JSONTape, start: Int, index: Int, highBits: UInt8
    ) throws(JSONParseError) -> (_JSONTape.Kind, Int, UInt64) {
        var index = index
        var highBits = highBits
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                position = index &+ 1
                let bytes = UnsafeBufferPointer(start: base + start, count: index &- start)
                if highBits & 0x80 != 0 { try validateUTF8(bytes, offset: start) }
                return (.string, start, UInt64(bytes.count))
            }
            if byte == UInt8(ascii: "\\") {
                scratch.removeAll()
                scratch.append(UnsafeBufferPointer(start: base + start, count: index &- start))
                position = index
                guard try continueString() else { throw error(.endOfInput) }
                // Escapes decode to valid UTF-8, so the decoded bytes are
                // valid exactly when the text's are.
                try validateUTF8(UnsafeBufferPointer(start: base + start, count: position &- 1 &- start), offset: start)
                let offset = tape.strings.count
                tape.strings.append(scratch.bytes)
                return (.escapedString, offset, UInt64(scratch.count))
            }
            if byte < 0x20 {
                position = index
                throw error(.controlCharacter(byte))
            }
            highBits |= byte
            index &+= 1
        }
        position = count
        throw error(.endOfInput)
    }
}
