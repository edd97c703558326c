import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON5 suite in `../shared/conformance/json5-tests/`: `.json` and
/// `.json5` files must parse, `.js` and `.txt` files must be refused. The
/// two files in `todo/`, upstream undecided, are unquoted keys with Unicode
/// letters and `\u` escapes, which the JSON5 specification allows (keys are
/// ECMAScript 5.1 IdentifierNames): they must parse.
@Suite("JSON5 reading", .enabled(if: Shared.isAvailable, Shared.skipReason))
struct JSON5SuiteTests {
    static let json5 = JSONValue.ParsingOptions(allowsJSON5: true)

    static let files: SharedSuite<String> = {
        var result = SharedSuite<String>()
        guard Shared.isAvailable else { return result }
        let root = Shared.directory.appendingPathComponent("conformance/json5-tests")
        do {
            result.elements = try FileManager.default.subpathsOfDirectory(atPath: root.path)
                .filter { ["json", "json5", "js", "txt"].contains(URL(fileURLWithPath: $0).pathExtension) }.sorted()
        } catch {
            result.problems.append("cannot list conformance/json5-tests: \(error)")
        }
        return result
    }()

    @Test("the suite has 113 files")
    func count() {
        Self.files.expectLoaded("JSON5 files", count: 113)
    }

    @Test("every file: .json and .json5 parse, .js and .txt are refused", arguments: files.elements)
    func file(_ name: String) throws {
        let data = try Shared.data("conformance/json5-tests/" + name)
        switch URL(fileURLWithPath: name).pathExtension {
        case "json", "json5":
            let value = try JSONValue(parsing: data, options: Self.json5)
            if name.hasSuffix(".json") {
                // Plain JSON means the same in both modes.
                #expect(JSONValue._isIdentical(value, try JSONValue(parsing: data)))
            }
        default:
            #expect(throws: JSONParseError.self) { try JSONValue(parsing: data, options: Self.json5) }
        }
    }
}

@Suite("JSON5 values")
struct JSON5ValueTests {
    static let json5 = JSONValue.ParsingOptions(allowsJSON5: true)

    @Test(
        "what each JSON5 feature reads as",
        arguments: [
            ("// c\n{a: 1, 'b': 'x', \"c\": [1, 2,],} /* end */", ["a": 1, "b": "x", "c": [1, 2]] as JSONValue),
            ("0x1F", 31), ("-0xff", -255), ("+1", 1), (".5", 0.5), ("5.", 5.0), ("-.5e1", -5.0), ("1e2", 100.0),
            ("'it\\'s \\x41\\u00e9\\0'", "it's A\u{E9}\u{0}"), ("'a\\\nb'", "ab"), ("'\\a\\/'", "a/"),
            ("{$_é1: true}", ["$_\u{E9}1": true]), ("{\\u0061b: 1}", ["ab": 1]), ("\u{A0}\u{2028}[\u{FEFF}1]", [1]),
            ("'\u{2028}'", "\u{2028}"),
            // Every single-character escape, in both quotes.
            (#"'\b\f\n\r\t\v\0\'\"\\\/'"#, "\u{8}\u{C}\n\r\t\u{B}\u{0}'\"\\/"),
            (#""\v\t\b""#, "\u{B}\t\u{8}"), (#"'\q\é\😀'"#, "qé😀"),
            // A backslash before each line terminator continues the line.
            ("'a\\\nb\\\r\nc\\\rd\\\u{2028}e\\\u{2029}f'", "abcdef"),
        ] as [(String, JSONValue)])
    func values(_ text: String, _ expected: JSONValue) throws {
        #expect(JSONValue._isIdentical(try JSONValue(parsing: text, options: Self.json5), expected), "\(text)")
    }

    @Test("Infinity and NaN are non-finite doubles, which writing refuses")
    func nonFinite() throws {
        let value = try JSONValue(parsing: "[Infinity, -Infinity, NaN, +NaN]", options: Self.json5)
        #expect(value[0]?.doubleValue == .infinity && value[1]?.doubleValue == -.infinity)
        #expect(value[2]?.doubleValue?.isNaN == true && value[3]?.doubleValue?.isNaN == true)
        #expect(throws: JSONWritingError.self) { try value.jsonString() }
    }

    @Test(
        "errors keep their locations",
        arguments: [
            ("[1, /* open", JSONParseError.unexpectedEndOfInput(at: .init(line: 1, column: 12, offset: 11))),
            ("{a b}", .unexpectedCharacter("b", at: .init(line: 1, column: 4, offset: 3))),
            ("'\\1'", .invalidEscape(at: .init(line: 1, column: 2, offset: 1))),
            ("'a\nb'", .unescapedControlCharacter(0x0A, at: .init(line: 1, column: 3, offset: 2))),
            ("012", .numberWithLeadingZero(at: .init(line: 1, column: 1, offset: 0))),
            ("0x", .invalidNumber(at: .init(line: 1, column: 1, offset: 0))),
            ("'\\ud800'", .loneSurrogate(at: .init(line: 1, column: 2, offset: 1))),
            ("[,]", .unexpectedCharacter(",", at: .init(line: 1, column: 2, offset: 1))),
        ])
    func errors(_ text: String, _ expected: JSONParseError) {
        #expect(throws: expected) { try JSONValue(parsing: text, options: Self.json5) }
    }

    @Test("the strict reader still refuses every JSON5 feature")
    func strictByDefault() {
        for text in ["[1,]", "{a: 1}", "'a'", "0x1", "// c\n1", "Infinity", ".5", "+1"] {
            #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        }
    }

    @Test("deep JSON5 nesting is safe on a small stack, and limited")
    func depth() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let value = try onSmallStack { try JSONValue(parsing: text, options: JSON5ValueTests.json5) }
        #expect(value == (try JSONValue(parsing: text)))
        let deeper = "[" + text + "]"
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deeper, options: Self.json5) }
    }
}
