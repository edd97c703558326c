import Testing

@testable import JSONValueKit

/// `email` (RFC 5321 `Mailbox`) and `idn-email` (RFC 6531).
@Suite("Formats: email addresses")
struct EmailFormatTests {
    /// A domain of 255 octets.
    static let longestDomain = Array(repeating: String(repeating: "b", count: 63), count: 4).joined(separator: ".")

    /// Each address with whether it is an `email` and an `idn-email`.
    static let addresses: [(String, [Bool])] = [
        ("a@b", [true, true]),
        ("a.b.c@d.e", [true, true]),
        ("!#$%&'*+-/=?^_`{|}~@example.com", [true, true]),
        ("a..b@c", [false, false]),
        (".a@c", [false, false]),
        ("a.@c", [false, false]),
        ("\"\"@c", [true, true]),
        ("\"a\\\"b\"@c", [true, true]),
        ("\"a\\\u{7F}b\"@c", [false, false]),
        ("\"a\"b@c", [false, false]),
        ("\"a@c", [false, false]),
        ("a@-c", [false, false]),
        ("a@c-", [false, false]),
        ("a@c..d", [false, false]),
        ("a@c.d.", [false, false]),
        ("a@c_d", [false, false]),
        ("a@[1.2.3.4]", [true, true]),
        ("a@[001.2.3.4]", [true, true]),
        ("a@[1.2.3.256]", [false, false]),
        ("a@[1.2.3]", [false, false]),
        ("a@[ipv6:::1]", [true, true]),
        ("a@[IPv6:1::2::3]", [false, false]),
        ("a@[tag:content]", [false, false]),
        ("a@[1.2.3.4", [false, false]),
        ("a@b@c", [false, false]),
        ("a", [false, false]),
        ("é@example.com", [false, true]),
        ("a@exämple.com", [false, true]),
        ("\"é\"@c", [false, true]),
        ("a@é-", [false, false]),
        (String(repeating: "a", count: 64) + "@c", [true, true]),
        (String(repeating: "a", count: 65) + "@c", [false, false]),
        ("a@" + String(repeating: "b", count: 63), [true, true]),
        ("a@" + String(repeating: "b", count: 64), [false, false]),
        ("a@" + longestDomain, [true, true]),
        ("a@" + longestDomain + ".c", [false, false]),
    ]

    @Test("addresses", arguments: addresses)
    func address(_ text: String, _ expected: [Bool]) {
        #expect([_Format.email.isValid(text), _Format.idnEmail.isValid(text)] == expected)
    }
}
