import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a keyed container says about a member that is null, present or
/// missing, asked each way a `Decodable` can ask, as `JSONDecoder` says it.
@Suite("Keyed containers: null, present and missing members")
struct KeyedDecodingTests {
    /// Asks about the member `a` in every way, and writes down the answers.
    struct Probe: Decodable, Equatable {
        var contains: Bool
        var isNil: String
        var ifPresent: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: _AnyCodingKey.self)
            let key = _AnyCodingKey("a")
            contains = container.contains(key)
            do {
                isNil = try container.decodeNil(forKey: key) ? "null" : "not null"
            } catch DecodingError.keyNotFound(let missing, _) {
                isNil = "keyNotFound(\(missing.stringValue))"
            }
            ifPresent = try container.decodeIfPresent(Int.self, forKey: key)
        }

        init(contains: Bool, isNil: String, ifPresent: Int?) {
            self.contains = contains
            self.isNil = isNil
            self.ifPresent = ifPresent
        }
    }

    @Test(
        "decodeNil(forKey:) is true for null, false for a value, and keyNotFound for a missing member",
        arguments: [
            (#"{"a": null}"#, Probe(contains: true, isNil: "null", ifPresent: nil)),
            (#"{"a": 1}"#, Probe(contains: true, isNil: "not null", ifPresent: 1)),
            (#"{"b": 1}"#, Probe(contains: false, isNil: "keyNotFound(a)", ifPresent: nil)),
            (#"{}"#, Probe(contains: false, isNil: "keyNotFound(a)", ifPresent: nil)),
        ])
    func members(_ text: String, _ expected: Probe) throws {
        let tree = try JSONValue(parsing: text)
        #expect(try JSONValueDecoder().decode(Probe.self, from: tree) == expected)
        #expect(try JSONValueDecoder().decode(Probe.self, from: Data(text.utf8)) == expected)
        if ToolchainFoundation.isChecked {
            #expect(try JSONDecoder().decode(Probe.self, from: Data(text.utf8)) == expected, "JSONDecoder")
        }
    }

    /// A decoder that serves one element after another keeps its keyed
    /// containers and hands them out again for the next element: one that
    /// a type keeps must go on reading its own object (the decoder it reads
    /// must not be reused for the next element), and the others must be
    /// handed out again only when nothing holds them. Decoded from a tree,
    /// and nested in an array of arrays.
    @Test("keyed containers that a type keeps stay right after their siblings decode")
    func keptContainers() throws {
        let json = #"[{"a": 1, "b": 10}, {"a": 2, "b": 20}, {"a": 3, "b": 30}, {"a": 4, "b": 40}, {"a": 5}]"#
        let tree = try JSONValue(parsing: json)
        func check(_ decoded: [KeepsContainers], path prefix: [String]? = []) {
            #expect(decoded.map(\.a) == [1, 2, 3, 4, 5])
            #expect(decoded.map(\.b) == [10, 20, 30, 40, nil])
            for (index, item) in decoded.enumerated() {
                #expect((item.kept != nil) == (item.a % 2 == 0))
                guard let kept = item.kept else { continue }
                #expect((try? kept.decode(Int.self, forKey: _AnyCodingKey("a"))) == item.a)
                #expect((try? kept.decode(Int.self, forKey: _AnyCodingKey("b"))) == item.a * 10)
                #expect(kept.allKeys.map(\.stringValue) == ["a", "b"])
                if let prefix {
                    #expect(Outcome<String>.path(kept.codingPath) == prefix + ["Index \(index)#\(index)"])
                }
            }
        }
        check(try JSONValueDecoder().decode([KeepsContainers].self, from: tree))
        let nested = try JSONValueDecoder().decode([[KeepsContainers]].self, from: .array([tree, tree]))
        check(nested[0], path: ["Index 0#0"])
        check(nested[1], path: ["Index 1#1"])
    }

    /// `[String]` decodes from a tree without asking each element's type:
    /// its errors name the element, as `JSONDecoder`'s do, and the
    /// tolerance for scalars applies to each element.
    @Test("[String] from a tree: errors name the element; scalar conversion applies")
    func stringArrays() throws {
        let strings = try JSONValueDecoder().decode([[String]].self, from: [["a", "b"], [], ["c"]])
        #expect(strings == [["a", "b"], [], ["c"]])
        do {
            _ = try JSONValueDecoder().decode([[String]].self, from: [["a"], ["b", "c", 1]])
            Issue.record("decoded a number as a String")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
            #expect(Outcome<String>.path(context.codingPath) == ["Index 1#1", "Index 2#2"])
        }
        var lenient = JSONValueDecoder()
        lenient.tolerance = .convertScalarTypes
        #expect(try lenient.decode([String].self, from: ["a", 1]) == ["a", "1"])
    }

    /// A keyed container's members of each scalar type, one of them a number
    /// that the parser boxed for its exact text.
    struct Scalars: Decodable, Equatable {
        var double: Double
        var big: UInt64
        var int: Int
        var text: String
        var flag: Bool
    }

    @Test("scalar members read as they are, and a boxed exact number through its text")
    func scalarMembers() throws {
        // A custom key strategy decodes from the tree, in which a number a
        // Double would round is boxed (a NaN that stands for its text).
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .custom { $0.last! }
        let data = Data(
            #"{"double": 0.30000000000000004441, "big": 18446744073709551615, "int": -3, "text": "t", "flag": true}"#
                .utf8)
        let scalars = try decoder.decode(Scalars.self, from: data)
        #expect(scalars == Scalars(double: 0.30000000000000004441, big: .max, int: -3, text: "t", flag: true))
        #expect(!scalars.double.isNaN)
        // Members of another kind are unwrapped as before: converted, or refused.
        var lenient = JSONValueDecoder()
        lenient.tolerance = .convertScalarTypes
        let converted = try lenient.decode(
            Scalars.self, from: ["double": "1.5", "big": 2, "int": 3.0, "text": 4, "flag": "true"])
        #expect(converted == Scalars(double: 1.5, big: 2, int: 3, text: "4", flag: true))
        let error = #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(
                Scalars.self, from: ["double": 1, "big": 2, "int": "3", "text": "t", "flag": true])
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["int"])
    }
}
