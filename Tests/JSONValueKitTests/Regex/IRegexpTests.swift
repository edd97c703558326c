import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("I-Regexp: the package's own linear-time matcher")
struct IRegexpTests {
    @Test(
        "RFC 9485 features, matched by Unicode scalars",
        arguments: [
            ("a.c", "abc", true), ("a.c", "a\nc", false), ("a.c", "a\rc", false), ("[a-c]+", "abcabc", true),
            ("[^a-c]", "d", true), ("[^a-c]", "b", false), ("\\p{Lu}\\p{Ll}*", "Hello", true), ("\\P{L}", "1", true),
            ("\\P{L}", "x", false), ("\\p{L}", "é", true), ("\\p{Nd}+", "٣4", true), ("\\p{S}", "€", true),
            ("[\\p{Lu}\\p{Nd}]", "7", true), ("a{2,3}", "aaaa", false), ("a{2,3}", "aaa", true), ("a{2}", "aa", true),
            ("a{2,}", "aaaaa", true), ("a{2,}", "a", false), ("a{0}", "", true), ("(ab|cd)*", "abcd", true),
            ("(ab|cd)*", "abc", false), ("[-a]", "-", true), ("[a-]", "-", true), ("\\.", ".", true),
            ("\\.", "a", false), ("x|", "", true), ("é", "e\u{301}", false), ("e\u{301}", "e\u{301}", true),
            ("[\\n\\t]", "\t", true), ("\\\\", "\\", true), ("", "", true), ("", "a", false), ("a?", "", true),
            ("(a|b)?c", "bc", true), ("^ab$", "ab", true), ("(|a)+", "aaa", true), ("(a*)*", "aaaa", true),
            ("😀+", "😀😀", true), ("[😀-😂]", "😁", true), ("\\p{Cn}", "\u{378}", true), ("\\p{Co}", "\u{E000}", true),
        ])
    func wholeMatches(_ pattern: String, _ subject: String, _ expected: Bool) throws {
        let regexp = try #require(_Regex(iRegexp: pattern))
        #expect(regexp.matches(subject, whole: true) == expected)
    }

    @Test(
        "search finds a substring; anchors hold at the ends",
        arguments: [
            ("b", "abc", true), ("^b", "abc", false), ("c$", "abc", true), ("a$", "abc", false), ("x*", "abc", true),
            ("[0-9]+", "ab12", true), ("[0-9]{3}", "ab12", false), ("", "", true), ("a|^c", "bcd", false),
        ])
    func searches(_ pattern: String, _ subject: String, _ expected: Bool) throws {
        let regexp = try #require(_Regex(iRegexp: pattern))
        #expect(regexp.matches(subject, whole: false) == expected)
    }

    @Test(
        "invalid patterns are refused",
        arguments: [
            "(a", "a{2,1}", "\\d", "[]", "a**", "(?:a)", "\\p{Greek}", "\\p{IsBasicLatin}", "a{", "a{1", "a{,2}",
            "[a-", "[b-a]", "\\", ")", "]", "{1}", "a{1234567890}", "[a-\\p{L}]", "\\p{Cs}", "[[a]]",
            "a{73638222222222222222222222900000}", "a{1,99999999999999999999999}",
        ])
    func invalid(_ pattern: String) {
        #expect(_Regex(iRegexp: pattern) == nil)
    }

    @Test(
        "counts that would blow up the program are refused, below the bound they compile",
        arguments: [
            ("(a{1000}){1000}", false), ("a{10001}", false), ("((a{100}){100}){100}", false), ("a{9999}", true),
            ("(.*a){20}", true), ("(a{100}){50}", true), ("x{0,4000}", true),
        ])
    func sizeBound(_ pattern: String, _ compiles: Bool) {
        #expect((_Regex(iRegexp: pattern) != nil) == compiles)
    }

    /// A repeated group that compiles to nothing is not repeated: the
    /// matcher before this one looped 9999³ times over this pattern
    /// without emitting an instruction, and never reached the size limit.
    @Test("empty groups under counts compile to nothing, at once")
    func emptyRepetition() throws {
        let regexp = try #require(_Regex(iRegexp: "(((){9999}){9999}){9999}"))
        #expect(regexp.programSize == 1)
        #expect(regexp.matches("", whole: true))
        #expect(!regexp.matches("a", whole: true))
        let ecma = try _Regex(ecmaScript: "(?:(?:(?:){9999}){9999}a{0}){9999}b")
        #expect(ecma.programSize == 2)
        #expect(ecma.firstMatchExists(in: "ab"))
    }

    /// Patterns on which a backtracking engine takes time exponential in
    /// the length of the string. Matching 10,000 scalars finishes here
    /// (the benchmark measures how fast); a backtracking engine would not
    /// finish 30.
    @Test(
        "pathological patterns on long strings give the right answers",
        arguments: ["(a+)+b", "(a|a)*b", "(a*)*b", "(.*a){20}b", "(a|aa)+$b", "((a+)+)+c"])
    func pathological(_ pattern: String) throws {
        let regexp = try #require(_Regex(iRegexp: pattern))
        for length in [10, 1_000, 10_000] {
            let subject = String(repeating: "a", count: length) + "!"
            #expect(!regexp.matches(subject, whole: true))
            #expect(!regexp.matches(subject, whole: false))
        }
        let matching = String(repeating: "a", count: 10_000) + "b"
        #expect(regexp.matches(matching, whole: false) == (pattern.hasSuffix("b") && !pattern.contains("$")))
    }

    @Test("a hostile pattern read from the document does not hang a query")
    func hostileDocument() {
        let text = String(repeating: "a", count: 5_000) + "!"
        let document: JSONValue = ["pattern": "(a+)+b", "items": [.string(text), "aab"]]
        #expect(document.queryValues("$.items[?search(@, $.pattern)]") == ["aab"])
        #expect(document.queryValues("$.items[?match(@, '(a|a)*b')]") == ["aab"])
    }

    /// Random patterns over a small alphabet, compared with Swift's `Regex`
    /// running the translation the package used before, on strings short
    /// enough for `Regex` to finish quickly; both the automata and the Pike
    /// VM.
    @Test("agrees with Swift's Regex on seeded random patterns and strings")
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // Swift's `Regex`
    func differential() throws {
        var generator = SeededGenerator(seed: 9485)
        var compared = 0
        var onAutomaton = 0
        for _ in 0..<1500 {
            let pattern = Self.randomPattern(depth: 0, using: &generator)
            guard let ours = _Regex(iRegexp: pattern) else {
                #expect(SwiftRegexTranslation.translate(pattern) == nil, "\(pattern)")
                continue
            }
            let translated = try #require(SwiftRegexTranslation.translate(pattern), "\(pattern)")
            let regex = try Regex(translated).matchingSemantics(.unicodeScalar)
            if ours.engine(whole: true) != .pikeVM && ours.engine(whole: false) != .pikeVM { onAutomaton += 1 }
            for _ in 0..<8 {
                let length = Int.random(in: 0...8, using: &generator)
                let subject = String(
                    String.UnicodeScalarView((0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! }))
                let whole = (try? regex.wholeMatch(in: subject)) != nil
                let some = (try? regex.firstMatch(in: subject)) != nil
                #expect(ours.matches(subject, whole: true) == whole, "\(pattern) on \(subject.debugDescription)")
                #expect(ours.matches(subject, whole: false) == some, "search \(pattern) on \(subject.debugDescription)")
                #expect(ours.pikeVMMatches(subject, whole: true).matched == whole, "Pike \(pattern)")
                #expect(ours.pikeVMMatches(subject, whole: false).matched == some, "Pike search \(pattern)")
                compared += 1
            }
        }
        #expect(compared > 5000)
        #expect(onAutomaton > 1000)
    }

    static let alphabet: [Unicode.Scalar] = ["a", "b", "c", "\n", "-", "É", "1", "😀"]

    static func randomPattern(depth: Int, using generator: inout SeededGenerator) -> String {
        var pattern = ""
        let branches = depth < 2 && Int.random(in: 0..<4, using: &generator) == 0 ? 2 : 1
        for branch in 0..<branches {
            if branch > 0 { pattern += "|" }
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                switch Int.random(in: 0..<12, using: &generator) {
                case 0 where depth < 2: pattern += "(" + randomPattern(depth: depth + 1, using: &generator) + ")"
                case 1: pattern += "."
                case 2: pattern += ["[a-c]", "[^a]", "[-b]", "[\\p{L}1]", "[^\\n]"].randomElement(using: &generator)!
                case 3: pattern += ["\\p{L}", "\\P{Lu}", "\\p{N}", "\\p{So}"].randomElement(using: &generator)!
                case 4:
                    // Anchors, never quantified: Regex refuses `^*`.
                    pattern += ["^", "$"].randomElement(using: &generator)!
                    continue
                default: pattern += ["a", "b", "c", "\\-", "É", "😀", "\\n"].randomElement(using: &generator)!
                }
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    pattern += ["*", "+", "?", "{2}", "{1,2}", "{0,}"].randomElement(using: &generator)!
                }
            }
        }
        return pattern
    }
}
