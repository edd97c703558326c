import Testing

@testable import JSONValueKit

/// The arithmetic that once needed `Int` to have 64 bits, checked here with
/// `Int32` and `UInt32` through the generic helpers the library uses with
/// `Int`: the 32-bit cases here went wrong (or trapped) in the code that the
/// helpers replaced. What
/// cannot be reached this way on a 64-bit machine (the whole regex engine,
/// number reading and writing built where `Int` has 32 bits) is checked by
/// `.ci/check-32bit`, which builds and runs them for i686.
@Suite("Where Int has 32 bits")
struct ThirtyTwoBitTests {
    /// The decimal digits of `text` read as a regex count is, in `Count`.
    static func count<Count: FixedWidthInteger>(_ text: String, as _: Count.Type) -> Count {
        text.unicodeScalars.reduce(Count(0)) { _ECMAScriptRegexParser.appendingDigit($1, to: $0) }
    }

    @Test(
        "a regex count reads alike in Int32 and Int, saturating below Int32.max",
        arguments: [
            ("0", Int64(0)), ("10", 10), ("12", 12), ("0010", 10), ("10000", 10_000), ("10001", 10_001),
            ("100000000", 100_000_000), ("1000000009", 1_000_000_009), ("1000000010", 2_000_000_000),
            ("2147483647", 2_000_000_000), ("99999999999999999999999999", 2_000_000_000),
        ])
    func regexCount(_ text: String, _ expected: Int64) {
        // The parser saturated at `1 << 58`, which is 0 in 32 bits: `{10}`
        // read as `{0}`.
        #expect(Int64(Self.count(text, as: Int32.self)) == expected)
        #expect(Int64(Self.count(text, as: Int.self)) == expected)
    }

    @Test("saturated regex counts keep their order: a larger count never reads as a smaller one")
    func regexCountOrder() {
        var generator = SeededGenerator(seed: 32)
        for _ in 0..<2_000 {
            let digits = (0..<Int.random(in: 1...14, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }
            let other = (0..<Int.random(in: 1...14, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }
            let (a, b) = (digits.joined(), other.joined())
            let (exactA, exactB) = (UInt64(a)!, UInt64(b)!)
            let (readA, readB) = (Self.count(a, as: Int32.self), Self.count(b, as: Int32.self))
            if exactA <= exactB { #expect(readA <= readB, "\(a) and \(b)") }
            if exactA <= 1_000_000_009 { #expect(UInt64(readA) == exactA, "\(a)") }
        }
    }

    @Test(
        "the regex table's key count is checked in every product, refused alike in Int32 and Int",
        arguments: [
            // intervals, categories, properties, sets; expected key count.
            (1, 1, 0, 1, Int64(1)), (2_200, 30, 15, 3, nil), (1_100, 30, 15, 3, nil), (1, 30, 10, 1, 30_720),
            (1_024, 32, 0, 1, 32_768), (1_025, 32, 0, 1, nil), (40, 1, 0, 24_966, 40), (40, 1, 0, 24_967, nil),
            (1_024, 32, 0, 100_000, nil),
            (3, 1, 16, 1, nil), (2_147_483_647, 2, 0, 1, nil), (50_000, 50_000, 0, 1, nil),
        ] as [(Int, Int, Int, Int, Int64?)])
    func scalarClassKeys(_ intervals: Int, _ categories: Int, _ properties: Int, _ sets: Int, _ expected: Int64?) {
        // `starts.count * categoryCount << properties.count` trapped in 32
        // bits for a class with many `\p{…}` and ~1,100 literals.
        let narrow: Int32? = _ScalarClasses.keyCount(
            intervals: Int32(intervals), categoryCount: Int32(categories), propertyCount: Int32(properties),
            setCount: Int32(sets))
        let wide: Int? = _ScalarClasses.keyCount(
            intervals: intervals, categoryCount: categories, propertyCount: properties, setCount: sets)
        #expect(narrow.map(Int64.init) == expected)
        #expect(wide.map(Int64.init) == expected)
    }

    @Test(
        "the diff's alignment bound is checked, refused alike in Int32 and Int",
        arguments: [
            (0, 0, true), (2_048, 2_048, true), (2_049, 2_048, false), (4_194_304, 1, true), (0, 2_147_483_647, true),
            (46_341, 46_341, false), (50_000, 50_000, false), (65_536, 65_536, false), (2_147_483_647, 2, false),
        ])
    func diffAlignment(_ n: Int, _ m: Int, _ expected: Bool) {
        // `n * m` trapped in 32 bits for two differing middles of ~46,341
        // elements each.
        #expect(JSONPatch.alignsElements(Int32(n), Int32(m)) == expected)
        #expect(JSONPatch.alignsElements(n, m) == expected)
    }

    @Test(
        "a member table's tag is the top of the hash's own width",
        arguments: [
            (UInt64(0x1234_5678), UInt32(12), UInt32(4), UInt32(0x1230)),
            (0x8765_4321, 28, 4, 0x8765_4320), (0xFFFF_FFFF, 1, 31, 0x8000_0000), (0x0000_FFFF, 12, 4, 0),
            (0x1234_5678, 0, 32, 0),
        ] as [(UInt64, UInt32, UInt32, UInt32)])
    func memberTableTag(_ hash: UInt64, _ bits: UInt32, _ positionBits: UInt32, _ expected: UInt32) {
        // A 32-bit hash was widened to 64 bits with its sign, so its top
        // bits were all zeros or all ones: every tag alike.
        #expect(_MemberTable.tag(of: UInt32(hash), bits: bits, above: positionBits) == expected)
        // With 64 bits, the same bits from the top of the 64.
        #expect(_MemberTable.tag(of: hash << 32, bits: bits, above: positionBits) == expected)
    }
}
