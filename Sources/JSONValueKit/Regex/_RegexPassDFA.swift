/// A deterministic automaton for one pass of a pattern with look-arounds
/// (see ``_RegexLookArounds``): built in full when the pattern is compiled,
/// like ``_RegexDFA``, but it also reads at each position the answers of the
/// look-arounds its program asserts, and it tells at each position whether
/// `match` is reached there.
///
/// A state is a kernel of NFA instructions and the flags of ``_RegexDFA``
/// (nothing read yet; the last scalar a word character). The table has a
/// column per class of the next scalar and one for the end of the string,
/// once for each combination of the answers: a program that asserts *d*
/// look-arounds has 2^*d* × (classes + 1) columns, read at the column the
/// answers at the position select. An entry holds the next state's row and,
/// in its top bit, whether the closure under that column's context reaches
/// `match` (for a whole match, only in the end columns, where there is no
/// next state). For a search the start instruction joins every kernel, so a
/// pass records every position where a match of the program ends (in the
/// direction it reads): the answers of a look-around, or the outcome of
/// the pattern at its first match.
///
/// States from which no entry with the bit can be reached are dead and are
/// numbered last: a pass stops there, every answer that follows being no.
/// The limits are those of ``_RegexDFA``, taken from the budget of the
/// pattern's automata together; past them the pass runs on the Pike VM.
/// Nothing writes to the tables after construction, hence
/// `@unchecked Sendable`; the owner calls ``deallocate()``.
struct _RegexPassDFA: @unchecked Sendable {
    private let classCount: Int
    /// How many look-arounds the program asserts (at most
    /// ``maximumInputs``).
    private let inputCount: Int
    /// `transitions[row + answers × (classCount + 1) + class]`, a row being
    /// a state's number times the columns per state; the column `classCount`
    /// is the end of the string.
    private let transitions: UnsafeMutablePointer<UInt32>
    private let start: Int
    /// Rows from here on are dead.
    private let firstDead: Int
    private let ascii: UnsafeMutablePointer<UInt16>
    /// Kept unretained, as by ``_RegexDFA``: the owner holds it.
    private let classes: Unmanaged<_ScalarClasses>
    /// Whether the automaton reads the string from its end.
    let isReverse: Bool
    /// How many states there are (for tests).
    let stateCount: Int

    /// The bit of an entry that says `match` is reached.
    private static let reached: UInt32 = 1 << 31
    /// Beyond this many inputs the columns alone would exceed the limits.
    static let maximumInputs = 8

    /// Builds the automaton for `program` (reversed, if `reverse`, to be run
    /// from the end), for a search or a whole match; `nil` past the limits.
    /// The caller keeps `classes` alive and calls ``deallocate()``.
    init?(
        program: _RegexProgram, classes: _ScalarClasses, search: Bool, reverse: Bool,
        budget: inout _RegexAutomatonBudget
    ) {
        let inputCount = program.lookArounds.count
        guard inputCount <= Self.maximumInputs else { return nil }
        var builder = Builder(program: program, classes: classes, search: search, inputCount: inputCount)
        builder.entryLimit = min(_RegexDFA.maximumEntries, budget.entries)
        builder.workLimit = min(_RegexDFA.maximumWork, budget.work)
        let built = builder.build()
        budget.work -= builder.follower.work
        guard built else { return nil }
        let count = builder.keys.count
        let columns = builder.columnCount
        budget.entries -= count * columns
        // Renumber: live states first, then dead ones.
        let live = builder.liveStates()
        var order = (0..<count).filter { live[$0] }
        let firstDead = order.count
        order += (0..<count).filter { !live[$0] }
        var newNumber = [Int](repeating: 0, count: count)
        for (new, old) in order.enumerated() { newNumber[old] = new }
        let transitions = UnsafeMutablePointer<UInt32>.allocate(capacity: count * columns)
        for old in 0..<count {
            let row = transitions + newNumber[old] * columns
            for column in 0..<columns {
                let entry = builder.table[old * columns + column]
                let target = newNumber[Int(entry & ~Self.reached)] * columns
                (row + column).initialize(to: UInt32(target) | entry & Self.reached)
            }
        }
        let ascii = UnsafeMutablePointer<UInt16>.allocate(capacity: 128)
        ascii.initialize(from: classes.ascii, count: 128)
        self.classCount = classes.count
        self.inputCount = inputCount
        self.transitions = transitions
        self.start = newNumber[0] * columns
        self.firstDead = firstDead * columns
        self.ascii = ascii
        self.classes = Unmanaged.passUnretained(classes)
        self.isReverse = reverse
        self.stateCount = count
    }

    func deallocate() {
        transitions.deallocate()
        ascii.deallocate()
    }

    /// Runs the automaton over UTF-8 `bytes` (valid), reading `inputs` at
    /// each position. Without `outputs`, stops at the first position where
    /// `match` is reached and returns true (for a whole match, that is the
    /// end), or returns false. With `outputs`, sets the bit of each such
    /// byte offset in the words it points to and returns whether there was
    /// one. `steps` grows by the transitions taken.
    ///
    /// - Complexity: O(*n*) for *n* bytes, times the inputs read at each
    ///   position.
    func run(
        _ bytes: UnsafeBufferPointer<UInt8>, inputs: _RegexInputs, outputs: UnsafeMutablePointer<UInt64>?,
        steps: inout Int
    ) -> Bool {
        isReverse
            ? runBackwards(bytes, inputs: inputs, outputs: outputs, steps: &steps)
            : runForwards(bytes, inputs: inputs, outputs: outputs, steps: &steps)
    }

    /// The loop reads the inputs only where they may be set: at the start,
    /// at the end, and everywhere if some input reads a plane.
    private func runForwards(
        _ bytes: UnsafeBufferPointer<UInt8>, inputs: _RegexInputs, outputs: UnsafeMutablePointer<UInt64>?,
        steps: inout Int
    ) -> Bool {
        let end = bytes.count
        let stride = classCount &+ 1
        let readsPlanes = inputCount > 0 && inputs.planes != nil
        var state = start
        var position = 0
        var found = false
        // The transitions taken, the end's included.
        var taken = 1
        defer { steps &+= taken }
        var answers = inputCount > 0 ? Int(inputs.bits(at: 0, end: end)) : 0
        if let base = bytes.baseAddress {
            while position < end {
                taken &+= 1
                let byte = base[position]
                let column: Int
                var length = 1
                if byte < 0x80 {
                    column = Int(ascii[Int(byte)])
                } else {
                    guard let (value, scalarLength) = _UTF8.decode(bytes, at: position) else { return found }
                    column = classes._withUnsafeGuaranteedRef { $0.classOfNonASCII(value) }
                    length = scalarLength
                }
                let entry = transitions[state &+ answers &* stride &+ column]
                if entry & Self.reached != 0 {
                    found = true
                    guard let outputs else { return true }
                    outputs[position >> 6] |= 1 << UInt64(position & 63)
                }
                state = Int(entry & ~Self.reached)
                position &+= length
                if state >= firstDead { return found }
                answers = readsPlanes ? Int(inputs.bits(at: position, end: end)) : 0
            }
        }
        if inputCount > 0 { answers = Int(inputs.bits(at: end, end: end)) }
        guard transitions[state &+ answers &* stride &+ classCount] & Self.reached != 0 else { return found }
        outputs?[end >> 6] |= 1 << UInt64(end & 63)
        return true
    }

    /// ``runForwards(_:inputs:outputs:steps:)`` from the end of the string
    /// to its start, which is this direction's end.
    private func runBackwards(
        _ bytes: UnsafeBufferPointer<UInt8>, inputs: _RegexInputs, outputs: UnsafeMutablePointer<UInt64>?,
        steps: inout Int
    ) -> Bool {
        let end = bytes.count
        let stride = classCount &+ 1
        let readsPlanes = inputCount > 0 && inputs.planes != nil
        var state = start
        var position = end
        var found = false
        var taken = 1
        defer { steps &+= taken }
        var answers = inputCount > 0 ? Int(inputs.bits(at: end, end: end)) : 0
        if let base = bytes.baseAddress {
            while position > 0 {
                taken &+= 1
                var lead = position &- 1
                let byte = base[lead]
                let column: Int
                if byte < 0x80 {
                    column = Int(ascii[Int(byte)])
                } else {
                    while lead > 0 && position &- lead < 4 && base[lead] & 0xC0 == 0x80 { lead &-= 1 }
                    guard let (value, _) = _UTF8.decode(bytes, at: lead) else { return found }
                    column = classes._withUnsafeGuaranteedRef { $0.classOfNonASCII(value) }
                }
                let entry = transitions[state &+ answers &* stride &+ column]
                if entry & Self.reached != 0 {
                    found = true
                    guard let outputs else { return true }
                    outputs[position >> 6] |= 1 << UInt64(position & 63)
                }
                state = Int(entry & ~Self.reached)
                position = lead
                if state >= firstDead { return found }
                answers = readsPlanes ? Int(inputs.bits(at: position, end: end)) : 0
            }
        }
        if inputCount > 0 { answers = Int(inputs.bits(at: 0, end: end)) }
        guard transitions[state &+ answers &* stride &+ classCount] & Self.reached != 0 else { return found }
        outputs?[0] |= 1
        return true
    }

    /// The construction's working state.
    private struct Builder {
        let program: _RegexProgram
        let classes: _ScalarClasses
        let search: Bool
        let inputCount: Int
        /// The class column of `\w`'s set, when the program has `\b`.
        let wordSet: Int?
        /// Columns per state: the classes and the end, per combination of
        /// the inputs.
        let columnCount: Int
        var entryLimit = _RegexDFA.maximumEntries
        var workLimit = _RegexDFA.maximumWork

        /// Each state's key: its flags as a negative number (as in
        /// ``_RegexDFA``), then its kernel, ascending.
        var keys: [[Int32]] = []
        var numbers: [[Int32]: Int] = [:]
        /// Per state, `columnCount` entries: the next state's number, with
        /// the bit ``_RegexPassDFA/reached``.
        var table: [UInt32] = []
        var follower: _RegexClosure
        var consumers: [[Int32]] = [[], []]
        var scratch: [Int32] = []

        init(program: _RegexProgram, classes: _ScalarClasses, search: Bool, inputCount: Int) {
            self.program = program
            self.classes = classes
            self.search = search
            self.inputCount = inputCount
            if program.usesWordBoundaries {
                wordSet = program.sets.firstIndex(of: _ECMAScriptRegexParser.wordCharacters)
            } else {
                wordSet = nil
            }
            columnCount = (classes.count + 1) << inputCount
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
            follower.work += key.count
            if let known = numbers[key] { return known }
            guard keys.count < _RegexDFA.maximumStates, (keys.count + 1) * columnCount <= entryLimit else {
                return nil
            }
            keys.append(key)
            numbers[key] = keys.count - 1
            return keys.count - 1
        }

        /// Builds every reachable state's row; false past the limits.
        mutating func build() -> Bool {
            guard state([Self.flagsKey(atStart: true, previousIsWord: false), 0]) != nil else { return false }
            var current = 0
            while current < keys.count {
                let key = keys[current]
                let number = UInt32(current)
                current += 1
                let atStart = key[0] == Self.flagsKey(atStart: true, previousIsWord: false)
                let previousIsWord = key[0] == Self.flagsKey(atStart: false, previousIsWord: true)
                for answers in 0..<UInt64(1 << inputCount) {
                    var matched = [false, false]
                    for list in 0..<(wordSet == nil ? 1 : 2) {
                        matched[list] = follower.follow(
                            key, atStart: atStart, atEnd: false, previousIsWord: previousIsWord,
                            nextIsWord: list == 1, lookArounds: answers, into: &consumers[list])
                    }
                    for column in 0..<classes.count {
                        let word = isWord(column)
                        let list = word ? 1 : 0
                        scratch.removeAll(keepingCapacity: true)
                        scratch.append(Self.flagsKey(atStart: false, previousIsWord: word))
                        if search { scratch.append(0) }
                        for pc in consumers[list]
                        where classes.contains(column, set: Int(program.consumerSets[Int(pc)])) {
                            scratch.append(pc + 1)
                        }
                        follower.work += consumers[list].count
                        scratch[(search ? 2 : 1)...].sort()
                        guard let target = state(scratch) else { return false }
                        table.append(UInt32(target) | (search && matched[list] ? _RegexPassDFA.reached : 0))
                    }
                    let matchedAtEnd = follower.follow(
                        key, atStart: atStart, atEnd: true, previousIsWord: previousIsWord, nextIsWord: false,
                        lookArounds: answers, into: &consumers[0])
                    table.append(number | (matchedAtEnd ? _RegexPassDFA.reached : 0))
                    guard follower.work <= workLimit else { return false }
                }
            }
            return true
        }

        /// Which states can still reach an entry with the bit
        /// ``_RegexPassDFA/reached``.
        func liveStates() -> [Bool] {
            let count = keys.count
            var live = [Bool](repeating: false, count: count)
            var predecessors = [[Int32]](repeating: [], count: count)
            for state in 0..<count {
                var seen: Set<UInt32> = []
                for column in 0..<columnCount {
                    let entry = table[state * columnCount + column]
                    if entry & _RegexPassDFA.reached != 0 { live[state] = true }
                    let target = entry & ~_RegexPassDFA.reached
                    if seen.insert(target).inserted { predecessors[Int(target)].append(Int32(state)) }
                }
            }
            var pending = (0..<count).filter { live[$0] }
            while let state = pending.popLast() {
                for predecessor in predecessors[state] where !live[Int(predecessor)] {
                    live[Int(predecessor)] = true
                    pending.append(Int(predecessor))
                }
            }
            return live
        }
    }
}

/// The look-around answers that a pass reads at each position: bits of
/// the inputs of its program (see ``_RegexProgram/lookArounds``).
///
/// A look-around decided at the start of the string has its bit at
/// position 0 only, one decided at the end at the end only (elsewhere its
/// answer cannot change the outcome, see ``_RegexLookArounds``); the
/// others have a bit per byte offset in a plane of `wordsPerPlane` words.
struct _RegexInputs {
    var atStart: UInt64 = 0
    var atEnd: UInt64 = 0
    /// The planes of the pattern's look-arounds, one after another.
    var planes: UnsafePointer<UInt64>? = nil
    var wordsPerPlane = 0
    /// Which input reads which plane.
    var planeInputs = UnsafeBufferPointer<_RegexPlaneInput>(start: nil, count: 0)

    /// The inputs' bits at byte offset `position` of a string of `end`
    /// bytes.
    @inline(__always)
    func bits(at position: Int, end: Int) -> UInt64 {
        var bits: UInt64 = 0
        if position == 0 { bits |= atStart }
        if position == end { bits |= atEnd }
        if let planes {
            for source in planeInputs {
                let word = planes[Int(source.plane) &* wordsPerPlane &+ position >> 6]
                bits |= (word >> UInt64(position & 63) & 1) << UInt64(source.input)
            }
        }
        return bits
    }
}

/// An input of a pass that reads a plane: the input's bit and the plane's
/// number.
struct _RegexPlaneInput: Sendable {
    var input: Int32
    var plane: Int32
}
