import Foundation
import Testing

@testable import JSONValueKit

/// Every public error type has a kind to switch over, a property that says
/// where, and a one-line description that says both.
@Suite("One shape for every error")
struct ErrorShapeTests {
    @Test("a parse error reports the character, not its first byte")
    func characters() {
        let bom = Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF])
        let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: bom) }
        #expect(error?.kind == .unexpectedCharacter("\u{FEFF}"))
        #expect(error?.location == .init(line: 1, column: 1, offset: 3))
        #expect(error?.description == "Unexpected character U+FEFF at line 1, column 1 (byte 3).")
        let accented = #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1, é]") }
        #expect(accented?.kind == .unexpectedCharacter("é"))
        #expect(accented?.description == "Unexpected character 'é' at line 1, column 5 (byte 4).")
        let invalid = #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data([0x5B, 0xFF, 0x5D])) }
        #expect(invalid?.kind == .invalidUTF8)
        let control = #expect(throws: JSONParseError.self) { try JSONValue(parsing: "\"a\tb\"") }
        #expect(control?.kind == .unescapedControlCharacter("\t"))
        #expect(control?.description.contains("U+0009") == true)
    }

    @Test("every error type: kind, where, and one line that says both")
    func shapes() throws {
        var descriptions: [String] = []

        let parse = #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1,]") }
        #expect(parse?.kind == .unexpectedCharacter("]") && parse?.location.offset == 3)
        descriptions += parse.map { [$0.description] } ?? []

        let writing = #expect(throws: JSONWritingError.self) {
            try JSONValue(["a": [.double(.nan)]]).jsonString()
        }
        #expect(writing?.kind == .nonFiniteNumber(.nan) && writing?.path == "/a/0")
        descriptions += writing.map { [$0.description] } ?? []

        let bridging = #expect(throws: JSONBridgingError.self) { try JSONValue(any: ["a": Date()]) }
        #expect(bridging?.kind == .unsupportedType("Date") && bridging?.path == "/a")
        descriptions += bridging.map { [$0.description] } ?? []

        let pointerText = "a/b"
        let pointer = #expect(throws: JSONPointerError.self) { try JSONPointer(parsing: pointerText) }
        #expect(pointer?.kind == .missingLeadingSlash && pointer?.offset == 0)
        descriptions += pointer.map { [$0.description] } ?? []

        let patch = #expect(throws: JSONPatchError.self) {
            try JSONValue(["a": 1]).applying(JSONPatch([.remove(path: "/b")]))
        }
        #expect(patch?.operationIndex == 0 && patch?.pointer == "/b")
        descriptions += patch.map { [$0.description] } ?? []

        let merge = #expect(throws: JSONMergePatchError.self) {
            try JSONValue.mergePatch(from: ["a": 1], to: ["a": nil])
        }
        #expect(merge?.kind == .nullMember && merge?.path == "/a")
        descriptions += merge.map { [$0.description] } ?? []

        let pathText = "$.a["
        let path = #expect(throws: JSONPathError.self) { try JSONPath(parsing: pathText) }
        #expect(path?.kind == .syntax && path?.location.offset == 4)
        descriptions += path.map { [$0.description] } ?? []

        var decoder = JSONValueDecoder()
        decoder.tolerance = .emptyValuesAsNil
        var deviations: [JSONValueDecoder.Deviation] = []
        _ = try decoder.decode([Int?].self, from: [1, ""], deviations: &deviations)
        #expect(deviations.first?.action == .madeNil && deviations.first?.codingPath.first?.intValue == 1)
        descriptions += deviations.map { $0.description.components(separatedBy: ": ").prefix(2).joined() }

        #expect(descriptions.count == 8)
        for description in descriptions {
            #expect(!description.contains("\n"), "\(description)")
            #expect(description.contains(" at ") || description.hasPrefix("At "), "\(description)")
        }
    }
}
