import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Writing JSON text")
struct WriterTests {
    @Test(
        "scalars",
        arguments: [
            (JSONValue.null, "null"), (.bool(true), "true"), (.bool(false), "false"), (.int(0), "0"),
            (.int(-12), "-12"),
            (.int(Int.max), "9223372036854775807"), (.int(Int.min), "-9223372036854775808"), (.double(10), "10.0"),
            (.double(-0.0), "-0.0"), (.double(0.1), "0.1"), (.double(1e-5), "1e-05"),
            (.double(.leastNonzeroMagnitude), "5e-324"),
            (.double(1.7976931348623157e308), "1.7976931348623157e+308"), (.double(1e16), "1e+16"),
            (.string(""), #""""#), (.string("a/b"), #""a/b""#),
        ])
    func scalars(_ value: JSONValue, _ expected: String) throws {
        #expect(try value.jsonString() == expected)
    }

    @Test("escapes exactly what JSON requires")
    func escapes() throws {
        let value = JSONValue.string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F}é\u{2028}😀")
        #expect(try value.jsonString() == #""\"\\/\b\f\n\r\t\u0000\u001f"# + "\u{7F}é\u{2028}😀\"")
        #expect(
            try value.jsonString(options: .escapingSlashes)
                == #""\"\\\/\b\f\n\r\t\u0000\u001f"# + "\u{7F}é\u{2028}😀\"")
    }

    /// `text` quoted and escaped by a scalar at a time (it knows the escapes
    /// of the tests that use it).
    static func referenceQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\u{1}": result += "\\u0001"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    @Test("strings of every short length, with an escape at each position or none, as names and values")
    func shortStrings() throws {
        for length in 0...20 {
            let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0))) })
            var texts = [plain]
            for position in 0..<length {
                for escaped: Character in ["\"", "\\", "\n", "\u{1}"] {
                    var characters = Array(plain)
                    characters[position] = escaped
                    texts.append(String(characters))
                }
            }
            for text in texts {
                let quoted = Self.referenceQuoted(text)
                #expect(try JSONValue.string(text).jsonString() == quoted)
                #expect(try JSONValue.object([text: [.string(text)]]).jsonString() == "{\(quoted):[\(quoted)]}")
            }
        }
    }

    @Test("objects of several members: each name after its comma and before its colon, also escaped or long")
    func memberNames() throws {
        let long = String(repeating: "n\"", count: 3000)
        let names = ["", "a", "b\n", "quote\"d", "sixteen-bytes-ab", long, "é😀", "z"]
        for count in 1...names.count {
            let members = names.prefix(count).enumerated().map { ($0.element, JSONValue.int($0.offset)) }
            let object = JSONValue.object(JSONObject(uniqueKeysWithValues: members))
            let expected =
                "{" + members.map { Self.referenceQuoted($0.0) + ":" + String($0.1.intValue!) }.joined(separator: ",")
                + "}"
            #expect(try object.jsonString() == expected)
            let nested = JSONValue.object(JSONObject(uniqueKeysWithValues: members.map { ($0.0, object) }))
            #expect(
                try nested.jsonString()
                    == "{" + members.map { Self.referenceQuoted($0.0) + ":" + expected }.joined(separator: ",") + "}")
        }
    }

    /// Options and the text they write for a value with slashes.
    static let slashCases: [(options: JSONValue.WritingOptions, text: String)] = [
        ([], #"{"p":"/a/0","<":"</script>"}"#),
        (.withoutEscapingSlashes, #"{"p":"/a/0","<":"</script>"}"#),
        (.escapingSlashes, #"{"p":"\/a\/0","<":"<\/script>"}"#),
        ([.escapingSlashes, .withoutEscapingSlashes], #"{"p":"\/a\/0","<":"<\/script>"}"#),
    ]

    @Test("slashes are written as is unless escapingSlashes; withoutEscapingSlashes changes nothing")
    func slashes() throws {
        let value: JSONValue = ["p": "/a/0", "<": "</script>"]
        for (options, expected) in Self.slashCases {
            #expect(try value.jsonString(options: options) == expected, "\(options)")
            #expect(try value.jsonData(options: options) == Data(expected.utf8), "\(options)")
            #expect(try JSONValue(parsing: expected) == value)
        }
    }

    @Test("writing options print as the array literal that makes them")
    func optionsDescription() {
        let cases: [(JSONValue.WritingOptions, String)] = [
            ([], "[]"), (.sortedKeys, "[.sortedKeys]"),
            ([.escapingSlashes, .prettyPrinted], "[.prettyPrinted, .escapingSlashes]"),
            (
                [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .escapingSlashes],
                "[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .escapingSlashes]"
            ),
            (JSONValue.WritingOptions(rawValue: 0b1_0010), "[.sortedKeys, WritingOptions(rawValue: 16)]"),
        ]
        for (options, expected) in cases {
            #expect(options.description == expected)
            #expect("\(options)" == expected)
        }
    }

    @Test("sortedKeys orders by UTF-8 bytes, like JSONEncoder")
    func sortedKeys() throws {
        let value: JSONValue = ["b": 1, "B": 2, "a10": 3, "a9": 4, "é": 5, "_": 6, "": 7]
        let text = try value.jsonString(options: .sortedKeys)
        #expect(text == #"{"":7,"B":2,"_":6,"a10":3,"a9":4,"b":1,"é":5}"#)
        // The system JSONEncoder of older Apple platforms sorted otherwise.
        if ToolchainFoundation.isChecked {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == text)
        }
    }

    /// Escapes one scalar at a time, the obvious way, to check the writer's
    /// eight-bytes-at-a-time escaping against.
    static func referenceEscaped(_ string: String, slashes: Bool) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "/" where slashes: text += "\\/"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    @Test(
        "escaping agrees with a scalar-at-a-time reference at every position and length",
        arguments: [false, true])
    func escapingAgainstReference(_ escapingSlashes: Bool) throws {
        let pieces: [String] = [
            "a", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", " ", "~", "\u{7F}", "é", "€", "😀", "\u{2028}",
        ]
        var generator = SeededGenerator(seed: 12)
        let options: JSONValue.WritingOptions = escapingSlashes ? .escapingSlashes : []
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &generator)
            var string = ""
            for _ in 0..<length {
                // Mostly plain text, so that whole clean words occur between escapes.
                let plain = Int.random(in: 0..<3, using: &generator) > 0
                string += plain ? "x" : pieces.randomElement(using: &generator)!
            }
            let written = try JSONValue.string(string).jsonString(options: options)
            #expect(written == Self.referenceEscaped(string, slashes: escapingSlashes))
            #expect(try JSONValue(parsing: written) == .string(string))
        }
    }

    @Test("a string longer than one escaping slice, full of escapes, is written whole")
    func longEscapedString() throws {
        let string = String(repeating: "\u{1}\"a/", count: 3_000)
        let written = try JSONValue.string(string).jsonString(options: .escapingSlashes)
        #expect(written == Self.referenceEscaped(string, slashes: true))
        #expect(written.utf8.count == 2 + 3_000 * 11)  // \u0001 \" a \/
        let unescaped = try JSONValue.string(string).jsonString()
        #expect(unescaped == Self.referenceEscaped(string, slashes: false))
        #expect(unescaped.utf8.count == 2 + 3_000 * 10)  // \u0001 \" a /
    }

    @Test("sortedKeys agrees with sorting the keys' UTF-8 bytes, also past a shared 16-byte prefix")
    func sortedKeysAgainstReference() throws {
        let stems = ["", "a", "profile_background_", "profile_background_image", "\u{0}", "é", "e\u{301}", "😀", "Z"]
        var generator = SeededGenerator(seed: 16)
        for _ in 0..<300 {
            var object: JSONObject = [:]
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let key = stems.randomElement(using: &generator)! + stems.randomElement(using: &generator)!
                object[key] = .int(object.count)
            }
            let value = JSONValue.object(object)
            let expected = object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let text = try value.jsonString(options: .sortedKeys)
            let members = expected.map { Self.referenceEscaped($0, slashes: false) + ":\(object[$0]!)" }
            #expect(text == "{" + members.joined(separator: ",") + "}")
            // The iterative writer, below the recursion limit, sorts the same way.
            var nested = value
            for _ in 0..<20 { nested = [nested] }
            let nestedText = try nested.jsonString(options: .sortedKeys)
            #expect(nestedText == String(repeating: "[", count: 20) + text + String(repeating: "]", count: 20))
        }
    }

    @Test("prettyPrinted indents by two spaces with \" : \" after keys")
    func prettyPrinted() throws {
        let value: JSONValue = ["a": [1, ["b": nil]], "c": [], "d": [:]]
        let expected = """
            {
              "a" : [
                1,
                {
                  "b" : null
                }
              ],
              "c" : [],
              "d" : {}
            }
            """
        #expect(try value.jsonString(options: [.prettyPrinted, .sortedKeys]) == expected)
        #expect(try JSONValue(parsing: expected) == value)
    }

    @Test("non-finite doubles are an error naming their path", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ double: Double) {
        let value: JSONValue = ["ok": 1, "list": [1, ["ratio": .double(double)]]]
        #expect(throws: JSONWritingError(.nonFiniteNumber(double), at: "/list/1/ratio")) { try value.jsonString() }
        #expect(throws: JSONWritingError(.nonFiniteNumber(double), at: .root)) {
            try JSONValue.double(double).jsonData()
        }
        // description never shows a different value: JSON5's spelling, which
        // reads back as the same double.
        let description = value.description
        #expect(!description.contains("null"))
        #expect(description.contains(double.isNaN ? "NaN" : double < 0 ? "-Infinity" : "Infinity"))
        let back = try? JSONValue(parsing: description, options: .init(allowsJSON5: true))
        let ratio = back?.list?[1]?.ratio?.doubleValue
        #expect(ratio.map { $0 == double || ($0.isNaN && double.isNaN) } == true, "\(description)")
        #expect(JSONValue.double(double).debugDescription != JSONValue.null.debugDescription)
    }

    @Test("nesting deeper than the limit is an error when writing")
    func depth() throws {
        var value: JSONValue = 1
        for _ in 0..<512 { value = [value] }
        #expect(try value.jsonString() == String(repeating: "[", count: 512) + "1" + String(repeating: "]", count: 512))
        value = [value]
        #expect {
            try value.jsonString()
        } throws: { error in
            if (error as? JSONWritingError)?.kind == .nestingTooDeep(limit: 512) { return true }
            return false
        }
    }

    @Test(
        "description is compact, in the members' order, JSON5's spelling for non-finite numbers; debugDescription names the type"
    )
    func descriptions() throws {
        let value: JSONValue = ["b": [1, 2.5], "a": "x/y", "n": .double(.nan), "i": .double(-.infinity)]
        #expect(value.description == #"{"b":[1,2.5],"a":"x/y","n":NaN,"i":-Infinity}"#)
        // Equal values whose members come in different orders print differently.
        let ab: JSONValue = ["a": 1, "b": ["d": 4, "c": 3]]
        let ba: JSONValue = ["b": ["c": 3, "d": 4], "a": 1]
        #expect(ab == ba)
        #expect(ab.description == #"{"a":1,"b":{"d":4,"c":3}}"#)
        #expect(ba.description == #"{"b":{"c":3,"d":4},"a":1}"#)
        #expect(ba.objectValue?.description == ba.description)
        #expect("\(JSONValue.string("q\""))" == #""q\"""#)
        #expect(JSONValue.int(1).debugDescription == "JSONValue(1)")
    }

    @Test("jsonData and jsonString agree")
    func dataAndString() throws {
        let value: JSONValue = ["k": ["v", 1, 2.5, true, nil]]
        #expect(
            String(decoding: try value.jsonData(options: .sortedKeys), as: UTF8.self)
                == (try value.jsonString(options: .sortedKeys)))
    }
}
