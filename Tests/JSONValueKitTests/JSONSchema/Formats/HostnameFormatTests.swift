import Testing

@testable import JSONValueKit

/// `hostname` (RFC 1123, with A-labels checked) and `idn-hostname`
/// (IDNA2008), Punycode, and the generated IDNA tables.
@Suite("Formats: host names and IDNA2008")
struct HostnameFormatTests {
    /// 253 octets in four labels, and 254.
    static let longest = Array(repeating: String(repeating: "a", count: 63), count: 4).joined(separator: ".")
    static let longestName = String(longest.dropLast(2))
    static let tooLongName = String(longest.dropLast(1))

    /// Each name with whether it is a `hostname` and an `idn-hostname`.
    static let names: [(String, [Bool])] = [
        ("example.com", [true, true]),
        ("EXAMPLE.COM", [true, true]),
        ("a", [true, true]),
        ("1", [true, true]),
        ("a-b", [true, true]),
        ("a--b", [true, true]),
        ("ab--cd", [true, false]),
        ("-a", [false, false]),
        ("a-", [false, false]),
        ("a_b", [false, false]),
        ("a..b", [false, false]),
        ("a.", [false, false]),
        (".", [false, false]),
        ("", [false, false]),
        ("a b", [false, false]),
        (String(repeating: "a", count: 63), [true, true]),
        (String(repeating: "a", count: 64), [false, false]),
        (longestName, [true, true]),
        (tooLongName, [false, false]),
        // A-labels, in either case.
        ("xn--mnchen-3ya.de", [true, true]),
        ("XN--MNCHEN-3YA.DE", [true, true]),
        ("xn--bcher-kva", [true, true]),
        ("xn--mnchen-3yb", [true, true]),  // mƫnchen
        ("xn--mnchen-3yA", [true, true]),
        ("xn--mnchen-3y", [false, false]),
        ("xn--mnchen", [false, false]),
        ("xn--", [false, false]),
        ("xn--a", [false, false]),
        ("xn--tdaaaaaaaaaaaaaaaaaaaa", [true, true]),
        // U-labels.
        ("münchen.de", [false, true]),
        ("Bücher.de", [false, false]),
        ("日本語。jp", [false, true]),
        ("日本語．jp", [false, true]),
        ("日本語｡jp", [false, true]),
        ("日本語。", [false, false]),
        ("παράδειγμα.δοκιμή", [false, true]),
        (String(repeating: "ü", count: 57), [false, true]),
        (String(repeating: "ü", count: 58), [false, false]),
        ("ü-", [false, false]),
        ("üa--b", [false, false]),
        ("üb--c", [false, false]),
        // NFC: é written as e and a combining acute is not in NFC.
        ("e\u{301}", [false, false]),
        ("é", [false, true]),
        ("x\u{301}", [false, true]),
        ("\u{301}x", [false, false]),
        ("ê\u{323}", [false, false]),
        ("ệ", [false, true]),
        ("ü\u{304}", [false, false]),
        ("ǖ", [false, true]),
        ("\u{B15}\u{B47}\u{B3E}", [false, false]),
        ("\u{B15}\u{B4B}", [false, true]),
        ("\u{B15}\u{B47}\u{B3E}\u{B3E}", [false, false]),
        ("\u{B15}\u{B4B}\u{B3E}", [false, true]),
        ("\u{B4B}", [false, false]),  // a spacing mark cannot begin a label
        ("\u{304B}\u{3099}", [false, false]),
        ("\u{304C}", [false, true]),
        ("한국", [false, true]),
        // Contextual rules.
        ("l·l", [false, true]),
        ("l·", [false, false]),
        ("\u{915}\u{94D}\u{200D}", [false, true]),
        ("\u{915}\u{200D}", [false, false]),
        ("\u{628}\u{200C}\u{628}", [false, true]),
        ("\u{628}\u{64B}\u{200C}\u{64B}\u{628}", [false, true]),
        ("\u{627}\u{200C}\u{628}", [false, false]),
        ("・カ", [false, true]),
        ("・a", [false, false]),
        // The Bidi rule, across the name.
        ("אבג", [false, true]),
        ("אבג.com", [false, true]),
        ("אבג.1com", [false, false]),
        ("1com", [true, true]),
        ("אבג1", [false, true]),
        ("1אבג", [false, false]),
        ("א\u{5B0}", [false, true]),
        ("אa", [false, false]),
        ("\u{628}\u{660}\u{661}", [false, true]),
        ("\u{628}\u{660}1", [false, false]),
        ("xn--4dbrk0ce.com", [true, true]),
        ("xn--4dbrk0ce.1com", [false, false]),
    ]

    @Test("host names", arguments: names)
    func name(_ text: String, _ expected: [Bool]) {
        #expect([_Format.hostname.isValid(text), _Format.idnHostname.isValid(text)] == expected)
    }

    /// Samples of RFC 3492 section 7.1, and labels of the official suite.
    @Test(
        "Punycode decodes and encodes back",
        arguments: [
            ("egbpdaj6bu4bxfgehfvwxn", "ليهمابتكلموشعربي؟"),
            ("ihqwcrb4cv8a8dqg056pqjye", "他们为什么不说中文"),
            ("ihqwctvzc91f659drss3x8bo0yb", "他們爲什麽不說中文"),
            ("mnchen-3ya", "münchen"),
            ("9n2bp8q", "실례"),
            ("tdaaaaaaaaaaaaaaaaaaaa", String(repeating: "ü", count: 20)),
            ("-> $1.00 <--", "-> $1.00 <-"),
        ])
    func punycode(_ encoded: String, _ decoded: String) {
        let scalars = decoded.unicodeScalars.map(\.value)
        var text = encoded
        let result = text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buffer -> ([UInt32]?, String) in
                let count = _Punycode.decode(bytes, 0, bytes.count, into: buffer)
                let output = count.map { Array(buffer[0..<$0]) }
                for (index, scalar) in scalars.enumerated() { buffer[index] = scalar }
                var encoded: [UInt8] = []
                _ = _Punycode.encode(buffer, scalars.count) { byte in
                    encoded.append(byte)
                    return true
                }
                return (output, String(decoding: encoded, as: UTF8.self))
            }
        }
        #expect(result.0 == scalars)
        #expect(result.1 == encoded)
    }

    @Test("Punycode refuses bad input", arguments: ["9", "-", "a-9", "999999999999", "zzzzzzzzzzzzzz", "aé-b", "a-é"])
    func badPunycode(_ encoded: String) {
        var text = encoded
        let count = text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buffer in
                _Punycode.decode(bytes, 0, bytes.count, into: buffer)
            }
        }
        #expect(count == nil)
    }

    @Test("the tables come from Unicode 15.0.0 and hold what RFC 5892 derives")
    func tables() {
        #expect(_idnaUnicodeVersion == "15.0.0")
        #expect(_IDNAProperties(0x61).isAllowed)
        #expect(!_IDNAProperties(0x41).isAllowed)  // upper case: unstable under case folding
        #expect(!_IDNAProperties(0x20).isAllowed)
        #expect(_IDNAProperties(0xDF).isAllowed && !_IDNAProperties(0xDF).isContextual)  // exception: PVALID
        #expect(!_IDNAProperties(0x640).isAllowed)  // exception: DISALLOWED
        #expect(!_IDNAProperties(0x302E).isAllowed)
        #expect(_IDNAProperties(0x200C).isContextual && _IDNAProperties(0x200D).isContextual)
        #expect(_IDNAProperties(0x660).isContextual && _IDNAProperties(0x30FB).isContextual)
        #expect(!_IDNAProperties(0x1100).isAllowed)  // old Hangul jamo
        #expect(!_IDNAProperties(0x20E0).isAllowed)  // Combining Diacritical Marks for Symbols
        #expect(!_IDNAProperties(0xFDD0).isAllowed)  // noncharacter
        #expect(!_IDNAProperties(0x10FFFF).isAllowed)
        #expect(_IDNAProperties(0x5D0).bidiClass == .rightToLeft)
        #expect(_IDNAProperties(0x628).bidiClass == .arabicLetter)
        #expect(_IDNAProperties(0x661).bidiClass == .arabicNumber)
        #expect(_IDNAProperties(0x6F1).bidiClass == .europeanNumber)
        #expect(_IDNAProperties(0x2D).bidiClass == .europeanSeparator)
        #expect(_IDNAProperties(0x628).joiningType == .dual)
        #expect(_IDNAProperties(0x627).joiningType == .right)
        #expect(_IDNAProperties(0x64B).joiningType == .transparent)
        #expect(_IDNAProperties(0x94D).combiningClass == _IDNAProperties.virama)
        #expect(_IDNAProperties(0x3B1).script == .greek && _IDNAProperties(0x5D0).script == .hebrew)
        #expect(_IDNAProperties(0x3041).script == .hiragana && _IDNAProperties(0x30A1).script == .katakana)
        #expect(_IDNAProperties(0x4E08).script == .han && _IDNAProperties(0x61).script == .other)
        #expect(_IDNAProperties(0x301).isCombiningMark && _IDNAProperties(0x301).mayCompose)
        #expect(_IDNAProperties(0x301).combiningClass == 230)
        #expect(_IDNAProperties(0x31350).isAllowed)  // CJK Extension H, new in 15.0
    }
}
