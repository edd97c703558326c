import Testing

@testable import JSONValueKit

@Suite("ECMA-262 patterns: Unicode mode's grammar, JSON Schema's semantics")
struct ECMAScriptRegexTests {
    /// Patterns that ECMA-262's Unicode mode accepts (checked against
    /// node in ``RegexNodeDifferentialTests``).
    static let validPatterns: [String] = [
        "", "a", "a|b", "|", "(a)", "(?:a)", "(?<name>a)", "(?<$_x1>a)", "(?<\\u0061b>x)", "(?<a>x)|(?<a>y)",
        "((?<a>x)|(?<a>y))", "a*?", "a+?", "a??", "a{2,3}?", "a{2}", "a{2,}", "a{0}", "[]", "[^]", "[a-z]", "[-a]",
        "[a-]", "[a\\-z]", "[\\b]", "[\\d-]", "[-\\d]", "[--a]", "[a-b-c]", "[[]", "\\cA", "\\cz", "\\0", "\\x41",
        "\\u0041", "\\u{1F600}", "\\u{0000000041}", "\\uD83D\\uDE00", "\\uD800", "[\\uD83D\\uDE00]", "\\/",
        "\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|", "[\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/\\-]",
        "\\p{L}", "\\p{Letter}", "\\p{gc=Lu}", "\\p{General_Category=Decimal_Number}", "\\p{Alphabetic}",
        "\\P{Any}", "\\p{ASCII}", "\\p{digit}", "\\p{LC}", "\\p{punct}", "\\p{Combining_Mark}", "\\p{space}",
        "\\p{RI}", "\\p{Assigned}", "\\bword\\B", "^$", ".", "[\\p{L}\\P{N}]", "[\\w\\W]", "a{1,2}b{3}",
        "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$", "^[ \\r\\n\\t\\S]+$", "^(?:https?:|\\?)[\\w\\W]*",
        "^[^{}/ :\\\\]+(?::\\d+)?$", "é+", "😀{2}", "(?=a)", "x(?!a)", "(?<=a)b", "(?<!a)b", "(?<=a+)b",
        "(?=(?<n>a))(?!(?<m>b))", "(?<=(?<!x)a)",
    ]

    /// Patterns it refuses, with where and why.
    static let invalidPatterns: [(String, Int, String)] = [
        ("(a", 0, "unclosed group"), ("a(b(c)", 1, "unclosed group"), ("a)", 1, "unmatched ')'"),
        ("a{2,1}", 1, "numbers out of order"), ("*a", 0, "nothing to repeat"), ("a**", 2, "nothing to repeat"),
        ("a+*", 2, "nothing to repeat"), ("a*??", 3, "nothing to repeat"), ("a{2}{3}", 4, "nothing to repeat"),
        ("a{", 1, "incomplete quantifier"), ("a{1", 1, "incomplete quantifier"),
        ("a{1,", 1, "incomplete quantifier"), ("a{,2}", 1, "incomplete quantifier"),
        ("a{x}", 1, "incomplete quantifier"), ("{", 0, "nothing to repeat"), ("{1}", 0, "nothing to repeat"),
        ("}", 0, "lone '}'"), ("]", 0, "lone ']'"), ("a]", 1, "lone ']'"), ("\\a", 0, "invalid escape '\\a'"),
        ("x\\-", 1, "invalid escape '\\-'"), ("\\e", 0, "invalid escape"), ("\\_", 0, "invalid escape"),
        ("\\c", 0, "'\\c' must be followed by a letter"), ("\\c1", 0, "'\\c' must be followed by a letter"),
        ("[\\c_]", 1, "'\\c' must be followed by a letter"), ("\\x4", 0, "two hexadecimal digits"),
        ("\\xg0", 0, "two hexadecimal digits"), ("\\u12", 0, "invalid Unicode escape"),
        ("\\u{110000}", 0, "invalid Unicode escape"), ("\\u{}", 0, "invalid Unicode escape"),
        ("\\u{41", 0, "invalid Unicode escape"), ("\\00", 0, "'\\0' followed by a digit"),
        ("\\01", 0, "'\\0' followed by a digit"), ("[\\01]", 1, "'\\0' followed by a digit"),
        ("[\\1]", 1, "invalid escape '\\1' in a character class"),
        ("[\\B]", 1, "invalid escape '\\B' in a character class"),
        ("[\\k<a>](?<a>x)", 1, "invalid escape '\\k' in a character class"),
        ("[\\d-z]", 1, "a class escape cannot start a range"), ("[a-\\d]", 3, "a class escape cannot end a range"),
        ("[\\p{L}-z]", 1, "a class escape cannot start a range"), ("[z-a]", 1, "range out of order"),
        ("[a--]", 1, "range out of order"), ("[a", 0, "unterminated character class"),
        ("[\\]", 0, "unterminated character class"), ("\\p{Foo}", 0, "unknown Unicode property 'Foo'"),
        ("\\p{letter}", 0, "unknown Unicode property"), ("\\p{Script}", 0, "unknown Unicode property"),
        ("\\p{gc=Foo}", 0, "unknown Unicode property"), ("\\p{Letter=L}", 0, "unknown Unicode property"),
        ("\\p{Alphabetic=Yes}", 0, "unknown Unicode property"), ("\\p{Script=}", 0, "unknown Unicode property"),
        ("\\p{L", 0, "unterminated Unicode property"), ("\\p{L-u}", 4, "cannot be part of a Unicode property"),
        ("\\pL", 0, "'\\p' must be followed by a property"), ("\\k<a>", 0, "\\k<a> refers to no group"),
        ("\\k", 0, "'\\k' must be followed by a group name"), ("\\2(a)", 0, "\\2 refers to no group"),
        ("(a)\\10", 3, "\\10 refers to no group"), ("(?<a>x)(?<a>y)", 7, "duplicate group name 'a'"),
        ("(?<a>x(?<a>y))", 0, "duplicate group name 'a'"), ("((?<a>x)|(?<a>y))(?<a>z)", 17, "duplicate group name"),
        ("(?<a>x)|(?<a>y)(?<a>z)", 15, "duplicate group name"), ("(?<1a>x)", 3, "cannot be part of a group name"),
        ("(?<a-b>x)", 4, "cannot be part of a group name"), ("(?<>x)", 2, "empty group name"),
        ("(?<a", 2, "unterminated group name"), ("(?P<name>x)", 0, "invalid group"),
        ("(?P<n>a)(?P=n)", 0, "invalid group"), ("(?#comment)a", 0, "invalid group"),
        ("(?i)abc", 0, "modifiers without ':'"),
        ("(?ims)abc", 0, "modifiers without ':'"), ("(?", 0, "'(?' at the end"), ("(?-:a)", 0, "no modifiers"),
        ("(?ii:a)", 3, "modifier 'i' given twice"),
        ("(?i-i:a)", 4, "modifier 'i' given twice"), ("(?x:a)", 0, "invalid group: '(?' followed by 'x'"),
        ("(?i-m-s:a)", 0, "modifiers without"), ("^*", 1, "nothing to repeat"),
        ("$+", 1, "nothing to repeat"), ("\\b*", 2, "nothing to repeat"), ("\\B{2}", 2, "nothing to repeat"),
        ("(?=a)*", 5, "nothing to repeat"), ("(?!a)+", 5, "nothing to repeat"), ("(?<=a)?", 6, "nothing to repeat"),
        ("\\", 0, "'\\' at the end"), ("a\\", 1, "'\\' at the end"), ("(?=a)(", 5, "unclosed group"),
        ("\\1(", 2, "unclosed group"), ("(?<n>a)\\k<m>", 7, "\\k<m> refers to no group"),
    ]

    /// Patterns, subjects, and whether the pattern matches somewhere in the
    /// subject.
    static let matchRows: [(String, String, Bool)] = [
        ("^abc$", "abc", true), ("^abc$", "abc\n", false), ("abc$", "abc\n", false), ("^abc", "\nabc", false),
        ("^\\t$", "\t", true), ("^\\t$", "\\t", false), ("^\\cC$", "\u{3}", true), ("^\\cc$", "\u{3}", true),
        ("^\\v\\f$", "\u{B}\u{C}", true), ("^\\0$", "\0", true), ("^\\x41\\u0042\\u{43}$", "ABC", true),
        ("^\\/$", "/", true), ("^\\d$", "7", true), ("^\\d$", "\u{7C0}", false), ("^\\D$", "\u{7C0}", true),
        ("^\\d+$", "\u{9EA}\u{9E8}", false), ("^\\w$", "_", true), ("^\\w$", "é", false),
        ("^\\W$", "é", true), ("^\\W$", "a", false), ("^\\s+$", " \t\u{B}\u{C}\n\r", true),
        ("^\\s+$", "\u{A0}\u{FEFF}\u{2028}\u{2029}\u{2003}\u{1680}\u{202F}\u{205F}\u{3000}", true),
        ("\\s", "\u{1}\u{2013}\u{180E}\u{200B}", false), ("^\\S$", "\u{2013}", true), ("^\\S$", "\u{A0}", false),
        (".", "\n", false), (".", "\r", false), (".", "\u{2028}", false), (".", "\u{2029}", false),
        ("^.$", "\u{85}", true), ("^.$", "😀", true), ("^..$", "😀", false), ("^\\uD83D\\uDE00$", "😀", true),
        ("^[\\uD83D\\uDE00]$", "😀", true), ("\\uD83D", "😀", false), ("[\\uD800-\\uDFFF]", "😀", false),
        ("^\\u{1F600}$", "😀", true), ("^[😀-😂]+$", "😁😂", true), ("^é$", "e\u{301}", false),
        ("\\bfoo\\b", "a foo b", true), ("\\bfoo\\b", "food", false), ("\\bfoo\\b", "foo", true),
        ("\\Bfoo", "xfoo", true), ("\\Bfoo", " foo", false), ("\\b", "", false), ("\\B", "", true),
        ("\\b", "é", false), ("a\\b", "aé", true), ("é\\B", "é", true), ("\\b_", "a_", false),
        ("[]", "a", false), ("[]", "", false), ("[^]", "\n", true), ("[^]", "", false), ("^a{2,3}?$", "aa", true),
        ("^a*?$", "aaa", true), ("^a??b$", "ab", true), ("^a+?$", "", false), ("\\p{Letter}cole", "l'école", true),
        ("\\wcole", "l'école", false), ("[a-z]cole", "l'école", false), ("^\\p{digit}+$", "\u{9EA}\u{9E8}", true),
        ("^\\p{Lu}+$", "ÀB", true), ("^\\P{Lu}$", "a", true), ("^\\P{Lu}$", "A", false),
        ("^\\p{ASCII}+$", "a~", true),
        ("^\\p{ASCII}$", "é", false), ("^\\P{ASCII}$", "é", true), ("^\\p{Any}$", "\n", true),
        ("^\\P{Any}$", "a", false), ("^\\p{Alphabetic}$", "ß", true), ("^\\p{White_Space}$", "\u{3000}", true),
        ("^\\p{RI}$", "\u{1F1E6}", true), ("^\\p{Assigned}$", "\u{378}", false), ("^\\p{Cn}$", "\u{378}", true),
        ("^\\p{LC}$", "ǅ", true), ("^\\p{LC}$", "ª", false), ("^\\p{gc=Nd}$", "٣", true),
        ("^[\\p{L}\\d]+$", "a1é٣", false), ("^[\\p{L}\\d]+$", "a1é", true), ("^[^\\p{L}]$", "é", false),
        ("^[^\\P{L}]$", "é", true), ("^[\\P{L}\\p{L}]$", "\n", true), ("^[\\s\\d]+$", " 1\t2", true),
        ("^[^\\s]+$", "a b", false), ("^[\\b]$", "\u{8}", true), ("^[\\b]$", "b", false), ("^[\\-]$", "-", true),
        ("^[--a]+$", "-0a", true), ("^[a-b-c]+$", "-ac", true), ("^[[]$", "[", true),
        ("(?<year>\\d{4})-(?<month>\\d{2})", "on 2024-05-01", true), ("a|^b", "cb", false), ("x*", "", true),
        ("", "abc", true), ("^true|false$", "this is false", true), ("^true|false$", "truest", true),
        ("^true|false$", "falsehood", false), ("^(?:https?:|\\?)[\\w\\W]*", "?q", true),
        ("^[^{}/ :\\\\]+(?::\\d+)?$", "host:80", true), ("^[^{}/ :\\\\]+(?::\\d+)?$", "a\\b", false),
        ("^[ \\r\\n\\t\\S]+$", "a b\n", true), ("^[ \\r\\n\\t\\S]+$", "a\u{A0}b", false), ("a{0}b", "b", true),
        ("(|a)+$", "aaa", true), ("(a*)*b", "aaab", true), ("^(?:a|b)*c$", "ababc", true),
    ]

    @Test(
        "valid patterns compile",
        arguments: validPatterns)
    func valid(_ pattern: String) {
        #expect(throws: Never.self) { try _Regex(ecmaScript: pattern) }
    }

    @Test(
        "invalid patterns throw where and why",
        arguments: invalidPatterns)
    func invalid(_ pattern: String, _ offset: Int, _ message: String) {
        do {
            let regex = try _Regex(ecmaScript: pattern)
            Issue.record("\(pattern.debugDescription) compiled: \(regex.pattern)")
        } catch {
            #expect(error.kind == .invalid, "\(pattern.debugDescription): \(error)")
            #expect(error.offset == offset, "\(pattern.debugDescription): \(error)")
            #expect(error.message.contains(message), "\(pattern.debugDescription): \(error)")
        }
    }

    @Test(
        "valid features that cannot run in linear time are refused by name",
        arguments: [
            ("(a)\\1", 3, "back-references (\\1)"), ("(?<n>a)\\k<n>", 7, "back-references (\\k<n>)"),
            ("\\1(a)", 0, "back-references"), ("(?i:a)", 0, "inline modifiers"), ("(?s-m:a)", 0, "inline modifiers"),
            ("(?-i:a)*", 0, "inline modifiers"), ("\\p{Script=Greek}", 0, "Unicode property Script"),
            ("[\\p{sc=Latn}]", 1, "Unicode property sc"), ("\\P{scx=Latn}", 0, "Unicode property scx"),
            ("\\p{Script_Extensions=Hira}", 0, "Unicode property Script_Extensions"),
            ("\\p{Extended_Pictographic}", 0, "Extended_Pictographic"), ("\\p{EComp}", 0, "EComp"),
            ("(?=(?<a>x))(?<b>y)\\k<a>", 18, "back-references"), ("(?<=(a))\\1", 8, "back-references"),
            ("(?i:(?=a))", 0, "inline modifiers"),
        ])
    func unsupported(_ pattern: String, _ offset: Int, _ feature: String) {
        do {
            _ = try _Regex(ecmaScript: pattern)
            Issue.record("\(pattern.debugDescription) compiled")
        } catch {
            #expect(error.kind == .unsupported, "\(pattern.debugDescription): \(error)")
            #expect(error.offset == offset, "\(pattern.debugDescription): \(error)")
            #expect(error.message.contains(feature), "\(pattern.debugDescription): \(error)")
        }
    }

    @Test(
        "patterns beyond the limits are refused as too large, not as invalid",
        arguments: [
            "a{10001}", "a{0,10001}", "a{99999999999999999999999}", "(a{1000}){1000}", "((a{100}){100}){100}",
            String(repeating: "(", count: 33) + "a" + String(repeating: ")", count: 33),
            String(repeating: "(?:", count: 1000) + "a" + String(repeating: ")", count: 1000),
            String(repeating: "[a-z]{99}", count: 200),
        ])
    func tooLarge(_ pattern: String) {
        #expect(throws: _RegexSyntaxError.self) { try _Regex(ecmaScript: pattern) }
        do {
            _ = try _Regex(ecmaScript: pattern)
        } catch {
            #expect(error.kind == .tooLarge, "\(error)")
        }
    }

    @Test("nesting is checked to any depth without recursion: an unclosed group deep down is a syntax error")
    func deepNesting() {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 99_999)
        #expect(throws: _RegexSyntaxError(.invalid, "unclosed group '('", at: 0)) { try _Regex(ecmaScript: deep) }
        let deepValid = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(throws: _RegexSyntaxError(.tooLarge, "groups nest more than 32 deep", at: 32)) {
            try _Regex(ecmaScript: deepValid)
        }
        let atLimit = String(repeating: "(", count: 32) + "a" + String(repeating: ")", count: 32)
        #expect(throws: Never.self) { try _Regex(ecmaScript: atLimit) }
    }

    /// Compiling, reversing and freeing the tree recurse over it; at the
    /// deepest nesting allowed, with a quantifier and an alternative at
    /// every level, that fits a small stack.
    @Test("the deepest pattern allowed compiles and matches on a 512 KiB stack")
    func deepOnSmallStack() throws {
        let pattern = String(repeating: "(?:x|(", count: 16) + "a" + String(repeating: ")+)*", count: 16) + "$"
        let results = try onSmallStack {
            let forward = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true)
            let backward = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true, direction: .backward)
            return [forward, backward].flatMap { regex in
                ["aaxa", "b"].flatMap {
                    [regex.matches($0, whole: true), regex.pikeVMMatches($0, whole: true).matched]
                }
            }
        }
        #expect(results == [true, true, false, false, true, true, false, false])
        let iRegexp = String(repeating: "(x|(", count: 16) + "a" + String(repeating: ")+)*", count: 16)
        let matched = try onSmallStack { _Regex(iRegexp: iRegexp)?.matches("xaax", whole: true) }
        #expect(matched == true)
    }

    @Test(
        "matching: anywhere in the string, by code points, with ECMA-262's classes",
        arguments: matchRows)
    func matches(_ pattern: String, _ subject: String, _ expected: Bool) throws {
        let regex = try _Regex(ecmaScript: pattern)
        #expect(regex.firstMatchExists(in: subject) == expected)
        #expect(regex.pikeVMMatches(subject, whole: false).matched == expected)
    }

    /// Every General_Category name and alias of ECMA-262's table, and every
    /// binary property, against the standard library's answer on a spread
    /// of scalars.
    @Test("property escapes agree with the standard library's properties")
    func propertiesAgree() throws {
        let samples =
            stride(from: 0, through: 0x10_FFFF, by: 997).compactMap(Unicode.Scalar.init)
            + (0..<0x800).compactMap(Unicode.Scalar.init)
        var checked = 0
        for (name, mask) in _UnicodePropertyNames.generalCategories {
            let regex = try _Regex(ecmaScript: "^\\p{\(name)}$")
            let negated = try _Regex(ecmaScript: "^\\P{gc=\(name)}$")
            for scalar in samples {
                let category = _GeneralCategory.index(of: scalar)
                let expected = mask & (1 << UInt32(category)) != 0
                let subject = String(scalar)
                #expect(regex.firstMatchExists(in: subject) == expected, "\\p{\(name)} on U+\(scalar.value)")
                #expect(negated.firstMatchExists(in: subject) == !expected, "\\P{\(name)} on U+\(scalar.value)")
                checked += 1
            }
        }
        for (name, meaning) in _UnicodePropertyNames.binaryProperties {
            guard case .set(let set) = meaning else { continue }
            let regex = try _Regex(ecmaScript: "^[\\p{\(name)}]$")
            for scalar in samples.prefix(3000) {
                #expect(
                    regex.firstMatchExists(in: String(scalar)) == set.contains(scalar), "\\p{\(name)} U+\(scalar.value)"
                )
                checked += 1
            }
        }
        #expect(_UnicodePropertyNames.generalCategories.count == 80)
        #expect(checked > 200_000)
        // Spot checks against independent facts, not the code under test.
        #expect(try _Regex(ecmaScript: "^\\p{Alpha}$").firstMatchExists(in: "ж"))
        #expect(try _Regex(ecmaScript: "^\\p{Emoji}$").firstMatchExists(in: "😀"))
        #expect(try !_Regex(ecmaScript: "^\\p{Uppercase}$").firstMatchExists(in: "a"))
    }

    @Test("one compiled pattern is shared by concurrent tasks")
    func concurrent() async throws {
        let regex = try _Regex(ecmaScript: "^\\p{L}[\\w.-]*@\\w+\\.[a-z]{2,}$")
        let subjects = (0..<200).map { $0 % 3 == 0 ? "é\($0)@example.com" : "\($0)@example.com" }
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

    @Test("an ECMA-262 pattern and an I-Regexp with the same text are different patterns")
    func hashable() throws {
        let ecma = try _Regex(ecmaScript: "a.c")
        let iRegexp = try #require(_Regex(iRegexp: "a.c"))
        #expect(ecma != iRegexp)
        #expect(ecma == (try _Regex(ecmaScript: "a.c")))
        #expect(Set([ecma, iRegexp, try _Regex(ecmaScript: "a.c")]).count == 2)
        // `.` differs: U+2028 ends a line in ECMA-262 only.
        #expect(!ecma.matches("a\u{2028}c", whole: true))
        #expect(iRegexp.matches("a\u{2028}c", whole: true))
    }
}
