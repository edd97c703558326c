import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Accept/reject tables for RFC 8259, one parameterized test per rule.
@Suite("Parser conformance (RFC 8259)")
struct ParserConformanceTests {
    /// An error at `offset` on the first line, whose text before it is
    /// ASCII (so its column is `offset + 1`) unless `column` says otherwise.
    static func error(_ kind: JSONParseError.Kind, _ offset: Int, column: Int? = nil) -> JSONParseError {
        JSONParseError(kind, at: .init(line: 1, column: column ?? offset + 1, offset: offset))
    }

    /// Checks that `text` is refused with exactly `expected`: its kind and
    /// its location.
    static func expectRefused(
        _ text: String, _ expected: JSONParseError, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(throws: expected, "\(text.debugDescription)", sourceLocation: sourceLocation) {
            try JSONValue(parsing: text)
        }
    }

    @Test(
        "accepts any value at the top level, with surrounding whitespace",
        arguments: [
            ("0", 0), ("-1", -1), ("\"s\"", "s"), ("true", true), ("false", false), ("null", nil), ("[]", []),
            ("{}", [:]), (" \t\r\n[ ]\n ", []), ("  1  ", 1), ("\"\"", ""), ("-0", .int(0)), ("-0.0", .double(-0.0)),
        ] as [(String, JSONValue)])
    func topLevel(_ text: String, _ expected: JSONValue) throws {
        let value = try JSONValue(parsing: text)
        #expect(identical(value, expected), "\(text.debugDescription) read as \(value)")
    }

    @Test(
        "accepts valid documents, with the values they hold",
        arguments: [
            (
                #"{"a": [1, 2.5e3, -0.0, {"b": null}], "c": "\u00e9\ud83d\ude00\n", "d": true}"#,
                ["a": [1, .double(2500), .double(-0.0), ["b": nil]], "c": "\u{E9}\u{1F600}\n", "d": true] as JSONValue
            ),
            (
                "[1E2, 1e-2, 1E+2, 0.5, -0, 0e0, 123456789012345678901234567890]",
                [
                    .double(100), .double(0.01), .double(100), .double(0.5), .int(0), .double(0),
                    .double(1.2345678901234568e29),
                ]
            ),
            (#"{"":""}"#, ["": ""]), (#"[[[[[]]]]]"#, [[[[[]]]]]), (#"{"a":{"a":{"a":{}}}}"#, ["a": ["a": ["a": [:]]]]),
            ("[\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"]", ["/\u{8}\u{C}\n\r\t\"\\"]),
            ("\"\u{7F}\u{2028}\u{10FFFF}\"", "\u{7F}\u{2028}\u{10FFFF}"),
        ] as [(String, JSONValue)])
    func validDocuments(_ text: String, _ expected: JSONValue) throws {
        let value = try JSONValue(parsing: text)
        #expect(identical(value, expected), "\(text.debugDescription) read as \(value)")
    }

    @Test(
        "rejects trailing commas, at the character after the comma",
        arguments: [
            ("[1,]", error(.unexpectedCharacter("]"), 3)), ("[1, ]", error(.unexpectedCharacter("]"), 4)),
            (#"{"a": 1,}"#, error(.unexpectedCharacter("}"), 8)), ("[,]", error(.unexpectedCharacter(","), 1)),
            ("[1,,2]", error(.unexpectedCharacter(","), 3)), ("{,}", error(.unexpectedCharacter(","), 1)),
        ])
    func trailingCommas(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    @Test(
        "rejects comments, at their first character",
        arguments: [
            ("// c\n1", error(.unexpectedCharacter("/"), 0)), ("/* c */ 1", error(.unexpectedCharacter("/"), 0)),
            ("[1 /* c */]", error(.unexpectedCharacter("/"), 3)), ("[1] // c", error(.unexpectedCharacter("/"), 4)),
            ("# c\n1", error(.unexpectedCharacter("#"), 0)),
        ])
    func comments(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    @Test(
        "rejects leading zeros, at the number's start",
        arguments: [
            ("01", error(.numberWithLeadingZero, 0)), ("-01", error(.numberWithLeadingZero, 0)),
            ("00", error(.numberWithLeadingZero, 0)), ("00.5", error(.numberWithLeadingZero, 0)),
            ("[012]", error(.numberWithLeadingZero, 1)), ("09", error(.numberWithLeadingZero, 0)),
            ("-09", error(.numberWithLeadingZero, 0)), ("[0,09]", error(.numberWithLeadingZero, 3)),
        ])
    func leadingZeros(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    @Test(
        "rejects malformed numbers, where the digits are missing",
        arguments: [
            ("-", error(.unexpectedEndOfInput, 1)), ("1.", error(.unexpectedEndOfInput, 2)),
            (".5", error(.unexpectedCharacter("."), 0)), ("1e", error(.unexpectedEndOfInput, 2)),
            ("1e+", error(.unexpectedEndOfInput, 3)), ("1E-", error(.unexpectedEndOfInput, 3)),
            ("+1", error(.unexpectedCharacter("+"), 0)), ("-.5", error(.invalidNumber, 1)),
            ("1.e5", error(.invalidNumber, 2)), ("0x10", error(.unexpectedCharacter("x"), 1)),
            ("1_000", error(.unexpectedCharacter("_"), 1)), ("- 1", error(.invalidNumber, 1)),
            ("--1", error(.invalidNumber, 1)), ("1.5.5", error(.unexpectedCharacter("."), 3)),
            ("[1.]", error(.invalidNumber, 3)), ("[1e]", error(.invalidNumber, 3)),
        ])
    func malformedNumbers(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    @Test(
        "rejects NaN and Infinity",
        arguments: [
            ("NaN", error(.unexpectedCharacter("N"), 0)), ("Infinity", error(.unexpectedCharacter("I"), 0)),
            ("-Infinity", error(.invalidNumber, 1)), ("[nan]", error(.invalidLiteral, 1)),
            ("inf", error(.unexpectedCharacter("i"), 0)),
        ])
    func nonFinite(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    @Test(
        "rejects numbers too large for Double, at the number's start",
        arguments: [
            ("1e400", error(.numberOutOfRange, 0)), ("-1e309", error(.numberOutOfRange, 0)),
            ("[1" + String(repeating: "0", count: 400) + "]", error(.numberOutOfRange, 1)),
            ("1e1000", error(.numberOutOfRange, 0)), ("-1e1000", error(.numberOutOfRange, 0)),
            ("[1E+999]", error(.numberOutOfRange, 1)), ("1.8e308", error(.numberOutOfRange, 0)),
            ("1e99999999999999999999", error(.numberOutOfRange, 0)),
        ])
    func outOfRange(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    @Test(
        "exponents at and far beyond the ends of Double's range",
        arguments: [
            ("1e308", 1e308), ("1.7976931348623157e308", .greatestFiniteMagnitude), ("1e-1000", 0.0),
            ("-1e-1000", -0.0), ("0e1000", 0.0), ("4.9e-324", .leastNonzeroMagnitude), ("2e-324", 0.0),
            ("1e-99999999999999999999", 0.0), ("0.000001e6", 1.0), ("100000e-5", 1.0),
        ] as [(String, Double)])
    func exponents(_ text: String, _ expected: Double) throws {
        let value = try JSONValue(parsing: text)
        #expect(identical(value, .double(expected)), "\(text) read as \(value)")
    }

    @Test("rejects unescaped control characters in strings", arguments: Array(0x00...0x1F))
    func controlCharacters(_ byte: Int) {
        let bytes: [UInt8] = [0x22, UInt8(byte), 0x22]
        #expect(throws: JSONParseError.unescapedControlCharacter(UInt8(byte), at: .init(line: 1, column: 2, offset: 1)))
        {
            try JSONValue(parsing: bytes)
        }
    }

    @Test(
        "rejects invalid escapes, at their backslash",
        arguments: [#""\a""#, #""\x41""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\'""#, "\"\\\n\"", #""ab\c""#])
    func invalidEscapes(_ text: String) {
        let backslash = text.utf8.firstIndex(of: UInt8(ascii: "\\"))!
        Self.expectRefused(
            text, Self.error(.invalidEscape, text.utf8.distance(from: text.utf8.startIndex, to: backslash)))
    }

    /// The boundaries of the surrogate ranges: D800–DBFF (high), DC00–DFFF
    /// (low), and the scalars on either side.
    static let surrogateEscapes: [(String, [UInt32]?)] = [
        // Pairs at the corners of both ranges.
        (#"\ud800\udc00"#, [0x1_0000]), (#"\ud800\udfff"#, [0x1_03FF]), (#"\udbff\udc00"#, [0x10_FC00]),
        (#"\udbff\udfff"#, [0x10_FFFF]), (#"\uD83D\uDE00"#, [0x1_F600]),
        // The scalars just outside.
        (#"\ud7ff"#, [0xD7FF]), (#"\ue000"#, [0xE000]), (#"\ud7ff\ue000"#, [0xD7FF, 0xE000]),
        // A high surrogate followed by anything but a low one.
        (#"\ud800"#, nil), (#"\udbff"#, nil), (#"\ud800x"#, nil), (#"\ud800\u0041"#, nil), (#"\ud800\ud800"#, nil),
        (#"\ud800\udbff"#, nil), (#"\ud800\ue000"#, nil), (#"\udbff\ue000"#, nil), (#"\ud800\udbffx"#, nil),
        (#"\ud800\ud7ff"#, nil), (#"\ud800\n"#, nil),
        // A low surrogate first.
        (#"\udc00"#, nil), (#"\udfff"#, nil), (#"\udc00\ud800"#, nil),
    ]

    @Test(
        "surrogate escapes at every boundary: pairs are one scalar, anything else a lone surrogate where it starts",
        arguments: surrogateEscapes)
    func surrogates(_ escapes: String, _ expected: [UInt32]?) throws {
        let text = #""a"# + escapes + #"b""#
        let error = JSONParseError(.loneSurrogate, at: .init(line: 1, column: 3, offset: 2))
        if let expected {
            let value = try JSONValue(parsing: text)
            #expect(value.stringValue?.unicodeScalars.map(\.value) == [0x61] + expected + [0x62])
        } else {
            Self.expectRefused(text, error)
        }
        // The incremental parser, given the text whole and a byte at a time.
        for chunk in [text.utf8.count, 1] {
            var parser = JSONIncrementalParser()
            let bytes = Array(text.utf8)
            var values: [JSONValue] = []
            do {
                for start in stride(from: 0, to: bytes.count, by: chunk) {
                    values += try parser.append(bytes[start..<min(start + chunk, bytes.count)])
                }
                values += try parser.finish()
                #expect(expected != nil, "incremental, chunks of \(chunk): accepted \(values)")
                #expect(values.first?.stringValue?.unicodeScalars.map(\.value) == expected.map { [0x61] + $0 + [0x62] })
            } catch {
                #expect(expected == nil && error == Self.error(.loneSurrogate, 2, column: 3), "chunks of \(chunk)")
            }
        }
        // JSON5 reads its double-quoted strings' escapes the same way.
        if let expected {
            let value = try JSONValue(parsing: text, options: .init(allowsJSON5: true))
            #expect(value.stringValue?.unicodeScalars.map(\.value) == [0x61] + expected + [0x62])
        } else {
            #expect(throws: error) { try JSONValue(parsing: text, options: .init(allowsJSON5: true)) }
        }
    }

    @Test(
        "rejects lone surrogate escapes, at the escape that starts them",
        arguments: [
            (#""\ud800""#, error(.loneSurrogate, 1)), (#""\udc00""#, error(.loneSurrogate, 1)),
            (#""\ud800x""#, error(.loneSurrogate, 1)), (#""\ud800\u0041""#, error(.loneSurrogate, 1)),
            (#""\ud800\ud800""#, error(.loneSurrogate, 1)), (#""a\udfffb""#, error(.loneSurrogate, 2)),
            (#""\ud800\ue000""#, error(.loneSurrogate, 1)),
            (#"["é", "\udbff\ue000"]"#, error(.loneSurrogate, 8, column: 8)),
        ])
    func loneSurrogates(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    @Test(
        "rejects invalid UTF-8",
        arguments: [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xE0, 0x80, 0xAF, 0x22],
            [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xC3, 0x22], [0x22, 0x80, 0x22],
            [0x22, 0xF0, 0x9F, 0x98, 0x22],
            [0x22, 0x5C, 0x6E, 0xFE, 0x22],
        ] as [[UInt8]])
    func invalidUTF8(_ bytes: [UInt8]) {
        #expect {
            try JSONValue(parsing: bytes)
        } throws: { error in
            if (error as? JSONParseError)?.kind == .invalidUTF8 { return true }
            return false
        }
    }

    @Test(
        "rejects trailing garbage, at its first character",
        arguments: [
            ("1 2", error(.unexpectedCharacter("2"), 2)), ("[] []", error(.unexpectedCharacter("["), 3)),
            ("{} x", error(.unexpectedCharacter("x"), 3)), ("nullx", error(.unexpectedCharacter("x"), 4)),
            ("truex", error(.unexpectedCharacter("x"), 4)), (#""a" "b""#, error(.unexpectedCharacter("\""), 4)),
            ("1,", error(.unexpectedCharacter(","), 1)),
            ("[1]\n]", JSONParseError(.unexpectedCharacter("]"), at: .init(line: 2, column: 1, offset: 4))),
        ])
    func trailingGarbage(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    @Test(
        "rejects unterminated input, at its end",
        arguments: ["", " ", "[", "[1", "[1,", "{", #"{"a""#, #"{"a":"#, #"{"a":1"#, "\"abc", "tru", "nul", "\"\\u00"])
    func unterminated(_ text: String) {
        Self.expectRefused(text, Self.error(.unexpectedEndOfInput, text.utf8.count))
    }

    @Test(
        "rejects other structural errors, at the character that breaks the structure",
        arguments: [
            ("{1: 2}", error(.unexpectedCharacter("1"), 1)), ("{'a': 1}", error(.unexpectedCharacter("'"), 1)),
            (#"{"a" 1}"#, error(.unexpectedCharacter("1"), 5)),
            (#"{"a": 1 "b": 2}"#, error(.unexpectedCharacter("\""), 8)),
            ("[1 2]", error(.unexpectedCharacter("2"), 3)), ("[\"a\": 1]", error(.unexpectedCharacter(":"), 4)),
            ("]", error(.unexpectedCharacter("]"), 0)), ("}", error(.unexpectedCharacter("}"), 0)),
            ("True", error(.unexpectedCharacter("T"), 0)), ("1\u{FEFF}", error(.unexpectedCharacter("\u{FEFF}"), 1)),
            ("[\u{FEFF}1]", error(.unexpectedCharacter("\u{FEFF}"), 1)),
            ("\u{FEFF}\u{FEFF}1", error(.unexpectedCharacter("\u{FEFF}"), 3, column: 1)),
            ("'a'", error(.unexpectedCharacter("'"), 0)), ("{\"a\":1]", error(.unexpectedCharacter("]"), 6)),
            ("[1}", error(.unexpectedCharacter("}"), 2)),
            (
                "{\"a\":1,\n\"é\" 2}",
                JSONParseError(.unexpectedCharacter("2"), at: .init(line: 2, column: 5, offset: 13))
            ),
        ])
    func structure(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    @Test("a leading byte order mark is skipped, as JSONSerialization and JSONDecoder skip it")
    func byteOrderMark() throws {
        #expect(try JSONValue(parsing: "\u{FEFF}[1]") == [1])
        #expect(try JSONValue(parsing: Data([0xEF, 0xBB, 0xBF]) + Data(" {\"a\": 2}".utf8)) == ["a": 2])
        // Offsets count the mark's three bytes; columns start after it.
        #expect(throws: JSONParseError.unexpectedCharacter("]", at: .init(line: 1, column: 4, offset: 6))) {
            try JSONValue(parsing: "\u{FEFF}[1,]")
        }
        #expect(throws: JSONParseError.unexpectedEndOfInput(at: .init(line: 1, column: 1, offset: 3))) {
            try JSONValue(parsing: "\u{FEFF}")
        }
    }

    @Test("duplicate keys: the last one wins")
    func duplicateKeys() throws {
        #expect(try JSONValue(parsing: #"{"a": 1, "b": 0, "a": 2}"#) == ["a": 2, "b": 0])
    }

    @Test("escapes decode to their characters, surrogate pairs to one scalar")
    func escapes() throws {
        let value = try JSONValue(parsing: #""\"\\\/\b\f\n\r\t\u0041\u00e9\u4e2d\ud83d\ude00\u0000""#)
        #expect(
            value.stringValue?.unicodeScalars.map(\.value) == [
                0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09, 0x41, 0xE9, 0x4E2D, 0x1F600, 0,
            ])
    }

    @Test("after an escape, the next quote, escape or control character is found at any distance", arguments: 0..<20)
    func textAfterAnEscape(_ plain: Int) throws {
        // Text after an escape is skipped eight bytes at a time: the byte
        // that ends each run must be seen wherever it falls in a word.
        let run = String(repeating: "é", count: plain / 2) + String(repeating: "a", count: plain % 2)
        let text = #""\n"# + run + #"\t"# + run + #"\""# + run + #"""#
        #expect(try JSONValue(parsing: text) == .string("\n" + run + "\t" + run + "\"" + run))
        let bytes = Array(#""\n"#.utf8) + Array(run.utf8) + [0x1F] + Array(#"""#.utf8)
        let location = JSONParseError.Location(line: 1, column: 4 + run.count, offset: 3 + run.utf8.count)
        #expect(throws: JSONParseError.unescapedControlCharacter(0x1F, at: location)) {
            try JSONValue(parsing: bytes)
        }
    }

    @Test("nesting up to the limit is accepted, one more level is an error")
    func depthLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONValue(parsing: ok) }
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: JSONParseError.nestingTooDeep(limit: 512, at: .init(line: 1, column: 513, offset: 512))) {
            try JSONValue(parsing: deep)
        }
        let objects = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: objects) }
        let custom = JSONValue.ParsingOptions(maximumNestingDepth: 2)
        #expect(throws: Never.self) { try JSONValue(parsing: "[[1]]", options: custom) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[[[1]]]", options: custom) }
    }

    @Test("100,000 opening brackets are an error, not a stack overflow")
    func hugeNesting() {
        #expect(throws: JSONParseError.nestingTooDeep(limit: 512, at: .init(line: 1, column: 513, offset: 512))) {
            try JSONValue(parsing: String(repeating: "[", count: 100_000))
        }
        #expect(throws: JSONParseError.self) {
            try JSONValue(parsing: String(repeating: #"{"a":["#, count: 50_000))
        }
    }

    @Test("every entry point parses the same", arguments: ["[1, \"é\", {\"a\": null}]"])
    func entryPoints(_ text: String) throws {
        let expected = try JSONValue(parsing: text)
        #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8)) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8)[...]) == expected)
        #expect(try JSONValue(parsing: text.utf8) == expected)
    }

    /// Elements and member values that start with a quote or a number's
    /// first byte are read without going through the general dispatch; the
    /// bytes around those are refused as before, where they stand.
    @Test(
        "a byte that starts no value is refused where an element or a member's value belongs",
        arguments: [
            ("[:]", error(.unexpectedCharacter(":"), 1)), ("[1,:]", error(.unexpectedCharacter(":"), 3)),
            (#"{"a"::1}"#, error(.unexpectedCharacter(":"), 5)), ("[/]", error(.unexpectedCharacter("/"), 1)),
            ("[+1]", error(.unexpectedCharacter("+"), 1)), ("[.5]", error(.unexpectedCharacter("."), 1)),
            (#"{"a":+1}"#, error(.unexpectedCharacter("+"), 5)), ("[1,!]", error(.unexpectedCharacter("!"), 3)),
            ("[-]", error(.invalidNumber, 2)), (#"{"a":-x}"#, error(.invalidNumber, 6)),
            (#"["a",'b']"#, error(.unexpectedCharacter("'"), 5)),
        ])
    func noValueStart(_ text: String, _ expected: JSONParseError) {
        Self.expectRefused(text, expected)
    }

    /// Strings that are not ASCII are validated by the parser alone, and
    /// the standard library copies them unchecked: on text of valid
    /// characters and escapes, some with a byte changed or cut off, in
    /// values and names, the parser accepts exactly what the standard
    /// library's validation accepts, and keeps the bytes.
    @Test("UTF-8 in strings is accepted exactly when it is valid, and kept byte for byte", arguments: 0..<4)
    func utf8AgainstStandardLibrary(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        // Raw text, and escapes with the bytes they stand for.
        let raw = ["a", "é", "ß", "日本", "😀", "plain text, longer than a word", "Ωμέγα", "\u{7FF}", "\u{FFFD}"].map {
            Array($0.utf8)
        }
        let escapes: [(text: [UInt8], bytes: [UInt8])] = [
            (Array(#"\n"#.utf8), [0x0A]), (Array(#"\u00e9"#.utf8), Array("é".utf8)),
            (Array(#"\ud83d\ude00"#.utf8), Array("😀".utf8)), (Array(#"\/"#.utf8), [0x2F]),
        ]
        for _ in 0..<400 {
            var text: [UInt8] = []
            var decoded: [UInt8] = []
            for _ in 0..<Int.random(in: 1...10, using: &generator) {
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    let escape = escapes.randomElement(using: &generator)!
                    text += escape.text
                    decoded += escape.bytes
                    continue
                }
                var piece = raw.randomElement(using: &generator)!
                switch Int.random(in: 0..<8, using: &generator) {
                case 0:
                    piece[Int.random(in: 0..<piece.count, using: &generator)] = .random(
                        in: 0x80...0xFF, using: &generator)
                case 1 where piece.count > 1: piece.removeLast()
                case 2:
                    piece.insert(
                        .random(in: 0x80...0xFF, using: &generator),
                        at: Int.random(in: 0...piece.count, using: &generator))
                case 3:
                    // Overlong forms, surrogates, values beyond U+10FFFF,
                    // stray continuations, cut-short characters.
                    let invalid: [[UInt8]] = [
                        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF],
                        [0xE0, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
                        [0xF5, 0x80, 0x80, 0x80],
                        [0xFF], [0x80], [0xBF, 0x80], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x98],
                    ]
                    piece += invalid.randomElement(using: &generator)!
                default: break
                }
                text += piece
                decoded += piece
            }
            // Valid exactly when decoding repairs nothing (`String(validating:as:)`
            // needs macOS 15).
            let isValid = Array(String(decoding: text, as: UTF8.self).utf8) == text
            let quoted = [0x22] + text + [0x22]
            for document in [quoted, Array("[1,".utf8) + quoted + [0x5D], [0x7B] + quoted + Array(":0}".utf8)] {
                do {
                    let value = try JSONValue(parsing: document)
                    #expect(isValid, "\(text) accepted")
                    let string: String? =
                        switch value {
                        case .string(let string): string
                        case .array(let elements): elements.last?.stringValue
                        case .object(let object): object.keys.first
                        default: nil
                        }
                    #expect(string.map { Array($0.utf8) } == decoded, "\(text)")
                    #expect(string == String(decoding: decoded, as: UTF8.self))
                } catch {
                    #expect(!isValid && (error as? JSONParseError)?.kind == .invalidUTF8, "\(text) refused: \(error)")
                }
            }
        }
    }

    /// Arrays of one to four elements are made from the parser's stack in
    /// literals, longer ones otherwise: every length keeps its elements and
    /// their order, with elements of an enclosing array below them on the
    /// stack, and at a depth that the iterative parser reads.
    @Test("short and long arrays keep their elements in order, at any depth", arguments: 0...6)
    func arrayLengths(_ length: Int) throws {
        let elements: [JSONValue] = (0..<length).map { index in
            index % 3 == 0
                ? .string("s\(index)-\(String(repeating: "x", count: 20))")
                : index % 3 == 1 ? .int(index) : [.int(index)]
        }
        let inner = JSONValue.array(elements)
        let text = try inner.jsonString()
        #expect(try JSONValue(parsing: text) == inner)
        #expect(try JSONValue(parsing: "[true,\(text),\(text),null]") == [true, inner, inner, nil])
        let deep = String(repeating: "[0,", count: 40) + text + String(repeating: "]", count: 40)
        var expected = inner
        for _ in 0..<40 { expected = [0, expected] }
        #expect(try JSONValue(parsing: deep) == expected)
    }

    /// The tokens of `[1,{"a":2}]`, between which (and around which)
    /// whitespace may stand.
    static let tokens = ["[", "1", ",", "{", "\"a\"", ":", "2", "}", "]"]

    /// Whitespace is skipped with one comparison for the bytes above a
    /// space: every run of the four kinds is skipped between and around
    /// any tokens, in a parse and on the decoder's tape, and every other
    /// byte up to `!` is refused where it stands.
    @Test(
        "whitespace of the four kinds goes anywhere between tokens; the bytes beside it do not",
        arguments: [" ", "\t", "\n", "\r", " \t\n\r", "\n         \t", "\r\n        x"]
    )
    func whitespaceBetweenTokens(_ whitespace: String) throws {
        let expected: JSONValue = [1, ["a": 2]]
        // `x` stands for a byte beside whitespace, which is refused.
        let refusals =
            whitespace.hasSuffix("x") ? Array(0...0x21).filter { ![0x09, 0x0A, 0x0D, 0x20].contains($0) } : []
        let run = whitespace.hasSuffix("x") ? String(whitespace.dropLast()) : whitespace
        for slot in 0...Self.tokens.count {
            let before = ([""] + Self.tokens[..<slot]).joined()
            let after = Self.tokens[slot...].joined()
            let text = before + run + after
            #expect(try JSONValue(parsing: text) == expected, "\(text.debugDescription)")
            #expect(try JSONValueDecoder().decode(JSONValue.self, from: Data(text.utf8)) == expected)
            for byte in refusals {
                let bytes = Array((before + run).utf8) + [UInt8(byte)] + Array(after.utf8)
                let offset = before.utf8.count + run.utf8.count
                let error = #expect(throws: JSONParseError.self, "\(byte) after \(before.debugDescription)") {
                    try JSONValue(parsing: bytes)
                }
                #expect(error?.location.offset == offset, "\(byte) after \(before.debugDescription)")
                #expect(throws: (any Error).self) { try JSONValueDecoder().decode(JSONValue.self, from: Data(bytes)) }
            }
        }
    }

    /// `true`, `false` and `null` are compared whole when their bytes are
    /// there: each is read where it ends the text and where more follows,
    /// and each cut short or with a wrong byte is refused where the loop
    /// that makes the errors says.
    @Test("literals are read whole or refused, at the text's end or before more", arguments: ["true", "false", "null"])
    func literals(_ literal: String) throws {
        let expected: JSONValue = literal == "true" ? true : literal == "false" ? false : nil
        for tail in 0...9 {
            let spaces = String(repeating: " ", count: tail)
            #expect(try JSONValue(parsing: literal + spaces) == expected)
            #expect(try JSONValue(parsing: "[" + literal + spaces + "]") == [expected])
            #expect(
                try JSONValueDecoder().decode([JSONValue].self, from: Data(("[" + literal + spaces + "]").utf8)) == [
                    expected
                ])
        }
        let bytes = Array(literal.utf8)
        for cut in 1..<bytes.count {
            // Cut short at the end: the end of input, where the text ends.
            Self.expectRefused(String(decoding: bytes[..<cut], as: UTF8.self), Self.error(.unexpectedEndOfInput, cut))
            // A wrong byte: the literal is wrong, where it starts.
            var wrong = bytes
            wrong[cut] = UInt8(ascii: "x")
            let text = "[" + String(decoding: wrong, as: UTF8.self) + "]"
            Self.expectRefused(text, Self.error(.invalidLiteral, 1))
            #expect(throws: (any Error).self) { try JSONValueDecoder().decode([Bool?].self, from: Data(text.utf8)) }
        }
    }
}
