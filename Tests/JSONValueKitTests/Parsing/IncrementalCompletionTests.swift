import Testing

@testable import JSONValueKit

/// ``JSONIncrementalParser/isComplete(at:)`` and the complete value that
/// ``JSONIncrementalParser/partialValue`` keeps, checked against where the
/// text says each value ends (``CompletionReference``).
@Suite("JSONIncrementalParser completion")
struct IncrementalCompletionTests {
    /// Checks every location of the text, and a few absent ones, after
    /// `read` bytes; `finished` once the input has ended.
    private func check(
        _ parser: JSONIncrementalParser, _ reference: CompletionReference, read: Int, finished: Bool = false,
        _ comment: String
    ) {
        for (tokens, _, end) in reference.values {
            let expected = finished || end <= read
            if parser.isComplete(at: JSONPointer(tokens: tokens)) != expected {
                Issue.record("\(comment): \(JSONPointer(tokens: tokens)) complete after \(read) bytes")
                return
            }
        }
        // Never present: a name no object has, an index past every array,
        // a member of a scalar.
        for tokens in [["\u{1}absent"], ["0", "\u{1}absent"], ["9999"], ["a", "b", "c", "d", "e", "f", "g"]]
        where reference.end(of: tokens) == nil && parser.isComplete(at: JSONPointer(tokens: tokens)) {
            Issue.record("\(comment): absent \(tokens) complete after \(read) bytes")
        }
    }

    @Test("random values fed a byte at a time: complete exactly from the byte that ends each value")
    func byteByByte() throws {
        var random = RandomJSON(seed: 0xC0_31E7E)
        for round in 0..<Sanitizers.scaled(120) {
            let value = random.value()
            let bytes = Array(try value.jsonData(options: round.isMultiple(of: 2) ? [] : [.prettyPrinted]))
            let reference = CompletionReference(bytes)
            var parser = JSONIncrementalParser()
            check(parser, reference, read: 0, "round \(round)")
            for (index, byte) in bytes.enumerated() {
                try parser.append([byte])
                check(parser, reference, read: index + 1, "round \(round)")
            }
            let expected = try JSONValue(parsing: bytes)
            if reference.values[0].end != Int.max {
                // A complete value is the partial value, before the end too.
                #expect(parser.partialValue.map { identical($0, expected) } == true, "round \(round)")
            }
            try parser.finish()
            check(parser, reference, read: bytes.count, finished: true, "round \(round), finished")
            #expect(parser.partialValue.map { identical($0, expected) } == true, "round \(round)")
        }
    }

    @Test("random values in random chunks and at every split: complete exactly, and never undone")
    func randomChunks() throws {
        var random = RandomJSON(seed: 0xC0_31E7F)
        var generator = SeededGenerator(seed: 7)
        for round in 0..<Sanitizers.scaled(200) {
            let value = random.value()
            let bytes = Array(try value.jsonData(options: round.isMultiple(of: 3) ? [.prettyPrinted] : []))
            let reference = CompletionReference(bytes)
            let expected = try JSONValue(parsing: bytes)
            var splits: [[Int]] = []
            if bytes.count < 300 {
                for cut in 1..<max(bytes.count, 1) { splits.append([cut]) }
            }
            for _ in 0..<4 {
                var cuts: [Int] = []
                var end = 0
                while true {
                    end += Int.random(in: 1...(Bool.random(using: &generator) ? 8 : 300), using: &generator)
                    guard end < bytes.count else { break }
                    cuts.append(end)
                }
                splits.append(cuts)
            }
            for cuts in splits {
                var parser = JSONIncrementalParser()
                var start = 0
                var complete: Set<[String]> = []
                for end in cuts + [bytes.count] {
                    try parser.append(bytes[start..<end])
                    start = end
                    check(parser, reference, read: end, "round \(round), cuts \(cuts)")
                    for (tokens, _, _) in reference.values where complete.contains(tokens) {
                        #expect(parser.isComplete(at: JSONPointer(tokens: tokens)), "undone: \(tokens)")
                    }
                    complete.formUnion(
                        reference.values.map(\.tokens).filter { parser.isComplete(at: JSONPointer(tokens: $0)) })
                }
                try parser.finish()
                check(parser, reference, read: bytes.count, finished: true, "round \(round), cuts \(cuts)")
                #expect(parser.partialValue.map { identical($0, expected) } == true)
            }
        }
    }

    @Test("an explicit null is complete where an absent member is not")
    func nullIsNotAbsent() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"a": nu"#)
        #expect(!parser.isComplete(at: "/a"))
        #expect(parser.partialValue == [:])
        try parser.append("l")
        #expect(!parser.isComplete(at: "/a"))
        try parser.append("l")
        #expect(parser.isComplete(at: "/a"))
        #expect(parser.partialValue == ["a": nil])
        #expect(!parser.isComplete(at: "/b"))
        #expect(!parser.isComplete(at: ""))
        try parser.append(#", "b": [1, "x", {"c": false}"#)
        #expect(parser.isComplete(at: "/b/0"))
        #expect(parser.isComplete(at: "/b/1"))
        #expect(parser.isComplete(at: "/b/2"))
        #expect(parser.isComplete(at: "/b/2/c"))
        #expect(!parser.isComplete(at: "/b/2/d"))
        #expect(!parser.isComplete(at: "/b/3"))
        #expect(!parser.isComplete(at: "/b"))
        #expect(!parser.isComplete(at: "/b/-"))
        #expect(!parser.isComplete(at: "/b/01"))
        try parser.append("]}")
        #expect(parser.isComplete(at: ""))
        #expect(parser.isComplete(at: "/b"))
    }

    @Test("a number is complete from the byte after it; a string, literal or container from its last")
    func ends() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"city": "Lisbon", "days": 1"#)
        #expect(parser.isComplete(at: "/city"))
        #expect(!parser.isComplete(at: "/days"))
        #expect(!parser.isComplete(at: "/units"))
        #expect(!parser.isComplete(at: ""))
        try parser.append("4")
        #expect(!parser.isComplete(at: "/days"))
        try parser.append(" ")
        #expect(parser.isComplete(at: "/days"))
        #expect(parser.partialValue == ["city": "Lisbon", "days": 14])
        try parser.append(#", "units": "c"#)
        #expect(!parser.isComplete(at: "/units"))
        #expect(parser.partialValue == ["city": "Lisbon", "days": 14, "units": "c"])
        try parser.append(#"elsius"}"#)
        #expect(parser.isComplete(at: "/units"))
        #expect(parser.isComplete(at: ""))
    }

    @Test("a member whose name is being read again is not complete")
    func repeatedName() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"{"a": 1, "b": 2, "a""#)
        #expect(!parser.isComplete(at: "/a"))
        #expect(parser.isComplete(at: "/b"))
        try parser.append(#": "x"#)
        #expect(!parser.isComplete(at: "/a"))
        try parser.append(#"y""#)
        #expect(parser.isComplete(at: "/a"))
        #expect(parser.partialValue == ["a": "xy", "b": 2])
    }

    @Test("several values: each complete one stays until the next starts")
    func severalValues() throws {
        var parser = JSONIncrementalParser()
        #expect(parser.partialValue == nil)
        #expect(!parser.isComplete(at: ""))
        try parser.append(#"{"a": 1}"#)
        #expect(parser.partialValue == ["a": 1])
        #expect(parser.isComplete(at: ""))
        #expect(parser.isComplete(at: "/a"))
        try parser.append("\n")
        #expect(parser.partialValue == ["a": 1])
        try parser.append("[")
        #expect(parser.partialValue == [])
        #expect(!parser.isComplete(at: "/a"))
        #expect(!parser.isComplete(at: ""))
        try parser.append("true]\n7")
        #expect(parser.partialValue == nil)
        #expect(!parser.isComplete(at: ""))
        try parser.finish()
        #expect(parser.partialValue == 7)
        #expect(parser.isComplete(at: ""))
        #expect(!parser.isComplete(at: "/0"))
    }

    @Test("a copy answers for its own bytes")
    func fork() throws {
        var parser = JSONIncrementalParser()
        try parser.append(#"["a", "b"#)
        var fork = parser
        try fork.append(#"", 2"#)
        #expect(!parser.isComplete(at: "/1"))
        #expect(fork.isComplete(at: "/1"))
        #expect(!fork.isComplete(at: "/2"))
    }
}
