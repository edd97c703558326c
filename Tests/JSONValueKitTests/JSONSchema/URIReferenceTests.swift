import Testing

@testable import JSONValueKit

/// RFC 3986 reference resolution, which `$id` and `$ref` rely on: every
/// example of section 5.4, and the splitting of appendix B.
@Suite("JSON Schema: URI references (RFC 3986)")
struct URIReferenceTests {
    static let base = "http://a/b/c/d;p?q"

    /// RFC 3986, section 5.4.1.
    static let normalExamples: [(String, String)] = [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ]

    /// RFC 3986, section 5.4.2 (with the strict reading of `http:g`).
    static let abnormalExamples: [(String, String)] = [
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
        ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ]

    @Test("the examples of RFC 3986, section 5.4", arguments: normalExamples + abnormalExamples)
    func resolution(_ reference: String, _ expected: String) {
        #expect(_URIReference(reference).resolved(against: _URIReference(Self.base)).text == expected)
    }

    @Test(
        "a base without a scheme still resolves consistently (a schema without an absolute $id)",
        arguments: [
            ("", "b.json", "b.json"), ("", "#x", "#x"), ("dir/a.json", "b.json", "dir/b.json"),
            ("/dir/a.json", "#/x", "/dir/a.json#/x"),
            ("tree", "#node", "tree#node"),
        ])
    func relativeBase(_ base: String, _ reference: String, _ expected: String) {
        #expect(_URIReference(reference).resolved(against: _URIReference(base)).text == expected)
    }

    @Test("splitting into the five components (appendix B)")
    func components() {
        let full = _URIReference("HTTP://user@example.com:8080/a/b?x=1#/y")
        #expect(full.scheme == "http")
        #expect(full.authority == "user@example.com:8080")
        #expect(full.path == "/a/b")
        #expect(full.query == "x=1")
        #expect(full.fragment == "/y")
        #expect(full.withoutFragment.text == "http://user@example.com:8080/a/b?x=1")

        let urn = _URIReference("urn:example:a:b")
        #expect(urn.scheme == "urn" && urn.path == "example:a:b" && urn.authority == nil)
        // A colon after a slash, or a scheme that starts with a digit, is
        // part of a path.
        #expect(_URIReference("./a:b").scheme == nil)
        #expect(_URIReference("1a:b").scheme == nil)
        // An empty fragment is still a fragment, and survives the round trip.
        #expect(_URIReference("a#").fragment == "")
        #expect(_URIReference("a#").text == "a#")
        #expect(_URIReference("a").fragment == nil)
        // Any text is a reference, and prints back as it was.
        for text in ["", "#", "?", "//", "a?b#c?d#e", "%zz", "é/ü?ö#ä", "mailto:a@b"] {
            #expect(_URIReference(text).text == text, "\(text)")
        }
    }
}
