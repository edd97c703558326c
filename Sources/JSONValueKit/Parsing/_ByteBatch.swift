/// Bytes that a ``JSONIncrementalParser`` has taken but not yet read: a
/// run of bytes of one kind that cannot end a token, complete a value or be
/// an error where the parser stands.
///
/// Text that arrives a few bytes at a time (a language model's tokens, a
/// byte stream read byte by byte) is mostly such runs: the inside of a
/// string, the whitespace between tokens, the digits of a number. Reading
/// each chunk through the parser's storage (a uniqueness check, the carried
/// token, line counting) cost about 14 ns a byte, most of feeding a file a
/// byte at a time. The parser instead collects these bytes here, inline in
/// the struct and inlined into the caller, and hands the storage the whole
/// batch with the next byte that needs it, or when the batch is full. What
/// the batch may take is decided by the storage after each read
/// (``_IncrementalParserStorage/batchKind``).
///
/// The bytes taken change nothing a caller can see except a partial string
/// value, which ``JSONIncrementalParser/partialValue`` reads with them.
@usableFromInline
struct _ByteBatch: Sendable {
    /// The kind of bytes the batch may take.
    @usableFromInline
    enum Kind: UInt8, Sendable {
        /// None: every chunk goes to the storage.
        case none
        /// Plain text inside a string: no quote, backslash or control
        /// character, and no escape waiting to be completed.
        case stringText
        /// Whitespace between tokens, outside any token.
        case whitespace
        /// Digits that go on with a number (not after a leading zero).
        case digits
    }

    /// How many bytes the batch holds at most.
    @usableFromInline
    static var capacity: Int { MemoryLayout<Bytes>.size }

    /// Room for the bytes, inline.
    @usableFromInline
    typealias Bytes = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    @usableFromInline
    var bytes: Bytes = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline
    var count = 0
    @usableFromInline
    var kind = Kind.none

    @inlinable
    init() {}

    /// Takes `chunk` if it fits and every byte is of the batch's kind;
    /// `false`, taking nothing, otherwise.
    @inlinable
    @inline(__always)
    mutating func take(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard kind != .none, chunk.count <= Self.capacity &- count else { return false }
        for byte in chunk where !accepts(byte) { return false }
        let start = count
        withUnsafeMutableBytes(of: &bytes) { batch in
            for index in chunk.indices { batch[start &+ index] = chunk[index] }
        }
        count &+= chunk.count
        return true
    }

    /// Whether the batch may take `byte`.
    @inlinable
    @inline(__always)
    func accepts(_ byte: UInt8) -> Bool {
        switch kind {
        case .none:
            return false
        case .stringText:
            return byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        case .whitespace:
            return byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        case .digits:
            return byte &- UInt8(ascii: "0") < 10
        }
    }

    /// Empties the batch, and returns the bytes it held followed by `chunk`
    /// if they fit together, with their count and whether `chunk` went with
    /// them.
    mutating func drain(
        followedBy chunk: UnsafeBufferPointer<UInt8>
    ) -> (bytes: _ByteBatch.Bytes, count: Int, tookChunk: Bool) {
        let tookChunk = chunk.count <= Self.capacity &- count
        var length = count
        if tookChunk {
            let start = count
            withUnsafeMutableBytes(of: &bytes) { batch in
                for index in chunk.indices { batch[start &+ index] = chunk[index] }
            }
            length &+= chunk.count
        }
        count = 0
        return (bytes, length, tookChunk)
    }

    /// The bytes taken, as an array.
    var taken: [UInt8] {
        withUnsafeBytes(of: bytes) { Array($0.prefix(count)) }
    }
}
