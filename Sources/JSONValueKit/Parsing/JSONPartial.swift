/// A typed view of a JSON value that is still arriving: each property of
/// `Model` as far as it is final, and whether it is complete.
///
/// Take one from a ``JSONIncrementalParser`` after each chunk with
/// ``JSONIncrementalParser/partial(as:)``, or let
/// ``_Concurrency/AsyncSequence/jsonPartials(as:using:options:)->AsyncJSONPartialSequence<Self,Model>``
/// hand them out as a stream of bytes arrives:
///
/// ```swift
/// struct WeatherArgs: Codable {
///     enum Units: String, Codable { case celsius, fahrenheit }
///     var city: String
///     var units: Units
///     var days: Int
/// }
///
/// var parser = JSONIncrementalParser()
/// try parser.append(#"{"city": "Lis"#)
/// let snapshot = parser.partial(as: WeatherArgs.self)!
/// snapshot[\.city]                // "Lis": a string shows as far as it goes
/// snapshot.isComplete(\.city)     // false
/// snapshot[\.days]                // nil: not there yet
/// try parser.append(#"bon", "units": "cel"#)
/// parser.partial(as: WeatherArgs.self)![\.units]   // nil: "cel" is no case yet
/// try parser.append(#"sius", "days": 3}"#)
/// parser.partial(as: WeatherArgs.self)!.model      // the WeatherArgs, decoded
/// ```
///
/// Reading a key path decodes only the JSON at that property's location,
/// found once per type by running `Model`'s `init(from:)` against the
/// recording decoder that also makes schemas from types (see
/// ``JSONSchema/document(for:profile:)``). What a property shows depends
/// on its type:
///
/// - A `String` shows the text received so far, and grows; never half an
///   escape or half a character.
/// - An `Array` shows the elements that are complete and decode, in order:
///   it only ever gains elements. (An element that does not decode ends
///   it there, unless the decoder's ``JSONValueDecoder/tolerance`` drops
///   invalid elements.)
/// - Any other type, such as a number, a `Bool`, an enumeration, a `Date`,
///   a nested structure, a dictionary or ``JSONValue``, is `nil` until its
///   JSON is complete, and from then on its decoded value: an enumeration's
///   raw value `"c"` is not mistaken for a case while `"celsius"` arrives,
///   nor `1` for the number `14`.
/// - An `Optional` shows as its wrapped type does; an explicit `null` is
///   complete and shows as `.some(nil)`. A member that is absent is `nil`
///   (not known yet) until the whole value is complete, when it shows what
///   decoding gives it.
///
/// So snapshots never go back: once a property shows a value, later
/// snapshots show the same value, a longer string, or an array with more
/// elements; and once the whole value is complete, every property shows
/// what ``model`` holds, the one-shot decode of the value.
///
/// A key path that is not a stored, decoded property, such as a computed
/// property, reads `nil` and is never complete: the recording decoder sees
/// what `init(from:)` decodes, not what the type computes from it. (A
/// computed property that returns a stored one unchanged reads that one.)
/// The same goes for a property that `init(from:)` transforms, and for
/// every key path of a type whose `init(from:)` the recording decoder
/// cannot observe (see <doc:SchemasFromSwiftTypes>); ``model`` and
/// ``value`` still work for those.
///
/// ## Cost
///
/// A snapshot keeps the partial value and what the parser knows of its
/// completion; reading a property looks in that value along the property's
/// location and decodes there. Decoded values of complete parts are kept
/// with the parser and reused by later snapshots, since complete JSON never
/// changes, and an array decodes only the elements that completed since
/// the last snapshot; so taking snapshots as a value streams costs about
/// the size of the value in all, not once per snapshot. ``model`` reuses
/// the array elements that snapshots decoded, so the value is decoded
/// about once in all, unless the decoder has a ``JSONValueDecoder/tolerance``
/// or an element's `init(from:)` reads its `codingPath`: snapshots decode
/// new elements on their own, at other coding paths than in the whole
/// value, so such elements are decoded again, at their place. (The parser keeps
/// them for the last model type and decoder asked for; a decoder with a
/// closure strategy or `userInfo` cannot be compared with the last one, so
/// with such a decoder each call to ``JSONIncrementalParser/partial(as:using:)``
/// starts over, and probes the type again.)
public struct JSONPartial<Model: Decodable> {
    /// The partial value: the JSON read so far, as
    /// ``JSONIncrementalParser/partialValue`` shows it.
    ///
    /// Complete members and elements are final, the string being read shows
    /// its text so far, and a number or literal being read is not there yet.
    public let value: JSONValue

    /// Where the value is still being read.
    let frontier: _PartialFrontier
    /// The locations of `Model`'s key paths, and what was decoded.
    let context: _PartialModelContext<Model>

    init(value: JSONValue, frontier: _PartialFrontier, context: _PartialModelContext<Model>) {
        self.value = value
        self.frontier = frontier
        self.context = context
    }

    /// The value of a property as far as it is final, or `nil` while it is
    /// not known.
    ///
    /// ```swift
    /// try parser.append(#"{"city": "Lisbon", "days": 1"#)
    /// let snapshot = parser.partial(as: WeatherArgs.self)!
    /// snapshot[\.city]    // "Lisbon"
    /// snapshot[\.days]    // nil: 1 may go on (14)
    /// ```
    ///
    /// A `String` shows the text so far, an `Array` its complete elements
    /// that decode, anything else its decoded value once its JSON is
    /// complete (see ``JSONPartial``). When the whole value is complete and
    /// decodes, every stored property reads as in ``model``.
    ///
    /// - Parameter keyPath: A stored property of `Model`, such as `\.city`,
    ///   or a path through nested ones, such as `\.place.city` or
    ///   `\.days[0].high`.
    /// - Returns: The property's value so far; `nil` while it is unknown, and
    ///   always for a key path that is not a stored, decoded property.
    public subscript<Value: Decodable>(_ keyPath: KeyPath<Model, Value>) -> Value? {
        context.value(at: keyPath, in: self)
    }

    /// Whether a property's JSON is complete: no later byte can change it.
    ///
    /// ```swift
    /// try parser.append(#"{"city": "Lisbon", "days": 1"#)
    /// let snapshot = parser.partial(as: WeatherArgs.self)!
    /// snapshot.isComplete(\.city)     // true: its closing quote is in
    /// snapshot.isComplete(\.days)     // false: 1 may go on
    /// snapshot.isComplete(\.self)     // false: the object is open
    /// ```
    ///
    /// This is ``JSONIncrementalParser/isComplete(at:)`` at the property's
    /// location, at the time of the snapshot: `false` while the member is
    /// absent or being read, `true` from the byte that ends it on, and for
    /// an explicit `null`. A member that never arrives is never complete,
    /// even when the whole value is.
    ///
    /// - Parameter keyPath: A stored property of `Model`.
    /// - Returns: Whether its JSON is complete; `false` for a key path that
    ///   is not a stored, decoded property.
    public func isComplete<Value>(_ keyPath: KeyPath<Model, Value>) -> Bool {
        guard let tokens = context.location(of: keyPath),
            _JSONParser.value(at: tokens[...], in: value) != nil
        else { return false }
        return frontier.isComplete(tokens)
    }

    /// The whole model, once the value is complete and decodes; `nil`
    /// before.
    ///
    /// ```swift
    /// for try await snapshot in bytes.jsonPartials(as: WeatherArgs.self) {
    ///     if let args = snapshot.model { return try await weather(for: args) }
    /// }
    /// ```
    ///
    /// It is what ``JSONValueDecoder/decode(_:from:)-(_,JSONValue)`` makes of
    /// the value, with the parser's decoder, and `nil` if that throws.
    /// Decoded once per value, and kept with the parser.
    public var model: Model? {
        guard frontier.path == nil else { return nil }
        return context.model(of: value)
    }
}

extension JSONPartial: Sendable where Model: Sendable {}

extension JSONIncrementalParser {
    /// A typed view of the value so far, or `nil` before the value starts.
    ///
    /// ```swift
    /// var parser = JSONIncrementalParser()
    /// for chunk in [#"{"city": "Lis"#, #"bon", "units": "celsius", "#, #""days": 3}"#] {
    ///     try parser.append(chunk)
    ///     guard let snapshot = parser.partial(as: WeatherArgs.self) else { continue }
    ///     print(snapshot[\.city] ?? "", snapshot[\.units].map { "\($0)" } ?? "…")
    ///     // Lis …
    ///     // Lisbon celsius
    ///     // Lisbon celsius
    /// }
    /// ```
    ///
    /// The snapshot reads each property at its location in ``partialValue``:
    /// strings as far as they go, arrays with their complete elements,
    /// everything else once complete; see ``JSONPartial``. Properties
    /// decode as ``JSONValueDecoder``'s defaults read them; for other
    /// strategies, such as snake-case names or ISO 8601 dates, pass a
    /// decoder to ``partial(as:using:)``.
    ///
    /// - Parameter type: The type the value decodes into.
    /// - Returns: A snapshot of the value read so far; `nil` before a value
    ///   has started, and while a top-level number or literal is being
    ///   read, as for ``partialValue``.
    /// - Complexity: That of ``partialValue``, plus O(*d*) for the depth *d*
    ///   of the open containers. Each property read costs what decoding its
    ///   new part costs; see ``JSONPartial``.
    public func partial<Model: Decodable>(as type: Model.Type) -> JSONPartial<Model>? {
        partial(as: type, using: JSONValueDecoder(), key: _PartialContextBase.defaultKey)
    }

    /// A typed view of the value so far, read with a given decoder's
    /// strategies, or `nil` before the value starts.
    ///
    /// ```swift
    /// struct Event: Decodable {
    ///     var eventName: String
    ///     var startTime: Date
    /// }
    ///
    /// var decoder = JSONValueDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// decoder.dateDecodingStrategy = .iso8601
    /// try parser.append(#"{"event_name": "Launch", "start_time": "2026-05-01T09:00:00Z""#)
    /// let snapshot = parser.partial(as: Event.self, using: decoder)!
    /// snapshot[\.eventName]    // "Launch"
    /// snapshot[\.startTime]    // 2026-05-01 09:00:00 +0000
    /// ```
    ///
    /// The decoder's key strategy decides the names the properties are
    /// found under, its date, data and float strategies how they decode,
    /// and its ``JSONValueDecoder/tolerance`` what decodes at all.
    ///
    /// - Parameters:
    ///   - type: The type the value decodes into.
    ///   - decoder: The decoder that reads the properties and ``JSONPartial/model``.
    /// - Returns: A snapshot of the value read so far; `nil` before a value
    ///   has started, and while a top-level number or literal is being read.
    public func partial<Model: Decodable>(as type: Model.Type, using decoder: JSONValueDecoder) -> JSONPartial<Model>? {
        partial(as: type, using: decoder, key: _PartialModelContext<Model>.key(for: decoder))
    }

    /// ``partial(as:using:)``, with the decoder's key already made; the
    /// decoder is made only if a context is.
    private func partial<Model: Decodable>(
        as type: Model.Type, using decoder: @autoclosure () -> JSONValueDecoder, key: String?
    ) -> JSONPartial<Model>? {
        guard let value = partialValue else { return nil }
        // The kept context is told apart by its model type's identity, not
        // cast: each cast to the generic class looked up its metadata
        // (about 400 instructions, three times a snapshot).
        let model = ObjectIdentifier(Model.self)
        let kept = storage.partialModel(
            reusing: { kept in
                guard let key, let context = kept as? _PartialContextBase else { return false }
                return context.modelType == model && context.decoderKey == key
            },
            make: { _PartialModelContext<Model>(decoder: decoder(), key: key) })
        // `make` made one of this type, or `reusing` found one.
        let context =
            (kept as? _PartialContextBase)?.modelType == model
            ? unsafeDowncast(kept, to: _PartialModelContext<Model>.self)
            : _PartialModelContext<Model>(decoder: decoder(), key: key)
        return JSONPartial(value: value, frontier: partialFrontier, context: context)
    }

    /// Where the value is still being read, for typed partial values.
    var partialFrontier: _PartialFrontier {
        guard !storage.isReadingJSON5, let path = storage.parser.pathInProgress(after: batch) else {
            return _PartialFrontier(path: nil, pendingName: nil, root: nil)
        }
        // The innermost object's member whose name is read and whose value
        // has not started: with a repeated name, the earlier member of that
        // name shows, but the parser no longer counts it as complete.
        var pendingName: String? = nil
        let innermost = storage.parser.openContainers.count &- 1
        if innermost >= 0, path.count == innermost, storage.parser.innermostIsObject,
            batch.completedLiteral == nil,
            storage.parser.stream.expecting == .colon || storage.parser.stream.expecting == .value,
            storage.parser.keyStack.count > 0
        {
            pendingName = storage.parser.keyStack[storage.parser.keyStack.count &- 1]
        }
        return _PartialFrontier(
            path: path, pendingName: pendingName, root: storage.parser.stream.containerOffsets.first)
    }
}
