/// An I-Regexp (RFC 9485), checked and compiled for a matcher of the
/// package's own that runs in time linear in the string.
///
/// `match()` and `search()` in JSONPath filters use it on every platform.
/// Backtracking engines (`Regex`, `NSRegularExpression`) take exponential
/// time on patterns such as `(a+)+b`, and a pattern may come from the
/// document itself (`search(@.text, $.pattern)`), so untrusted data alone
/// could hang a query. RFC 9485 leaves out back-references and look-around
/// so that a pattern can run as a finite automaton, and this one does: the
/// pattern compiles to a Thompson NFA, a list of instructions, and matching
/// follows every path through it at once, one Unicode scalar at a time (a
/// Pike VM without captures). Each scalar costs at most one visit per
/// instruction, so a match costs O(*n* × *m*) for a string of *n* scalars
/// and a program of *m* instructions.
///
/// What the package decides where RFC 9485 leaves room, as before:
///
/// - `^` and `$` outside a class anchor at the start and end of the string,
///   as the JSONPath compliance suite expects (XSD takes them literally).
/// - `.` is any scalar but `\n` and `\r`; matching is by Unicode scalars.
/// - Counted repetition is expanded, so a program is limited to
///   ``maximumProgramSize`` instructions: `(a{1000}){1000}` would need a
///   million and is refused as an invalid pattern (the function's result is
///   then false), where a backtracking engine would accept it and a naive
///   expansion would exhaust memory. Groups nest at most 32 deep.
struct _IRegexp: Sendable {
    /// The pattern as written.
    let pattern: String
    private let program: [Instruction]
    private let sets: [_ScalarSet]

    /// The most instructions a compiled pattern may have: enough for
    /// `(.*a){20}` a hundred times over, few enough that each scalar of the
    /// string costs at most this many steps.
    static let maximumProgramSize = 10_000

    /// The deepest nesting of groups a pattern may have.
    static let maximumGroupDepth = 32

    enum Instruction: Sendable {
        /// Consumes one scalar if it is this one.
        case scalar(UInt32)
        /// Consumes one scalar but `\n` and `\r` (`.`).
        case anyButLineBreaks
        /// Consumes one scalar if it is in `sets[index]`.
        case set(Int)
        /// Goes on at both targets.
        case split(Int, Int)
        case jump(Int)
        /// Goes on only at the start of the string.
        case assertStart
        /// Goes on only at the end of the string.
        case assertEnd
        case match
    }

    /// Compiles a pattern; `nil` if it is not valid I-Regexp or would
    /// compile to more than ``maximumProgramSize`` instructions.
    init?(_ pattern: String) {
        var parser = _IRegexpParser(scalars: Array(pattern.unicodeScalars))
        guard let tree = parser.parse() else { return nil }
        var compiler = Compiler()
        do {
            try compiler.emit(tree)
            try compiler.append(.match)
        } catch {
            return nil
        }
        self.pattern = pattern
        self.program = compiler.program
        self.sets = compiler.sets
    }

    /// Whether the pattern matches all of `string` (`whole`, for `match()`)
    /// or some substring of it (for `search()`).
    ///
    /// - Complexity: O(*n* × *m*) for *n* scalars and *m* instructions.
    func matches(_ string: String, whole: Bool) -> Bool {
        program.withUnsafeBufferPointer { program in
            sets.withUnsafeBufferPointer { sets in
                var machine = Machine(program: program, sets: sets)
                defer { machine.deallocate() }
                return machine.run(string.unicodeScalars, whole: whole)
            }
        }
    }

    /// The simulation: the threads at the current and the next position,
    /// as lists of instruction indices that consume a scalar or match, with
    /// marks that keep each instruction in a list once. Every buffer has
    /// room for the program's size, the most a list can hold; the pending
    /// stack for twice that, as each instruction pushes at most two.
    private struct Machine {
        let program: UnsafeBufferPointer<Instruction>
        let sets: UnsafeBufferPointer<_ScalarSet>
        var current: UnsafeMutableBufferPointer<Int32>
        var currentCount = 0
        var next: UnsafeMutableBufferPointer<Int32>
        var nextCount = 0
        /// For each instruction, the generation of the list it was last added to.
        let marks: UnsafeMutableBufferPointer<Int>
        var generation = 1
        let stack: UnsafeMutableBufferPointer<Int32>
        /// Whether a thread reached `match` in the list being built.
        var matched = false

        init(program: UnsafeBufferPointer<Instruction>, sets: UnsafeBufferPointer<_ScalarSet>) {
            self.program = program
            self.sets = sets
            current = .allocate(capacity: program.count)
            next = .allocate(capacity: program.count)
            marks = .allocate(capacity: program.count)
            marks.initialize(repeating: 0)
            stack = .allocate(capacity: 2 * program.count + 1)
        }

        func deallocate() {
            current.deallocate()
            next.deallocate()
            marks.deallocate()
            stack.deallocate()
        }

        /// One pass over the string, looking one scalar ahead so that `$`
        /// knows where the end is without counting the scalars first.
        mutating func run(_ scalars: String.UnicodeScalarView, whole: Bool) -> Bool {
            var iterator = scalars.makeIterator()
            var upcoming = iterator.next()
            var position = 0
            add(0, at: 0, atEnd: upcoming == nil, toNext: false)
            while let scalar = upcoming {
                upcoming = iterator.next()
                if !whole {
                    add(0, at: position, atEnd: false, toNext: false)
                    if matched { return true }
                } else if currentCount == 0 {
                    return false
                }
                // Step: the threads that accept the scalar go on at the next position.
                generation += 1
                matched = false
                position += 1
                for slot in 0..<currentCount {
                    let pc = Int(current[slot])
                    let accepts: Bool
                    switch program[pc] {
                    case .scalar(let value): accepts = scalar.value == value
                    case .anyButLineBreaks: accepts = scalar.value != 0x0A && scalar.value != 0x0D
                    case .set(let index): accepts = sets[index].contains(scalar)
                    default: accepts = false
                    }
                    if accepts { add(pc + 1, at: position, atEnd: upcoming == nil, toNext: true) }
                }
                swap(&current, &next)
                currentCount = nextCount
                nextCount = 0
            }
            if !whole { add(0, at: position, atEnd: true, toNext: false) }
            return matched
        }

        /// Adds the instructions reachable from `start` without consuming a
        /// scalar, at `position` (`atEnd` after the last scalar), to the list
        /// of the current generation.
        @inline(__always)
        mutating func add(_ start: Int, at position: Int, atEnd: Bool, toNext: Bool) {
            var depth = 0
            stack[0] = Int32(start)
            depth = 1
            while depth > 0 {
                depth -= 1
                let pc = Int(stack[depth])
                guard marks[pc] != generation else { continue }
                marks[pc] = generation
                switch program[pc] {
                case .jump(let target):
                    stack[depth] = Int32(target)
                    depth += 1
                case .split(let first, let second):
                    stack[depth] = Int32(second)
                    stack[depth + 1] = Int32(first)
                    depth += 2
                case .assertStart:
                    if position == 0 {
                        stack[depth] = Int32(pc + 1)
                        depth += 1
                    }
                case .assertEnd:
                    if atEnd {
                        stack[depth] = Int32(pc + 1)
                        depth += 1
                    }
                case .match:
                    matched = true
                case .scalar, .anyButLineBreaks, .set:
                    if toNext {
                        next[nextCount] = Int32(pc)
                        nextCount += 1
                    } else {
                        current[currentCount] = Int32(pc)
                        currentCount += 1
                    }
                }
            }
        }
    }

    private struct TooLarge: Error {}

    private struct Compiler {
        var program: [Instruction] = []
        var sets: [_ScalarSet] = []

        @discardableResult
        mutating func append(_ instruction: Instruction) throws(TooLarge) -> Int {
            guard program.count < _IRegexp.maximumProgramSize else { throw TooLarge() }
            program.append(instruction)
            return program.count - 1
        }

        mutating func emit(_ node: _IRegexpNode) throws(TooLarge) {
            switch node {
            case .set(let set):
                if set.isDot {
                    try append(.anyButLineBreaks)
                } else if let scalar = set.singleScalar {
                    try append(.scalar(scalar))
                } else {
                    sets.append(set)
                    try append(.set(sets.count - 1))
                }
            case .start:
                try append(.assertStart)
            case .end:
                try append(.assertEnd)
            case .sequence(let nodes):
                for node in nodes { try emit(node) }
            case .alternation(let branches):
                var jumps: [Int] = []
                for branch in branches.dropLast() {
                    let split = try append(.split(0, 0))
                    try emit(branch)
                    jumps.append(try append(.jump(0)))
                    program[split] = .split(split + 1, program.count)
                }
                if let last = branches.last { try emit(last) }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repetition(let body, let minimum, let maximum):
                for _ in 0..<minimum { try emit(body) }
                if let maximum {
                    // Each further copy is optional: x{2,4} is x x x? x?.
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(try append(.split(0, 0)))
                        try emit(body)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let loop = try append(.split(0, 0))
                    try emit(body)
                    try append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }
}

extension _IRegexp: Hashable {
    /// Patterns compare by their text, scalar for scalar.
    static func == (lhs: _IRegexp, rhs: _IRegexp) -> Bool {
        lhs.pattern.unicodeScalars.elementsEqual(rhs.pattern.unicodeScalars)
    }

    func hash(into hasher: inout Hasher) {
        for scalar in pattern.unicodeScalars { hasher.combine(scalar.value) }
    }
}

/// A pattern's syntax tree.
indirect enum _IRegexpNode: Sendable {
    case set(_ScalarSet)
    case start
    case end
    case sequence([_IRegexpNode])
    case alternation([_IRegexpNode])
    case repetition(_IRegexpNode, minimum: Int, maximum: Int?)
}

/// The scalars an atom or a character class accepts.
struct _ScalarSet: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    /// General categories, each with whether it is negated (`\P{…}`).
    var categories: [(categories: Set<Unicode.GeneralCategory>, negated: Bool)] = []
    var negated = false

    static func scalar(_ scalar: Unicode.Scalar) -> _ScalarSet {
        _ScalarSet(ranges: [scalar.value...scalar.value])
    }

    /// `.`: any scalar but `\n` and `\r`.
    static let dot = _ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D], negated: true)

    var isDot: Bool { negated && categories.isEmpty && ranges == Self.dot.ranges }

    /// The one scalar the set accepts, if it is a single literal.
    var singleScalar: UInt32? {
        guard !negated, categories.isEmpty, ranges.count == 1, ranges[0].count == 1 else { return nil }
        return ranges[0].lowerBound
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var found = false
        for range in ranges where range.contains(value) {
            found = true
            break
        }
        if !found && !categories.isEmpty {
            let category = scalar.properties.generalCategory
            for item in categories where item.categories.contains(category) != item.negated {
                found = true
                break
            }
        }
        return found != negated
    }
}

/// Reads RFC 9485's grammar into a tree; `nil` for anything else.
struct _IRegexpParser {
    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func parse() -> _IRegexpNode? {
        guard let tree = branches(), index == scalars.count else { return nil }
        return tree
    }

    /// `branch *( "|" branch )`
    mutating func branches() -> _IRegexpNode? {
        var result: [_IRegexpNode] = []
        while true {
            guard let branch = branch() else { return nil }
            result.append(branch)
            guard peek == "|" else { break }
            index += 1
        }
        return result.count == 1 ? result[0] : .alternation(result)
    }

    /// `*piece`, a piece being an atom and an optional quantifier.
    mutating func branch() -> _IRegexpNode? {
        var pieces: [_IRegexpNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            guard let atom = atom(), let piece = quantified(atom) else { return nil }
            pieces.append(piece)
        }
        return pieces.count == 1 ? pieces[0] : .sequence(pieces)
    }

    mutating func quantified(_ atom: _IRegexpNode) -> _IRegexpNode? {
        switch peek {
        case "*":
            index += 1
            return .repetition(atom, minimum: 0, maximum: nil)
        case "+":
            index += 1
            return .repetition(atom, minimum: 1, maximum: nil)
        case "?":
            index += 1
            return .repetition(atom, minimum: 0, maximum: 1)
        case "{":
            index += 1
            guard let low = number() else { return nil }
            var high: Int? = low
            if peek == "," {
                index += 1
                high = nil
                if peek != "}" {
                    guard let bound = number(), bound >= low else { return nil }
                    high = bound
                }
            }
            guard peek == "}" else { return nil }
            index += 1
            // Beyond the program's size anyway; refusing here also keeps
            // the loops that expand the count short.
            guard low <= _IRegexp.maximumProgramSize, (high ?? low) <= _IRegexp.maximumProgramSize else { return nil }
            return .repetition(atom, minimum: low, maximum: high)
        default:
            return atom
        }
    }

    /// Up to nine digits, as before: a count needs no more.
    mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            // Past nine digits the count is refused anyway; stop adding to
            // `value` there, before it can overflow.
            if digits < 9 { value = value * 10 + Int(scalar.value - 0x30) }
            digits += 1
            index += 1
        }
        guard digits > 0, digits <= 9 else { return nil }
        return value
    }

    mutating func atom() -> _IRegexpNode? {
        guard let scalar = peek else { return nil }
        switch scalar {
        case "(":
            guard depth < _IRegexp.maximumGroupDepth else { return nil }
            index += 1
            depth += 1
            defer { depth -= 1 }
            guard let inner = branches(), peek == ")" else { return nil }
            index += 1
            return inner
        case ".":
            index += 1
            return .set(.dot)
        case "[":
            return characterClassExpression().map { .set($0) }
        case "\\":
            return escape().map { .set($0) }
        case "*", "+", "?", "{", "}", ")", "]", "|":
            return nil
        case "^":
            index += 1
            return .start
        case "$":
            index += 1
            return .end
        default:
            index += 1
            return .set(.scalar(scalar))
        }
    }

    /// A single-character escape or a category escape, from its `\`.
    mutating func escape() -> _ScalarSet? {
        index += 1  // \
        guard let scalar = peek else { return nil }
        index += 1
        switch scalar {
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
            return .scalar(scalar)
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "t": return .scalar("\t")
        case "p", "P":
            guard peek == "{" else { return nil }
            index += 1
            var name = ""
            while let next = peek, next != "}" {
                name.unicodeScalars.append(next)
                index += 1
            }
            guard peek == "}", let categories = Self.categories[name] else { return nil }
            index += 1
            return _ScalarSet(categories: [(categories, scalar == "P")])
        default:
            return nil
        }
    }

    /// `"[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`
    mutating func characterClassExpression() -> _ScalarSet? {
        index += 1  // [
        var set = _ScalarSet()
        if peek == "^" {
            index += 1
            set.negated = true
        }
        var first = true
        while true {
            guard let scalar = peek else { return nil }
            if scalar == "]" {
                guard !first else { return nil }
                index += 1
                return set
            }
            if scalar == "-" {
                // Only first or last.
                index += 1
                guard first || peek == "]" else { return nil }
                set.ranges.append(0x2D...0x2D)
                first = false
                continue
            }
            first = false
            if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "p" || scalars[index + 1] == "P" {
                guard let property = escape() else { return nil }
                set.categories += property.categories
                continue
            }
            guard let low = classCharacter() else { return nil }
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard let high = classCharacter(), low.value <= high.value else { return nil }
                set.ranges.append(low.value...high.value)
            } else {
                set.ranges.append(low.value...low.value)
            }
        }
    }

    /// `CCchar`: any character but `-`, `[`, `\` and `]`, or a
    /// single-character escape.
    mutating func classCharacter() -> Unicode.Scalar? {
        guard let scalar = peek else { return nil }
        switch scalar {
        case "-", "[", "]":
            return nil
        case "\\":
            let start = index
            guard let set = escape(), index - start == 2, set.categories.isEmpty else { return nil }
            return Unicode.Scalar(set.ranges[0].lowerBound)
        default:
            index += 1
            return scalar
        }
    }

    /// The general categories I-Regexp allows in `\p{…}`, by name.
    static let categories: [String: Set<Unicode.GeneralCategory>] = {
        let table: [(String, Unicode.GeneralCategory)] = [
            ("Lu", .uppercaseLetter), ("Ll", .lowercaseLetter), ("Lt", .titlecaseLetter), ("Lm", .modifierLetter),
            ("Lo", .otherLetter), ("Mn", .nonspacingMark), ("Mc", .spacingMark), ("Me", .enclosingMark),
            ("Nd", .decimalNumber), ("Nl", .letterNumber), ("No", .otherNumber), ("Pc", .connectorPunctuation),
            ("Pd", .dashPunctuation), ("Ps", .openPunctuation), ("Pe", .closePunctuation),
            ("Pi", .initialPunctuation), ("Pf", .finalPunctuation), ("Po", .otherPunctuation),
            ("Sm", .mathSymbol), ("Sc", .currencySymbol), ("Sk", .modifierSymbol), ("So", .otherSymbol),
            ("Zs", .spaceSeparator), ("Zl", .lineSeparator), ("Zp", .paragraphSeparator), ("Cc", .control),
            ("Cf", .format), ("Co", .privateUse), ("Cn", .unassigned),
        ]
        var result: [String: Set<Unicode.GeneralCategory>] = [:]
        for (name, category) in table {
            result[name] = [category]
            result[String(name.prefix(1)), default: []].insert(category)
        }
        // `C` covers the surrogates too, which no scalar is.
        result["C"]!.insert(.surrogate)
        return result
    }()
}
