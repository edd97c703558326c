import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What feeding a text in given chunks produced.
private struct Feeding {
    var values: [JSONValue] = []
    /// `partialValue` after each chunk.
    var snapshots: [JSONValue?] = []
    /// `pathInProgress` after each chunk.
    var paths: [JSONPointer?] = []
    var error: JSONParseError?
    /// The index of the chunk whose `append` threw (`chunks.count` for
    /// `finish`).
    var failingChunk: Int?

    /// Feeds `bytes` cut at `cuts` (sorted offsets), then finishes.
    init(_ bytes: [UInt8], cuts: [Int], options: JSONValue.ParsingOptions = .init(), takesSnapshots: Bool = true) {
        var parser = JSONIncrementalParser(options: options)
        var start = 0
        let ends = cuts + [bytes.count]
        for (index, end) in ends.enumerated() {
            do {
                values += try parser.append(bytes[start..<end])
            } catch {
                self.error = error
                failingChunk = index
                return
            }
            if takesSnapshots {
                snapshots.append(parser.partialValue)
                paths.append(parser.pathInProgress)
            }
            start = end
        }
        do {
            values += try parser.finish()
        } catch {
            self.error = error
            failingChunk = ends.count
        }
    }

    /// Byte by byte.
    init(byteByByte bytes: [UInt8]) {
        self.init(bytes, cuts: bytes.isEmpty ? [] : Array(1..<bytes.count))
    }
}

/// Cut points for `count` bytes: `cuts` random offsets, sorted.
private func randomCuts(_ count: Int, _ cuts: Int, using generator: inout SeededGenerator) -> [Int] {
    guard count > 1 else { return [] }
    return Set((0..<cuts).map { _ in Int.random(in: 1..<count, using: &generator) }).sorted()
}

/// Whether `partial` is a prefix of `full` in the sense of
/// ``JSONIncrementalParser/partialValue``: complete members and elements
/// equal (in order, bit for bit), the last one a prefix of its counterpart,
/// a string a prefix of its final text.
private func isPrefix(_ partial: JSONValue, of full: JSONValue) -> Bool {
    switch (partial, full) {
    case (.string(let a), .string(let b)):
        return Array(b.utf8).starts(with: Array(a.utf8))
    case (.array(let a), .array(let b)):
        guard a.count <= b.count else { return false }
        for index in a.indices {
            let isLast = index == a.count - 1
            if isLast ? !isPrefix(a[index], of: b[index]) : !identical(a[index], b[index]) { return false }
        }
        return true
    case (.object(let a), .object(let b)):
        guard a.count <= b.count else { return false }
        for index in 0..<a.count {
            let (key, value) = (a[index].key, a[index].value)
            guard Array(key.unicodeScalars) == Array(b[index].key.unicodeScalars) else { return false }
            let isLast = index == a.count - 1
            if isLast ? !isPrefix(value, of: b[index].value) : !identical(value, b[index].value) { return false }
        }
        return true
    default:
        return identical(partial, full)
    }
}

/// The one-shot parser's verdict on a whole text.
private func oneShot(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
    Result { () throws(JSONParseError) in
        do { return try JSONValue(parsing: bytes) } catch { throw error as! JSONParseError }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Texts the one-shot parser accepts, with the awkward cases of each token
/// (JSONTestSuite's `y_` files are of these kinds).
private let validTexts: [String] = [
    "0", "-0", "-1", "12", "1.5", "-1.5e-7", "1E+2", "0e0", "123456789012345678901234567890", "1e-400",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "0.1e1", "2.2250738585072014e-308",
    "\"\"", "\"abc\"", #""\u00e9\ud83d\ude00\n\t\"\\\/\b\f\r""#, "\"é测😀\u{2028}\u{10FFFF}\"",
    #""\uD834\uDD1E""#, #""\u0000""#, "\"\u{7F}\"", "true", "false", "null", "[]", "{}", "[[]]", "[{}]",
    " \t\r\n[ ]\n ", "[1, 2.5e3, -0.0, {\"b\": null}]", #"{"a": [1, {"b": [true, false, null]}], "c": "d"}"#,
    #"{"":""}"#, "[[[[[]]]]]", #"{"a":{"a":{"a":{}}}}"#, "[\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"]",
    #"{"a":1,"b":2,"a":3}"#, #"{"é":1,"é":2}"#, "\u{FEFF}[1]", "[1e22, 1e23, 5e-324, 1.7976931348623157e308]",
    "{\"key\" : \"value\" , \"k2\":[ 1 ,2 ] }", "[\"a\\u0041b\"]", "\"\\u005C\"", "[-1234567890.0987654321e-5]",
]

/// Texts the one-shot parser refuses (JSONTestSuite's `n_` files are of
/// these kinds), including some that are valid sequences of values here.
private let invalidTexts: [String] = [
    "", " ", "[", "[1", "[1,", "{", #"{"a""#, #"{"a":"#, #"{"a":1"#, "\"abc", "tru", "nul", "\"\\u00", "[1,]",
    "[1, ]", #"{"a": 1,}"#, "[,]", "[1,,2]", "{,}", "// c\n1", "/* c */ 1", "[1 /* c */]", "01", "-01", "00",
    "[012]", "-", "1.", ".5", "1e", "1e+", "1E-", "+1", "-.5", "1.e5", "0x10", "1_000", "- 1", "--1", "1.5.5",
    "NaN", "Infinity", "-Infinity", "[nan]", "inf", "1e400", "-1e309", "[1" + String(repeating: "0", count: 400) + "]",
    "\"\u{1}\"", "\"a\tb\"", #""\a""#, #""\x41""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\'""#,
    #""\uD800""#, #""\uD800x""#, #""\uD800\n""#, #""\uD800\u0041""#, #""\uDC00""#, #"["\uD800\uD800"]"#,
    "1 2", "[] []", "{} x", "nullx", "truex", "\"a\" \"b\"", "1,", "[1]]", "{}}", "[\"\"],", "[1]x", "1[2]",
    "truefalse", "tx", "fals", "nulll", "[true false]", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "{1:2}", "{'a':1}",
    "['a']", "[é]", "é", "[\"a\"é]", "\u{FEFF}", "\u{FEFF}\u{FEFF}[]", "[\u{0}]", "[1]\u{0}", "[-]", "[-a]",
    "[0.]", "[0.e1]", "[1e]", "[1e+]", "[1.2.3]", "[0x1]", "[1e1.5]", "{\"a\":}", "{:1}", "[:]", "{\"a\"::1}",
    "[\"\\", "[\"\\u", "[\"\\uD83D\\u", "[\"abc", "\u{7F}", "[\u{2028}]", "[1,\u{3000}2]",
]

/// Byte strings that are not UTF-8, in and out of strings.
private let invalidUTF8: [[UInt8]] = [
    [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
    [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x5B, 0xC3, 0xA9, 0x5D], [0x5B, 0xC3, 0x5D],
    [0x5B, 0xE2, 0x82], [0xEF, 0xBB], [0xEF, 0xBB, 0xBF, 0xEF], [0x22, 0xFF, 0x01, 0x22],
    [0x22, 0xFF, 0x5C, 0x78, 0x22],
    [0x22, 0xFF], [0x5B, 0x22, 0xF0, 0x9F, 0x98, 0x22, 0x5D], [0x22, 0x61, 0xF0, 0x9F, 0x98, 0x80, 0x22, 0x20, 0xFF],
]

@Suite("JSONIncrementalParser")
struct IncrementalParserTests {
    @Test(
        "a valid text gives the one-shot value in any chunks, and every snapshot extends the last",
        arguments: validTexts)
    func validInAnyChunks(_ text: String) throws {
        let bytes = Array(text.utf8)
        let expected = try JSONValue(parsing: bytes)
        var generator = SeededGenerator(seed: UInt64(bytes.count) &* 7919)
        var splits: [[Int]] = [[], bytes.isEmpty ? [] : Array(1..<bytes.count)]
        for cut in 1..<max(bytes.count, 1) { splits.append([cut]) }
        for _ in 0..<20 { splits.append(randomCuts(bytes.count, 4, using: &generator)) }
        for cuts in splits {
            let feeding = Feeding(bytes, cuts: cuts)
            #expect(feeding.error == nil, "cuts \(cuts)")
            try #require(feeding.values.count == 1, "cuts \(cuts)")
            #expect(identical(feeding.values[0], expected), "cuts \(cuts)")
            #expect(feeding.values[0].objectValue.map { Array($0.keys) } == expected.objectValue.map { Array($0.keys) })
            checkSnapshots(feeding, final: expected, cuts: cuts, text: text)
        }
    }

    /// Each snapshot extends the one before and the final value (except
    /// where a repeated name replaces an earlier member's value).
    private func checkSnapshots(_ feeding: Feeding, final: JSONValue, cuts: [Int], text: String) {
        // A repeated name replaces the earlier member's value.
        guard !text.contains(#""a":1,"b":2,"a""#) && !text.contains(#""é":1,"é":2"#) else { return }
        var previous: JSONValue? = nil
        for snapshot in feeding.snapshots {
            if let snapshot {
                #expect(isPrefix(snapshot, of: final), "cuts \(cuts): \(snapshot) is not a prefix of \(final)")
                if let previous {
                    #expect(isPrefix(previous, of: snapshot), "cuts \(cuts): \(snapshot) does not extend \(previous)")
                }
            }
            previous = snapshot ?? previous
        }
    }

    @Test(
        "an invalid text fails with the one-shot error and location at every split, or is a sequence of values",
        arguments: invalidTexts.map { Array($0.utf8) } + invalidUTF8)
    func invalidAtEverySplit(_ bytes: [UInt8]) throws {
        guard case .failure(let expected) = oneShot(bytes) else {
            Issue.record("the one-shot parser accepts \(bytes)")
            return
        }
        var splits: [[Int]] = [[], bytes.isEmpty ? [] : Array(1..<bytes.count)]
        for cut in 1..<max(bytes.count, 1) { splits.append([cut]) }
        for cuts in splits {
            let feeding = Feeding(bytes, cuts: cuts)
            if let error = feeding.error {
                #expect(error == expected, "cuts \(cuts)")
                // The error is thrown by the chunk that holds the byte that
                // decides it: never before the byte it names.
                let chunkEnds = cuts + [bytes.count]
                let failing = try #require(feeding.failingChunk)
                if failing < chunkEnds.count {
                    #expect(chunkEnds[failing] > error.location.offset, "cuts \(cuts): thrown too early")
                }
            } else {
                // A valid sequence: each value is a valid text of its own.
                #expect(feeding.values.count != 1, "cuts \(cuts): one value, but one-shot says \(expected)")
                #expect(Self.validSequences.contains(String(decoding: bytes, as: UTF8.self)), "\(bytes)")
            }
        }
    }

    /// The texts above that are sequences of values, or of none.
    static let validSequences: Set<String> = [
        "", " ", "1 2", "[] []", "\"a\" \"b\"", "1[2]", "truefalse", "\u{FEFF}",
    ]

    @Test("errors are thrown as early as the byte that decides them")
    func errorsAreEager() throws {
        // Each text is cut just after the byte that makes it invalid; the
        // append of that byte must throw, before any finish.
        let texts = ["[1,]", "[01", "{\"a\" 1", "\"\\x", "[tx", "\"\u{1}", "[1 2", "{\"a\":1,}", #""\uD800x"#, "[é"]
        for text in texts {
            var parser = JSONIncrementalParser()
            var thrown: JSONParseError?
            for byte in text.utf8 {
                do { try parser.append([byte]) } catch {
                    thrown = error
                    break
                }
            }
            let expected = try #require(oneShot(Array(text.utf8)).failure)
            #expect(thrown == expected, "\(text)")
        }
    }

    @Test(
        "a number too large for Double is an error once the byte after it arrives, in any chunks",
        arguments: [["1e800"], ["1e8", "00"], ["[1", "e800"], ["1e800]"]])
    func numberOutOfRangeWaitsForItsEnd(_ chunks: [String]) throws {
        var parser = JSONIncrementalParser()
        for chunk in chunks.dropLast() { try parser.append(chunk) }
        let last = chunks.last!
        let expected = try #require(oneShot(Array((chunks.joined() + " ").utf8)).failure)
        if last.hasSuffix("]") {
            #expect(throws: expected) { try parser.append(last) }
            return
        }
        try parser.append(last)  // the number may go on
        #expect(throws: expected) { try parser.append(" ") }
    }

    @Test("a number too large for Double at the end of a container read whole waits for its end too")
    func numberOutOfRangeInsideWholeContainer() throws {
        // The first value teaches the parser that arrays at depth 1 are
        // small, so it reads the second value's inner arrays whole.
        let first = "[[],[],[]] "
        let text = first + "[[],[1e800"
        var parser = JSONIncrementalParser()
        #expect(try parser.append(text) == [[[], [], []]])
        do {
            try parser.append("]]")
            Issue.record("no error for 1e800")
        } catch {
            #expect(error.kind == .numberOutOfRange)
            #expect(error.location.offset == text.utf8.count - 5)
        }
    }

    @Test("after an error, every call throws it again")
    func errorsStay() throws {
        var parser = JSONIncrementalParser()
        #expect(throws: JSONParseError.self) { try parser.append("[1,]") }
        let first = try #require(oneShot(Array("[1,]".utf8)).failure)
        #expect(throws: first) { try parser.append("[2]") }
        #expect(throws: first) { try parser.finish() }
        // Fed a byte at a time, bytes that could have waited in the batch
        // before the error throw it too.
        for text in ["[1,", "[1, "] {
            let expected = try #require(oneShot(Array((text + "]").utf8)).failure)
            var bytewise = JSONIncrementalParser()
            for byte in text.utf8 { try bytewise.append([byte]) }
            #expect(throws: expected) { try bytewise.append([UInt8(ascii: "]")]) }
            for byte in " \n\"a1".utf8 {
                #expect(throws: expected) { try bytewise.append([byte]) }
            }
            #expect(throws: expected) { try bytewise.finish() }
        }
    }

    @Test("locations count lines and columns over the whole stream")
    func locationsSpanChunks() throws {
        let text = "[1,\n  \"é\",\n  [true,\n   x]]"
        let expected = try #require(oneShot(Array(text.utf8)).failure)
        #expect(expected.location == JSONParseError.Location(line: 4, column: 4, offset: 24))
        for cut in 1..<text.utf8.count {
            #expect(Feeding(Array(text.utf8), cuts: [cut]).error == expected)
        }
    }

    @Test(
        "a container read whole and cut short by its chunk counts its lines once",
        arguments: [97, 101, 120, 150, 199])
    func wholeReadCutShortKeepsLines(chunkSize: Int) throws {
        // Once the small records have closed, the next ones are read whole
        // where they seem to fit in what is left of the chunk; a large one
        // that does not is read again, and its newlines must not count
        // twice.
        let small = "{\"a\": \"é\"}"
        let large = "{\n" + (0..<20).map { "  \"k\($0)\": [\($0)]" }.joined(separator: ",\n") + "\n}"
        let records = [small, small, small, large, small, small, large, small]
        let text = "[\n" + records.joined(separator: ",\n") + ",\n  x]"
        let expected = try #require(oneShot(Array(text.utf8)).failure)
        #expect(expected.location.line == 52)
        let bytes = Array(text.utf8)
        let cuts = Array(stride(from: chunkSize, to: bytes.count, by: chunkSize))
        #expect(Feeding(bytes, cuts: cuts).error == expected)
    }

    @Test("a container read whole and cut short goes on where its chunk ended, as if read step by step")
    func wholeReadCutShortGoesOn() throws {
        // Chunks of 256 bytes or more read containers whole; a byte at a
        // time reads them step by step. Cut anywhere, the first must leave
        // the parser where the second does.
        let record = #"""
            {
              "id": 1234567,
              "text": "caf\u00e9 \"quoted\" 测试 😀",
              "values": [1.5, -2e-3, 0, true, false, null, [], {}],
              "nested": {"deep": [{"a": [1, [2, [3]]]}, "x"], "n": 98765.4321},
              "wrapped":
                [1, 2],
              "spaced"
                : "x",
              "last": 42,
              "tail": {"list": [1, 2, {"k": "v"}], "filler": "\#(String(repeating: "abcdefghij", count: 30))"}
            }
            """#
        let text = "[\n" + Array(repeating: record, count: 6).joined(separator: ",\n") + "\n]"
        let bytes = Array(text.utf8)
        let expected = try JSONValue(parsing: bytes)
        var stepwise = JSONIncrementalParser()
        var snapshots: [JSONValue?] = [nil]
        var paths: [JSONPointer?] = [nil]
        for byte in bytes.dropLast() {
            try stepwise.append([byte])
            snapshots.append(stepwise.partialValue)
            paths.append(stepwise.pathInProgress)
        }
        for cut in stride(from: 256, to: bytes.count, by: 3) {
            // A second cut, 256 to 305 bytes on, ends the chunk that goes on
            // through the containers the first left open.
            let cuts = [cut, Swift.min(cut + 256 + cut % 50, bytes.count)]
            var parser = JSONIncrementalParser()
            var start = 0
            var values: [JSONValue] = []
            for end in cuts {
                values += try parser.append(bytes[start..<end])
                if end < bytes.count {
                    #expect(
                        parser.partialValue.map { identical($0, snapshots[end]!) } ?? (snapshots[end] == nil),
                        "cuts \(cuts)")
                    #expect(parser.pathInProgress == paths[end], "cuts \(cuts)")
                }
                start = end
            }
            values += try parser.append(bytes[start...]) + parser.finish()
            #expect(values.count == 1 && identical(values[0], expected), "cuts \(cuts)")
        }
        // Errors after the cut keep the one-shot location, lines included.
        let invalid = Array((text.dropLast() + ",\n  x]").utf8)
        let error = try #require(oneShot(invalid).failure)
        for cut in stride(from: 256, to: invalid.count, by: 5) {
            let cuts = [cut, Swift.min(cut + 256 + cut % 50, invalid.count)]
            #expect(Feeding(invalid, cuts: cuts, takesSnapshots: false).error == error, "cuts \(cuts)")
        }
    }

    @Test("a whole read that starts over, cut deeper than the recursion limit, is not tried again in its chunk")
    func wholeReadStartsOverOnce() throws {
        // Each comma of the outer array could try to read on to the chunk's
        // end, inside the deep array, and start over: O(n²) in the chunk.
        let depth = 30
        let text =
            "[" + String(repeating: "1,", count: 2000) + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "]"
        let bytes = Array(text.utf8)
        let cut = bytes.count - depth - 5
        var parser = JSONIncrementalParser()
        #expect(try parser.append(bytes[..<cut]).isEmpty)
        #expect(parser.storage.parser.wholeReadsStartedOver <= 1)
        let values = try parser.append(bytes[cut...]) + parser.finish()
        let expected = try JSONValue(parsing: bytes)
        #expect(values.count == 1 && identical(values[0], expected))
    }

    @Test("JSON Lines, concatenated values and numbers at the end of chunks")
    func framing() throws {
        var parser = JSONIncrementalParser()
        #expect(try parser.append("{\"a\":1}\n{\"b\"") == [["a": 1]])
        #expect(try parser.append(":2}\n[3]{}4") == [["b": 2], [3], [:]])
        #expect(try parser.append("5 6") == [45])  // 6 may go on
        #expect(try parser.append("") == [])
        #expect(try parser.append(" ") == [6])
        #expect(try parser.append("7") == [])
        #expect(try parser.finish() == [7])
    }

    @Test("finish completes a trailing number, refuses an open value, and starts over")
    func finishing() throws {
        var parser = JSONIncrementalParser()
        try parser.append("12")
        #expect(try parser.finish() == [12])
        try parser.append("[1")
        #expect(throws: JSONParseError.unexpectedEndOfInput(at: .init(line: 1, column: 3, offset: 2))) {
            try parser.finish()
        }
        var fresh = JSONIncrementalParser()
        try fresh.append("  ")
        #expect(try fresh.finish() == [])
        #expect(try fresh.append("[true]") == [[true]])
    }

    @Test("a byte order mark is skipped, in any pieces, and counted in offsets")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1, x]".utf8)
        let expected = try #require(oneShot(bytes).failure)
        #expect(expected.location.offset == 7)
        for cuts in [[1], [2], [1, 2], [3], [4]] {
            #expect(Feeding(bytes, cuts: cuts).error == expected)
        }
        let valid: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)
        #expect(Feeding(byteByByte: valid).values == [[1]])
    }

    @Test("a copy forks: each goes on on its own")
    func copiesFork() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"a": [1, "x"#)
        var fork = parser
        #expect(try parser.append(#"y"]}"#) == [["a": [1, "xy"]]])
        #expect(try fork.append(#"z", 2]}"#) == [["a": [1, "xz", 2]]])
        #expect(fork.partialValue == ["a": [1, "xz", 2]])
        #expect(parser.partialValue == ["a": [1, "xy"]])
    }

    @Test("a string fed a byte at a time shows every byte of its text at once")
    func partialStringByteByByte() throws {
        // Plain text, whitespace and digits wait in the parser's batch
        // before they reach its storage; partial values must see them.
        let text =
            #"{"note": "caf\u00e9 ok 😀 and more text than one batch holds, "#
            + #"well over sixty-four bytes of it", "n": 12345}"#
        var parser = JSONIncrementalParser()
        var shown = ""
        for byte in text.utf8 {
            try parser.append([byte])
            guard case .object(let object)? = parser.partialValue, let note = object["note"]?.stringValue else {
                continue
            }
            #expect(note.hasPrefix(shown), "a snapshot lost text")
            shown = note
        }
        #expect(shown == "café ok 😀 and more text than one batch holds, well over sixty-four bytes of it")
        let prefix = #"{"note": "café ok 😀 and mo"#
        var partial = JSONIncrementalParser()
        for byte in prefix.utf8 { try partial.append([byte]) }
        #expect(partial.partialValue == ["note": "café ok 😀 and mo"])
        #expect(partial.pathInProgress == JSONPointer("/note"))
    }

    @Test("a long string's partial values each read only the bytes since the last one", arguments: [1, 3, 7])
    func partialStringGrowsInPlace(chunkSize: Int) throws {
        // A model streaming a file's contents into one field, a few bytes
        // at a time, with the UI showing every snapshot: rebuilding the
        // text each time would be quadratic.
        var text = ""
        for index in 0..<700 { text += index.isMultiple(of: 5) ? "línea \(index) 😀\\n\\u00e9 " : "line \(index), " }
        let bytes = Array(#"{"path": "a.txt", "contents": ""#.utf8) + Array(text.utf8) + Array(#""}"#.utf8)
        let expected = try #require(try JSONValue(parsing: Data(bytes)).contents?.stringValue)
        var parser = JSONIncrementalParser()
        var shown = ""
        var snapshots = 0
        var start = 0
        while start < bytes.count - 2 {
            let end = min(start + chunkSize, bytes.count - 2)
            try parser.append(bytes[start..<end])
            start = end
            guard let contents = parser.partialValue?.contents?.stringValue else { continue }
            #expect(contents.hasPrefix(shown) && expected.hasPrefix(contents), "after \(end) bytes")
            if snapshots.isMultiple(of: 211) {
                var whole = JSONIncrementalParser()
                try whole.append(bytes[..<end])
                #expect(whole.partialValue?.contents?.stringValue == contents, "after \(end) bytes")
            }
            shown = contents
            snapshots += 1
        }
        #expect(shown == expected)
        let read = parser.storage.partialStringBytesRead
        #expect(read <= 2 * text.utf8.count, "\(read) bytes read for a string of \(text.utf8.count)")
        #expect(try parser.append(bytes[start...]) == [["path": "a.txt", "contents": .string(expected)]])
    }

    @Test("a long string that is invalid UTF-8 early shows its valid start, and is not read again at every chunk")
    func partialStringInvalidEarly() throws {
        var parser = JSONIncrementalParser()
        let opening = Array(#"{"a": "ok "#.utf8) + [0xFF]
        try parser.append(opening)
        let text = Array(String(repeating: "more text ", count: 2_000).utf8)
        var start = 0
        while start < text.count {
            try parser.append(text[start..<min(start + 5, text.count)])
            start += 5
            #expect(parser.partialValue == ["a": "ok "])
        }
        #expect(parser.storage.partialStringBytesRead <= 2 * text.count)
        let whole = opening + text + Array(#""}"#.utf8)
        var oneShotError: JSONParseError?
        do { _ = try JSONValue(parsing: whole) } catch { oneShotError = error as? JSONParseError }
        let expected = try #require(oneShotError)
        #expect(throws: expected) { try parser.append(#""}"#) }
    }

    @Test("copies that share what they have read show each its own text of a string in progress")
    func forksShowTheirOwnText() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"a": "hello"#)
        var fork = parser
        // Each byte waits in its parser's own batch, beside the storage they
        // still share, which keeps the text that partial values showed.
        try parser.append("X")
        try fork.append("Y")
        #expect(parser.partialValue == ["a": "helloX"])
        #expect(fork.partialValue == ["a": "helloY"])
        try fork.append("Z")
        #expect(parser.partialValue == ["a": "helloX"])
        #expect(fork.partialValue == ["a": "helloYZ"])
        #expect(try fork.append(#""}"#) == [["a": "helloYZ"]])
        #expect(try parser.append(#""}"#) == [["a": "helloX"]])
    }

    @Test("fed a byte at a time, every partial value and path is that of the same prefix fed at once")
    func byteByByteAgainstOneChunk() throws {
        // A chunk fed at once goes to the parser's storage; bytes fed one at
        // a time mostly wait in its batch, which partial values and paths
        // must see through. Literals, numbers, escapes and names of every
        // kind, compact and pretty.
        var random = RandomJSON(seed: 0xBA7C4)
        for round in 0..<Sanitizers.scaled(120) {
            let value: JSONValue = ["v": random.value(), "n": [1, -2.5e3, true, "s\\t", [:], nil]]
            let options: JSONValue.WritingOptions = round.isMultiple(of: 2) ? [] : [.prettyPrinted]
            let bytes = Array(try value.jsonData(options: options).prefix(400))
            var parser = JSONIncrementalParser()
            for end in 1...bytes.count {
                do {
                    try parser.append(bytes[(end - 1)..<end])
                } catch {
                    // A prefix of a valid document is never an error.
                    Issue.record("round \(round), after \(end) bytes: \(error)")
                    break
                }
                var whole = JSONIncrementalParser()
                try whole.append(bytes[..<end])
                #expect(parser.partialValue == whole.partialValue, "after \(end) bytes")
                #expect(parser.pathInProgress == whole.pathInProgress, "after \(end) bytes")
            }
        }
    }

    @Test("a copy taken while bytes wait in the batch forks with them")
    func copiesForkWithBatchedBytes() throws {
        var parser = JSONIncrementalParser()
        for byte in #"{"a": "xy"#.utf8 { try parser.append([byte]) }
        var fork = parser
        for byte in #"z"}"#.utf8 { try parser.append([byte]) }
        for byte in #"w", "b": 10"#.utf8 { try fork.append([byte]) }
        #expect(try parser.finish() == [])
        #expect(fork.partialValue == ["a": "xyw"])
        try fork.append("}")
        #expect(try fork.finish() == [])
        var values: [JSONValue] = []
        var whole = JSONIncrementalParser()
        for byte in #"{"a": "xyz"}   [1]"#.utf8 { values += try whole.append([byte]) }
        #expect(values == [["a": "xyz"], [1]])
    }

    @Test(
        "a byte that the batch cannot take is read at once, with the one-shot parser's error",
        arguments: [
            ("[0", [UInt8(ascii: "1")]), (#"["ab"#, [0x01]), ("[1  ", [UInt8(ascii: "2")]),
            (#"{"a"  "#, [UInt8(ascii: "1")]), ("[1.5", [UInt8(ascii: ".")]),
        ])
    func batchRefusesErrors(_ start: String, _ offending: [UInt8]) throws {
        var parser = JSONIncrementalParser()
        for byte in start.utf8 { try parser.append([byte]) }
        var expected: JSONParseError?
        do {
            _ = try JSONValue(parsing: Data(start.utf8 + offending))
        } catch {
            expected = error as? JSONParseError
        }
        #expect(throws: try #require(expected)) { try parser.append(offending) }
    }

    @Test(
        "a repeated name replaces the complete member of that name once its new value starts: the documented exception",
        arguments: [1, 1_000])
    func repeatedName(_ chunkSize: Int) throws {
        // Fed in pieces that end where each step below is checked, one byte
        // at a time or whole.
        let steps: [(text: String, partial: String?, path: JSONPointer?)] = [
            // The repeated name's value has not started: "a": 1 still shows.
            (#"{"a": 1, "b": 2, "a": "#, #"{"a":1,"b":2}"#, .root),
            // It has: it replaces "a": 1 at its place, and is the path in progress.
            (#""x"#, #"{"a":"x","b":2}"#, "/a"),
            (#"y", "c": [3, "#, #"{"a":"xy","b":2,"c":[3]}"#, "/c"),
            // The complete [3, 4] is replaced by the new, empty "c".
            (#"4], "c": ["#, #"{"a":"xy","b":2,"c":[]}"#, "/c"),
        ]
        var parser = JSONIncrementalParser()
        for step in steps {
            let bytes = Array(step.text.utf8)
            var start = 0
            while start < bytes.count {
                let end = min(start + chunkSize, bytes.count)
                _ = try parser.append(Array(bytes[start..<end]))
                start = end
            }
            #expect(try parser.partialValue?.jsonString() == step.partial, "after \(step.text)")
            #expect(parser.pathInProgress == step.path, "after \(step.text)")
        }
        let values = try parser.append(Array("5]}".utf8))
        #expect(try values.map { try $0.jsonString() } == [#"{"a":"xy","b":2,"c":[5]}"#])
        // The one-shot parser gives the same value: the last value of a name, at its first position.
        let whole = steps.map(\.text).joined() + "5]}"
        #expect(try JSONValue(parsing: whole).jsonString() == #"{"a":"xy","b":2,"c":[5]}"#)
    }

    @Test("a name read a byte at a time is checked at its closing quote, and shows with its value")
    func namesInTheBatch() throws {
        var parser = JSONIncrementalParser()
        for byte in #"{"a": 1, "é😀": "x"#.utf8 { try parser.append([byte]) }
        #expect(parser.partialValue == ["a": 1, "é😀": "x"])
        #expect(parser.pathInProgress == JSONPointer("/é😀"))
        // Invalid UTF-8 in a name is the one-shot parser's error, thrown by
        // the closing quote.
        let invalid: [UInt8] = Array(#"{"a": 1, "b"#.utf8) + [0xFF]
        var refusing = JSONIncrementalParser()
        for byte in invalid { try refusing.append([byte]) }
        let expected = try #require(oneShot(invalid + Array(#"": 2}"#.utf8)).failure)
        #expect(throws: expected) { try refusing.append([UInt8(ascii: "\"")]) }
    }

    @Test(
        "partial values and the path in progress",
        arguments: [
            (#"{"a": [1, {"name": "pe"#, #"{"a":[1,{"name":"pe"}]}"#, "/a/1/name"),
            (#"{"a": [1, {"name": "pe"}, "#, #"{"a":[1,{"name":"pe"}]}"#, "/a"),
            (#"{"a": 12"#, "{}", "/a"),
            (#"{"a": 1, "b": 2, "a": "x"#, #"{"a":"x","b":2}"#, "/a"),
            (#"{"a": 12, "#, #"{"a":12}"#, ""),
            (#"{"a": tr"#, "{}", "/a"),
            (#"{"ab"#, "{}", ""),
            (#"{"ab": "#, "{}", ""),
            (#"["\u00"#, #"[""]"#, "/0"),
            (#"["caf\u00e9 \ud83d"#, #"["café "]"#, "/0"),
            ("[\"caf\u{E9}", #"["caf"]"#, "/0"),
            (#""abc"#, #""abc""#, ""),
            ("[[], [[", "[[],[[]]]", "/1/0"),
        ])
    func partial(_ text: String, _ expected: String, _ path: String) throws {
        var parser = JSONIncrementalParser()
        var bytes = Array(text.utf8)
        if text.hasSuffix("\u{E9}") { bytes.removeLast() }  // half of é
        try parser.append(bytes)
        let value = try #require(parser.partialValue)
        #expect(try value.jsonString() == expected)
        #expect(parser.pathInProgress == (try JSONPointer(parsing: path)))
    }

    @Test(
        "a character cut short outside a string is no value in progress; a literal is",
        arguments: [
            ([UInt8(ascii: "{"), 0xCC], ""), ([UInt8(ascii: "["), 0xE2, 0x82], ""),
            ([UInt8(ascii: "["), UInt8(ascii: "t")], "/0"), (Array(#"{"a": nu"#.utf8), "/a"),
        ])
    func cutCharacterIsNoValue(_ bytes: [UInt8], _ path: String) throws {
        var parser = JSONIncrementalParser()
        try parser.append(bytes)
        #expect(parser.pathInProgress == (try JSONPointer(parsing: path)))
        #expect(parser.partialValue == (bytes.first == UInt8(ascii: "{") ? [:] : []))
    }

    @Test("nothing is being read between values")
    func idle() throws {
        var parser = JSONIncrementalParser()
        #expect(parser.partialValue == nil)
        #expect(parser.pathInProgress == nil)
        try parser.append("[1] ")
        // The complete value stays until the next starts.
        #expect(parser.partialValue == [1])
        #expect(parser.pathInProgress == nil)
        try parser.append("12")
        #expect(parser.partialValue == nil)
        #expect(parser.pathInProgress == JSONPointer(""))
        try parser.finish()
        #expect(parser.partialValue == 12)
        #expect(parser.pathInProgress == nil)
        try parser.append(" \"a")
        #expect(parser.partialValue == "a")
    }

    @Test("random values, written compact and pretty, come back identical from random chunks")
    func randomValues() throws {
        var random = RandomJSON(seed: 0x1D_CAFE)
        var generator = SeededGenerator(seed: 42)
        for round in 0..<300 {
            let value = random.value()
            let options: JSONValue.WritingOptions = round.isMultiple(of: 2) ? [] : [.prettyPrinted]
            let bytes = Array(try value.jsonData(options: options))
            let feeding = Feeding(
                bytes, cuts: randomCuts(bytes.count, Int.random(in: 1...40, using: &generator), using: &generator))
            try #require(feeding.error == nil, "\(feeding.error!)")
            try #require(feeding.values.count == 1)
            let expected = try JSONValue(parsing: bytes)
            #expect(identical(feeding.values[0], expected))
            checkSnapshots(feeding, final: expected, cuts: [], text: "")
            // Again, letting go of each partial value before the next, so
            // that the parser grows its open containers in place.
            var parser = JSONIncrementalParser()
            var start = 0
            for end in randomCuts(bytes.count, 30, using: &generator) + [bytes.count] {
                try parser.append(bytes[start..<end])
                start = end
                if let partial = parser.partialValue {
                    #expect(isPrefix(partial, of: expected), "\(partial) is not a prefix of \(expected)")
                }
            }
        }
    }

    @Test("nesting beyond the limit is the one-shot error; deep input is safe on a 512 KiB stack")
    func depth() throws {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let expected = try #require(oneShot(Array(deep.utf8)).failure)
        #expect(Feeding(byteByByte: Array(deep.utf8)).error == expected)
        let limit = JSONValue.ParsingOptions.nestingDepthCeiling
        let ok = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        let count = try onSmallStack {
            var parser = JSONIncrementalParser(options: .init(maximumNestingDepth: limit))
            var values: [JSONValue] = []
            for byte in ok.utf8 { values += try parser.append([byte]) }
            _ = parser.partialValue
            return values.count
        }
        #expect(count == 1)
    }

    @Test("JSON5, when allowed, is read whole when the input ends")
    func json5() throws {
        var parser = JSONIncrementalParser(options: .init(allowsJSON5: true))
        #expect(try parser.append("{a: 1,") == [])
        #expect(parser.partialValue == nil)
        #expect(try parser.append(" // c\n}") == [])
        #expect(!parser.isComplete(at: "/a"))
        #expect(try parser.finish() == [["a": 1]])
        #expect(parser.partialValue == ["a": 1])
        #expect(parser.isComplete(at: "/a"))
    }

    @Test(
        "the corpus files come back identical from random chunks", .enabled(if: Corpus.isAvailable, Corpus.skipReason))
    func corpus() throws {
        var generator = SeededGenerator(seed: 2026)
        for name in Corpus.names {
            let bytes = Array(try Corpus.data(name))
            let expected = try JSONValue(parsing: bytes)
            // Under CI's sanitizers, the many small chunks only.
            for chunks in Sanitizers.isSanitized ? [5_000] : [3, 200, 5_000] {
                let cuts = randomCuts(bytes.count, chunks, using: &generator)
                let feeding = Feeding(bytes, cuts: cuts, takesSnapshots: false)
                try #require(feeding.error == nil)
                #expect(feeding.values.count == 1)
                #expect(identical(feeding.values[0], expected), "\(name) in \(chunks) chunks")
                #expect(try feeding.values[0].jsonData() == expected.jsonData())
            }
        }
    }
}

@Suite("jsonValues()")
struct AsyncJSONValueSequenceTests {
    /// JSON Lines with a value split over lines and a number at the very end.
    static let lines = "{\"id\": 1, \"tags\": [\"a\"]}\n{\"id\": 2,\n \"tags\": []}\n[3]\n\"four\" 5"

    @Test("a byte stream gives its values in order, the last number at the end")
    func bytes() async throws {
        let stream = AsyncStream<UInt8> { continuation in
            for byte in Self.lines.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        var values: [JSONValue] = []
        for try await value in stream.jsonValues() { values.append(value) }
        #expect(values == [["id": 1, "tags": ["a"]], ["id": 2, "tags": []], [3], "four", 5])
    }

    @Test("a value comes out when its closing brace arrives, before the stream goes on")
    func promptness() async throws {
        let (stream, continuation) = AsyncStream<UInt8>.makeStream()
        for byte in #"{"a": 1}"#.utf8 { continuation.yield(byte) }
        var iterator = stream.jsonValues().makeAsyncIterator()
        #expect(try await iterator.next() == ["a": 1])
        continuation.finish()
        #expect(try await iterator.next() == nil)
    }

    @Test("a stream of chunks gives its values; an error is thrown with its location", arguments: [1, 3, 64])
    func chunks(_ size: Int) async throws {
        let bytes = Array(Self.lines.utf8)
        let stream = AsyncStream<[UInt8]> { continuation in
            var start = 0
            while start < bytes.count {
                continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
                start += size
            }
            continuation.finish()
        }
        var count = 0
        for try await _ in stream.jsonValues() { count += 1 }
        #expect(count == 5)

        let bad = AsyncStream<[UInt8]> { continuation in
            // One chunk: [1] comes out before the error in the same bytes.
            continuation.yield(Array("[1]\n[2,]".utf8))
            continuation.finish()
        }
        var seen: [JSONValue] = []
        await #expect(throws: JSONParseError.unexpectedCharacter("]", at: .init(line: 2, column: 4, offset: 7))) {
            for try await value in bad.jsonValues() { seen.append(value) }
        }
        #expect(seen == [[1]])
    }
}

/// A stream of bytes that records the isolation its iterator is read in.
struct IsolationRecordingBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    let log: Log

    final class Log: @unchecked Sendable {
        var readOnMainActor: [Bool] = []
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: [UInt8]
        var index = 0
        let log: Log

        mutating func next() async throws -> UInt8? {
            log.readOnMainActor.append(false)
            return nextByte()
        }

        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        mutating func next(isolation actor: isolated (any Actor)?) async throws -> UInt8? {
            log.readOnMainActor.append(actor === MainActor.shared)
            return nextByte()
        }

        private mutating func nextByte() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, log: log) }
}

extension AsyncJSONValueSequenceTests {
    @MainActor
    @Test("a loop on the main actor reads the stream on the main actor, bytes and chunks alike")
    func isolation() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let log = IsolationRecordingBytes.Log()
        var values: [JSONValue] = []
        for try await value in IsolationRecordingBytes(bytes: Array("[1]\n{}".utf8), log: log).jsonValues() {
            values.append(value)
        }
        #expect(values == [[1], [:]])
        #expect(!log.readOnMainActor.isEmpty && log.readOnMainActor.allSatisfy { $0 })

        let chunks = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array("[2]".utf8))
            continuation.finish()
        }
        var iterator = chunks.jsonValues().makeAsyncIterator()
        #expect(try await iterator.next(isolation: MainActor.shared) == [2])
        #expect(try await iterator.next(isolation: MainActor.shared) == nil)
    }
}

@Suite("Line and column counting")
struct LocationCountingTests {
    @Test("sixteen bytes at a time, the same as one at a time, at every length and alignment")
    func advance() {
        var generator = SeededGenerator(seed: 7)
        let alphabet: [UInt8] = [0x0A, 0x20, 0x61, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80]
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            var line = 3
            var column = 5
            for byte in bytes {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            let start = JSONParseError.Location(line: 3, column: 5, offset: 9)
            let moved = bytes.withUnsafeBufferPointer { _JSONParser.advance(start, over: $0) }
            #expect(moved == JSONParseError.Location(line: line, column: column, offset: 9), "length \(length)")
        }
    }
}
