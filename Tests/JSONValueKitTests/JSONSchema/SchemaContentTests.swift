import Testing

@testable import JSONValueKit

/// Content assertions, `contentEncoding: "base64"` and `contentMediaType:
/// "application/json"`, as `Options.assertsContent` asks for them: base64
/// with every amount of padding, decoded to the exact bytes, and the decoded
/// text read as JSON.
@Suite("JSON Schema content assertions (assertsContent)")
struct SchemaContentTests {
    @Test(
        "base64 decodes to exactly its bytes, with no, one or two padding characters",
        arguments: [
            ("", [UInt8]()), ("YQ==", [0x61]), ("YWI=", [0x61, 0x62]), ("YWJj", [0x61, 0x62, 0x63]),
            ("YWJjZA==", [0x61, 0x62, 0x63, 0x64]), ("/w==", [0xFF]), ("//8=", [0xFF, 0xFF]), ("AAAA", [0, 0, 0]),
            ("+/+/", [0xFB, 0xFF, 0xBF]),
        ])
    func decodes(_ text: String, _ bytes: [UInt8]) {
        #expect(_SchemaContent.decodeBase64(Array(text.utf8)) == bytes, "\(text)")
    }

    @Test(
        "base64 that is not: wrong length, characters or padding",
        arguments: ["Y", "YQ=", "YQ", "Y===", "=YQ=", "YQ==YQ==", "Y Q==", "YQ-_", "YW=j", "\u{E9}QAA"])
    func refused(_ text: String) {
        #expect(_SchemaContent.decodeBase64(Array(text.utf8)) == nil, "\(text)")
    }

    @Test(
        "base64 of JSON text: asserted with assertsContent, an annotation without it",
        arguments: [
            ("MQ==", true), ("e30=", true), ("WzFd", true), ("eyJhIjoxfQ==", true), ("e30", false), ("ew==", false),
            ("IiI=", true), ("bnVsbA==", true), ("bnVs", false),
        ])
    func base64JSON(_ text: String, _ valid: Bool) throws {
        let keywords: JSONValue = ["contentEncoding": "base64", "contentMediaType": "application/json"]
        for dialect in [JSONSchema.Dialect.draft7, .draft2020_12] {
            var options = JSONSchema.Options(dialect: dialect)
            options.assertsContent = true
            expectVerdict(try JSONSchema(keywords, options: options), .string(text), valid, "\(text), \(dialect)")
            // Without the option, content keywords are annotations only.
            expectVerdict(
                try JSONSchema(keywords, options: .init(dialect: dialect)), .string(text), true, "\(text), \(dialect)")
        }
    }
}
