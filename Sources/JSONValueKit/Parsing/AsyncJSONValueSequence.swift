extension AsyncSequence where Element == UInt8 {
    /// The JSON values in a stream of bytes, one at a time: JSON Lines
    /// (NDJSON), concatenated JSON, or a single value.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: url)
    /// for try await record in bytes.jsonValues() {
    ///     print(record.id ?? "no id")
    /// }
    /// ```
    ///
    /// The bytes are read with ``JSONIncrementalParser``, under its rules
    /// and errors, a run of bytes at a time rather than byte by byte. A value
    /// comes out as soon as its last byte is in: the sequence hands bytes to
    /// the parser at every newline and every closing bracket or brace, and
    /// at least every 4 KiB. (A top-level string or number, with no newline
    /// after it, may wait for the next of these or for the end.) Memory is
    /// bounded by the largest value, not by the stream.
    ///
    /// - Parameter options: The nesting limit, and whether to refuse inexact
    ///   numbers, as for ``JSONValue/init(parsing:options:)-(String,_)``.
    /// - Returns: An asynchronous sequence of the stream's top-level values,
    ///   which throws the stream's errors and ``JSONParseError``.
    public func jsonValues(options: JSONValue.ParsingOptions = .init()) -> AsyncJSONValueSequence<Self> {
        AsyncJSONValueSequence(base: self, options: options)
    }
}

extension AsyncSequence where Element: Sequence, Element.Element == UInt8 {
    /// The JSON values in a stream of chunks of bytes (`Data`, `[UInt8]`,
    /// `ByteBuffer` views and the like), one at a time.
    ///
    /// ```swift
    /// let chunks: AsyncStream<Data> = socket.messages
    /// for try await value in chunks.jsonValues() {
    ///     handle(value)
    /// }
    /// ```
    ///
    /// Each chunk goes to a ``JSONIncrementalParser`` as it arrives, so a
    /// value comes out with the chunk that completes it.
    ///
    /// - Parameter options: The nesting limit, and whether to refuse inexact
    ///   numbers, as for ``JSONValue/init(parsing:options:)-(String,_)``.
    /// - Returns: An asynchronous sequence of the stream's top-level values,
    ///   which throws the stream's errors and ``JSONParseError``.
    public func jsonValues(options: JSONValue.ParsingOptions = .init()) -> AsyncJSONChunkValueSequence<Self> {
        AsyncJSONChunkValueSequence(base: self, options: options)
    }
}

/// The JSON values in an asynchronous sequence of bytes; see
/// ``_Concurrency/AsyncSequence/jsonValues(options:)->AsyncJSONValueSequence<Self>``.
public struct AsyncJSONValueSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == UInt8 {
    /// The values are JSON values.
    public typealias Element = JSONValue

    let base: Base
    let options: JSONValue.ParsingOptions

    /// Makes an iterator over the values.
    ///
    /// - Returns: An iterator that reads the base sequence as it goes.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), feed: _ValueFeed(options: options))
    }

    /// Reads bytes from the base sequence into a parser until values come
    /// out.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var feed: _ValueFeed
        var buffer: [UInt8] = []

        init(base: Base.AsyncIterator, feed: _ValueFeed) {
            self.base = base
            self.feed = feed
            buffer.reserveCapacity(Self.batchSize)
        }

        /// The most bytes handed to the parser at once.
        static var batchSize: Int { 4096 }

        /// The next value in the stream, or `nil` at its end.
        ///
        /// - Returns: The next top-level value.
        /// - Throws: The base sequence's error, or ``JSONParseError``.
        public mutating func next() async throws -> JSONValue? {
            while true {
                if let value = try feed.next() { return value }
                if feed.isDone { return nil }
                buffer.removeAll(keepingCapacity: true)
                while let byte = try await base.next(), takes(byte) {}
                feed.read(buffer.isEmpty ? nil : buffer)
            }
        }

        /// The next value in the stream, or `nil` at its end, reading the
        /// base sequence in the caller's isolation.
        ///
        /// A `for try await` loop calls this method where the system has it,
        /// so that a loop on the main actor reads the stream without leaving
        /// it; ``next()`` does the same work elsewhere.
        ///
        /// - Parameter actor: The caller's actor, if any.
        /// - Returns: The next top-level value.
        /// - Throws: The base sequence's error, or ``JSONParseError``.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> JSONValue? {
            while true {
                if let value = try feed.next() { return value }
                if feed.isDone { return nil }
                buffer.removeAll(keepingCapacity: true)
                while let byte = try await base.next(isolation: actor), takes(byte) {}
                feed.read(buffer.isEmpty ? nil : buffer)
            }
        }

        /// Adds `byte` to the batch; returns whether to read more before
        /// handing the batch to the parser.
        private mutating func takes(_ byte: UInt8) -> Bool {
            buffer.append(byte)
            // A value may end here: hand over what there is.
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                return false
            }
            return buffer.count < Self.batchSize
        }
    }
}

/// The JSON values in an asynchronous sequence of chunks of bytes; see
/// ``_Concurrency/AsyncSequence/jsonValues(options:)->AsyncJSONChunkValueSequence<Self>``.
public struct AsyncJSONChunkValueSequence<Base: AsyncSequence>: AsyncSequence
where Base.Element: Sequence, Base.Element.Element == UInt8 {
    /// The values are JSON values.
    public typealias Element = JSONValue

    let base: Base
    let options: JSONValue.ParsingOptions

    /// Makes an iterator over the values.
    ///
    /// - Returns: An iterator that reads the base sequence as it goes.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), feed: _ValueFeed(options: options))
    }

    /// Reads chunks from the base sequence into a parser until values come
    /// out.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var feed: _ValueFeed

        /// The next value in the stream, or `nil` at its end.
        ///
        /// - Returns: The next top-level value.
        /// - Throws: The base sequence's error, or ``JSONParseError``.
        public mutating func next() async throws -> JSONValue? {
            while true {
                if let value = try feed.next() { return value }
                if feed.isDone { return nil }
                feed.read(try await base.next())
            }
        }

        /// The next value in the stream, or `nil` at its end, reading the
        /// base sequence in the caller's isolation.
        ///
        /// A `for try await` loop calls this method where the system has it,
        /// so that a loop on the main actor reads the stream without leaving
        /// it; ``next()`` does the same work elsewhere.
        ///
        /// - Parameter actor: The caller's actor, if any.
        /// - Returns: The next top-level value.
        /// - Throws: The base sequence's error, or ``JSONParseError``.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> JSONValue? {
            while true {
                if let value = try feed.next() { return value }
                if feed.isDone { return nil }
                feed.read(try await base.next(isolation: actor))
            }
        }
    }
}

extension AsyncJSONValueSequence: Sendable where Base: Sendable {}
extension AsyncJSONChunkValueSequence: Sendable where Base: Sendable {}

/// What both `jsonValues()` iterators share: a parser, and the values each
/// read completed, handed out one by one, then the error the read ended
/// with, if any.
struct _ValueFeed {
    private var parser: JSONIncrementalParser
    private var values: [JSONValue] = []
    private var index = 0
    private var failure: JSONParseError?
    /// Whether the input has ended.
    private(set) var isDone = false

    init(options: JSONValue.ParsingOptions) {
        parser = JSONIncrementalParser(options: options)
    }

    /// Reads the next bytes, or ends the input if there are none. If the
    /// bytes are invalid, the values they completed before the error come
    /// out first, then the error.
    mutating func read(_ bytes: (some Sequence<UInt8>)?) {
        do {
            if let bytes {
                add(try parser.append(bytes))
            } else {
                isDone = true
                add(try parser.finish())
            }
        } catch {
            add(parser.takeValuesBeforeFailure())
            failure = error
        }
    }

    private mutating func add(_ more: [JSONValue]) {
        if index == values.count {
            values = more
            index = 0
        } else {
            values += more
        }
    }

    /// The next value read, `nil` if there is none yet (or the input has
    /// ended), or the error that ended the reading.
    mutating func next() throws(JSONParseError) -> JSONValue? {
        guard index < values.count else {
            if let failure { throw failure }
            return nil
        }
        defer { index &+= 1 }
        return values[index]
    }
}
