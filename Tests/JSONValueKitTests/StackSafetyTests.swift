import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every operation at the default depth limit on a thread with a 512 KiB
/// stack, the default for secondary threads on Apple platforms. Debug builds
/// take several times the stack of release builds per level, so passing here
/// leaves a wide margin for release.
@Suite("Stack safety at the depth limit on a 512 KiB thread")
struct StackSafetyTests {
    static let depth = JSONValue.ParsingOptions.defaultMaximumNestingDepth

    enum Shape: String, CaseIterable, Sendable {
        case arrays, objects, mixed
    }

    /// A value nested `depth` levels deep, with a sibling at each level so
    /// that the writer's commas and the equality's work list are exercised.
    static func nested(_ shape: Shape, depth: Int = depth) -> JSONValue {
        var value: JSONValue = "leaf"
        for level in 0..<depth {
            let useArray = shape == .arrays || (shape == .mixed && level % 2 == 0)
            value = useArray ? [.int(level), value] : ["n": .int(level), "v": value]
        }
        return value
    }

    /// The text of `nested(shape)`, not written by the package's writer, so
    /// that the parser is tested on text it did not write.
    static func text(_ shape: Shape) -> String {
        #if FullFoundation
        // Written by Foundation, on a thread with room for its recursion:
        // the thread running the test may have no more than 512 KiB.
        let any = UncheckedSendable(nested(shape).anyValue)
        let data = try! onLargeStack { try JSONSerialization.data(withJSONObject: any.value) }
        return String(decoding: data, as: UTF8.self)
        #else
        // Written here, level by level from the outside in.
        var opening = ""
        var closing: [String] = []
        for level in (0..<depth).reversed() {
            let useArray = shape == .arrays || (shape == .mixed && level % 2 == 0)
            opening += useArray ? "[\(level), " : "{\"n\": \(level), \"v\": "
            closing.append(useArray ? "]" : "}")
        }
        return opening + "\"leaf\"" + closing.reversed().joined()
        #endif
    }

    @Test("parsing", arguments: Shape.allCases)
    func parsing(_ shape: Shape) throws {
        let text = Self.text(shape)
        let parsed = try onSmallStack { try JSONValue(parsing: text) }
        #expect(parsed == Self.nested(shape))
    }

    @Test("writing with every option, and description", arguments: Shape.allCases)
    func writing(_ shape: Shape) throws {
        let value = Self.nested(shape)
        for options: JSONValue.WritingOptions in [[], .prettyPrinted, .sortedKeys, [.prettyPrinted, .sortedKeys]] {
            let text = try onSmallStack { try value.jsonString(options: options) }
            #expect(try JSONValue(parsing: text) == value)
        }
        let description = try onSmallStack { value.description }
        #expect(try JSONValue(parsing: description) == value)
    }

    @Test("deep merging of objects nested to the limit")
    func merging() throws {
        let a = Self.nested(.objects)
        var changed = Self.nested(.objects)
        try changed.setValue("other", at: JSONPointer(tokens: Array(repeating: "v", count: Self.depth)))
        let b = changed
        let merged = try onSmallStack { a.merging(b) { _, new in new } }
        #expect(merged == b)
        // Decoding from bytes at the limit, with its exact-number table.
        let data = Data(Self.text(.mixed).utf8)
        let decoded = try onSmallStack { try JSONValueDecoder().decode(JSONValue.self, from: data) }
        #expect(decoded == Self.nested(.mixed))
    }

    @Test("equality, hashing and destruction", arguments: Shape.allCases)
    func equalityAndHashing(_ shape: Shape) throws {
        let results = try onSmallStack {
            let a = Self.nested(shape)
            let b = Self.nested(shape)
            let different = Self.nested(shape == .arrays ? .objects : .arrays)
            return (a == b, a == different, a.hashValue == b.hashValue, Set([a, b]).count)
        }
        #expect(results.0)
        #expect(!results.1)
        #expect(results.2)
        #expect(results.3 == 1)
        try onSmallStack {
            var value: JSONValue? = Self.nested(shape)
            value = nil
            _ = value
        }
    }

    @Test(
        "a larger depth limit is lowered to the ceiling, whose values parse and free safely",
        arguments: [
            JSONValue.ParsingOptions(maximumNestingDepth: 1_000_000),
            .init(maximumNestingDepth: 1_000_000, allowsJSON5: true),
        ])
    func depthCeiling(_ options: JSONValue.ParsingOptions) throws {
        let ceiling = JSONValue.ParsingOptions.nestingDepthCeiling
        #expect(options.maximumNestingDepth == ceiling)
        let tooDeep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try onSmallStack { () -> JSONParseError? in
            do {
                _ = try JSONValue(parsing: tooDeep, options: options)
                return nil
            } catch let error as JSONParseError {
                return error
            }
        }
        #expect(error?.kind == .nestingTooDeep(limit: ceiling))
        #expect(error?.location.offset == ceiling)
        for shape in Shape.allCases {
            let text = String(
                decoding: try Self.nested(shape, depth: ceiling).jsonData(maximumNestingDepth: ceiling), as: UTF8.self)
            let depth = try onSmallStack { () -> Int in
                let value = try JSONValue(parsing: text, options: options)
                var depth = 0
                var current = value
                while let next = current.arrayValue?.last ?? current.v { (current, depth) = (next, depth + 1) }
                return depth  // `value` is freed here, on the small stack
            }
            #expect(depth == ceiling)
        }
    }

    @Test("Any bridging both ways", arguments: Shape.allCases)
    func bridging(_ shape: Shape) throws {
        let value = Self.nested(shape)
        let any = try onSmallStack { UncheckedSendable(value.anyValue) }
        let back = try onSmallStack { try JSONValue(any: any.value) }
        #expect(back == value)
    }

    @Test("JSONValue through Foundation's JSONDecoder and JSONEncoder", arguments: Shape.allCases)
    func foundationCoders(_ shape: Shape) throws {
        // JSONEncoder refuses 512 levels of its own accord; 511 is its limit.
        let value = Self.nested(shape, depth: Self.depth - 1)
        let data = try onSmallStack { try JSONEncoder().encode(value) }
        let decoded = try onSmallStack { try JSONDecoder().decode(JSONValue.self, from: data) }
        #expect(decoded == value)
    }

    struct Node: Codable, Equatable, Sendable {
        var children: [Node]
        var name: String?
    }

    /// A recursive model whose JSON is 510 levels deep (an object and an
    /// array per node), within what JSONEncoder accepts.
    static func chain() -> Node {
        var node = Node(children: [], name: "leaf")
        for _ in 1..<(depth / 2 - 1) { node = Node(children: [node], name: nil) }
        return node
    }

    @Test("a recursive model through JSONValueDecoder and JSONValueEncoder")
    func treeCoders() throws {
        let node = Self.chain()
        let tree = try onSmallStack { try JSONValueEncoder().encode(node) }
        let decoded = try onSmallStack { try JSONValueDecoder().decode(Node.self, from: tree) }
        #expect(decoded == node)
        // Foundation's encoder recurses through all 510 levels on one stack,
        // which a test's thread on Apple platforms (512 KiB) may not hold.
        let data = try onLargeStack { try JSONEncoder().encode(node) }
        #expect(try JSONValue(parsing: data) == tree)
    }

    @Test("init(any:) refuses deeper input with a located error")
    func anyDepthLimit() throws {
        var any: Any = 1
        for _ in 0..<(Self.depth + 1) { any = [any] }
        let input = UncheckedSendable(any)
        #expect(throws: JSONBridgingError.self) { try onSmallStack { try JSONValue(any: input.value) } }
        do {
            _ = try JSONValue(any: any)
            Issue.record("no error for \(Self.depth + 1) levels")
        } catch let error as JSONBridgingError {
            #expect(error.kind == .nestingTooDeep(limit: 512))
            #expect(error.path == JSONPointer(tokens: Array(repeating: "0", count: 512)))
        }
    }
}

/// Carries a value that is not `Sendable` (an `Any`) to another thread
/// while the sending thread waits.
struct UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
