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
    @Test(
        "accepts any value at the top level, with surrounding whitespace",
        arguments: [
            "0", "-1", "\"s\"", "true", "false", "null", "[]", "{}", " \t\r\n[ ]\n ", "  1  ", "\"\"",
        ])
    func topLevel(_ text: String) {
        #expect(throws: Never.self) { try JSONValue(parsing: text) }
    }

    @Test(
        "accepts valid documents",
        arguments: [
            #"{"a": [1, 2.5e3, -0.0, {"b": null}], "c": "\u00e9\ud83d\ude00\n", "d": true}"#,
            "[1E2, 1e-2, 1E+2, 0.5, -0, 0e0, 123456789012345678901234567890]",
            #"{"":""}"#, #"[[[[[]]]]]"#, #"{"a":{"a":{"a":{}}}}"#, "[\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"]",
            "\"\u{7F}\u{2028}\u{10FFFF}\"",
        ])
    func validDocuments(_ text: String) {
        #expect(throws: Never.self) { try JSONValue(parsing: text) }
    }

    @Test("rejects trailing commas", arguments: ["[1,]", "[1, ]", #"{"a": 1,}"#, "[,]", "[1,,2]", "{,}"])
    func trailingCommas(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test("rejects comments", arguments: ["// c\n1", "/* c */ 1", "[1 /* c */]", "[1] // c", "# c\n1"])
    func comments(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test("rejects leading zeros", arguments: ["01", "-01", "00", "00.5", "[012]"])
    func leadingZeros(_ text: String) {
        #expect {
            try JSONValue(parsing: text)
        } throws: { error in
            if (error as? JSONParseError)?.kind == .numberWithLeadingZero { return true }
            return false
        }
    }

    @Test(
        "rejects malformed numbers",
        arguments: [
            "-", "1.", ".5", "1e", "1e+", "1E-", "+1", "-.5", "1.e5", "0x10", "1_000", "- 1", "--1", "1.5.5",
        ])
    func malformedNumbers(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test("rejects NaN and Infinity", arguments: ["NaN", "Infinity", "-Infinity", "[nan]", "inf"])
    func nonFinite(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test(
        "rejects numbers too large for Double",
        arguments: ["1e400", "-1e309", "[1" + String(repeating: "0", count: 400) + "]"])
    func outOfRange(_ text: String) {
        #expect {
            try JSONValue(parsing: text)
        } throws: { error in
            if (error as? JSONParseError)?.kind == .numberOutOfRange { return true }
            return false
        }
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
        "rejects invalid escapes",
        arguments: [#""\a""#, #""\x41""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\'""#, "\"\\\n\""])
    func invalidEscapes(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test(
        "rejects lone surrogate escapes",
        arguments: [
            #""\ud800""#, #""\udc00""#, #""\ud800x""#, #""\ud800\u0041""#, #""\ud800\ud800""#, #""a\udfffb""#,
        ])
    func loneSurrogates(_ text: String) {
        #expect {
            try JSONValue(parsing: text)
        } throws: { error in
            if (error as? JSONParseError)?.kind == .loneSurrogate { return true }
            return false
        }
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

    @Test("rejects trailing garbage", arguments: ["1 2", "[] []", "{} x", "nullx", "truex", "\"a\" \"b\"", "1,"])
    func trailingGarbage(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test(
        "rejects unterminated input",
        arguments: ["", " ", "[", "[1", "[1,", "{", #"{"a""#, #"{"a":"#, #"{"a":1"#, "\"abc", "tru", "nul", "\"\\u00"])
    func unterminated(_ text: String) {
        #expect {
            try JSONValue(parsing: text)
        } throws: { error in
            if (error as? JSONParseError)?.kind == .unexpectedEndOfInput { return true }
            return false
        }
    }

    @Test(
        "rejects other structural errors",
        arguments: [
            "{1: 2}", "{'a': 1}", #"{"a" 1}"#, #"{"a": 1 "b": 2}"#, "[1 2]", "[\"a\": 1]", "]", "}", "True",
            "1\u{FEFF}", "[\u{FEFF}1]", "\u{FEFF}\u{FEFF}1",
            "'a'", "{\"a\":1]", "[1}",
        ])
    func structure(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
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
}
