/// Where a partial value is still being read: what a ``JSONPartial`` needs
/// to answer ``JSONIncrementalParser/isComplete(at:)`` for any location
/// without holding the parser (which would make the parser copy its state
/// at the next chunk).
///
/// In a partial value, only the values on the path in progress can still
/// change: everything else in it is complete. The one exception is a
/// repeated member name whose value has not started: the earlier member of
/// that name shows, but no longer counts as complete.
struct _PartialFrontier: Sendable {
    /// ``JSONIncrementalParser/pathInProgress``: `nil` when the value is
    /// complete.
    var path: [String]?
    /// The name of the innermost open object's member whose name is read
    /// and whose value has not started.
    var pendingName: String?
    /// Where the top-level container being read starts in the stream: no
    /// two values start at the same byte. `nil` when the value is complete,
    /// or is a string.
    var root: Int?

    /// Whether the value at `tokens`, which the partial value has, is
    /// complete.
    func isComplete(_ tokens: [String]) -> Bool {
        guard let path else { return true }
        let shared = Swift.min(tokens.count, path.count)
        for index in 0..<shared where !JSONObject.sameScalars(tokens[index], path[index]) { return true }
        // On the path in progress: being read, or a container open around it.
        if tokens.count <= path.count { return false }
        if let pendingName, JSONObject.sameScalars(tokens[path.count], pendingName) { return false }
        return true
    }

    /// How many of the `count` elements of the array at `tokens`, which is
    /// being read, are complete.
    func completeElements(at tokens: [String], count: Int) -> Int {
        guard let path, path.count > tokens.count, let index = JSONPointer.arrayIndex(path[tokens.count]) else {
            return count
        }
        return Swift.min(count, index)
    }
}

/// How a type's value shows while its JSON is being read.
enum _PartialGrowth {
    /// Only once complete.
    case whole
    /// As the text so far: a string.
    case text
    /// As the complete elements that decode: an array.
    case elements
}

/// A type that shows before its JSON is complete.
protocol _PartialGrowing {
    static var _partialGrowth: _PartialGrowth { get }
}

extension String: _PartialGrowing {
    static var _partialGrowth: _PartialGrowth { .text }
}

extension Optional: _PartialGrowing where Wrapped: _PartialGrowing {
    static var _partialGrowth: _PartialGrowth { Wrapped._partialGrowth }
}

extension Array: _PartialGrowing where Element: Decodable {
    static var _partialGrowth: _PartialGrowth { .elements }
}

/// The elements of an array decoded so far, kept between snapshots: the
/// JSON of each (to check that the array is the same one), what they
/// decoded to (`[Element]`, as `Any`), and whether an element that does not
/// decode ended it.
struct _ElementCache {
    var sources: [JSONValue] = []
    var decoded: Any = ()
    var isStopped = false
    /// Whether no element's decoding built a coding path (by reading
    /// `codingPath`, or for an error): the elements are decoded on their
    /// own, at other indices than in the whole value, so only then may the
    /// whole model's decode reuse them.
    var isPathIndependent = true
}

/// An array type whose complete elements show while it is being read.
protocol _PartialElements {
    /// The array of the elements of `elements` that decode, up to the first
    /// that does not (or all that do, if `decoder` drops invalid elements),
    /// reusing and updating `cache`.
    static func _decodeElements(
        _ elements: ArraySlice<JSONValue>, with decoding: _PartialDecoding, cache: inout _ElementCache?
    ) -> Self
}

extension Array: _PartialElements where Element: Decodable {
    static func _decodeElements(
        _ elements: ArraySlice<JSONValue>, with decoding: _PartialDecoding, cache: inout _ElementCache?
    ) -> [Element] {
        // This code is not specialized: each use of `[Element]` below looked
        // up its metadata (about 330 instructions, five times a snapshot)
        // unless one lookup came before them all, as this one does.
        let arrayType: Any.Type = [Element].self
        var kept = _ElementCache()
        var decoded: [Element] = []
        if var cached = cache {
            cache = nil
            let count = cached.sources.count
            if count > elements.count {
                // An older snapshot than the cache's: decode it on its own.
                cache = cached
                var none: _ElementCache? = nil
                return _decodeElements(elements, with: decoding, cache: &none)
            }
            // Complete elements never change; this checks that the array is
            // the one cached (a repeated member name may have replaced it).
            if count == 0 || _isSameJSON(cached.sources[count &- 1], elements[elements.startIndex &+ count &- 1]),
                type(of: cached.decoded) == arrayType, let previous = cached.decoded as? [Element]
            {
                cached.decoded = ()
                decoded = previous
                kept = cached
            }
        }
        let fresh = elements.dropFirst(kept.sources.count)
        if !kept.isStopped && !fresh.isEmpty {
            var index = kept.sources.count
            kept.sources += fresh
            let paths = decoding.options.pathsBuilt
            defer { if decoding.options.pathsBuilt != paths { kept.isPathIndependent = false } }
            if decoding.options.tolerance.isEmpty {
                // Strictly, the array's own decoding ends at the first
                // element that does not decode: each new element decodes
                // on its own, where it is, without copying them into an
                // array to decode.
                // (`do`, not `try?`, whose `Element?` looked up the metadata
                // of that type at every call.)
                for element in fresh {
                    do {
                        decoded.append(try decoding.decodeElement(Element.self, from: element, at: index))
                    } catch {
                        kept.isStopped = true
                        break
                    }
                    index &+= 1
                }
            } else if let batch = try? decoding.decode([Element].self, from: .array([JSONValue](fresh))) {
                // The new elements at once, as the array's own decoding
                // reads them (which drops invalid ones as the tolerance
                // says); one by one only to find where an invalid one ends
                // the array.
                decoded += batch
            } else {
                for element in fresh {
                    guard let value = try? decoding.decode(Element.self, from: element) else {
                        kept.isStopped = true
                        break
                    }
                    decoded.append(value)
                }
            }
        }
        kept.decoded = decoded
        cache = kept
        return decoded
    }
}

extension Optional: _PartialElements where Wrapped: _PartialElements {
    static func _decodeElements(
        _ elements: ArraySlice<JSONValue>, with decoding: _PartialDecoding, cache: inout _ElementCache?
    ) -> Wrapped? {
        .some(Wrapped._decodeElements(elements, with: decoding, cache: &cache))
    }
}

/// What the typed partial values of one model type and decoder keep for one
/// key path of the model.
struct _PartialEntry {
    /// The location's reference tokens; `nil` when the key path has none.
    var tokens: [String]?
    /// How the property's value shows while it streams, once asked.
    var growth: _PartialGrowth?
    /// The property's type as an array whose elements show as they
    /// complete, for ``_PartialGrowth/elements``: found with `growth`, not
    /// cast at every read.
    var elementsType: (any _PartialElements.Type)?
    /// The last complete JSON decoded there, and its value.
    var complete: _CompleteDecoded?
    /// The array being read there: where its top-level value started,
    /// and its elements decoded so far.
    var elements: (root: Int, cache: _ElementCache)?
}

/// What the typed partial values of one model type and decoder keep with a
/// parser (``JSONIncrementalParser/partial(as:using:)``): the location of
/// each key path, found once, and the values decoded from complete JSON,
/// reused while that JSON is the same.
///
/// Complete JSON never changes while the parser reads on, and it is shared
/// between partial values rather than copied, so a cached value is checked
/// against the JSON it came from by identity (`_isSameJSON`), in constant time.
/// Arrays being read keep the elements decoded so far, and decode only the
/// new ones.
///
/// `@unchecked Sendable`: snapshots on several threads may read through the
/// same context; its state is changed only under `lock`, and decoding runs
/// outside it. Values of class types are not kept, so that snapshots of
/// parsers on different threads do not share instances.
final class _PartialModelContext<Model: Decodable>: _PartialContextBase, @unchecked Sendable {
    let decoder: JSONValueDecoder

    private let lock = _Lock()

    /// What is kept for one key path. (Outside the generic class, it would
    /// be copied through value witnesses at every access.)
    private typealias Entry = _PartialEntry

    /// The entries, in the order their key paths were first asked for.
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// The key paths of `entries`, held so that an identical one is the
    /// same key path.
    @exclusivity(unchecked) private var keyPaths: [AnyKeyPath] = []
    /// Where each key path's entry is in `entries`.
    @exclusivity(unchecked) private var entryIndices: [AnyKeyPath: Int] = [:]
    /// The probe that found the locations; `.some(nil)` if the type cannot
    /// be probed.
    @exclusivity(unchecked) private var probed: _SchemaGeneration.Probed??
    /// The last complete value decoded as a whole model, and the model.
    @exclusivity(unchecked) private var decodedModel: (source: JSONValue, model: Model?)?
    /// The decoder's options, with what they memoize of the types met
    /// (which are arrays, which dictionaries, converted names), and the
    /// top-level decoder that decodes with them, with the child decoders
    /// and keyed containers it keeps: taken out while one thread decodes
    /// with them, since they are not shared. (Everything under `lock`, so
    /// without dynamic exclusivity checks, which were 2,000 calls a run of
    /// the PartialCost benchmark.)
    @exclusivity(unchecked) private var spare: _PartialDecoding?

    init(decoder: JSONValueDecoder, key: String?) {
        self.decoder = decoder
        super.init(modelType: ObjectIdentifier(Model.self), decoderKey: key)
    }

    /// The key under which a context made with `decoder` can be reused:
    /// its strategies and tolerance, when none is a closure and it has no
    /// `userInfo` (which cannot be compared).
    static func key(for decoder: JSONValueDecoder) -> String? {
        guard decoder.userInfo.isEmpty, let strategies = _GenerationOptions(decoder: decoder).cacheKey else {
            return nil
        }
        return "\(strategies),t\(decoder.tolerance.rawValue)"
    }

    // MARK: - Locations

    /// The location of `keyPath`'s value, found once.
    func location(of keyPath: AnyKeyPath) -> [String]? {
        lock.withLock { entries[index(of: keyPath)].tokens }
    }

    /// Where the entry of `keyPath` is, made on first use; under the lock.
    private func index(of keyPath: AnyKeyPath) -> Int {
        // The key path of a literal such as `\.city` is made once for its
        // place in the code, so the same instance comes back snapshot after
        // snapshot: found by identity first, without hashing its components
        // (an entry holds its key path, so an identical one is that key path).
        for index in 0..<Swift.min(keyPaths.count, 16) where keyPaths[index] === keyPath { return index }
        if let index = entryIndices[keyPath] { return index }
        keyPaths.append(keyPath)
        entries.append(Entry(tokens: locate(keyPath)))
        entryIndices[keyPath] = entries.count &- 1
        return entries.count &- 1
    }

    /// Finds the location of `keyPath` with the recording decoder's
    /// locator; under the lock.
    private func locate(_ keyPath: AnyKeyPath) -> [String]? {
        if probed == nil {
            // Locations do not depend on the tolerance, which the probe refuses.
            // Enumerations need not be `CaseIterable` to be located.
            var probing = decoder
            probing.tolerance = []
            var options = _GenerationOptions(decoder: probing)
            options.listsCasesByLayout = true
            probed = .some(try? _SchemaGeneration.probed(Model.self, options: options))
        }
        guard let probed = probed ?? nil else { return nil }
        return probed.lock.withLock {
            guard case .type(let id) = probed.root.shape, let record = probed.probe.records[id] else { return nil }
            return (try? _KeyPathLocator(probe: probed.probe).location(of: keyPath, in: record))?.tokens
        }
    }

    // MARK: - Values

    /// Runs `body` with the decoder's options and a top-level decoder,
    /// reused from call to call.
    private func decoding<R>(_ body: (_PartialDecoding) -> R) -> R {
        var decoding =
            lock.withLock { () -> _PartialDecoding? in
                defer { spare = nil }
                return spare
            } ?? _PartialDecoding(options: _DecodingOptions(decoder))
        defer {
            // A decoder that the type kept (in a stored property) stays
            // its; the next call makes a new one.
            if !decoding.isDecoderKept() {
                decoding.decoder.forgetValue()
                lock.withLock { spare = decoding }
            } else {
                lock.withLock { spare = _PartialDecoding(options: decoding.options) }
            }
        }
        return body(decoding)
    }

    /// The value of `keyPath` in `snapshot`: see ``JSONPartial/subscript(_:)``.
    ///
    /// Each way of reading is a call of its own, whose `Value?` is returned
    /// as it is: with a `Value?` of this function's own (an array cast to
    /// `Value`, a decoded text), the metadata of `Value?` was looked up at
    /// every read, about 450 instructions.
    func value<Value: Decodable>(at keyPath: KeyPath<Model, Value>, in snapshot: JSONPartial<Model>) -> Value? {
        let reading = reading(keyPath, in: snapshot, growth: { _partialGrowth(of: Value.self) })
        if case .model = reading { return modelValue(at: keyPath, in: snapshot) }
        return read(reading, as: Value.self, in: snapshot)
    }

    /// The value that `reading` finds, decoded as `Value`; nil for `.none`
    /// and `.model` (the callers read the whole model themselves).
    private func read<Value: Decodable>(
        _ reading: _PartialReading, as type: Value.Type, in snapshot: JSONPartial<Model>
    )
        -> Value?
    {
        switch reading {
        case .none, .model:
            return nil
        case .elements(let elementsType, let elements, let slot):
            return decodeElements(elementsType, as: Value.self, elements, entry: slot, root: snapshot.frontier.root)
        case .text(let json):
            return decodeText(Value.self, from: json)
        case .complete(let json, let slot):
            return decodeComplete(Value.self, from: json, entry: slot)
        }
    }

    /// How to read `keyPath` in `snapshot`; `growth` gives how its type
    /// shows, asked once per key path.
    private func reading(
        _ keyPath: AnyKeyPath, in snapshot: JSONPartial<Model>,
        growth: () -> (_PartialGrowth, (any _PartialElements.Type)?),
        usesModel: Bool = true
    ) -> _PartialReading {
        let (slot, tokens, growth, elementsType) = lock.withLock {
            () -> (Int, [String]?, _PartialGrowth, (any _PartialElements.Type)?) in
            let found = index(of: keyPath)
            if entries[found].growth == nil {
                (entries[found].growth, entries[found].elementsType) = growth()
            }
            return (found, entries[found].tokens, entries[found].growth ?? .whole, entries[found].elementsType)
        }
        guard let tokens else { return .none }
        // Complete: exactly what the one-shot decode holds, members that
        // never came included, if it decodes.
        if usesModel && snapshot.frontier.path == nil { return .model }
        guard let json = _JSONParser.value(at: tokens[...], in: snapshot.value) else { return .none }
        let isComplete = snapshot.frontier.isComplete(tokens)
        switch growth {
        case .elements:
            guard case .array(let elements) = json, let elementsType else { break }
            let count =
                isComplete ? elements.count : snapshot.frontier.completeElements(at: tokens, count: elements.count)
            return .elements(elementsType, elements[..<count], slot: slot)
        case .text where !isComplete:
            guard case .string = json else { return .none }
            return .text(json)
        case .text, .whole:
            break
        }
        return isComplete ? .complete(json, slot: slot) : .none
    }

    /// The value at `keyPath` of the whole model, once the value is
    /// complete; if it does not decode, the value at the key path's
    /// location as though the model were not complete.
    @inline(never)
    private func modelValue<Value: Decodable>(at keyPath: KeyPath<Model, Value>, in snapshot: JSONPartial<Model>)
        -> Value?
    {
        if let model = model(of: snapshot.value) { return model[keyPath: keyPath] }
        let reading = reading(keyPath, in: snapshot, growth: { _partialGrowth(of: Value.self) }, usesModel: false)
        return read(reading, as: Value.self, in: snapshot)
    }

    /// A string being read, `json`, decoded as `Value`. Out of line, as
    /// are the other paths that make a `Value?` of their own: inlined, the
    /// metadata of `Value?` was looked up (about 450 instructions) at every
    /// property read.
    @inline(never)
    private func decodeText<Value: Decodable>(_ type: Value.Type, from json: JSONValue) -> Value? {
        decoding { try? $0.decode(Value.self, from: json) }
    }

    /// `json`, which is complete, decoded as `Value`; reused while the JSON
    /// at the location of entry `index` is the same.
    private func decodeComplete<Value: Decodable>(
        _ type: Value.Type, from json: JSONValue, entry index: Int
    ) -> Value? {
        // A class instance, not a tuple of the JSON and an `Any`: copying
        // the tuple out, casting the `Any` back and destroying the copy cost
        // about 1,400 instructions a read of a complete property. And not a
        // generic class cast to its `Value` type, whose metadata lookups were
        // about 900 instructions a read: the kept value's class gives it back.
        let kept = lock.withLock { entries[index].complete }
        if let kept, _isSameJSON(kept.source, json) { return kept.value(as: Value.self) }
        return decodeAndKeep(Value.self, from: json, entry: index)
    }

    /// ``decodeComplete(_:from:entry:)`` for JSON not decoded before.
    @inline(never)
    private func decodeAndKeep<Value: Decodable>(
        _ type: Value.Type, from json: JSONValue, entry index: Int
    ) -> Value? {
        let value = decoding { try? $0.decode(Value.self, from: json) }
        if !(Value.self is AnyObject.Type) {
            let made = value.map { _CompleteValue(source: json, value: $0) } ?? _CompleteDecoded(source: json)
            lock.withLock { entries[index].complete = made }
        }
        return value
    }

    /// The elements of an array being read that decode, as `Value`, which
    /// is `arrayType`.
    @inline(never)
    private func decodeElements<Value>(
        _ arrayType: any _PartialElements.Type, as type: Value.Type, _ elements: ArraySlice<JSONValue>,
        entry index: Int, root: Int?
    ) -> Value? {
        decodeElements(arrayType, elements, entry: index, root: root) as? Value
    }

    /// The elements of an array being read that decode, as `arrayType`;
    /// those decoded before for the same array are reused.
    private func decodeElements<Array: _PartialElements>(
        _ arrayType: Array.Type, _ elements: ArraySlice<JSONValue>, entry index: Int, root: Int?
    ) -> Array {
        // Taken out, so that the arrays it holds can grow in place.
        var cache: _ElementCache? = lock.withLock {
            guard let root, let kept = entries[index].elements, kept.root == root else { return nil }
            entries[index].elements = nil
            return kept.cache
        }
        let decoded = decoding { Array._decodeElements(elements, with: $0, cache: &cache) }
        if let root, let cache, !(Array.self is AnyObject.Type) {
            lock.withLock { entries[index].elements = (root, cache) }
        }
        return decoded
    }

    /// `value`, which is complete, decoded as the whole model; once per
    /// value.
    ///
    /// The arrays decoded as they streamed are not decoded again: their
    /// elements are reused where the same JSON comes up (see
    /// ``_DecodedElements``), unless the decoder tolerates deviations,
    /// whose reports and dropped elements depend on the whole decode.
    func model(of value: JSONValue) -> Model? {
        if let kept = lock.withLock({ decodedModel }), _isSameJSON(kept.source, value) { return kept.model }
        let earlier = lock.withLock { () -> [_DecodedElements] in
            guard decoder.tolerance.isEmpty else { return [] }
            return entries.compactMap { entry in
                guard let cache = entry.elements?.cache, cache.isPathIndependent, !cache.isStopped else { return nil }
                return _DecodedElements(sources: cache.sources, decoded: cache.decoded)
            }
        }
        let model = decoding { decoding in
            decoding.options.decodedArrays = earlier
            defer { decoding.options.decodedArrays = nil }
            return try? decoding.decode(Model.self, from: value)
        }
        if !(Model.self is AnyObject.Type) { lock.withLock { decodedModel = (value, model) } }
        return model
    }

}

/// A property's value decoded from complete JSON, and that JSON, which
/// ``_PartialModelContext`` keeps for the next snapshots: this class when
/// the JSON did not decode, ``_CompleteValue`` when it did.
///
/// Not generic, so that checking `source` needs no metadata lookup; the
/// subclass that holds the value gives it back through its own override of
/// ``value(as:)``, where its type is known without one.
class _CompleteDecoded {
    let source: JSONValue

    init(source: JSONValue) {
        self.source = source
    }

    /// The value, as `type`, which is its type; `nil` if the JSON did not
    /// decode.
    func value<Value>(as type: Value.Type) -> Value? { nil }
}

/// A ``_CompleteDecoded`` whose JSON decoded to `value`.
final class _CompleteValue<Decoded>: _CompleteDecoded {
    let value: Decoded

    init(source: JSONValue, value: Decoded) {
        self.value = value
        super.init(source: source)
    }

    override func value<Value>(as type: Value.Type) -> Value? {
        // An entry is for one key path, whose value type does not change.
        guard Value.self == Decoded.self else { return nil }
        return unsafeBitCast(value, to: Value.self)
    }
}

/// How ``_PartialModelContext/value(at:in:)`` reads the value at a key path.
enum _PartialReading {
    /// Not known yet, or never.
    case none
    /// From the whole model, which is complete.
    case model
    /// The complete elements of an array being read, of entry `slot`.
    case elements(any _PartialElements.Type, ArraySlice<JSONValue>, slot: Int)
    /// A string being read.
    case text(JSONValue)
    /// Complete JSON, decoded once for entry `slot`.
    case complete(JSONValue, slot: Int)
}

/// How `Value` shows while it streams, and its array type for
/// ``_PartialGrowth/elements``.
func _partialGrowth<Value>(of type: Value.Type) -> (_PartialGrowth, (any _PartialElements.Type)?) {
    let growth = (Value.self as? any _PartialGrowing.Type)?._partialGrowth ?? .whole
    return (growth, growth == .elements ? Value.self as? any _PartialElements.Type : nil)
}

/// What tells the ``_PartialModelContext`` that a parser keeps apart from
/// others without a cast to the generic class (whose metadata a cast looks
/// up): its model type and its decoder's key.
class _PartialContextBase: @unchecked Sendable {
    /// `Model`.
    let modelType: ObjectIdentifier
    /// What tells decoders apart; `nil` when they cannot be compared.
    let decoderKey: String?

    init(modelType: ObjectIdentifier, decoderKey: String?) {
        self.modelType = modelType
        self.decoderKey = decoderKey
    }

    /// `_PartialModelContext.key(for: JSONValueDecoder())`, which
    /// ``JSONIncrementalParser/partial(as:)`` asks for at every snapshot.
    static let defaultKey = _PartialModelContext<JSONValue>.key(for: JSONValueDecoder())
}

/// Whether two complete values are the same JSON, in constant time for
/// containers and long strings: they are the same instance (complete values
/// are shared, not copied, as the parser reads on), or equal scalars.
/// Different instances of equal containers count as different.
func _isSameJSON(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)):
        return a.storage === b.storage
    case (.array(let a), .array(let b)):
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    case (.string(var a), .string(var b)):
        guard a.utf8.count == b.utf8.count else { return false }
        if a.utf8.count > 32 {
            let sameStorage = a.withUTF8 { x in b.withUTF8 { y in x.baseAddress == y.baseAddress } }
            if sameStorage { return true }
        }
        return JSONObject.sameScalars(a, b)
    default:
        return JSONValue._isIdentical(lhs, rhs)
    }
}

/// Decodes with a ``JSONValueDecoder``'s options, which remember what they
/// learn of the types decoded from one call to the next, and with one
/// top-level decoder, which keeps its child decoders and keyed containers
/// from one call to the next (see ``_ValueDecoder/decodeAgain(_:as:)``).
struct _PartialDecoding {
    let options: _DecodingOptions
    private(set) var decoder: _ValueDecoder

    init(options: _DecodingOptions) {
        self.options = options
        decoder = _ValueDecoder(value: .null, key: nil, parent: nil, options: options)
    }

    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try decoder.decodeAgain(value, as: T.self)
    }

    /// `value`, the element at `index` of an array, decoded as `type`, as
    /// the array's decoding decodes it (without tolerance).
    func decodeElement<T: Decodable>(_ type: T.Type, from value: JSONValue, at index: Int) throws -> T {
        try decoder.unwrap(value, as: T.self, key: _AnyCodingKey(index: index))
    }

    /// Whether something other than this holds the decoder: a type that
    /// kept it, or a keyed container of it.
    mutating func isDecoderKept() -> Bool {
        !isKnownUniquelyReferenced(&decoder)
    }
}
