import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("JSON Patch (RFC 6902)")
struct JSONPatchTests {
    static let document: JSONValue = ["ext": ["v": 1, "tags": ["a", "b"], "s": "é"], "n": nil]

    @Test("applying is atomic: a failing operation leaves the value unchanged")
    func atomic() throws {
        var value = Self.document
        let patch: JSONPatch = [
            .replace(path: "/ext/v", value: 2), .add(path: "/ext/tags/-", value: "c"), .test(path: "/ext/v", value: 3),
        ]
        #expect(
            throws: JSONPatchError(
                .testFailed(expected: 3, found: 2), operationIndex: 2, operation: "test", pointer: "/ext/v")
        ) { try value.apply(patch) }
        #expect(JSONValue._isIdentical(value, Self.document))
    }

    @Test("errors name the operation, the pointer and the token")
    func errors() throws {
        let cases: [(JSONPatch, JSONPatchError)] = [
            (
                [.remove(path: "/ext/missing")],
                JSONPatchError(
                    .targetNotFound(JSONPointerError(.memberNotFound, pointer: "/ext/missing", tokenIndex: 1)),
                    operationIndex: 0, operation: "remove", pointer: "/ext/missing")
            ),
            (
                [.test(path: "/ext/v", value: 1), .add(path: "/ext/tags/3", value: 0)],
                JSONPatchError(
                    .targetNotFound(
                        JSONPointerError(.indexOutOfRange(count: 2), pointer: "/ext/tags/3", tokenIndex: 2)),
                    operationIndex: 1, operation: "add", pointer: "/ext/tags/3")
            ),
            (
                [.move(from: "/ext", path: "/ext/inner")],
                JSONPatchError(.moveIntoOwnChild, operationIndex: 0, operation: "move", pointer: "/ext/inner")
            ),
            (
                [.copy(from: "/nope", path: "/x")],
                JSONPatchError(
                    .targetNotFound(JSONPointerError(.memberNotFound, pointer: "/nope", tokenIndex: 0)),
                    operationIndex: 0, operation: "copy", pointer: "/nope")
            ),
        ]
        for (patch, expected) in cases {
            #expect(throws: expected) { try Self.document.applying(patch) }
        }
        #expect(
            "\(JSONPatchError(.testFailed(expected: 3, found: 2), operationIndex: 2, operation: "test", pointer: "/ext/v"))"
                == "Operation 2 (test) failed at /ext/v: expected 3, found 2.")
    }

    @Test(
        "malformed operations are refused when the patch is read",
        arguments: [
            (#"[{"path": "/a"}]"#, JSONPatchError.Kind.missingMember("op")),
            (#"[{"op": "spam", "path": "/a"}]"#, .unknownOperation("spam")),
            (#"[{"op": "add", "path": "/a"}]"#, .missingMember("value")),
            (#"[{"op": "move", "path": "/a"}]"#, .missingMember("from")),
            (#"[{"op": "add", "value": 1}]"#, .missingMember("path")),
            (#"[{"op": "add", "path": 1, "value": 1}]"#, .invalidMember("path")),
            (#"[1]"#, .notAnObject),
            (#"{"op": "add"}"#, .notAnArray),
        ])
    func malformed(_ text: String, _ kind: JSONPatchError.Kind) throws {
        #expect {
            try JSONPatch(JSONValue(parsing: text))
        } throws: { error in
            (error as? JSONPatchError)?.kind == kind
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(JSONPatch.self, from: Data(text.utf8)) }
    }

    /// A model that holds a patch, so that decoding it has a coding path of
    /// its own to start from.
    struct PatchRequest: Decodable {
        var patch: JSONPatch
    }

    @Test(
        "a patch that fails to decode leads its coding path to the operation and member, and says what once",
        arguments: [
            (#"[{"op": "add", "path": "/a", "value": 1}, {"op": "add", "path": "/a"}]"#, ["patch", "1", "value"]),
            (#"[{"path": "/a"}]"#, ["patch", "0", "op"]),
            (#"[{"op": "spam", "path": "/a"}]"#, ["patch", "0", "op"]),
            (#"[{"op": "move", "from": "a", "path": "/b"}]"#, ["patch", "0", "from"]),
            (#"[{"op": "copy", "from": "/a", "path": "b"}]"#, ["patch", "0", "path"]),
            (#"[{"op": "test", "path": 1, "value": 1}]"#, ["patch", "0", "path"]),
            (#"[{"op": "remove", "path": "/a"}, 1]"#, ["patch", "1"]),
            (#"{"op": "add"}"#, ["patch"]),
        ])
    func decodingErrorPath(_ patch: String, _ expectedPath: [String]) throws {
        let data = Data(#"{"patch": \#(patch)}"#.utf8)
        let decoders: [(String, () throws -> Void)] = [
            ("JSONDecoder", { _ = try JSONDecoder().decode(PatchRequest.self, from: data) }),
            ("JSONValueDecoder", { _ = try JSONValueDecoder().decode(PatchRequest.self, from: data) }),
        ]
        let expected = try #require(throws: JSONPatchError.self) { try JSONPatch(JSONValue(parsing: patch)) }
        for (name, decode) in decoders {
            let error = try #require(throws: DecodingError.self, "\(name)") { try decode() }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(name): expected dataCorrupted, got \(error)")
                continue
            }
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            #expect(path == expectedPath, "\(name)")
            #expect(context.underlyingError as? JSONPatchError == expected, "\(name)")
            // The sentence that says what is wrong appears once in the printed error.
            let printed = "\(error)"
            #expect(printed.components(separatedBy: expected.description).count == 2, "\(name): \(printed)")
        }
    }

    @Test("test compares numbers by value, never a Boolean with a number, strings by scalars, objects unordered")
    func testSemantics() throws {
        let value: JSONValue = ["i": 1, "b": true, "s": "\u{E9}", "o": ["x": 1, "y": [1.0, "z"]]]
        let passing: [(JSONPointer, JSONValue)] = [
            ("/i", 1.0), ("/b", true), ("/s", "\u{E9}"), ("/o", ["y": [1, "z"], "x": 1.0]),
        ]
        for (path, expected) in passing {
            #expect(throws: Never.self) { try value.applying([.test(path: path, value: expected)]) }
        }
        let failing: [(JSONPointer, JSONValue)] = [
            ("/i", true), ("/b", 1), ("/s", "e\u{301}"), ("/o", ["x": 1, "y": ["z", 1]]), ("/i", "1"),
        ]
        for (path, expected) in failing {
            #expect(throws: JSONPatchError.self) { try value.applying([.test(path: path, value: expected)]) }
        }
    }

    @Test("Codable as the standard JSON array, and back to an equal patch")
    func codable() throws {
        let patch: JSONPatch = [
            .add(path: "/a/-", value: ["x": [1, nil]]), .remove(path: "/b"), .replace(path: "", value: 2.5),
            .move(from: "/c", path: "/d"), .copy(from: "/e~1f", path: "/g"), .test(path: "/h", value: "i"),
        ]
        let data = try JSONEncoder().encode(patch)
        #expect(try JSONDecoder().decode(JSONPatch.self, from: data) == patch)
        let tree = try JSONValue(parsing: data)
        #expect(tree[1] == ["op": "remove", "path": "/b"])
        #expect(tree[4] == ["op": "copy", "from": "/e~1f", "path": "/g"])
        #expect(try JSONPatch(tree) == patch)
    }

    @Test("property: encoding to JSON and decoding gives an equal patch")
    func codableProperty() throws {
        var random = RandomJSON(seed: 6902)
        for _ in 0..<300 {
            let old = random.container()
            let patch = JSONPatch(from: old, to: random.mutated(old))
            let data = try JSONEncoder().encode(patch)
            #expect(try JSONDecoder().decode(JSONPatch.self, from: data) == patch)
            #expect(try JSONPatch(JSONValue(parsing: patch.description)) == patch)
        }
    }
}
