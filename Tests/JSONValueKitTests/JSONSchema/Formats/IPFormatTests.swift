import Testing

@testable import JSONValueKit

/// `ipv4` (dotted quad) and `ipv6` (RFC 4291 section 2.2).
@Suite("Formats: IP addresses")
struct IPFormatTests {
    @Test(
        "ipv4",
        arguments: [
            ("0.0.0.0", true), ("255.255.255.255", true), ("1.2.3.4", true), ("1.2.3.04", false),
            ("1.2.3.256", false), ("1.2.3", false), ("1.2.3.4.5", false), ("1.2.3.4 ", false), ("1..3.4", false),
            ("1.2.3.1000", false), ("01.2.3.4", false), ("0x1.2.3.4", false), ("", false),
        ])
    func ipv4(_ text: String, _ valid: Bool) {
        #expect(_Format.ipv4.isValid(text) == valid)
    }

    @Test(
        "ipv6",
        arguments: [
            ("::", true), ("::1", true), ("1::", true), ("1:2:3:4:5:6:7:8", true), ("1:2:3:4:5:6:7::", true),
            ("::2:3:4:5:6:7:8", true), ("1::8", true), ("1:2:3:4:5:6:7:8:9", false), ("1::2:3:4:5:6:7:8", false),
            ("1:2:3:4:5:6:1.2.3.4", true), ("::1.2.3.4", true), ("::ffff:1.2.3.4", true), ("1.2.3.4::", false),
            ("1:2:3:4:5:6:7:1.2.3.4", false), ("::1.2.3.04", false), ("1:::2", false), (":1::2", false),
            ("1::2:", false), ("12345::", false), ("fffg::", false), ("FFFF::", true), ("fe80::1%eth0", false),
            ("", false), (":", false), ("1:2:3:4:5:6:7", false),
        ])
    func ipv6(_ text: String, _ valid: Bool) {
        #expect(_Format.ipv6.isValid(text) == valid)
    }
}
