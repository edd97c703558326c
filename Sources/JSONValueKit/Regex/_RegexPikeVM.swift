/// The simulation of a program's NFA that follows every path at once, one
/// Unicode scalar at a time (a Pike VM without captures): what runs when a
/// pattern's automaton would be too large (see ``_RegexDFA``), and the
/// reference the automaton is tested against.
///
/// For a pattern with look-arounds it also runs the passes of
/// ``_RegexLookArounds``: reading the string forwards or backwards,
/// answering each look-around assertion from the inputs at the position,
/// and recording where `match` is reached rather than stopping there.
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
        /// Bit *i*: whether look-around `program.lookArounds[i]` holds.
        var lookArounds: UInt64
    }

    /// Whether `program` matches all of `bytes` (valid UTF-8) or, if not
    /// `whole`, some substring; `steps` grows by the instructions visited.
    /// `classes`, if given, must be the program's.
    static func matches(
        _ program: _RegexProgram, _ bytes: UnsafeBufferPointer<UInt8>, whole: Bool, classes: _ScalarClasses?,
        steps: inout Int
    ) -> Bool {
        run(
            program, bytes, whole: whole, reverse: false, classes: classes, inputs: _RegexInputs(), outputs: nil,
            steps: &steps)
    }

    /// Runs `program` over `bytes`, from the end if `reverse` (then it must
    /// be a reversed pattern, see ``_RegexNode/reversed``), with the
    /// look-around answers of `inputs`. Without `outputs`: whether it
    /// matches all of the string or some substring. With `outputs`, a
    /// search that sets the bit of every byte offset where `match` is
    /// reached, in the bits of the words `outputs` points to.
    static func run(
        _ program: _RegexProgram, _ bytes: UnsafeBufferPointer<UInt8>, whole: Bool, reverse: Bool,
        classes: _ScalarClasses?, inputs: _RegexInputs, outputs: UnsafeMutablePointer<UInt64>?, steps: inout Int
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
                let result = machine.run(bytes, whole: whole, reverse: reverse, inputs: inputs, outputs: outputs)
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

    /// The scalar that ends at `position`, and its length.
    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, before position: Int) -> (UInt32, Int)? {
        guard position > 0 else { return nil }
        let byte = bytes[position - 1]
        if byte < 0x80 { return (UInt32(byte), 1) }
        var lead = position - 1
        while lead > 0 && position - lead < 4 && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard let (value, _) = _UTF8.decode(bytes, at: lead) else { return nil }
        return (value, position - lead)
    }

    /// One pass over the string, looking one scalar ahead so that `$` and
    /// `\b` know what follows without a second pass. Backwards, the start
    /// is the string's end and what follows is what precedes.
    private mutating func run(
        _ bytes: UnsafeBufferPointer<UInt8>, whole: Bool, reverse: Bool, inputs: _RegexInputs,
        outputs: UnsafeMutablePointer<UInt64>?
    ) -> Bool {
        let anchored = program.isAnchoredAtStart
        let end = bytes.count
        var position = reverse ? end : 0
        var upcoming = reverse ? Self.scalar(in: bytes, before: position) : Self.scalar(in: bytes, at: position)
        var context = Context(
            atStart: true, atEnd: upcoming == nil, previousIsWord: false, nextIsWord: Self.isWord(upcoming?.0),
            lookArounds: inputs.bits(at: position, end: end))
        add(0, context, toNext: false)
        while let (scalar, length) = upcoming {
            if !whole {
                if !anchored { add(0, context, toNext: false) }
                if matched {
                    guard let outputs else { return true }
                    outputs[position >> 6] |= 1 << UInt64(position & 63)
                }
            }
            if currentCount == 0 && (whole || anchored) { return false }
            position = reverse ? position - length : position + length
            upcoming = reverse ? Self.scalar(in: bytes, before: position) : Self.scalar(in: bytes, at: position)
            context = Context(
                atStart: false, atEnd: upcoming == nil, previousIsWord: Self.isWord(scalar),
                nextIsWord: Self.isWord(upcoming?.0), lookArounds: inputs.bits(at: position, end: end))
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
        if matched, let outputs { outputs[position >> 6] |= 1 << UInt64(position & 63) }
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
            case .assertLookAround(let input, let negated):
                if (context.lookArounds >> UInt64(input) & 1 != 0) != negated {
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
