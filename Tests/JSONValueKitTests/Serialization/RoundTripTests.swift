import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Round trips through the native parser and writer")
struct RoundTripTests {
    @Test(
        "parse(write(v)) is v, case for case and bit for bit",
        arguments: [
            JSONValue.WritingOptions(), .sortedKeys, .prettyPrinted, .withoutEscapingSlashes,
            [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes],
        ]
    )
    func randomValues(_ options: JSONValue.WritingOptions) throws {
        var random = RandomJSON(seed: 0xC0FFEE &+ UInt64(options.rawValue))
        for _ in 0..<4000 {
            let value = random.value()
            let back = try JSONValue(parsing: value.jsonString(options: options))
            #expect(identical(back, value), "\(value) came back as \(back)")
        }
    }

    @Test(
        "extreme numbers",
        arguments: [
            JSONValue.int(.min), .int(.max), .double(.leastNonzeroMagnitude), .double(1.7976931348623157e308),
            .double(-0.0),
            .double(0x1p63), .double(-0x1p63), .double(1e22), .double(10.0), .double(2.2250738585072014e-308),
        ])
    func extremes(_ value: JSONValue) throws {
        #expect(identical(try JSONValue(parsing: value.jsonString()), value))
        #expect(identical(try JSONValue(parsing: value.jsonData()), value))
    }

    @Test("description parses back too")
    func descriptionRoundTrip() throws {
        var random = RandomJSON(seed: 11)
        for _ in 0..<1000 {
            let value = random.value()
            #expect(identical(try JSONValue(parsing: value.description), value))
        }
    }
}
