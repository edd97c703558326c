extension AsyncSequence where Element == UInt8 {
    /// Typed snapshots of the JSON value in a stream of bytes, as it
    /// arrives: for a view that shows a tool call or a reply while a
    /// language model streams it.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
    /// for try await snapshot in bytes.jsonPartials(as: WeatherArgs.self) {
    ///     city = snapshot[\.city] ?? ""           // grows as it arrives
    ///     days = snapshot[\.days]                 // nil until complete
    ///     if let args = snapshot.model { forecast = try await weather(for: args) }
    /// }
    /// ```
    ///
    /// The bytes are read with ``JSONIncrementalParser``, a run at a time:
    /// the sequence hands bytes to the parser at the end of each string,
    /// member, element, array and object, at each newline, and at least
    /// every 256 bytes; then it yields a snapshot
    /// (``JSONIncrementalParser/partial(as:using:)``) if the partial value
    /// changed. So a string shows in steps of at most 256 bytes; read the
    /// stream in chunks, such as the events of a server-sent event stream,
    /// for a snapshot per chunk.
    ///
    /// The last snapshot is of the complete value, whose ``JSONPartial/model``
    /// is the decoded model. In JSON Lines or concatenated JSON, the
    /// snapshots of each top-level value follow one another.
    ///
    /// - Parameters:
    ///   - type: The type the value decodes into.
    ///   - decoder: The decoder that reads the properties and the model.
    ///   - options: The nesting limit, and whether to refuse inexact
    ///     numbers, as for ``JSONValue/init(parsing:options:)-(String,_)``.
    /// - Returns: An asynchronous sequence of snapshots, which throws the
    ///   stream's errors and ``JSONParseError``.
    public func jsonPartials<Model: Decodable>(
        as type: Model.Type,
        using decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONValue.ParsingOptions = .init()
    ) -> AsyncJSONPartialSequence<Self, Model> {
        AsyncJSONPartialSequence(base: self, decoder: decoder, options: options)
    }
}

extension AsyncSequence where Element: Sequence, Element.Element == UInt8 {
    /// Typed snapshots of the JSON value in a stream of chunks of bytes
    /// (`Data`, `[UInt8]` and the like), as it arrives: at most one per
    /// chunk, and only when the partial value changed.
    ///
    /// ```swift
    /// let arguments: AsyncStream<Data> = toolCallDeltas   // from a model's stream
    /// for try await snapshot in arguments.jsonPartials(as: WeatherArgs.self) {
    ///     print(snapshot[\.city] ?? "", snapshot.isComplete(\.city))
    /// }
    /// ```
    ///
    /// Each chunk goes to a ``JSONIncrementalParser`` as it arrives; after
    /// it, the sequence yields ``JSONIncrementalParser/partial(as:using:)``
    /// if the partial value changed (a chunk that only adds whitespace, a
    /// member's name or digits of a number yields nothing). At the end of
    /// the stream it yields the last snapshot if that changed the value (a
    /// number at the very end).
    ///
    /// - Parameters:
    ///   - type: The type the value decodes into.
    ///   - decoder: The decoder that reads the properties and the model.
    ///   - options: The nesting limit, and whether to refuse inexact
    ///     numbers, as for ``JSONValue/init(parsing:options:)-(String,_)``.
    /// - Returns: An asynchronous sequence of snapshots, which throws the
    ///   stream's errors and ``JSONParseError``.
    public func jsonPartials<Model: Decodable>(
        as type: Model.Type,
        using decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONValue.ParsingOptions = .init()
    ) -> AsyncJSONChunkPartialSequence<Self, Model> {
        AsyncJSONChunkPartialSequence(base: self, decoder: decoder, options: options)
    }
}

/// Typed snapshots of the JSON value in an asynchronous sequence of bytes;
/// see ``_Concurrency/AsyncSequence/jsonPartials(as:using:options:)->AsyncJSONPartialSequence<Self,Model>``.
public struct AsyncJSONPartialSequence<Base: AsyncSequence, Model: Decodable>: AsyncSequence
where Base.Element == UInt8 {
    /// The snapshots are typed partial values.
    public typealias Element = JSONPartial<Model>

    let base: Base
    let decoder: JSONValueDecoder
    let options: JSONValue.ParsingOptions

    /// Makes an iterator over the snapshots.
    ///
    /// - Returns: An iterator that reads the base sequence as it goes.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), feed: _PartialFeed(decoder: decoder, options: options))
    }

    /// Reads bytes from the base sequence into a parser until the partial
    /// value changes.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var feed: _PartialFeed<Model>
        var buffer: [UInt8] = []

        init(base: Base.AsyncIterator, feed: _PartialFeed<Model>) {
            self.base = base
            self.feed = feed
            buffer.reserveCapacity(Self.batchSize)
        }

        /// The most bytes handed to the parser at once.
        static var batchSize: Int { 256 }

        /// The next snapshot, or `nil` at the end of the stream.
        ///
        /// - Returns: A snapshot that differs from the last one.
        /// - Throws: The base sequence's error, or ``JSONParseError``.
        public mutating func next() async throws -> JSONPartial<Model>? {
            while !feed.isDone {
                buffer.removeAll(keepingCapacity: true)
                while let byte = try await base.next(), takes(byte) {}
                if let snapshot = try feed.read(buffer.isEmpty ? nil : buffer) { return snapshot }
            }
            return nil
        }

        /// The next snapshot, or `nil` at the end of the stream, reading the
        /// base sequence in the caller's isolation.
        ///
        /// A `for try await` loop calls this method where the system has it,
        /// so that a loop on the main actor reads the stream without leaving
        /// it; ``next()`` does the same work elsewhere.
        ///
        /// - Parameter actor: The caller's actor, if any.
        /// - Returns: A snapshot that differs from the last one.
        /// - Throws: The base sequence's error, or ``JSONParseError``.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> JSONPartial<Model>? {
            while !feed.isDone {
                buffer.removeAll(keepingCapacity: true)
                while let byte = try await base.next(isolation: actor), takes(byte) {}
                if let snapshot = try feed.read(buffer.isEmpty ? nil : buffer) { return snapshot }
            }
            return nil
        }

        /// Adds `byte` to the batch; returns whether to read more before
        /// handing the batch to the parser.
        private mutating func takes(_ byte: UInt8) -> Bool {
            buffer.append(byte)
            switch byte {
            // Something may have ended here: hand over what there is.
            case UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\n"):
                return false
            default:
                return buffer.count < Self.batchSize
            }
        }
    }
}

/// Typed snapshots of the JSON value in an asynchronous sequence of chunks
/// of bytes; see
/// ``_Concurrency/AsyncSequence/jsonPartials(as:using:options:)->AsyncJSONChunkPartialSequence<Self,Model>``.
public struct AsyncJSONChunkPartialSequence<Base: AsyncSequence, Model: Decodable>: AsyncSequence
where Base.Element: Sequence, Base.Element.Element == UInt8 {
    /// The snapshots are typed partial values.
    public typealias Element = JSONPartial<Model>

    let base: Base
    let decoder: JSONValueDecoder
    let options: JSONValue.ParsingOptions

    /// Makes an iterator over the snapshots.
    ///
    /// - Returns: An iterator that reads the base sequence as it goes.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), feed: _PartialFeed(decoder: decoder, options: options))
    }

    /// Reads chunks from the base sequence into a parser until the partial
    /// value changes.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var feed: _PartialFeed<Model>

        /// The next snapshot, or `nil` at the end of the stream.
        ///
        /// - Returns: A snapshot that differs from the last one.
        /// - Throws: The base sequence's error, or ``JSONParseError``.
        public mutating func next() async throws -> JSONPartial<Model>? {
            while !feed.isDone {
                if let snapshot = try feed.read(try await base.next()) { return snapshot }
            }
            return nil
        }

        /// The next snapshot, or `nil` at the end of the stream, reading the
        /// base sequence in the caller's isolation.
        ///
        /// A `for try await` loop calls this method where the system has it,
        /// so that a loop on the main actor reads the stream without leaving
        /// it; ``next()`` does the same work elsewhere.
        ///
        /// - Parameter actor: The caller's actor, if any.
        /// - Returns: A snapshot that differs from the last one.
        /// - Throws: The base sequence's error, or ``JSONParseError``.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> JSONPartial<Model>? {
            while !feed.isDone {
                if let snapshot = try feed.read(try await base.next(isolation: actor)) { return snapshot }
            }
            return nil
        }
    }
}

extension AsyncJSONPartialSequence: Sendable where Base: Sendable {}
extension AsyncJSONChunkPartialSequence: Sendable where Base: Sendable {}

/// What both `jsonPartials(as:)` iterators share: a parser, and what the
/// last snapshot showed, to yield a snapshot only when that changes.
struct _PartialFeed<Model: Decodable> {
    private var parser: JSONIncrementalParser
    private let decoder: JSONValueDecoder
    /// The context that typed snapshots keep between chunks, held here so
    /// that a decoder that cannot be compared keeps one too.
    private var context: _PartialModelContext<Model>
    private var last: _PartialState?
    /// Whether the input has ended, or failed.
    private(set) var isDone = false

    init(decoder: JSONValueDecoder, options: JSONValue.ParsingOptions) {
        parser = JSONIncrementalParser(options: options)
        self.decoder = decoder
        context = _PartialModelContext(decoder: decoder, key: _PartialModelContext<Model>.key(for: decoder))
    }

    /// Reads the next bytes, or ends the input if there are none, and
    /// returns the snapshot after them if the partial value changed.
    mutating func read(_ bytes: (some Sequence<UInt8>)?) throws -> JSONPartial<Model>? {
        do {
            if let bytes {
                try parser.append(bytes)
            } else {
                isDone = true
                try parser.finish()
            }
        } catch {
            isDone = true
            throw error
        }
        guard let value = parser.partialValue else { return nil }
        let frontier = parser.partialFrontier
        let state = parser.partialState(value: value, frontier: frontier)
        if let last, last == state { return nil }
        last = state
        return JSONPartial(value: value, frontier: frontier, context: context)
    }
}

/// What tells two partial values of a parser apart, in O(*d*) for the depth
/// *d* of the open containers, rather than comparing them: while the same
/// containers are open (each is known by where it starts in the stream),
/// every complete member or element adds one to the parser's stacks, and
/// the string being read only grows; a complete value is known by its
/// instance.
struct _PartialState: Equatable {
    var containers: [Int]
    var delivered: Int
    /// The length of the string being read, or -1.
    var text: Int
    /// The complete value, when no value is being read.
    var complete: JSONValue?

    static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.containers == rhs.containers, lhs.delivered == rhs.delivered, lhs.text == rhs.text else {
            return false
        }
        switch (lhs.complete, rhs.complete) {
        case (nil, nil): return true
        case (let a?, let b?): return _isSameJSON(a, b)
        default: return false
        }
    }
}

extension JSONIncrementalParser {
    /// What tells this partial value apart from the parser's others; see
    /// ``_PartialState``.
    func partialState(value: JSONValue, frontier: _PartialFrontier) -> _PartialState {
        guard let path = frontier.path else {
            return _PartialState(containers: [], delivered: 0, text: -1, complete: value)
        }
        var text = -1
        if case .string(let string)? = _JSONParser.value(at: path[...], in: value) { text = string.utf8.count }
        let delivered =
            storage.parser.memberStack.count &+ storage.parser.elementStack.count
            &+ (batch.completedLiteral == nil ? 0 : 1)
        return _PartialState(
            containers: storage.parser.stream.containerOffsets, delivered: delivered, text: text, complete: nil)
    }
}
