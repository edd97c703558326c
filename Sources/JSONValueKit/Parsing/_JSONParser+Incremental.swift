// The strict parser, read a chunk at a time.
//
// `JSONIncrementalParser` points the parser at each chunk in turn (or at the
// bytes an earlier chunk cut short, followed by the new chunk) and runs
// `readChunk()`, a loop of steps over explicit state: the open arrays and
// objects and their finished elements wait on the same stacks as in a
// one-shot parse, and what comes next is `stream.expecting`. Every string,
// number and literal is read by the one-shot parser's own functions; a token
// that a chunk cuts short makes them throw `unexpectedEndOfInput`, which
// here (with `isFinalBuffer` false) means "wait", and its bytes are carried
// over to the next chunk. A long string resumes where it stopped (its decoded
// bytes wait in `scratch`) and a long number resumes its scan, so that no
// byte is read more than a few times, whatever the chunks.
//
// Arrays and objects, where 256 bytes or more are left, are read with the
// one-shot parser's recursive loops instead of step by step
// (`readWholeContainer()`, `continueContainer()`); when the chunk ends
// inside, the loops say what they had open as the error leaves them
// (`unwindArray`, `unwindObject`), and those containers become the open
// containers of the step-by-step reader.

/// What the incremental parser reads next, after whitespace.
enum _Expecting: UInt8 {
    /// A value: the top level's, an element after a comma, or a member's
    /// value after its colon.
    case value
    /// An array's first element, or its closing bracket.
    case valueOrArrayEnd
    /// A member's name, after a comma.
    case key
    /// An object's first member's name, or its closing brace.
    case keyOrObjectEnd
    /// The colon after a member's name.
    case colon
    /// A comma, or the closing bracket or brace of the innermost container.
    case commaOrEnd
    /// Nothing: the input holds one value, which has ended (see
    /// `_StreamState.readsOneValue`).
    case end
}

/// How far a number's text has come: the states of the number grammar of
/// RFC 8259 section 6.
@usableFromInline
enum _NumberPrefix: UInt8, Sendable {
    case start, minus, zero, integer, point, fraction, exponentMark, exponentSign, exponent

    /// The state after `byte`, or `nil` if `byte` cannot continue the
    /// number.
    ///
    /// This mirrors the bytes `_JSONParser.parseNumber()` reads, so that the
    /// incremental parser knows when a number is complete without converting
    /// it again for each chunk: the number then ends at the first byte with
    /// no next state, and `parseNumber()` gives its value or the one-shot
    /// parser's error.
    @inlinable
    @inline(__always)
    func next(_ byte: UInt8) -> Self? {
        let isDigit = byte &- UInt8(ascii: "0") < 10
        let isExponent = byte | 0x20 == UInt8(ascii: "e")
        switch self {
        case .start:
            return byte == UInt8(ascii: "-") ? .minus : byte == UInt8(ascii: "0") ? .zero : isDigit ? .integer : nil
        case .minus:
            return byte == UInt8(ascii: "0") ? .zero : isDigit ? .integer : nil
        case .zero:
            return byte == UInt8(ascii: ".") ? .point : isExponent ? .exponentMark : nil
        case .integer:
            return isDigit ? .integer : byte == UInt8(ascii: ".") ? .point : isExponent ? .exponentMark : nil
        case .point:
            return isDigit ? .fraction : nil
        case .fraction:
            return isDigit ? .fraction : isExponent ? .exponentMark : nil
        case .exponentMark:
            return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") ? .exponentSign : isDigit ? .exponent : nil
        case .exponentSign, .exponent:
            return isDigit ? .exponent : nil
        }
    }

    /// Whether a digit leaves the number in this state: in its integer
    /// part, fraction or exponent.
    @inlinable
    var takesDigitsInPlace: Bool {
        self == .integer || self == .fraction || self == .exponent
    }

    /// Moves over the bytes from `start` that can continue the number, and
    /// returns the index of the first that cannot (or `end`).
    mutating func scan(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end {
            guard let next = next(base[index]) else { return index }
            self = next
            index &+= 1
        }
        return end
    }
}

/// A token that the bytes so far cut short. Its bytes are the first bytes of
/// the next buffer, and offsets here count from its first byte.
enum _PendingToken: Equatable {
    case none
    /// A string (a member's name if `isKey`), decoded into `scratch` up to
    /// byte `resume`, where reading goes on.
    case string(isKey: Bool, resume: Int)
    /// A number whose first `resume` bytes bring it to `state`.
    case number(state: _NumberPrefix, resume: Int)
    /// A literal (`true`, `false`, `null`; `isLiteral`), or a character
    /// outside a string whose UTF-8 bytes are cut short: read again from its
    /// first byte.
    case retry(isLiteral: Bool)
}

/// The incremental reader's state between chunks.
struct _StreamState {
    var expecting = _Expecting.value
    var pending = _PendingToken.none
    /// The top-level values completed in the current chunk.
    var completed: [JSONValue] = []
    /// Where each open container starts in the stream, innermost last:
    /// since no two containers start at the same byte, the name under which
    /// partial values keep what they built for it.
    var containerOffsets: [Int] = []
    /// Whether the input is one JSON text, as for the one-shot parser:
    /// after its value only whitespace may follow, and an input without a
    /// value is an error when it ends. (The schema validator that follows a
    /// stream reads one value.)
    var readsOneValue = false
    /// Whether a top-level value has been completed.
    var hasCompletedValue = false
}

/// The arrays and objects that a read of a whole container had open when
/// its chunk ended, gathered as the error leaves them (innermost first), and
/// where the incremental reader goes on.
struct _Unwinding {
    /// Whether the innermost container has said where to go on: the error
    /// is one that more bytes may undo.
    var isActive = false
    /// Whether every container could say what it had read.
    var isComplete = true
    var containers: [Container] = []
    /// Where the incremental reader goes on, and what it reads there: the
    /// start of the token the chunk cut short, or of the member or element
    /// that holds it.
    var resumeAt = 0
    var expecting = _Expecting.value
    /// How far the read went: whitespace between `resumeAt` and here has had
    /// its newlines counted once already.
    var stoppedAt = 0

    struct Container {
        /// The container and where it starts in the stream; `nil` for one
        /// that was open already (see `continueContainer()`), the outermost.
        var open: (container: _JSONParser.OpenContainer, offset: Int)?
        /// For an object that a container inside it holds open, the name of
        /// the member that container is the value of.
        var key: String?
    }

    mutating func reset() {
        isActive = false
        isComplete = true
        containers.removeAll(keepingCapacity: true)
    }
}

extension _JSONParser {
    /// A parser for the incremental reader, with no bytes yet; with
    /// `keepsNumberText`, the text of numbers a `Double` may round is kept
    /// in `exactNumbers`, and boxes stand for them in the values read (see
    /// ``_ExactNumbers``).
    init(incremental options: JSONValue.ParsingOptions, keepsNumberText: Bool = false) {
        self.init(
            base: Self.noBytes, count: 0, options: options, exactNumbers: keepsNumberText ? _ExactNumbers() : nil)
        isFinalBuffer = false
    }

    /// Where `base` points between chunks: never read through, because
    /// `count` is zero then.
    static var noBytes: UnsafePointer<UInt8> { UnsafePointer(bitPattern: 1)! }

    /// A parser in the same state, with stacks and buffers of its own: a
    /// copied `JSONIncrementalParser` forks.
    func copy() -> _JSONParser {
        var copy = _JSONParser(
            incremental: JSONValue.ParsingOptions(
                maximumNestingDepth: depthLimit, allowsInexactNumbers: !refusesInexactNumbers),
            keepsNumberText: keepsNumberText)
        copy.exactNumbers = exactNumbers
        copy.base = base
        copy.count = count
        copy.position = position
        copy.depth = depth
        copy.elementStack = elementStack.copy()
        copy.memberStack = memberStack.copy()
        copy.openContainers = openContainers.copy()
        copy.keyStack = keyStack.copy()
        copy.textStart = textStart
        copy.scratch = scratch.copy()
        copy.origin = origin
        copy.isFinalBuffer = isFinalBuffer
        copy.stream = stream
        return copy
    }

    /// Whether the innermost open container is an object.
    var innermostIsObject: Bool {
        openContainers[openContainers.count &- 1].isObject
    }

    /// Whether a value has started and not ended.
    var isInsideValue: Bool {
        openContainers.count > 0 || stream.pending != .none
            || (stream.expecting != .value && stream.expecting != .end)
    }

    /// Reads the bytes from `position` as far as they go, handing completed
    /// top-level values to `stream.completed`. Returns the index where the
    /// bytes of a token they cut short begin (`count` if none), which the
    /// next buffer must start with.
    ///
    /// With `isFinalBuffer`, the text ends here: a value still open is an
    /// `unexpectedEndOfInput` error, as in a one-shot parse.
    mutating func readChunk() throws(JSONParseError) -> Int {
        guard try resumePendingToken() else { return 0 }
        while true {
            skipWhitespace()
            guard position < count else { break }
            let stepStart = position
            do {
                guard try step() else { return stepStart }
            } catch {
                guard case .unexpectedEndOfInput = error.kind, !isFinalBuffer else { throw error }
                // A literal, or a character's bytes, cut short: read it again.
                let first = base[stepStart]
                let isLiteral =
                    (stream.expecting == .value || stream.expecting == .valueOrArrayEnd)
                    && (first == UInt8(ascii: "t") || first == UInt8(ascii: "f") || first == UInt8(ascii: "n"))
                stream.pending = .retry(isLiteral: isLiteral)
                position = stepStart
                return stepStart
            }
        }
        if isFinalBuffer && (isInsideValue || (stream.readsOneValue && !stream.hasCompletedValue)) {
            throw error(.endOfInput)
        }
        return count
    }

    /// Goes on with the token that the last buffer cut short, whose bytes
    /// start this one; `false` if this buffer cuts it short too.
    private mutating func resumePendingToken() throws(JSONParseError) -> Bool {
        switch stream.pending {
        case .none:
            return true
        case .retry:
            stream.pending = .none
            position = 0
            return true
        case .string(let isKey, let resume):
            position = resume
            guard try continueString() else {
                if isFinalBuffer { throw error(.endOfInput) }
                stream.pending = .string(isKey: isKey, resume: position)
                position = 0
                return false
            }
            stream.pending = .none
            deliver(try finishString(start: 1), isKey: isKey)
            return true
        case .number(var state, let resume):
            let end = state.scan(base, from: resume, to: count)
            if end == count && !isFinalBuffer {
                stream.pending = .number(state: state, resume: end)
                position = 0
                return false
            }
            stream.pending = .none
            position = 0
            deliver(try parseNumber())
            return true
        }
    }

    /// Takes `chunk` into the number that the bytes so far cut short, if
    /// every byte of it goes on with the number: then the number is still not
    /// complete, and the caller only has to carry the chunk. What
    /// `resumePendingToken()` would do with the same bytes, without setting
    /// up a buffer: a fast path for numbers fed a few bytes at a time.
    mutating func extendPendingNumber(with chunk: UnsafeBufferPointer<UInt8>, carried: Int) -> Bool {
        guard case .number(var state, let resume) = stream.pending, resume == carried,
            let base = chunk.baseAddress,
            state.scan(base, from: 0, to: chunk.count) == chunk.count
        else { return false }
        stream.pending = .number(state: state, resume: resume &+ chunk.count)
        return true
    }

    /// Takes `chunk` into the string that the bytes so far cut short, if it
    /// is plain text that goes on with it (no quote, backslash or control
    /// character) and no escape waits to be completed: then the chunk
    /// changes nothing but the string's bytes, and the caller only has to
    /// carry it. A fast path for small chunks, such as a model's tokens.
    mutating func extendPendingString(with chunk: UnsafeBufferPointer<UInt8>, carried: Int) -> Bool {
        guard case .string(let isKey, let resume) = stream.pending, resume == carried else { return false }
        for byte in chunk where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return false
        }
        scratch.append(chunk)
        stream.pending = .string(isKey: isKey, resume: resume &+ chunk.count)
        return true
    }

    /// Moves past `chunk` if it is only whitespace between tokens, and says
    /// whether it was. A fast path for small chunks of indentation.
    mutating func skipWhitespaceChunk(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard chunk.count <= 64, stream.pending == .none else { return false }
        for byte in chunk {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): continue
            default: return false
            }
        }
        let offset = origin.offset &+ chunk.count
        origin = Self.advance(origin, over: chunk)
        origin.offset = offset
        return true
    }

    /// Reads one token or punctuation mark at `position`, after whitespace;
    /// `false` if the bytes end within a string or a number, which
    /// `stream.pending` then describes.
    @inline(__always)
    private mutating func step() throws(JSONParseError) -> Bool {
        let byte = base[position]
        switch stream.expecting {
        case .value, .valueOrArrayEnd:
            if byte == UInt8(ascii: "]") && stream.expecting == .valueOrArrayEnd {
                position &+= 1
                closeContainer()
                return true
            }
            return try startValue(byte)
        case .key, .keyOrObjectEnd:
            if byte == UInt8(ascii: "}") && stream.expecting == .keyOrObjectEnd {
                position &+= 1
                closeContainer()
                return true
            }
            guard byte == UInt8(ascii: "\"") else { throw unexpected() }
            return try readString(isKey: true)
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw unexpected() }
            position &+= 1
            stream.expecting = .value
            return true
        case .end:
            throw unexpected()
        case .commaOrEnd:
            if mayReadWhole, try continueContainer() { return true }
            let isObject = openContainers[openContainers.count &- 1].isObject
            if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                position &+= 1
                closeContainer()
            } else if byte == UInt8(ascii: ",") {
                position &+= 1
                stream.expecting = isObject ? .key : .value
            } else {
                throw unexpected()
            }
            return true
        }
    }

    @inline(__always)
    private mutating func startValue(_ byte: UInt8) throws(JSONParseError) -> Bool {
        switch byte {
        case UInt8(ascii: "\""):
            return try readString(isKey: false)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            if try readWholeContainer() { return true }
            try openContainer(isObject: byte == UInt8(ascii: "{"))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            deliver(.bool(true))
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            deliver(.bool(false))
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            deliver(.null)
        default:
            throw unexpected()
        }
        return true
    }

    /// Opens the array or object whose bracket or brace is at `position`,
    /// to be read step by step.
    private mutating func openContainer(isObject: Bool) throws(JSONParseError) {
        try enterContainer()
        openContainers.push(OpenContainer(start: isObject ? memberStack.count : elementStack.count, isObject: isObject))
        stream.containerOffsets.append(origin.offset &+ position)
        position &+= 1
        stream.expecting = isObject ? .keyOrObjectEnd : .valueOrArrayEnd
    }

    /// Reads the array or object at `position` with the one-shot parser's
    /// recursive reader, the fastest way through a container; `false`, with
    /// nothing read, if it is not worth trying.
    ///
    /// When the chunk ends inside, the recursive reader's arrays and objects
    /// say what they hold as the error leaves them (`unwindArray` and
    /// `unwindObject`), and they become the incremental reader's open
    /// containers, as if it had read them step by step: nothing is read
    /// twice but the token the chunk cut short. (Before, such a read was
    /// forgotten and done again step by step, so it was tried only where
    /// containers had been small enough to fit, and the records of
    /// twitter.json, larger than 4 KiB chunks, were read step by step.)
    /// Too few bytes left are read step by step at once: taking a read
    /// apart costs more than a small buffer, as when bytes come one at a
    /// time, saves.
    private mutating func readWholeContainer() throws(JSONParseError) -> Bool {
        guard mayReadWhole else { return false }
        return try readGoingOnWhereCut { (parser) throws(JSONParseError) in parser.deliver(try parser.parseValue()) }
    }

    /// Reads on through the innermost open container, from after one of its
    /// elements or members, with the recursive reader's loop, and closes it;
    /// `false`, with nothing read, if that cannot go on where the chunk
    /// ends (as in `readWholeContainer()`).
    ///
    /// A container that a whole read left open (see `goOnFromUnwinding()`)
    /// would otherwise be read step by step to its end: half of each record
    /// of twitter.json read in 4 KiB chunks.
    private mutating func continueContainer() throws(JSONParseError) -> Bool {
        let open = openContainers[openContainers.count &- 1]
        return try readGoingOnWhereCut { (parser) throws(JSONParseError) in
            if open.isObject {
                try parser.readMembers(from: open.start, opening: nil, afterMember: true)
            } else {
                try parser.readElements(from: open.start, opening: nil, afterElement: true)
            }
            parser.closeContainer()
        }
    }

    /// Whether to read on with the recursive reader here: with 256 bytes or
    /// more left, and unless a read in these bytes had to start over.
    ///
    /// A read starts over when the chunk ends deeper than the recursion
    /// limit; every later read in the same bytes would run to the same end
    /// and start over too. Trying again at each comma made a chunk holding
    /// n elements before such an end cost O(n²): 40,000 of them took 5.8 s.
    private var mayReadWhole: Bool {
        !wholeReadsStopped && count &- position >= 256
    }

    /// Runs `read`, a read with the recursive reader; if the chunk ends
    /// within it, goes on from what its arrays and objects gathered as the
    /// error left them, or, if they could not, puts everything back and
    /// returns `false`.
    @inline(__always)
    private mutating func readGoingOnWhereCut(
        _ read: (inout _JSONParser) throws(JSONParseError) -> Void
    ) throws(JSONParseError) -> Bool {
        let start = position
        let elements = elementStack.count
        let members = memberStack.count
        let keys = keyStack.count
        let containers = openContainers.count
        let savedDepth = depth
        let newlines = (newlinesPassed, lastNewline)
        unwinding.reset()
        do {
            try read(&self)
            return true
        } catch {
            // Cut short, or a number that reaches the end of the chunk and is
            // too large for `Double` or inexact (decided by the bytes after
            // it).
            guard !isFinalBuffer, error.kind == .unexpectedEndOfInput || numberRunsToEnd(error) else { throw error }
        }
        // Containers below the recursion limit are open on the stacks
        // already, without their offsets: those few reads start over.
        if unwinding.isActive && unwinding.isComplete && openContainers.count == containers {
            goOnFromUnwinding()
            return true
        }
        unwinding.reset()
        wholeReadsStopped = true
        wholeReadsStartedOver &+= 1
        elementStack.popEach(from: elements) { _ in }
        memberStack.popEach(from: members) { _ in }
        keyStack.popEach(from: keys) { _ in }
        openContainers.popEach(from: containers) { _ in }
        depth = savedDepth
        (newlinesPassed, lastNewline) = newlines
        position = start
        return false
    }

    /// Opens the containers that `unwinding` gathered, outermost first, with
    /// their elements and members where the recursive reader left them on
    /// the stacks, and goes on where it says.
    private mutating func goOnFromUnwinding() {
        // `depth` counts them already: the recursive reader entered them.
        for container in unwinding.containers.reversed() {
            if let (open, offset) = container.open {
                openContainers.push(open)
                stream.containerOffsets.append(offset)
            }
            if let key = container.key { keyStack.push(key) }
        }
        // Newlines between where reading goes on and where it stopped (in
        // the whitespace around a member's colon) will be passed again, and
        // counted again; `lastNewline` is set again then too.
        var index = unwinding.resumeAt
        while index < Swift.min(unwinding.stoppedAt, count) {
            if base[index] == UInt8(ascii: "\n") { newlinesPassed &-= 1 }
            index &+= 1
        }
        position = unwinding.resumeAt
        stream.expecting = unwinding.expecting
        unwinding.reset()
    }

    /// Whether `error`, leaving the innermost array or object of a whole
    /// read, is one that more bytes may undo; if so, starts gathering.
    private mutating func startsUnwinding(_ error: JSONParseError) -> Bool {
        guard error.kind == .unexpectedEndOfInput || numberRunsToEnd(error) else { return false }
        unwinding.isActive = true
        unwinding.stoppedAt = position
        return true
    }

    /// Gathers an array that `error` leaves (see `parseArray()`), which
    /// starts at `opening`, or is open already if that is `nil`.
    @inline(never)
    mutating func unwindArray(
        _ error: JSONParseError,
        opening: Int?,
        firstElement: Int,
        elementStart: Int,
        afterElement: Bool
    ) {
        if !unwinding.isActive {
            guard startsUnwinding(error) else { return }
            if afterElement && !endsInNumber(elementStack[elementStack.count &- 1]) {
                // Only whitespace was left after the element.
                unwinding.resumeAt = count
                unwinding.expecting = .commaOrEnd
            } else {
                // Within the element, or after a number that may go on.
                if afterElement { elementStack.removeLast() }
                unwinding.resumeAt = elementStart
                unwinding.expecting = elementStack.count == firstElement ? .valueOrArrayEnd : .value
            }
        }
        gather(OpenContainer(start: firstElement, isObject: false), opening: opening, key: nil)
    }

    /// Gathers an object that `error` leaves (see `parseObject()`), which
    /// starts at `opening`, or is open already if that is `nil`.
    @inline(never)
    mutating func unwindObject(
        _ error: JSONParseError,
        opening: Int?,
        firstMember: Int,
        keyStart: Int,
        afterMember: Bool
    ) {
        var key: String? = nil
        if !unwinding.isActive {
            guard startsUnwinding(error) else { return }
            if afterMember && !endsInNumber(memberStack[memberStack.count &- 1].1) {
                unwinding.resumeAt = count
                unwinding.expecting = .commaOrEnd
            } else {
                // The member being read starts over, name and all.
                if afterMember { memberStack.removeLast() }
                unwinding.resumeAt = keyStart
                unwinding.expecting = memberStack.count == firstMember ? .keyOrObjectEnd : .key
            }
        } else {
            // A container inside holds this object open: its member's name,
            // read again, waits on the key stack.
            let stopped = position
            position = keyStart
            key = try? parseString(isKey: true)
            position = stopped
            if key == nil { unwinding.isComplete = false }
        }
        gather(OpenContainer(start: firstMember, isObject: true), opening: opening, key: key)
    }

    /// Adds `container`, which starts at `opening` (`nil` if it was open
    /// already), to those gathered.
    private mutating func gather(_ container: OpenContainer, opening: Int?, key: String?) {
        let open = opening.map { (container: container, offset: origin.offset &+ $0) }
        unwinding.containers.append(_Unwinding.Container(open: open, key: key))
    }

    /// Whether `value`, the last one read, is a number that ends where the
    /// bytes end, and may therefore go on in the next chunk.
    private func endsInNumber(_ value: JSONValue) -> Bool {
        guard count > 0, base[count &- 1] &- UInt8(ascii: "0") < 10 else { return false }
        switch value {
        case .int, .double: return true
        default: return false
        }
    }

    /// Whether `error` is about a number that goes on to the end of the
    /// bytes, which therefore may not be complete.
    private func numberRunsToEnd(_ error: JSONParseError) -> Bool {
        switch error.kind {
        case .numberOutOfRange, .inexactNumber: break
        default: return false
        }
        let start = error.location.offset &- origin.offset
        guard start >= 0 && start < count else { return false }
        var state = _NumberPrefix.start
        return state.scan(base, from: start, to: count) == count
    }

    /// Reads a string at `position`, or as much of it as the bytes hold.
    private mutating func readString(isKey: Bool) throws(JSONParseError) -> Bool {
        let start = position
        do {
            deliver(try parseString(isKey: isKey), isKey: isKey)
            return true
        } catch {
            guard case .unexpectedEndOfInput = error.kind, !isFinalBuffer else { throw error }
        }
        // The bytes end within the string: decode what they hold, so that
        // the next chunk goes on from there (and a partial value can show it).
        scratch.removeAll()
        position = start &+ 1
        _ = try continueString()
        stream.pending = .string(isKey: isKey, resume: position &- start)
        position = start
        return false
    }

    /// Reads a number at `position`, unless the bytes may end within it.
    private mutating func readNumber() throws(JSONParseError) -> Bool {
        let start = position
        do {
            let value = try parseNumber()
            if position < count || isFinalBuffer {
                deliver(value)
                return true
            }
        } catch {
            // A number's error, such as one too large for `Double`, is
            // decided by the byte after it too, as when it comes in pieces.
            guard !isFinalBuffer else { throw error }
        }
        // A number is complete only when the byte after it is known.
        var state = _NumberPrefix.start
        let end = state.scan(base, from: start, to: count)
        guard end == count else {
            // Complete after all (it failed on its own): its error now.
            position = start
            deliver(try parseNumber())
            return true
        }
        stream.pending = .number(state: state, resume: end &- start)
        position = start
        return false
    }

    /// Hands a completed value to the innermost open container, or to the
    /// caller if none is open.
    @inline(__always)
    mutating func deliver(_ value: consuming JSONValue) {
        guard openContainers.count > 0 else {
            stream.completed.append(value)
            stream.expecting = stream.readsOneValue ? .end : .value
            stream.hasCompletedValue = true
            return
        }
        if openContainers[openContainers.count &- 1].isObject {
            memberStack.push((keyStack.removeLast(), consume value))
        } else {
            elementStack.push(consume value)
        }
        stream.expecting = .commaOrEnd
    }

    /// Hands a completed string on: a member's name waits for its value,
    /// any other string is a value.
    @inline(__always)
    private mutating func deliver(_ string: consuming String, isKey: Bool) {
        if isKey {
            keyStack.push(consume string)
            stream.expecting = .colon
        } else {
            deliver(.string(consume string))
        }
    }

    /// Closes the innermost container, whose closing bracket or brace was
    /// just read.
    mutating func closeContainer() {
        let open = openContainers.removeLast()
        depth &-= 1
        stream.containerOffsets.removeLast()
        if open.isObject {
            deliver(.object(makeObject(from: open.start)))
        } else {
            deliver(.array(elementStack.popArray(from: open.start)))
        }
    }

    // MARK: - Partial values

    /// Whether the token being read is a value (not a member's name).
    private var pendingValueIsStarted: Bool {
        switch stream.pending {
        case .none: return false
        case .string(let isKey, _): return !isKey
        case .number: return true
        // A character cut short is no value, and an error once it is whole.
        case .retry(let isLiteral): return isLiteral
        }
    }

    /// The top-level value being read, as far as it is final: see
    /// ``JSONIncrementalParser/partialValue``.
    ///
    /// `cache` keeps, for each open array and object and for the string
    /// being read, what the last partial value showed of it: when the caller
    /// has let go of that value, the next one adds to it in place instead
    /// of copying every element, member and character again, so that taking
    /// a partial value after every chunk costs O(*n*) in all, even for an
    /// array of a million numbers or a string of a million characters.
    ///
    /// `batch` holds the incremental parser's bytes after those read: the
    /// text of the string value being read, or a value started there (with
    /// its name, if the batch holds that too).
    func partialValue(reusing cache: inout _PartialCache, after batch: _ByteBatch) -> JSONValue? {
        let innermost = openContainers.count &- 1
        // Forget the containers that have closed: from the first level whose
        // container is not the one open there (those inside it closed too).
        var kept = 0
        while kept < cache.containers.count && kept <= innermost
            && cache.containers[kept].id == stream.containerOffsets[kept]
        {
            kept &+= 1
        }
        cache.containers.removeLast(cache.containers.count &- kept)
        // Outermost first, so that each container's old value in progress
        // lets go of the containers inside it, which can then grow in place;
        // and before the string being read, which can then grow in place too.
        for level in cache.containers.indices { cache.containers[level].removeChild() }
        var inner: JSONValue? = batch.completedLiteral
        if case .string(false, _) = stream.pending {
            // The batch, if any, holds more of its text.
            let more = batch.taken(from: 0)
            if cache.string?.id != origin.offset || cache.string?.agrees(with: scratch.bytes, more) != true {
                // A string's bytes are carried from its opening quote.
                cache.string = _PartialString(id: origin.offset)
            }
            cache.stringBytesRead &+= cache.string?.extend(with: scratch.bytes, more) ?? 0
            inner = cache.string.map { .string($0.text) }
        } else {
            cache.string = nil
            if case .string(let textStart) = batch.startedValue {
                inner = .string(_validPrefix(batch.taken(from: textStart)))
            }
        }
        guard innermost >= 0 else { return inner }
        while cache.containers.count <= innermost {
            let level = cache.containers.count
            cache.containers.append(
                _PartialContainer(id: stream.containerOffsets[level], start: openContainers[level].start))
        }
        var elementEnd = elementStack.count
        var memberEnd = memberStack.count
        var keyIndex = keyStack.count &- 1
        for level in stride(from: innermost, through: 0, by: -1) {
            let open = openContainers[level]
            if open.isObject {
                var childKey: String? = nil
                if level == innermost, let name = batch.nameTaken {
                    childKey = name
                } else if hasOpenMember(level: level, innermost: innermost) {
                    childKey = keyStack[keyIndex]
                    keyIndex &-= 1
                }
                cache.containers[level].updateObject(
                    from: memberStack, end: memberEnd, childKey: childKey, child: inner)
                inner = .object(cache.containers[level].object)
                memberEnd = open.start
            } else {
                cache.containers[level].updateArray(from: elementStack, end: elementEnd, child: inner)
                inner = .array(cache.containers[level].elements)
                elementEnd = open.start
            }
        }
        return inner
    }

    /// Whether a top-level value has started and not ended, with what the
    /// batch holds after the bytes read.
    func hasValueInProgress(after batch: _ByteBatch) -> Bool {
        openContainers.count > 0 || pendingValueIsStarted || batch.startedValue != .none
    }

    /// Whether the value at `tokens` is complete, while a top-level value
    /// is being read: see ``JSONIncrementalParser/isComplete(at:)``. `nil`
    /// when no value is being read, so that the caller looks in the last
    /// complete one.
    func isComplete(at tokens: [String], after batch: _ByteBatch) -> Bool? {
        let innermost = openContainers.count &- 1
        guard innermost >= 0 else {
            // A top-level string or number being read, or nothing.
            return pendingValueIsStarted || batch.valueIsInProgress ? false : nil
        }
        // Where the complete members or elements of each level end on their
        // stack, and the name of each object's member being read: found
        // from the innermost level out, as in `pathInProgress(after:)`.
        var ends = [Int](repeating: 0, count: innermost &+ 1)
        var openNames = [String?](repeating: nil, count: innermost &+ 1)
        var elementEnd = elementStack.count
        var memberEnd = memberStack.count
        var keyIndex = keyStack.count &- 1
        for level in stride(from: innermost, through: 0, by: -1) {
            let open = openContainers[level]
            if open.isObject {
                ends[level] = memberEnd
                memberEnd = open.start
                if level == innermost, let name = batch.nameTaken {
                    openNames[level] = name
                } else if hasOpenMember(level: level, innermost: innermost) {
                    openNames[level] = keyStack[keyIndex]
                    keyIndex &-= 1
                }
            } else {
                ends[level] = elementEnd
                elementEnd = open.start
            }
        }
        for level in 0...innermost {
            // The container itself is open.
            guard level < tokens.count else { return false }
            let token = tokens[level]
            let open = openContainers[level]
            var complete: JSONValue?
            if open.isObject {
                if let name = openNames[level], JSONObject.sameScalars(name, token) {
                    // The member being read (or read again, for a repeated
                    // name): only a literal the batch completed is final.
                    if level < innermost { continue }
                    return batch.completedLiteral != nil && tokens.count == level &+ 1
                }
                var index = ends[level] &- 1
                while index >= open.start {
                    // The last of a repeated name is the one that counts.
                    if JSONObject.sameScalars(memberStack[index].0, token) {
                        complete = memberStack[index].1
                        break
                    }
                    index &-= 1
                }
            } else {
                guard let index = JSONPointer.arrayIndex(token) else { return false }
                let count = ends[level] &- open.start
                if index < count {
                    complete = elementStack[open.start &+ index]
                } else if index == count {
                    if level < innermost { continue }
                    return batch.completedLiteral != nil && tokens.count == level &+ 1
                }
            }
            guard let complete else { return false }
            return Self.value(at: tokens[(level &+ 1)...], in: complete) != nil
        }
        return false
    }

    /// The value at `tokens` inside `value`, if there is one.
    static func value(at tokens: ArraySlice<String>, in value: JSONValue) -> JSONValue? {
        var current = value
        for token in tokens {
            switch current {
            case .object(let object):
                guard let member = object[token] else { return nil }
                current = member
            case .array(let elements):
                guard let index = JSONPointer.arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The reference tokens of the innermost value being read: see
    /// ``JSONIncrementalParser/pathInProgress``.
    ///
    /// `batch` holds the incremental parser's bytes after those read, where
    /// a value (and its name) may have started.
    func pathInProgress(after batch: _ByteBatch) -> [String]? {
        let innermost = openContainers.count &- 1
        let scalarStarted = pendingValueIsStarted || batch.valueIsInProgress
        let nameAfter = batch.nameTaken
        guard innermost >= 0 else { return scalarStarted ? [] : nil }
        // Room for every level at once, and reversed in place: growing the
        // array and then reversing it into a new one were two or three
        // allocations per typed snapshot.
        var tokens: [String] = []
        tokens.reserveCapacity(innermost &+ 1)
        var elementEnd = elementStack.count
        var keyIndex = keyStack.count &- 1
        for level in stride(from: innermost, through: 0, by: -1) {
            let open = openContainers[level]
            let childIsOpen = level < innermost || scalarStarted
            if open.isObject, level == innermost, let nameAfter {
                if childIsOpen { tokens.append(nameAfter) }
            } else if open.isObject {
                if childIsOpen { tokens.append(keyStack[keyIndex]) }
                if hasOpenMember(level: level, innermost: innermost) { keyIndex &-= 1 }
            } else {
                if childIsOpen { tokens.append(String(elementEnd &- open.start)) }
                elementEnd = open.start
            }
        }
        tokens.reverse()
        return tokens
    }

    /// Whether the object open at `level` has a member whose name is read
    /// and whose value is not: its name then waits on the key stack. Every
    /// object below the innermost container has one (the container inside
    /// it); the innermost has one after a colon.
    private func hasOpenMember(level: Int, innermost: Int) -> Bool {
        level < innermost || stream.expecting == .colon || stream.expecting == .value
    }
}

/// What the last partial value showed of the values still being read; see
/// `_JSONParser.partialValue(reusing:after:)`.
struct _PartialCache {
    /// The open containers, outermost first: the one at each level.
    var containers: [_PartialContainer] = []
    var string: _PartialString?
    /// How many bytes partial values have read of strings being read, in
    /// all: tests check that it is linear in the strings' lengths.
    var stringBytesRead = 0
}

/// The string value being read as the last partial value showed it: its
/// text so far, which the next partial value extends.
///
/// The string's decoded bytes are the parser's `scratch`, then the text
/// that the batch holds beyond it. Copies of a parser share the cache but
/// not the batch, so the bytes that came from a batch are kept, and checked
/// against the next batch before the text is extended.
struct _PartialString {
    /// Where the string starts in the stream.
    let id: Int
    /// The whole, valid UTF-8 characters at the start of the string.
    private(set) var text = ""
    /// How many of the string's decoded bytes `text` holds.
    private var covered = 0
    /// The bytes of `text` from `tailStart` on: those that were in the
    /// batch, beyond the scratch, when `text` was extended.
    private var tail: [UInt8] = []
    private var tailStart = 0
    /// Whether the bytes after `text` begin with an invalid UTF-8 sequence:
    /// then `text` is all the string will show (it is an error at its
    /// closing quote), and its later bytes are not read again and again.
    private var isInvalid = false

    init(id: Int) {
        self.id = id
    }

    /// Whether `text` starts the string whose decoded bytes are `scratch`,
    /// then `more`.
    func agrees(with scratch: UnsafeBufferPointer<UInt8>, _ more: [UInt8]) -> Bool {
        guard scratch.count >= tailStart, covered <= scratch.count &+ more.count else { return false }
        for (index, byte) in zip(tailStart..., tail) {
            let current = index < scratch.count ? scratch[index] : more[index &- scratch.count]
            guard current == byte else { return false }
        }
        return true
    }

    /// Extends `text` with the whole characters of `scratch`, then `more`,
    /// beyond those it has; it agrees with them.
    ///
    /// - Returns: How many bytes it read.
    mutating func extend(with scratch: UnsafeBufferPointer<UInt8>, _ more: [UInt8]) -> Int {
        guard !isInvalid else { return 0 }
        var fresh: [UInt8] = []
        if covered < scratch.count {
            fresh = Array(scratch[covered...])
            fresh += more
        } else {
            fresh = Array(more[(covered &- scratch.count)...])
        }
        let valid = fresh.withUnsafeBufferPointer { _validUTF8Prefix($0) }
        if valid > 0 {
            text += String(decoding: fresh[..<valid], as: UTF8.self)
            covered &+= valid
        }
        // A character cut short by the end of the bytes is at most three of
        // them; four or more that are not a character are invalid.
        isInvalid = fresh.count &- valid >= 4
        tailStart = scratch.count
        tail = covered > scratch.count ? Array(more[..<(covered &- scratch.count)]) : []
        return fresh.count
    }
}

/// An open array or object as the last partial value showed it.
struct _PartialContainer {
    /// Which open container this is: where it starts in the stream, and
    /// where its elements or members start on their stack.
    let id: Int
    let start: Int
    /// An array's complete elements, then the element being read if any.
    private(set) var elements: [JSONValue] = []
    /// An object's complete members, then the member being read if any.
    private(set) var object = JSONObject()
    /// How many members of the member stack `object` holds.
    private var membersTaken = 0
    /// Where the value being read went, to take it out again.
    private var child = Child.none

    private enum Child {
        case none
        case element
        /// The last member, with this name.
        case member(key: String)
        /// The last member, with this name, whose value was let go: it
        /// keeps its place until the update, where its new or final value
        /// usually takes it. Taking the member out and appending it again
        /// hashed its name twice at every partial value.
        case placeholder(key: String)
        /// A repeated name: its value took the place of an earlier one.
        case replacement(index: Int, previous: JSONValue)
    }

    init(id: Int, start: Int) {
        self.id = id
        self.start = start
    }

    /// Lets go of the value being read, if any: an element is taken out,
    /// a member keeps its name in place (see `Child.placeholder`).
    mutating func removeChild() {
        switch child {
        case .none, .placeholder: return
        case .element: elements.removeLast()
        case .member(let key):
            object[valueAt: object.count &- 1] = .null
            child = .placeholder(key: key)
            return
        case .replacement(let index, let previous): object[valueAt: index] = previous
        }
        child = .none
    }

    /// Brings an array up to date: its complete elements up to `end` on
    /// `stack`, then `value`, the element being read.
    mutating func updateArray(from stack: borrowing _ValueStack<JSONValue>, end: Int, child value: JSONValue?) {
        removeChild()
        var index = start &+ elements.count
        while index < end {
            elements.append(stack[index])
            index &+= 1
        }
        if let value {
            elements.append(value)
            child = .element
        }
    }

    /// Brings an object up to date: its complete members up to `end` on
    /// `stack` (a repeated name keeps its first place, as in the final
    /// value), then the member being read, if its value has started.
    mutating func updateObject(
        from stack: borrowing _ValueStack<(String, JSONValue)>,
        end: Int,
        childKey: String?,
        child value: JSONValue?
    ) {
        removeChild()
        var index = start &+ membersTaken
        if case .placeholder(let key) = child {
            child = .none
            let last = object.count &- 1
            if index < end && stack[index].0 == key {
                // The member that was being read is complete.
                object[valueAt: last] = stack[index].1
                index &+= 1
            } else if index == end, let value, childKey == key {
                // It is still being read.
                object[valueAt: last] = value
                child = .member(key: key)
                return
            } else {
                object.remove(at: last)
            }
        }
        while index < end {
            object.updateValue(stack[index].1, forKey: stack[index].0)
            index &+= 1
        }
        membersTaken = end &- start
        guard let childKey, let value else { return }
        if let existing = object.index(forKey: childKey) {
            child = .replacement(index: existing, previous: object[valueAt: existing])
            object[valueAt: existing] = value
        } else {
            object.append(childKey, value)
            child = .member(key: childKey)
        }
    }
}

/// The string of the whole, valid UTF-8 characters at the start of `bytes`:
/// a string being read, shown without half a character.
func _validPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: bytes[..<_validUTF8Prefix(bytes)], as: UTF8.self)
}

func _validPrefix(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { _validPrefix($0) }
}

/// How many of `bytes` form whole, valid UTF-8 characters from the start.
func _validUTF8Prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var valid = 0
    while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
        valid &+= scalar.count
    }
    return valid
}
