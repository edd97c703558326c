import Testing

@testable import JSONValueKit

/// The `_Format` enumeration itself: its names, and reading strings that do
/// not keep contiguous UTF-8.
@Suite("Formats: names and dispatch")
struct FormatTests {
    @Test("every format of 2020-12 has its name")
    func names() {
        let names = _Format.allCases.map(\.rawValue)
        #expect(
            names == [
                "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4",
                "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer",
                "relative-json-pointer", "regex",
            ])
    }

    @Test("unknown names are not formats", arguments: ["unknown", "", "Date-Time", "int32", "color", "host-name"])
    func unknown(_ name: String) {
        #expect(_Format(rawValue: name) == nil)
    }

    @Test("a string and its substring's copy give the same answer")
    func sharedAnswer() {
        let text = "prefix 2020-02-29"
        let date = String(text.dropFirst(7))
        #expect(_Format.date.isValid(date))
        #expect(!_Format.date.isValid(String(text.dropFirst(6))))
    }

    @Test("the checks agree with the byte-level entry point", arguments: _Format.allCases)
    func byteEntryPoint(_ format: _Format) {
        for sample in ["", "a", "2020-01-01", "::1", "http://x/", "/a~0", "0#", "a@b.c"] where format != .regex {
            let viaString = format.isValid(sample)
            var copy = sample
            let viaBytes = copy.withUTF8 { format.isValid(utf8: $0) }
            #expect(viaString == viaBytes, "\(format.rawValue): \(sample)")
        }
    }
}
