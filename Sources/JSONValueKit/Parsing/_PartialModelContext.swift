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
}

/// An array type whose complete elements show while it is being read.
protocol _PartialElements {
    /// The array of the elements of `elements` that decode, up to the first
    /// that does not (or all that do, if `decoder` drops invalid elements),
    /// reusing and updating `cache`.
    static func _decodeElements(
        _ elements: ArraySlice<JSONValue>, with decoder: JSONValueDecoder, cache: inout _ElementCache?
    ) -> Self
}

extension Array: _PartialElements where Element: Decodable {
    static func _decodeElements(
        _ elements: ArraySlice<JSONValue>, with decoder: JSONValueDecoder, cache: inout _ElementCache?
    ) -> [Element] {
        var kept = _ElementCache()
        var decoded: [Element] = []
        if var cached = cache {
            cache = nil
            let count = cached.sources.count
            if count > elements.count {
                // An older snapshot than the cache's: decode it on its own.
                cache = cached
                var none: _ElementCache? = nil
                return _decodeElements(elements, with: decoder, cache: &none)
            }
            // Complete elements never change; this checks that the array is
            // the one cached (a repeated member name may have replaced it).
            if count == 0 || _isSameJSON(cached.sources[count &- 1], elements[elements.startIndex &+ count &- 1]),
                let previous = cached.decoded as? [Element]
            {
                cached.decoded = ()
                decoded = previous
                kept = cached
            }
        }
        if !kept.isStopped {
            let drops = decoder.tolerance.contains(.dropInvalidElements)
            for element in elements.dropFirst(kept.sources.count) {
                kept.sources.append(element)
                if let value = try? decoder.decode(Element.self, from: element) {
                    decoded.append(value)
                } else if !drops {
                    kept.isStopped = true
                    break
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
        _ elements: ArraySlice<JSONValue>, with decoder: JSONValueDecoder, cache: inout _ElementCache?
    ) -> Wrapped? {
        .some(Wrapped._decodeElements(elements, with: decoder, cache: &cache))
    }
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
final class _PartialModelContext<Model: Decodable>: @unchecked Sendable {
    let decoder: JSONValueDecoder
    /// What tells decoders apart; `nil` when they cannot be compared.
    let decoderKey: String?

    private let lock = _Lock()

    private struct Entry {
        /// The location's reference tokens; `nil` when the key path has none.
        var tokens: [String]?
        /// The last complete JSON decoded there, and its value (`nil` if it
        /// did not decode).
        var complete: (source: JSONValue, value: Any?)?
        /// The array being read there: where its top-level value started,
        /// and its elements decoded so far.
        var elements: (root: Int, cache: _ElementCache)?
    }

    private var entries: [AnyKeyPath: Entry] = [:]
    /// The probe that found the locations; `.some(nil)` if the type cannot
    /// be probed.
    private var probed: _SchemaGeneration.Probed??
    /// The last complete value decoded as a whole model, and the model.
    private var decodedModel: (source: JSONValue, model: Model?)?

    init(decoder: JSONValueDecoder, key: String?) {
        self.decoder = decoder
        self.decoderKey = key
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
        lock.withLock { entry(for: keyPath).tokens }
    }

    /// The entry of `keyPath`, made on first use; under the lock.
    private func entry(for keyPath: AnyKeyPath) -> Entry {
        if let entry = entries[keyPath] { return entry }
        let entry = Entry(tokens: locate(keyPath))
        entries[keyPath] = entry
        return entry
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

    /// The value of `keyPath` in `snapshot`: see ``JSONPartial/subscript(_:)``.
    func value<Value: Decodable>(at keyPath: KeyPath<Model, Value>, in snapshot: JSONPartial<Model>) -> Value? {
        let growth = (Value.self as? any _PartialGrowing.Type)?._partialGrowth ?? .whole
        guard let tokens = lock.withLock({ entry(for: keyPath).tokens }) else { return nil }
        if snapshot.frontier.path == nil, let model = model(of: snapshot.value) {
            // Complete: exactly what the one-shot decode holds, members that
            // never came included.
            return model[keyPath: keyPath]
        }
        guard let json = _JSONParser.value(at: tokens[...], in: snapshot.value) else { return nil }
        let isComplete = snapshot.frontier.isComplete(tokens)
        switch growth {
        case .elements:
            guard case .array(let elements) = json,
                let arrayType = Value.self as? any _PartialElements.Type
            else { break }
            let count =
                isComplete ? elements.count : snapshot.frontier.completeElements(at: tokens, count: elements.count)
            return decodeElements(arrayType, elements[..<count], keyPath: keyPath, root: snapshot.frontier.root)
                as? Value
        case .text where !isComplete:
            guard case .string = json else { return nil }
            return try? decoder.decode(Value.self, from: json)
        case .text, .whole:
            break
        }
        guard isComplete else { return nil }
        return decodeComplete(Value.self, from: json, keyPath: keyPath)
    }

    /// `json`, which is complete, decoded as `Value`; reused while the JSON
    /// at `keyPath` is the same.
    private func decodeComplete<Value: Decodable>(
        _ type: Value.Type, from json: JSONValue, keyPath: AnyKeyPath
    ) -> Value? {
        let kept = lock.withLock { entries[keyPath]?.complete }
        if let kept, _isSameJSON(kept.source, json) { return kept.value.flatMap { $0 as? Value } }
        let value = try? decoder.decode(Value.self, from: json)
        if !(Value.self is AnyObject.Type) {
            lock.withLock { entries[keyPath]?.complete = (json, value.map { $0 as Any }) }
        }
        return value
    }

    /// The elements of an array being read that decode, as `arrayType`;
    /// those decoded before for the same array are reused.
    private func decodeElements<Array: _PartialElements>(
        _ arrayType: Array.Type, _ elements: ArraySlice<JSONValue>, keyPath: AnyKeyPath, root: Int?
    ) -> Array {
        // Taken out, so that the arrays it holds can grow in place.
        var cache: _ElementCache? = lock.withLock {
            guard let root, let kept = entries[keyPath]?.elements, kept.root == root else { return nil }
            entries[keyPath]?.elements = nil
            return kept.cache
        }
        let decoded = Array._decodeElements(elements, with: decoder, cache: &cache)
        if let root, let cache, !(Array.self is AnyObject.Type) {
            lock.withLock { entries[keyPath]?.elements = (root, cache) }
        }
        return decoded
    }

    /// `value`, which is complete, decoded as the whole model; once per
    /// value.
    func model(of value: JSONValue) -> Model? {
        if let kept = lock.withLock({ decodedModel }), _isSameJSON(kept.source, value) { return kept.model }
        let model = try? decoder.decode(Model.self, from: value)
        if !(Model.self is AnyObject.Type) { lock.withLock { decodedModel = (value, model) } }
        return model
    }

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
