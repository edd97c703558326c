#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#elseif canImport(WASILibc)
import WASILibc
#elseif canImport(ucrt)
import ucrt
#endif

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// An iterative parser over an unsafe buffer: no per-byte `String` or
/// `Character` work and no Foundation. The input must stay alive while the
/// parser runs (`parse(_:options:)` guarantees it).
struct _JSONParser: ~Copyable {
    /// The bytes being read. The incremental parser points these at each
    /// chunk in turn (see `_JSONParser+Incremental.swift`).
    var base: UnsafePointer<UInt8>
    var count: Int
    var position = 0
    var depth = 0
    let depthLimit: Int
    /// Elements of the arrays being parsed, innermost last.
    var elementStack = _ValueStack<JSONValue>()
    /// Members of the objects being parsed, innermost last.
    var memberStack = _ValueStack<(String, JSONValue)>()
    /// Arrays and objects being parsed, innermost last.
    var openContainers = _ValueStack<OpenContainer>(capacity: 16)
    /// Keys of the members whose values are being parsed, innermost last.
    var keyStack = _ValueStack<String>(capacity: 16)
    /// Where the text starts: after a byte order mark, if there is one.
    var textStart = 0
    /// Bytes of a string with escapes, reused between strings.
    var scratch = _ByteBuffer(capacity: 256)
    /// Where byte 0 of `base` is in the whole text: the start, except for an
    /// incremental parser's later chunks. Only errors read it.
    var origin = JSONParseError.Location(line: 1, column: 1, offset: 0)
    /// How many newlines `skipWhitespace()` has passed in these bytes, and
    /// where the last one is (-1 before the first): outside strings, where
    /// a newline is an error, whitespace holds every newline of valid text.
    /// The incremental parser moves its origin over each chunk with them
    /// instead of reading the chunk again (see ``originMoved(to:)``).
    var newlinesPassed = 0
    var lastNewline = -1
    /// Whether the text ends at `count`. An incremental parser reading a
    /// chunk sets it to `false`: running out of bytes then means "wait for
    /// more", which it learns from an `unexpectedEndOfInput` error that
    /// costs nothing to make.
    var isFinalBuffer = true
    /// The incremental reader's state between chunks; see
    /// `_JSONParser+Incremental.swift`.
    var stream = _StreamState()
    /// What a read of a whole container that the chunk cut short had open,
    /// while the error leaves it; see `readWholeContainer()`.
    var unwinding = _Unwinding()
    /// Whether a whole read in these bytes had to start over, so that the
    /// rest of them are read step by step (see `mayReadWhole`), and how many
    /// reads have started over in all.
    var wholeReadsStopped = false
    var wholeReadsStartedOver = 0
    /// Long member names seen so far, shared between the objects that
    /// repeat them.
    private var keyCache = _KeyCache()
    /// Whether an object read so far repeated a member name (the streaming
    /// schema validator, which judged the value a name had first, then
    /// validates the whole value again).
    var hasRepeatedNames = false
    /// The tables of the objects made so far, by their names; made with
    /// the first object that needs a table.
    private var shapes: _ObjectShapes?

    /// Where the text of numbers a `Double` may round is kept, if the caller
    /// asked for it; see ``_ExactNumbers``.
    var exactNumbers: _ExactNumbers?
    /// Whether `exactNumbers` is in use: a plain `Bool` is the cheapest test
    /// on the path of every non-integer number.
    let keepsNumberText: Bool
    /// Whether every number whose text its value does not give back is kept
    /// (see ``_ExactNumbers/keepsEveryNumberText``).
    private let keepsEveryNumberText: Bool
    /// Whether a number that neither `Int` nor `Double` holds exactly is an
    /// error (``JSONValue/ParsingOptions/allowsInexactNumbers`` is `false`):
    /// one `Bool` test per non-integer number when it is not.
    let refusesInexactNumbers: Bool

    init(
        base: UnsafePointer<UInt8>,
        count: Int,
        options: JSONValue.ParsingOptions,
        exactNumbers: _ExactNumbers?
    ) {
        self.base = base
        self.count = count
        self.depthLimit = options.maximumNestingDepth
        self.exactNumbers = exactNumbers
        self.keepsNumberText = exactNumbers != nil
        self.keepsEveryNumberText = exactNumbers?.keepsEveryNumberText ?? false
        self.refusesInexactNumbers = !options.allowsInexactNumbers
    }

    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        options: JSONValue.ParsingOptions
    ) throws(JSONParseError) -> JSONValue {
        var exactNumbers: _ExactNumbers? = nil
        return try parse(bytes, options: options, exactNumbers: &exactNumbers)
    }

    /// Parses `bytes`; if `exactNumbers` is not `nil`, numbers that a `Double`
    /// may round are boxed in the tree and their text kept there.
    ///
    /// With ``JSONValue/ParsingOptions/allowsJSON5``, the text is first read
    /// as strict JSON, and only text that the strict parser refuses is read
    /// again by the JSON5 reader. Every JSON text means the same in JSON5, so
    /// the result is the same; what it saves is time: the strict parser is
    /// 2 to 5 times faster than the JSON5 reader on the corpus files, and
    /// JSON5 documents, which are small configuration files in practice, pay
    /// for a partial strict attempt.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        options: JSONValue.ParsingOptions,
        exactNumbers: inout _ExactNumbers?
    ) throws(JSONParseError) -> JSONValue {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw .unexpectedEndOfInput(at: JSONParseError.Location(line: 1, column: 1, offset: 0))
        }
        var parser = _JSONParser(base: base, count: bytes.count, options: options, exactNumbers: exactNumbers)
        parser.skipByteOrderMark()
        do throws(JSONParseError) {
            parser.skipWhitespace()
            let value = try parser.parseValue()
            parser.skipWhitespace()
            if parser.position < parser.count {
                throw parser.unexpected()
            }
            exactNumbers = parser.exactNumbers
            return value
        } catch {
            guard options.allowsJSON5 else { throw error }
            // JSON5 reads these the same way: no need to read it all again.
            switch error.kind {
            case .nestingTooDeep, .inexactNumber: throw error
            default: break
            }
            return try _JSON5Parser.parse(
                bytes, textStart: parser.textStart, options: options, exactNumbers: &exactNumbers)
        }
    }

    /// Skips a UTF-8 byte order mark at the start, as `JSONSerialization` and
    /// `JSONDecoder` do (RFC 8259 section 8.1 allows ignoring it). Offsets
    /// still count its three bytes; lines and columns start after it.
    private mutating func skipByteOrderMark() {
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
            position = 3
            textStart = 3
        }
    }

    // MARK: - Values

    /// An array or object that is open while its elements are read.
    struct OpenContainer {
        /// Where its elements start on `elementStack`, or its members on
        /// `memberStack`.
        var start: Int
        var isObject: Bool
    }

    /// How deep `parseValue` recurses before it hands the rest of a value to
    /// `parseNestedValue`.
    ///
    /// Recursion is the fastest way through ordinary documents (the
    /// iterative parser alone was 7-12% slower on the three corpus files),
    /// and 16 levels take at most about 40 KiB of stack even in a debug
    /// build; deeper input goes through the iterative parser, whose stack use
    /// does not grow with depth.
    static let recursionLimit = 16

    /// Parses a value at `position`, recursing into arrays and objects up to
    /// ``recursionLimit`` levels.
    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard position < count else { throw error(.endOfInput) }
        switch base[position] {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "{"):
            return depth < Self.recursionLimit ? try parseObject() : try parseNestedValue()
        case UInt8(ascii: "["):
            return depth < Self.recursionLimit ? try parseArray() : try parseNestedValue()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            throw unexpected()
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        let opening = position
        try enterContainer()
        position &+= 1  // [
        skipWhitespace()
        if position < count && base[position] == UInt8(ascii: "]") {
            position &+= 1
            depth &-= 1
            return .array([])
        }
        let firstElement = elementStack.count
        try readElements(from: firstElement, opening: opening, afterElement: false)
        depth &-= 1
        return .array(elementStack.popArray(from: firstElement))
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        let opening = position
        try enterContainer()
        position &+= 1  // {
        skipWhitespace()
        let firstMember = memberStack.count
        if position < count && base[position] == UInt8(ascii: "}") {
            position &+= 1
            depth &-= 1
            return .object([:])
        }
        try readMembers(from: firstMember, opening: opening, afterMember: false)
        depth &-= 1
        return .object(makeObject(from: firstMember))
    }

    // The loops of `parseArray()` and `parseObject()`, through the closing
    // bracket or brace, from the first element or member, or (for an
    // incremental parser's open container, see `continueContainer()`) after
    // one. An incremental parser reads arrays and objects with them before
    // its last chunk (see `readWholeContainer()`): when the chunk ends
    // inside, each tells `unwindArray` or `unwindObject` on the error's way
    // out what it has read (where the last element or member starts, and
    // whether it was read whole), so that the incremental reader goes on
    // from there.

    @inline(__always)
    mutating func readElements(from firstElement: Int, opening: Int?, afterElement: Bool) throws(JSONParseError) {
        var elementStart = position
        var afterElement = afterElement
        do throws(JSONParseError) {
            if !afterElement {
                elementStack.push(try parseMemberValue())
                afterElement = true
            }
            while try !endOfContainer(closedBy: UInt8(ascii: "]")) {
                afterElement = false
                elementStart = position
                elementStack.push(try parseMemberValue())
                afterElement = true
            }
        } catch {
            if !isFinalBuffer {
                unwindArray(
                    error, opening: opening, firstElement: firstElement, elementStart: elementStart,
                    afterElement: afterElement)
            }
            throw error
        }
    }

    @inline(__always)
    mutating func readMembers(from firstMember: Int, opening: Int?, afterMember: Bool) throws(JSONParseError) {
        var keyStart = position
        var afterMember = afterMember
        do throws(JSONParseError) {
            if !afterMember {
                try readMember()
                afterMember = true
            }
            while try !endOfContainer(closedBy: UInt8(ascii: "}")) {
                afterMember = false
                keyStart = position
                try readMember()
                afterMember = true
            }
        } catch {
            if !isFinalBuffer {
                unwindObject(
                    error, opening: opening, firstMember: firstMember, keyStart: keyStart, afterMember: afterMember)
            }
            throw error
        }
    }

    /// Reads a member, name and value, onto the member stack.
    @inline(__always)
    private mutating func readMember() throws(JSONParseError) {
        let key = try parseKey()
        let value = try parseMemberValue()
        memberStack.push((consume key, consume value))
    }

    /// Parses an element of an array or the value of a member: a string or
    /// a number, most of them in documents of any shape, straight away, and
    /// anything else through `parseValue()`, whose call and dispatch were a
    /// tenth of the instructions of a short number.
    @inline(__always)
    private mutating func parseMemberValue() throws(JSONParseError) -> JSONValue {
        if position < count {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") { return .string(try parseString()) }
            if byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") { return try parseNumber() }
        }
        return try parseValue()
    }

    /// Parses an array or an object at `position`, however deep.
    ///
    /// Iterative, not recursive: open arrays and objects wait on
    /// `openContainers`, their elements on `elementStack` and `memberStack`,
    /// and the keys of the members being read on `keyStack`. The machine
    /// stack therefore stays the same at any depth, which keeps deeply nested
    /// input safe on threads with small stacks (512 KiB on Apple platforms'
    /// secondary threads).
    private mutating func parseNestedValue() throws(JSONParseError) -> JSONValue {
        var value: JSONValue
        // The containers open below this value (an incremental parser's)
        // are not this function's to close.
        let floor = openContainers.count
        while true {
            // Descend: open containers until a complete value is read.
            descend: while true {
                guard position < count else { throw error(.endOfInput) }
                switch base[position] {
                case UInt8(ascii: "\""):
                    value = .string(try parseString())
                    break descend
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    value = try parseNumber()
                    break descend
                case UInt8(ascii: "["):
                    try enterContainer()
                    position &+= 1
                    skipWhitespace()
                    if position < count && base[position] == UInt8(ascii: "]") {
                        position &+= 1
                        depth &-= 1
                        value = .array([])
                        break descend
                    }
                    openContainers.push(OpenContainer(start: elementStack.count, isObject: false))
                case UInt8(ascii: "{"):
                    try enterContainer()
                    position &+= 1
                    skipWhitespace()
                    guard position < count else { throw error(.endOfInput) }
                    if base[position] == UInt8(ascii: "}") {
                        position &+= 1
                        depth &-= 1
                        value = .object([:])
                        break descend
                    }
                    openContainers.push(OpenContainer(start: memberStack.count, isObject: true))
                    keyStack.push(try parseKey())
                case UInt8(ascii: "t"):
                    try expectLiteral("true")
                    value = .bool(true)
                    break descend
                case UInt8(ascii: "f"):
                    try expectLiteral("false")
                    value = .bool(false)
                    break descend
                case UInt8(ascii: "n"):
                    try expectLiteral("null")
                    value = .null
                    break descend
                default:
                    throw unexpected()
                }
            }
            // Ascend: hand the value to the innermost open container, and
            // close every container that ends here. (`value` is copied onto
            // the stacks, not moved: with `consume value` here, which the
            // compiler accepts, Swift 6.3.1's debug builds read the
            // moved-from value later; AddressSanitizer shows it.)
            while true {
                guard openContainers.count > floor, let open = openContainers.last else { return value }
                if open.isObject {
                    memberStack.push((keyStack.removeLast(), value))
                    guard try endOfContainer(closedBy: UInt8(ascii: "}")) else {
                        keyStack.push(try parseKey())
                        break
                    }
                    value = .object(makeObject(from: open.start))
                } else {
                    elementStack.push(value)
                    guard try endOfContainer(closedBy: UInt8(ascii: "]")) else { break }
                    value = .array(elementStack.popArray(from: open.start))
                }
                openContainers.removeLast()
                depth &-= 1
            }
        }
    }

    @inline(__always)
    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let bytes = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        // `true`, `false` and `null` whole, in a comparison or two, when
        // the bytes are there; the loop below reads anything else, and
        // makes the errors.
        if (length == 4 || length == 5) && position &+ length <= count {
            let text = UnsafeRawPointer(base + position)
            if text.loadUnaligned(as: UInt32.self) == UnsafeRawPointer(bytes).loadUnaligned(as: UInt32.self)
                && (length == 4 || base[position &+ 4] == bytes[4])
            {
                position &+= length
                return
            }
        }
        let start = position
        for index in 0..<length {
            guard position < count else { throw error(.endOfInput) }
            guard base[position] == bytes[index] else {
                // `tru` followed by anything: the literal is what is wrong,
                // so say so where it starts, not at the character after it.
                guard index > 0 else { throw unexpected() }
                position = start
                throw error(.invalidLiteral)
            }
            position &+= 1
        }
    }

    @inline(__always)
    mutating func enterContainer() throws(JSONParseError) {
        guard depth < depthLimit else {
            throw error(.nestingTooDeep(depthLimit))
        }
        depth &+= 1
    }

    /// Parses a member's key and the colon after it, and skips the
    /// whitespace before its value.
    @inline(__always)
    mutating func parseKey() throws(JSONParseError) -> String {
        guard position < count else { throw error(.endOfInput) }
        guard base[position] == UInt8(ascii: "\"") else { throw unexpected() }
        let key = try parseString(isKey: true)
        skipWhitespace()
        guard position < count else { throw error(.endOfInput) }
        guard base[position] == UInt8(ascii: ":") else { throw unexpected() }
        position &+= 1
        skipWhitespace()
        return key
    }

    /// Moves the members from `start` to the top of `memberStack` into a
    /// dictionary.
    @inline(__always)
    mutating func makeObject(from start: Int) -> JSONObject {
        // The members move from the stack straight into the object's
        // storage; a repeated name keeps its last value, at its first
        // position.
        let count = memberStack.count &- start
        if count >= JSONObject.tableThreshold && shapes == nil && _ObjectShapes.isAvailable { shapes = _ObjectShapes() }
        let object = JSONObject(count: count, shapes: shapes) { members in
            var index = 0
            memberStack.popEach(from: start) { member in
                (members + index).initialize(to: _ObjectMember(key: member.0, value: member.1))
                index &+= 1
            }
        }
        if object.count != count { hasRepeatedNames = true }
        return object
    }

    /// Reads what follows an element or member: `true` after the closing
    /// bracket, `false` after a comma (and the whitespace behind it).
    @inline(__always)
    mutating func endOfContainer(closedBy closing: UInt8) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard position < count else { throw error(.endOfInput) }
        let byte = base[position]
        if byte == closing {
            position &+= 1
            return true
        }
        guard byte == UInt8(ascii: ",") else { throw unexpected() }
        position &+= 1
        skipWhitespace()
        return false
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < count {
            let byte = base[position]
            // Most calls find a token at once (after a name, before a
            // comma): one comparison, as every whitespace byte is at most a
            // space, where the cases below took four.
            if byte > UInt8(ascii: " ") { return }
            switch byte {
            case UInt8(ascii: "\n"):
                newlinesPassed &+= 1
                lastNewline = position
                position &+= 1
                // Indentation: pretty-printed documents (71% of
                // citm_catalog.json) are mostly runs of spaces after a newline.
                while position &+ 8 <= count,
                    UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
                {
                    position &+= 8
                }
                // The rest of the run, up to seven spaces, in one step: the
                // spaces before the first other byte of a word.
                if position &+ 8 <= count {
                    let rest =
                        UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                        ^ 0x2020_2020_2020_2020
                    position &+= rest.trailingZeroBitCount &>> 3
                }
            case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                position &+= 1
            default:
                return
            }
        }
    }

    // MARK: - Strings

    /// Parses a string; `position` is at its opening quote.
    mutating func parseString(isKey: Bool = false) throws(JSONParseError) -> String {
        let start = position &+ 1
        var index = start
        var highBits: UInt8 = 0
        var wideHighBits: UInt64 = 0
        index = plainTextEnd(from: index, highBits: &wideHighBits)
        if wideHighBits & 0x8080_8080_8080_8080 != 0 { highBits = 0x80 }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                position = index &+ 1
                let bytes = UnsafeBufferPointer(start: base + start, count: index &- start)
                if isKey && bytes.count >= _KeyCache.minimumLength {
                    let (cached, slot) = keyCache.name(bytes)
                    if let cached { return cached }
                    let name = try makeString(bytes, offset: start, isASCII: highBits & 0x80 == 0)
                    keyCache.store(name, in: slot)
                    return name
                }
                if isKey && bytes.count > 0 {
                    let (low, high) = _KeyCache.words(bytes, available: count &- start)
                    let (cached, slot) = keyCache.shortName(low: low, high: high)
                    if let cached { return cached }
                    let name = try makeString(bytes, offset: start, isASCII: highBits & 0x80 == 0)
                    keyCache.storeShort(name, low: low, high: high, in: slot)
                    return name
                }
                return try makeString(bytes, offset: start, isASCII: highBits & 0x80 == 0)
            }
            if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(start: start, firstEscape: index)
            }
            if byte < 0x20 {
                position = index
                throw error(.controlCharacter(byte))
            }
            highBits |= byte
            index &+= 1
        }
        position = count
        throw error(.endOfInput)
    }

    /// Where the plain text of a string from `index` ends, read eight bytes
    /// at a time while eight are left: at the first quote, backslash or
    /// control character, or where fewer than eight bytes remain. The bytes
    /// passed are ORed into `highBits`.
    @inline(__always)
    func plainTextEnd(from start: Int, highBits: inout UInt64) -> Int {
        var index = start
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let attention = _attention(word)
            if attention != 0 {
                // Straight to the first byte that needs attention (the
                // lowest flag is always a true one); the bytes before it
                // are plain text. Going through them one at a time was half
                // the bytes of a short name.
                let plain = UInt64(attention.trailingZeroBitCount / 8)
                highBits |= word & ((1 &<< (plain &* 8)) &- 1)
                return index &+ Int(plain)
            }
            highBits |= word
            index &+= 8
        }
        return index
    }

    /// Parses the rest of a string that contains escapes, copying it into
    /// `scratch`.
    private mutating func parseEscapedString(start: Int, firstEscape: Int) throws(JSONParseError) -> String {
        scratch.removeAll()
        scratch.append(UnsafeBufferPointer(start: base + start, count: firstEscape &- start))
        position = firstEscape
        guard try continueString() else { throw error(.endOfInput) }
        return try finishString(start: start)
    }

    /// The string whose bytes after the opening quote start at `start`,
    /// from what `continueString()` decoded into `scratch`; `position` is
    /// after its closing quote.
    mutating func finishString(start: Int) throws(JSONParseError) -> String {
        // Escapes produce valid UTF-8 themselves, so the copy is valid
        // exactly when the raw bytes are.
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // The raw bytes validated here, and the copy made unchecked (see
            // `makeString`), with the standard library's ASCII flag set
            // when it holds.
            try validateUTF8(UnsafeBufferPointer(start: base + start, count: position &- 1 &- start), offset: start)
            var text = unsafe UTF8Span(unchecked: scratch.bytes.span, isKnownASCII: false)
            _ = text.checkForASCII()
            return String(copying: text)
        }
        let string = String(decoding: scratch.bytes, as: UTF8.self)
        if !Self.isUnchanged(string, scratch.bytes) {
            try validateUTF8(UnsafeBufferPointer(start: base + start, count: position &- 1 &- start), offset: start)
        }
        return string
    }

    /// Decodes a string's bytes from `position` on, appending them to
    /// `scratch`: `true` at the closing quote, with `position` after it, and
    /// `false` at the end of the bytes, with `position` at the start of an
    /// escape the bytes cut short (or at `count`) and everything before it
    /// in `scratch`, so that the incremental parser resumes there when the
    /// next chunk comes.
    mutating func continueString() throws(JSONParseError) -> Bool {
        // Raw bytes are copied in runs; escapes are decoded one by one.
        var runStart = position
        while position < count {
            // Plain text eight bytes at a time, as in `parseString`: a
            // string with escapes, or one that a chunk cut short, is mostly
            // plain text too. (The high bits are not needed here.)
            var highBits: UInt64 = 0
            position = plainTextEnd(from: position, highBits: &highBits)
            guard position < count else { break }
            let byte = base[position]
            switch byte {
            case UInt8(ascii: "\""):
                scratch.append(UnsafeBufferPointer(start: base + runStart, count: position &- runStart))
                position &+= 1
                return true
            case UInt8(ascii: "\\"):
                scratch.append(UnsafeBufferPointer(start: base + runStart, count: position &- runStart))
                let escapeStart = position
                do {
                    try parseEscape()
                } catch {
                    guard case .unexpectedEndOfInput = error.kind, !isFinalBuffer else { throw error }
                    position = escapeStart
                    return false
                }
                runStart = position
            case 0..<0x20:
                throw error(.controlCharacter(byte))
            default:
                position &+= 1
            }
        }
        scratch.append(UnsafeBufferPointer(start: base + runStart, count: position &- runStart))
        return false
    }

    /// Parses one escape sequence at `position` into `scratch`.
    mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = position
        position &+= 1
        guard position < count else { throw error(.endOfInput) }
        let byte = base[position]
        position &+= 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad(escapeStart: escapeStart)
            if scalar >= 0xD800 && scalar < 0xDC00 {
                // A high surrogate must be followed by an escaped low surrogate.
                if !isFinalBuffer
                    && (position == count || position &+ 1 == count && base[position] == UInt8(ascii: "\\"))
                {
                    // The low surrogate may come in the next chunk.
                    throw error(.endOfInput)
                }
                guard position &+ 1 < count, base[position] == UInt8(ascii: "\\"),
                    base[position &+ 1] == UInt8(ascii: "u")
                else {
                    position = escapeStart
                    throw error(.loneSurrogate)
                }
                let lowStart = position
                position &+= 2
                let low = try parseHexQuad(escapeStart: lowStart)
                guard low >= 0xDC00 && low < 0xE000 else {
                    position = escapeStart
                    throw error(.loneSurrogate)
                }
                scalar = _scalar(highSurrogate: scalar, lowSurrogate: low)
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                position = escapeStart
                throw error(.loneSurrogate)
            }
            appendUTF8(scalar)
        default:
            guard let control = _controlCharacter(escapedBy: byte) else {
                position = escapeStart
                throw error(.invalidEscape)
            }
            scratch.append(control)
        }
    }

    private mutating func parseHexQuad(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < count else { throw error(.endOfInput) }
            guard let digit = _hexValue(base[position]) else {
                position = escapeStart
                throw error(.invalidEscape)
            }
            value = value << 4 | UInt32(digit)
            position &+= 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Makes a string from bytes, refusing invalid UTF-8 with the location
    /// of the first bad byte; `isASCII` says that no byte has its high bit
    /// set, so there is nothing to check.
    ///
    /// For other bytes, the standard library validates while it builds the string and replaces
    /// invalid sequences; comparing its bytes with the input tells whether it
    /// had to, which is much cheaper than validating twice.
    @inline(__always)
    private mutating func makeString(
        _ bytes: UnsafeBufferPointer<UInt8>,
        offset: Int,
        isASCII: Bool
    ) throws(JSONParseError) -> String {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // Validated here, with the fast paths of `validateUTF8` for runs
            // of two- and three-byte characters, and copied unchecked: the
            // standard library's validation, a byte at a time, was a tenth
            // of parsing twitter.json. ASCII, known from the scan for the
            // closing quote, is not scanned again.
            if !isASCII { try validateUTF8(bytes, offset: offset) }
            return String(copying: unsafe UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if !isASCII && !Self.isUnchanged(string, bytes) {
            try validateUTF8(bytes, offset: offset)
        }
        return string
    }

    /// Whether `string` holds exactly `bytes`, that is, whether building it
    /// replaced no invalid UTF-8.
    ///
    /// Read through the UTF-8 view in place: `withUTF8` needs a `var` copy,
    /// a retain and a release for every string that is not ASCII. (A string
    /// without contiguous UTF-8, which a parse never makes, counts as
    /// changed: its bytes are then validated.)
    static func isUnchanged(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { stored in
            stored.count == bytes.count
                && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        } ?? false
    }

    /// Checks well-formed UTF-8 (no overlong forms, surrogates or values
    /// beyond U+10FFFF), reporting the first bad byte's location.
    mutating func validateUTF8(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) throws(JSONParseError) {
        var index = 0
        let end = bytes.count
        guard let start = bytes.baseAddress else { return }
        while index < end {
            if index &+ 8 <= end,
                UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index &+= 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            // Valid two- and three-byte sequences (Latin, Greek, Cyrillic,
            // CJK text) in a few comparisons; the general path below takes
            // the others, and finds the errors where it always did. Going
            // through it for each character was a ninth of reading
            // twitter.json onto a tape.
            if index &+ 3 <= end {
                let second = bytes[index &+ 1]
                if lead & 0xE0 == 0xC0 {
                    if lead >= 0xC2 && second & 0xC0 == 0x80 {
                        index &+= 2
                        continue
                    }
                } else if lead & 0xF0 == 0xE0 && second & 0xC0 == 0x80 && bytes[index &+ 2] & 0xC0 == 0x80 {
                    // Not overlong (E0 needs A0 or more), not a surrogate (ED needs 9F or less).
                    if (lead != 0xE0 || second >= 0xA0) && (lead != 0xED || second <= 0x9F) {
                        index &+= 3
                        // A run of them (CJK text), while their leads need
                        // no range for the second byte (E1 to EC, EE, EF).
                        while index &+ 3 <= end {
                            let next = bytes[index]
                            guard next &- 0xE1 < 0x0C || next &- 0xEE < 0x02 else { break }
                            let continuations = UnsafeRawPointer(start + (index &+ 1)).loadUnaligned(as: UInt16.self)
                            guard continuations & 0xC0C0 == 0x8080 else { break }
                            index &+= 3
                        }
                        continue
                    }
                }
            }
            var length = 0
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                secondHigh = 0x9F
            case 0xF0:
                length = 4
                secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondHigh = 0x8F
            default:
                position = offset &+ index
                throw error(.invalidUTF8)
            }
            for continuation in 1..<length {
                let at = index &+ continuation
                let low = continuation == 1 ? secondLow : 0x80
                let high = continuation == 1 ? secondHigh : 0xBF
                guard at < end, bytes[at] >= low, bytes[at] <= high else {
                    position = offset &+ Swift.min(at, end)
                    throw error(.invalidUTF8)
                }
            }
            index &+= length
        }
    }

    // MARK: - Numbers

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var index = position
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        guard index < count else {
            position = index
            throw error(.endOfInput)
        }
        // Integer part.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        let first = base[index]
        if first == UInt8(ascii: "0") {
            index &+= 1
            if index < count, base[index] &- UInt8(ascii: "0") < 10 {
                position = start
                throw error(.leadingZero)
            }
        } else if first &- UInt8(ascii: "1") < 9 {
            // Up to eight digits a word at a time, and the byte loop for
            // the rest: integer parts longer than that are rare, and mostly
            // a digit or two longer (the 9-digit ids of citm_catalog.json,
            // where a second word cost more than the loop). The loop also
            // takes what is left near the end of the bytes.
            digits: do {
                if index &+ 8 <= count {
                    let (run, value) = _digitRun(at: base + index)
                    mantissa = value
                    significantDigits = run
                    index &+= run
                    // A byte that is not a digit ends the run.
                    if run < 8 { break digits }
                }
                while index < count {
                    let digit = base[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { break }
                    if significantDigits < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                    }
                    significantDigits &+= 1
                    index &+= 1
                }
            }
        } else {
            position = index
            throw error(.invalidNumber)
        }
        let integerDigits = significantDigits
        var isInteger = true
        var fractionDigits = 0
        // Fraction.
        if index < count && base[index] == UInt8(ascii: ".") {
            isInteger = false
            index &+= 1
            let fractionStart = index
            if significantDigits == 0 {
                // Zeros after "0." are not significant digits.
                while index < count && base[index] == UInt8(ascii: "0") {
                    fractionDigits &+= 1
                    index &+= 1
                }
            }
            digits: do {
                while index &+ 8 <= count {
                    let (run, value) = _digitRun(at: base + index)
                    guard significantDigits &+ run <= 19 else { break }
                    mantissa = mantissa &* _powersOfTen[run] &+ value
                    significantDigits &+= run
                    fractionDigits &+= run
                    index &+= run
                    if run < 8 { break digits }
                }
                while index < count {
                    let digit = base[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { break }
                    // Past 19 digits the mantissa is full: the count alone
                    // sends the number to the exact slow path.
                    if significantDigits < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        fractionDigits &+= 1
                    }
                    significantDigits &+= 1
                    index &+= 1
                }
            }
            guard index > fractionStart else {
                position = index
                throw index < count ? error(.invalidNumber) : error(.endOfInput)
            }
        }
        // Exponent.
        var exponent = 0
        if index < count && (base[index] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            index &+= 1
            var exponentNegative = false
            if index < count && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) {
                exponentNegative = base[index] == UInt8(ascii: "-")
                index &+= 1
            }
            let exponentStart = index
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if exponent < 100_000 { exponent = exponent &* 10 &+ Int(digit) }
                index &+= 1
            }
            guard index > exponentStart else {
                position = index
                throw index < count ? error(.invalidNumber) : error(.endOfInput)
            }
            if exponentNegative { exponent = -exponent }
        }
        position = index

        // Up to 19 digits, the mantissa holds them all. An integer beyond
        // Int (beyond 2³¹ where Int has 32 bits) goes on to be a double.
        if isInteger && integerDigits <= 19,
            let integer: Int = _signedInteger(magnitude: mantissa, negative: negative)
        {
            if keepsEveryNumberText && negative && integer == 0 {
                let text = UnsafeBufferPointer(start: base + start, count: index &- start)
                return .double(exactNumbers!.box(-0.0, text: text, isInteger: true))
            }
            return .int(integer)
        }
        let value = try doubleValue(
            mantissa: mantissa, power: exponent &- fractionDigits, significantDigits: significantDigits,
            negative: negative, start: start)
        // Up to 15 significant digits, a normal double always gives the
        // digits back (DBL_DIG); others are compared.
        if refusesInexactNumbers && !(significantDigits <= 15 && value.isNormal) {
            try refuseIfInexact(value, from: start)
        }
        // More than 15 significant digits, an integer beyond Int, or an
        // integral value beyond 2^53 may not survive a Double: keep the text
        // if asked (see _ExactNumbers).
        if keepsNumberText
            && (isInteger || significantDigits > 15 || value.magnitude >= 0x1p53 || keepsEveryNumberText)
        {
            let text = UnsafeBufferPointer(start: base + start, count: index &- start)
            return .double(exactNumbers!.box(value, text: text))
        }
        return .double(value)
    }

    /// Throws ``JSONParseError/Kind/inexactNumber(_:)`` at `start` if
    /// `value` does not give back the digits of the number text from
    /// `start` to `position`. Kept out of line, so that `parseNumber()`
    /// stays as small as it was for the default options.
    @inline(never)
    private mutating func refuseIfInexact(_ value: Double, from start: Int) throws(JSONParseError) {
        let text = UnsafeBufferPointer(start: base + start, count: position &- start)
        guard !_doubleKeepsDigits(value, of: text) else { return }
        position = start
        throw .inexactNumber(text, at: location(of: start))
    }

    /// The correctly rounded `Double` of the number text that starts at
    /// `start` and ends at `position`, whose first 19 significant digits are
    /// `mantissa` and whose value is `mantissa` × 10^`power` when it has no
    /// more digits than that.
    @inline(__always)
    private mutating func doubleValue(
        mantissa: UInt64,
        power: Int,
        significantDigits: Int,
        negative: Bool,
        start: Int
    ) throws(JSONParseError) -> Double {
        // Clinger's fast path: the mantissa and the power of ten are both exact
        // doubles, so one correctly rounded multiplication or division gives
        // the correctly rounded result.
        if significantDigits <= 19 && mantissa <= 1 << 53 {
            if power >= -22 && power <= 22 {
                var value = Double(mantissa)
                if power < 0 {
                    value /= _exactPowersOfTen[-power]
                } else {
                    value *= _exactPowersOfTen[power]
                }
                return negative ? -value : value
            }
        }
        if significantDigits <= 19, let value = _eiselLemire(mantissa, power) {
            guard value.isFinite else {
                position = start
                throw error(.outOfRange)
            }
            return negative ? -value : value
        }
        return try slowDouble(from: start, to: position)
    }

    /// Converts number text with the standard library's correctly rounded
    /// parser, for the numbers the fast path cannot take.
    private mutating func slowDouble(from start: Int, to end: Int) throws(JSONParseError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end &- start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            position = start
            throw error(.outOfRange)
        }
        return value
    }

    // MARK: - Errors

    enum Problem {
        case endOfInput
        case invalidLiteral
        case nestingTooDeep(Int)
        case leadingZero, invalidNumber, outOfRange
        case invalidEscape, loneSurrogate
        case controlCharacter(UInt8)
        case invalidUTF8
    }

    /// The error for the byte at `position`, which cannot appear there.
    func unexpected() -> JSONParseError {
        guard position < count else { return error(.endOfInput) }
        if !isFinalBuffer && base[position] >= 0xC2 {
            // The character may go on in the next chunk: what it is, and
            // whether it is valid UTF-8, decides the error.
            let length = base[position] >= 0xF0 ? 4 : base[position] >= 0xE0 ? 3 : 2
            var index = position &+ 1
            while index < count && base[index] & 0xC0 == 0x80 { index &+= 1 }
            if index == count && index &- position < length { return error(.endOfInput) }
        }
        return .unexpectedCharacter(
            in: UnsafeBufferPointer(start: base, count: count), at: position, location: location(of: position))
    }

    func error(_ problem: Problem) -> JSONParseError {
        let kind: JSONParseError.Kind
        switch problem {
        case .endOfInput:
            // Before the last chunk, the end of the bytes only means "wait":
            // nobody reads this error's location, so it costs nothing.
            return .unexpectedEndOfInput(at: isFinalBuffer ? location(of: count) : origin)
        case .invalidLiteral: kind = .invalidLiteral
        case .nestingTooDeep(let limit): kind = .nestingTooDeep(limit: limit)
        case .leadingZero: kind = .numberWithLeadingZero
        case .invalidNumber: kind = .invalidNumber
        case .outOfRange: kind = .numberOutOfRange
        case .invalidEscape: kind = .invalidEscape
        case .loneSurrogate: kind = .loneSurrogate
        case .controlCharacter(let byte): kind = .unescapedControlCharacter(Unicode.Scalar(byte))
        case .invalidUTF8: kind = .invalidUTF8
        }
        return JSONParseError(kind, at: location(of: Swift.min(position, count)))
    }

    /// Computes the line and column of a byte offset; only called for errors.
    func location(of offset: Int) -> JSONParseError.Location {
        Self.location(
            of: offset, in: UnsafeBufferPointer(start: base, count: count), textStart: textStart, origin: origin)
    }

    /// The line, column and offset of byte `offset` of `bytes`, whose first
    /// byte is at `origin` in the whole text (its start, unless an
    /// incremental parser is reading a later chunk), counting from
    /// `textStart` (after a byte order mark); columns count Unicode scalars.
    static func location(
        of offset: Int,
        in bytes: UnsafeBufferPointer<UInt8>,
        textStart: Int,
        origin: JSONParseError.Location = JSONParseError.Location(line: 1, column: 1, offset: 0)
    ) -> JSONParseError.Location {
        let start = Swift.min(textStart, offset)
        var location = advance(origin, over: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        location.offset = origin.offset &+ offset
        return location
    }

    /// The location of byte `offset` of these bytes, every byte before which
    /// has been read: `origin` moved over them with the newlines that
    /// `skipWhitespace()` counted, so that only the bytes after the last
    /// newline are read again (for their column).
    ///
    /// Counting the newlines of every chunk a second time was a tenth of
    /// reading twitter.json in 4 KiB chunks.
    func originMoved(to offset: Int) -> JSONParseError.Location {
        var location = origin
        location.offset = origin.offset &+ offset
        let lineStart: Int
        if lastNewline >= 0 {
            location.line &+= newlinesPassed
            location.column = 1
            lineStart = lastNewline &+ 1
        } else {
            lineStart = Swift.min(textStart, offset)
        }
        location.column &+= Self.scalarCount(
            in: UnsafeBufferPointer(start: base + lineStart, count: offset &- lineStart))
        return location
    }

    /// How many Unicode scalars start in `bytes`: those that are not UTF-8
    /// continuation bytes.
    private static func scalarCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let start = bytes.baseAddress else { return 0 }
        let highs: UInt64 = 0x8080_8080_8080_8080
        let end = bytes.count
        var scalars = 0
        var index = 0
        while index &+ 16 <= end {
            let first = UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
            let second = UnsafeRawPointer(start + (index &+ 8)).loadUnaligned(as: UInt64.self)
            if (first | second) & highs == 0 {
                // ASCII: a scalar a byte.
                scalars &+= 16
            } else {
                let continuations =
                    Self.markedBytes(first & ~(first << 1) & highs) &+ Self.markedBytes(second & ~(second << 1) & highs)
                scalars &+= 16 &- continuations
            }
            index &+= 16
        }
        while index < end {
            if start[index] & 0xC0 != 0x80 { scalars &+= 1 }
            index &+= 1
        }
        return scalars
    }

    /// How many bytes of `mask` have their high bit set, where no other bit
    /// is: a multiplication adds them up. (`nonzeroBitCount` is a sequence of
    /// shifts and masks on x86-64 without a `popcnt` target, and made
    /// counting lines a tenth of reading citm_catalog.json in 4 KiB chunks.)
    @inline(__always)
    private static func markedBytes(_ mask: UInt64) -> Int {
        Int(truncatingIfNeeded: ((mask &>> 7) &* 0x0101_0101_0101_0101) &>> 56)
    }

    /// The high bit of each newline among the eight bytes at `address`, the
    /// first byte in the lowest bits; no other bit.
    @inline(__always)
    private static func newlines(at address: UnsafePointer<UInt8>) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let word = UInt64(littleEndian: UnsafeRawPointer(address).loadUnaligned(as: UInt64.self))
        let x = word ^ (ones &* 0x0A)
        // Exactly the zero bytes of `x`: no borrow crosses bytes.
        return ~(((x & lows) &+ lows) | x) & 0x8080_8080_8080_8080
    }

    /// `location` moved over `bytes`: a line for each newline, and a column
    /// for each Unicode scalar after the last one (continuation bytes belong
    /// to the scalar before them). The offset is left alone.
    ///
    /// Word at a time, because the incremental parser moves its origin over
    /// every byte it reads.
    static func advance(
        _ location: JSONParseError.Location,
        over bytes: UnsafeBufferPointer<UInt8>
    ) -> JSONParseError.Location {
        guard let start = bytes.baseAddress else { return location }
        let end = bytes.count
        if end == 1 {
            // One byte, as fed a byte at a time: no words to read.
            var moved = location
            if start[0] == UInt8(ascii: "\n") {
                moved.line &+= 1
                moved.column = 1
            } else if start[0] & 0xC0 != 0x80 {
                moved.column &+= 1
            }
            return moved
        }
        var line = location.line
        var lastNewline = -1
        var index = 0
        // Two words a step, and one branch for both: most runs of 16 bytes
        // hold no newline (a third of the time of the word-a-step loop on
        // canada.json, a quarter on citm_catalog.json).
        while index &+ 16 <= end {
            let first = Self.newlines(at: start + index)
            let second = Self.newlines(at: start + (index &+ 8))
            if first | second != 0 {
                line &+= Self.markedBytes(first) &+ Self.markedBytes(second)
                lastNewline =
                    second != 0
                    ? index &+ 8 &+ (63 &- second.leadingZeroBitCount) / 8
                    : index &+ (63 &- first.leadingZeroBitCount) / 8
            }
            index &+= 16
        }
        while index < end {
            if start[index] == UInt8(ascii: "\n") {
                line &+= 1
                lastNewline = index
            }
            index &+= 1
        }
        let lineStart = lastNewline &+ 1
        let column =
            (lastNewline < 0 ? location.column : 1)
            &+ Self.scalarCount(in: UnsafeBufferPointer(start: start + lineStart, count: end &- lineStart))
        return JSONParseError.Location(line: line, column: column, offset: location.offset)
    }
}

/// 10⁰ through 10²², every power of ten that a `Double` holds exactly.
private let _exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// The high bit of each of the eight bytes of `word` (the first byte in the
/// lowest bits) that is a quote, a backslash or a control character (below
/// U+0020). A byte after a true match may be flagged as well, never one
/// before it: the lowest flag is always a true one.
@inline(__always)
private func _attention(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let hasQuote = (quote &- ones) & ~quote
    let hasBackslash = (backslash &- ones) & ~backslash
    let hasControl = (word &- ones &* 0x20) & ~word
    return (hasQuote | hasBackslash | hasControl) & highs
}

/// The correctly rounded `Double` nearest to `significand` × 10^`exponent`, by
/// the Eisel-Lemire method; `nil` in the rare cases where a 128-bit product
/// cannot decide, which the caller then hands to the standard library.
///
/// Returns zero for magnitudes below the smallest subnormal and infinity for
/// those beyond `Double.greatestFiniteMagnitude`.
@inline(__always)
func _eiselLemire(_ significand: UInt64, _ exponent: Int) -> Double? {
    if significand == 0 || exponent < -342 { return 0 }
    if exponent > 308 { return .infinity }
    let leadingZeros = significand.leadingZeroBitCount
    let normalized = significand << UInt64(leadingZeros)
    let index = 2 &* (exponent &+ 342)
    var (high, low) = normalized.multipliedFullWidth(by: _powersOfFive[index])
    if high & 0x1FF == 0x1FF {
        // The bits that decide rounding may be off: refine with the low word.
        let (carry, _) = normalized.multipliedFullWidth(by: _powersOfFive[index &+ 1])
        let (sum, overflow) = low.addingReportingOverflow(carry)
        low = sum
        if overflow { high &+= 1 }
    }
    if low == .max && (exponent < -27 || exponent > 55) { return nil }
    let upperBit = Int(high >> 63)
    let shift = UInt64(upperBit &+ 9)
    var mantissa = high >> shift
    var power2 = (((152_170 &+ 65_536) &* exponent) >> 16) &+ 63 &+ upperBit &- leadingZeros &+ 1023
    if power2 <= 0 {
        // Subnormal, or zero.
        if -power2 &+ 1 >= 64 { return 0 }
        mantissa >>= UInt64(-power2 &+ 1)
        mantissa &+= mantissa & 1
        mantissa >>= 1
        power2 = mantissa < 1 << 52 ? 0 : 1
        return Double(bitPattern: UInt64(power2) << 52 | mantissa & (1 << 52 &- 1))
    }
    if low <= 1 && exponent >= -4 && exponent <= 23 && mantissa & 3 == 1 && mantissa << shift == high {
        // Exactly halfway between two doubles: round to even.
        mantissa &= ~1
    }
    mantissa &+= mantissa & 1
    mantissa >>= 1
    if mantissa >= 2 << 52 {
        mantissa = 1 << 52
        power2 &+= 1
    }
    mantissa &= ~(1 << 52)
    if power2 >= 0x7FF { return .infinity }
    return Double(bitPattern: UInt64(power2) << 52 | mantissa)
}

/// How many of the eight bytes at `pointer` are ASCII digits before the first
/// that is not (8 if all are), and the value of those digits (0 for none).
///
/// A number's digits come in runs of any length: one word, a mask and a
/// shift take a run of up to eight, where the fixed steps of eight and four
/// digits left the tail of most runs (two of `-65.613616999999977`'s three
/// runs) to a loop of a byte at a time.
@inline(__always)
private func _digitRun(at pointer: UnsafePointer<UInt8>) -> (count: Int, value: UInt64) {
    let word = UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    // A byte above "9" sets its high bit when 0x46 is added, one below "0"
    // when 0x30 is taken away (bytes of 0x80 and up, one or the other). A
    // digit neither carries nor borrows, so the lowest flag is always a
    // true one; the flags after it do not matter.
    let nonDigits = ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
    let count = nonDigits.trailingZeroBitCount &>> 3
    // The run's digits to the top of the word, zeros (leading zeros of the
    // same value) below them: eight digits, the first in the lowest byte.
    // With no digit, none is kept (`&<<` would take a shift of 64 for 0).
    let digits = (word &- 0x3030_3030_3030_3030) &<< UInt64(truncatingIfNeeded: (8 &- count) &* 8)
    var value = count == 0 ? 0 : digits
    value = value &* 10 &+ (value >> 8)
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    value = ((value & mask) &* (100 &+ (1_000_000 << 32)) &+ ((value >> 16) & mask) &* (1 &+ (10_000 << 32))) >> 32
    return (count, value & 0xFFFF_FFFF)
}

/// The integer with this magnitude and sign, if `Integer` (at most 64 bits
/// wide) holds it; `nil` beyond its range, where the parsers make the number
/// a double.
///
/// The parsers call it with `Int`. It is generic so that the tests can check
/// the behaviour of a 32-bit `Int` (watchOS on arm64_32 and armv7k) on a
/// 64-bit machine, with `Int32`: there `3000000000` must become a double,
/// not wrap around to `-1294967296`.
@inline(__always)
func _signedInteger<Integer: FixedWidthInteger & SignedInteger>(magnitude: UInt64, negative: Bool) -> Integer? {
    // One comparison: the limit is Integer.max, or one more for a negative.
    guard magnitude <= UInt64(Integer.max) &+ (negative ? 1 : 0) else { return nil }
    return Integer(truncatingIfNeeded: negative ? 0 &- magnitude : magnitude)
}
