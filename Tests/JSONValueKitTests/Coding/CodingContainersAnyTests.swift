import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A model that must keep `[String: Any]` and `[Any]` fields.
private struct Legacy: Codable {
    var id: Int
    var ext: [String: Any]
    var list: [Any]
    var optionalExt: [String: Any]?
    var optionalList: [Any]?

    enum CodingKeys: String, CodingKey {
        case id, ext, list, optionalExt, optionalList
    }

    init(id: Int, ext: [String: Any], list: [Any], optionalExt: [String: Any]? = nil, optionalList: [Any]? = nil) {
        self.id = id
        self.ext = ext
        self.list = list
        self.optionalExt = optionalExt
        self.optionalList = optionalList
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        ext = try container.decode([String: Any].self, forKey: .ext)
        list = try container.decode([Any].self, forKey: .list)
        optionalExt = try container.decodeIfPresent([String: Any].self, forKey: .optionalExt)
        optionalList = try container.decodeIfPresent([Any].self, forKey: .optionalList)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(ext, forKey: .ext)
        try container.encode(list, forKey: .list)
        try container.encodeIfPresent(optionalExt, forKey: .optionalExt)
        try container.encodeIfPresent(optionalList, forKey: .optionalList)
    }
}

@Suite("[String: Any] and [Any] in keyed containers")
struct CodingContainersAnyTests {
    @Test("decode keeps Bool, Int and Double apart")
    func decode() throws {
        let json = #"{"id": 1, "ext": {"i": 1, "b": true, "d": 1.5, "n": null, "s": "x"}, "list": [0, false]}"#
        let model = try JSONDecoder().decode(Legacy.self, from: Data(json.utf8))
        #expect(model.ext["i"] as? Int == 1)
        #expect(model.ext["i"] is Int)
        #expect(model.ext["b"] is Bool)
        #expect(model.ext["d"] as? Double == 1.5)
        #expect(model.ext["n"].map(isAnyNull) == true)
        #expect(model.list[0] is Int)
        #expect(model.list[1] is Bool)
        #expect(model.optionalExt == nil)
        #expect(model.optionalList == nil)
    }

    @Test("decodeIfPresent: absent, null and present")
    func decodeIfPresent() throws {
        let json = #"{"id": 1, "ext": {}, "list": [], "optionalExt": null, "optionalList": [1]}"#
        let model = try JSONDecoder().decode(Legacy.self, from: Data(json.utf8))
        #expect(model.optionalExt == nil)
        #expect(model.optionalList?.first as? Int == 1)
    }

    @Test("a value of the wrong kind is a DecodingError with its coding path")
    func typeMismatch() throws {
        let json = #"{"id": 1, "ext": [1], "list": []}"#
        do {
            _ = try JSONDecoder().decode(Legacy.self, from: Data(json.utf8))
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["ext"])
        }
    }

    @Test("encode round-trips through JSONEncoder with fidelity")
    func encode() throws {
        #if FullFoundation
        let (flag, one): (Any, Any) = (NSNumber(value: true), NSNumber(value: 1))
        #else
        let (flag, one): (Any, Any) = (true, 1)
        #endif
        let model = Legacy(
            id: 2,
            ext: ["flag": flag, "one": one, "nested": ["x": [1.5, "y"]]],
            list: [true, 0],
            optionalExt: ["k": "v"]
        )
        let data = try JSONEncoder().encode(model)
        let value = try JSONValue(parsing: data)
        #expect(identical(value.ext!, ["flag": true, "one": 1, "nested": ["x": [1.5, "y"]]]))
        #expect(identical(value.list!, [true, 0]))
        #expect(value.optionalExt == ["k": "v"])
        #expect(value.optionalList == nil)
    }

    @Test("an unsupported member is an EncodingError with path and cause")
    func encodeFailure() throws {
        let model = Legacy(id: 3, ext: ["when": Date()], list: [])
        do {
            _ = try JSONEncoder().encode(model)
            Issue.record("expected an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["ext"])
            let cause = try #require(context.underlyingError as? JSONBridgingError)
            #expect(cause == JSONBridgingError(.unsupportedType("Date"), at: "/when"))
        }
    }
}
