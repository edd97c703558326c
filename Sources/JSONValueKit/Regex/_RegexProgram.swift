/// One instruction of a Thompson NFA.
enum _RegexInstruction: Sendable {
    /// Consumes one scalar if it has this value.
    case scalar(UInt32)
    /// Consumes one scalar if `sets[index]` holds it.
    case set(Int)
    /// Goes on at both targets.
    case split(Int, Int)
    case jump(Int)
    /// Goes on only at the start of the string.
    case assertStart
    /// Goes on only at the end of the string.
    case assertEnd
    /// Goes on only where the scalars before and after differ (or, negated,
    /// agree) in being ASCII word characters; the ends count as not.
    case assertWordBoundary(negated: Bool)
    /// Goes on only where look-around `program.lookArounds[input]` holds
    /// (or, negated, does not): bit `input` of the inputs the engine reads
    /// at each position (see ``_RegexLookArounds``).
    case assertLookAround(input: Int, negated: Bool)
    case match
}

/// A compiled pattern: the NFA's instructions and the sets they test.
struct _RegexProgram: Sendable {
    var instructions: [_RegexInstruction] = []
    /// Distinct sets; each `.scalar(v)` instruction has its one-scalar set
    /// here too, so that ``_ScalarClasses`` sees every value the program
    /// tells apart.
    var sets: [_ScalarSet] = []
    /// For each instruction that consumes a scalar, the index of its set.
    var consumerSets: [Int32] = []
    var usesWordBoundaries = false
    /// The look-arounds the program asserts, by their numbers in the tree
    /// (``_RegexLookAround/index``); an assertion's `input` is a position
    /// in this list. Those nested in them are not listed: their own
    /// programs assert them.
    var lookArounds: [Int] = []
    /// Whether the program can only match at the start of the string
    /// (every path begins with `^`), which lets a search stop early.
    var isAnchoredAtStart = false
    /// Whether every path ends with `$`, which lets a search run backwards
    /// from the end and stop early.
    var isAnchoredAtEnd = false
}

/// Turns a tree into a program, expanding counted repetition.
struct _RegexCompiler {
    private(set) var program = _RegexProgram()
    private var setIndices: [_ScalarSet: Int] = [:]

    /// The program was about to grow past ``_Regex/maximumProgramSize``.
    struct TooLarge: Error {}

    /// Compiles `tree`, followed by `match`.
    static func compile(_ tree: _RegexNode) throws(TooLarge) -> _RegexProgram {
        var compiler = _RegexCompiler()
        try compiler.emit(tree)
        try compiler.append(.match)
        compiler.program.consumerSets = compiler.program.instructions.map { instruction in
            switch instruction {
            case .scalar(let value): return Int32(compiler.setIndices[.scalar(value)]!)
            case .set(let index): return Int32(index)
            default: return -1
            }
        }
        compiler.program.isAnchoredAtStart = Self.startsWithAnchor(tree)
        compiler.program.isAnchoredAtEnd = Self.startsWithAnchor(tree.reversed)
        return compiler.program
    }

    /// Whether every path through `node` meets `^` before it consumes
    /// anything; conservative (false when unsure).
    private static func startsWithAnchor(_ node: _RegexNode) -> Bool {
        switch node {
        case .start: return true
        case .sequence(let nodes):
            for node in nodes {
                if startsWithAnchor(node) { return true }
                switch node {
                case .end, .wordBoundary, .lookAround: continue
                default: return false
                }
            }
            return false
        case .alternation(let branches): return !branches.isEmpty && branches.allSatisfy(startsWithAnchor)
        case .repetition(let body, let minimum, _): return minimum > 0 && startsWithAnchor(body)
        case .set, .end, .wordBoundary, .lookAround: return false
        }
    }

    /// Whether `node` emits no instruction.
    private static func compilesToNothing(_ node: _RegexNode) -> Bool {
        switch node {
        case .sequence(let nodes): return nodes.allSatisfy(compilesToNothing)
        case .alternation(let branches): return branches.count == 1 && compilesToNothing(branches[0])
        case .repetition(let body, _, let maximum): return maximum == 0 || compilesToNothing(body)
        case .set, .start, .end, .wordBoundary, .lookAround: return false
        }
    }

    @discardableResult
    private mutating func append(_ instruction: _RegexInstruction) throws(TooLarge) -> Int {
        guard program.instructions.count < _Regex.maximumProgramSize else { throw TooLarge() }
        program.instructions.append(instruction)
        return program.instructions.count - 1
    }

    private mutating func index(of set: _ScalarSet) -> Int {
        if let index = setIndices[set] { return index }
        program.sets.append(set)
        setIndices[set] = program.sets.count - 1
        return program.sets.count - 1
    }

    private mutating func patch(_ position: Int, _ instruction: _RegexInstruction) {
        program.instructions[position] = instruction
    }

    /// Recursive over the tree, whose depth the group-depth limit bounds.
    private mutating func emit(_ node: _RegexNode) throws(TooLarge) {
        switch node {
        case .set(let set):
            let index = index(of: set)
            if let value = set.singleScalar {
                try append(.scalar(value))
            } else {
                try append(.set(index))
            }
        case .start:
            try append(.assertStart)
        case .end:
            try append(.assertEnd)
        case .wordBoundary(let negated):
            program.usesWordBoundaries = true
            // The automaton needs a class boundary between word characters
            // and the rest, which `\w`'s set among the sets gives it.
            _ = index(of: _ECMAScriptRegexParser.wordCharacters)
            try append(.assertWordBoundary(negated: negated))
        case .lookAround(let lookAround):
            // The body is another program's (see `_RegexLookArounds`).
            let input: Int
            if let known = program.lookArounds.firstIndex(of: lookAround.index) {
                input = known
            } else {
                program.lookArounds.append(lookAround.index)
                input = program.lookArounds.count - 1
            }
            try append(.assertLookAround(input: input, negated: lookAround.negated))
        case .sequence(let nodes):
            for node in nodes { try emit(node) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for branch in branches.dropLast() {
                let split = try append(.split(0, 0))
                try emit(branch)
                jumps.append(try append(.jump(0)))
                patch(split, .split(split + 1, program.instructions.count))
            }
            if let last = branches.last { try emit(last) }
            for jump in jumps { patch(jump, .jump(program.instructions.count)) }
        case .repetition(let body, let minimum, let maximum):
            // A body that compiles to nothing (`()`, `(?:)`) is not
            // repeated: `((){9999}){9999}` would otherwise loop 10⁸ times
            // without ever reaching the size limit.
            if Self.compilesToNothing(body) { return }
            if let maximum {
                for _ in 0..<minimum { try emit(body) }
                // Each further copy is optional: x{2,4} is x x x? x?.
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(try append(.split(0, 0)))
                    try emit(body)
                }
                for split in splits { patch(split, .split(split + 1, program.instructions.count)) }
            } else if minimum > 0 {
                // x{2,} is x x+, and x+ loops back over its one copy, so
                // that nested `+` does not double the program per level.
                for _ in 1..<minimum { try emit(body) }
                let loop = program.instructions.count
                try emit(body)
                let split = try append(.split(0, 0))
                patch(split, .split(loop, split + 1))
            } else {
                let loop = try append(.split(0, 0))
                try emit(body)
                try append(.jump(loop))
                patch(loop, .split(loop + 1, program.instructions.count))
            }
        }
    }
}
