import Testing

@testable import JSONValueKit

/// `json-pointer`, `relative-json-pointer` and `uuid`.
@Suite("Formats: pointers and UUIDs")
struct PointerFormatTests {
    @Test(
        "json-pointer",
        arguments: [
            ("", true), ("/", true), ("/a/b", true), ("/a~0b~1c", true), ("/~", false), ("/~2", false),
            ("a", false), ("#/a", false), ("/é/\u{0}", true), ("//", true),
        ])
    func jsonPointer(_ text: String, _ valid: Bool) {
        #expect(_Format.jsonPointer.isValid(text) == valid)
    }

    @Test(
        "relative-json-pointer",
        arguments: [
            ("0", true), ("0#", true), ("10/a", true), ("0+1", true), ("1-2/a", true), ("0+1#", true),
            ("0-01", false), ("0+", false), ("+1", false), ("00", false), ("0##", false), ("0#/a", false),
            ("", false), ("0a", false), ("1/~", false),
        ])
    func relativeJSONPointer(_ text: String, _ valid: Bool) {
        #expect(_Format.relativeJSONPointer.isValid(text) == valid)
    }

    @Test(
        "uuid",
        arguments: [
            ("00000000-0000-0000-0000-000000000000", true), ("FFFFFFFF-ffff-FFFF-ffff-FFFFFFFFFFFF", true),
            ("00000000-0000-0000-0000-00000000000", false), ("00000000-0000-0000-0000-0000000000000", false),
            ("0000000-00000-0000-0000-000000000000", false), ("{00000000-0000-0000-0000-000000000000}", false),
            ("00000000-0000-0000-0000-00000000000g", false),
        ])
    func uuid(_ text: String, _ valid: Bool) {
        #expect(_Format.uuid.isValid(text) == valid)
    }
}
