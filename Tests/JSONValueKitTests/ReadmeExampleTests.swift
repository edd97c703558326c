import JSONValueKit
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The README's first example, with what its comments promise. CI compiles
/// the README's snippets (`.ci/check-snippets`); this runs the first one.
@Suite("README: the first example does what its comments say")
struct ReadmeExampleTests {
    struct Payload: Codable {
        let id: Int
        var ext: JSONValue
    }

    @Test("decoding keeps order, reads never trap, writes chain, and output keeps the order")
    func firstExample() throws {
        let data = Data(#"{"id": 7, "ext": {"intExt": 456, "stringExt": "扩展", "flags": [true, 1]}}"#.utf8)
        var payload = try JSONValueDecoder().decode(Payload.self, from: data)

        #expect(payload.ext["intExt"] == 456)
        #expect(payload.ext.stringExt?.stringValue == "扩展")
        #expect(payload.ext.flags?[0] == true)
        #expect((payload.ext.flags?[0] == 1) == false)
        #expect(payload.ext.missing == Optional<JSONValue>.none)

        payload.ext.intExt = 457
        payload.ext.added = ["nested": [1, 2.5, "three"]]
        #expect(
            payload.ext.description
                == #"{"intExt":457,"stringExt":"扩展","flags":[true,1],"added":{"nested":[1,2.5,"three"]}}"#)
        #expect(
            try JSONValueEncoder().encode(payload).jsonString()
                == #"{"id":7,"ext":{"intExt":457,"stringExt":"扩展","flags":[true,1],"added":{"nested":[1,2.5,"three"]}}}"#
        )
    }
}
