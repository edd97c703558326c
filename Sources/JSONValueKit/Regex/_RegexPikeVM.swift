/// The simulation of a program's NFA that follows every path at once, one
/// Unicode scalar at a time (a Pike VM without captures): what runs when a
/// pattern's automaton would be too large (see ``_RegexDFA``), and the
/// reference the automaton is tested against.
///
/// The threads at the current and the next position are lists of
/// instruction indices that consume a scalar, with marks that keep each
/// instruction in a list once. Each scalar therefore costs at most one
/// visit per instruction: O(*n* × *m*) for *n* scalars and *m*
/// instructions. Every buffer comes from one temporary allocation (on the
/// stack when the program is small): the lists and the marks have room for
/// the program's size, the pending stack for twice that, as each
/// instruction pushes at most two.
struct _RegexPikeVM: ~Copyable {
    private let program: _RegexProgram
    /// When given, a set is tested by the scalar's class, one bit, rather
    /// than by its ranges and properties.
    private let classes: _ScalarClasses?
    private let instructions: UnsafeBufferPointer<_RegexInstruction>
    private var current: UnsafeMutablePointer<Int32>
    private var currentCount = 0
    private var next: UnsafeMutablePointer<Int32>
    private var nextCount = 0
    /// For each instruction, the generation of the list it was last added to.
    private let marks: UnsafeMutablePointer<Int32>
    private var generation: Int32 = 1
    private let stack: UnsafeMutablePointer<Int32>
    /// Whether a thread reached `match` in the list being built.
    private var matched = false
    /// Instructions visited, for tests of linear behaviour.
    private(set) var steps = 0

    /// What the assertions may ask about a position.
    private struct Context {
        var atStart: Bool
        var atEnd: Bool
        var previousIsWord: Bool
        var nextIsWord: Bool
    }

    /// Whether `program` matches all of `bytes` (valid UTF-8) or, if not
    /// `whole`, some substring; `steps` grows by the instructions visited.
    /// `classes`, if given, must be the program's.
    static func matches(
        _ program: _RegexProgram, _ bytes: UnsafeBufferPointer<UInt8>, whole: Bool, classes: _ScalarClasses?,
        steps: inout Int
    ) -> Bool {
        let size = program.instructions.count
        return program.instructions.withUnsafeBufferPointer { instructions in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 5 * size + 1) { buffer in
                let base = buffer.baseAddress!
                let marks = base + 2 * size
                marks.initialize(repeating: 0, count: size)
                var machine = _RegexPikeVM(
                    program: program, classes: classes, instructions: instructions, current: base, next: base + size,
                    marks: marks, stack: base + 3 * size)
                let result = machine.run(bytes, whole: whole)
                steps += machine.steps
                return result
            }
        }
    }

    private init(
        program: _RegexProgram, classes: _ScalarClasses?, instructions: UnsafeBufferPointer<_RegexInstruction>,
        current: UnsafeMutablePointer<Int32>,
        next: UnsafeMutablePointer<Int32>, marks: UnsafeMutablePointer<Int32>, stack: UnsafeMutablePointer<Int32>
    ) {
        self.program = program
        self.classes = classes
        self.instructions = instructions
        self.current = current
        self.next = next
        self.marks = marks
        self.stack = stack
    }

    @inline(__always)
    private static func isWord(_ value: UInt32?) -> Bool {
        guard let value else { return false }
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x5F, 0x61...0x7A: return true
        default: return false
        }
    }

    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt32, Int)? {
        guard position < bytes.count else { return nil }
        let byte = bytes[position]
        if byte < 0x80 { return (UInt32(byte), 1) }
        return _UTF8.decode(bytes, at: position)
    }

    /// One pass over the string, looking one scalar ahead so that `$` and
    /// `\b` know what follows without a second pass.
    private mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, whole: Bool) -> Bool {
        let anchored = program.isAnchoredAtStart
        var upcoming = Self.scalar(in: bytes, at: 0)
        var position = 0
        var previous: UInt32? = nil
        var context = Context(
            atStart: true, atEnd: upcoming == nil, previousIsWord: false, nextIsWord: Self.isWord(upcoming?.0))
        add(0, context, toNext: false)
        while let (scalar, length) = upcoming {
            position += length
            if !whole {
                if !anchored { add(0, context, toNext: false) }
                if matched { return true }
            }
            if currentCount == 0 && (whole || anchored) { return false }
            upcoming = Self.scalar(in: bytes, at: position)
            previous = scalar
            context = Context(
                atStart: false, atEnd: upcoming == nil, previousIsWord: Self.isWord(previous),
                nextIsWord: Self.isWord(upcoming?.0))
            // Step: the threads that accept the scalar go on at the next position.
            if generation == .max {
                marks.initialize(repeating: 0, count: instructions.count)
                generation = 0
            }
            generation += 1
            matched = false
            var column = -1
            if let classes {
                column = scalar < 0x80 ? Int(classes.ascii[Int(scalar)]) : classes.classOfNonASCII(scalar)
            }
            for slot in 0..<currentCount {
                let pc = Int(current[slot])
                let accepts: Bool
                switch instructions[pc] {
                case .scalar(let value):
                    accepts = scalar == value
                case .set(let index):
                    if let classes {
                        accepts = classes.contains(column, set: index)
                    } else {
                        accepts = program.sets[index].contains(Unicode.Scalar(scalar) ?? "\u{FFFD}")
                    }
                default:
                    accepts = false
                }
                if accepts { add(pc + 1, context, toNext: true) }
            }
            swap(&current, &next)
            currentCount = nextCount
            nextCount = 0
        }
        if !whole && !anchored { add(0, context, toNext: false) }
        return matched
    }

    /// Adds the instructions reachable from `start` without consuming a
    /// scalar, in `context`, to the list of the current generation.
    @inline(__always)
    private mutating func add(_ start: Int, _ context: Context, toNext: Bool) {
        stack[0] = Int32(start)
        var depth = 1
        while depth > 0 {
            depth -= 1
            let pc = Int(stack[depth])
            guard marks[pc] != generation else { continue }
            marks[pc] = generation
            steps += 1
            switch instructions[pc] {
            case .jump(let target):
                stack[depth] = Int32(target)
                depth += 1
            case .split(let first, let second):
                stack[depth] = Int32(second)
                stack[depth + 1] = Int32(first)
                depth += 2
            case .assertStart:
                if context.atStart {
                    stack[depth] = Int32(pc + 1)
                    depth += 1
                }
            case .assertEnd:
                if context.atEnd {
                    stack[depth] = Int32(pc + 1)
                    depth += 1
                }
            case .assertWordBoundary(let negated):
                if (context.previousIsWord != context.nextIsWord) != negated {
                    stack[depth] = Int32(pc + 1)
                    depth += 1
                }
            case .match:
                matched = true
            case .scalar, .set:
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
