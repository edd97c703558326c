/// A deterministic automaton for a program, built in full when the pattern
/// is compiled, so that matching is one table lookup per scalar and a
/// compiled pattern is immutable and shared by threads without locks.
///
/// Subset construction: a state is a set of NFA instructions, the ones the
/// Pike VM would be about to run (its *kernel*), plus what the assertions
/// need to know about the past: whether nothing has been read yet (for
/// `^`) and whether the last scalar was a word character (for `\b`). The
/// following scalar's class settles `\b` and `\B` when the state is left,
/// and the end of the string settles `$`, recorded per state in an extra
/// column of the table.
///
/// For a search, the start instruction joins every kernel (a match may
/// begin anywhere) and a state whose closure reaches `match` leads to a
/// sink that accepts whatever follows. After construction every state that
/// cannot reach acceptance is marked dead and every state from which every
/// continuation is accepted is marked certain; both are numbered last, so
/// the loop checks one bound per scalar and stops as soon as the answer is
/// known: `^/` reads one scalar of a long string, `^[a-z]+$` stops at the
/// first space.
///
/// Built from a reversed pattern (``_RegexNode/reversed``), the automaton
/// reads the string from its end (``isReverse``): a pattern that ends with
/// `$` then stops after the suffix it needs, and some patterns need far
/// fewer states backwards than forwards.
///
/// A pattern may need exponentially many states (`(a|b)*a(a|b){20}` needs
/// two million forwards, 44 backwards), so construction gives up past
/// ``maximumStates`` states, ``maximumEntries`` table entries or
/// ``maximumWork`` steps (a few milliseconds); if neither direction fits,
/// the pattern runs on the Pike VM, which is slower by a constant factor
/// but as linear.
///
/// The tables live in memory of their own, written once here and freed by
/// ``deallocate()`` when the compiled pattern that owns them goes away (see
/// ``_CompiledRegex``): the value is a few pointers and integers, so the
/// loop reaches its tables without reference counting, which costs more
/// than the whole match of a short string. Nothing writes to them after
/// construction, hence `@unchecked Sendable`.
struct _RegexDFA: @unchecked Sendable {
    private let classCount: Int
    /// `transitions[row + 1 + class]` is the row of the next state, a row
    /// being a state's number times `classCount + 2`: stored multiplied, so
    /// that the loop's chain from one state to the next is a single load.
    /// The extra columns: `transitions[row]` is the state's *skip range*
    /// (see ``skipRange(lowest:highest:)``) or 0, and `transitions[row +
    /// 1 + classCount]` is 1 where the string may end in the state, 0
    /// elsewhere.
    private let transitions: UnsafeMutablePointer<UInt32>
    /// The start state's row.
    private let start: Int
    /// Rows from here on are dead or certain states: the answer is the
    /// row's last column whatever follows.
    private let firstTerminal: Int
    /// The class of each ASCII scalar plus one (its column), copied from
    /// `classes`.
    private let ascii: UnsafeMutablePointer<UInt16>
    /// For scalars above ASCII; the compiled pattern holds it, so it is
    /// kept unretained: matching retains nothing.
    private let classes: Unmanaged<_ScalarClasses>
    /// Whether the automaton reads the string from its end (it was built
    /// from the reversed pattern, see ``_RegexNode/reversed``).
    let isReverse: Bool

    static let maximumStates = 2048

    /// The fewest bytes a skip range holds: below it, testing eight bytes
    /// at a time would rarely pass.
    static let minimumSkipRange = 8

    /// A state's skip range as its table stores it: ASCII bytes from
    /// `lowest` to `highest` (at most 0x7F) that all lead from the state
    /// back to itself, so that the loop passes over eight of them at a time
    /// (see ``skip(_:_:_:range:)``). Never 0, which means none.
    static func skipRange(lowest: UInt8, highest: UInt8) -> UInt32 {
        1 << 16 | UInt32(highest) << 8 | UInt32(lowest)
    }
    static let maximumEntries = 1 << 16
    static let maximumWork = 1 << 18

    /// How many states there are (for tests).
    let stateCount: Int

    /// Builds the automaton that decides whether `program` matches a whole
    /// string (`search` false) or some substring (`search` true); `nil` if
    /// it would exceed the limits. `reverse` says that `program` is a
    /// pattern reversed, to be run from the end of the string. The caller
    /// keeps `classes` alive and calls ``deallocate()``.
    init?(program: _RegexProgram, classes: _ScalarClasses, search: Bool, reverse: Bool = false) {
        var budget = _RegexAutomatonBudget.unlimited
        self.init(program: program, classes: classes, search: search, reverse: reverse, budget: &budget)
    }

    /// The same, within what is left of `budget`, which shrinks by what
    /// the construction used.
    init?(
        program: _RegexProgram, classes: _ScalarClasses, search: Bool, reverse: Bool,
        budget: inout _RegexAutomatonBudget
    ) {
        guard program.lookArounds.isEmpty else { return nil }
        var builder = Builder(program: program, classes: classes, search: search)
        builder.entryLimit = min(Self.maximumEntries, budget.entries)
        builder.workLimit = min(Self.maximumWork, budget.work)
        let built = builder.build()
        budget.work -= builder.work
        guard built else { return nil }
        budget.entries -= builder.keys.count * classes.count
        // Renumber: live, uncertain states first, then dead and certain ones.
        let count = builder.keys.count
        let terminal = builder.terminalStates()
        var order = (0..<count).filter { !terminal[$0] }
        let firstTerminal = order.count
        order += (0..<count).filter { terminal[$0] }
        var newNumber = [Int](repeating: 0, count: count)
        for (new, old) in order.enumerated() { newNumber[old] = new }
        let classCount = classes.count
        let stride = classCount + 2
        let transitions = UnsafeMutablePointer<UInt32>.allocate(capacity: count * stride)
        for old in 0..<count {
            let row = transitions + newNumber[old] * stride
            for column in 0..<classCount {
                (row + 1 + column).initialize(
                    to: UInt32(newNumber[Int(builder.table[old * classCount + column])] * stride))
            }
            (row + 1 + classCount).initialize(to: builder.acceptsAtEnd[old] ? 1 : 0)
            // The longest run of ASCII bytes that leave the state as it is.
            var (runStart, best) = (0, 0..<0)
            for byte in 0...128 {
                let loops = byte < 128 && Int(builder.table[old * classCount + Int(classes.ascii[byte])]) == old
                if loops { continue }
                if byte - runStart > best.count { best = runStart..<byte }
                runStart = byte + 1
            }
            let skips = !terminal[old] && best.count >= Self.minimumSkipRange
            row.initialize(
                to: skips ? Self.skipRange(lowest: UInt8(best.lowerBound), highest: UInt8(best.upperBound - 1)) : 0)
        }
        let ascii = UnsafeMutablePointer<UInt16>.allocate(capacity: 128)
        for byte in 0..<128 { (ascii + byte).initialize(to: classes.ascii[byte] + 1) }
        self.classCount = classCount
        self.transitions = transitions
        self.start = newNumber[0] * stride
        self.firstTerminal = firstTerminal * stride
        self.ascii = ascii
        self.classes = Unmanaged.passUnretained(classes)
        self.isReverse = reverse
        self.stateCount = count
    }

    func deallocate() {
        transitions.deallocate()
        ascii.deallocate()
    }

    /// Runs the automaton over UTF-8 `bytes`, which must be valid.
    ///
    /// - Complexity: O(*n*) in the bytes, with a binary search over the
    ///   class boundaries for each non-ASCII scalar.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let state =
            isReverse
            ? Self.runBackwards(
                bytes, from: start, transitions: transitions, ascii: ascii, firstTerminal: firstTerminal,
                classes: classes)
            : Self.run(
                bytes, from: start, transitions: transitions, ascii: ascii, firstTerminal: firstTerminal,
                classes: classes)
        return transitions[state &+ 1 &+ classCount] != 0
    }

    /// The states' skip ranges, lowest and highest byte (for tests).
    var skipRanges: [ClosedRange<UInt8>] {
        stride(from: 0, to: stateCount * (classCount + 2), by: classCount + 2).compactMap { row in
            let range = transitions[row]
            guard range != 0 else { return nil }
            return UInt8(truncatingIfNeeded: range)...UInt8(truncatingIfNeeded: range >> 8)
        }
    }

    /// The loop: ASCII runs go to ``runASCII(_:_:_:from:transitions:ascii:firstTerminal:)``,
    /// and each non-ASCII scalar takes one step here, by a binary search
    /// over the class boundaries.
    private static func run(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, transitions: UnsafeMutablePointer<UInt32>,
        ascii: UnsafeMutablePointer<UInt16>, firstTerminal: Int, classes: Unmanaged<_ScalarClasses>
    ) -> Int {
        let end = bytes.count
        guard let base = bytes.baseAddress, end > 0 else { return start }
        var (state, position) = runASCII(
            base, 0, end, from: start, transitions: transitions, ascii: ascii, firstTerminal: firstTerminal)
        while state < firstTerminal && position < end {
            // `runASCII` stopped at a non-ASCII byte.
            guard let (value, length) = _UTF8.decode(bytes, at: position) else { return state }
            let column = classes._withUnsafeGuaranteedRef { $0.classOfNonASCII(value) }
            state = Int(transitions[state &+ 1 &+ column])
            position &+= length
            guard state < firstTerminal && position < end else { break }
            (state, position) = runASCII(
                base, position, end, from: state, transitions: transitions, ascii: ascii,
                firstTerminal: firstTerminal)
        }
        return state
    }

    /// The loop over ASCII bytes from `position`, on raw pointers; it
    /// stops at the end, at a terminal state or before a non-ASCII byte,
    /// and returns the state and the position.
    ///
    /// A function of its own that calls nothing, so that everything it
    /// needs stays in registers (with the non-ASCII path's call in the same
    /// loop, the compiler kept some of it on the stack). The inner loop
    /// runs while the state stays the same (`[a-z]*` on a word, `.*` on a
    /// line): there the next lookup's address does not depend on the last
    /// lookup's result, only on a branch the processor predicts, so the
    /// lookups overlap instead of waiting for each other. When a byte
    /// leaves a state with a skip range as it is, the bytes after it are
    /// first passed over eight at a time while they stay in the range
    /// (``skip(_:_:_:range:)``).
    @inline(never)
    private static func runASCII(
        _ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int, from start: Int,
        transitions: UnsafeMutablePointer<UInt32>, ascii: UnsafeMutablePointer<UInt16>, firstTerminal: Int
    ) -> (state: Int, position: Int) {
        var state = start
        var position = position
        while state < firstTerminal && position < end {
            let row = transitions + state
            let byte = base[position]
            guard byte < 0x80 else { return (state, position) }
            var next = Int(row[Int(ascii[Int(byte)])])
            position &+= 1
            if next == state && position < end {
                let range = row[0]
                if range != 0 { position = skip(base, position, end, range: range) }
                while position < end {
                    let byte = base[position]
                    guard byte < 0x80 else { return (state, position) }
                    next = Int(row[Int(ascii[Int(byte)])])
                    position &+= 1
                    if next != state { break }
                }
            }
            state = next
        }
        return (state, position)
    }

    /// The position of the first byte from `position` on that may be
    /// outside `range` (a skip range, see ``skipRange(lowest:highest:)``),
    /// found eight bytes at a time; or `end` if the last eight bytes of the
    /// string are all in the range. The bytes skipped are all in it; the
    /// byte at the result may be too, as a word is only skipped whole.
    @inline(__always)
    static func skip(_ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int, range: UInt32) -> Int {
        let words = _SkipWords(base, range: range)
        var position = position
        while end &- position >= 8 {
            guard words.allInRange(at: position) else { return position }
            position &+= 8
        }
        // The last eight bytes, overlapping some already read: whatever
        // those were, if all eight are in the range, so are those left.
        if position < end && end >= 8 && words.allInRange(at: end &- 8) { return end }
        return position
    }

    /// ``skip(_:_:_:range:)`` backwards: the position (one past the byte)
    /// of the last byte before `position` that may be outside `range`, or
    /// 0 if the first eight bytes of the string, which has `end` bytes,
    /// are all in it.
    @inline(__always)
    static func skipBackwards(_ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int, range: UInt32) -> Int {
        let words = _SkipWords(base, range: range)
        var position = position
        while position >= 8 {
            guard words.allInRange(at: position &- 8) else { return position }
            position &-= 8
        }
        if position > 0 && end >= 8 && words.allInRange(at: 0) { return 0 }
        return position
    }

    /// ``run(_:from:transitions:ascii:firstTerminal:classes:)`` from the
    /// last byte to the first: a non-ASCII scalar is found by stepping back
    /// over its continuation bytes (at most three in valid UTF-8).
    private static func runBackwards(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, transitions: UnsafeMutablePointer<UInt32>,
        ascii: UnsafeMutablePointer<UInt16>, firstTerminal: Int, classes: Unmanaged<_ScalarClasses>
    ) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return start }
        var (state, position) = runASCIIBackwards(
            base, bytes.count, bytes.count, from: start, transitions: transitions, ascii: ascii,
            firstTerminal: firstTerminal)
        while state < firstTerminal && position > 0 {
            // `runASCIIBackwards` stopped after a non-ASCII byte.
            let last = position &- 1
            var lead = last
            while lead > 0 && last - lead < 3 && base[lead] & 0xC0 == 0x80 { lead -= 1 }
            guard let (value, _) = _UTF8.decode(bytes, at: lead) else { return state }
            let column = classes._withUnsafeGuaranteedRef { $0.classOfNonASCII(value) }
            state = Int(transitions[state &+ 1 &+ column])
            position = lead
            guard state < firstTerminal && position > 0 else { break }
            (state, position) = runASCIIBackwards(
                base, position, bytes.count, from: state, transitions: transitions, ascii: ascii,
                firstTerminal: firstTerminal)
        }
        return state
    }

    /// ``runASCII(_:_:_:from:transitions:ascii:firstTerminal:)`` from
    /// `position` down to the first byte: it stops at the start, at a
    /// terminal state or after a non-ASCII byte (before it in the
    /// direction of reading), and returns the state and the position.
    /// The string has `end` bytes.
    @inline(never)
    private static func runASCIIBackwards(
        _ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int, from start: Int,
        transitions: UnsafeMutablePointer<UInt32>, ascii: UnsafeMutablePointer<UInt16>, firstTerminal: Int
    ) -> (state: Int, position: Int) {
        var state = start
        var position = position
        while state < firstTerminal && position > 0 {
            let row = transitions + state
            let byte = base[position &- 1]
            guard byte < 0x80 else { return (state, position) }
            var next = Int(row[Int(ascii[Int(byte)])])
            position &-= 1
            if next == state && position > 0 {
                let range = row[0]
                if range != 0 { position = skipBackwards(base, position, end, range: range) }
                while position > 0 {
                    let byte = base[position &- 1]
                    guard byte < 0x80 else { return (state, position) }
                    next = Int(row[Int(ascii[Int(byte)])])
                    position &-= 1
                    if next != state { break }
                }
            }
            state = next
        }
        return (state, position)
    }

    /// The construction's working state.
    private struct Builder {
        let program: _RegexProgram
        let classes: _ScalarClasses
        let search: Bool
        /// The class column of `\w`'s set, when the program has `\b`.
        let wordSet: Int?

        /// Each state's key: its flags as a negative number (bit 0 of the
        /// flags, nothing read yet; bit 1, the last scalar was a word
        /// character), then its kernel, ascending. The sink that accepts
        /// everything has the key `[sinkKey]`.
        var keys: [[Int32]] = []
        var numbers: [[Int32]: Int] = [:]
        var table: [UInt16] = []
        var acceptsAtEnd: [Bool] = []
        /// Closure steps, kernel entries and class checks so far, against
        /// ``_RegexDFA/maximumWork``.
        var work: Int {
            get { follower.work }
            set { follower.work = newValue }
        }

        /// The closure; the consumers it found, one list per value of the
        /// next scalar's being a word character; a key being assembled.
        var follower: _RegexClosure
        var entryLimit = _RegexDFA.maximumEntries
        var workLimit = _RegexDFA.maximumWork
        var consumers: [[Int32]] = [[], []]
        var scratch: [Int32] = []

        static let sinkKey: Int32 = -5

        init(program: _RegexProgram, classes: _ScalarClasses, search: Bool) {
            self.program = program
            self.classes = classes
            self.search = search
            if program.usesWordBoundaries {
                wordSet = program.sets.firstIndex(of: _ECMAScriptRegexParser.wordCharacters)
            } else {
                wordSet = nil
            }
            follower = _RegexClosure(program: program)
        }

        func isWord(_ column: Int) -> Bool {
            guard let wordSet else { return false }
            return classes.contains(column, set: wordSet)
        }

        static func flagsKey(atStart: Bool, previousIsWord: Bool) -> Int32 {
            -1 - (atStart ? 1 : 0) - (previousIsWord ? 2 : 0)
        }

        /// The state with `key`, made if new; `nil` past the limits.
        mutating func state(_ key: [Int32]) -> Int? {
            work += key.count
            if let known = numbers[key] { return known }
            guard keys.count < _RegexDFA.maximumStates,
                (keys.count + 1) * classes.count <= entryLimit
            else { return nil }
            keys.append(key)
            numbers[key] = keys.count - 1
            return keys.count - 1
        }

        /// Follows the kernel of `key` without consuming a scalar, in that
        /// context, collecting the instructions that consume one into
        /// `consumers[list]`; whether `match` is reachable.
        mutating func closure(
            _ key: [Int32], atStart: Bool, atEnd: Bool, previousIsWord: Bool, nextIsWord: Bool, into list: Int
        ) -> Bool {
            follower.follow(
                key, atStart: atStart, atEnd: atEnd, previousIsWord: previousIsWord, nextIsWord: nextIsWord,
                lookArounds: 0, into: &consumers[list])
        }

        /// Builds every reachable state's row; false past the limits.
        mutating func build() -> Bool {
            guard state([Self.flagsKey(atStart: true, previousIsWord: false), 0]) != nil else { return false }
            var current = 0
            while current < keys.count {
                let key = keys[current]
                current += 1
                if key == [Self.sinkKey] {
                    // The sink: accepted whatever follows.
                    table += [UInt16](repeating: UInt16(current - 1), count: classes.count)
                    acceptsAtEnd.append(true)
                    continue
                }
                let atStart = key[0] == Self.flagsKey(atStart: true, previousIsWord: false)
                let previousIsWord = key[0] == Self.flagsKey(atStart: false, previousIsWord: true)
                acceptsAtEnd.append(
                    closure(
                        key, atStart: atStart, atEnd: true, previousIsWord: previousIsWord, nextIsWord: false, into: 0))
                var matched = [false, false]
                matched[0] = closure(
                    key, atStart: atStart, atEnd: false, previousIsWord: previousIsWord, nextIsWord: false, into: 0)
                if wordSet != nil {
                    matched[1] = closure(
                        key, atStart: atStart, atEnd: false, previousIsWord: previousIsWord, nextIsWord: true, into: 1)
                }
                for column in 0..<classes.count {
                    let word = isWord(column)
                    let list = word ? 1 : 0
                    let target: Int?
                    if search && matched[list] {
                        target = state([Self.sinkKey])
                    } else {
                        scratch.removeAll(keepingCapacity: true)
                        scratch.append(Self.flagsKey(atStart: false, previousIsWord: word))
                        if search { scratch.append(0) }
                        for pc in consumers[list]
                        where classes.contains(column, set: Int(program.consumerSets[Int(pc)])) {
                            scratch.append(pc + 1)
                        }
                        work += consumers[list].count
                        scratch[(search ? 2 : 1)...].sort()
                        target = state(scratch)
                    }
                    guard let target, work <= workLimit else { return false }
                    table.append(UInt16(target))
                }
            }
            return true
        }

        /// Which states are dead (cannot reach acceptance) or certain
        /// (accept whatever follows).
        func terminalStates() -> [Bool] {
            let count = keys.count
            var predecessors = [[Int32]](repeating: [], count: count)
            for state in 0..<count {
                var seen: Set<UInt16> = []
                for column in 0..<classes.count {
                    let target = table[state * classes.count + column]
                    if seen.insert(target).inserted { predecessors[Int(target)].append(Int32(state)) }
                }
            }
            // Live: can reach a state that accepts at the end.
            var live = acceptsAtEnd
            var pending = (0..<count).filter { acceptsAtEnd[$0] }
            while let state = pending.popLast() {
                for predecessor in predecessors[state] where !live[Int(predecessor)] {
                    live[Int(predecessor)] = true
                    pending.append(Int(predecessor))
                }
            }
            // Certain: accepts at the end, and every successor is certain.
            var certain = acceptsAtEnd
            pending = []
            for state in 0..<count where certain[state] {
                for column in 0..<classes.count where !acceptsAtEnd[Int(table[state * classes.count + column])] {
                    certain[state] = false
                    pending.append(state)
                    break
                }
            }
            while let state = pending.popLast() {
                for predecessor in predecessors[state] where certain[Int(predecessor)] {
                    certain[Int(predecessor)] = false
                    pending.append(Int(predecessor))
                }
            }
            return (0..<count).map { !live[$0] || certain[$0] }
        }
    }
}

/// What the automata of one pattern may take together, table entries and
/// construction steps: a pattern with look-arounds builds one automaton per
/// look-around, and the sum stays within a few times what one may take.
struct _RegexAutomatonBudget {
    var entries = 4 * _RegexDFA.maximumEntries
    var work = 4 * _RegexDFA.maximumWork

    /// For a pattern without look-arounds, whose automata (at most one
    /// per direction and mode) have only their own limits.
    static let unlimited = _RegexAutomatonBudget(entries: .max, work: .max)
}

/// The instructions a program reaches from a state's kernel without
/// consuming a scalar, in a given context: the step that the construction
/// of both kinds of automaton (``_RegexDFA``, ``_RegexPassDFA``) repeats.
struct _RegexClosure {
    private let program: _RegexProgram
    /// A mark per instruction, and the stack of instructions to visit.
    private var marks: [Int]
    private var generation = 0
    private var stack: [Int32] = []
    /// Instructions visited, and whatever else the construction adds,
    /// against its limit.
    var work = 0

    init(program: _RegexProgram) {
        self.program = program
        marks = [Int](repeating: 0, count: program.instructions.count)
    }

    /// Follows the instructions of `key` but its first element (a state's
    /// flags), collecting into `consumers` those that consume a scalar;
    /// whether `match` is reachable. Bit *i* of `lookArounds` answers the
    /// program's look-around input *i*.
    mutating func follow(
        _ key: [Int32], atStart: Bool, atEnd: Bool, previousIsWord: Bool, nextIsWord: Bool, lookArounds: UInt64,
        into consumers: inout [Int32]
    ) -> Bool {
        generation += 1
        consumers.removeAll(keepingCapacity: true)
        var matched = false
        stack.removeAll(keepingCapacity: true)
        for pc in key.dropFirst().reversed() { stack.append(pc) }
        while let top = stack.popLast() {
            let pc = Int(top)
            guard marks[pc] != generation else { continue }
            marks[pc] = generation
            work += 1
            switch program.instructions[pc] {
            case .jump(let target):
                stack.append(Int32(target))
            case .split(let first, let second):
                stack.append(Int32(second))
                stack.append(Int32(first))
            case .assertStart:
                if atStart { stack.append(Int32(pc + 1)) }
            case .assertEnd:
                if atEnd { stack.append(Int32(pc + 1)) }
            case .assertWordBoundary(let negated):
                if (previousIsWord != nextIsWord) != negated { stack.append(Int32(pc + 1)) }
            case .assertLookAround(let input, let negated):
                if (lookArounds >> UInt64(input) & 1 != 0) != negated { stack.append(Int32(pc + 1)) }
            case .match:
                matched = true
            case .scalar, .set:
                consumers.append(top)
            }
        }
        return matched
    }
}

/// Decoding of the multi-byte sequences of valid UTF-8.
enum _UTF8 {
    /// The scalar value that starts at `position` (a lead byte ≥ 0x80) and
    /// its length; `nil` if the sequence is cut short.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt32, Int)? {
        let lead = UInt32(bytes[position])
        if lead < 0xE0 {
            guard position + 1 < bytes.count else { return nil }
            return ((lead & 0x1F) << 6 | UInt32(bytes[position + 1]) & 0x3F, 2)
        }
        if lead < 0xF0 {
            guard position + 2 < bytes.count else { return nil }
            let value =
                (lead & 0x0F) << 12 | (UInt32(bytes[position + 1]) & 0x3F) << 6 | UInt32(bytes[position + 2]) & 0x3F
            return (value, 3)
        }
        guard position + 3 < bytes.count else { return nil }
        let value =
            (lead & 0x07) << 18 | (UInt32(bytes[position + 1]) & 0x3F) << 12 | (UInt32(bytes[position + 2]) & 0x3F) << 6
            | UInt32(bytes[position + 3]) & 0x3F
        return (value, 4)
    }
}

extension _RegexDFA {
    /// The state before any scalar is read, for following a string as it
    /// grows (see ``_CompiledRegex/prefixStart``).
    var startState: Int { start }

    /// The state after `bytes` (whole, valid UTF-8 characters) from
    /// `state`: a string read in pieces reaches the state it would reach
    /// read at once. Only for an automaton that reads forwards.
    func state(after bytes: UnsafeBufferPointer<UInt8>, from state: Int) -> Int {
        Self.run(
            bytes, from: state, transitions: transitions, ascii: ascii, firstTerminal: firstTerminal,
            classes: classes)
    }

    /// Whether no continuation of the string read so far can be accepted:
    /// the state is dead (a terminal state that does not accept at the end).
    func isDead(_ state: Int) -> Bool {
        state >= firstTerminal && transitions[state &+ 1 &+ classCount] == 0
    }
}

/// Eight bytes of a string at a time against a skip range (see
/// ``_RegexDFA/skipRange(lowest:highest:)``): the masks made once for
/// ``_RegexDFA/skip(_:_:_:range:)`` and its backward twin.
///
/// A byte *b* is in the range from *l* to *h* when its high bit is
/// clear, *b* + (0x7F − *h*) has its high bit clear (no byte carries
/// into the next, as both are below 0x80) and (*b* | 0x80) − *l* has
/// its high bit set (no byte borrows from the next, as *l* ≤ 0x7F).
struct _SkipWords {
    private static var ones: UInt64 { 0x0101_0101_0101_0101 }
    private static var highs: UInt64 { 0x8080_8080_8080_8080 }
    private let raw: UnsafeRawPointer
    private let lowest: UInt64
    private let raise: UInt64

    @inline(__always)
    init(_ base: UnsafePointer<UInt8>, range: UInt32) {
        raw = UnsafeRawPointer(base)
        lowest = UInt64(range & 0xFF) &* Self.ones
        raise = UInt64(0x7F &- (range >> 8 & 0xFF)) &* Self.ones
    }

    /// Whether the eight bytes from `offset` on are all in the range.
    @inline(__always)
    func allInRange(at offset: Int) -> Bool {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        return (word | (word &+ raise) | ~((word | Self.highs) &- lowest)) & Self.highs == 0
    }
}
