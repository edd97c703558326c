// The table of .ci/check-32bit: built with the library's Foundation-free files
// for i686 (where `Int` has 32 bits) and for x86_64, run on both, and the two
// outputs must be the same bytes. Every line is an answer of the library that
// must not depend on the width of `Int`; the few answers that do by design
// (an integer beyond `Int` is the exact `Double` up to 2⁵³ where `Int` has 32
// bits) are printed in the form both widths share, as the comments say.

@main
struct Table {
    static func main() {
        print("Int.bitWidth is not printed: the two outputs must be equal")
        regexCounts()
        regexes()
        scalarClassKeys()
        shortestDoubles()
        numberReading()
        hashing()
        objects()
        documents()
        print("end of table")
    }

    // MARK: Regexes

    static func regexCounts() {
        print("== regex counts (appendingDigit, in Int)")
        for text in ["0", "7", "10", "12", "0010", "10000", "100000000", "1000000009", "1000000010", "2147483648"]
            + ["4294967296", "99999999999999999999999999"]
        {
            let value = text.unicodeScalars.reduce(0) { _ECMAScriptRegexParser.appendingDigit($1, to: $0) }
            print("\(text) -> \(value)")
        }
    }

    static func describe(_ error: _RegexSyntaxError) -> String {
        let kind: String
        switch error.kind {
        case .invalid: kind = "invalid"
        case .unsupported: kind = "unsupported"
        case .tooLarge: kind = "tooLarge"
        }
        return "\(kind): \(error.description)"
    }

    static func engine(_ regex: _Regex, whole: Bool) -> String {
        switch regex.engine(whole: whole) {
        case .automaton: return "automaton"
        case .backwardAutomaton: return "backwardAutomaton"
        case .pikeVM: return "pikeVM"
        }
    }

    static func regexes() {
        print("== ECMA-262 patterns: search and whole match, engine")
        let cases: [(String, [String])] = [
            ("^a{10}$", ["", "aaaaaaaaa", "aaaaaaaaaa", "aaaaaaaaaaa"]),
            ("^[0-9]{12}$", ["123456789012", "12345678901", "1234567890123", "12345678901a"]),
            ("^a{2,10}$", ["a", "aa", "aaaaa", "aaaaaaaaaa", "aaaaaaaaaaa"]),
            ("^x{0010}y$", ["xxxxxxxxxxy", "xxxxxxxxxy", "y"]),
            ("^b{3,}$", ["bb", "bbb", "bbbbbbbbbbbbbbbbbbbbbbbbbb"]),
            ("^\\d{3}-\\d{4}$", ["555-1234", "55-1234", "555-12345"]),
            ("^[a-zA-Z0-9_]{3,16}$", ["user_01", "ab", "\u{FC}ser", "abcdefghijklmnopq"]),
            ("^\\p{L}+$", ["h\u{E9}llo", "\u{3A9}\u{3BC}\u{3AD}\u{3B3}\u{3B1}", "abc1"]),
            ("^\\p{Lu}\\p{Ll}*$", ["Hello", "hello", "\u{C9}t\u{E9}"]),
            ("^[\\p{L}\\p{N}]{1,5}$", ["a1\u{3B2}2", "a1\u{3B2}2\u{3B3}3", "\u{661}\u{662}"]),
            ("^\\P{L}+$", ["123", "12a", "\u{1F44D}"]),
            ("\\p{Emoji_Presentation}", ["ok \u{1F44D}", "ok"]),
            ("^\\p{Script=Greek}+$", ["\u{3B1}\u{3B2}"]),
            ("^[^\\s]{2,}$", ["ab", "a b", "a\u{3000}b"]),
            ("^(ab|cd){2,3}$", ["abcd", "ab", "abcdabcd", "abcdabcdab"]),
            ("(?<year>\\d{4})-(?<month>\\d{2})", ["on 2024-05-17", "2024-5-17"]),
            ("^[\\u{1F600}-\\u{1F64F}]{1,2}$", ["\u{1F600}", "\u{1F600}\u{1F64F}", "\u{1F650}"]),
            ("a{1000}", ["a", String(repeating: "a", count: 1000)]),
            ("^(?!@@)[@a-zA-Z0-9_-]+$", ["@@x", "@x", "ab_1"]),
            ("^(?!.*://)(?=.{1,12}$)[a-z.:/]+$", ["a.b", "http://x", "abcdefghijklm"]),
            ("(?<=\\$)\\d{2,}(?<!00)", ["$100", "$12", "12", "$1"]),
            ("^(?:(?=a)\\w|(?<!x)b){3}$", ["aab", "abb", "xbb", "aaa"]),
            ("a{99999999999999999999}", []),
            ("a{2147483648}", []),
            ("a{2,1}", []),
            ("a{10001}", []),
            ("(a{100}){101}", []),
            ("\\99999999999", []),
            ("(?<=a)b", []),
        ]
        for (pattern, subjects) in cases {
            do throws(_RegexSyntaxError) {
                let regex = try _Regex(ecmaScript: pattern, wholeMatchAutomaton: true)
                print("\(pattern): search \(engine(regex, whole: false)), whole \(engine(regex, whole: true))")
                for subject in subjects {
                    let search = regex.matches(subject, whole: false)
                    let whole = regex.matches(subject, whole: true)
                    let pike = regex.pikeVMMatches(subject, whole: false).matched
                    print("  \(subject.unicodeScalars.count) scalars: search \(search) whole \(whole) pike \(pike)")
                }
            } catch {
                print("\(pattern): \(describe(error))")
            }
        }
        print("== I-Regexp patterns: whole match")
        let iRegexps: [(String, [String])] = [
            ("a{10}", ["aaaaaaaaaa", "aaaaaaaaa"]),
            ("[0-9]{12}", ["123456789012", "1234567890"]),
            ("\\p{L}{2,3}", ["ab", "abcd", "\u{3B1}\u{3B2}"]),
            ("a{1234567890}", []),
        ]
        for (pattern, subjects) in iRegexps {
            guard let regex = _Regex(iRegexp: pattern) else {
                print("\(pattern): refused")
                continue
            }
            print("\(pattern): compiled")
            for subject in subjects { print("  \(subject): \(regex.matches(subject, whole: true))") }
        }
        print("== a class with 15 properties and 1,100 literals: refused as a table, run by the Pike VM")
        var big = "^["
        for index in 0..<1_100 { big.unicodeScalars.append(Unicode.Scalar(UInt32(0x4E00 + 2 * index))!) }
        big += "\\p{L}\\p{Alphabetic}\\p{Math}\\p{Dash}\\p{Emoji}\\p{Hex_Digit}\\p{Ideographic}\\p{Lowercase}"
        big += "\\p{Uppercase}\\p{White_Space}\\p{Diacritic}\\p{Extender}\\p{Radical}\\p{Cased}\\p{Quotation_Mark}"
        big += "\\p{Soft_Dotted}]+$"
        do throws(_RegexSyntaxError) {
            let regex = try _Regex(ecmaScript: big, wholeMatchAutomaton: true)
            print("engine: search \(engine(regex, whole: false)), whole \(engine(regex, whole: true))")
            for subject in ["\u{4E00}\u{4E02}", "\u{4E01}", "abc", "\u{4E00} ", "1", "-"] {
                let scalars = subject.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
                print("  \(scalars): \(regex.matches(subject, whole: true))")
            }
        } catch {
            print(describe(error))
        }
    }

    static func scalarClassKeys() {
        print("== scalar-class table sizes (keyCount, in Int)")
        let cases: [(Int, Int, Int, Int)] = [
            (1, 1, 0, 1), (2_200, 30, 15, 3), (1_100, 30, 15, 3), (1, 30, 10, 1), (1_024, 32, 0, 1),
            (1_025, 32, 0, 1), (40, 1, 0, 24_966), (40, 1, 0, 24_967), (1_024, 32, 0, 100_000), (3, 1, 16, 1),
            (2_147_483_647, 2, 0, 1), (50_000, 50_000, 0, 1),
        ]
        for (intervals, categories, properties, sets) in cases {
            let count: Int? = _ScalarClasses.keyCount(
                intervals: intervals, categoryCount: categories, propertyCount: properties, setCount: sets)
            print("\(intervals) \(categories) \(properties) \(sets) -> \(count.map { "\($0)" } ?? "refused")")
        }
    }

    // MARK: Numbers

    /// The writer's text for `value`, or its error.
    static func written(_ value: JSONValue, options: JSONValue.WritingOptions = []) -> String {
        var writer = _JSONWriter(options: options, depthLimit: 512)
        do {
            try writer.write(value)
        } catch {
            return "write error"
        }
        return String(decoding: writer.output.bytes, as: UTF8.self)
    }

    static func parsed(_ text: String, options: JSONValue.ParsingOptions = .init()) -> Result<JSONValue, JSONParseError>
    {
        Result { () throws(JSONParseError) in
            try Array(text.utf8).withUnsafeBufferPointer { bytes throws(JSONParseError) in
                try _JSONParser.parse(bytes, options: options)
            }
        }
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A seeded generator (SplitMix64), the same on every platform.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func shortestDoubles() {
        print("== shortest doubles: bits, text, read back")
        var doubles: [Double] = [
            0, -0.0, 0.1, 0.2, 0.3, 1.0 / 3, 1, 10, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23, 123_456.789, 5e-324,
            1e-323, 8e-323, 2.2250738585072009e-308, 2.2250738585072014e-308, 1.7976931348623157e308,
            4.9406564584124654e-324, 9_007_199_254_740_992, 9_007_199_254_740_993, 2_147_483_648, 4_294_967_296,
            0x1p-1022,
            0x1p52, 0x1p53, 0x1p63, 0x1p64, 0x1p-1074, 0x1p1023, 1.5e-5, 1e-5, 1e-7, 299_792_458, 6.02214076e23,
        ]
        var generator = SplitMix(state: 32)
        while doubles.count < 3_000 {
            let double = Double(bitPattern: generator.next())
            if double.isFinite { doubles.append(double) }
        }
        // Every power of two: the other branch of the shortest-double search.
        for exponent in -1074...1023 { doubles.append(Double(sign: .plus, exponent: exponent, significand: 1)) }
        var mismatches = 0
        for double in doubles {
            let text = written(.double(double))
            let back: String
            switch parsed(text) {
            case .success(.double(let read)) where read.bitPattern == double.bitPattern: back = "same bits"
            case .success(.double(let read)):
                back = "different bits \(hex(read.bitPattern))"
                mismatches += 1
            case .success: back = "not a double"
            case .failure(let error): back = "error \(error.description)"
            }
            print("\(hex(double.bitPattern)) \(text) \(back)")
        }
        print("doubles: \(doubles.count), read back differently: \(mismatches)")
    }

    /// A parsed number in the form both widths share: an integer text that
    /// `Int` cannot hold where it has 32 bits is the exact `Double` (up to
    /// 2⁵³), written here as the integer it is.
    static func neutral(_ text: String, _ value: JSONValue) -> String {
        switch value {
        case .int(let integer): return "int \(integer)"
        case .double(let double):
            let isHex = text.hasPrefix("0x") || text.hasPrefix("-0x") || text.hasPrefix("0X")
            let isIntegerText =
                !text.utf8.contains { $0 == UInt8(ascii: ".") || (!isHex && $0 | 0x20 == UInt8(ascii: "e")) }
            if isIntegerText, Int.bitWidth == 32, double.magnitude <= 0x1p53, let exact = Int64(exactly: double) {
                return "int \(exact)"
            }
            return "double \(hex(double.bitPattern)) \(written(value))"
        default: return "not a number: \(written(value))"
        }
    }

    static func numberReading() {
        print("== number reading: default options, then refusing inexact numbers")
        let texts = [
            "0", "-0", "1", "-1", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967296",
            "9007199254740992", "-9007199254740992", "0.1", "1e23", "1E-400", "1e400", "-1e400", "123.456e-7",
            "5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
            "1.7976931348623157e308", "1.7976931348623159e308", "17976931348623157e292", "0.30000000000000004",
            "1.0", "2147483648.0", "100000000000000000000", "18446744073709551616", "3.14159265358979323846",
            "0.1000000000000000055511151231257827", "9.999999999999999e22", "1e-7", "00", "1.", "-", "1e",
            "123456789012345678901234567890e-30", "0e999999999999", "1e-99999999999", "1e99999999999",
        ]
        for options in [JSONValue.ParsingOptions(), JSONValue.ParsingOptions(allowsInexactNumbers: false)] {
            for text in texts {
                switch parsed(text, options: options) {
                case .success(let value): print("\(text): \(neutral(text, value))")
                case .failure(let error): print("\(text): error \(error.description)")
                }
            }
        }
        print("== JSON5 numbers")
        for text in [
            "0x7FFFFFFF", "0x80000000", "-0x80000000", "0xFFFFFFFE", "0x1FFFFFFFFFFFFF", "+1", ".5", "5.", "Infinity",
        ] {
            switch parsed(text, options: JSONValue.ParsingOptions(allowsJSON5: true)) {
            case .success(let value): print("\(text): \(neutral(text, value))")
            case .failure(let error): print("\(text): error \(error.description)")
            }
        }
    }

    // MARK: Hashing and objects

    static func hashing() {
        print("== SipHash-1-3 under a fixed key: the low 32 bits, as a 32-bit Int holds them")
        let key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908)
        var message: [UInt8] = []
        for length in 0..<64 {
            let hash = message.withUnsafeBufferPointer { _SipHash.hash($0, key: key) }
            print("\(length): \(String(UInt32(truncatingIfNeeded: hash), radix: 16))")
            message.append(UInt8(length))
        }
        print("== member table tags")
        for (hash, bits, position) in [(UInt32(0x1234_5678), UInt32(12), UInt32(4)), (0x8765_4321, 28, 4)]
            + [(0xFFFF_FFFF, 1, 31), (0x0000_FFFF, 12, 4), (0x1234_5678, 0, 32)]
        {
            let narrow = _MemberTable.tag(of: hash, bits: bits, above: position)
            let wide = _MemberTable.tag(of: UInt64(hash) << 32, bits: bits, above: position)
            print("\(String(hash, radix: 16)) \(bits) \(position): \(String(narrow, radix: 16)) \(narrow == wide)")
        }
    }

    static func objects() {
        print("== objects: insert, look up, remove, keep order")
        var object = JSONObject()
        for index in 0..<5_000 { object["key \(index * 7919 % 5_000)"] = .int(index) }
        var found = 0
        for index in 0..<5_000 where object["key \(index)"] != nil { found += 1 }
        print("members \(object.count), found \(found), missing found \(object["key 5000"] != nil)")
        for index in stride(from: 0, to: 5_000, by: 3) { _ = object.removeValue(forKey: "key \(index)") }
        found = 0
        var wrong = 0
        for index in 0..<5_000 {
            let value = object["key \(index)"]
            if value != nil { found += 1 }
            if (value != nil) == (index % 3 == 0) { wrong += 1 }
        }
        print("after removing every third: members \(object.count), found \(found), wrong \(wrong)")
        let first = object.keys.prefix(5).joined(separator: ", ")
        print("first keys: \(first); last: \(object.keys.suffix(3).joined(separator: ", "))")
    }

    // MARK: Documents

    static func documents() {
        print("== documents: parse, write compact and with sorted keys and pretty")
        // Integers within ±2³¹ only: beyond, one is an `int` where `Int` has
        // 64 bits and the same number as a `double` where it has 32, and a
        // double is written with its `.0` (the number section above prints
        // them alike).
        let document = """
            {"name": "Ada", "id": 2147483647, "min": -2147483648, "big": 4294967296.5, "ratio": 0.1,
             "list": [1, 2.5, -0.0, 1e300, true, false, null, "\\u00e9\\ud83d\\ude00", {"z": [], "a": {}}],
             "nested": {"b": [[[[[[1]]]]]], "a": "x\\"y\\\\z\\n"}, "empty": ""}
            """
        switch parsed(document) {
        case .success(let value):
            print(written(value))
            print(written(value, options: .sortedKeys))
            print(written(value, options: [.prettyPrinted, .sortedKeys]))
        case .failure(let error):
            print("error \(error.description)")
        }
        print("== nesting: 512 levels parse, 513 do not")
        for depth in [512, 513] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            switch parsed(text) {
            case .success: print("\(depth): parsed")
            case .failure(let error): print("\(depth): error \(error.description)")
            }
        }
        print("== JSON5 document")
        let json5 = "{unquoted: 'single', trailing: [1, 2,], hex: 0x7FFFFFFF, /* comment */ half: .5, }"
        switch parsed(json5, options: JSONValue.ParsingOptions(allowsJSON5: true)) {
        case .success(let value): print(written(value, options: .sortedKeys))
        case .failure(let error): print("error \(error.description)")
        }
    }
}
