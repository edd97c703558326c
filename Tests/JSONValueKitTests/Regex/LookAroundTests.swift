import Testing

@testable import JSONValueKit

/// Look-ahead and look-behind, decided by one pass per look-around over the
/// string (see `_RegexLookArounds`): a table of cases, the real-world
/// patterns that made schemas fail to compile, seeded random patterns
/// against a backtracking reference, Node's `RegExp` when it is installed,
/// and the work on long strings, counted.
@Suite("Look-around: ahead and behind, positive and negative, nested, in linear time")
struct LookAroundTests {
    /// A pattern, a subject, and whether the pattern matches some substring
    /// of it; every row is also checked against Node when it is installed.
    struct Row: Sendable, CustomTestStringConvertible {
        var pattern: String
        var subject: String
        var expected: Bool
        /// Read with Annex B's leniencies (JSON Schema's `pattern`), and
        /// checked against Node without the `u` flag.
        var lenient = false
        var testDescription: String { "\(pattern.debugDescription) on \(subject.debugDescription)" }
    }

    static func rows(_ pattern: String, _ cases: [(String, Bool)], lenient: Bool = false) -> [Row] {
        cases.map { Row(pattern: pattern, subject: $0.0, expected: $0.1, lenient: lenient) }
    }

    static let table: [Row] =
        // Positive and negative look-ahead.
        rows("a(?=b)", [("ab", true), ("ac", false), ("a", false), ("", false)])
        + rows("a(?!b)", [("ab", false), ("abac", true), ("a", true), ("b", false)])
        + rows("^(?!abc)", [("abd", true), ("abcd", false), ("", true), ("xabc", true)])
        + rows("^(?=.*\\d)(?=.*[a-z]).{6,}$", [("abc123", true), ("abcdef", false), ("12345a", true), ("1a", false)])
        // Positive and negative look-behind, of fixed and variable length.
        + rows("(?<=a)b", [("ab", true), ("cb", false), ("b", false), ("abb", true)])
        + rows("(?<!a)b", [("ab", false), ("b", true), ("abcb", true), ("aab", false)])
        + rows("(?<=^a+)b", [("aaab", true), ("caab", false), ("b", false)])
        + rows("(?<=\\$)\\d+(?:\\.\\d\\d)?", [("cost: $42.50", true), ("cost: 42", false), ("$", false)])
        + rows("(?<!\\d)\\d{3}(?!\\d)", [("a123b", true), ("1234", false), ("123", true), ("12 345 6789", true)])
        // Nested.
        + rows("(?=a(?!b))", [("ab", false), ("abac", true), ("a", true)])
        + rows("(?<=(?<!x)a)b", [("xab", false), ("yab", true), ("ab", true)])
        + rows("(?=(?<=a)b)", [("ab", true), ("cb", false), ("b", false)])
        + rows("(?!(?=a)b)a", [("a", true), ("b", false)])
        + rows("^(?!.*(?<=\\.)json$)", [("x.json", false), ("xjson", true), ("x.json.bak", true)])
        + rows("(?<=(?=(?<!a)b)b)c", [("bc", true), ("abc", false), ("c", false)])
        + rows("(?=(?=(?=(?=a)a)a)a)a", [("a", true), ("b", false)])
        // Inside alternation.
        + rows("(?=a)a|(?<=b)c", [("bc", true), ("ac", true), ("dc", false), ("c", false)])
        + rows("^(?:(?!y)|x)y", [("y", false), ("xy", true), ("", false)])
        + rows("^(?:(?!ab)|x)y", [("y", true), ("xy", true)])
        + rows("(?:(?<=a)|(?<=b))c", [("ac", true), ("bc", true), ("cc", false)])
        // Inside repetition.
        + rows("^(?:(?=[a-z])\\w)+$", [("abc", true), ("ab1", false), ("", false)])
        + rows("^(?:(?![aeiou])[a-z])+$", [("rhythm", true), ("rhyme", false)])
        + rows("^(?:a(?=b)|b)+$", [("abab", true), ("aab", false), ("b", true)])
        + rows("^(?:(?=a*b)a)*b$", [("aaab", true), ("b", true), ("aaa", false)])
        + rows("^(?:(?=a*b)a)*c$", [("aaac", false), ("c", true)])
        + rows("^(?:(?<=a)b|a)*$", [("abab", true), ("bb", false), ("aab", true), ("", true)])
        + rows("(?:x(?<!yx)){2}", [("xx", true), ("yxx", false), ("yxxx", true)])
        // At the ends of the string.
        + rows("(?=$)", [("", true), ("abc", true)])
        + rows("a(?=$)", [("ba", true), ("ab", false)])
        + rows("(?<=^)a", [("ab", true), ("ba", false)])
        + rows("(?<!^)a", [("a", false), ("ba", true)])
        + rows("(?!$)", [("", false), ("x", true)])
        + rows("(?<!.)", [("", true), ("x", true)])
        + rows("^(?=.)", [("", false), ("x", true)])
        + rows("(?=\\n)", [("a\n", true), ("a", false)])
        + rows("(?<=\\n)$", [("a\n", true), ("\na", false)])
        + rows("^(?!-)[a-z0-9-]{1,63}(?<!-)$", [("host-1", true), ("-host", false), ("host-", false), ("-", false)])
        // With \b.
        + rows("(?<=\\b)foo", [("a foo", true), ("afoo", false)])
        + rows("(?<=\\bf)oo", [("foo", true), ("afoo", false)])
        + rows("(?=\\bbar\\b)", [("foobar", false), ("foo bar", true), ("bar", true)])
        + rows("\\b(?!the\\b)\\w+", [("the", false), ("the then", true), ("", false)])
        + rows("(?<=\\w)\\b(?=\\W)", [("a b", true), ("ab", false), ("a", false)])
        // Unicode: by code points, with astral scalars.
        + rows("(?<=😀)a", [("😀a", true), ("😁a", false), ("a", false)])
        + rows("(?<!😀)a", [("😀a", false), ("éa", true)])
        + rows("(?=😀)", [("x😀", true), ("x", false)])
        + rows("^.(?<=😀)$", [("😀", true), ("😀😀", false)])
        + rows("(?<=^.)a", [("😀a", true), ("ea", true), ("e\u{301}a", false)])
        + rows("(?<=^..)a", [("😀a", false), ("ééa", true)])
        + rows("(?<=é)\\u{1F600}", [("é😀", true), ("e😀", false)])
        + rows("(?<![\\u{10000}-\\u{10FFFF}])x", [("😀x", false), ("éx", true), ("x", true)])
        + rows("(?<=\\p{L})\\d", [("é1", true), ("-1", false), ("Ω1", true)])
        + rows("(?=\\p{Lu})\\p{L}+(?<!ß)$", [("Straße", true), ("Straß", false), ("straße", false)])
        + rows("(?<=\\u{2028})a|a(?=\\u{2029})", [("\u{2028}a", true), ("a\u{2029}", true), ("a\u{2028}", false)])

    /// Patterns of real schemas that failed to compile while look-around
    /// was refused, or patterns shaped like them.
    static let realWorld: [Row] =
        // Browser extension locales.
        rows(
            "^(?!@@)[@a-zA-Z0-9_-]+$",
            [
                ("@@ui_locale", false), ("@ui_locale", true), ("appName", true), ("app name", false), ("@", true),
                ("@@", false), ("", false),
            ])
        // Minecraft plugins (Bukkit, Paper).
        + rows(
            "^(?!org\\.bukkit\\.)([a-zA-Z_$][a-zA-Z\\d_$]*\\.)*[a-zA-Z_$][a-zA-Z\\d_$]*$",
            [
                ("com.example.Main", true), ("org.bukkit.Main", false), ("org.bukkitx.Main", true),
                ("1com.Main", false),
                ("Main", true), ("org.bukkit", true),
            ])
        + rows(
            "^(?!io\\.papermc\\.)([a-zA-Z_$][a-zA-Z\\d_$]*\\.)*[a-zA-Z_$][a-zA-Z\\d_$]*$",
            [("io.papermc.paper.Plugin", false), ("io.example.Plugin", true)])
        // An API gateway's default values.
        + rows(
            "^(?![ \\t\\n]*\\(default(.*)\\))[\\s\\S]*",
            [
                ("(default value)", false), ("  \t(default x)", false), ("a (default x)", true), ("(defaults)", false),
                ("(default", true), ("", true),
            ])
        // A network configuration's host names.
        + rows(
            "^(?!.*://)(?=.{1,255}$)(?:[a-z0-9-]{1,63}\\.)+(?![0-9]*$)[a-z0-9-]{1,63}\\.?$",
            [
                ("example.com", true), ("http://example.com", false), ("example.123", false), ("localhost", false),
                ("a.b1", true), ("www.example.com.", true), (String(repeating: "a.", count: 127) + "com", false),
                (String(repeating: "a.", count: 126) + "com", true),
            ])
        // CI cache keys, search index names, variable names.
        + rows("^(?!\\d)[\\w$]+$", [("var1", true), ("1var", false), ("$x", true)])
        + rows(
            "^(?!_)(?!.*__)[a-z0-9_]+(?<!_)$",
            [("logs_2024", true), ("_logs", false), ("logs__x", false), ("logs_", false)])
        + rows(
            "^(?!\\.)(?!.*\\.$)(?!.*?\\.\\.)[a-zA-Z0-9_.-]+$", [("my.index", true), (".index", false), ("a..b", false)])
        + rows(
            "^(?=.*[A-Z])(?=.*[a-z])(?=.*\\d)(?=.*[^\\w\\s]).{8,}$",
            [("Passw0rd!", true), ("password", false), ("PASSW0RD!", false), ("Pa0!", false)])
        + rows(
            "^(?!(?:CON|PRN|AUX|NUL)(?:\\.|$))[^<>:\"/\\\\|?*]+$",
            [("CON", false), ("CON.txt", false), ("CONFIG", true)])

    /// Annex B lets a look-ahead (not a look-behind) be quantified when the
    /// `u` flag is off; JSON Schema's `pattern` reads patterns that way.
    static let annexB: [Row] =
        rows("(?=a)*b", [("b", true), ("cb", true)], lenient: true)
        + rows("(?=a)+a", [("a", true), ("b", false)], lenient: true)
        + rows("(?=a)+b", [("b", false), ("ab", false)], lenient: true)
        + rows("(?!a){2}b", [("ab", true), ("b", true)], lenient: true)
        + rows("x(?=a){0}y", [("xy", true)], lenient: true)
        + rows("x(?=a)?y", [("xy", true)], lenient: true)
        + rows("x(?=a){,", [("x{,", false), ("xa{,", false)], lenient: true)

    static func compile(_ row: Row, direction: _Regex.Direction = .automatic) throws -> _Regex {
        try _Regex(ecmaScript: row.pattern, isLenient: row.lenient, wholeMatchAutomaton: true, direction: direction)
    }

    /// Every engine: the passes' automata (both directions for the
    /// pattern's own pass), the Pike VM by classes and by sets, and the
    /// backtracking reference over the tree.
    static func check(_ row: Row) throws {
        let regex = try compile(row)
        #expect(regex.firstMatchExists(in: row.subject) == row.expected)
        #expect(regex.pikeVMMatches(row.subject, whole: false).matched == row.expected, "Pike VM")
        #expect(regex.pikeVMMatches(row.subject, whole: false, usingClasses: false).matched == row.expected, "by sets")
        for direction in [_Regex.Direction.forward, .backward] {
            let directed = try compile(row, direction: direction)
            #expect(directed.firstMatchExists(in: row.subject) == row.expected, "\(direction)")
        }
        var parser = _ECMAScriptRegexParser(row.pattern, isLenient: row.lenient)
        let tree = try parser.parse()
        let scalars = Array(row.subject.unicodeScalars)
        let reference = RegexAutomatonTests.ReferenceMatcher(scalars: scalars)
        let search = (0...scalars.count).contains { start in reference.match(tree, start) { _ in true } }
        #expect(search == row.expected, "reference")
        let whole = reference.match(tree, 0) { $0 == scalars.count }
        #expect(regex.matches(row.subject, whole: true) == whole, "whole")
        #expect(regex.pikeVMMatches(row.subject, whole: true).matched == whole, "Pike VM whole")
    }

    @Test("look-around cases on every engine", arguments: table)
    func cases(_ row: Row) throws {
        try Self.check(row)
        #expect(try !Self.compile(row).lookAroundDecisions.isEmpty)
    }

    @Test("real-world look-around patterns compile and match", arguments: realWorld)
    func realWorldPatterns(_ row: Row) throws {
        try Self.check(row)
        #expect(try !Self.compile(row).lookAroundDecisions.isEmpty)
    }

    @Test(
        "a quantified look-ahead, Annex B: lenient only, to no effect but that a count of zero drops it",
        arguments: annexB)
    func quantifiedLookAhead(_ row: Row) throws {
        try Self.check(row)
    }

    @Test(
        "a quantified look-around is invalid in Unicode mode, and a quantified look-behind in Annex B too",
        arguments: [
            ("(?=a)*", false, 5), ("(?!a){2}", false, 5), ("(?<=a)?", false, 6), ("(?<!a)+", true, 6),
            ("(?<=a)*", true, 6),
        ])
    func quantifiedInvalid(_ pattern: String, _ lenient: Bool, _ offset: Int) {
        do {
            _ = try _Regex(ecmaScript: pattern, isLenient: lenient)
            Issue.record("compiled")
        } catch {
            #expect(error.kind == .invalid)
            #expect(error.offset == offset)
            #expect(error.message.contains("has nothing to repeat"), "\(error)")
        }
    }

    /// Real schemas' look-arounds are mostly at the start (`^(?!…)`) or at
    /// the end (`(?<!-)$`): those are decided once, without a plane.
    @Test(
        "look-arounds met only at the start or the end are decided once; others by a pass",
        arguments: [
            ("^(?!@@)[@a-z]+$", ["start"]), ("^(?!.*://)(?=.{1,255}$).", ["start", "start"]),
            ("^(?!-)[a-z-]+(?<!-)$", ["start", "end"]), ("a(?=b)", ["automaton"]), ("(?<=a)b", ["automaton"]),
            ("^(?:(?=a)|b)c", ["start"]), ("^(?:(?=a)b)?c", ["start"]), ("^(?:(?=a)b)*c", ["automaton"]),
            ("^(?=(?<=^)a)", ["automaton", "automaton"]), ("^(?=a(?!b))", ["automaton", "automaton"]),
            ("(?<=a)$", ["end"]), ("(?<=a)\\b$", ["end"]), ("(?=a)$", ["automaton"]), ("^(?<=a)", ["automaton"]),
            ("x(?:(?=a)){0}", []), ("(?=a(?:(?=b)){0})", ["unused", "automaton"]),
        ])
    func decisions(_ pattern: String, _ expected: [String]) throws {
        #expect(try _Regex(ecmaScript: pattern).lookAroundDecisions == expected)
    }

    @Test("at most 32 look-arounds, and the programs of a pattern and its look-arounds share the size limit")
    func limits() throws {
        let atLimit = String(repeating: "(?!a)", count: 32)
        #expect(try _Regex(ecmaScript: atLimit).firstMatchExists(in: "b"))
        #expect(throws: _RegexSyntaxError(.tooLarge, "more than 32 look-arounds", at: 160)) {
            try _Regex(ecmaScript: atLimit + "(?=b)")
        }
        // Each program alone fits; together they do not.
        #expect(throws: Never.self) { try _Regex(ecmaScript: "x(?=a{9000})") }
        // The last, with an automaton for (?=c) before the limit is
        // passed: nothing is built until every program fits (the
        // sanitizers' run would report the automaton's tables as leaked).
        for pattern in ["x(?=a{5000})(?=b{5000})", "x(?=a{5000})(?=b{5000})(?=c)"] {
            do {
                _ = try _Regex(ecmaScript: pattern)
                Issue.record("\(pattern) compiled")
            } catch {
                #expect(error.kind == .tooLarge)
            }
        }
        #expect(_Regex.isValidECMAScriptSyntax("x(?=a{5000})(?=b{5000})"))
    }

    /// Back-references stay refused, by name, also inside look-arounds.
    @Test("back-references are refused, by name, wherever they are")
    func backReferences() {
        #expect(
            throws: _RegexSyntaxError(
                .unsupported, "back-references (\\k<a>) are not supported, as they cannot run in linear time", at: 18)
        ) {
            try _Regex(ecmaScript: "(?=(?<a>x))(?<b>y)\\k<a>")
        }
        #expect(throws: _RegexSyntaxError.self) { try _Regex(ecmaScript: "(?<=(a)\\1)b") }
    }

    /// Compiling and collecting recurse over the tree; the deepest nesting
    /// allowed is 32 look-arounds, each inside the last.
    @Test("32 nested look-arounds compile and match on a 512 KiB stack")
    func deepOnSmallStack() throws {
        var nested = "a"
        for level in 0..<32 { nested = (level % 2 == 0 ? "(?=" : "(?<=") + "x?" + nested + "|b)" }
        let pattern = nested
        let results = try onSmallStack {
            let regex = try _Regex(ecmaScript: pattern)
            return ["a", "xb", "", "c"].flatMap {
                [regex.firstMatchExists(in: $0), regex.pikeVMMatches($0, whole: false).matched]
            }
        }
        #expect(results == [true, true, true, true, false, false, false, false])
    }

    /// The passes' scratch is per match; the compiled pattern is read only.
    @Test("one compiled look-around pattern is shared by concurrent tasks")
    func concurrent() async throws {
        let regex = try _Regex(ecmaScript: "(?<![\\\\$])\\$(?=[A-Z])[A-Z_]+(?<!_)\\$(?!\\$)")
        let subjects = (0..<200).map { index in
            String(repeating: "x", count: index * 7) + (index % 3 == 0 ? "\\$HOME$" : "$HOME$") + "é"
        }
        let expected = subjects.map(regex.firstMatchExists)
        #expect(expected.contains(true) && expected.contains(false))
        let results = await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<8 { group.addTask { subjects.map(regex.firstMatchExists) } }
            var all: [[Bool]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for result in results { #expect(result == expected) }
    }

    // MARK: - Random patterns

    static let alphabet: [Unicode.Scalar] = ["a", "b", "c", "1", " ", "\n", "_", "é", "😀"]

    /// Random patterns with look-arounds anywhere, never quantified (Unicode
    /// mode refuses that), nested up to three deep.
    static func randomPattern(depth: Int, names: inout Int, using generator: inout SeededGenerator) -> String {
        var pattern = ""
        let branches = depth < 3 && Int.random(in: 0..<4, using: &generator) == 0 ? 2 : 1
        for branch in 0..<branches {
            if branch > 0 { pattern += "|" }
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                switch Int.random(in: 0..<12, using: &generator) {
                case 0 where depth < 3, 1 where depth < 3:
                    let opening = ["(?=", "(?!", "(?<=", "(?<!"].randomElement(using: &generator)!
                    pattern += opening + randomPattern(depth: depth + 1, names: &names, using: &generator) + ")"
                    continue
                case 2 where depth < 3:
                    let opening = ["(", "(?:", "(?<n\(names)>"].randomElement(using: &generator)!
                    names += 1
                    pattern += opening + randomPattern(depth: depth + 1, names: &names, using: &generator) + ")"
                case 3: pattern += "."
                case 4:
                    pattern += ["[a-c]", "[^a]", "[\\d\\s]", "\\w", "\\W", "\\p{L}", "[😀é]"].randomElement(
                        using: &generator)!
                case 5:
                    pattern += ["^", "$", "\\b", "\\B"].randomElement(using: &generator)!
                    continue
                default:
                    pattern += ["a", "b", "c", "1", " ", "\\n", "é", "\\u{1F600}", "_"].randomElement(
                        using: &generator)!
                }
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    pattern += ["*", "+", "?", "{2}", "{1,2}", "*?"].randomElement(using: &generator)!
                }
            }
        }
        return pattern
    }

    static func randomSubject(using generator: inout SeededGenerator) -> String {
        let scalars = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
            alphabet.randomElement(using: &generator)!
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Seeded random patterns with look-arounds, each with ten subjects:
    /// shared with the test against Node.
    static let randomCases: [(pattern: String, subjects: [String])] = {
        var generator = SeededGenerator(seed: 2024)
        var cases: [(pattern: String, subjects: [String])] = []
        while cases.count < 600 {
            var names = 0
            let pattern = randomPattern(depth: 0, names: &names, using: &generator)
            guard pattern.contains("(?=") || pattern.contains("(?!") || pattern.contains("(?<") else { continue }
            cases.append((pattern, (0..<10).map { _ in randomSubject(using: &generator) }))
        }
        return cases
    }()

    @Test("passes' automata, Pike VM and the backtracking reference agree on seeded random patterns")
    func randomAgreement() throws {
        var compared = 0
        var matched = 0
        var onAutomata = 0
        var withPlanes = 0
        // A quarter under the sanitizers, which find what they find in the
        // first patterns as well.
        let patterns = Self.randomCases.prefix(Sanitizers.scaled(Self.randomCases.count))
        for (pattern, subjects) in patterns {
            let row = Row(pattern: pattern, subject: "", expected: false)
            let regex = try Self.compile(row)
            let backward = try Self.compile(row, direction: .backward)
            let decisions = regex.lookAroundDecisions
            if !decisions.contains("pikeVM") && regex.engine(whole: false) != .pikeVM { onAutomata += 1 }
            if decisions.contains("automaton") { withPlanes += 1 }
            var parser = _ECMAScriptRegexParser(pattern)
            let tree = try parser.parse()
            for subject in subjects {
                let scalars = Array(subject.unicodeScalars)
                let reference = RegexAutomatonTests.ReferenceMatcher(scalars: scalars)
                let search = (0...scalars.count).contains { start in reference.match(tree, start) { _ in true } }
                let whole = reference.match(tree, 0) { $0 == scalars.count }
                let context = "\(pattern.debugDescription) on \(subject.debugDescription)"
                #expect(regex.matches(subject, whole: false) == search, "search \(context)")
                #expect(regex.pikeVMMatches(subject, whole: false).matched == search, "Pike search \(context)")
                #expect(
                    regex.pikeVMMatches(subject, whole: false, usingClasses: false).matched == search,
                    "Pike by sets \(context)")
                #expect(backward.matches(subject, whole: false) == search, "backward search \(context)")
                #expect(regex.matches(subject, whole: true) == whole, "whole \(context)")
                #expect(backward.matches(subject, whole: true) == whole, "backward whole \(context)")
                #expect(regex.pikeVMMatches(subject, whole: true).matched == whole, "Pike whole \(context)")
                compared += 1
                if search { matched += 1 }
            }
        }
        // Meaningful only if both answers occur, most patterns run on
        // automata and many need planes.
        #expect(compared == patterns.count * 10)
        #expect(matched * 4 > compared && matched * 4 < compared * 3, "\(matched) of \(compared) matched")
        #expect(onAutomata * 10 > patterns.count * 9, "\(onAutomata) patterns on automata")
        #expect(withPlanes * 4 > patterns.count * 3, "\(withPlanes) patterns with a plane")
    }

    // MARK: - Linear work

    /// Patterns on which a backtracking engine takes time quadratic or
    /// exponential in the string: look-arounds inside repetition, nested,
    /// in alternation. At 5,000 and 50,000 scalars, the passes' transitions
    /// (and, on the Pike VM, the instructions visited) are counted: ten
    /// times the string costs about ten times the work, and no pass takes
    /// more than a transition per scalar.
    @Test(
        "hostile look-around patterns: right answers, work linear in the string",
        arguments: [
            ("(?:(?=a*b)a)*c", "a", false), ("(?=(a+)+b)", "a", false), ("(?<=(?=a*(?!a*b))a*)c", "a", false),
            ("(?=a*b)|(?<=a*c)|(?!a*)d", "a", false), ("^(?:(?!(a|a)*b).)*$", "a", true),
            ("(?<!(a*)*b)c", "a", false), ("\\b(?<=(?:a|a)*)(?=(?:a|a)*\\b)x", "ab ", false),
            ("(?:(?=a)|(?=aa)|(?<=a)|(?<!b))*z", "a", false), ("(?=(?:(?<=a*)a)*$)b", "a", false),
            ("(?<=😀*)(?=é*(?!😀)é)x", "😀é", false),
        ])
    func hostile(_ pattern: String, _ unit: String, _ expected: Bool) throws {
        let regex = try _Regex(ecmaScript: pattern)
        let short = String(repeating: unit, count: 5_000 / unit.unicodeScalars.count)
        let long = String(repeating: unit, count: 50_000 / unit.unicodeScalars.count)
        #expect(!regex.lookAroundDecisions.contains("start") && !regex.lookAroundDecisions.contains("end"))
        #expect(regex.firstMatchExists(in: long) == expected)
        let shortRun = try #require(regex.lookAroundMatches(short, whole: false))
        let longRun = try #require(regex.lookAroundMatches(long, whole: false))
        #expect(shortRun.matched == expected && longRun.matched == expected)
        let passes = regex.lookAroundDecisions.count + 1
        let scalars = long.unicodeScalars.count
        if !regex.lookAroundDecisions.contains("pikeVM") && regex.engine(whole: false) != .pikeVM {
            // On automata: at most one transition per position and pass.
            #expect(longRun.steps <= (scalars + 1) * passes)
        }
        #expect(longRun.steps <= 11 * shortRun.steps + 100)
        #expect(longRun.steps >= 9 * shortRun.steps - 100)
        // On the Pike VM: at most one visit per position and instruction of
        // every program.
        let shortPike = regex.pikeVMMatches(short, whole: false)
        let longPike = regex.pikeVMMatches(long, whole: false)
        #expect(shortPike.matched == expected && longPike.matched == expected)
        #expect(longPike.steps <= (scalars + 1) * regex.programSize)
        #expect(longPike.steps <= 11 * shortPike.steps + regex.programSize)
    }
}
