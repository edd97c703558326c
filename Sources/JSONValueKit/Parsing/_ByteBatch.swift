/// Bytes that a ``JSONIncrementalParser`` has taken but not yet read: a run
/// of bytes that cannot be an error, complete a top-level value or end a
/// token that the storage must build (a string, a container), where the
/// parser stands.
///
/// Text that arrives a few bytes at a time (a language model's tokens, a
/// byte stream read byte by byte) is mostly such runs: the inside of a
/// string, whitespace, the digits of a number, and the punctuation and
/// first bytes between them. Reading each chunk through the parser's
/// storage (a uniqueness check, the carried token, line counting) cost
/// about 14 ns a byte, most of feeding a file a byte at a time; with the
/// batch, twitter.json fed a byte at a time costs about 6 ns a byte, of
/// which about 2 ns are the call and its returned array. The parser
/// instead collects these bytes here, inline in the struct and inlined into
/// the caller, and hands the storage the whole batch with the next byte
/// that needs it, or when the batch is full. Where the batch starts is
/// decided by the storage after each read
/// (``_IncrementalParserStorage/batchStart``); from there it follows the
/// grammar a byte at a time:
///
/// - Whitespace anywhere outside a string.
/// - Plain text inside a string: no quote, backslash or control character.
///   The closing quote goes to the storage, which builds the string.
/// - Where a value may start: a quote (a string starts) or the first byte
///   of a number; inside an array or object, also `true`, `false` or
///   `null`, which complete there (a top-level value must come out of the
///   call that completes it), and after which the batch takes only
///   whitespace. Not `[` or `{`.
/// - Where a name may start: its opening quote.
/// - Inside a number: every byte that continues it (RFC 8259's number
///   grammar, the same `_NumberPrefix` the storage uses). The byte after
///   the number goes to the storage, which converts it.
/// - The comma after a value in an array or object, and the colon after a
///   name.
///
/// None of these bytes can be an error, so every error is still thrown by
/// the append that delivers its byte. The bytes change what a caller sees
/// only through a value started in the batch, which
/// ``JSONIncrementalParser/partialValue`` and
/// ``JSONIncrementalParser/pathInProgress`` take from the batch
/// (``startedValue`` and ``stringText``).
@usableFromInline
struct _ByteBatch: Sendable {
    /// Where the batch stands in the grammar: what its next byte may be.
    @usableFromInline
    enum Kind: UInt8, Sendable {
        /// Nothing: every chunk goes to the storage.
        case none
        /// Whitespace only.
        case whitespace
        /// Plain text inside a string.
        case stringText
        /// Whitespace, or a value's first byte: a quote, a number's, or
        /// inside an array or object a literal's.
        case valueStart
        /// Whitespace, or a name's opening quote.
        case nameStart
        /// A byte that continues the number in `number`.
        case number
        /// Whitespace, or the comma after a value in an array.
        case afterElement
        /// Whitespace, or the comma after a value in an object.
        case afterMember
        /// Whitespace, or the colon after a name.
        case colon
        /// The next byte of the literal in `literalRest`.
        case literal
    }

    /// What encloses the batch's bytes.
    @usableFromInline
    enum Container: UInt8, Sendable {
        case none, array, object
    }

    /// A value that started in the batch, which the storage has not seen.
    @usableFromInline
    enum StartedValue: Sendable, Equatable {
        case none
        /// A number: only the path in progress shows it.
        case number
        /// A string, whose text starts at this byte of the batch.
        case string(textStart: Int)
        /// A literal starting at this byte, `complete` or still being read:
        /// partial values show it once it is complete; the path in progress
        /// points to it until then.
        case literal(start: Int, complete: Bool)
    }

    /// How many bytes the batch holds at most.
    @usableFromInline
    static var capacity: Int { MemoryLayout<Bytes>.size }

    /// Room for the bytes, inline: 128 of them. A full batch goes to the
    /// storage, so a larger one reaches it less often in long strings and
    /// runs of whitespace; 128 was faster than 64 and than 256 fed a byte at
    /// a time.
    @usableFromInline
    typealias Bytes = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )

    @usableFromInline
    var bytes: Bytes = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline
    var count = 0
    @usableFromInline
    var kind = Kind.none
    /// With `.number`, how far the number has come.
    @usableFromInline
    var number = _NumberPrefix.start
    @usableFromInline
    var startedValue = StartedValue.none
    /// With `.literal`, the bytes still to come, first in the low byte.
    @usableFromInline
    var literalRest: UInt32 = 0
    @usableFromInline
    var container = Container.none
    /// Where the text of a member's name that started in the batch begins,
    /// and after it where it ends, once its closing quote is in (-1 until
    /// then).
    @usableFromInline
    var nameStart = -1
    @usableFromInline
    var nameEnd = -1

    @inlinable
    init() {}

    /// Takes `chunk` if it fits and the grammar allows every byte of it
    /// here; `false`, taking nothing, otherwise.
    ///
    /// Inlined into the caller for the common bytes (string text,
    /// whitespace, a number's digits); the rest of the grammar is a call.
    @inlinable
    @inline(__always)
    mutating func take(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard chunk.count == 1 else { return takeBytes(chunk) }
        let byte = chunk[0]
        guard count < Self.capacity else { return false }
        switch kind {
        case .none:
            return false
        case .stringText:
            guard Self.isStringText(byte) else {
                // The end of a name that started here may be taken too.
                return byte == UInt8(ascii: "\"") && nameStart >= 0 ? takeByte(byte) : false
            }
        case .number where byte &- UInt8(ascii: "0") < 10 && number.takesDigitsInPlace:
            break
        default:
            guard Self.isWhitespace(byte) && kind != .number && kind != .literal else { return takeByte(byte) }
        }
        withUnsafeMutableBytes(of: &bytes) { $0[count] = byte }
        count &+= 1
        return true
    }

    /// Whether `byte` is plain text inside a string: not a quote, a
    /// backslash or a control character.
    @inlinable
    @inline(__always)
    static func isStringText(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Whether `byte` is whitespace between tokens.
    @inlinable
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }

    /// ``take(_:)`` for one byte, through the whole grammar.
    @usableFromInline
    mutating func takeByte(_ byte: UInt8) -> Bool {
        // In place first: a name's end is checked with its bytes.
        withUnsafeMutableBytes(of: &bytes) { $0[count] = byte }
        guard step(byte, at: count) else { return false }
        count &+= 1
        return true
    }

    /// ``take(_:)`` for any chunk, through the whole grammar.
    @usableFromInline
    mutating func takeBytes(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard kind != .none, chunk.count <= Self.capacity &- count else { return false }
        // In place first (past `count`, so they count only if taken): a
        // name's end is checked with its bytes.
        place(chunk, at: count)
        let saved = (kind, number, startedValue, literalRest, nameStart, nameEnd)
        for index in chunk.indices {
            let byte = chunk[index]
            if movesInPlace(over: byte) || step(byte, at: count &+ index) { continue }
            (kind, number, startedValue, literalRest, nameStart, nameEnd) = saved
            return false
        }
        count &+= chunk.count
        return true
    }

    /// Whether `byte` is one that ``take(_:)`` stores without a change of
    /// state: string text, a digit in place within a number, or whitespace
    /// between tokens. Any other byte goes through ``step(_:at:)``.
    ///
    /// `take(_:)` asks the same question in its own switch, inlined into the
    /// caller for every byte: calling this from there instead made feeding
    /// a byte at a time 5–12% slower (twitter.json 3,990 → 4,240 µs,
    /// canada.json 16,710 → 18,800 µs in the probe).
    @inline(__always)
    private func movesInPlace(over byte: UInt8) -> Bool {
        switch kind {
        case .stringText: return Self.isStringText(byte)
        case .number: return byte &- UInt8(ascii: "0") < 10 && number.takesDigitsInPlace
        case .none, .literal: return false
        case .whitespace, .valueStart, .nameStart, .afterElement, .afterMember, .colon:
            return Self.isWhitespace(byte)
        }
    }

    /// Moves the grammar over `byte`, at `offset` in the batch; `false`,
    /// changing nothing, if the batch cannot take it. Leaves the bytes
    /// alone.
    private mutating func step(_ byte: UInt8, at offset: Int) -> Bool {
        switch kind {
        case .stringText:
            if byte == UInt8(ascii: "\""), nameStart >= 0, nameEnd < 0 {
                return closeName(at: offset)
            }
            return Self.isStringText(byte)
        case .number:
            guard let next = number.next(byte) else { return false }
            number = next
            return true
        case .literal:
            guard byte == UInt8(truncatingIfNeeded: literalRest) else { return false }
            literalRest &>>= 8
            if literalRest == 0, case .literal(let start, _) = startedValue {
                kind = .whitespace
                startedValue = .literal(start: start, complete: true)
            }
            return true
        case .none:
            return false
        default:
            break
        }
        if Self.isWhitespace(byte) { return true }
        switch kind {
        case .valueStart:
            if byte == UInt8(ascii: "\"") {
                kind = .stringText
                startedValue = .string(textStart: offset &+ 1)
                return true
            }
            if container != .none, let rest = Self.literalRest(after: byte) {
                kind = .literal
                literalRest = rest
                startedValue = .literal(start: offset, complete: false)
                return true
            }
            guard let next = _NumberPrefix.start.next(byte) else { return false }
            kind = .number
            number = next
            startedValue = .number
            return true
        case .nameStart:
            guard byte == UInt8(ascii: "\"") else { return false }
            kind = .stringText
            nameStart = offset &+ 1
            return true
        case .afterElement:
            return move(to: .valueStart, if: byte == UInt8(ascii: ","))
        case .afterMember:
            return move(to: .nameStart, if: byte == UInt8(ascii: ","))
        case .colon:
            return move(to: .valueStart, if: byte == UInt8(ascii: ":"))
        case .none, .whitespace, .stringText, .number, .literal:
            return false
        }
    }

    /// Takes the closing quote, at `offset`, of the name that started in the
    /// batch, if its text is valid UTF-8 (an error otherwise, which the
    /// storage must throw); the colon comes next.
    private mutating func closeName(at offset: Int) -> Bool {
        let isValid = withUnsafeBytes(of: bytes) { batch in
            let text = UnsafeBufferPointer(rebasing: batch.bindMemory(to: UInt8.self)[nameStart..<offset])
            return !text.contains { $0 >= 0x80 } || _validUTF8Prefix(text) == text.count
        }
        guard isValid else { return false }
        nameEnd = offset
        kind = .colon
        return true
    }

    /// The name of the member being read, when the batch holds all of it
    /// and the start of its value.
    var nameTaken: String? {
        guard nameEnd >= 0, startedValue != .none else { return nil }
        return withUnsafeBytes(of: bytes) { batch in
            String(decoding: batch[nameStart..<nameEnd], as: UTF8.self)
        }
    }

    /// The name of the member being read, when the batch holds all of it,
    /// whether or not its value has started.
    var nameCompleted: String? {
        guard nameEnd >= 0 else { return nil }
        return withUnsafeBytes(of: bytes) { batch in
            String(decoding: batch[nameStart..<nameEnd], as: UTF8.self)
        }
    }

    /// The first byte of the value that started in the batch, if one did:
    /// a quote, a number's first byte or a literal's first letter.
    var startedValueFirstByte: UInt8? {
        switch startedValue {
        case .none: return nil
        case .number: return UInt8(ascii: "0")
        case .string: return UInt8(ascii: "\"")
        case .literal(let start, _): return withUnsafeBytes(of: bytes) { $0[start] }
        }
    }

    /// Moves to `next` if `condition` holds, and says whether it did.
    private mutating func move(to next: Kind, if condition: Bool) -> Bool {
        if condition { kind = next }
        return condition
    }

    /// The bytes of the literal that `first` starts, after it, first in the
    /// low byte; `nil` if no literal starts with `first`.
    private static func literalRest(after first: UInt8) -> UInt32? {
        switch first {
        case UInt8(ascii: "t"): return 0x65_75_72  // "rue"
        case UInt8(ascii: "f"): return 0x65_73_6C_61  // "alse"
        case UInt8(ascii: "n"): return 0x6C_6C_75  // "ull"
        default: return nil
        }
    }

    /// The literal that completed in the batch, if one did.
    var completedLiteral: JSONValue? {
        guard case .literal(let start, true) = startedValue else { return nil }
        let first = withUnsafeBytes(of: bytes) { $0[start] }
        return first == UInt8(ascii: "n") ? .null : .bool(first == UInt8(ascii: "t"))
    }

    /// Calls `body` with the bytes taken, followed by `chunk` if they fit
    /// together, in place, and says whether `chunk` went with them. The
    /// batch is empty and takes nothing afterwards, until ``restart(_:)``.
    mutating func drain<Result>(
        followedBy chunk: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> Result
    ) throws(JSONParseError) -> (result: Result, tookChunk: Bool) {
        let tookChunk = chunk.count <= Self.capacity &- count
        let length = tookChunk ? count &+ chunk.count : count
        if tookChunk { place(chunk, at: count) }
        restart(.none)
        // In place: a copy of the bytes, just stored a byte at a time, read
        // back in words stalled on store forwarding.
        return try withUnsafeMutableBytes(of: &bytes) { (batch) throws(JSONParseError) in
            let base = batch.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return (try body(UnsafeBufferPointer(start: base, count: length)), tookChunk)
        }
    }

    /// Stores `chunk` from byte `start` on, which the caller has made sure
    /// fits; `count` is left alone.
    private mutating func place(_ chunk: UnsafeBufferPointer<UInt8>, at start: Int) {
        withUnsafeMutableBytes(of: &bytes) { batch in
            for index in chunk.indices { batch[start &+ index] = chunk[index] }
        }
    }

    /// Starts over, empty, at `start`, which the storage gives after reading.
    @usableFromInline
    mutating func restart(_ start: Start) {
        count = 0
        kind = start.kind
        number = start.number
        container = start.container
        startedValue = .none
        nameStart = -1
        nameEnd = -1
    }

    /// Where a batch starts: its kind, and with `.number`, how far the
    /// number has come.
    @usableFromInline
    struct Start: Sendable {
        var kind: Kind
        var number = _NumberPrefix.start
        var container = Container.none

        static var none: Start { Start(kind: .none) }
    }

    /// Whether a value started in the batch and is still being read.
    var valueIsInProgress: Bool {
        switch startedValue {
        case .none, .literal(_, complete: true): return false
        case .number, .string, .literal(_, complete: false): return true
        }
    }

    /// Calls `body` with the bytes taken from byte `start` on, in place.
    func withTaken<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: bytes) { raw in
            let all = raw.bindMemory(to: UInt8.self)
            return body(UnsafeBufferPointer(rebasing: all[start..<count]))
        }
    }

    /// The bytes taken from byte `start` on.
    func taken(from start: Int) -> [UInt8] {
        withUnsafeBytes(of: bytes) { Array($0[start..<count]) }
    }
}
