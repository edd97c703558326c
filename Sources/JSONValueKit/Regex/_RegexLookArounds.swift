/// How a pattern with look-arounds is matched in time linear in the string,
/// after Barrière and Pit-Claudel, "Linear Matching of JavaScript Regular
/// Expressions" (PLDI 2024), whose method V8's linear engine follows.
///
/// Only whether a string matches is asked, never what a group captured, so
/// a look-around is a set of positions: those where its body matches a
/// substring that starts there (look-ahead) or ends there (look-behind).
/// Before the pattern itself runs, one pass per look-around decides that
/// set for every position of the string and stores it as a bit per byte
/// offset (a *plane*):
///
/// - for a look-behind, a search with the body's program from the start of
///   the string, recording every position where a match of the body ends;
/// - for a look-ahead, the same from the end of the string with the body
///   reversed (``_RegexNode/reversed``): a match of the reversed body that
///   ends at a position, reading backwards, is a match of the body that
///   starts there.
///
/// A pass is a deterministic automaton (``_RegexPassDFA``) or, past its
/// limits, the Pike VM, each reading a look-around's assertion as it reads
/// `\b`: from the plane at the position. Look-arounds are numbered so that
/// inner ones come first, so the passes run in that order and the pattern's
/// own pass last; assertions inside a body (`^`, `$`, `\b`, other
/// look-arounds) see the whole string, as ECMA-262 says.
///
/// Two common shapes need no plane: a look-ahead met only at the start of
/// the string (`^(?!@@)…`, `^(?=.{1,255}$)…`) is decided once, by searching
/// for `^body`, which stops as soon as the answer is known; a look-behind
/// met only at the end (`…(?<!-)$`) by searching for `body$` backwards. Its
/// answer is then an input at that one position; elsewhere the assertion is
/// never reached on a path that can still match, as `^` or `$` with nothing
/// but assertions in between decides that path at the same position.
///
/// Costs, for a string of *n* bytes and a pattern with *k* look-arounds
/// (``_Regex/maximumLookArounds`` at most): time O(*n*) per pass, or
/// O(*n* × *m*) on the Pike VM for a program of *m* instructions, the
/// programs of the pattern and of all its look-arounds having
/// ``_Regex/maximumProgramSize`` instructions together; memory, *k* planes
/// of ⌈(*n* + 1) / 64⌉ words, at most 4 bytes per byte of the string,
/// released when the match ends.
///
/// Nothing is written after construction; the buffers that matching reads
/// without reference counting (``Runtime``) are freed with the value, hence
/// `@unchecked Sendable`.
final class _RegexLookArounds: @unchecked Sendable {
    /// How the answers of one look-around are found.
    enum Decision: Sendable {
        /// Met only at the start of the string, no look-around inside:
        /// whether `^body` matches.
        case atStart(_CompiledRegex)
        /// Met only at the end, no look-around inside: whether `body$`
        /// matches.
        case atEnd(_CompiledRegex)
        /// A pass that fills plane `plane`.
        case everywhere(Pass, plane: Int)
        /// Asserted by no program (it was inside `{0}`).
        case unused
    }

    /// One run over the string: a program, its classes, and its automaton
    /// when one fits.
    struct Pass: Sendable {
        let program: _RegexProgram
        let classes: _ScalarClasses?
        let automaton: _RegexPassDFA?
        /// Whether the program is reversed and reads from the end.
        let isReverse: Bool
        let search: Bool
        /// The inputs that read planes.
        let planeInputs: [_RegexPlaneInput]
    }

    /// What matching on automata reads of a pass: nothing reference
    /// counted, so that a match retains and releases nothing. The buffers
    /// belong to the ``_RegexLookArounds`` that made them.
    struct Runtime {
        let automaton: _RegexPassDFA?
        /// For each input of the program, the look-around's number.
        let lookArounds: UnsafeMutableBufferPointer<Int32>
        let planeInputs: UnsafeMutableBufferPointer<_RegexPlaneInput>

        init(_ pass: Pass) {
            automaton = pass.automaton
            lookArounds = .allocate(capacity: pass.program.lookArounds.count)
            _ = lookArounds.initialize(from: pass.program.lookArounds.lazy.map { Int32($0) })
            planeInputs = .allocate(capacity: pass.planeInputs.count)
            _ = planeInputs.initialize(from: pass.planeInputs)
        }

        func deallocate() {
            lookArounds.deallocate()
            planeInputs.deallocate()
        }

        /// The inputs of the pass, given the answers of the look-arounds
        /// decided at the start and at the end, by look-around number, and
        /// the planes.
        @inline(__always)
        func inputs(
            atStart: UInt64, atEnd: UInt64, planes: UnsafeMutableBufferPointer<UInt64>, wordsPerPlane: Int
        ) -> _RegexInputs {
            var inputs = _RegexInputs()
            for input in lookArounds.indices {
                let index = UInt64(lookArounds[input])
                inputs.atStart |= (atStart >> index & 1) << UInt64(input)
                inputs.atEnd |= (atEnd >> index & 1) << UInt64(input)
            }
            if !planeInputs.isEmpty {
                inputs.planes = UnsafePointer(planes.baseAddress)
                inputs.wordsPerPlane = wordsPerPlane
                inputs.planeInputs = UnsafeBufferPointer(planeInputs)
            }
            return inputs
        }
    }

    /// A decision as matching reads it.
    enum Stage {
        case atStart(Unmanaged<_CompiledRegex>)
        case atEnd(Unmanaged<_CompiledRegex>)
        case everywhere(Runtime, plane: Int)
        case unused
    }

    /// By look-around number, inner ones first.
    let decisions: [Decision]
    let planeCount: Int
    /// The pattern's own pass for a search.
    let search: Pass
    /// Its pass for a whole match (JSON Schema never asks for one, so it
    /// has an automaton only when asked for).
    let whole: Pass
    /// The decisions, the search and the whole match, as matching reads
    /// them; `decisions` keeps the compiled patterns of `stages` alive.
    private let stages: UnsafeMutableBufferPointer<Stage>
    private let searchRuntime: Runtime
    private let wholeRuntime: Runtime

    /// Compiles the look-arounds of `tree`, whose program is `program`, and
    /// builds the passes' automata: for a search in `direction`, and for a
    /// whole match if `wholeAutomaton`.
    ///
    /// - Throws: ``_RegexCompiler/TooLarge`` if the programs of the pattern
    ///   and its look-arounds have more than ``_Regex/maximumProgramSize``
    ///   instructions together.
    init(
        _ tree: _RegexNode, _ program: _RegexProgram, wholeAutomaton: Bool, direction: _Regex.Direction
    ) throws(_RegexCompiler.TooLarge) {
        var found: [Found?] = []
        // A search enters the pattern anywhere and leaves it anywhere.
        Self.collect(tree, afterStart: false, beforeEnd: false, into: &found)
        // First every program, which may throw, then the automata, which
        // nothing owns until this value is made.
        var size = program.instructions.count
        // From the outermost in, so that a look-around is compiled only if
        // a program that is compiled asserts it.
        var asserted = Set(program.lookArounds)
        var programs = [(program: _RegexProgram, anchored: _RegexNode?)?](repeating: nil, count: found.count)
        for index in found.indices.reversed() where asserted.contains(index) {
            guard let found = found[index] else { continue }
            let lookAround = found.lookAround
            if found.hasNoLookAround && (lookAround.ahead ? found.onlyAtStart : found.onlyAtEnd) {
                let anchored: _RegexNode =
                    lookAround.ahead ? .sequence([.start, lookAround.body]) : .sequence([lookAround.body, .end])
                programs[index] = (try _RegexCompiler.compile(anchored), anchored)
            } else {
                let bodyProgram = try _RegexCompiler.compile(
                    lookAround.ahead ? lookAround.body.reversed : lookAround.body)
                asserted.formUnion(bodyProgram.lookArounds)
                programs[index] = (bodyProgram, nil)
            }
            size += programs[index]!.program.instructions.count
            guard size <= _Regex.maximumProgramSize else { throw _RegexCompiler.TooLarge() }
        }
        // The same size as the program, which compiled.
        let reversed = direction == .forward ? nil : try _RegexCompiler.compile(tree.reversed)

        var budget = _RegexAutomatonBudget()
        var decisions = [Decision](repeating: .unused, count: found.count)
        var planes: [Int] = []
        for index in programs.indices {
            guard let (bodyProgram, anchored) = programs[index], let lookAround = found[index]?.lookAround else {
                continue
            }
            if let anchored {
                let regex = _CompiledRegex(anchored, bodyProgram, whole: false, direction: .automatic, budget: &budget)
                decisions[index] = lookAround.ahead ? .atStart(regex) : .atEnd(regex)
            } else {
                // Inner ones have smaller numbers: their planes are known.
                let pass = Pass(bodyProgram, reverse: lookAround.ahead, search: true, automaton: true, budget: &budget)
                decisions[index] = .everywhere(pass.readingPlanes(of: decisions), plane: planes.count)
                planes.append(index)
            }
        }
        self.planeCount = planes.count
        func mainPass(search: Bool, automaton: Bool) -> Pass {
            var order: [Bool]
            switch direction {
            case .forward: order = [false]
            case .backward: order = [true]
            case .automatic:
                order =
                    search && program.isAnchoredAtEnd && !program.isAnchoredAtStart ? [true, false] : [false, true]
            }
            if automaton {
                for reverse in order {
                    guard let directed = reverse ? reversed : program else { continue }
                    let pass = Pass(directed, reverse: reverse, search: search, automaton: true, budget: &budget)
                    if pass.automaton != nil { return pass.readingPlanes(of: decisions) }
                }
            }
            return Pass(program, reverse: false, search: search, automaton: false, budget: &budget)
                .readingPlanes(of: decisions)
        }
        let search = mainPass(search: true, automaton: true)
        let whole = mainPass(search: false, automaton: wholeAutomaton)
        self.search = search
        self.whole = whole
        self.decisions = decisions
        stages = .allocate(capacity: decisions.count)
        _ = stages.initialize(
            from: decisions.lazy.map { decision in
                switch decision {
                case .atStart(let regex): return .atStart(Unmanaged.passUnretained(regex))
                case .atEnd(let regex): return .atEnd(Unmanaged.passUnretained(regex))
                case .everywhere(let pass, let plane): return .everywhere(Runtime(pass), plane: plane)
                case .unused: return .unused
                }
            })
        searchRuntime = Runtime(search)
        wholeRuntime = Runtime(whole)
    }

    deinit {
        for case .everywhere(let runtime, _) in stages {
            runtime.automaton?.deallocate()
            runtime.deallocate()
        }
        stages.deallocate()
        for runtime in [searchRuntime, wholeRuntime] {
            runtime.automaton?.deallocate()
            runtime.deallocate()
        }
    }

    /// Which engines the passes run on.
    enum Engines {
        /// Each pass's automaton if it has one, else the Pike VM.
        case automata
        /// The Pike VM, testing sets by the scalar classes (for tests).
        case pikeVM
        /// The Pike VM, testing sets by their ranges (for tests).
        case pikeVMBySets
    }

    /// Whether the pattern matches all of `bytes` or some substring: the
    /// passes of the look-arounds, then the pattern's. `steps` grows by the
    /// passes' transitions and the Pike VM's instruction visits (not by
    /// those of ``_RegexDFA``, which counts nothing).
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, whole: Bool, engines: Engines, steps: inout Int) -> Bool {
        let wordsPerPlane = bytes.count >> 6 + 1
        return _withZeroedWords(planeCount * wordsPerPlane) { planes in
            var atStart: UInt64 = 0
            var atEnd: UInt64 = 0
            for index in stages.indices {
                switch stages[index] {
                case .atStart(let regex):
                    if regex._withUnsafeGuaranteedRef({ $0.searches(bytes, engines: engines, steps: &steps) }) {
                        atStart |= 1 << UInt64(index)
                    }
                case .atEnd(let regex):
                    if regex._withUnsafeGuaranteedRef({ $0.searches(bytes, engines: engines, steps: &steps) }) {
                        atEnd |= 1 << UInt64(index)
                    }
                case .everywhere(let runtime, let plane):
                    let inputs = runtime.inputs(
                        atStart: atStart, atEnd: atEnd, planes: planes, wordsPerPlane: wordsPerPlane)
                    let outputs = planes.baseAddress.map { $0 + plane * wordsPerPlane }
                    if engines == .automata, let automaton = runtime.automaton {
                        _ = automaton.run(bytes, inputs: inputs, outputs: outputs, steps: &steps)
                    } else if case .everywhere(let pass, _) = decisions[index] {
                        _ = pass.runOnPikeVM(bytes, inputs: inputs, outputs: outputs, engines: engines, steps: &steps)
                    }
                case .unused:
                    break
                }
            }
            let runtime = whole ? wholeRuntime : searchRuntime
            let inputs = runtime.inputs(atStart: atStart, atEnd: atEnd, planes: planes, wordsPerPlane: wordsPerPlane)
            if engines == .automata, let automaton = runtime.automaton {
                return automaton.run(bytes, inputs: inputs, outputs: nil, steps: &steps)
            }
            return (whole ? self.whole : search).runOnPikeVM(
                bytes, inputs: inputs, outputs: nil, engines: engines, steps: &steps)
        }
    }

    // MARK: Finding the look-arounds

    /// A look-around of the tree and where it is met.
    struct Found {
        var lookAround: _RegexLookAround
        /// Only where the string starts: `^` comes before it with nothing
        /// but assertions in between.
        var onlyAtStart: Bool
        /// Only where it ends: `$` follows it, the same way.
        var onlyAtEnd: Bool
        var hasNoLookAround: Bool
    }

    /// Records every look-around of `node` at its number. `afterStart`:
    /// `node` is entered only at the start of the string; `beforeEnd`: left
    /// only at its end (on any path that can still match). Recursive over
    /// the tree, whose depth the group-depth limit bounds.
    private static func collect(_ node: _RegexNode, afterStart: Bool, beforeEnd: Bool, into found: inout [Found?]) {
        switch node {
        case .set, .start, .end, .wordBoundary:
            return
        case .lookAround(let lookAround):
            while found.count <= lookAround.index { found.append(nil) }
            found[lookAround.index] = Found(
                lookAround: lookAround, onlyAtStart: afterStart, onlyAtEnd: beforeEnd,
                hasNoLookAround: !containsLookAround(lookAround.body))
            // A look-ahead's body starts where it is, a look-behind's ends
            // there.
            collect(
                lookAround.body, afterStart: lookAround.ahead && afterStart,
                beforeEnd: !lookAround.ahead && beforeEnd, into: &found)
        case .sequence(let nodes):
            var starts = [Bool](repeating: false, count: nodes.count)
            var flag = afterStart
            for (index, node) in nodes.enumerated() {
                starts[index] = flag
                if case .start = node { flag = true } else if !isZeroWidth(node) { flag = false }
            }
            flag = beforeEnd
            for (index, node) in nodes.enumerated().reversed() {
                collect(node, afterStart: starts[index], beforeEnd: flag, into: &found)
                if case .end = node { flag = true } else if !isZeroWidth(node) { flag = false }
            }
        case .alternation(let branches):
            for branch in branches { collect(branch, afterStart: afterStart, beforeEnd: beforeEnd, into: &found) }
        case .repetition(let body, _, let maximum):
            // A second iteration starts where the first ended.
            let once = maximum.map { $0 <= 1 } ?? false
            collect(body, afterStart: once && afterStart, beforeEnd: once && beforeEnd, into: &found)
        }
    }

    /// Whether `node` never consumes a scalar.
    private static func isZeroWidth(_ node: _RegexNode) -> Bool {
        switch node {
        case .set: return false
        case .start, .end, .wordBoundary, .lookAround: return true
        case .sequence(let nodes): return nodes.allSatisfy(isZeroWidth)
        case .alternation(let branches): return branches.allSatisfy(isZeroWidth)
        case .repetition(let body, _, let maximum): return maximum == 0 || isZeroWidth(body)
        }
    }

    static func containsLookAround(_ node: _RegexNode) -> Bool {
        switch node {
        case .set, .start, .end, .wordBoundary: return false
        case .lookAround: return true
        case .sequence(let nodes): return nodes.contains(where: containsLookAround)
        case .alternation(let branches): return branches.contains(where: containsLookAround)
        case .repetition(let body, _, _): return containsLookAround(body)
        }
    }
}

extension _RegexLookArounds.Pass {
    /// A pass of `program`, with an automaton if asked and one fits
    /// `budget`.
    init(
        _ program: _RegexProgram, reverse: Bool, search: Bool, automaton buildsAutomaton: Bool,
        budget: inout _RegexAutomatonBudget
    ) {
        let classes = _ScalarClasses(sets: program.sets)
        var automaton: _RegexPassDFA?
        if buildsAutomaton, let classes {
            automaton = _RegexPassDFA(
                program: program, classes: classes, search: search, reverse: reverse, budget: &budget)
        }
        self.init(
            program: program, classes: classes, automaton: automaton, isReverse: reverse, search: search,
            planeInputs: [])
    }

    /// The same pass, knowing which of its inputs read planes.
    func readingPlanes(of decisions: [_RegexLookArounds.Decision]) -> Self {
        var planeInputs: [_RegexPlaneInput] = []
        for (input, index) in program.lookArounds.enumerated() {
            if case .everywhere(_, let plane) = decisions[index] {
                planeInputs.append(_RegexPlaneInput(input: Int32(input), plane: Int32(plane)))
            }
        }
        return Self(
            program: program, classes: classes, automaton: automaton, isReverse: isReverse, search: search,
            planeInputs: planeInputs)
    }

    /// Runs the pass on the Pike VM, with classes unless `engines` says
    /// to test sets by their ranges.
    func runOnPikeVM(
        _ bytes: UnsafeBufferPointer<UInt8>, inputs: _RegexInputs, outputs: UnsafeMutablePointer<UInt64>?,
        engines: _RegexLookArounds.Engines, steps: inout Int
    ) -> Bool {
        _RegexPikeVM.run(
            program, bytes, whole: !search, reverse: isReverse, classes: engines == .pikeVMBySets ? nil : classes,
            inputs: inputs, outputs: outputs, steps: &steps)
    }
}

/// Calls `body` with `count` words set to zero: on the stack when few, else
/// on the heap, so that a long string does not exhaust a small stack.
func _withZeroedWords<R>(_ count: Int, _ body: (UnsafeMutableBufferPointer<UInt64>) -> R) -> R {
    if count <= 256 {
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(count, 1)) { buffer in
            buffer.initialize(repeating: 0)
            return body(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
        }
    }
    let buffer = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
    buffer.initialize(repeating: 0)
    defer { buffer.deallocate() }
    return body(buffer)
}
