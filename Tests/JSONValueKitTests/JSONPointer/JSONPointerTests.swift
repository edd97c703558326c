import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("JSON Pointer (RFC 6901)")
struct JSONPointerTests {
    /// RFC 6901 section 5's document.
    static let document: JSONValue = [
        "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7,
        "m~n": 8,
    ]

    @Test("a valid literal, a parsed pointer and one made from tokens have no literalError")
    func noLiteralError() throws {
        let literal: JSONPointer = "/a~1b/0"
        #expect(literal.literalError == nil)
        #expect(try JSONPointer(parsing: "/a~1b/0").literalError == nil)
        #expect(JSONPointer(tokens: ["a/b", "0"]).literalError == nil && JSONPointer.root.literalError == nil)
        #expect(("" as JSONPointer).literalError == nil)
    }

    @Test(
        "RFC 6901 section 5: every example pointer",
        arguments: [
            ("", document), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1), ("/c%d", 2),
            ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
        ] as [(String, JSONValue)])
    func section5(_ text: String, _ expected: JSONValue) throws {
        let pointer = try JSONPointer(parsing: text)
        #expect(try Self.document.value(at: pointer) == expected)
        #expect(pointer.description == text)
    }

    @Test(
        "RFC 6901 section 6: the URI fragment forms",
        arguments: [
            ("#", ""), ("#/foo", "/foo"), ("#/foo/0", "/foo/0"), ("#/", "/"), ("#/a~1b", "/a~1b"), ("#/c%25d", "/c%d"),
            ("#/e%5Ef", "/e^f"), ("#/g%7Ch", "/g|h"), ("#/i%5Cj", "/i\\j"), ("#/k%22l", "/k\"l"), ("#/%20", "/ "),
            ("#/m~0n", "/m~0n"),
        ])
    func section6(_ fragment: String, _ text: String) throws {
        let pointer = try JSONPointer(uriFragment: fragment)
        #expect(try pointer == JSONPointer(parsing: text))
        #expect(pointer.uriFragment == fragment)
        #expect(try JSONPointer(uriFragment: pointer.uriFragment) == pointer)
    }

    @Test("escapes decode ~1 before ~0: ~01 is the member ~1")
    func escapeOrder() throws {
        #expect(("/~01" as JSONPointer).tokens == ["~1"])
        #expect(("/~10" as JSONPointer).tokens == ["/0"])
        #expect(JSONPointer(tokens: ["~1"]).description == "/~01")
        #expect(JSONPointer(tokens: ["a/b", "m~n", ""]).description == "/a~1b/m~0n/")
    }

    @Test(
        "malformed pointers name their offending offset",
        arguments: [
            ("a", JSONPointerError.Kind.missingLeadingSlash, 0), ("/a~2", .invalidEscape, 2), ("/~", .invalidEscape, 1),
            ("/a/~a", .invalidEscape, 3), ("#/a", .missingLeadingSlash, 0),
        ] as [(String, JSONPointerError.Kind, Int)])
    func malformed(_ text: String, _ kind: JSONPointerError.Kind, _ offset: Int) {
        #expect(throws: JSONPointerError(kind, text: text, offset: offset)) { try JSONPointer(parsing: text) }
        // The same text as a literal does not trap: it names no value, and
        // every throwing use throws the same error.
        let literal = JSONPointer(stringLiteral: text)
        #expect(literal.description == text && !literal.isRoot)
        #expect(literal.literalError == JSONPointerError(kind, text: text, offset: offset))
        var repaired = literal
        repaired.tokens = ["a"]
        #expect(repaired.literalError == nil && repaired.description == "/a")
        #expect(literal != .root && literal == JSONPointer(stringLiteral: text))
        #expect(Set([literal, .root, JSONPointer(stringLiteral: text)]).count == 2)
        let document: JSONValue = ["a": [1]]
        #expect(document[pointer: literal] == Optional<JSONValue>.none)
        #expect(throws: JSONPointerError(kind, text: text, offset: offset)) { try document.value(at: literal) }
        var copy = document
        #expect(throws: JSONPointerError(kind, text: text, offset: offset)) { try copy.setValue(1, at: literal) }
        #expect(throws: JSONPointerError(kind, text: text, offset: offset)) { try copy.removeValue(at: literal) }
        copy[pointer: literal] = 5
        #expect(copy == document)
        let patch = #expect(throws: JSONPatchError.self) { try document.applying(JSONPatch([.remove(path: literal)])) }
        #expect(patch?.kind == .invalidPointer(JSONPointerError(kind, text: text, offset: offset)))
    }

    @Test("try JSONPointer(\"profile/name\") with a literal does not trap")
    func literalWithTry() throws {
        // A literal: `try JSONPointer("profile/name")` means the same, with a
        // warning that nothing throws.
        let pointer = JSONPointer("profile/name")
        #expect(throws: JSONPointerError(.missingLeadingSlash, text: "profile/name", offset: 0)) {
            try JSONValue(["profile": ["name": 1]]).value(at: pointer)
        }
        let paths: [JSONPointer] = ["/code", "/tagcode"]
        #expect(paths.map(\.tokens) == [["code"], ["tagcode"]])
    }

    @Test(
        "URI fragments: a missing #, broken percent escapes and bad pointers say why, at offsets into the fragment",
        arguments: [
            ("/a", JSONPointerError.Kind.missingNumberSign, 0), ("#/a%2", .invalidPercentEncoding, 3),
            ("#/a%zz", .invalidPercentEncoding, 3), ("#/%FF", .invalidUTF8, 2), ("#/a%C3%A9/%E9", .invalidUTF8, 10),
            ("#a", .missingLeadingSlash, 1), ("#/%C3%A9~2", .invalidEscape, 8), ("#/%7E2", .invalidEscape, 2),
        ] as [(String, JSONPointerError.Kind, Int)])
    func malformedFragments(_ fragment: String, _ kind: JSONPointerError.Kind, _ offset: Int) {
        let error = #expect(throws: JSONPointerError.self) { try JSONPointer(uriFragment: fragment) }
        #expect(error?.kind == kind)
        #expect(error?.offset == offset)
        #expect(error?.pointer.description == fragment)
        #expect(error?.description.contains("\"\(fragment)\" at offset \(offset)") == true, "\(error!)")
    }

    @Test("member names compare by Unicode scalars, not canonical equivalence")
    func scalars() throws {
        let precomposed: JSONValue = ["\u{E9}": 1]
        #expect(precomposed[pointer: JSONPointer(tokens: ["\u{E9}"])] == 1)
        #expect(precomposed[pointer: JSONPointer(tokens: ["e\u{301}"])] == Optional<JSONValue>.none)
        #expect(JSONPointer(tokens: ["\u{E9}"]) != JSONPointer(tokens: ["e\u{301}"]))
        #expect(Set([JSONPointer(tokens: ["\u{E9}"]), JSONPointer(tokens: ["e\u{301}"])]).count == 2)
        // A name with other scalars is another member: both are kept.
        var value = precomposed
        try value.setValue(2, at: JSONPointer(tokens: ["e\u{301}"]))
        #expect(value.objectValue?.keys == ["\u{E9}", "e\u{301}"])
        #expect(value[pointer: JSONPointer(tokens: ["\u{E9}"])] == 1)
        #expect(value[pointer: JSONPointer(tokens: ["e\u{301}"])] == 2)
        #expect(try value.jsonString() == "{\"\u{E9}\":1,\"e\u{301}\":2}")
    }

    @Test(
        "array tokens: no leading zeros, no signs, - only where the RFC allows it",
        arguments: ["/01", "/-1", "/+1", "/1e0", "/ 1", "/-", "/0x1", "/1.0"])
    func arrayTokens(_ text: String) throws {
        let value: JSONValue = [10, 20]
        let pointer = try JSONPointer(parsing: text)
        #expect(value[pointer: pointer] == Optional<JSONValue>.none)
        #expect {
            try value.value(at: pointer)
        } throws: { error in
            (error as? JSONPointerError)?.kind == .invalidArrayIndex && (error as? JSONPointerError)?.tokenIndex == 0
        }
    }

    @Test("an index beyond Int is out of range, not invalid, whatever the width of Int")
    func indexBeyondInt() throws {
        let value: JSONValue = [10, 20]
        for text in ["/99999999999999999999", "/9223372036854775808", "/5000000000"] {
            let pointer = try JSONPointer(parsing: text)
            #expect(value[pointer: pointer] == Optional<JSONValue>.none)
            #expect {
                try value.value(at: pointer)
            } throws: { error in
                (error as? JSONPointerError)?.kind == .indexOutOfRange(count: 2)
            }
        }
    }

    @Test("reading never traps, and the throwing form names the failing token")
    func reading() throws {
        let value: JSONValue = ["a": ["b": [1, 2]], "s": "x"]
        #expect(value[pointer: "/a/b/1"] == 2)
        #expect(value[pointer: "/a/b/2"] == Optional<JSONValue>.none)
        #expect(value[pointer: "/s/0"] == Optional<JSONValue>.none)
        #expect(value[pointer: "/x/y/z"] == Optional<JSONValue>.none)
        #expect(throws: JSONPointerError(.indexOutOfRange(count: 2), pointer: "/a/b/2", tokenIndex: 2)) {
            try value.value(at: "/a/b/2")
        }
        #expect(throws: JSONPointerError(.memberNotFound, pointer: "/x/y", tokenIndex: 0)) {
            try value.value(at: "/x/y")
        }
        #expect(throws: JSONPointerError(.notAContainer, pointer: "/s/0", tokenIndex: 1)) {
            try value.value(at: "/s/0")
        }
    }

    @Test("writing and removing follow the subscripts' rules")
    func writing() throws {
        var value: JSONValue = ["a": ["list": [1, 2]], "s": "x"]
        value[pointer: "/a/list/0"] = 9
        value[pointer: "/a/list/-"] = 3
        value[pointer: "/a/new"] = true
        #expect(value == ["a": ["list": [9, 2, 3], "new": true], "s": "x"])
        // Writes that cannot apply change nothing.
        let before = value
        value[pointer: "/a/list/7"] = 0
        value[pointer: "/missing/x"] = 0
        value[pointer: "/s/x"] = 0
        #expect(JSONValue._isIdentical(value, before))
        // nil removes.
        value[pointer: "/a/list/1"] = nil
        value[pointer: "/a/new"] = nil
        #expect(value == ["a": ["list": [9, 3]], "s": "x"])
        #expect(try value.removeValue(at: "/s") == "x")
        #expect(throws: JSONPointerError(.memberNotFound, pointer: "/s", tokenIndex: 0)) {
            try value.removeValue(at: "/s")
        }
        // The root pointer names the whole value.
        value[pointer: ""] = [1]
        #expect(value == [1])
    }

    @Test("Codable as its string, and literals")
    func codable() throws {
        let pointer: JSONPointer = "/a~1b/0"
        let data = try JSONEncoder().encode([pointer])
        #expect(String(decoding: data, as: UTF8.self) == #"["\/a~1b\/0"]"#)
        #expect(try JSONDecoder().decode([JSONPointer].self, from: data) == [pointer])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([JSONPointer].self, from: Data(#"["a"]"#.utf8)) }
        #expect(pointer.parent == "/a~1b")
        #expect(JSONPointer.root.appending("x").appending(1) == "/x/1")
        #expect(pointer.hasPrefix("/a~1b") && !pointer.hasPrefix("/a"))
    }

    @Test("deep pointers write in place at any depth on a small stack")
    func deep() throws {
        let depth = 512
        var nested: JSONValue = 0
        for _ in 0..<depth { nested = ["k": nested] }
        let value = nested
        let pointer = JSONPointer(tokens: Array(repeating: "k", count: depth))
        let result = try onSmallStack {
            var copy = value
            try copy.setValue(1, at: pointer)
            return copy
        }
        #expect(try result.value(at: pointer) == 1)
    }
}
