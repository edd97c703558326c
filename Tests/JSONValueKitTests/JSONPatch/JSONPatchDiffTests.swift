import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("JSON Patch diff")
struct JSONPatchDiffTests {
    @Test("an insertion at the front of an array is one add")
    func frontInsertion() {
        #expect(JSONPatch(from: [1, 2, 3], to: [0, 1, 2, 3]) == [.add(path: "/0", value: 0)])
        #expect(JSONPatch(from: [1, 2, 3], to: [1, 3]) == [.remove(path: "/1")])
        #expect(JSONPatch(from: [1, 2, 3], to: [1, 9, 3]) == [.replace(path: "/1", value: 9)])
        #expect(
            JSONPatch(from: [1, 2, 3, 4, 5], to: [0, 2, 3, 5, 6])
                == [.replace(path: "/0", value: 0), .remove(path: "/3"), .add(path: "/4", value: 6)])
    }

    @Test("objects: removals first, then members in byte order, changes inside nested values")
    func objects() {
        let old: JSONValue = ["b": 1, "a": ["x": 1, "y": 2], "z": true]
        let new: JSONValue = ["b": 1, "a": ["x": 1, "y": 3], "c": nil]
        #expect(
            JSONPatch(from: old, to: new) == [
                .remove(path: "/z"), .replace(path: "/a/y", value: 3), .add(path: "/c", value: nil),
            ])
    }

    @Test("case for case: 1 to 1.0, 0.0 to -0.0 and a change of scalars are changes")
    func exact() throws {
        #expect(JSONPatch(from: ["a": 1], to: ["a": 1.0]) == [.replace(path: "/a", value: 1.0)])
        #expect(JSONPatch(from: [0.0], to: [-0.0]).operations.count == 1)
        let precomposed: JSONValue = ["k": "\u{E9}"]
        let decomposed: JSONValue = ["k": "e\u{301}"]
        let patch = JSONPatch(from: precomposed, to: decomposed)
        #expect(patch.operations.count == 1)
        #expect(JSONValue._isIdentical(try precomposed.applying(patch), decomposed))
        // Member names too: removal before the add, so the dictionary never
        // needs to hold both spellings.
        let source: JSONValue = ["\u{E9}": 1]
        let renamed = JSONPatch(from: source, to: ["e\u{301}": 1])
        #expect(JSONValue._isIdentical(try source.applying(renamed), ["e\u{301}": 1]))
        #expect(JSONPatch(from: ["a": [1, 2]], to: ["a": [1, 2]]).operations.isEmpty)
    }

    @Test("deterministic: the same inputs give the same patch")
    func deterministic() {
        var random = RandomJSON(seed: 1)
        for _ in 0..<50 {
            let old = random.container()
            let new = random.mutated(old)
            #expect(JSONPatch(from: old, to: new) == JSONPatch(from: old, to: new))
        }
    }

    @Test("property: old.applying(JSONPatch(from: old, to: new)) is identical to new", arguments: [1, 2, 3, 4])
    func roundTrip(_ seed: UInt64) throws {
        var random = RandomJSON(seed: 0xD1FF + seed)
        for _ in 0..<1000 {
            let old = random.container()
            let new = random.int(in: 0...4) == 0 ? random.value() : random.mutated(old)
            let patch = JSONPatch(from: old, to: new)
            let result = try old.applying(patch)
            #expect(JSONValue._isIdentical(result, new), "\(old) → \(new) with \(patch) gave \(result)")
        }
    }

    @Test("large arrays beyond the alignment table are still exact")
    func largeArrays() throws {
        let old = JSONValue.array((0..<3000).map { .int($0) })
        let new = JSONValue.array((0..<3000).map { .int($0 % 7 == 0 ? -$0 : $0 * 2) })
        let patch = JSONPatch(from: old, to: new)
        #expect(JSONValue._isIdentical(try old.applying(patch), new))
    }
}
