import Testing

@testable import JSONValueKit

/// The automaton passes over bytes that leave a state as it is eight at a
/// time (see ``_RegexDFA/skip(_:_:_:range:)``): these tests hold the fast
/// path to the byte-by-byte answers.
@Suite("Regex automaton: runs of bytes skipped eight at a time agree with the Pike VM")
struct RegexSkipTests {
    /// Patterns whose automata loop on a class, as schemas' patterns do
    /// (FHIR's `code`, `string`, `uri`, `id`), and others that stop in the
    /// middle of a run, end with `$` (read backwards) or loop on classes of
    /// every shape.
    static let patterns = [
        #"^[^\s]+(\s[^\s]+)*$"#, #"^[ \r\n\t\S]+$"#, #"^\S*$"#, #"^[A-Za-z0-9\-\.]{1,64}$"#, "[a-z]+", #"\d+$"#,
        "^x[a-m]*y", #"\s*$"#, #"[^"]*"#, "^[a-zA-Z_][a-zA-Z0-9_]*$", #".*\.json$"#, #"^(\S+\s?)*$"#, "a[!-~]*b",
        "[0-9]{2,}", #"\w+@\w+"#, #"^[\x00-\x7F]*é"#, "^[ -~]{0,12}$", "^[\\x00-\\x7F]+$", "^[\\x00-\\x20]*$",
        "^[@-Z]*$", "^[A-Z\\x7F]+$", "q.*q", "^.*$", "[^a]{9}", "\\bword\\b",
    ]

    /// Mostly bytes inside the ranges above, so that runs are long, with
    /// now and then one outside: an edge of a range, a control character,
    /// a non-ASCII scalar.
    static let common: [Unicode.Scalar] = Array("abcdxyzAZ019_-.@~ \"".unicodeScalars)
    static let rare: [Unicode.Scalar] = [
        "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{00}", "\u{1F}", "\u{20}", "\u{21}", "\u{2F}", "\u{3A}", "\u{40}",
        "\u{5B}", "\u{60}", "\u{7B}", "\u{7F}", "\u{80}", "\u{A0}", "é", "Ω", "\u{2028}", "\u{3000}", "😀", "q", "w",
        "o", "r", "j", "s", "n", "@", "é",
    ]

    @Test("automata forwards and backwards, searching and whole, answer as the Pike VM on seeded random strings")
    func differential() throws {
        var generator = SeededGenerator(seed: 0x5EED_0008)
        var compared = 0
        var matched = 0
        for pattern in Self.patterns {
            let forward = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true, direction: .forward)
            let backward = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true, direction: .backward)
            for _ in 0..<400 {
                // Lengths around the word size and its multiples, and up to
                // a few words; a run of one scalar now and then.
                let length = Int.random(in: 0...40, using: &generator)
                let rareness = Int.random(in: 2...40, using: &generator)
                var scalars: [Unicode.Scalar] = []
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    let scalar = Self.common.randomElement(using: &generator)!
                    scalars = Array(repeating: scalar, count: length)
                } else {
                    for _ in 0..<length {
                        let isRare = Int.random(in: 0..<rareness, using: &generator) == 0
                        scalars.append((isRare ? Self.rare : Self.common).randomElement(using: &generator)!)
                    }
                }
                let subject = String(String.UnicodeScalarView(scalars))
                let context = "\(pattern.debugDescription) on \(subject.debugDescription)"
                for whole in [false, true] {
                    let expected = forward.pikeVMMatches(subject, whole: whole).matched
                    #expect(forward.matches(subject, whole: whole) == expected, "forward, whole \(whole): \(context)")
                    #expect(backward.matches(subject, whole: whole) == expected, "backward, whole \(whole): \(context)")
                    if !whole && expected { matched += 1 }
                }
                compared += 1
            }
        }
        #expect(compared == Self.patterns.count * 400)
        // Both answers occur often enough to mean something.
        #expect(matched > compared / 5 && matched < compared * 4 / 5)
    }

    @Test("the patterns' automata have skip ranges, so that the comparison above runs the fast path")
    func rangesExist() throws {
        var forwardCount = 0
        var backwardCount = 0
        for pattern in Self.patterns {
            let forward = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true, direction: .forward)
            let backward = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true, direction: .backward)
            for whole in [false, true] {
                forwardCount += forward.automatonSkipRanges(whole: whole).count
                backwardCount += backward.automatonSkipRanges(whole: whole).count
                for range in forward.automatonSkipRanges(whole: whole) + backward.automatonSkipRanges(whole: whole) {
                    #expect(range.upperBound < 0x80 && range.count >= _RegexDFA.minimumSkipRange, "\(pattern)")
                }
            }
        }
        #expect(forwardCount > 30 && backwardCount > 30)
        // FHIR's `code`: the loop inside a word skips all of ASCII's
        // printable characters but the space.
        let code = try _Regex(ecmaScript: #"^[^\s]+(\s[^\s]+)*$"#)
        #expect(code.automatonSkipRanges(whole: false).contains(0x21...0x7F))
    }

    /// The arithmetic on words, against a test of each byte: random ranges,
    /// random bytes of every value, every start and length up to a few
    /// words.
    @Test("eight bytes at a time: the words skipped are those a test of each byte would skip")
    func skipArithmetic() {
        var generator = SeededGenerator(seed: 0x5EED_0009)
        var skippedBytes = 0
        var stoppedEarly = 0
        for _ in 0..<4000 {
            let lowest = UInt8.random(in: 0...0x7F, using: &generator)
            let highest = UInt8.random(in: lowest...0x7F, using: &generator)
            let range = _RegexDFA.skipRange(lowest: lowest, highest: highest)
            let count = Int.random(in: 0...40, using: &generator)
            let outside = Int.random(in: 0...30, using: &generator)
            let bytes: [UInt8] = (0..<count).map { _ in
                Int.random(in: 0...outside, using: &generator) == 0
                    ? UInt8.random(in: 0...0xFF, using: &generator)
                    : UInt8.random(in: lowest...highest, using: &generator)
            }
            func isIn(_ byte: UInt8) -> Bool { byte >= lowest && byte <= highest }
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for start in 0...count {
                    // Forwards: the reference takes whole words while every
                    // byte is in the range, then the last eight bytes.
                    var expected = start
                    while count - expected >= 8 && bytes[expected..<(expected + 8)].allSatisfy(isIn) { expected += 8 }
                    if count - expected < 8 && expected < count && count >= 8
                        && bytes[(count - 8)..<count].allSatisfy(isIn)
                    {
                        expected = count
                    }
                    let skipped = _RegexDFA.skip(base, start, count, range: range)
                    #expect(skipped == expected, "forwards from \(start) in \(bytes), \(lowest)...\(highest)")
                    #expect(bytes[start..<skipped].allSatisfy(isIn))
                    skippedBytes += skipped - start
                    if skipped < count { stoppedEarly += 1 }
                    // Backwards, the same from the other end.
                    var expectedBack = start
                    while expectedBack >= 8 && bytes[(expectedBack - 8)..<expectedBack].allSatisfy(isIn) {
                        expectedBack -= 8
                    }
                    if expectedBack > 0 && expectedBack < 8 && count >= 8 && bytes[0..<8].allSatisfy(isIn) {
                        expectedBack = 0
                    }
                    let skippedBack = _RegexDFA.skipBackwards(base, start, count, range: range)
                    #expect(skippedBack == expectedBack, "backwards from \(start) in \(bytes), \(lowest)...\(highest)")
                    #expect(bytes[skippedBack..<start].allSatisfy(isIn))
                }
            }
        }
        #expect(skippedBytes > 100_000 && stoppedEarly > 10_000)
    }
}
