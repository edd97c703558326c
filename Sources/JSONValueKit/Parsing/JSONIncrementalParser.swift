/// A JSON parser that reads text as it arrives, chunk by chunk, and hands
/// out each top-level value as soon as its last byte is in.
///
/// Feed it bytes with ``append(_:)-(Sequence<UInt8>)`` as they come, from a
/// socket, a file or a language model's streamed reply, and call
/// ``finish()`` when the input ends:
///
/// ```swift
/// var parser = JSONIncrementalParser()
/// for chunk in [#"{"name": "Ad"#, #"a", "tags": ["x", "#, #""y"]}"#] {
///     for value in try parser.append(chunk) {
///         print(value)                       // {"name":"Ada","tags":["x","y"]}, once
///     }
///     print(parser.partialValue ?? "nothing yet")
///     // {"name":"Ad"}
///     // {"name":"Ada","tags":["x"]}
///     // nothing yet
/// }
/// _ = try parser.finish()
/// ```
///
/// Each byte is read a bounded number of times, so reading a text costs the
/// same in any chunks, O(*n*) in all. A string, number or literal that a
/// chunk cuts short waits for the next; a long string resumes where it
/// stopped.
///
/// ## Several values
///
/// The input may hold any number of top-level values, one after another
/// with optional whitespace between them: JSON Lines (NDJSON), concatenated
/// JSON such as `{}{}` and `1 2`. Whitespace alone, or nothing, is an input
/// with no values. A number at the end of a chunk is complete only when a
/// byte that cannot continue it arrives, or at ``finish()``. RFC 7464 JSON
/// text sequences (a record separator, U+001E, before each value) are not
/// read: the separator is an unexpected character. Strip it first if you
/// read such a stream, as the article shows for server-sent events.
///
/// ## Errors
///
/// The rules are those of ``JSONValue/init(parsing:options:)-(String,_)``,
/// with the same errors at the same places: for any split of a text, the
/// ``JSONParseError`` is the one the one-shot parser reports on the whole
/// text, with its offset, line and column counted over the whole stream.
/// It is thrown by the call that delivers the bytes that decide it, which
/// is the byte it names for most errors; invalid UTF-8 in a string is
/// decided by the closing quote (an error earlier in the string takes
/// precedence), and a number too large for `Double` by the byte after the
/// number. After an error the parser keeps throwing it.
///
/// Only the framing differs: a text of several values, or of none, is an
/// error for the one-shot parser and a sequence of values here. (When a
/// text begins with a value and goes on with something that is not one,
/// such as `true3x`, the one-shot parser's error is at the second value's
/// start, here at the first byte that is not valid.)
///
/// Values that the same call completed before the error are not returned by
/// that call, which throws; ``_Concurrency/AsyncSequence/jsonValues(options:)->AsyncJSONValueSequence<Self>``
/// hands them out before it throws.
///
/// The byte order mark, ``JSONValue/ParsingOptions/maximumNestingDepth``
/// and the depth limit behave as in one-shot parsing. With
/// ``JSONValue/ParsingOptions/allowsJSON5``, the input is one JSON5 text,
/// read when ``finish()`` is called: the JSON5 reader does not yet read in
/// chunks, so ``append(_:)-(Sequence<UInt8>)`` returns no values and
/// ``partialValue`` stays `nil` until then.
///
/// ## Value semantics
///
/// A copy of a parser is a fork: it goes on from the same point on its own.
/// The parser is `Sendable`, and nothing in it recurses, so it is safe at
/// any depth on a thread with a small stack.
public struct JSONIncrementalParser: Sendable {
    @usableFromInline
    var storage: _IncrementalParserStorage
    /// Bytes taken and not yet read; see `_ByteBatch`.
    @usableFromInline
    var batch = _ByteBatch()

    /// Creates a parser that has read nothing yet.
    ///
    /// - Parameter options: The nesting limit, whether to read JSON5, and
    ///   whether to refuse inexact numbers, as for
    ///   ``JSONValue/init(parsing:options:)-(String,_)``. A number cut
    ///   between chunks is judged once it is complete.
    public init(options: JSONValue.ParsingOptions = .init()) {
        storage = _IncrementalParserStorage(options: options)
    }

    /// A parser for one JSON text, as the one-shot parser reads it (see
    /// `_StreamState.readsOneValue`), that keeps the text of numbers a
    /// `Double` may round (see ``_ExactNumbers``): what the schema
    /// validator that follows a stream reads with.
    init(readingOneValue options: JSONValue.ParsingOptions) {
        storage = _IncrementalParserStorage(options: options, readsOneValue: true, keepsNumberText: true)
    }

    /// Reads the next bytes of the input.
    ///
    /// ```swift
    /// var parser = JSONIncrementalParser()
    /// try parser.append(Array(#"{"a": 1}{"#.utf8))   // [{"a":1}]
    /// try parser.append(Array(#""b": 2}"#.utf8))      // [{"b":2}]
    /// ```
    ///
    /// - Parameter bytes: The next bytes of UTF-8 text, in any chunks:
    ///   `Data`, `[UInt8]`, a slice or any other sequence. Contiguous
    ///   collections are read in place.
    /// - Returns: The top-level values that these bytes complete, in order;
    ///   often none.
    /// - Throws: ``JSONParseError`` if the bytes make the input invalid, or
    ///   the error an earlier call threw.
    @inlinable
    @discardableResult
    public mutating func append(_ bytes: some Sequence<UInt8>) throws(JSONParseError) -> [JSONValue] {
        if batch.kind != .none && bytes.withContiguousStorageIfAvailable({ batch.take($0) }) == true {
            return []
        }
        var failure: JSONParseError?
        let values = bytes.withContiguousStorageIfAvailable { buffer -> [JSONValue] in
            do throws(JSONParseError) {
                return try self._append(buffer)
            } catch {
                failure = error
                return []
            }
        }
        if let failure { throw failure }
        if let values { return values }
        return try ContiguousArray(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try self._append(buffer) }
        }.get()
    }

    /// Reads the next piece of the input as text.
    ///
    /// ```swift
    /// var parser = JSONIncrementalParser()
    /// try parser.append("[1, 2")   // []
    /// try parser.append("]")       // [[1,2]]
    /// ```
    ///
    /// - Parameter text: The next piece of the text; it is read as its UTF-8
    ///   bytes.
    /// - Returns: The top-level values that this text completes, in order.
    /// - Throws: ``JSONParseError`` if the text makes the input invalid, or
    ///   the error an earlier call threw.
    @discardableResult
    public mutating func append(_ text: String) throws(JSONParseError) -> [JSONValue] {
        var text = text
        return try text.withUTF8 { buffer -> Result<[JSONValue], JSONParseError> in
            if batch.take(buffer) { return .success([]) }
            return Result { () throws(JSONParseError) in try self._append(buffer) }
        }.get()
    }

    /// The values that the bytes which threw completed before the error,
    /// once: `jsonValues()` hands them out before it throws.
    mutating func takeValuesBeforeFailure() -> [JSONValue] {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        defer { storage.valuesBeforeFailure = [] }
        return storage.valuesBeforeFailure
    }

    /// Reads `bytes`, and returns the top-level values they complete.
    ///
    /// Without `unboxing`, the values returned keep the boxes of numbers
    /// kept as text (see ``_ExactNumbers``): for the schema validator,
    /// which reads the boxed value from the storage and drops what this
    /// returns, and would pay for a copy of the whole value otherwise.
    @usableFromInline
    mutating func _append(
        _ bytes: UnsafeBufferPointer<UInt8>, unboxing: Bool = true
    ) throws(JSONParseError) -> [JSONValue] {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        var values: [JSONValue]
        if batch.count > 0 {
            // The batch cannot complete a value, so what the storage returns
            // comes from `bytes`, read with the batch or after it.
            let storage = storage
            let drained = try batch.drain(followedBy: bytes) { (batch) throws(JSONParseError) in
                try storage.read(batch, isFinal: false, unboxing: unboxing)
            }
            values = drained.tookChunk ? drained.result : try storage.read(bytes, isFinal: false, unboxing: unboxing)
        } else {
            // Nothing to take after an error, which this read may throw.
            batch.kind = .none
            values = try storage.read(bytes, isFinal: false, unboxing: unboxing)
        }
        batch.restart(storage.batchStart)
        return values
    }

    /// Ends the input.
    ///
    /// A number at the very end is complete now. A value that has not ended
    /// is an ``JSONParseError/Kind/unexpectedEndOfInput`` error at the end of
    /// the input, as in a one-shot parse.
    ///
    /// ```swift
    /// var parser = JSONIncrementalParser()
    /// try parser.append("1 2")   // [1]: "2" may go on
    /// try parser.finish()        // [2]
    /// ```
    ///
    /// Afterwards the parser starts over, as if new: offsets count from the
    /// next byte as byte 0. After an error it keeps throwing that error.
    ///
    /// - Returns: The values that the end completes: at most one, or, with
    ///   ``JSONValue/ParsingOptions/allowsJSON5``, the JSON5 text's value.
    /// - Throws: ``JSONParseError`` if a value is unfinished or invalid.
    @discardableResult
    public mutating func finish() throws(JSONParseError) -> [JSONValue] {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let storage = storage
        let values = try batch.drain(followedBy: UnsafeBufferPointer(start: nil, count: 0)) {
            (batch) throws(JSONParseError) in
            try storage.read(batch, isFinal: true)
        }.result
        self.storage = storage.fresh()
        // The last value stays the partial value until the next one starts,
        // and its typed partial values keep what they decoded.
        self.storage.lastValue = storage.lastValue
        self.storage.keepPartialModel(of: storage)
        return values
    }

    /// Ends the input as ``finish()`` does, without starting over: what
    /// comes after is read as more of the same input. The schema validator
    /// that follows a stream reads one text, and a byte after its end is an
    /// error at its place in the text. (`unboxing` as for
    /// `_append(_:unboxing:)`.)
    mutating func endInput(unboxing: Bool = true) throws(JSONParseError) -> [JSONValue] {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let storage = storage
        let values = try batch.drain(followedBy: UnsafeBufferPointer(start: nil, count: 0)) {
            (batch) throws(JSONParseError) in
            try storage.read(batch, isFinal: true, unboxing: unboxing)
        }.result
        batch.restart(storage.batchStart)
        return values
    }

    /// The top-level value being read, as far as it goes, or once it is
    /// complete the whole value; `nil` before any value has started, or
    /// while a top-level number or literal is still being read.
    ///
    /// ```swift
    /// var parser = JSONIncrementalParser()
    /// try parser.append(#"{"city": "Lis"#)
    /// parser.partialValue      // {"city": "Lis"}
    /// parser.pathInProgress    // /city
    /// try parser.append(#"bon", "pop": 54"#)
    /// parser.partialValue      // {"city": "Lisbon"}: 54 may go on
    /// try parser.append("}")
    /// parser.partialValue      // {"city": "Lisbon", "pop": 54}: complete
    /// ```
    ///
    /// A value that is complete stays the partial value, so that a view
    /// bound to it does not blank at the last byte: it is the last value
    /// completed until the next top-level value starts (in JSON Lines or
    /// concatenated JSON), and still after ``finish()``. When the next value
    /// starts, the partial value is that one's, or `nil` while it is a
    /// number or literal. ``isComplete(at:)`` says which parts are final.
    ///
    /// A partial value is never wrong: each one extends the one before and
    /// the final value, unless an object repeats a member name (below).
    ///
    /// - Members and elements that are complete are final, and objects keep
    ///   their members in order (a repeated name aside).
    /// - A string being read appears as the text decoded so far, never half
    ///   an escape or half a UTF-8 character.
    /// - A number, `true`, `false` or `null` being read does not appear (a
    ///   prefix of a number is another number), nor does a member whose
    ///   value has not started.
    ///
    /// Only the value at ``pathInProgress`` can still change, and only by
    /// growing; so can the containers on the way to it.
    ///
    /// The one exception is a member name that an object repeats, which
    /// RFC 8259 allows but advises against. An object keeps the last value
    /// of a repeated name, at the position of the first (see
    /// ``JSONObject``), so once the later value starts it replaces the
    /// complete member of that name, in place:
    ///
    /// ```swift
    /// try parser.append(#"{"a": 1, "b": 2, "a": "x"#)
    /// parser.partialValue      // {"a": "x", "b": 2}: the complete "a": 1 is gone
    /// parser.pathInProgress    // /a
    /// ```
    ///
    /// The path in progress still names the place that changes, but that
    /// partial value does not extend the one before it. The final value is
    /// the one-shot parser's. The parser does not hold the earlier value
    /// back: that would need a copy of every complete member in case its
    /// name came again.
    ///
    /// Complete members
    /// and elements are shared with the final value, not copied. The parser
    /// keeps the containers still open and the string being read as the
    /// last partial value showed them, and adds to them in place if you have
    /// let go of that value (assign the new one over it): then taking a
    /// partial value after every chunk costs time in proportion to the
    /// input, in all, even while a model streams one long string. (The
    /// `Incremental/…/partialValue-every-1KiB` benchmark of the package's
    /// `Benchmarks/` folder compares it with one parse of the whole.)
    ///
    /// - Complexity: O(*k*), where *k* is the number of members, elements
    ///   and bytes of the string being read that the open containers gained
    ///   since the last call, if nothing else holds the last partial value;
    ///   otherwise O(*m*), where *m* is the number of complete members and
    ///   elements of the open containers and bytes of that string.
    public var partialValue: JSONValue? {
        guard !storage.isReadingJSON5 else { return storage.lastValue }
        if let partial = storage.partialValue(batch: batch) { return partial }
        return storage.parser.hasValueInProgress(after: batch) ? nil : storage.unboxed(storage.lastValue)
    }

    /// Whether no later byte can change the value at `location` in
    /// ``partialValue``: `false` while that value is absent or still being
    /// read, `true` from the byte that ends it on.
    ///
    /// ```swift
    /// var parser = JSONIncrementalParser()
    /// try parser.append(#"{"city": "Lisbon", "days": 1"#)
    /// parser.isComplete(at: "/city")     // true: its closing quote is in
    /// parser.isComplete(at: "/days")     // false: 1 may go on (14)
    /// parser.isComplete(at: "/units")    // false: absent so far
    /// parser.isComplete(at: "")          // false: the object is open
    /// try parser.append(", ")
    /// parser.isComplete(at: "/days")     // true: the comma ends the number
    /// ```
    ///
    /// The byte that ends a value is the closing quote of a string, the
    /// last letter of `true`, `false` or `null`, the closing bracket or
    /// brace of an array or object, and for a number the first byte after
    /// it (or ``finish()``), since until then more digits may follow. A
    /// location inside a complete value is complete if the value has
    /// something there, and an explicit `null` is complete where an absent
    /// member is not. Once a top-level value is complete, every location in
    /// it is, until the next top-level value starts (as for
    /// ``partialValue``); with ``JSONValue/ParsingOptions/allowsJSON5``,
    /// nothing is complete before ``finish()``.
    ///
    /// Completion never goes back: once `true` for a location, it stays
    /// `true` as more bytes arrive, until the next top-level value starts.
    /// The one exception is a member name that an object repeats (see
    /// ``partialValue``): the later member replaces the value of the
    /// earlier, so a member whose name is being read again is not complete.
    ///
    /// - Parameter location: A JSON Pointer into the value being read, such
    ///   as `/days` or `/items/0/name`.
    /// - Returns: Whether the value there is complete.
    /// - Complexity: O(*d* + *m*), where *d* is the depth of the open
    ///   containers and *m* the number of complete members of the open
    ///   objects on the way to `location`.
    public func isComplete(at location: JSONPointer) -> Bool {
        guard location.literalError == nil else { return false }
        let tokens = location.tokens
        if !storage.isReadingJSON5, let inProgress = storage.parser.isComplete(at: tokens, after: batch) {
            return inProgress
        }
        guard let last = storage.lastValue else { return false }
        return _JSONParser.value(at: tokens[...], in: last) != nil
    }

    /// A pointer to the innermost value being read; `nil` when no value is
    /// being read.
    ///
    /// Every container on the way to it is open too; everything else in
    /// ``partialValue`` is final. The value at the pointer is a string,
    /// number or literal being read, or the innermost open array or object
    /// when it is between two members or elements.
    ///
    /// ```swift
    /// var parser = JSONIncrementalParser()
    /// try parser.append(#"{"items": [1, {"name": "pe"#)
    /// parser.pathInProgress    // /items/1/name
    /// try parser.append(#"n"}, "#)
    /// parser.pathInProgress    // /items
    /// ```
    public var pathInProgress: JSONPointer? {
        guard !storage.isReadingJSON5, let tokens = storage.parser.pathInProgress(after: batch) else { return nil }
        return JSONPointer(tokens: tokens)
    }
}

/// The state of a ``JSONIncrementalParser``, shared between copies until
/// one of them reads on (copy on write).
///
/// `@unchecked Sendable`: the parser's stacks hold unsafe pointers, but a
/// storage is only ever changed through a `JSONIncrementalParser` that holds
/// the only reference to it, and copied otherwise.
@usableFromInline
final class _IncrementalParserStorage: @unchecked Sendable {
    let options: JSONValue.ParsingOptions
    // Only the `JSONIncrementalParser` that holds the only reference
    // changes these, one call at a time: the run-time exclusivity checks
    // would only cost time on every chunk.
    @exclusivity(unchecked) var parser: _JSONParser
    /// The bytes of a token the last chunk cut short, which the next buffer
    /// starts with. (With JSON5, the whole input so far.)
    @exclusivity(unchecked) var carry = _ByteBuffer(capacity: 64)
    /// The error thrown, thrown again by every later call.
    @exclusivity(unchecked) var failure: JSONParseError?
    /// The values that the chunk with the error completed before it.
    var valuesBeforeFailure: [JSONValue] = []
    /// Whether no byte has been read yet beyond a possible byte order mark.
    @exclusivity(unchecked) var isAtStart = true
    /// The last top-level value completed, which partial values show until
    /// the next one starts.
    var lastValue: JSONValue?

    var isReadingJSON5: Bool { options.allowsJSON5 }

    init(options: JSONValue.ParsingOptions, readsOneValue: Bool = false, keepsNumberText: Bool = false) {
        self.options = options
        parser = _JSONParser(incremental: options, keepsNumberText: keepsNumberText)
        parser.stream.readsOneValue = readsOneValue
    }

    /// A storage that has read nothing, with the same options.
    func fresh() -> _IncrementalParserStorage {
        _IncrementalParserStorage(
            options: options, readsOneValue: parser.stream.readsOneValue, keepsNumberText: parser.keepsNumberText)
    }

    /// `value` with the boxes of numbers kept as text replaced by their
    /// `Double` (see ``_ExactNumbers``), as callers see values.
    func unboxed(_ value: JSONValue?) -> JSONValue? {
        guard let value, let numbers = parser.exactNumbers, !numbers.isEmpty else { return value }
        return numbers.unboxed(value)
    }

    private init(copying other: _IncrementalParserStorage) {
        options = other.options
        parser = other.parser.copy()
        carry = other.carry.copy()
        failure = other.failure
        isAtStart = other.isAtStart
        lastValue = other.lastValue
    }

    /// The open containers and the string being read as the last partial
    /// value showed them; see `_JSONParser.partialValue(reusing:after:)`.
    /// Copies of a parser share this storage, and may ask for partial values
    /// at the same time: the lock keeps them apart, so the run-time
    /// exclusivity checks would only cost time.
    @exclusivity(unchecked) private var partialCache = _PartialCache()
    private let partialCacheLock = _Lock()
    /// What typed partial values keep between calls: the
    /// `_PartialModelContext` of the last model type asked for (see
    /// ``JSONIncrementalParser/partial(as:)``), under `partialCacheLock`.
    /// A copy starts without one: its values differ from the original's.
    @exclusivity(unchecked) private var partialModel: AnyObject?

    /// Takes over what `other`'s typed partial values keep, for a storage
    /// that goes on showing `other`'s last value.
    func keepPartialModel(of other: _IncrementalParserStorage) {
        let kept = other.partialCacheLock.withLock { other.partialModel }
        partialCacheLock.withLock { partialModel = kept }
    }

    /// The `_PartialModelContext` kept, replaced with `make()` when
    /// `reuses` refuses it.
    func partialModel(reusing reuses: (AnyObject) -> Bool, make: () -> AnyObject) -> AnyObject {
        partialCacheLock.withLock {
            if let kept = partialModel, reuses(kept) { return kept }
            let made = make()
            partialModel = made
            return made
        }
    }

    /// The partial value, with what the parser's batch holds after the
    /// bytes read.
    func partialValue(batch: _ByteBatch) -> JSONValue? {
        unboxed(partialCacheLock.withLock { parser.partialValue(reusing: &partialCache, after: batch) })
    }

    /// How many bytes partial values have read of strings being read, for
    /// tests.
    var partialStringBytesRead: Int {
        partialCacheLock.withLock { partialCache.stringBytesRead }
    }

    /// Where the parser's batch starts, after the bytes read: see
    /// `_ByteBatch`.
    @usableFromInline
    var batchStart: _ByteBatch.Start {
        guard failure == nil, !isReadingJSON5, !isAtStart else { return .none }
        switch parser.stream.pending {
        case .none:
            guard carry.count == 0 else { return .none }
            let container: _ByteBatch.Container =
                parser.openContainers.count == 0 ? .none : parser.innermostIsObject ? .object : .array
            let kind: _ByteBatch.Kind
            switch parser.stream.expecting {
            case .value, .valueOrArrayEnd: kind = .valueStart
            case .key, .keyOrObjectEnd: kind = .nameStart
            case .colon: kind = .colon
            case .commaOrEnd: kind = container == .object ? .afterMember : .afterElement
            case .end: kind = .whitespace
            }
            return _ByteBatch.Start(kind: kind, container: container)
        case .string(_, let resume):
            return _ByteBatch.Start(kind: resume == carry.count ? .stringText : .none)
        case .number(let state, let resume):
            return resume == carry.count ? _ByteBatch.Start(kind: .number, number: state) : .none
        case .retry:
            return .none
        }
    }

    func copy() -> _IncrementalParserStorage {
        _IncrementalParserStorage(copying: self)
    }

    /// Reads `chunk`, after the bytes carried over, and returns the values
    /// it completes: with their boxed numbers replaced if `unboxing` (see
    /// `JSONIncrementalParser._append(_:unboxing:)`).
    func read(
        _ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool, unboxing: Bool = true
    ) throws(JSONParseError) -> [JSONValue] {
        if let failure { throw failure }
        do throws(JSONParseError) {
            if isReadingJSON5 {
                carry.append(chunk)
                guard isFinal else { return [] }
                return try readJSON5()
            }
            if carry.count == 0 && !isAtStart {
                if !isFinal && parser.skipWhitespaceChunk(chunk) { return [] }
                return try read(buffer: chunk, isFinal: isFinal, isCarry: false, unboxing: unboxing)
            }
            if !isFinal
                && (parser.extendPendingString(with: chunk, carried: carry.count)
                    || parser.extendPendingNumber(with: chunk, carried: carry.count))
            {
                // Plain text within a string, or more of a number: nothing
                // else to do.
                carry.append(chunk)
                return []
            }
            carry.append(chunk)
            return try read(buffer: carry.bytes, isFinal: isFinal, isCarry: true, unboxing: unboxing)
        } catch {
            failure = error
            swap(&valuesBeforeFailure, &parser.stream.completed)
            valuesBeforeFailure = valuesBeforeFailure.map { unboxed($0)! }
            throw error
        }
    }

    private func read(
        buffer: UnsafeBufferPointer<UInt8>,
        isFinal: Bool,
        isCarry: Bool,
        unboxing: Bool
    ) throws(JSONParseError) -> [JSONValue] {
        parser.position = 0
        if isAtStart {
            // A byte order mark is skipped; it may come in pieces.
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            let seen = Swift.min(buffer.count, 3)
            if buffer.prefix(seen).elementsEqual(mark.prefix(seen)) {
                guard seen == 3 || isFinal else { return [] }
                if seen == 3 {
                    parser.position = 3
                    parser.textStart = 3
                }
            }
            isAtStart = false
        }
        parser.base = buffer.baseAddress ?? _JSONParser.noBytes
        parser.count = buffer.count
        parser.isFinalBuffer = isFinal
        parser.newlinesPassed = 0
        parser.lastNewline = -1
        parser.wholeReadsStopped = false
        let kept = try parser.readChunk()
        if kept > 0 {
            // Errors in later chunks count from the first byte kept.
            parser.origin = parser.originMoved(to: kept)
            parser.textStart = 0
        }
        if isCarry {
            carry.removeFirst(kept)
        } else {
            carry.append(UnsafeBufferPointer(rebasing: buffer[kept...]))
        }
        parser.base = _JSONParser.noBytes
        parser.count = 0
        parser.position = 0
        guard !parser.stream.completed.isEmpty else { return [] }
        var values: [JSONValue] = []
        swap(&values, &parser.stream.completed)
        lastValue = values.last
        if unboxing, let numbers = parser.exactNumbers, !numbers.isEmpty { values = values.map(numbers.unboxed) }
        return values
    }

    /// Reads the JSON5 text collected by the earlier calls.
    private func readJSON5() throws(JSONParseError) -> [JSONValue] {
        var exactNumbers: _ExactNumbers? = nil
        let bytes = carry.bytes
        guard !bytes.isEmpty else { return [] }
        let value = try _JSONParser.parse(bytes, options: options, exactNumbers: &exactNumbers)
        lastValue = value
        return [value]
    }
}
