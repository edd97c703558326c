import Testing

@testable import JSONValueKit

/// `uri`, `uri-reference` (RFC 3986), `iri`, `iri-reference` (RFC 3987) and
/// `uri-template` (RFC 6570).
@Suite("Formats: URIs, IRIs and URI templates")
struct URIFormatTests {
    /// Each text with whether it is a `uri`, a `uri-reference`, an `iri` and
    /// an `iri-reference`.
    @Test(
        "URIs and IRIs",
        arguments: [
            ("http://example.com", [true, true, true, true]),
            ("HTTP://EXAMPLE.COM:8080/a/b?c=d&e#f/g?h", [true, true, true, true]),
            ("a+b.c-d:x", [true, true, true, true]),
            ("a:", [true, true, true, true]),
            ("urn:isbn:0451450523", [true, true, true, true]),
            ("mailto:a@b", [true, true, true, true]),
            ("http://[::1]:80/", [true, true, true, true]),
            ("http://[v1.a:b]/", [true, true, true, true]),
            ("http://[v1]/", [false, false, false, false]),
            ("http://[::1/", [false, false, false, false]),
            ("http://[1.2.3.4]/", [false, false, false, false]),
            ("http://user:pass@host/", [true, true, true, true]),
            ("http://a@b@c/", [false, false, false, false]),
            ("http://host:port/", [false, false, false, false]),
            ("http://host:/", [true, true, true, true]),
            ("http://h%zz/", [false, false, false, false]),
            ("http://h/%4", [false, false, false, false]),
            ("http://h/a b", [false, false, false, false]),
            ("http://h/é", [false, false, true, true]),
            ("http://é/", [false, false, true, true]),
            ("http://h/?\u{E000}", [false, false, true, true]),
            ("http://h/\u{E000}", [false, false, false, false]),
            ("http://h/#\u{E000}", [false, false, false, false]),
            ("http://h/\u{FFFE}", [false, false, false, false]),
            ("http://h/\u{1FFFD}", [false, false, true, true]),
            ("http://h/\u{1FFFE}", [false, false, false, false]),
            ("http://h/#a#b", [false, false, false, false]),
            ("1a:b", [false, false, false, false]),
            ("a:b:c", [true, true, true, true]),
            ("", [false, true, false, true]),
            ("//host", [false, true, false, true]),
            ("/a:b", [false, true, false, true]),
            ("a/b:c", [false, true, false, true]),
            ("a:b/c", [true, true, true, true]),
            (":a", [false, false, false, false]),
            ("?a:b", [false, true, false, true]),
            ("#a:b", [false, true, false, true]),
            ("résumé", [false, false, false, true]),
            ("\\a", [false, false, false, false]),
            ("a\n", [false, false, false, false]),
        ])
    func uri(_ text: String, _ expected: [Bool]) {
        let formats: [_Format] = [.uri, .uriReference, .iri, .iriReference]
        #expect(formats.map { $0.isValid(text) } == expected)
    }

    @Test(
        "uri-template",
        arguments: [
            ("", true), ("http://example.com/{path}", true), ("{+path}/here", true), ("{#x,hello,y}", true),
            ("{.who,who}", true), ("{/list*,path:4}", true), ("{;x,y,empty}", true), ("{?x,y}", true),
            ("{&x}", true), ("{x.y.z}", true), ("{x_y}", true), ("{%41%42}", true), ("{=x}", true),
            ("{x:9999}", true), ("{x:0}", false), ("{x:10000}", false), ("{x:}", false), ("{x*:1}", false),
            ("{x", false), ("x}", false), ("{}", false), ("{,}", false), ("{x,}", false), ("{.x.}", false),
            ("{x y}", false), ("{x-y}", false), ("{%4}", false), ("a%", false), ("a%4g", false), ("a<b", false),
            ("a\"b", false), ("a|b", false), ("a^b", false), ("a`b", false), ("a\\b", false), ("a~b", true),
            ("a[b]", true), ("é", true), ("\u{E000}", true), ("\u{FFFE}", false), ("{{x}}", false),
        ])
    func uriTemplate(_ text: String, _ valid: Bool) {
        #expect(_Format.uriTemplate.isValid(text) == valid)
    }
}
