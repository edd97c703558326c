import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("JSON Merge Patch (RFC 7396)")
struct MergePatchTests {
    /// RFC 7396 appendix A, every example: original, patch, result.
    static let appendixA: [(String, String, String)] = [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "null"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ]

    @Test("RFC 7396 appendix A", arguments: appendixA.indices)
    func appendix(_ index: Int) throws {
        let (original, patch, result) = Self.appendixA[index]
        let target = try JSONValue(parsing: original)
        let merge = try JSONValue(parsing: patch)
        let expected = try JSONValue(parsing: result)
        #expect(JSONValue._isIdentical(target.applyingMergePatch(merge), expected))
        var mutated = target
        mutated.applyMergePatch(merge)
        #expect(JSONValue._isIdentical(mutated, expected))
    }

    @Test("RFC 7396 section 3's example")
    func section3() {
        let target: JSONValue = [
            "title": "Goodbye!", "author": ["givenName": "John", "familyName": "Doe"], "tags": ["example", "sample"],
            "content": "This will be unchanged",
        ]
        let patch: JSONValue = [
            "title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": ["familyName": nil], "tags": ["example"],
        ]
        #expect(
            target.applyingMergePatch(patch) == [
                "title": "Hello!", "author": ["givenName": "John"], "tags": ["example"],
                "content": "This will be unchanged", "phoneNumber": "+01-123-456-7890",
            ])
    }

    @Test("creating a patch: applying it gives the new value, case for case")
    func creation() throws {
        let old: JSONValue = ["a": 1, "b": ["c": 2, "d": 3], "e": [1, 2], "f": "same"]
        let new: JSONValue = ["a": 1.0, "b": ["c": 5], "e": [1], "f": "same", "g": ["h": true]]
        let patch = try JSONValue.mergePatch(from: old, to: new)
        #expect(JSONValue._isIdentical(patch, ["a": 1.0, "b": ["c": 5, "d": nil], "e": [1], "g": ["h": true]]))
        #expect(JSONValue._isIdentical(old.applyingMergePatch(patch), new))
    }

    @Test(
        "creating a patch throws where RFC 7396 cannot express the change",
        arguments: [
            (["a": 1] as JSONValue, ["a": nil] as JSONValue, "/a"), (["a": 1], ["b": nil], "/b"),
            (["a": 1], ["a": ["x": nil]], "/a/x"), ([1], ["a": ["b": nil]], "/a/b"),
            (["a": ["b": 1]], ["a": ["b": nil]], "/a/b"),
        ] as [(JSONValue, JSONValue, JSONPointer)])
    func inexpressible(_ old: JSONValue, _ new: JSONValue, _ path: JSONPointer) {
        #expect(throws: JSONMergePatchError(path: path)) { try JSONValue.mergePatch(from: old, to: new) }
    }

    @Test("property: applying a created patch gives the new value wherever one can be created")
    func property() throws {
        var random = RandomJSON(seed: 7396)
        var created = 0
        for _ in 0..<2000 {
            let old = random.container()
            let new = random.int(in: 0...3) == 0 ? random.value() : random.mutated(old)
            guard let patch = try? JSONValue.mergePatch(from: old, to: new) else { continue }
            created += 1
            let result = old.applyingMergePatch(patch)
            #expect(result == new, "\(old) → \(new) with \(patch) gave \(result)")
        }
        #expect(created > 500)
    }
}
