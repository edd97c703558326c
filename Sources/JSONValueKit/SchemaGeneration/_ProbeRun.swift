#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One run of a type's `init(from:)` against the recording decoder.
///
/// Every call that real decoding could answer differently, depending on the
/// data, is a *choice point*: a keyed `decode` (the member may be missing or
/// of another type), a container request (the value may not be an object),
/// `decodeNil` and `contains` (the answer may be the other one). The first
/// run of a type answers each as data that fits would; later runs replay
/// those answers and give the opposite answer at one point (a *flip*), to
/// see whether the type's `init(from:)` catches the failure and reads
/// something else instead (`try?`, `do`/`catch`, `if container.contains`).
/// A flip that the type does not catch ends the run, so a type without such
/// branches costs one short run per point.
final class _ProbeRun {
    unowned let probe: _SchemaProbe
    /// Which placeholder values scalars get: 0, 1 or 2 (see
    /// ``_SchemaProbe/placeholder(_:set:)``).
    let placeholders: Int
    /// The flips to make, by choice point index, in increasing order.
    let flips: [(index: Int, flip: _Flip)]
    private var nextFlip = 0
    /// Whether this run builds ``root`` and ``points``; replays that only
    /// find out whether a flip is caught do not.
    let records: Bool
    /// How many choice points the run has passed.
    private(set) var index = 0
    /// The choice points passed, when recording.
    private(set) var points: [_ChoicePoint] = []
    /// What the run asked of the decoder at the top.
    let root = _ProbeNode()
    /// Whether the type read `allKeys` (for the error if it fails).
    var readsAllKeys = false

    init(probe: _SchemaProbe, placeholders: Int, flips: [(index: Int, flip: _Flip)], records: Bool) {
        self.probe = probe
        self.placeholders = placeholders
        self.flips = flips
        self.records = records
    }

    /// Decodes `T` with its own `init(from:)` from a recording decoder.
    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: _RecordingDecoder(run: self, node: root, codingPath: []))
    }

    /// Passes a choice point that can be flipped in the ways `flips` lists;
    /// returns the flip this run makes there, if any.
    func choose(_ available: [_Flip], _ signature: @autoclosure () -> String) -> _Flip? {
        defer { index &+= 1 }
        if records { points.append(_ChoicePoint(flips: available, signature: signature())) }
        guard nextFlip < flips.count, flips[nextFlip].index == index else { return nil }
        nextFlip &+= 1
        return flips[nextFlip &- 1].flip
    }

    /// The error a flip throws, as real decoding would throw it.
    func error(_ flip: _Flip, _ type: Any.Type, key: (any CodingKey)?, path: [any CodingKey]) -> DecodingError {
        switch flip {
        case .keyNotFound:
            let key = key ?? _AnyCodingKey("")
            return .keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: path, debugDescription: "No value associated with key \(probe.description(of: key))."))
        case .typeMismatch, .answer:
            var fullPath = path
            if let key { fullPath.append(key) }
            return .typeMismatch(
                type,
                DecodingError.Context(
                    codingPath: fullPath, debugDescription: "Expected to decode \(probe.name(of: type))."))
        }
    }

    /// A placeholder value of `T` for this run, and the shape of `T` when
    /// the run records (a run that does not gets a slot that says nothing);
    /// `decoder` and `key` say where, for errors about `T`.
    func value<T: Decodable>(_ type: T.Type, at decoder: _RecordingDecoder, key: (any CodingKey)?) throws -> (T, _Slot)
    {
        // A scalar met before records nothing, so it need not say where it
        // is: most decodes of most runs end here.
        if let leaf = probe.knownLeaf(T.self) {
            return (leaf.placeholders[placeholders] as! T, records ? _Slot(leaf.shape, T.self) : unrecordedSlot)
        }
        probe.site = (decoder, key)
        guard records else { return (try probe.answer(T.self, set: placeholders), unrecordedSlot) }
        return try probe.value(T.self, set: placeholders)
    }

    /// The slot that runs which do not record give their callers, which
    /// record nothing.
    private var unrecordedSlot: _Slot { _Slot(.any, nil) }

    /// What `decodeIfPresent` returns for `T` in this run, and `T`'s slot.
    func optionalValue<T: Decodable>(_ type: T.Type, at decoder: _RecordingDecoder, key: (any CodingKey)?) throws
        -> (T?, _Slot)
    {
        if let leaf = probe.knownLeaf(T.self) {
            return (
                placeholders == 1 ? leaf.placeholders[1] as? T : nil,
                records ? _Slot(leaf.shape, T.self) : unrecordedSlot
            )
        }
        probe.site = (decoder, key)
        guard records else { return (probe.optionalAnswer(T.self, set: placeholders), unrecordedSlot) }
        return try probe.optionalValue(T.self, set: placeholders)
    }

    /// The slot of `T` (its shape, recorded if need be), without a value.
    func slot<T: Decodable>(_ type: T.Type) throws -> _Slot {
        try probe.slot(T.self)
    }
}

/// A way to answer a choice point differently from data that fits.
enum _Flip: Hashable {
    /// The member is missing.
    case keyNotFound
    /// The value is of another type.
    case typeMismatch
    /// `decodeNil` says yes, `contains` says no.
    case answer
}

/// A choice point passed by a recording run.
struct _ChoicePoint {
    var flips: [_Flip]
    /// Where and what, to tell the same point in another run.
    var signature: String
}

/// What one run asked of one decoder: which containers, which members,
/// elements and values.
final class _ProbeNode {
    /// Whether a keyed container was granted.
    var isKeyed = false
    var isUnkeyed = false
    /// Whether a container request that a flip refused was caught.
    var refusedContainer = false

    // Keyed
    /// The members asked about, in the order first asked.
    var properties: [_PropertyFacts] = []
    private var propertyIndex: [String: Int] = [:]
    /// Values read under keys that `allKeys` gave for names the type does
    /// not know in advance.
    var dynamic = _ValueFacts()
    var readsAllKeys = false

    // Unkeyed
    /// Elements decoded one by one before any loop.
    var positions: [_ValueFacts] = []
    /// The element of a loop (`while !isAtEnd`).
    var loopElement: _ValueFacts?
    /// How many elements were decoded.
    var decodedCount = 0
    /// The number of decoded elements when the loop began, once
    /// `isAtEnd` or `count` was asked.
    var loopStart: Int?

    // Single value
    var single = _ValueFacts()

    /// The facts about the member with `key`, made on first use.
    func property(_ key: String) -> _PropertyFacts {
        if let index = propertyIndex[key] { return properties[index] }
        let facts = _PropertyFacts(key: key)
        propertyIndex[key] = properties.count
        properties.append(facts)
        return facts
    }

    /// The facts of the next element: a fixed position, or the loop's
    /// element once a loop began.
    func withElement<R>(_ body: (inout _ValueFacts) -> R) -> R {
        defer { decodedCount &+= 1 }
        if loopStart != nil {
            var facts = loopElement ?? _ValueFacts()
            defer { loopElement = facts }
            return body(&facts)
        }
        if positions.count <= decodedCount { positions.append(_ValueFacts()) }
        return body(&positions[decodedCount])
    }
}

/// What a run learned about one value.
struct _ValueFacts {
    /// The types it was decoded as, successfully.
    var decoded: [_Slot] = []
    /// Whether a decode that a flip refused was caught: the value may be
    /// anything.
    var refused = false
    /// Whether `decodeNil` said yes.
    var isNull = false
    /// Whether it was read with `decodeIfPresent`: absent and `null` are fine.
    var isOptional = false
    /// Whether it was asked about at all.
    var isMentioned = false
    /// A nested container's or super decoder's node.
    var nested: _ProbeNode?
}

/// What a run learned about one member of an object.
final class _PropertyFacts {
    let key: String
    var value = _ValueFacts()
    /// Whether the run learned the member is absent (`contains` said no, or
    /// a missing member was caught).
    var isAbsent = false
    /// Whether its value was read through `superDecoder(forKey:)`, where a
    /// missing member reads as `null`.
    var isSuperDecoder = false

    init(key: String) {
        self.key = key
    }
}
