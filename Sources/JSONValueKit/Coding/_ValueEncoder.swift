#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value being built: finished, or a container that nested containers and
/// encoders may still add to after the `encode(to:)` that made it returned.
enum _Pending {
    case value(JSONValue)
    case object(_PendingObject)
    case array(_PendingArray)
    /// What a super encoder will have encoded.
    case encoder(_ValueEncoder)

    func resolved() -> JSONValue {
        switch self {
        case .value(let value): return value
        case .object(let object): return object.resolved()
        case .array(let array): return array.resolved()
        case .encoder(let encoder):
            // The super encoder keeps the value, not what made it: what it
            // encoded may hold encoders that hold it (its own super encoders,
            // its members' encoders), a cycle once nothing else is left.
            let value = encoder.storage?.resolved() ?? .object(JSONObject())
            encoder.storage = .value(value)
            return value
        }
    }

    /// Lets go of what a value that failed to encode had encoded, down to
    /// the super encoders among its members: each holds its parent, and what
    /// it encoded may hold it, cycles that nothing would resolve any more.
    func abandon() {
        switch self {
        case .value: break
        case .object(let object): object.abandon()
        case .array(let array): array.abandon()
        case .encoder(let encoder):
            let storage = encoder.storage
            encoder.storage = nil
            storage?.abandon()
        }
    }
}

/// An object being built, its members in the order of their first `encode`
/// calls. Finished members are kept as values, so that an object without
/// pending members resolves without a copy; a pending member holds its place
/// there with a placeholder until it is resolved.
final class _PendingObject {
    // Accessed only from the encoding thread, never overlapping: the dynamic
    // exclusivity checks that class properties get cost 5% of an encode.
    @exclusivity(unchecked) private var values = JSONObject()
    @exclusivity(unchecked) private var pending: [String: _Pending] = [:]

    /// Sets a member; a later write to the same key replaces an earlier one.
    func set(_ key: String, _ member: _Pending) {
        if case .value(let value) = member {
            values.updateValue(value, forKey: key)
            if !pending.isEmpty { pending[key] = nil }
        } else {
            pending[key] = member
            values.updateValue(.null, forKey: key)
        }
    }

    /// The object being built under `key`, created if there is none; a
    /// finished object there is reopened with its members, and any other
    /// member is replaced, as a later write replaces an earlier one.
    func nestedObject(_ key: String) -> _PendingObject {
        if case .object(let nested)? = pending[key] { return nested }
        let nested = _PendingObject()
        if pending[key] == nil, case .object(let members)? = values[key] { nested.values = members }
        set(key, .object(nested))
        return nested
    }

    func reserveCapacity(_ count: Int) {
        values.reserveCapacity(count)
    }

    /// Whether every member is final, so that resolving now loses nothing.
    var isFinished: Bool { pending.isEmpty }

    /// See ``_Pending/abandon()``.
    func abandon() {
        let members = pending
        pending = [:]
        for member in members.values { member.abandon() }
    }

    func resolved() -> JSONValue {
        guard !pending.isEmpty else { return .object(values) }
        var result = values
        for (key, member) in pending { result[key] = member.resolved() }
        return .object(result)
    }
}

/// An array being built, like ``_PendingObject``.
final class _PendingArray {
    @exclusivity(unchecked) private var values: [JSONValue] = []
    /// Positions in `values` that hold a placeholder for a pending element.
    @exclusivity(unchecked) private var pending: [Int: _Pending] = [:]

    var count: Int { values.count }

    /// Whether every element is final, so that resolving now loses nothing.
    var isFinished: Bool { pending.isEmpty }

    /// See ``_Pending/abandon()``.
    func abandon() {
        let members = pending
        pending = [:]
        for member in members.values { member.abandon() }
    }

    func append(_ element: _Pending) {
        if case .value(let value) = element {
            values.append(value)
        } else {
            pending[values.count] = element
            values.append(.null)
        }
    }

    func resolved() -> JSONValue {
        guard !pending.isEmpty else { return .array(values) }
        var result = values
        for (index, element) in pending { result[index] = element.resolved() }
        return .array(result)
    }
}

/// The `Encoder` behind ``JSONValueEncoder``.
final class _ValueEncoder: Encoder {
    // What has been encoded at this level, if anything: at most one of these.
    @exclusivity(unchecked) private var finished: JSONValue?
    @exclusivity(unchecked) private var object: _PendingObject?
    @exclusivity(unchecked) private var array: _PendingArray?

    var storage: _Pending? {
        get {
            if let finished { return .value(finished) }
            if let object { return .object(object) }
            if let array { return .array(array) }
            return nil
        }
        set {
            finished = nil
            object = nil
            array = nil
            switch newValue {
            case .value(let value): finished = value
            case .object(let value): object = value
            case .array(let value): array = value
            case .encoder(let encoder):
                finished = encoder.finished
                object = encoder.object
                array = encoder.array
            case nil: break
            }
        }
    }
    /// Not retained while this encoder serves its parent's ``wrap(_:key:)``,
    /// which the parent outlives (as for ``_TapeDecoder``): a spare child
    /// that retained its parent would make a cycle.
    private unowned(unsafe) let parent: _ValueEncoder?
    @exclusivity(unchecked) private var retainedParent: _ValueEncoder?
    @exclusivity(unchecked) private var key: (any CodingKey)?
    let options: _EncodingOptions

    /// How many encoders lead to this one.
    private let depth: Int

    /// A child that finished its value and that nothing else holds, for the
    /// next member or element: making one for each was, with its keyed
    /// container, a sixth of encoding the citm_catalog.json model.
    @exclusivity(unchecked) private var spare: _ValueEncoder?
    /// Whether this encoder serves its parent's ``wrap(_:key:)``, which lets
    /// it keep its keyed containers for the next value (see
    /// ``container(keyedBy:)``).
    @exclusivity(unchecked) private var keepsContainers = false
    @exclusivity(unchecked) private var keptContainers: [_KeptEncodingContainer] = []

    init(parent: _ValueEncoder?, key: (any CodingKey)?, options: _EncodingOptions, retainsParent: Bool = true) {
        self.parent = parent
        if retainsParent { retainedParent = parent }
        self.key = key
        self.options = options
        depth = parent.map { $0.depth &+ 1 } ?? 0
    }

    /// An encoder one level down, for the member or element at `key`.
    func child(_ key: any CodingKey) -> _ValueEncoder {
        _ValueEncoder(parent: self, key: key, options: options)
    }

    /// Built only when asked for: the encoders form a linked list.
    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: _ValueEncoder? = self
        while let current = node {
            if let key = current.key { keys.append(key) }
            node = current.parent
        }
        keys.reverse()
        return keys
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: Containers

    /// A keyed container over this encoder's object.
    ///
    /// Making one costs a box and two lookups of generic metadata. An
    /// encoder that serves ``wrap(_:key:)`` keeps its containers and hands
    /// one out again for the next object with the same key type, when
    /// nothing else holds it, as ``_TapeDecoder`` does.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if object == nil {
            storage = .object(_PendingObject())
        }
        guard keepsContainers, Self.containersAreReferences else {
            return KeyedEncodingContainer(_KeyedEncodingContainer<Key>(link: _EncodingContainerLink(self, object!)))
        }
        let keyType = ObjectIdentifier(Key.self)
        if let box = keptContainer(keyType) {
            return unsafeBitCast(box, to: KeyedEncodingContainer<Key>.self)
        }
        let link = _EncodingContainerLink(self, object!)
        let container = KeyedEncodingContainer(_KeyedEncodingContainer<Key>(link: link))
        if keptContainers.count == 4 { keptContainers.removeFirst() }
        keptContainers.append(
            _KeptEncodingContainer(keyType: keyType, box: unsafeBitCast(container, to: AnyObject.self), link: link))
        return container
    }

    /// Whether a `KeyedEncodingContainer` is one reference to its box, as
    /// in every standard library so far, which keeping containers needs; if
    /// a later one differs, containers are made anew each time.
    static let containersAreReferences: Bool = {
        guard MemoryLayout<KeyedEncodingContainer<_AnyCodingKey>>.size == MemoryLayout<AnyObject>.size else {
            return false
        }
        let encoder = _ValueEncoder(parent: nil, key: nil, options: _EncodingOptions(JSONValueEncoder()))
        let container = KeyedEncodingContainer(
            _KeyedEncodingContainer<_AnyCodingKey>(link: _EncodingContainerLink(encoder, _PendingObject())))
        let box = unsafeBitCast(container, to: AnyObject.self)
        return String(describing: type(of: box)).contains("KeyedEncodingContainerBox")
    }()

    /// The kept container for `keyType`, set up for this encoder's object,
    /// if there is one and nothing else holds it. (Not generic, for the
    /// uniqueness check: see ``_TapeDecoder``'s.)
    private func keptContainer(_ keyType: ObjectIdentifier) -> AnyObject? {
        var index = 0
        while index < keptContainers.count && keptContainers[index].keyType != keyType { index &+= 1 }
        guard index < keptContainers.count else { return nil }
        guard isKnownUniquelyReferenced(&keptContainers[index].box) else {
            keptContainers.remove(at: index)
            return nil
        }
        let link = keptContainers[index].link
        link.object = object!
        link.owner = self
        return keptContainers[index].box
    }

    /// At the end of a value: the kept containers that only this encoder
    /// holds stop holding it (and their object); those that the type kept
    /// keep both, and are forgotten here.
    private func releaseContainers() {
        var index = 0
        while index < keptContainers.count {
            if isKnownUniquelyReferenced(&keptContainers[index].box) {
                keptContainers[index].link.owner = nil
                keptContainers[index].link.object = nil
                index &+= 1
            } else {
                keptContainers.remove(at: index)
            }
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if array == nil {
            storage = .array(_PendingArray())
        }
        return _UnkeyedEncodingContainer(encoder: self, array: array!)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        _SingleValueEncodingContainer(encoder: self)
    }

    /// Stores a finished value at this level (for `JSONValue.encode(to:)`).
    func store(_ value: JSONValue) {
        storage = .value(value)
    }

    /// The key to write for a coding key, converted as the key strategy says.
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

    // MARK: Wrapping

    func wrapDouble(_ value: Double, key: (any CodingKey)?) throws -> _Pending {
        guard value.isFinite else { return try nonFinite(value, key: key) }
        return .value(.double(value))
    }

    func wrapFloat(_ value: Float, key: (any CodingKey)?) throws -> _Pending {
        guard value.isFinite else { return try nonFinite(Double(value), key: key) }
        return .value(.double(JSONValue._double(shortestTextOf: value)))
    }

    private func nonFinite(_ value: Double, key: (any CodingKey)?) throws -> _Pending {
        if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = options.floatStrategy {
            if value.isNaN { return .value(.string(nan)) }
            return .value(.string(value > 0 ? positiveInfinity : negativeInfinity))
        }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: key.map { codingPath + [$0] } ?? codingPath,
                debugDescription: "Unable to encode \(value) directly in JSON."
            )
        )
    }

    /// An integer as ``JSONValue/int(_:)``. Beyond `Int`'s range a
    /// ``JSONValue/double(_:)`` could hold only some integers, and
    /// `JSONValueDecoder` refuses to read any integer back from a double
    /// beyond 2⁵³, so such an integer is an error here rather than at decoding.
    /// (Where `Int` has 32 bits, an integer between its range and 2⁵³ is the
    /// exact double, which decodes back: see `JSONValue(_exactInteger:)`.)
    /// With `allowsInexactNumbers`, it is the nearest double instead.
    func wrapInteger<T: BinaryInteger>(_ value: T, key: (any CodingKey)?) throws -> _Pending {
        guard let number = JSONValue(_integer: value, rounding: options.roundsInexactNumbers) else {
            throw inexact(value, "\(value)", key: key)
        }
        return .value(number)
    }

    /// The error for a number that a ``JSONValue`` cannot hold exactly.
    private func inexact(_ value: Any, _ text: String, key: (any CodingKey)?) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: key.map { codingPath + [$0] } ?? codingPath,
                debugDescription:
                    "The number \(text) cannot be held exactly by a JSONValue: integers must fit in Int, and other numbers must keep their digits in a Double."
            )
        )
    }

    /// Encodes any value, as the member or element `key` of this encoder's
    /// value, or as its value itself when `key` is `nil`.
    func wrap<T: Encodable>(_ value: T, key: (any CodingKey)?) throws -> _Pending {
        // Metatype comparisons, which specialization folds away, rather than
        // dynamic casts, which cost a runtime call each.
        if T.self == String.self { return .value(.string(value as! String)) }
        if T.self == Int.self { return .value(.int(value as! Int)) }
        if T.self == Double.self { return try wrapDouble(value as! Double, key: key) }
        if T.self == Bool.self { return .value(.bool(value as! Bool)) }
        if T.self == JSONValue.self { return .value(value as! JSONValue) }
        if T.self == Float.self { return try wrapFloat(value as! Float, key: key) }
        if T.self == Date.self { return try wrapDate(value as! Date, key: key) }
        if T.self == Data.self { return try wrapData(value as! Data, key: key) }
        if T.self == URL.self { return .value(.string((value as! URL).absoluteString)) }
        if T.self == Decimal.self { return try wrapDecimal(value as! Decimal, key: key) }
        // Arrays of scalars: one cast for the array instead of one per
        // element through Array's unspecialized encode(to:).
        if T.self == [Int].self { return .value(.array((value as! [Int]).map(JSONValue.int))) }
        if T.self == [String].self { return .value(.array((value as! [String]).map(JSONValue.string))) }
        if T.self == [Bool].self { return .value(.array((value as! [Bool]).map(JSONValue.bool))) }
        // Arrays of other integers and of doubles, when every element is a
        // number as it stands; otherwise element by element below, for the
        // strategy or the error with the element's path.
        if T.self == [Int64].self, let elements = exactIntegers(value as! [Int64]) { return .value(.array(elements)) }
        if T.self == [Int32].self, let elements = exactIntegers(value as! [Int32]) { return .value(.array(elements)) }
        if T.self == [UInt64].self, let elements = exactIntegers(value as! [UInt64]) {
            return .value(.array(elements))
        }
        if T.self == [Double].self, let elements = finiteDoubles(value as! [Double]) {
            return .value(.array(elements))
        }
        guard let key else { return try encodeComposite(value, with: self) }
        // A child for the member or element: the one that encoded the one
        // before if nothing kept it.
        var child: _ValueEncoder
        if let reused = spare.take() {
            reused.key = key
            child = reused
        } else {
            child = _ValueEncoder(parent: self, key: key, options: options, retainsParent: false)
        }
        child.keepsContainers = true
        let result: _Pending
        do {
            result = try encodeComposite(value, with: child)
        } catch {
            child.keepsContainers = false
            child.releaseContainers()
            child.retainedParent = self
            throw error
        }
        child.keepsContainers = false
        child.releaseContainers()
        if isKnownUniquelyReferenced(&child) {
            spare = child
        } else {
            child.retainedParent = self
        }
        return result
    }

    /// The elements as ``JSONValue/int(_:)``, or `nil` if one needs
    /// ``wrapInteger(_:key:)`` (and its error).
    private func exactIntegers<Element: BinaryInteger>(_ array: [Element]) -> [JSONValue]? {
        var elements: [JSONValue] = []
        elements.reserveCapacity(array.count)
        for element in array {
            guard let number = JSONValue(_integer: element, rounding: options.roundsInexactNumbers) else { return nil }
            elements.append(number)
        }
        return elements
    }

    /// The elements as ``JSONValue/double(_:)``, or `nil` if one is not
    /// finite (for the strategy, or its error).
    private func finiteDoubles(_ array: [Double]) -> [JSONValue]? {
        var elements: [JSONValue] = []
        elements.reserveCapacity(array.count)
        for element in array {
            guard element.isFinite else { return nil }
            elements.append(.double(element))
        }
        return elements
    }

    /// Encodes a value that is not a scalar with `encoder`, and takes what
    /// it encoded.
    private func encodeComposite<T: Encodable>(_ value: T, with encoder: _ValueEncoder) throws -> _Pending {
        if options.dictionaryTypes.value(for: T.self, { T.self is any _StringKeyedDictionaryEncodable.Type }),
            let dictionary = value as? any _StringKeyedDictionaryEncodable
        {
            // Like JSONEncoder, the keys of [String: T] are not converted.
            return try dictionary._encode(with: encoder)
        }
        do {
            try _StackExtension.run(depth: encoder.depth) { try value.encode(to: encoder) }
        } catch {
            // What the value encoded is dropped: nothing will resolve it, and
            // a super encoder among its members holds this encoder, which
            // holds the members, a cycle that would never be freed.
            if !encoder.keptContainers.isEmpty { encoder.releaseContainers() }
            let abandoned = encoder.storage
            encoder.storage = nil
            abandoned?.abandon()
            throw error
        }
        // Kept containers let go of the object first, so that it is
        // resolved now if nothing else holds it.
        if !encoder.keptContainers.isEmpty { encoder.releaseContainers() }
        return encoder.takeStorage()
    }

    /// What this encoder encoded (an empty object if nothing, as with
    /// JSONEncoder), resolved now where that is safe.
    ///
    /// A container is resolved now when nothing else can write to it any
    /// more: this encoder holds its only reference (no container struct for
    /// it survives) and it has no pending members. A container that outlives
    /// its `encode(to:)` stays pending and is resolved at the end, so late
    /// writes are kept.
    func takeStorage() -> _Pending {
        defer {
            finished = nil
            object = nil
            array = nil
        }
        if object != nil {
            if isKnownUniquelyReferenced(&object!) && object!.isFinished { return .value(object!.resolved()) }
            return .object(object!)
        }
        if array != nil {
            if isKnownUniquelyReferenced(&array!) && array!.isFinished { return .value(array!.resolved()) }
            return .array(array!)
        }
        return .value(finished ?? .object([:]))
    }

    private func wrapDecimal(_ value: Decimal, key: (any CodingKey)?) throws -> _Pending {
        guard let converted = JSONValue(_nearest: value) else { return try nonFinite(.nan, key: key) }
        // A Decimal with more digits than a Double keeps would decode back
        // as a different number, unless rounding was asked for.
        guard options.roundsInexactNumbers || JSONValue._holdsExactly(value) else {
            throw inexact(value, value.description, key: key)
        }
        return .value(converted)
    }

    /// Lets a date or data value, or a strategy's closure, encode itself into
    /// a fresh encoder at the same coding path, and takes what it encoded.
    private func encodeNested(_ key: (any CodingKey)?, _ body: (_ValueEncoder) throws -> Void) throws -> _Pending {
        let encoder = key.map(child) ?? _ValueEncoder(parent: parent, key: self.key, options: options)
        try body(encoder)
        return encoder.takeStorage()
    }

    private func wrapDate(_ date: Date, key: (any CodingKey)?) throws -> _Pending {
        switch options.dateStrategy {
        case .deferredToDate:
            return try encodeNested(key) { try date.encode(to: $0) }
        case .secondsSince1970:
            return try wrapDouble(date.timeIntervalSince1970, key: key)
        case .millisecondsSince1970:
            return try wrapDouble(1000 * date.timeIntervalSince1970, key: key)
        case .iso8601:
            return .value(.string(_ISO8601.string(from: date)))
        #if canImport(Darwin)
        // Elsewhere `.formatted` is a `.custom` closure.
        case .formatted(let formatter):
            return .value(.string(formatter.string(from: date)))
        #endif
        case .custom(let encode):
            return try encodeNested(key) { try encode(date, $0) }
        @unknown default:
            return try encodeNested(key) { try date.encode(to: $0) }
        }
    }

    private func wrapData(_ data: Data, key: (any CodingKey)?) throws -> _Pending {
        switch options.dataStrategy {
        case .deferredToData:
            return try encodeNested(key) { try data.encode(to: $0) }
        case .base64:
            return .value(.string(data.base64EncodedString()))
        case .custom(let encode):
            return try encodeNested(key) { try encode(data, $0) }
        @unknown default:
            return try encodeNested(key) { try data.encode(to: $0) }
        }
    }
}

/// The link of a keyed container of ``_ValueEncoder`` to its encoder and
/// object, which a kept container's box is set up again with.
final class _EncodingContainerLink {
    /// The encoder, not retained: ``owner`` holds it while the container is
    /// out of the encoder's hands, and otherwise only the encoder holds the
    /// container.
    unowned(unsafe) let encoder: _ValueEncoder
    @exclusivity(unchecked) var object: _PendingObject!
    @exclusivity(unchecked) var owner: _ValueEncoder?

    init(_ encoder: _ValueEncoder, _ object: _PendingObject) {
        self.encoder = encoder
        self.object = object
        owner = encoder
    }
}

/// A keyed container that an encoder keeps for the next object with the
/// same key type: `box` is the `KeyedEncodingContainer`'s storage.
struct _KeptEncodingContainer {
    let keyType: ObjectIdentifier
    var box: AnyObject
    let link: _EncodingContainerLink
}

/// `[String: Value]`, which JSONEncoder encodes without converting keys.
protocol _StringKeyedDictionaryEncodable {
    func _encode(with encoder: _ValueEncoder) throws -> _Pending
    func _write(with encoder: _DirectEncoder) throws
}

extension Dictionary: _StringKeyedDictionaryEncodable where Key == String, Value: Encodable {
    func _encode(with encoder: _ValueEncoder) throws -> _Pending {
        // Scalar values: one cast for the dictionary instead of one per member.
        // A Swift dictionary has no order: its names are sorted, so that the
        // output is the same in every process.
        if Value.self == String.self {
            return .value(.object(JSONObject((self as! [String: String]).mapValues(JSONValue.string))))
        }
        if Value.self == Int.self {
            return .value(.object(JSONObject((self as! [String: Int]).mapValues(JSONValue.int))))
        }
        if Value.self == JSONValue.self { return .value(.object(JSONObject(self as! [String: JSONValue]))) }
        let object = _PendingObject()
        object.reserveCapacity(count)
        for (name, member) in _sortedByName(map { ($0.key, $0.value) }) {
            object.set(name, try encoder.wrap(member, key: _AnyCodingKey(name)))
        }
        return object.isFinished ? .value(object.resolved()) : .object(object)
    }
}
