#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes a `JSONValue` from an arbitrary decoder by trying each kind in turn.
///
/// Every failed attempt costs a thrown `DecodingError`, and with
/// `JSONDecoder` building that error (its coding path and message) is far
/// more expensive than a successful decode. The order therefore aims at the
/// fewest failures on real documents:
///
/// 1. `decodeNil()` never throws, so `null` is free.
/// 2. Strings are the most common node in API payloads.
/// 3. Numbers are probed as `Double` first, which succeeds for every JSON
///    number; only an integral result is asked again as `Int`, which then
///    succeeds. An integer and a double each cost no failure at all, where the
///    usual `Int`-then-`Double` order fails once for every double.
/// 4. Booleans come after numbers: `JSONDecoder` and `PropertyListDecoder`
///    refuse to read a Boolean as a `Double`, so no Boolean is lost.
/// 5. Arrays, then objects: members of objects are arrays about as often as
///    they are objects, and arrays of objects get the sibling hint below.
///    On citm_catalog.json this order fails 51,000 times where objects first
///    fails 89,000 times, and on twitter.json they are within 1%.
///
/// Array elements tend to share a kind, so an array tries each element as
/// the kind of the element before it first (see `_Hinted`); when that element
/// was itself an array, the hint also carries the kind its first element had.
/// On canada.json, arrays of coordinate pairs, that removes nearly every
/// failure.
enum _JSONValueProbe {
    enum Kind: Sendable {
        case string, number, bool, object, array
    }

    private static let defaultOrder: [Kind] = [.string, .number, .bool, .array, .object]

    /// Decodes a value from `decoder`, which belongs to any coder but ours.
    static func decode(from decoder: any Decoder) throws -> JSONValue {
        guard _KindMemo.isExclusive(decoder) else {
            return try decode(from: decoder, trying: .string, firstElement: .string, hinted: false)
        }
        return try _KindMemo.withCurrent { _ in
            try decode(from: decoder, trying: .string, firstElement: .string, hinted: true)
        }
    }

    /// Decodes a value trying `first` before the other kinds, and, if it is
    /// an array, `firstElement` for its first element. `hinted` only for a
    /// decoder that ``_KindMemo/isExclusive(_:)`` recognises.
    static func decode(
        from decoder: any Decoder,
        trying first: Kind,
        firstElement: Kind,
        hinted: Bool
    ) throws -> JSONValue {
        try _StackExtension.runCountingDepth {
            try decodeOnThisStack(from: decoder, trying: first, firstElement: firstElement, hinted: hinted)
        }
    }

    private static func decodeOnThisStack(
        from decoder: any Decoder,
        trying first: Kind,
        firstElement: Kind,
        hinted: Bool
    ) throws -> JSONValue {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { return .null }
        if let value = try attempt(first, container, decoder, firstElement, hinted) {
            // The one value that two kinds can read, with `JSONDecoder`: a
            // string that its `nonConformingFloatDecodingStrategy` reads as
            // an infinite or NaN double. The default order reads it as a
            // string, so a hint must too.
            if first != .string, case .double(let double) = value, !double.isFinite,
                let string = try attempt(.string, container, decoder, firstElement, hinted)
            {
                return string
            }
            return value
        }
        for kind in defaultOrder where kind != first {
            if let value = try attempt(kind, container, decoder, firstElement, hinted) { return value }
        }
        throw DecodingError.typeMismatch(
            JSONValue.self,
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Expected a JSON value (null, Boolean, number, string, array or object)."
            )
        )
    }

    /// Decodes one kind; `nil` when the decoder refused it with a `DecodingError`.
    private static func attempt(
        _ kind: Kind,
        _ container: any SingleValueDecodingContainer,
        _ decoder: any Decoder,
        _ firstElement: Kind,
        _ hinted: Bool
    ) throws -> JSONValue? {
        do {
            switch kind {
            case .string:
                return .string(try container.decode(String.self))
            case .number:
                return try decodeNumber(container)
            case .bool:
                return .bool(try container.decode(Bool.self))
            case .object:
                // A foreign decoder's `allKeys` come in no particular order
                // (JSONDecoder's in hash order): sort the names, so that the
                // value does not depend on the process's hash seed.
                guard hinted else { return .object(JSONObject(try container.decode([String: JSONValue].self))) }
                if let memo = _KindMemo.current, memo.keysAreNames == true {
                    return .object(try decodeMembers(decoder, memo: memo))
                }
                let members = try container.decode([String: _HintedMember].self)
                return .object(JSONObject(sortingNamesOf: members) { $0.value })
            case .array:
                guard hinted else { return .array(try container.decode([JSONValue].self)) }
                return .array(try decodeArray(decoder, firstElement: firstElement))
            }
        } catch is DecodingError {
            return nil
        }
    }

    private static func decodeNumber(_ container: any SingleValueDecodingContainer) throws -> JSONValue {
        let double = try container.decode(Double.self)
        // Only integral values in Int's range can be integers; anything else
        // (fractions, huge magnitudes, non-finite values) is a double as is.
        // `intBound` is 2⁶³, or 2³¹ where Int has 32 bits.
        let intBound = -Double(Int.min)
        guard double.rounded(.towardZero) == double, double >= -intBound, double <= intBound else {
            return .double(double)
        }
        do {
            return .int(try container.decode(Int.self))
        } catch is DecodingError {
            return .double(double)
        } catch  where double.magnitude == intBound {
            // Foundation's JSONDecoder throws its internal `JSONError`, not a
            // `DecodingError`, for an integer just beyond Int's range, which
            // rounds to ±2⁶³ as a Double. The node is a number either way, so
            // keeping the double loses nothing.
            return .double(double)
        }
    }

    private static func decodeArray(_ decoder: any Decoder, firstElement: Kind) throws -> [JSONValue] {
        var container = try decoder.unkeyedContainer()
        var elements: [JSONValue] = []
        if let count = container.count { elements.reserveCapacity(count) }
        var previous = firstElement
        // For an element that was an array: the kind of its first element.
        var previousInner: Kind = .string
        while !container.isAtEnd {
            let element = try decodeHinted(first: previous, firstElement: previousInner) {
                try container.decode($0).value
            }
            elements.append(element)
            if let kind = kind(of: element) {
                previous = kind
                if let innerKind = firstElementKind(of: element) { previousInner = innerKind }
            }
        }
        return elements
    }

    /// Decodes an object's members through a keyed container, each trying
    /// first the kind its name had last, and sorts their names (see
    /// ``JSONValue/init(from:)``).
    ///
    /// Only for a decoder whose keys are the members' names (see
    /// ``_KindMemo/keysAreNames``): each member then knows its name from its
    /// key, where a dictionary's member asks for its coding path, which
    /// `JSONDecoder` builds anew each time (a quarter of the time of decoding
    /// twitter.json).
    private static func decodeMembers(_ decoder: any Decoder, memo: _KindMemo) throws -> JSONObject {
        let container = try decoder.container(keyedBy: _AnyCodingKey.self)
        let keys = container.allKeys
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(keys.count)
        for key in keys {
            let name = key.stringValue
            let hint = memo.hints[name] ?? _KindMemo.Hint(first: .string, firstElement: .string)
            let value = try decodeHinted(first: hint.first, firstElement: hint.firstElement) {
                try container.decode($0, forKey: key).value
            }
            memo.learn(value, for: name, hinted: hint)
            members.append((name, value))
        }
        return JSONObject(sortingNamesOf: members) { $0 }
    }

    /// Calls `decode` with the type that decodes a value trying `first`
    /// first (and, for an array, trying `firstElement` first for its first
    /// element), and returns its value.
    private static func decodeHinted(
        first: Kind,
        firstElement: Kind,
        _ decode: (any _HintedValue.Type) throws -> JSONValue
    ) throws -> JSONValue {
        switch first {
        case .string: return try decode(_Hinted<_StringFirst>.self)
        case .number: return try decode(_Hinted<_NumberFirst>.self)
        case .bool: return try decode(_Hinted<_BoolFirst>.self)
        case .object: return try decode(_Hinted<_ObjectFirst>.self)
        case .array:
            switch firstElement {
            case .string: return try decode(_Hinted<_ArrayFirst<_StringFirst>>.self)
            case .number: return try decode(_Hinted<_ArrayFirst<_NumberFirst>>.self)
            case .bool: return try decode(_Hinted<_ArrayFirst<_BoolFirst>>.self)
            case .object: return try decode(_Hinted<_ArrayFirst<_ObjectFirst>>.self)
            case .array: return try decode(_Hinted<_ArrayFirst<_ArrayFirst<_StringFirst>>>.self)
            }
        }
    }

    /// The kind of the first element of `value` that is not `null`, if
    /// `value` is an array that has one.
    static func firstElementKind(of value: JSONValue) -> Kind? {
        guard case .array(let elements) = value else { return nil }
        return elements.lazy.compactMap(kind(of:)).first
    }

    static func kind(of value: JSONValue) -> Kind? {
        switch value {
        case .null: return nil
        case .string: return .string
        case .int, .double: return .number
        case .bool: return .bool
        case .object: return .object
        case .array: return .array
        }
    }
}

/// A kind to try first, carried in a type so that it reaches `init(from:)`,
/// which takes no other arguments.
protocol _ProbeHint {
    static var first: _JSONValueProbe.Kind { get }
    /// If the value is an array, the kind to try first for its first element.
    static var firstElement: _JSONValueProbe.Kind { get }
}

extension _ProbeHint {
    static var firstElement: _JSONValueProbe.Kind { .string }
}

enum _StringFirst: _ProbeHint { static var first: _JSONValueProbe.Kind { .string } }
enum _NumberFirst: _ProbeHint { static var first: _JSONValueProbe.Kind { .number } }
enum _BoolFirst: _ProbeHint { static var first: _JSONValueProbe.Kind { .bool } }
enum _ObjectFirst: _ProbeHint { static var first: _JSONValueProbe.Kind { .object } }
enum _ArrayFirst<Element: _ProbeHint>: _ProbeHint {
    static var first: _JSONValueProbe.Kind { .array }
    static var firstElement: _JSONValueProbe.Kind { Element.first }
}

/// A value decoded by ``_JSONValueProbe`` in a given order.
protocol _HintedValue: Decodable {
    var value: JSONValue { get }
}

/// Decodes a `JSONValue` trying `Hint.first` before the other kinds.
struct _Hinted<Hint: _ProbeHint>: _HintedValue {
    var value: JSONValue

    init(from decoder: any Decoder) throws {
        value = try _JSONValueProbe.decode(
            from: decoder,
            trying: Hint.first,
            firstElement: Hint.firstElement,
            hinted: true
        )
    }
}

/// An object's member, decoded trying first the kind that the last member of
/// the same name had, when the object is read as a dictionary.
///
/// The members of an object are decoded as a dictionary, for its key
/// handling (see ``JSONValue/init(from:)``), so each reaches `init(from:)`
/// with nothing but the decoder; its name is the last component of the
/// coding path. Documents repeat their member names with the same kinds, so
/// this took decoding twitter.json through `JSONDecoder` from 31.6 ms to
/// 27.0 ms (citm_catalog.json: 101.5 ms to 68.6 ms), although building the
/// coding path took a quarter of the time. (Hints by position in the tree,
/// which need no coding path, were slower than none: `JSONDecoder` hands
/// out the members of objects of one shape in different orders.)
///
/// The first member also tells whether the decoder's keys are the names
/// (``_KindMemo/keysAreNames``); if they are, later objects are read through
/// a keyed container, whose keys give the names without a coding path:
/// 13.1 ms for twitter.json, 35.0 ms for citm_catalog.json.
struct _HintedMember: Decodable {
    var value: JSONValue

    init(from decoder: any Decoder) throws {
        let key = decoder.codingPath.last
        let name = key?.stringValue
        value = try _KindMemo.withCurrent { memo in
            if memo.keysAreNames == nil, let key {
                memo.keysAreNames = _KindMemo.isDictionaryKey(key)
            }
            let hint = name.flatMap { memo.hints[$0] } ?? _KindMemo.Hint(first: .string, firstElement: .string)
            let value = try _JSONValueProbe.decode(
                from: decoder,
                trying: hint.first,
                firstElement: hint.firstElement,
                hinted: true
            )
            if let name { memo.learn(value, for: name, hinted: hint) }
            return value
        }
    }
}

/// The kind that the last member of each name had, for one decode through a
/// decoder that reads each value as one kind only.
///
/// Kept for the current thread while `JSONValue`'s `init(from:)` runs, since
/// the `Decoder` protocol has no room for it, and dropped when the outermost
/// call returns. It only orders the probe's attempts: with a decoder that
/// ``isExclusive(_:)`` recognises, every order gives the same value.
final class _KindMemo {
    /// The kinds to try first for a value and, if it is an array, for its
    /// first element.
    struct Hint: Equatable {
        var first: _JSONValueProbe.Kind
        var firstElement: _JSONValueProbe.Kind
    }

    /// Hints by member name.
    var hints: [String: Hint] = [:]

    /// Whether the decoder's keyed containers give the members' names as
    /// they are, so that an object can be read through one (`nil` until the
    /// first member of an object tells).
    ///
    /// `JSONDecoder` converts the keys of keyed containers as its
    /// `keyDecodingStrategy` says, and reads `[String: Value]` without
    /// converting them: with `.useDefaultKeys` through the standard
    /// library's `Dictionary.init(from:)`, whose keys are its own
    /// `_DictionaryCodingKey`, and with any other strategy itself, with keys
    /// of its own. So a member of a dictionary whose key is a
    /// `_DictionaryCodingKey` shows that the strategy converts nothing. (The
    /// strategy itself is not visible through `Decoder`.) Any other key
    /// keeps the dictionary and the coding path.
    var keysAreNames: Bool?

    /// Whether `key` is the standard library's key for `Dictionary`'s
    /// `init(from:)`.
    static func isDictionaryKey(_ key: any CodingKey) -> Bool {
        String(describing: type(of: key)) == "_DictionaryCodingKey"
    }

    /// Remembers the kind of `value`, the member `name`'s, which was decoded
    /// trying `hint` first.
    func learn(_ value: JSONValue, for name: String, hinted hint: Hint) {
        guard let first = _JSONValueProbe.kind(of: value) else { return }
        let firstElement = _JSONValueProbe.firstElementKind(of: value) ?? .string
        let new = Hint(first: first, firstElement: firstElement)
        // Written only when it changes: names mostly keep their kind.
        if hint != new { hints[name] = new }
    }

    private static let slot = _ThreadLocal()

    /// This thread's memo, if a decode has one.
    static var current: _KindMemo? {
        slot.value.map { Unmanaged<_KindMemo>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with this thread's memo, made for the call if there is
    /// none yet.
    static func withCurrent<Result>(_ body: (_KindMemo) throws -> Result) throws -> Result {
        if let current { return try body(current) }
        let memo = _KindMemo()
        slot.value = Unmanaged.passUnretained(memo).toOpaque()
        defer { slot.value = nil }
        return try withExtendedLifetime(memo) { try body(memo) }
    }

    /// The type of the decoder that `JSONDecoder` hands to `init(from:)`.
    private static let jsonDecoderType: ObjectIdentifier? = {
        struct Capture: Decodable {
            var type: ObjectIdentifier
            init(from decoder: any Decoder) throws { type = ObjectIdentifier(Swift.type(of: decoder)) }
        }
        return try? JSONDecoder().decode(Capture.self, from: Data("0".utf8)).type
    }()

    /// Whether `decoder` reads each value as at most one kind, so that the
    /// order of the probe's attempts cannot change the result.
    ///
    /// True for `JSONDecoder`: it reads a string only as a `String`, a number
    /// only as a number, a Boolean only as a `Bool`. The one exception, a
    /// string that its `nonConformingFloatDecodingStrategy` reads as a
    /// non-finite double, the probe checks for. A decoder that, say, reads
    /// `"1"` as both a string and a number gets the default order every time.
    static func isExclusive(_ decoder: any Decoder) -> Bool {
        ObjectIdentifier(type(of: decoder)) == jsonDecoderType
    }
}
