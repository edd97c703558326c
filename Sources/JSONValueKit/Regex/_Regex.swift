/// A regular expression, checked and compiled for a matcher of the
/// package's own that runs in time linear in the string: one engine, two
/// syntaxes.
///
/// - **I-Regexp** (RFC 9485), for `match()` and `search()` in JSONPath
///   filters.
/// - **ECMA-262**, in the grammar of Unicode mode (the `u` flag), for JSON
///   Schema's `pattern`, `patternProperties` and `format: "regex"`.
///
/// Backtracking engines (`Regex`, `NSRegularExpression`, JavaScript's)
/// take exponential time on patterns such as `(a+)+b`, and a pattern may
/// come from the data itself (a JSONPath `search(@.text, $.pattern)`, a
/// schema sent by a server or written by a language model), so untrusted
/// data alone could hang the app. This engine compiles a pattern to a
/// Thompson NFA, a list of instructions, and then, when it stays small, to
/// a deterministic automaton over classes of scalars (``_RegexDFA``,
/// ``_ScalarClasses``): matching reads each scalar once and looks up one
/// table entry, O(*n*) for *n* scalars. For a pattern that ends with `$`
/// the automaton may read the string backwards, from its end. A pattern
/// whose automaton would be too large either way runs on a Pike VM instead
/// (``_RegexPikeVM``), which follows
/// every path through the NFA at once, O(*n* × *m*) for a program of *m*
/// instructions. ECMA-262's look-ahead and look-behind cost one more pass
/// over the string per look-around, which decides it at every position
/// before the pattern runs (``_RegexLookArounds``), so matching stays
/// linear. Back-references are refused with an error that names them:
/// matching them is NP-hard, so no known algorithm runs every pattern with
/// them in polynomial time; RFC 9485 leaves them out, and look-around, for
/// this reason.
///
/// Both syntaxes match by Unicode scalars (for ECMA-262, code points, as
/// the `u` flag does) and share these decisions:
///
/// - `^` and `$` anchor at the start and end of the string, never at line
///   breaks, and `$` does not match before a final `"\n"`.
/// - Only whether a string matches is computed, not where or what groups
///   captured, so lazy and greedy quantifiers are the same.
/// - Counted repetition is expanded, so a program is limited to
///   ``maximumProgramSize`` instructions: `(a{1000}){1000}` would need a
///   million and is refused, where a backtracking engine would accept it
///   and a naive expansion would exhaust memory; the programs of a
///   pattern's look-arounds count towards the same limit. Groups nest at
///   most ``maximumGroupDepth`` deep. The automaton has its own limits,
///   past which the Pike VM runs instead; so every compiled pattern costs
///   bounded memory and every match linear time (and, with look-arounds,
///   scratch memory linear in the string: see ``_RegexLookArounds``).
///
/// Where the syntaxes differ: I-Regexp's `.` excludes `\n` and `\r`,
/// ECMA-262's also U+2028 and U+2029; `\p{…}` takes general categories in
/// I-Regexp, and in ECMA-262 also their long names and aliases
/// (`\p{Letter}`, `\p{gc=Lu}`, `\p{digit}`) and the binary properties the
/// standard library answers (`Alphabetic`, `White_Space`, `Emoji`, `Any`,
/// `ASCII`, `Assigned`, …). ECMA-262 adds `\d \D \w \W \s \S` (ASCII
/// digits and word characters; `\s` is WhiteSpace and LineTerminator), the
/// word boundaries `\b` and `\B`, look-ahead `(?=…)` `(?!…)` and
/// look-behind `(?<=…)` `(?<!…)` (nested, of any length, at most
/// ``maximumLookArounds``), `(?:…)` and named groups, lazy quantifiers, and
/// the escapes `\cX`, `\0`, `\xHH`, `\uHHHH` (a surrogate pair of them is
/// one code point) and `\u{…}`. Refused as unsupported: back-references,
/// inline modifiers `(?i:…)` (`i` needs Unicode case folding, which the
/// standard library does not offer), `\p{Script=…}` and
/// `\p{Script_Extensions=…}` (the standard library has no script data),
/// `Emoji_Component` and `Extended_Pictographic`.
///
/// A compiled pattern is immutable: the automaton is built in full when
/// the pattern is compiled, so one value can be shared by any number of
/// threads without locks. Compiling a typical schema pattern takes tens of
/// microseconds (a few hundred with `\p{…}`, whose classes of U+0080 to
/// U+07FF are looked up in advance), and at most some milliseconds for a
/// pattern whose automaton outgrows its limits.
struct _Regex: Sendable {
    /// The grammar a pattern is read with.
    enum Syntax: Sendable, Hashable {
        case iRegexp
        case ecmaScript
    }

    /// The pattern as written.
    let pattern: String
    let syntax: Syntax
    private let compiled: _CompiledRegex

    /// The most instructions a compiled pattern may have: enough for
    /// `(.*a){20}` a hundred times over, few enough that each scalar of the
    /// string costs at most this many steps on the Pike VM.
    static let maximumProgramSize = 10_000

    /// The deepest nesting of groups a pattern may have.
    static let maximumGroupDepth = 32

    /// The most look-arounds a pattern may have: each costs a pass over
    /// the string and, unless it is met only at the start or the end, a bit
    /// per byte of the string while a match runs (see
    /// ``_RegexLookArounds``).
    static let maximumLookArounds = 32

    /// Compiles an I-Regexp; `nil` if it is not valid RFC 9485 syntax or
    /// would compile to more than ``maximumProgramSize`` instructions.
    ///
    /// Builds automata for both ``matches(_:whole:)`` modes, as JSONPath
    /// uses the same pattern for `match()` and `search()`.
    init?(iRegexp pattern: String) {
        var parser = _IRegexpParser(scalars: Array(pattern.unicodeScalars))
        guard let tree = parser.parse(), let program = try? _RegexCompiler.compile(tree) else { return nil }
        self.pattern = pattern
        self.syntax = .iRegexp
        self.compiled = _CompiledRegex(tree, program, whole: true, direction: .automatic)
    }

    /// Compiles an ECMA-262 pattern, read in Unicode mode.
    ///
    /// - Throws: ``_RegexSyntaxError``: of kind `invalid` if the pattern is
    ///   not ECMA-262 (`(a`, `a{2,1}`, `\a`), `unsupported` for valid
    ///   syntax that cannot run here (back-references, `\p{Script=…}`,
    ///   inline modifiers), `tooLarge` beyond the limits.
    ///   Syntax errors win: an `unsupported` or `tooLarge` error means the
    ///   rest of the pattern is valid.
    /// - Complexity: Compiling may take up to a few milliseconds for a
    ///   large pattern (the automaton is built here, within fixed limits).
    ///
    /// Only the automaton for searching is built, as JSON Schema needs no
    /// other; `wholeMatchAutomaton` builds the one for whole matches too.
    /// `direction` lets tests choose the automata's direction.
    init(
        ecmaScript pattern: String, isLenient: Bool = false, wholeMatchAutomaton: Bool = false,
        direction: Direction = .automatic
    ) throws(_RegexSyntaxError) {
        var parser = _ECMAScriptRegexParser(pattern, isLenient: isLenient)
        let tree = try parser.parse()
        let program: _RegexProgram
        var lookArounds: _RegexLookArounds?
        do {
            program = try _RegexCompiler.compile(tree)
            if !program.lookArounds.isEmpty {
                lookArounds = try _RegexLookArounds(
                    tree, program, wholeAutomaton: wholeMatchAutomaton, direction: direction)
            }
        } catch {
            throw _RegexSyntaxError(
                .tooLarge,
                "the pattern needs more than \(Self.maximumProgramSize) instructions once counts are expanded",
                at: 0)
        }
        self.pattern = pattern
        self.syntax = .ecmaScript
        self.compiled = _CompiledRegex(
            tree, program, whole: wholeMatchAutomaton, direction: direction, lookArounds: lookArounds)
    }

    /// Whether `pattern` is an ECMA-262 regular expression in the strict
    /// grammar of Unicode mode, whether or not the package can run it: JSON
    /// Schema's `format: "regex"`. Only the syntax is read; nothing is
    /// compiled.
    static func isValidECMAScriptSyntax(_ pattern: String) -> Bool {
        var parser = _ECMAScriptRegexParser(pattern)
        do {
            _ = try parser.parse()
            return true
        } catch {
            return error.kind != .invalid
        }
    }

    /// Whether the pattern matches all of `string` (`whole`, I-Regexp's
    /// `match()`) or some substring of it (`search()`, and ECMA-262 as JSON
    /// Schema uses it).
    ///
    /// - Complexity: O(*n*) for *n* scalars when the automaton exists; else
    ///   O(*n* × *m*) for a program of *m* instructions.
    func matches(_ string: String, whole: Bool) -> Bool {
        Self.withUTF8(string) { bytes in compiled.matches(bytes, whole: whole) }
    }

    /// Whether the pattern matches some substring of `string`: JSON
    /// Schema's `pattern`, which is not anchored.
    func firstMatchExists(in string: String) -> Bool {
        matches(string, whole: false)
    }

    /// The compiled pattern, for callers that keep it alive themselves and
    /// match through an unretained reference (JSON Schema's fast path).
    var matcher: _CompiledRegex { compiled }

    /// Which way an automaton reads the string.
    enum Direction {
        /// Forwards, unless the pattern ends with `$` but does not start
        /// with `^` (`\.json$`), or the forward automaton would be too
        /// large and the backward one is not (`^[a-z.]{1,64}\.[a-z]{2,9}$`).
        case automatic
        case forward
        case backward
    }

    /// How a call of ``matches(_:whole:)`` would run, for tests.
    enum Engine {
        case automaton
        case backwardAutomaton
        case pikeVM
    }

    /// The engine that ``matches(_:whole:)`` uses for `whole`; for a
    /// pattern with look-arounds, for the pattern's own pass.
    func engine(whole: Bool) -> Engine {
        if let lookArounds = compiled.lookArounds {
            guard let automaton = (whole ? lookArounds.whole : lookArounds.search).automaton else { return .pikeVM }
            return automaton.isReverse ? .backwardAutomaton : .automaton
        }
        guard let automaton = whole ? compiled.wholeAutomaton : compiled.searchAutomaton else { return .pikeVM }
        return automaton.isReverse ? .backwardAutomaton : .automaton
    }

    /// The number of states of the automaton for `whole`, if there is one.
    func automatonStateCount(whole: Bool) -> Int? {
        if let lookArounds = compiled.lookArounds {
            return (whole ? lookArounds.whole : lookArounds.search).automaton?.stateCount
        }
        return (whole ? compiled.wholeAutomaton : compiled.searchAutomaton)?.stateCount
    }

    /// The skip ranges of the automaton for `whole` (see
    /// ``_RegexDFA/skipRange(lowest:highest:)``), for tests.
    func automatonSkipRanges(whole: Bool) -> [ClosedRange<UInt8>] {
        (whole ? compiled.wholeAutomaton : compiled.searchAutomaton)?.skipRanges ?? []
    }

    /// For a pattern with look-arounds, how the look-arounds are decided
    /// (see ``_RegexLookArounds``), by look-around number: `"start"`,
    /// `"end"`, `"automaton"`, `"pikeVM"` or `"unused"` (for tests).
    var lookAroundDecisions: [String] {
        guard let lookArounds = compiled.lookArounds else { return [] }
        return lookArounds.decisions.map { decision in
            switch decision {
            case .atStart: return "start"
            case .atEnd: return "end"
            case .everywhere(let pass, _): return pass.automaton == nil ? "pikeVM" : "automaton"
            case .unused: return "unused"
            }
        }
    }

    /// Runs the Pike VM whatever the automaton, and counts the
    /// instructions it visits: the reference for tests. Sets are tested by
    /// the scalar classes, as when the Pike VM runs for ``matches(_:whole:)``,
    /// unless `usingClasses` is false. For a pattern with look-arounds,
    /// every pass runs on the Pike VM.
    func pikeVMMatches(_ string: String, whole: Bool, usingClasses: Bool = true) -> (matched: Bool, steps: Int) {
        var steps = 0
        let matched = Self.withUTF8(string) { bytes in
            if let lookArounds = compiled.lookArounds {
                return lookArounds.matches(
                    bytes, whole: whole, engines: usingClasses ? .pikeVM : .pikeVMBySets, steps: &steps)
            }
            return _RegexPikeVM.matches(
                compiled.program, bytes, whole: whole, classes: usingClasses ? compiled.classes : nil, steps: &steps)
        }
        return (matched, steps)
    }

    /// Matches as ``matches(_:whole:)`` does for a pattern with
    /// look-arounds, and counts the work: the passes' transitions, or the
    /// instructions the Pike VM visits where a pass has no automaton (for
    /// tests of linear behaviour). `nil` for a pattern without look-arounds.
    func lookAroundMatches(_ string: String, whole: Bool) -> (matched: Bool, steps: Int)? {
        guard let lookArounds = compiled.lookArounds else { return nil }
        var steps = 0
        let matched = Self.withUTF8(string) { bytes in
            lookArounds.matches(bytes, whole: whole, engines: .automata, steps: &steps)
        }
        return (matched, steps)
    }

    /// The number of instructions of the compiled program, and of its
    /// look-arounds' programs.
    var programSize: Int {
        var size = compiled.program.instructions.count
        for decision in compiled.lookArounds?.decisions ?? [] {
            switch decision {
            case .atStart(let regex), .atEnd(let regex): size += regex.program.instructions.count
            case .everywhere(let pass, _): size += pass.program.instructions.count
            case .unused: break
            }
        }
        return size
    }

    /// Calls `body` with the string's UTF-8: in place for a native string
    /// (small ones included), else copied once (a bridged `NSString`).
    @inline(__always)
    private static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }
}

extension _Regex: Hashable {
    /// Patterns compare by syntax and text, scalar for scalar.
    static func == (lhs: _Regex, rhs: _Regex) -> Bool {
        lhs.syntax == rhs.syntax && lhs.pattern.unicodeScalars.elementsEqual(rhs.pattern.unicodeScalars)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(syntax)
        for scalar in pattern.unicodeScalars { hasher.combine(scalar.value) }
    }
}

/// What a compiled pattern holds, in one object, so that copying a
/// ``_Regex`` retains one reference; it owns the automata's tables.
final class _CompiledRegex: Sendable {
    let program: _RegexProgram
    let classes: _ScalarClasses?
    /// The classes of the reversed program, when an automaton runs
    /// backwards.
    let backwardClasses: _ScalarClasses?
    let searchAutomaton: _RegexDFA?
    let wholeAutomaton: _RegexDFA?
    /// For a pattern that is `^` and literal characters, and perhaps `$`
    /// (`^x-`, `^/`, `^application/json$`): the characters' UTF-8 bytes and
    /// whether the pattern ends with `$`. A search is then a comparison of
    /// the string's first bytes, with no automaton to start.
    let anchoredLiteral: (bytes: [UInt8], wholeString: Bool)?
    /// For a pattern with look-arounds, how it is matched; it then has no
    /// other automaton, classes or literal.
    let lookArounds: _RegexLookArounds?

    /// Builds the automaton for searching, and the one for whole matches if
    /// `whole`, each reading the string in `direction` or, if automatic, in
    /// the better one that fits the limits. A pattern with look-arounds
    /// brings its passes, built already, in `lookArounds`.
    convenience init(
        _ tree: _RegexNode, _ program: _RegexProgram, whole: Bool, direction: _Regex.Direction,
        lookArounds: _RegexLookArounds? = nil
    ) {
        var budget = _RegexAutomatonBudget.unlimited
        self.init(tree, program, whole: whole, direction: direction, lookArounds: lookArounds, budget: &budget)
    }

    /// The same, the automata taking their size from `budget`.
    init(
        _ tree: _RegexNode, _ program: _RegexProgram, whole: Bool, direction: _Regex.Direction,
        lookArounds: _RegexLookArounds? = nil, budget: inout _RegexAutomatonBudget
    ) {
        self.program = program
        self.lookArounds = lookArounds
        guard lookArounds == nil else {
            anchoredLiteral = nil
            classes = nil
            backwardClasses = nil
            searchAutomaton = nil
            wholeAutomaton = nil
            return
        }
        anchoredLiteral = Self.anchoredLiteral(of: tree)
        let classes = _ScalarClasses(sets: program.sets)
        self.classes = classes
        // The reversed program has as many instructions, so it compiles.
        var backward: (program: _RegexProgram, classes: _ScalarClasses)?
        var triedBackward = false
        func build(search: Bool) -> _RegexDFA? {
            var order: [Bool]
            switch direction {
            case .forward: order = [false]
            case .backward: order = [true]
            case .automatic:
                let backwardFirst = search && program.isAnchoredAtEnd && !program.isAnchoredAtStart
                order = backwardFirst ? [true, false] : [false, true]
            }
            for reverse in order {
                if reverse {
                    if !triedBackward {
                        triedBackward = true
                        if let reversed = try? _RegexCompiler.compile(tree.reversed),
                            let reversedClasses = _ScalarClasses(sets: reversed.sets)
                        {
                            backward = (reversed, reversedClasses)
                        }
                    }
                    if let backward,
                        let automaton = _RegexDFA(
                            program: backward.program, classes: backward.classes, search: search, reverse: true,
                            budget: &budget)
                    {
                        return automaton
                    }
                } else if let classes,
                    let automaton = _RegexDFA(
                        program: program, classes: classes, search: search, reverse: false, budget: &budget)
                {
                    return automaton
                }
            }
            return nil
        }
        let searchAutomaton = build(search: true)
        let wholeAutomaton = whole ? build(search: false) : nil
        self.searchAutomaton = searchAutomaton
        self.wholeAutomaton = wholeAutomaton
        let runsBackward = searchAutomaton?.isReverse == true || wholeAutomaton?.isReverse == true
        self.backwardClasses = runsBackward ? backward?.classes : nil
    }

    deinit {
        searchAutomaton?.deallocate()
        wholeAutomaton?.deallocate()
    }

    /// The literal of a pattern `^literal` or `^literal$`, if it is one.
    private static func anchoredLiteral(of tree: _RegexNode) -> (bytes: [UInt8], wholeString: Bool)? {
        guard case .sequence(var parts) = tree, parts.count >= 2, case .start = parts.removeFirst() else { return nil }
        var wholeString = false
        if case .end = parts.last {
            parts.removeLast()
            wholeString = true
        }
        var literal = ""
        for part in parts {
            guard case .set(let set) = part, let value = set.singleScalar, let scalar = Unicode.Scalar(value) else {
                return nil
            }
            literal.unicodeScalars.append(scalar)
        }
        return (Array(literal.utf8), wholeString)
    }

    /// Whether the pattern matches some substring, by the automaton (or the
    /// Pike VM) alone: for callers that have tested ``anchoredLiteral``
    /// themselves. Reading the literal retained its array. Not inlined, so
    /// that callers' frames stay small.
    @inline(never)
    func searchMatchesIgnoringLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let automaton = searchAutomaton { return automaton.matches(bytes) }
        return matchesWithoutAutomaton(bytes, whole: false)
    }

    /// Whether the pattern matches, when ``matches(_:whole:)`` has no
    /// automaton for it: by its look-arounds' passes, or on the Pike VM.
    @inline(never)
    func matchesWithoutAutomaton(_ bytes: UnsafeBufferPointer<UInt8>, whole: Bool) -> Bool {
        var steps = 0
        if let lookArounds { return lookArounds.matches(bytes, whole: whole, engines: .automata, steps: &steps) }
        return _RegexPikeVM.matches(program, bytes, whole: whole, classes: classes, steps: &steps)
    }

    /// Whether the pattern matches some substring, on the engines given
    /// (for a look-around decided by this pattern, see
    /// ``_RegexLookArounds``); `steps` grows by the Pike VM's visits.
    func searches(_ bytes: UnsafeBufferPointer<UInt8>, engines: _RegexLookArounds.Engines, steps: inout Int) -> Bool {
        switch engines {
        case .automata: return matches(bytes, whole: false)
        case .pikeVM: return _RegexPikeVM.matches(program, bytes, whole: false, classes: classes, steps: &steps)
        case .pikeVMBySets: return _RegexPikeVM.matches(program, bytes, whole: false, classes: nil, steps: &steps)
        }
    }

    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, whole: Bool) -> Bool {
        if !whole, let (literal, wholeString) = anchoredLiteral {
            guard wholeString ? bytes.count == literal.count : bytes.count >= literal.count else { return false }
            return literal.withUnsafeBufferPointer { literal in
                _bytesEqual(UnsafeBufferPointer(rebasing: bytes[..<literal.count]), literal)
            }
        }
        if let automaton = whole ? wholeAutomaton : searchAutomaton { return automaton.matches(bytes) }
        return matchesWithoutAutomaton(bytes, whole: whole)
    }
}

extension _CompiledRegex {
    /// The state from which ``prefixState(after:from:)`` follows a string
    /// as it grows, to tell when no continuation can match
    /// (``prefixIsDead(_:)``): the streaming schema validator's early
    /// verdict on `pattern`. `nil` when the search automaton does not read
    /// forwards (a pattern that ends with `$` without `^` reads backwards)
    /// or the pattern runs on the Pike VM: then only the whole string is
    /// judged.
    var prefixStart: Int? {
        guard let automaton = searchAutomaton, !automaton.isReverse else { return nil }
        return automaton.startState
    }

    /// The state after more of the string, whole characters of valid UTF-8.
    func prefixState(after bytes: UnsafeBufferPointer<UInt8>, from state: Int) -> Int {
        searchAutomaton.map { $0.state(after: bytes, from: state) } ?? state
    }

    /// Whether no continuation of the string that led to `state` matches.
    func prefixIsDead(_ state: Int) -> Bool {
        searchAutomaton?.isDead(state) ?? false
    }
}
