import Testing

@testable import JSONValueKit

/// `minLength` and `maxLength` count Unicode scalars (code points), whatever
/// their UTF-8 length: the validator settles most strings from their byte
/// count alone, so strings of one-, two-, three- and four-byte characters
/// are checked on both sides of every limit.
@Suite("JSON Schema string lengths")
struct SchemaLengthTests {
    /// One character of each UTF-8 length, and a letter with a combining
    /// accent (two scalars, one character to a reader).
    static let units: [String] = ["a", "\u{E9}", "\u{20AC}", "\u{1F600}", "e\u{301}", "\u{10FFFF}", "\u{7FF}"]

    /// Each unit repeated 0 to 6 times, and some mixtures.
    static let strings: [String] =
        units.flatMap { unit in (0...6).map { String(repeating: unit, count: $0) } } + [
            "a\u{1F600}", "\u{1F600}a\u{1F600}", "\u{20AC}\u{1F600}", "a\u{20AC}\u{1F600}\u{E9}",
            "\u{1F600}\u{1F600}\u{1F600}\u{E9}", "\u{20AC}\u{20AC}\u{20AC}\u{20AC}a",
        ]

    @Test("minLength and maxLength on both sides of every limit from 0 to 8", arguments: 0...8)
    func limits(_ limit: Int) throws {
        let minimum = try JSONSchema(["minLength": .int(limit)])
        let maximum = try JSONSchema(["maxLength": .int(limit)])
        let both = try JSONSchema(["type": "string", "minLength": .int(limit), "maxLength": .int(limit + 1)])
        for string in Self.strings {
            let length = string.unicodeScalars.count
            let context: Comment = "\(string.debugDescription) (\(length) scalars, \(string.utf8.count) bytes)"
            expectVerdict(minimum, .string(string), length >= limit, context)
            expectVerdict(maximum, .string(string), length <= limit, context)
            expectVerdict(both, .string(string), length == limit || length == limit + 1, context)
        }
    }

    @Test(
        "characters outside the BMP near the limit",
        arguments: [
            ("minLength", 4, "\u{1F600}\u{1F600}\u{1F600}", false),
            ("minLength", 4, "\u{1F600}\u{1F600}\u{1F600}a", true),
            ("minLength", 3, "\u{1F600}\u{1F600}\u{1F600}", true), ("minLength", 2, "\u{1F600}", false),
            ("maxLength", 2, "\u{1F600}\u{1F600}\u{1F600}", false),
            ("maxLength", 3, "\u{1F600}\u{1F600}\u{1F600}", true),
            ("maxLength", 11, "\u{1F600}\u{1F600}\u{1F600}", true), ("minLength", 3, "\u{20AC}\u{20AC}", false),
            ("minLength", 5, "\u{E9}\u{E9}\u{E9}\u{E9}", false), ("maxLength", 1, "e\u{301}", false),
        ] as [(String, Int, String, Bool)])
    func astral(_ keyword: String, _ limit: Int, _ string: String, _ valid: Bool) throws {
        let schema = try JSONSchema([keyword: .int(limit)])
        expectVerdict(schema, .string(string), valid, "\(keyword) \(limit) on \(string.debugDescription)")
        // Inside an object, on the path that decides a property at a time.
        let nested = try JSONSchema(["properties": ["name": [keyword: .int(limit)]]])
        expectVerdict(nested, ["name": .string(string)], valid)
        if !valid {
            let error = try #require(schema.validate(.string(string)).errors.first)
            #expect(error.keywordLocation.description == "/\(keyword)")
        }
    }
}
