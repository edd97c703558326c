import Testing

@testable import JSONValueKit

/// The edges of ECMA-262's predefined classes and quantifiers, with answers
/// written from the specification rather than from the parser's tables:
/// the first and last member of every range of `\d`, `\w` and `\s`, the
/// scalars on either side, and every quantifier one repetition short of and
/// past its bounds. Each is asked of both engines and of JSON Schema's
/// `pattern`.
@Suite("ECMA-262 patterns at the edges of classes and counts")
struct RegexBoundaryTests {
    // MARK: Classes

    /// `\d`: DecimalDigit, 0 to 9.
    static func isDigit(_ value: UInt32) -> Bool { (0x30...0x39).contains(value) }

    /// `\w`: WordCharacters without the `i` flag, `[A-Za-z0-9_]`.
    static func isWord(_ value: UInt32) -> Bool {
        isDigit(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
    }

    /// `\s`: WhiteSpace (TAB, VT, FF, ZWNBSP and every Zs, from the
    /// standard library's categories) and LineTerminator (LF, CR, LS, PS).
    static func isSpace(_ value: UInt32) -> Bool {
        if [0x09, 0x0B, 0x0C, 0xFEFF, 0x0A, 0x0D, 0x2028, 0x2029].contains(value) { return true }
        return Unicode.Scalar(value)?.properties.generalCategory == .spaceSeparator
    }

    /// Each class escape, the answer for a scalar, and the scalars at its
    /// edges: each range's first and last member and their neighbours.
    static let classes: [(escape: String, contains: @Sendable (UInt32) -> Bool)] = [
        ("d", isDigit), ("w", isWord), ("s", isSpace),
        ("D", { !isDigit($0) }), ("W", { !isWord($0) }), ("S", { !isSpace($0) }),
    ]

    /// The scalars around every edge of the three classes, the ends of the
    /// code space and the encodings' length boundaries (surrogates left out:
    /// no string holds one).
    static let edges: [UInt32] = {
        let ranges: [ClosedRange<UInt32>] = [
            0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A, 0x09...0x0D, 0x20...0x20, 0xA0...0xA0,
            0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
            0xFEFF...0xFEFF,
        ]
        var values: Set<UInt32> = [0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x1_0000, 0x10_FFFF]
        for range in ranges {
            values.formUnion([range.lowerBound - 1, range.lowerBound, range.upperBound, range.upperBound + 1])
        }
        return values.sorted()
    }()

    static func scalars(_ values: [UInt32]) -> [Unicode.Scalar] { values.compactMap(Unicode.Scalar.init) }

    @Test("\\d \\D \\w \\W \\s \\S: the first and last member of every range, and the scalars on either side")
    func classEdges() throws {
        // Every scalar up to U+0300 as well as the edges further up.
        let samples = Self.scalars(Array(0...0x300) + Self.edges.filter { $0 > 0x300 })
        for (escape, contains) in Self.classes {
            let forms = [
                (try _Regex(ecmaScript: "^\\\(escape)$"), false), (try _Regex(ecmaScript: "^[\\\(escape)]$"), false),
                (try _Regex(ecmaScript: "^[^\\\(escape)]$"), true), (try _Regex(ecmaScript: "^[a\\\(escape)]$"), false),
            ]
            for scalar in samples {
                let expected = contains(scalar.value)
                let subject = String(scalar)
                for (regex, negated) in forms {
                    let answer = expected != negated
                    let context: Comment = "\(regex.pattern) on U+\(String(scalar.value, radix: 16, uppercase: true))"
                    if scalar == "a" && regex.pattern.contains("[a") {
                        #expect(regex.firstMatchExists(in: subject), context)
                        continue
                    }
                    #expect(regex.firstMatchExists(in: subject) == answer, context)
                    #expect(regex.pikeVMMatches(subject, whole: false).matched == answer, context)
                }
            }
        }
    }

    @Test("\\d \\D \\w \\W \\s \\S at their edges, as JSON Schema's pattern")
    func classEdgesInSchemas() throws {
        for (escape, contains) in Self.classes {
            let schema = try JSONSchema(["pattern": .string("^\\\(escape)+$")])
            for scalar in Self.scalars(Self.edges) {
                let context: Comment = "\\\(escape) on U+\(String(scalar.value, radix: 16, uppercase: true))"
                expectVerdict(schema, .string(String(scalar)), contains(scalar.value), context)
                expectVerdict(schema, .string(String(scalar) + String(scalar)), contains(scalar.value), context)
            }
        }
    }

    @Test("\\b and \\B at the start and end of one scalar: a boundary exactly where \\w says")
    func wordBoundaries() throws {
        let patterns = [("^\\b", false), ("\\b$", false), ("^\\B", true), ("\\B$", true), ("^.\\b$", false)]
        for (pattern, negated) in patterns {
            let regex = try _Regex(ecmaScript: pattern)
            for scalar in Self.scalars(Self.edges) where scalar.value != 0x0A && scalar.value != 0x0D {
                let subject = String(scalar)
                // `.` leaves out the line terminators; the others are words or not.
                if pattern == "^.\\b$" && (scalar.value == 0x2028 || scalar.value == 0x2029) { continue }
                let answer = Self.isWord(scalar.value) != negated
                let context: Comment = "\(pattern) on U+\(String(scalar.value, radix: 16, uppercase: true))"
                #expect(regex.firstMatchExists(in: subject) == answer, context)
                #expect(regex.pikeVMMatches(subject, whole: false).matched == answer, context)
            }
        }
        // Between two scalars: a boundary where exactly one is a word character.
        let between = try _Regex(ecmaScript: "z\\b")
        #expect(between.firstMatchExists(in: "z{"))
        #expect(!between.firstMatchExists(in: "z_"))
        #expect(!between.firstMatchExists(in: "zz_"))
        #expect(try _Regex(ecmaScript: "\\B_").firstMatchExists(in: "9_"))
    }

    // MARK: Quantifiers

    /// Patterns, subjects, and whether the pattern matches somewhere in the
    /// subject (checked against node in ``RegexNodeDifferentialTests``).
    static let quantifierRows: [(String, String, Bool)] = [
        ("^a?$", "", true), ("^a?$", "a", true), ("^a?$", "aa", false), ("^a??$", "aa", false),
        ("^a??$", "a", true), ("^a*$", "", true), ("^a*$", "aaaa", true), ("^a*$", "ab", false),
        ("^a+$", "", false), ("^a+$", "a", true), ("^a+$", "aaa", true), ("^a+?$", "", false),
        ("^a{0}$", "", true), ("^a{0}$", "a", false), ("^a{1}$", "", false), ("^a{1}$", "a", true),
        ("^a{1}$", "aa", false), ("^a{2}$", "a", false), ("^a{2}$", "aa", true), ("^a{2}$", "aaa", false),
        ("^a{2,}$", "a", false), ("^a{2,}$", "aa", true), ("^a{2,}$", "aaaaaaa", true), ("^a{0,}$", "", true),
        ("^a{2,3}$", "a", false), ("^a{2,3}$", "aa", true), ("^a{2,3}$", "aaa", true), ("^a{2,3}$", "aaaa", false),
        ("^a{2,3}?$", "aaaa", false), ("^a{2,3}?$", "aa", true), ("^a{0,1}$", "aa", false), ("^a{0,1}$", "", true),
        ("^a{0,2}$", "aaa", false), ("^a{3,3}$", "aaa", true), ("^a{3,3}$", "aa", false),
        ("^(?:ab)?$", "abab", false),
        ("^(?:ab)?$", "ab", true), ("^(?:ab)?$", "a", false), ("^(?:ab){1,2}$", "ababab", false),
        ("^(?:ab){1,2}$", "abab", true), ("^(?:ab){1,2}$", "", false), ("^x(?:ab)?y$", "xababy", false),
        ("^x(?:ab)?y$", "xy", true), ("^(a|bc)+$", "abca", true), ("^(a|bc)+$", "abcb", false),
        ("a{3}", "aa", false),
        ("a{3}", "baaab", true), ("^\\u{1F600}{2}$", "\u{1F600}\u{1F600}", true),
        ("^\\u{1F600}{2}$", "\u{1F600}\u{1F600}\u{1F600}", false), ("^\\u{1F600}?$", "\u{1F600}\u{1F600}", false),
        ("^[a-c]{2}$", "cc", true), ("^[a-c]{2}$", "cd", false), ("^[a-c]{2}$", "`a", false),
        ("^.?$", "\u{1F600}", true), ("^.?$", "\u{1F600}a", false), ("^(?:a?){2}$", "aaa", false),
        ("^(?:a?){2}$", "aa", true), ("^(?:a*)?$", "aaa", true), ("^(?:a{2})?$", "a", false),
    ]

    @Test(
        "quantifiers one repetition short of and past their bounds",
        arguments: quantifierRows)
    func quantifiers(_ pattern: String, _ subject: String, _ expected: Bool) throws {
        let regex = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true)
        let backward = try _Regex(ecmaScript: pattern, direction: .backward)
        #expect(regex.firstMatchExists(in: subject) == expected)
        #expect(backward.firstMatchExists(in: subject) == expected)
        #expect(regex.pikeVMMatches(subject, whole: false).matched == expected)
        let schema = try JSONSchema(["pattern": .string(pattern)])
        expectVerdict(schema, .string(subject), expected)
    }

    // MARK: Ranges

    @Test(
        "a class range holds its ends and nothing beside them",
        arguments: [
            ("[a-z]", 0x61 as UInt32, 0x7A as UInt32), ("[0-9]", 0x30, 0x39), ("[\\u00E0-\\u00FF]", 0xE0, 0xFF),
            ("[\\u{1F600}-\\u{1F64F}]", 0x1_F600, 0x1_F64F), ("[\\uD83D\\uDE00-\\uD83D\\uDE4F]", 0x1_F600, 0x1_F64F),
            ("[\\u{10000}-\\u{10FFFF}]", 0x1_0000, 0x10_FFFF), ("[\\0-\\x1F]", 0, 0x1F),
            ("[\\uE000-\\uFFFF]", 0xE000, 0xFFFF),
        ])
    func ranges(_ pattern: String, _ low: UInt32, _ high: UInt32) throws {
        let regex = try _Regex(ecmaScript: "^" + pattern + "$")
        let negated = try _Regex(ecmaScript: "^[^" + pattern.dropFirst() + "$")
        let schema = try JSONSchema(["pattern": .string("^" + pattern + "$")])
        for value in [low &- 1, low, low + 1, (low + high) / 2, high - 1, high, high + 1] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = (low...high).contains(value)
            let context: Comment = "\(pattern) on U+\(String(value, radix: 16, uppercase: true))"
            #expect(regex.firstMatchExists(in: String(scalar)) == expected, context)
            #expect(regex.pikeVMMatches(String(scalar), whole: false).matched == expected, context)
            #expect(negated.firstMatchExists(in: String(scalar)) == !expected, context)
            expectVerdict(schema, .string(String(scalar)), expected, context)
        }
    }
}
