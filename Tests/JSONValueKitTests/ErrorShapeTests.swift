import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

@Suite("Error messages a newcomer can act on")
struct ErrorMessageTests {
    @Test("invalid Data says so once, with the parse error as the underlying error")
    func invalidData() throws {
        let error = #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode([Int].self, from: Data(#"{"a": 1, "b": [1, 2,]}"#.utf8))
        }
        let text = "\(error!)"
        #expect(!text.contains(".."), "\(text)")
        #expect(text.components(separatedBy: "Unexpected character").count == 2, "\(text)")
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected DecodingError.dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription == "The given data was not valid JSON")
        #expect(
            context.underlyingError as? JSONParseError
                == JSONParseError(.unexpectedCharacter("]"), at: .init(line: 1, column: 21, offset: 20)))
    }

    @Test(
        "null where an array is expected names [Any], as JSONDecoder does",
        .enabled(if: ToolchainFoundation.isChecked, ToolchainFoundation.skipReason))
    func nullArray() throws {
        struct Model: Decodable { var list: [Int] }
        let ours = #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Model.self, from: ["list": nil])
        }
        let theirs = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Model.self, from: Data(#"{"list": null}"#.utf8))
        }
        guard case .valueNotFound(let ourType, _)? = ours, case .valueNotFound(let theirType, _)? = theirs else {
            Issue.record("expected valueNotFound from both")
            return
        }
        #expect(ObjectIdentifier(ourType) == ObjectIdentifier(theirType))
        #expect(ObjectIdentifier(ourType) == ObjectIdentifier([Any].self))
    }

    @Test(
        "convertScalarTypes: a number in a string that does not fit says so, not that a string was found",
        arguments: [("300", "Int8"), ("1.5", "Int"), ("-1", "UInt")])
    func tolerantNumbers(_ text: String, _ type: String) throws {
        var decoder = JSONValueDecoder()
        decoder.tolerance = .convertScalarTypes
        let error = #expect(throws: DecodingError.self) {
            switch type {
            case "Int8": _ = try decoder.decode(Int8.self, from: .string(text))
            case "UInt": _ = try decoder.decode(UInt.self, from: .string(text))
            default: _ = try decoder.decode(Int.self, from: .string(text))
            }
        }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription == "Number \(text), in a string, does not fit in \(type).")
    }

    @Test("a missing MappedCodingKey lists every path it tried")
    func mappedKeyPaths() throws {
        struct Item: Decodable {
            let count: Int
            enum CodingKeys: String, MappedCodingKey {
                case count
                var paths: [JSONPointer] { ["/count", "/n", "/meta/count"] }
            }
        }
        let error = #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Item.self, from: [:]) }
        guard case .keyNotFound(let key, let context)? = error else {
            Issue.record("expected DecodingError.keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "count")
        #expect(context.debugDescription.hasSuffix(#"at any of its paths: "/count", "/n", "/meta/count"."#))
    }

    @Test("a broken literal is reported where it starts", arguments: ["{\"b\": tru\n}", "[nul1]", "[fals]", "[tx]"])
    func brokenLiteral(_ text: String) throws {
        let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        let start = text.utf8.firstIndex {
            $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: "n") || $0 == UInt8(ascii: "f")
        }!
        #expect(error?.location.offset == text.utf8.distance(from: text.utf8.startIndex, to: start))
        #expect(error?.kind == .invalidLiteral)
    }

    @Test(
        "a strict parse that meets a comment or a single quote points to allowsJSON5",
        arguments: ["{'a': 1}", "[1, // c\n2]"])
    func json5Hint(_ text: String) throws {
        let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        #expect(error?.description.contains("allowsJSON5") == true)
        #expect(throws: Never.self) { try JSONValue(parsing: text, options: .init(allowsJSON5: true)) }
    }
}
