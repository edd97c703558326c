#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The decoder that records what a type's `init(from:)` asks for, and
/// answers with placeholder values (see ``_ProbeRun``).
///
/// It answers as ``JSONValueDecoder`` would for data that fits: a member is
/// there, of the type asked; `decodeNil` says no; `contains` says yes;
/// `decodeIfPresent` finds nothing (in the first run). An unkeyed container
/// holds as many elements as the type decodes before it asks `isAtEnd` or
/// `count`, and then one more: enough to see a loop's element once.
final class _RecordingDecoder: Decoder {
    let run: _ProbeRun
    let node: _ProbeNode
    let codingPath: [any CodingKey]

    init(run: _ProbeRun, node: _ProbeNode, codingPath: [any CodingKey]) {
        self.run = run
        self.node = node
        self.codingPath = codingPath
    }

    var userInfo: [CodingUserInfoKey: Any] { run.probe.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let flip = run.choose([.typeMismatch], "\(pathDescription) keyed") {
            if run.records { node.refusedContainer = true }
            throw run.error(flip, [String: Any].self, key: nil, path: codingPath)
        }
        if run.records { node.isKeyed = true }
        return KeyedDecodingContainer(_RecordingKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if let flip = run.choose([.typeMismatch], "\(pathDescription) unkeyed") {
            if run.records { node.refusedContainer = true }
            throw run.error(flip, [Any].self, key: nil, path: codingPath)
        }
        if run.records { node.isUnkeyed = true }
        return _RecordingUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        _RecordingSingleValueContainer(decoder: self)
    }

    /// The coding path as text, for choice point signatures.
    var pathDescription: String {
        codingPath.map(\.stringValue).joined(separator: "/")
    }

    /// A decoder for a nested value, recording into `node`.
    func child(_ node: _ProbeNode, key: any CodingKey) -> _RecordingDecoder {
        _RecordingDecoder(run: run, node: node, codingPath: codingPath + [key])
    }
}

// MARK: - Keyed

struct _RecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: _RecordingDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var run: _ProbeRun { decoder.run }
    private var node: _ProbeNode { decoder.node }

    var allKeys: [Key] {
        run.readsAllKeys = true
        if run.records { node.readsAllKeys = true }
        // Keys that take any name (a dictionary's): one, under a name no type
        // declares, so that the values' type shows. Keys of an enumeration:
        // none, since the names cannot be listed.
        guard let key = Key(stringValue: _SchemaProbe.dynamicName) else { return [] }
        return [key]
    }

    private func isDynamic(_ key: Key) -> Bool { key.stringValue == _SchemaProbe.dynamicName }

    /// The facts of the member `key`, when recording.
    private func facts(_ key: Key) -> _PropertyFacts? {
        guard run.records, !isDynamic(key) else { return nil }
        let facts = node.property(key.stringValue)
        decoder.run.probe.noteKey(key)
        return facts
    }

    func contains(_ key: Key) -> Bool {
        let flip = run.choose([.answer], "\(decoder.pathDescription)/\(key.stringValue) contains")
        if flip != nil {
            facts(key)?.isAbsent = true
            return false
        }
        facts(key)?.value.isMentioned = true
        return true
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let flip = run.choose([.answer, .keyNotFound], "\(decoder.pathDescription)/\(key.stringValue) nil")
        let facts = facts(key)
        switch flip {
        case .answer:
            facts?.value.isNull = true
            facts?.value.isMentioned = true
            return true
        case .keyNotFound:
            facts?.isAbsent = true
            throw run.error(.keyNotFound, Any.self, key: key, path: codingPath)
        default:
            facts?.value.isMentioned = true
            return false
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        // The signature is made only when the run records: a type's name
        // takes longer to make than the rest of the answer.
        if let flip = run.choose(
            [.keyNotFound, .typeMismatch], "\(decoder.pathDescription)/\(key.stringValue) \(run.probe.name(of: T.self))"
        ) {
            if let facts = facts(key) {
                if flip == .keyNotFound { facts.isAbsent = true } else { facts.value.refused = true }
                facts.value.isMentioned = true
            }
            throw run.error(flip, T.self, key: key, path: codingPath)
        }
        let (value, slot) = try run.value(T.self, at: decoder, key: key)
        if run.records {
            if isDynamic(key) {
                node.dynamic.decoded.append(slot)
                node.dynamic.isMentioned = true
            } else if let facts = facts(key) {
                facts.value.decoded.append(slot)
                facts.value.isMentioned = true
            }
        }
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if let flip = run.choose(
            [.typeMismatch], "\(decoder.pathDescription)/\(key.stringValue) \(run.probe.name(of: T.self))?")
        {
            if let facts = facts(key) {
                facts.value.refused = true
                facts.value.isMentioned = true
            }
            throw run.error(flip, T.self, key: key, path: codingPath)
        }
        let (value, slot) = try run.optionalValue(T.self, at: decoder, key: key)
        if run.records {
            if isDynamic(key) {
                node.dynamic.decoded.append(slot)
                node.dynamic.isOptional = true
                node.dynamic.isMentioned = true
            } else if let facts = facts(key) {
                facts.value.decoded.append(slot)
                facts.value.isOptional = true
                facts.value.isMentioned = true
            }
        }
        return value
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }

    /// The generic `decode`, called from the overloads for scalars.
    private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try decode(type, forKey: key)
    }

    // The scalar overloads of `decodeIfPresent` too: the protocol's defaults
    // would ask `contains`, `decodeNil` and `decode`, three choice points
    // instead of one, each flip of which is a run of its own.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIfPresent(type, key) }

    /// The generic `decodeIfPresent`, called from the overloads for scalars.
    private func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try decodeIfPresent(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedDecoder(key, kind: "keyed").container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nestedDecoder(key, kind: "unkeyed").unkeyedContainer()
    }

    /// A decoder for the member `key`, whose container the caller asks for
    /// next; the member may be missing.
    private func nestedDecoder(_ key: Key, kind: String) throws -> _RecordingDecoder {
        if run.choose([.keyNotFound], "\(decoder.pathDescription)/\(key.stringValue) nested \(kind)") != nil {
            facts(key)?.isAbsent = true
            throw run.error(.keyNotFound, Any.self, key: key, path: codingPath)
        }
        let child = _ProbeNode()
        if let facts = facts(key) {
            facts.value.nested = child
            facts.value.isMentioned = true
        }
        return decoder.child(child, key: key)
    }

    func superDecoder() throws -> any Decoder {
        superDecoder(named: _AnyCodingKey("super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        superDecoder(named: key)
    }

    /// A decoder for a member that may be missing, which then reads as
    /// `null` (as with ``JSONValueDecoder``).
    private func superDecoder(named key: some CodingKey) -> any Decoder {
        let child = _ProbeNode()
        if run.records {
            let facts = node.property(key.stringValue)
            run.probe.noteKey(key)
            facts.value.nested = child
            facts.value.isMentioned = true
            facts.isSuperDecoder = true
        }
        return decoder.child(child, key: key)
    }
}

// MARK: - Unkeyed

struct _RecordingUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: _RecordingDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var run: _ProbeRun { decoder.run }
    private var node: _ProbeNode { decoder.node }

    /// The number of the next element; a node is shared by the copies of a
    /// container, as a real container's position is not, but a type reads
    /// an array through one container.
    var currentIndex: Int { node.decodedCount }

    var count: Int? {
        beginLoop()
        return node.decodedCount &+ (isAtEnd ? 0 : 1)
    }

    var isAtEnd: Bool {
        beginLoop()
        // At the end once the loop has decoded one element.
        return node.decodedCount > node.loopStart!
    }

    private func beginLoop() {
        if node.loopStart == nil { node.loopStart = node.decodedCount }
    }

    /// The error of decoding past the end, as real decoding throws it.
    private func endError(_ type: Any.Type) -> DecodingError {
        .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath + [_AnyCodingKey(index: currentIndex)],
                debugDescription: "Unkeyed container is at end."))
    }

    private var key: _AnyCodingKey { _AnyCodingKey(index: currentIndex) }

    mutating func decodeNil() throws -> Bool {
        if node.loopStart != nil, isAtEnd { throw endError(Any?.self) }
        let flip = run.choose([.answer], "\(decoder.pathDescription)/\(currentIndex) nil")
        guard flip != nil else {
            // A `false` does not move on: record only that it was asked.
            if run.records, node.loopStart == nil, node.positions.count <= node.decodedCount {
                node.positions.append(_ValueFacts())
            }
            return false
        }
        node.withElement { facts in
            facts.isNull = true
            facts.isMentioned = true
        }
        return true
    }

    // Not specialized, as `_SchemaProbe.explore` is not: the scalar
    // overloads above made a copy for each scalar type, with a copy of what it
    // calls, in every program that links the library.
    @_semantics("optimize.sil.specialize.generic.never")
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if node.loopStart != nil, isAtEnd { throw endError(T.self) }
        if let flip = run.choose(
            [.typeMismatch], "\(decoder.pathDescription)/\(currentIndex) \(run.probe.name(of: T.self))")
        {
            if run.records { node.withElement { $0.refused = true } } else { node.decodedCount &+= 1 }
            throw run.error(flip, T.self, key: key, path: codingPath)
        }
        let (value, slot) = try run.value(T.self, at: decoder, key: key)
        node.withElement { facts in
            guard run.records else { return }
            facts.decoded.append(slot)
            facts.isMentioned = true
        }
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if node.loopStart != nil, isAtEnd { throw endError(T.self) }
        if let flip = run.choose(
            [.typeMismatch], "\(decoder.pathDescription)/\(currentIndex) \(run.probe.name(of: T.self))?")
        {
            if run.records { node.withElement { $0.refused = true } } else { node.decodedCount &+= 1 }
            throw run.error(flip, T.self, key: key, path: codingPath)
        }
        let (value, slot) = try run.optionalValue(T.self, at: decoder, key: key)
        node.withElement { facts in
            guard run.records else { return }
            facts.decoded.append(slot)
            facts.isOptional = true
            facts.isMentioned = true
        }
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decode(type, 0) }
    mutating func decode(_ type: String.Type) throws -> String { try decode(type, 0) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decode(type, 0) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decode(type, 0) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decode(type, 0) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decode(type, 0) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decode(type, 0) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decode(type, 0) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decode(type, 0) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decode(type, 0) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(type, 0) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(type, 0) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(type, 0) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(type, 0) }

    /// The generic `decode`, called from the overloads for scalars.
    private mutating func decode<T: Decodable>(_ type: T.Type, _: Int) throws -> T {
        try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nestedDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try nestedDecoder()
    }

    /// A decoder for the next element.
    private mutating func nestedDecoder() throws -> _RecordingDecoder {
        if node.loopStart != nil, isAtEnd { throw endError(Any.self) }
        let child = _ProbeNode()
        let key = self.key
        node.withElement { facts in
            guard run.records else { return }
            facts.nested = child
            facts.isMentioned = true
        }
        return decoder.child(child, key: key)
    }
}

// MARK: - Single value

struct _RecordingSingleValueContainer: SingleValueDecodingContainer {
    let decoder: _RecordingDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var run: _ProbeRun { decoder.run }
    private var node: _ProbeNode { decoder.node }

    func decodeNil() -> Bool {
        let flip = run.choose([.answer], "\(decoder.pathDescription) nil")
        if run.records {
            node.single.isMentioned = true
            if flip != nil { node.single.isNull = true }
        }
        return flip != nil
    }

    // Not specialized: see `_RecordingUnkeyedContainer.decode(_:)`.
    @_semantics("optimize.sil.specialize.generic.never")
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if run.probe.tracksFirstScalar, run.probe.firstScalarAsked == nil,
            case .leaf(let shape, _) = run.probe.kind(of: T.self)
        {
            run.probe.firstScalarAsked = shape
        }
        if let flip = run.choose([.typeMismatch], "\(decoder.pathDescription) \(run.probe.name(of: T.self))") {
            if run.records {
                node.single.refused = true
                node.single.isMentioned = true
            }
            throw run.error(flip, T.self, key: nil, path: codingPath)
        }
        let (value, slot) = try run.value(T.self, at: decoder, key: nil)
        if run.records {
            node.single.decoded.append(slot)
            node.single.isMentioned = true
        }
        return value
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decode(type, 0) }
    func decode(_ type: String.Type) throws -> String { try decode(type, 0) }
    func decode(_ type: Double.Type) throws -> Double { try decode(type, 0) }
    func decode(_ type: Float.Type) throws -> Float { try decode(type, 0) }
    func decode(_ type: Int.Type) throws -> Int { try decode(type, 0) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decode(type, 0) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decode(type, 0) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decode(type, 0) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decode(type, 0) }
    func decode(_ type: UInt.Type) throws -> UInt { try decode(type, 0) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(type, 0) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(type, 0) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(type, 0) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(type, 0) }

    /// The generic `decode`, called from the overloads for scalars.
    private func decode<T: Decodable>(_ type: T.Type, _: Int) throws -> T {
        try decode(type)
    }
}
