import Testing

@testable import JSONValueKit

@Suite("Regex engines: the automaton, the Pike VM and a backtracking reference agree; matching stays linear")
struct RegexAutomatonTests {
    /// Random ECMA-262 patterns over a small alphabet, on random short
    /// strings: the automata (search and whole, forwards and backwards), the
    /// Pike VM and a backtracking matcher written over the syntax tree give
    /// the same answers. All of them read the pattern with the package's
    /// parser, so a parser bug moves every side together: what a pattern
    /// means is checked against JavaScript's own engine instead, in
    /// ``RegexNodeDifferentialTests``.
    @Test("automaton, Pike VM and backtracking reference agree on seeded random patterns")
    func equivalence() throws {
        var generator = SeededGenerator(seed: 262)
        var compared = 0
        var onAutomaton = 0
        var onBackwardAutomaton = 0
        var matched = 0
        for _ in 0..<1200 {
            var names = 0
            let pattern = Self.randomPattern(depth: 0, names: &names, using: &generator)
            let regex: _Regex
            do {
                regex = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true)
            } catch {
                Issue.record("\(pattern.debugDescription) refused: \(error)")
                continue
            }
            let backward = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true, direction: .backward)
            var parser = _ECMAScriptRegexParser(pattern)
            let tree = try parser.parse()
            if regex.engine(whole: false) != .pikeVM && regex.engine(whole: true) != .pikeVM { onAutomaton += 1 }
            if backward.engine(whole: false) == .backwardAutomaton && backward.engine(whole: true) == .backwardAutomaton
            {
                onBackwardAutomaton += 1
            }
            for _ in 0..<10 {
                let length = Int.random(in: 0...7, using: &generator)
                let scalars = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! }
                let subject = String(String.UnicodeScalarView(scalars))
                let reference = ReferenceMatcher(scalars: scalars)
                let search = (0...scalars.count).contains { start in reference.match(tree, start) { _ in true } }
                let whole = reference.match(tree, 0) { $0 == scalars.count }
                let context = "\(pattern.debugDescription) on \(subject.debugDescription)"
                #expect(regex.matches(subject, whole: false) == search, "search \(context)")
                #expect(regex.pikeVMMatches(subject, whole: false).matched == search, "Pike search \(context)")
                #expect(regex.matches(subject, whole: true) == whole, "whole \(context)")
                #expect(regex.pikeVMMatches(subject, whole: true).matched == whole, "Pike whole \(context)")
                #expect(backward.matches(subject, whole: false) == search, "backward search \(context)")
                #expect(backward.matches(subject, whole: true) == whole, "backward whole \(context)")
                let bySets = regex.pikeVMMatches(subject, whole: false, usingClasses: false).matched
                #expect(bySets == search, "Pike search by sets \(context)")
                compared += 1
                if search { matched += 1 }
            }
        }
        #expect(compared == 12_000)
        // The comparison means something only if both answers occur and the
        // automaton runs most patterns.
        #expect(matched > 2_000 && matched < 10_000)
        #expect(onAutomaton > 1_100)
        #expect(onBackwardAutomaton > 1_100)
    }

    static let alphabet: [Unicode.Scalar] = ["a", "b", "c", "1", " ", "\n", "_", "-", "é", "Ω", "😀", "\u{2028}"]

    static func randomPattern(depth: Int, names: inout Int, using generator: inout SeededGenerator) -> String {
        var pattern = ""
        let branches = depth < 2 && Int.random(in: 0..<4, using: &generator) == 0 ? 2 : 1
        for branch in 0..<branches {
            if branch > 0 { pattern += "|" }
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                switch Int.random(in: 0..<14, using: &generator) {
                case 0 where depth < 2:
                    let opening = ["(", "(?:", "(?<n\(names)>"].randomElement(using: &generator)!
                    names += 1
                    pattern += opening + randomPattern(depth: depth + 1, names: &names, using: &generator) + ")"
                case 1: pattern += "."
                case 2:
                    pattern += ["[a-c]", "[^a]", "[\\d\\s]", "[^\\w]", "[\\p{L}1]", "[😀-😂]", "[\\-_]", "[]", "[^]"]
                        .randomElement(using: &generator)!
                case 3:
                    pattern += ["\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\p{L}", "\\P{L}", "\\p{Lu}", "\\p{Zl}"]
                        .randomElement(using: &generator)!
                case 4:
                    // Assertions, never quantified: Unicode mode refuses `^*`.
                    pattern += ["^", "$", "\\b", "\\B"].randomElement(using: &generator)!
                    continue
                default:
                    pattern += ["a", "b", "c", "1", " ", "\\n", "é", "\\u{1F600}", "\\uD83D\\uDE00", "_"]
                        .randomElement(using: &generator)!
                }
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    pattern += ["*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "+?", "{0,2}?"].randomElement(
                        using: &generator)!
                }
            }
        }
        return pattern
    }

    /// A backtracking matcher over the syntax tree, independent of the
    /// compiler and both engines: exponential in general, fine for strings
    /// of a few scalars. Repetition follows ECMA-262's rule that an
    /// optional iteration must consume something.
    struct ReferenceMatcher {
        let scalars: [Unicode.Scalar]

        func isWord(at index: Int) -> Bool {
            guard index >= 0, index < scalars.count else { return false }
            switch scalars[index] {
            case "a"..."z", "A"..."Z", "0"..."9", "_": return true
            default: return false
            }
        }

        func match(_ node: _RegexNode, _ index: Int, _ next: (Int) -> Bool) -> Bool {
            switch node {
            case .set(let set):
                return index < scalars.count && set.contains(scalars[index]) && next(index + 1)
            case .start:
                return index == 0 && next(index)
            case .end:
                return index == scalars.count && next(index)
            case .wordBoundary(let negated):
                return (isWord(at: index - 1) != isWord(at: index)) != negated && next(index)
            case .lookAround(let lookAround):
                // ECMA-262 matches a look-behind's body backwards; for
                // whether it matches, the substrings it can match are what
                // count, so forwards from each start is the same.
                let holds =
                    lookAround.ahead
                    ? match(lookAround.body, index) { _ in true }
                    : (0...index).contains { start in match(lookAround.body, start) { $0 == index } }
                return holds != lookAround.negated && next(index)
            case .sequence(let nodes):
                return sequence(nodes[...], index, next)
            case .alternation(let branches):
                return branches.contains { match($0, index, next) }
            case .repetition(let body, let minimum, let maximum):
                return repetition(body, minimum, maximum, index, next)
            }
        }

        func sequence(_ nodes: ArraySlice<_RegexNode>, _ index: Int, _ next: (Int) -> Bool) -> Bool {
            guard let first = nodes.first else { return next(index) }
            return match(first, index) { sequence(nodes.dropFirst(), $0, next) }
        }

        func repetition(_ body: _RegexNode, _ minimum: Int, _ maximum: Int?, _ index: Int, _ next: (Int) -> Bool)
            -> Bool
        {
            if minimum > 0 {
                return match(body, index) { repetition(body, minimum - 1, maximum.map { $0 - 1 }, $0, next) }
            }
            if next(index) { return true }
            if maximum == 0 { return false }
            return match(body, index) { $0 != index && repetition(body, 0, maximum.map { $0 - 1 }, $0, next) }
        }
    }

    /// Random sets (ranges, categories, binary properties, negation): the
    /// class of every sampled scalar is in exactly the sets that hold it.
    @Test("scalar classes partition the scalars as the sets do")
    func classesPartition() throws {
        var generator = SeededGenerator(seed: 0x10_FFFF)
        let samples =
            (0..<0x800).compactMap(Unicode.Scalar.init)
            + stride(from: 0x800, through: 0x10_FFFF, by: 331).compactMap(Unicode.Scalar.init)
        var checked = 0
        for _ in 0..<Sanitizers.scaled(60) {
            var sets: [_ScalarSet] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                var set = _ScalarSet()
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    let low = UInt32.random(
                        in: 0...(Int.random(in: 0..<2, using: &generator) == 0 ? 0x7F : 0x3_0000), using: &generator)
                    set.ranges.append(low...min(low + UInt32.random(in: 0...300, using: &generator), 0x10_FFFF))
                }
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    let mask = UInt32.random(in: 1..<(1 << 30), using: &generator)
                    set.tests.append(.init(property: .generalCategories(mask), negated: Bool.random(using: &generator)))
                }
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    let property = [_BinaryProperty.alphabetic, .whiteSpace, .emoji, .math].randomElement(
                        using: &generator)!
                    set.tests.append(.init(property: .binary(property), negated: Bool.random(using: &generator)))
                }
                set.negated = Bool.random(using: &generator)
                set.normalize()
                sets.append(set)
            }
            let classes = try #require(_ScalarClasses(sets: sets))
            for scalar in samples {
                let value = scalar.value
                let column = value < 0x80 ? Int(classes.ascii[Int(value)]) : classes.classOfNonASCII(value)
                #expect(column < classes.count)
                for (index, set) in sets.enumerated() {
                    #expect(classes.contains(column, set: index) == set.contains(scalar), "set \(index) U+\(value)")
                    checked += 1
                }
            }
        }
        #expect(checked > Sanitizers.scaled(500_000))
    }

    /// Patterns on which a backtracking engine takes time exponential in
    /// the length of the string. Each finishes with the right answer on
    /// 50,000 scalars, and the Pike VM visits at most one instruction per
    /// scalar and instruction, counted rather than timed.
    @Test(
        "hostile patterns on long strings: right answers, linear steps",
        arguments: [
            ("(a+)+b", "a", false), ("(a|a)*b", "a", false), ("(a*)*b", "a", false), ("(.*a){20}b", "a", false),
            ("(a|aa)+$b", "a", false), ("((a+)+)+c", "a", false), ("^(\\w+\\s?)+$", "ab cd ", false),
            ("^(\\d+)*$", "1", false), ("(x+x+)+y", "x", false), ("(a|b)*a(a|b){12}c", "ab", false),
            ("\\b(\\w+\\b\\W*)+#", "word ", false), ("^([a-z]+\\.?)+[a-z]$", "ab.", false),
        ])
    func hostile(_ pattern: String, _ unit: String, _ expected: Bool) throws {
        let regex = try _Regex(ecmaScript: pattern)
        let short = String(repeating: unit, count: 5_000 / unit.count) + "!?"
        let long = String(repeating: unit, count: 50_000 / unit.count) + "!?"
        #expect(regex.firstMatchExists(in: long) == expected)
        let shortRun = regex.pikeVMMatches(short, whole: false)
        let longRun = regex.pikeVMMatches(long, whole: false)
        #expect(shortRun.matched == expected && longRun.matched == expected)
        let scalars = long.unicodeScalars.count
        #expect(longRun.steps <= (scalars + 1) * regex.programSize)
        // Ten times the string, at most about ten times the steps.
        #expect(longRun.steps <= 11 * shortRun.steps + regex.programSize)
    }

    @Test("a pattern whose automaton would be too large forwards runs backwards, with the same answers")
    func backward() throws {
        let regex = try _Regex(ecmaScript: "(a|b)*a(a|b){20}$", wholeMatchAutomaton: true)
        #expect(regex.engine(whole: false) == .backwardAutomaton)
        #expect(regex.engine(whole: true) == .backwardAutomaton)
        let forward = try _Regex(ecmaScript: "(a|b)*a(a|b){20}$", direction: .forward)
        #expect(forward.engine(whole: false) == .pikeVM)
        var generator = SeededGenerator(seed: 20)
        for _ in 0..<200 {
            let subject = String(
                (0..<Int.random(in: 15...30, using: &generator)).map { _ in Bool.random(using: &generator) ? "a" : "b" }
            )
            let scalars = Array(subject.unicodeScalars)
            let expected = scalars.count >= 21 && scalars[scalars.count - 21] == "a"
            #expect(regex.firstMatchExists(in: subject) == expected, "\(subject)")
            #expect(forward.firstMatchExists(in: subject) == expected, "\(subject)")
        }
        let email = #"^[a-zA-Z0-9._%+-]{1,64}@[a-zA-Z0-9.-]{1,253}\.[a-zA-Z]{2,63}$"#
        #expect(try _Regex(ecmaScript: email).engine(whole: false) == .backwardAutomaton)
        #expect(try _Regex(ecmaScript: "\\.json$").engine(whole: false) == .backwardAutomaton)
        #expect(try _Regex(ecmaScript: "^[a-z]+$").engine(whole: false) == .automaton)
    }

    @Test("a pattern too large for an automaton either way runs on the Pike VM, with the same answers")
    func fallback() throws {
        let pattern = "a(a|b){12}c(a|b){12}a"
        let regex = try _Regex(ecmaScript: pattern)
        #expect(regex.engine(whole: false) == .pikeVM)
        var generator = SeededGenerator(seed: 12)
        var found = 0
        for _ in 0..<100 {
            var scalars = (0..<Int.random(in: 27...40, using: &generator)).map { _ in
                Bool.random(using: &generator) ? "a" : "b"
            }
            scalars[Int.random(in: 13..<scalars.count - 13, using: &generator)] = "c"
            if Bool.random(using: &generator) { scalars[Int.random(in: 0..<scalars.count, using: &generator)] = "c" }
            let subject = scalars.joined()
            let characters = Array(subject)
            let expected = characters.indices.contains { start in
                start + 27 <= characters.count && characters[start] == "a" && characters[start + 13] == "c"
                    && characters[start + 26] == "a"
                    && (start + 1..<start + 26).allSatisfy { $0 == start + 13 || characters[$0] != "c" }
            }
            if expected { found += 1 }
            #expect(regex.firstMatchExists(in: subject) == expected, "\(subject)")
        }
        #expect(found > 5 && found < 95)
    }

    @Test(
        "realistic schema patterns run on an automaton of a few states",
        arguments: [
            "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$", "^[A-Za-z0-9\\-\\.]{1,64}$", "^[ \\r\\n\\t\\S]+$",
            "^true|false$", "^([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?$",
            "^urn:oid:[0-2](\\.(0|[1-9][0-9]*))+$", "^(?:https?:|\\?)[\\w\\W]*", "^[^{}/ :\\\\]+(?::\\d+)?$", "^/",
            "^[a-z]+$", "^(\\s*([0-9a-zA-Z\\+/=]){4}\\s*)+$", "\\p{Letter}cole", "\\bfoo\\b", "(a+)+b", "(.*a){20}",
            "^.{1,255}$",
        ])
    func realistic(_ pattern: String) throws {
        let regex = try _Regex(ecmaScript: pattern)
        #expect(regex.engine(whole: false) == .automaton)
        let states = try #require(regex.automatonStateCount(whole: false))
        #expect(states <= 300)
    }

    /// A pattern anchored at the start decides on a long string after a few
    /// scalars; not timed: the answer must not depend on the rest.
    @Test("anchored and certain answers stop early, whatever follows")
    func earlyAnswers() throws {
        let tail = String(repeating: "x", count: 100_000)
        #expect(try _Regex(ecmaScript: "^/").firstMatchExists(in: "/" + tail))
        #expect(try !_Regex(ecmaScript: "^/").firstMatchExists(in: "a/" + tail))
        #expect(try _Regex(ecmaScript: "^[a-z]{3}").firstMatchExists(in: "abc" + tail))
        #expect(try !_Regex(ecmaScript: "^[a-z]+$").firstMatchExists(in: "ab cd" + tail))
        #expect(try _Regex(ecmaScript: "cole").firstMatchExists(in: tail + "école"))
        #expect(try !_Regex(ecmaScript: "cole$").firstMatchExists(in: "école" + tail))
    }

    @Test("UTF-8 sequences of every length are decoded, at the boundaries of each length")
    func utf8() throws {
        let boundaries = "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(try _Regex(ecmaScript: "^.{7}$").firstMatchExists(in: boundaries))
        let all = #"^[\x7F\x80\u07FF\u0800\uFFFF\u{10000}\u{10FFFF}]+$"#
        #expect(try _Regex(ecmaScript: all).firstMatchExists(in: boundaries))
        let allButLast = #"^[\x7F\x80\u07FF\u0800\uFFFF\u{10000}]+$"#
        #expect(try !_Regex(ecmaScript: allButLast).firstMatchExists(in: boundaries))
        let categories = #"^\P{L}\p{Cc}\p{Sc}\p{Lo}\p{Cn}\p{Lo}\p{Cn}$"#
        #expect(try _Regex(ecmaScript: categories).firstMatchExists(in: boundaries))
        #expect(try _Regex(ecmaScript: "^aé€😀$").firstMatchExists(in: "aé€😀"))
    }
}
