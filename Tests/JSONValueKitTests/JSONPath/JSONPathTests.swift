import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("JSONPath")
struct JSONPathTests {
    static let store: JSONValue = [
        "store": [
            "book": [
                ["category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95],
                ["category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99],
                [
                    "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings",
                    "price": 22.99,
                ],
            ],
            "bicycle": ["color": "red", "price": 399],
        ]
    ]

    @Test("nodes have values and normalized paths, which convert to pointers")
    func nodes() {
        let path: JSONPath = "$.store.book[?@.price < 10].title"
        let nodes = Self.store.query(path)
        #expect(nodes.map(\.value) == ["Sayings of the Century"])
        #expect(nodes.map(\.location.description) == ["$['store']['book'][0]['title']"])
        #expect(JSONPointer(nodes[0].location) == "/store/book/0/title")
        #expect(Self.store.queryValues("$..price").count == 4)
        #expect(Self.store.firstMatch("$.store.book[-1].author")?.value == "J. R. R. Tolkien")
        #expect(Self.store.firstMatch("$.nothing") == nil)
    }

    @Test(
        "normalized paths escape exactly as RFC 9535 section 2.7 says",
        arguments: [
            ("a'b", #"$['a\'b']"#), ("a\\b", #"$['a\\b']"#), ("\u{8}\u{C}\n\r\t", #"$['\b\f\n\r\t']"#),
            ("\u{0}\u{1F}", #"$['\u0000\u001f']"#), ("\"/é😀", #"$['"/é😀']"#),
        ])
    func normalizedPaths(_ name: String, _ expected: String) {
        #expect(JSONPath.Location([.name(name)]).description == expected)
    }

    @Test(
        "invalid queries say where and what",
        arguments: [
            ("$.a[", 4, JSONPathError.Kind.syntax), ("$[?length(@.a)]", 3, .type), ("$[?@.a[*] == 1]", 3, .type),
            ("$[9007199254740992]", 2, .integerOutOfRange), ("$[?foo(@)]", 3, .unknownFunction), ("$[-0]", 2, .syntax),
            ("$[01]", 3, .syntax), ("a", 0, .syntax), ("$[?'a']", 3, .type), ("$[?match(@.a)]", 3, .type),
        ])
    func invalid(_ text: String, _ offset: Int, _ kind: JSONPathError.Kind) {
        #expect {
            try JSONPath(parsing: text)
        } throws: { error in
            guard let error = error as? JSONPathError else { return false }
            return error.location.offset == offset && error.location.column == offset + 1 && error.kind == kind
                && error.expression == text
        }
    }

    @Test("error messages a person can act on")
    func messages() {
        let text = "$.items[?length(@.tags)]"
        #expect {
            try JSONPath(parsing: text)
        } throws: { error in
            "\(error)"
                == "Invalid JSONPath at line 1, column 10 (byte 9): length() returns a value, which cannot be used as a test; compare it instead"
        }
    }

    @Test("comparisons: numbers by value, strings by scalars, never a Boolean with a number")
    func comparisons() {
        let values: JSONValue = [1, 1.0, true, "1", "\u{E9}", "e\u{301}", nil, 2.5]
        #expect(values.queryValues("$[?@ == 1]").count == 2)
        #expect(values.queryValues("$[?@ == true]") == [true])
        #expect(values.queryValues("$[?@ == '\u{E9}']").count == 1)
        #expect(values.queryValues("$[?@ > 1]") == [2.5])
        // By scalars: "e" and U+0301 come before U+00E9, which Swift's own
        // order (by canonical equivalence) would take as equal.
        func scalars(_ query: JSONPath) -> [[UInt32]] {
            values.queryValues(query).map { Array(($0.stringValue ?? "").unicodeScalars.map(\.value)) }
        }
        #expect(scalars("$[?@ < '\u{E9}']") == [[0x31], [0x65, 0x301]])
        #expect(scalars("$[?@ <= '\u{E9}']") == [[0x31], [0xE9], [0x65, 0x301]])
        #expect(scalars("$[?@ > 'e\u{301}']") == [[0xE9]])
        #expect(scalars("$[?@ >= 'e']") == [[0xE9], [0x65, 0x301]])
        #expect(values.queryValues("$[?@ == null]") == [nil])
        let big: JSONValue = [.int(Int.max), .double(0x1p63)]
        #expect(big.queryValues("$[?@ < 9223372036854775808.0]") == [.int(Int.max)])
    }

    @Test("length counts Unicode scalars")
    func length() {
        let values: JSONValue = ["e\u{301}", "😀", "ab"]
        #expect(values.queryValues("$[?length(@) == 2]") == ["e\u{301}", "ab"])
        #expect(values.queryValues("$[?length(@) == 1]") == ["😀"])
    }

    @Test("I-Regexp: match is anchored, dot excludes line breaks, invalid patterns are false")
    func regexps() {
        let values: JSONValue = ["ab", "xaby", "a\nb", "a\rb", "a.b", "a&&b"]
        #expect(values.queryValues("$[?match(@, 'a.b')]") == ["a.b"])
        #expect(values.queryValues("$[?search(@, 'a.b')]") == ["a.b"])
        #expect(values.queryValues("$[?match(@, 'ab')]") == ["ab"])
        #expect(values.queryValues("$[?search(@, 'ab')]") == ["ab", "xaby"])
        #expect(values.queryValues("$[?match(@, 'a[&]+b')]") == ["a&&b"])
        for invalid in ["(a", "a{2,1}", "\\\\d", "[]", "a**", "(?:a)", "\\\\p{Greek}"] {
            #expect(values.queryValues(JSONPath(stringLiteral: "$[?match(@, '\(invalid)')]")).isEmpty, "\(invalid)")
        }
        // A pattern read from the document is checked when the query runs.
        let document: JSONValue = ["p": "(", "s": "("]
        #expect(document.queryValues("$[?match(@, $.p)]").isEmpty)
    }

    @Test("slices, also with negative steps")
    func slices() {
        let values: JSONValue = [0, 1, 2, 3, 4, 5]
        #expect(values.queryValues("$[1:4]") == [1, 2, 3])
        #expect(values.queryValues("$[::-1]") == [5, 4, 3, 2, 1, 0])
        #expect(values.queryValues("$[-2:]") == [4, 5])
        #expect(values.queryValues("$[5:1:-2]") == [5, 3])
        #expect(values.queryValues("$[::0]").isEmpty)
    }

    @Test("equal and hashed by what the query means, not its spelling; description is the text")
    func identity() throws {
        let path: JSONPath = "$.a[0]"
        #expect(path.description == "$.a[0]")
        let same = try JSONPath(parsing: "$.a[0]")
        let spelled = try JSONPath(parsing: #"$[ "a" ][0]"#)
        let other = try JSONPath(parsing: "$['a'][1]")
        let descendant = try JSONPath(parsing: "$..a")
        #expect(path == same && path == spelled && spelled.description == #"$[ "a" ][0]"#)
        #expect(Set([path, same, spelled]).count == 1)
        #expect(path != other && path != descendant)
        #expect(try JSONPath(parsing: "$[?@.n>1]") == JSONPath(parsing: "$[? @.n > 1 ]"))
        #expect(try JSONPath(parsing: "$[?@.n>1]") != JSONPath(parsing: "$[?@.n>2]"))
        #expect(try JSONPath(parsing: "$['\u{E9}']") != JSONPath(parsing: "$['e\u{301}']"))
        #expect(path.isSingular && !descendant.isSingular)
    }

    @Test("an invalid literal never traps: it selects nothing and keeps its error")
    func invalidLiteral() throws {
        // A literal: `try JSONPath("$[")` means the same, with a warning that
        // nothing throws.
        let path = JSONPath("$[")
        #expect(path.literalError?.kind == .syntax)
        #expect(path.literalError?.location.offset == 2)
        #expect(path.description == "$[")
        #expect(!path.isSingular)
        let value: JSONValue = [1, 2]
        #expect(value.query(path).isEmpty)
        #expect(value.queryValues("$[").isEmpty)
        #expect(("$[0]" as JSONPath).literalError == nil)
        #expect(throws: JSONPathError.self) { try JSONPath(parsing: "$[") }
    }

    @Test("descendant queries on a document nested to the depth limit, on a small stack")
    func deep() throws {
        var nested: JSONValue = ["id": 0]
        for level in 1..<512 { nested = level % 2 == 0 ? ["id": .int(level), "c": nested] : [nested] }
        let document = nested
        let count = try onSmallStack { document.queryValues("$..id").count }
        #expect(count == 256)
    }

    @Test("nesting in queries is limited, with an error rather than a crash")
    func nestingLimit() {
        let deep = "$[?" + String(repeating: "(", count: 1000) + "@" + String(repeating: ")", count: 1000) + "]"
        #expect(throws: JSONPathError.self) { try JSONPath(parsing: deep) }
        let ok = "$[?" + String(repeating: "(", count: 20) + "@" + String(repeating: ")", count: 20) + "]"
        #expect(throws: Never.self) { try JSONPath(parsing: ok) }
        #expect(_Regex(iRegexp: String(repeating: "(", count: 1000) + String(repeating: ")", count: 1000)) == nil)
    }

    @Test("indices and slices up to ±(2^53 − 1) select as the RFC says, whatever the width of Int")
    func largeIndices() throws {
        let value: JSONValue = [0, 1, 2, 3, 4]
        #expect(value.queryValues("$[9007199254740991]") == [])
        #expect(value.queryValues("$[-9007199254740991]") == [])
        #expect(value.queryValues("$[4294967296]") == [])
        #expect(value.queryValues("$[0:9007199254740991]") == [0, 1, 2, 3, 4])
        #expect(value.queryValues("$[-9007199254740991:2]") == [0, 1])
        #expect(value.queryValues("$[::9007199254740991]") == [0])
        #expect(value.queryValues("$[::-9007199254740991]") == [4])
        #expect(value.queryValues("$[1::4294967296]") == [1])
        #expect(value.queryValues("$[::3]") == [0, 3])
        #expect(value.queryValues("$[::-2]") == [4, 2, 0])
        #expect(JSONValue.array([]).queryValues("$[::9007199254740991]") == [])
        #expect(throws: JSONPathError.self) { try JSONPath(parsing: "$[9007199254740992]") }
    }

    @Test("integers and doubles compare exactly, at every integer width (here Int32, as where Int has 32 bits)")
    func numberOrder() {
        typealias Order = _NumberOrder
        #expect(Order.less(Int32.max, 0x1p31))
        #expect(!Order.less(0x1p31, Int32.max))
        #expect(Order.less(Int32.min, -0x1p31 + 0.5))
        #expect(!Order.less(Int32.min, -0x1p31))
        #expect(Order.less(-0x1p31 - 1, Int32.min))
        #expect(Order.less(Int32(3), 3.5) && !Order.less(3.5, Int32(3)))
        #expect(Order.less(-3.5, Int32(-3)) && !Order.less(Int32(-3), -3.5))
        #expect(!Order.less(Int32(2), .nan) && !Order.less(.nan, Int32(2)))
        #expect(Order.less(Int32.max, 3e9) && Order.less(-3e9, Int32.min))
        #expect(Order.less(Int.max, 0x1p63) && !Order.less(0x1p63, Int.max))
        #expect(Order.less(Int(1) << 53 + 1, 0x1p53 + 2) && !Order.less(0x1p53, Int(1) << 53))
    }
}
