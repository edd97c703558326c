#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The direct path of `JSONValueEncoder.encodeJSONData(_:options:maximumNestingDepth:)`:
// it writes the text while `encode(to:)` runs, without building a tree.
//
// It serves the usage that synthesized and most hand-written `encode(to:)`
// have: containers used in nested order, each finished before its parent is
// written to again, and each name once per object. On anything else (a
// container written to after a later sibling began, a key encoded twice, a
// super encoder, a `MappedCodingKey` with paths, a name that is not ASCII,
// nesting beyond the writer's limit, any error) it gives up, and the value is
// encoded again through the tree, whose text is then the result: so that the
// bytes and the errors are always the tree path's.

/// Thrown inside the direct path when it gives up; never leaves the encoder.
struct _DirectEncodingAbandoned: Error {}

/// An array or object of the text that is still open.
struct _DirectFrame {
    /// Which container this is: containers keep it to tell whether their
    /// frame is still open.
    let serial: Int
    let isObject: Bool
    /// How many members or elements it has.
    var count = 0
    /// A bit for each name written, by a hash of its bytes: a name whose bit
    /// is clear is not among them.
    var nameBits: UInt64 = 0
    /// Where this object's names start in ``_DirectWriting/names``.
    let firstName: Int
}

/// The text being written, and the open containers, shared by the encoders
/// of one encode.
final class _DirectWriting {
    // Accessed only from the encoding thread, never overlapping.
    @exclusivity(unchecked) var writer: _JSONWriter
    @exclusivity(unchecked) var frames: [_DirectFrame] = []
    /// The byte ranges in the output of the names of the open objects.
    @exclusivity(unchecked) var names: [Range<Int>] = []
    /// The first frame that may be written to: those below it hold the
    /// member or element whose `encode(to:)` runs.
    @exclusivity(unchecked) var floor = 0
    @exclusivity(unchecked) private var lastSerial = 0
    /// Whether the direct path gave up.
    @exclusivity(unchecked) var abandoned = false
    /// Whether the encode is over: later writes are ignored, as writes to a
    /// tree that was already taken are.
    @exclusivity(unchecked) var finished = false
    let depthLimit: Int
    let options: _EncodingOptions

    init(options: _EncodingOptions, writingOptions: JSONValue.WritingOptions, depthLimit: Int) {
        writer = _JSONWriter(options: writingOptions, depthLimit: depthLimit)
        self.depthLimit = depthLimit
        self.options = options
    }

    /// Gives up, for the caller to throw.
    func abandon() -> _DirectEncodingAbandoned {
        abandoned = true
        return _DirectEncodingAbandoned()
    }

    /// The output, which this ends.
    func takeOutput() -> _ByteBuffer {
        var output = _ByteBuffer(capacity: 0)
        swap(&output, &writer.output)
        return output
    }

    /// Readies the frame at `index` for a write: closes the frames inside
    /// it. `false` if the encode is over and the write is to be ignored;
    /// throws (and gives up) if the frame is closed or not to be written now.
    @inline(__always)
    func enter(_ index: Int, _ serial: Int) throws -> Bool {
        guard !finished else { return false }
        guard !abandoned, index >= floor, index < frames.count, frames[index].serial == serial else {
            throw abandon()
        }
        if frames.count &- 1 != index { close(downTo: index &+ 1) }
        return true
    }

    /// Closes the innermost frames until `count` are left.
    func close(downTo count: Int) {
        while frames.count > count {
            let frame = frames.removeLast()
            writer.output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            if frame.isObject && names.count > frame.firstName {
                names.removeSubrange(frame.firstName...)
            }
        }
    }

    /// Opens an object or array as the value that is due: an encoder's own
    /// value (at ``floor``), or `nested` in the innermost frame, whose name
    /// or comma is written. `nil`, having given up, if none is due or it
    /// would nest too deep.
    func open(isObject: Bool, nested: Bool = false) -> (index: Int, serial: Int)? {
        guard !finished, !abandoned, nested || frames.count == floor, frames.count < depthLimit else {
            abandoned = true
            return nil
        }
        writer.output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        lastSerial &+= 1
        frames.append(_DirectFrame(serial: lastSerial, isObject: isObject, firstName: names.count))
        return (frames.count &- 1, lastSerial)
    }

    /// Begins an element of the innermost frame.
    @inline(__always)
    func beginElement() {
        let top = frames.count &- 1
        if frames[top].count > 0 { writer.output.append(UInt8(ascii: ",")) }
        frames[top].count &+= 1
    }

    /// Begins a member of the innermost frame, an object: writes its name
    /// and the colon. Gives up on a name the object has already, or one that
    /// is not ASCII (whose equality to another is not that of its bytes), so
    /// that the tree decides what such an object holds.
    func beginMember(_ name: String, checked: Bool = true) throws {
        let top = frames.count &- 1
        let comma = frames[top].count > 0
        frames[top].count &+= 1
        // The comma, the quoted name and the colon, in one reservation.
        let start = writer.output.count &+ (comma ? 1 : 0)
        writer.writeCompactName(name, comma: comma)
        let end = writer.output.count &- 1
        if checked {
            // Eight bytes at a time: the bits of every byte, for the ASCII
            // check, and a hash.
            let base = writer.output.base
            var bits: UInt64 = 0
            var hash: UInt64 = UInt64(truncatingIfNeeded: end &- start)
            var offset = start
            while end &- offset >= 8 {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                bits |= word
                hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
                offset &+= 8
            }
            let tail = _loadShortWord(base + offset, count: end &- offset)
            bits |= tail
            hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
            guard bits & 0x8080_8080_8080_8080 == 0 else { throw abandon() }
            let bit: UInt64 = 1 << (hash >> 58)
            if frames[top].nameBits & bit != 0 {
                let length = end &- start
                for other in names[frames[top].firstName...] where other.count == length {
                    var offset = 0
                    while offset < length && base[other.lowerBound &+ offset] == base[start &+ offset] { offset &+= 1 }
                    if offset == length { throw abandon() }
                }
            }
            frames[top].nameBits |= bit
            names.append(start..<end)
        }
    }

    /// Writes a finite double, or a non-finite one as the strategy's string;
    /// gives up on one that the strategy refuses.
    @inline(never)
    func writeDouble(_ value: Double) throws {
        if writer.writeDouble(value) { return }
        guard case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = options.floatStrategy else {
            throw abandon()
        }
        writeString(value.isNaN ? nan : value > 0 ? positiveInfinity : negativeInfinity)
    }

    func writeFloat(_ value: Float) throws {
        guard value.isFinite else { return try writeDouble(Double(value)) }
        _ = writer.writeDouble(JSONValue._double(shortestTextOf: value))
    }

    /// Writes an integer as ``_ValueEncoder/wrapInteger(_:key:)`` makes it:
    /// the narrower integers come as `Int64` and `UInt` as `UInt64`, whose
    /// ``JSONValue`` is that of the same number in its own type.
    @inline(never)
    func writeInteger<T: BinaryInteger>(_ value: T) throws {
        // Straight to the text where it fits `Int`, as the tree's `.int` is
        // written.
        if let small = Int(exactly: value) { return writer.writeInteger(small) }
        guard let number = JSONValue(_integer: value, rounding: options.roundsInexactNumbers) else {
            throw abandon()
        }
        try writeValue(number)
    }

    /// Writes a tree, `frames.count` levels deep.
    func writeValue(_ value: JSONValue) throws {
        do {
            try writer.write(value, depth: frames.count)
        } catch {
            throw abandon()
        }
    }

    @inline(never)
    func writeString(_ value: String) { writer.writeString(value) }

    @inline(never)
    func writeInt(_ value: Int) { writer.writeInteger(value) }

    @inline(never)
    func writeNull() { writer.output.append("null") }
    @inline(never)
    func writeBool(_ value: Bool) { writer.output.append(value ? "true" : "false") }

    /// Writes a value that ``_ValueEncoder/wrap(_:key:)`` makes without
    /// calling `encode(to:)`; `false` if `value` is not one.
    @inline(never)
    func writeScalar<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == String.self {
            writeString(value as! String)
        } else if T.self == Int.self {
            writeInt(value as! Int)
        } else if T.self == Double.self {
            try writeDouble(value as! Double)
        } else if T.self == Bool.self {
            writeBool(value as! Bool)
        } else if T.self == JSONValue.self {
            try writeValue(value as! JSONValue)
        } else if T.self == Float.self {
            try writeFloat(value as! Float)
        } else if T.self == Date.self {
            return try writeDate(value as! Date)
        } else if T.self == Data.self {
            guard case .base64 = options.dataStrategy else { return false }
            writeString((value as! Data).base64EncodedString())
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == Decimal.self {
            try writeDecimal(value as! Decimal)
        } else if T.self == [Int].self {
            try writeElements(value as! [Int]) { $0.writeInt($1) }
        } else if T.self == [String].self {
            try writeElements(value as! [String]) { $0.writeString($1) }
        } else if T.self == [Double].self {
            let array = value as! [Double]
            guard array.allSatisfy(\.isFinite) else { return false }
            try writeElements(array) { _ = $0.writer.writeDouble($1) }
        } else {
            return false
        }
        return true
    }

    /// Writes an array of scalars, one level deeper.
    private func writeElements<Element>(_ array: [Element], _ write: (_DirectWriting, Element) -> Void) throws {
        guard frames.count < depthLimit else { throw abandon() }
        writer.output.append(UInt8(ascii: "["))
        var first = true
        for element in array {
            if !first { writer.output.append(UInt8(ascii: ",")) }
            first = false
            write(self, element)
        }
        writer.output.append(UInt8(ascii: "]"))
    }

    private func writeDecimal(_ value: Decimal) throws {
        guard let converted = JSONValue(_nearest: value) else { return try writeDouble(.nan) }
        guard options.roundsInexactNumbers || JSONValue._holdsExactly(value) else { throw abandon() }
        try writeValue(converted)
    }

    /// Writes a date whose strategy makes a scalar; `false` for one that
    /// encodes through an encoder.
    private func writeDate(_ date: Date) throws -> Bool {
        switch options.dateStrategy {
        case .secondsSince1970:
            try writeDouble(date.timeIntervalSince1970)
        case .millisecondsSince1970:
            try writeDouble(1000 * date.timeIntervalSince1970)
        case .iso8601:
            writeString(_ISO8601.string(from: date))
        #if canImport(Darwin)
        case .formatted(let formatter):
            writeString(formatter.string(from: date))
        #endif
        default:
            return false
        }
        return true
    }
}

/// A keyed container that an encoder keeps for the next object with the
/// same key type: `box` is the `KeyedEncodingContainer`'s storage.
struct _KeptDirectContainer {
    let keyType: ObjectIdentifier
    var box: AnyObject
    let link: _DirectContainerLink
}

/// The `Encoder` of the direct path: one for each value that encodes
/// through `encode(to:)`, and for each nested container.
final class _DirectEncoder: Encoder {
    /// What this encoder has written.
    enum Content {
        /// Nothing yet: its value is due next in the text.
        case empty
        /// An open array or object.
        case container(index: Int, serial: Int, isObject: Bool)
        /// Its whole value: any further use gives up.
        case done
    }

    let writing: _DirectWriting
    /// Not retained while this encoder serves its parent, which outlives it
    /// (as for ``_ValueEncoder``).
    private unowned(unsafe) let parent: _DirectEncoder?
    @exclusivity(unchecked) private var retainedParent: _DirectEncoder?
    @exclusivity(unchecked) private var key: (any CodingKey)?
    @exclusivity(unchecked) var content = Content.empty
    private let depth: Int
    /// A child that finished its value and that nothing else holds.
    @exclusivity(unchecked) private var spare: _DirectEncoder?
    /// Keyed containers for the next object with the same key type, as
    /// ``_ValueEncoder`` keeps them: making one costs a box and lookups of
    /// generic metadata.
    @exclusivity(unchecked) private var keptContainers: [_KeptDirectContainer] = []

    init(writing: _DirectWriting, parent: _DirectEncoder?, key: (any CodingKey)?, retainsParent: Bool = true) {
        self.writing = writing
        self.parent = parent
        if retainsParent { retainedParent = parent }
        self.key = key
        depth = parent.map { $0.depth &+ 1 } ?? 0
    }

    var options: _EncodingOptions { writing.options }

    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: _DirectEncoder? = self
        while let current = node {
            if let key = current.key { keys.append(key) }
            node = current.parent
        }
        keys.reverse()
        return keys
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if options.mappedKeyTypes.value(for: Key.self, { Key.self is any MappedCodingKey.Type }) {
            writing.abandoned = true
            return KeyedEncodingContainer(_DirectKeyedContainer<Key>(encoder: self, index: -1, serial: -1))
        }
        switch content {
        case .empty:
            guard let (index, serial) = writing.open(isObject: true) else { break }
            content = .container(index: index, serial: serial, isObject: true)
            return keyedContainer(Key.self, index: index, serial: serial)
        case .container(let index, let serial, true):
            // A second keyed container writes to the same object, as the
            // tree's does; it is kept too, for a type whose `encode(to:)`
            // takes two (a second key type for members of its own).
            return keyedContainer(Key.self, index: index, serial: serial)
        default:
            if !writing.finished { writing.abandoned = true }
        }
        return KeyedEncodingContainer(_DirectKeyedContainer<Key>(encoder: self, index: -1, serial: -1))
    }

    /// A keyed container for the open object at `index`: a kept one for
    /// `Key` if there is one that nothing else holds, or a new one, kept.
    private func keyedContainer<Key: CodingKey>(_: Key.Type, index: Int, serial: Int) -> KeyedEncodingContainer<Key> {
        guard _ValueEncoder.containersAreReferences else {
            return KeyedEncodingContainer(_DirectKeyedContainer<Key>(encoder: self, index: index, serial: serial))
        }
        let keyType = ObjectIdentifier(Key.self)
        if let box = keptContainer(keyType, index: index, serial: serial) {
            return unsafeBitCast(box, to: KeyedEncodingContainer<Key>.self)
        }
        let link = _DirectContainerLink(self, index: index, serial: serial)
        let container = KeyedEncodingContainer(_DirectKeyedContainer<Key>(link: link))
        if keptContainers.count == 4 { keptContainers.removeFirst() }
        keptContainers.append(
            _KeptDirectContainer(keyType: keyType, box: unsafeBitCast(container, to: AnyObject.self), link: link))
        return container
    }

    /// The kept container for `keyType`, set up for the frame, if there is
    /// one and nothing else holds it. (Not generic, for the uniqueness check:
    /// see ``_TapeDecoder``'s.)
    private func keptContainer(_ keyType: ObjectIdentifier, index: Int, serial: Int) -> AnyObject? {
        var position = 0
        while position < keptContainers.count && keptContainers[position].keyType != keyType { position &+= 1 }
        guard position < keptContainers.count else { return nil }
        guard isKnownUniquelyReferenced(&keptContainers[position].box) else {
            keptContainers.remove(at: position)
            return nil
        }
        let link = keptContainers[position].link
        link.index = index
        link.serial = serial
        link.owner = self
        return keptContainers[position].box
    }

    /// At the end of a value: the kept containers that only this encoder
    /// holds stop holding it; those that the type kept keep it, and are
    /// forgotten here.
    private func releaseContainers() {
        var position = 0
        while position < keptContainers.count {
            if isKnownUniquelyReferenced(&keptContainers[position].box) {
                keptContainers[position].link.owner = nil
                position &+= 1
            } else {
                keptContainers.remove(at: position)
            }
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch content {
        case .empty:
            guard let (index, serial) = writing.open(isObject: false) else { break }
            content = .container(index: index, serial: serial, isObject: false)
            return _DirectUnkeyedContainer(encoder: self, index: index, serial: serial)
        case .container(let index, let serial, false):
            return _DirectUnkeyedContainer(encoder: self, index: index, serial: serial)
        default:
            if !writing.finished { writing.abandoned = true }
        }
        return _DirectUnkeyedContainer(encoder: self, index: -1, serial: -1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        _DirectSingleValueContainer(encoder: self)
    }

    /// An encoder for a nested container, one level down.
    func nested(_ key: any CodingKey, _ opened: (index: Int, serial: Int)?, isObject: Bool) -> _DirectEncoder {
        let nested = _DirectEncoder(writing: writing, parent: self, key: key)
        if let opened {
            nested.content = .container(index: opened.index, serial: opened.serial, isObject: isObject)
        } else {
            nested.content = .done
        }
        return nested
    }

    /// The name to write for a coding key, as ``_ValueEncoder/convertedKey(_:)``.
    func convertedKey(_ key: any CodingKey) -> String {
        guard options.convertsKeys else { return key.stringValue }
        switch options.keyStrategy {
        case .convertToSnakeCase:
            return options.snakeCase(key.stringValue)
        case .custom(let convert):
            return convert(codingPath + [key]).stringValue
        default:
            return key.stringValue
        }
    }

    // MARK: Values

    /// Whether this encoder's own value is due now, for a single-value
    /// container: `false` if the encode is over; throws (giving up) if the
    /// value was written already or is not due.
    func readyForOwnValue() throws -> Bool {
        if writing.finished { return false }
        guard case .empty = content, !writing.abandoned, writing.frames.count == writing.floor else {
            throw writing.abandon()
        }
        return true
    }

    /// Writes a tree as this encoder's value, for `JSONValue.encode(to:)`,
    /// as ``_ValueEncoder/store(_:)`` stores it.
    func store(_ value: JSONValue) throws {
        guard try readyForOwnValue() else { return }
        content = .done
        try writing.writeValue(value)
    }

    /// Writes `value` as this encoder's own value, which is due.
    func writeOwn<T: Encodable>(_ value: T) throws {
        if try writing.writeScalar(value) {
            content = .done
            return
        }
        try writeComposite(value)
    }

    /// Writes `value` as the member or element `key` of this encoder's
    /// container, whose name or comma is written.
    func writeMember<T: Encodable>(_ value: T, key: any CodingKey) throws {
        if try writing.writeScalar(value) { return }
        var child: _DirectEncoder
        if let reused = spare.take() {
            reused.key = key
            reused.content = .empty
            child = reused
        } else {
            child = _DirectEncoder(writing: writing, parent: self, key: key, retainsParent: false)
        }
        do {
            try child.writeComposite(value)
        } catch {
            child.retainedParent = self
            throw error
        }
        if isKnownUniquelyReferenced(&child) {
            spare = child
        } else {
            child.retainedParent = self
        }
    }

    /// Writes a value that encodes through an encoder, as this encoder's
    /// value: what it encodes, or an empty object if nothing, as the tree's
    /// `takeStorage` makes it.
    private func writeComposite<T: Encodable>(_ value: T) throws {
        let writing = writing
        let floor = writing.floor
        let base = writing.frames.count
        writing.floor = base
        defer {
            writing.floor = floor
            if !keptContainers.isEmpty { releaseContainers() }
        }
        do {
            if options.dictionaryTypes.value(for: T.self, { T.self is any _StringKeyedDictionaryEncodable.Type }),
                let dictionary = value as? any _StringKeyedDictionaryEncodable
            {
                try dictionary._write(with: self)
            } else if T.self == Date.self {
                let date = value as! Date
                if case .custom(let encode) = options.dateStrategy {
                    try encode(date, self)
                } else {
                    try date.encode(to: self)
                }
            } else if T.self == Data.self {
                let data = value as! Data
                if case .custom(let encode) = options.dataStrategy {
                    try encode(data, self)
                } else {
                    try data.encode(to: self)
                }
            } else {
                try _StackExtension.run(depth: depth) { try value.encode(to: self) }
            }
        } catch {
            writing.abandoned = true
            throw error
        }
        guard !writing.abandoned else { throw _DirectEncodingAbandoned() }
        switch content {
        case .empty:
            writing.writer.output.append("{}")
        case .container:
            writing.close(downTo: base)
        case .done:
            break
        }
        content = .done
    }
}

/// The link of a keyed container of ``_DirectEncoder`` to its encoder and
/// frame, which a kept container's box is set up again with.
final class _DirectContainerLink {
    /// The encoder, not retained: ``owner`` holds it while the container is
    /// out of the encoder's hands, and otherwise only the encoder holds the
    /// container.
    unowned(unsafe) let encoder: _DirectEncoder
    @exclusivity(unchecked) var owner: _DirectEncoder?
    @exclusivity(unchecked) var index: Int
    @exclusivity(unchecked) var serial: Int

    init(_ encoder: _DirectEncoder, index: Int, serial: Int) {
        self.encoder = encoder
        owner = encoder
        self.index = index
        self.serial = serial
    }
}

/// The keyed container of ``_DirectEncoder``.
struct _DirectKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The encoder and the frame, through a link that a kept container is
    /// set up again with (see ``_DirectEncoder/container(keyedBy:)``).
    let link: _DirectContainerLink
    /// The text, held here too: reaching it through the link's unretained
    /// encoder retained and released the encoder at every member.
    let writing: _DirectWriting

    var encoder: _DirectEncoder { link.encoder }
    /// The frame of the object, and its serial: `-1` for a container of a
    /// path that gave up.
    var index: Int { link.index }
    var serial: Int { link.serial }

    init(link: _DirectContainerLink) {
        self.link = link
        writing = link.encoder.writing
    }

    init(encoder: _DirectEncoder, index: Int, serial: Int) {
        link = _DirectContainerLink(encoder, index: index, serial: serial)
        writing = encoder.writing
    }

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Readies the object and writes the name of `key`; `false` if the
    /// encode is over.
    private func begin(_ key: Key) throws -> Bool {
        guard try writing.enter(index, serial) else { return false }
        try writing.beginMember(writing.options.convertsKeys ? encoder.convertedKey(key) : key.stringValue)
        return true
    }

    mutating func encodeNil(forKey key: Key) throws { if try begin(key) { writing.writeNull() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if try begin(key) { writing.writeBool(value) }
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        if try begin(key) { writing.writeString(value) }
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        if try begin(key) { try writing.writeDouble(value) }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        if try begin(key) { try writing.writeFloat(value) }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        if try begin(key) { writing.writeInt(value) }
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        if try begin(key) { try writing.writeInteger(Int64(value)) }
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        if try begin(key) { try writing.writeInteger(Int64(value)) }
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        if try begin(key) { try writing.writeInteger(Int64(value)) }
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        if try begin(key) { try writing.writeInteger(value) }
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        if try begin(key) { try writing.writeInteger(UInt64(value)) }
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        if try begin(key) { try writing.writeInteger(Int64(value)) }
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        if try begin(key) { try writing.writeInteger(Int64(value)) }
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        if try begin(key) { try writing.writeInteger(Int64(value)) }
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        if try begin(key) { try writing.writeInteger(value) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if try begin(key), try !writing.writeScalar(value) { try encoder.writeMember(value, key: key) }
    }

    /// Opens a nested object or array for `key`; `nil` if the path gave up
    /// or the encode is over.
    private func openNested(_ key: Key, isObject: Bool) -> (index: Int, serial: Int)? {
        do {
            guard try begin(key) else { return nil }
        } catch {
            return nil
        }
        return writing.open(isObject: isObject, nested: true)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let opened = openNested(key, isObject: true)
        let nested = encoder.nested(key, opened, isObject: true)
        if opened != nil,
            nested.options.mappedKeyTypes.value(for: NestedKey.self, { NestedKey.self is any MappedCodingKey.Type })
        {
            writing.abandoned = true
        }
        return KeyedEncodingContainer(
            _DirectKeyedContainer<NestedKey>(encoder: nested, index: opened?.index ?? -1, serial: opened?.serial ?? -1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let opened = openNested(key, isObject: false)
        return _DirectUnkeyedContainer(
            encoder: encoder.nested(key, opened, isObject: false), index: opened?.index ?? -1,
            serial: opened?.serial ?? -1)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(for: _AnyCodingKey("super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(for: key)
    }

    /// A super encoder: the direct path gives up (unless the encode is over).
    private func superEncoder(for key: any CodingKey) -> any Encoder {
        if !writing.finished { writing.abandoned = true }
        return encoder.nested(key, nil, isObject: true)
    }
}

/// The unkeyed container of ``_DirectEncoder``.
struct _DirectUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: _DirectEncoder
    let index: Int
    let serial: Int

    var codingPath: [any CodingKey] { encoder.codingPath }

    var count: Int {
        let writing = encoder.writing
        guard index >= 0, index < writing.frames.count, writing.frames[index].serial == serial else {
            if !writing.finished { writing.abandoned = true }
            return 0
        }
        return writing.frames[index].count
    }

    /// Readies the array and writes the comma; `false` if the encode is over.
    private func begin() throws -> Bool {
        guard try encoder.writing.enter(index, serial) else { return false }
        encoder.writing.beginElement()
        return true
    }

    /// The key of the element just begun.
    private var lastKey: _AnyCodingKey { _AnyCodingKey(index: encoder.writing.frames[index].count &- 1) }

    mutating func encodeNil() throws { if try begin() { encoder.writing.writeNull() } }
    mutating func encode(_ value: Bool) throws { if try begin() { encoder.writing.writeBool(value) } }
    mutating func encode(_ value: String) throws { if try begin() { encoder.writing.writeString(value) } }
    mutating func encode(_ value: Double) throws { if try begin() { try encoder.writing.writeDouble(value) } }
    mutating func encode(_ value: Float) throws { if try begin() { try encoder.writing.writeFloat(value) } }
    mutating func encode(_ value: Int) throws { if try begin() { encoder.writing.writeInt(value) } }
    mutating func encode(_ value: Int8) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { if try begin() { try encoder.writing.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { if try begin() { try encoder.writing.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt16) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt32) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt64) throws { if try begin() { try encoder.writing.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if try begin() { try encoder.writeMember(value, key: lastKey) }
    }

    /// Opens a nested object or array as the next element; `nil` if the
    /// path gave up or the encode is over.
    private func openNested(isObject: Bool) -> (index: Int, serial: Int)? {
        do {
            guard try begin() else { return nil }
        } catch {
            return nil
        }
        return encoder.writing.open(isObject: isObject, nested: true)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let opened = openNested(isObject: true)
        let key = opened == nil ? _AnyCodingKey(index: 0) : lastKey
        let nested = encoder.nested(key, opened, isObject: true)
        if opened != nil,
            nested.options.mappedKeyTypes.value(for: NestedKey.self, { NestedKey.self is any MappedCodingKey.Type })
        {
            encoder.writing.abandoned = true
        }
        return KeyedEncodingContainer(
            _DirectKeyedContainer<NestedKey>(encoder: nested, index: opened?.index ?? -1, serial: opened?.serial ?? -1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let opened = openNested(isObject: false)
        let key = opened == nil ? _AnyCodingKey(index: 0) : lastKey
        return _DirectUnkeyedContainer(
            encoder: encoder.nested(key, opened, isObject: false), index: opened?.index ?? -1,
            serial: opened?.serial ?? -1)
    }

    mutating func superEncoder() -> any Encoder {
        if !encoder.writing.finished { encoder.writing.abandoned = true }
        return encoder.nested(_AnyCodingKey(index: 0), nil, isObject: true)
    }
}

/// The single-value container of ``_DirectEncoder``.
struct _DirectSingleValueContainer: SingleValueEncodingContainer {
    let encoder: _DirectEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Readies the encoder's own value; `false` if the encode is over.
    private func begin() throws -> Bool {
        guard try encoder.readyForOwnValue() else { return false }
        encoder.content = .done
        return true
    }

    mutating func encodeNil() throws { if try begin() { encoder.writing.writeNull() } }
    mutating func encode(_ value: Bool) throws { if try begin() { encoder.writing.writeBool(value) } }
    mutating func encode(_ value: String) throws { if try begin() { encoder.writing.writeString(value) } }
    mutating func encode(_ value: Double) throws { if try begin() { try encoder.writing.writeDouble(value) } }
    mutating func encode(_ value: Float) throws { if try begin() { try encoder.writing.writeFloat(value) } }
    mutating func encode(_ value: Int) throws { if try begin() { encoder.writing.writeInt(value) } }
    mutating func encode(_ value: Int8) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { if try begin() { try encoder.writing.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { if try begin() { try encoder.writing.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt16) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt32) throws { if try begin() { try encoder.writing.writeInteger(Int64(value)) } }
    mutating func encode(_ value: UInt64) throws { if try begin() { try encoder.writing.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if try encoder.readyForOwnValue() { try encoder.writeOwn(value) }
    }
}

extension Dictionary where Key == String, Value: Encodable {
    /// Writes the dictionary as ``_encode(with:)`` builds it.
    func _write(with encoder: _DirectEncoder) throws {
        let writing = encoder.writing
        guard let (index, serial) = writing.open(isObject: true) else { throw _DirectEncodingAbandoned() }
        encoder.content = .container(index: index, serial: serial, isObject: true)
        // The names and where each member is, then the members in the order
        // of the names: copying and sorting `(name, value)` pairs, through
        // generic code that does not know `Value`, took longer than writing
        // a small dictionary's members.
        var names: [String] = []
        var positions: [Index] = []
        names.reserveCapacity(count)
        positions.reserveCapacity(count)
        var position = startIndex
        while position != endIndex {
            names.append(keys[position])
            positions.append(position)
            formIndex(after: &position)
        }
        for ordinal in _scalarOrder(of: names) {
            guard try writing.enter(index, serial) else { return }
            // The names of a dictionary differ.
            try writing.beginMember(names[ordinal], checked: false)
            try encoder.writeMember(values[positions[ordinal]], key: _AnyCodingKey(names[ordinal]))
        }
    }
}
