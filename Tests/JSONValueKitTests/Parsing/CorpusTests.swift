import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Corpora", .enabled(if: Corpus.isAvailable, Corpus.skipReason))
struct CorpusTests {
    /// Under CI's sanitizers, without canada.json: its 2 MB of numbers, each
    /// probed through `JSONDecoder`, cost the most there, and the other files
    /// reach the same code.
    @Test(
        "the native parser agrees with JSONSerialization and JSONDecoder",
        arguments: Sanitizers.isSanitized ? Corpus.names.filter { $0 != "canada.json" } : Corpus.names)
    func agreesWithFoundation(_ name: String) throws {
        let data = try Corpus.data(name)
        let native = try JSONValue(parsing: data)
        #if FullFoundation
        let viaSerialization = try JSONValue(any: JSONSerialization.jsonObject(with: data))
        #expect(native == viaSerialization)
        #endif
        let viaDecoder = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(native == viaDecoder)
    }

    @Test("writing and parsing again is lossless", arguments: Corpus.names)
    func roundTrip(_ name: String) throws {
        let value = try JSONValue(parsing: Corpus.data(name))
        #expect(identical(try JSONValue(parsing: value.jsonData()), value))
        #expect(identical(try JSONValue(parsing: value.jsonData(options: [.prettyPrinted, .sortedKeys])), value))
    }
}
