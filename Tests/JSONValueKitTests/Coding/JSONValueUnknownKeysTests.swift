import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The "additionalProperties" pattern: declared keys in properties, the rest in `ext`.
private struct User: Codable, Equatable {
    var id: Int
    var name: String
    var ext: JSONValue

    enum CodingKeys: String, CodingKey {
        case id, name
    }

    init(id: Int, name: String, ext: JSONValue) {
        self.id = id
        self.name = name
        self.ext = ext
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        ext = try JSONValue(unknownKeysFrom: decoder, knownKeys: CodingKeys.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try ext.encodeUnknownKeys(to: encoder, knownKeys: CodingKeys.self)
    }
}

@Suite("Unknown keys")
struct JSONValueUnknownKeysTests {
    let json = #"{"id": 1, "name": "a", "theme": "dark", "beta": true, "limits": {"max": 3}}"#

    @Test("JSONDecoder: undeclared keys land in ext, declared ones do not")
    func decodes() throws {
        let user = try JSONDecoder().decode(User.self, from: Data(json.utf8))
        #expect(user.id == 1)
        #expect(user.name == "a")
        #expect(identical(user.ext, ["theme": "dark", "beta": true, "limits": ["max": 3]]))
    }

    @Test("JSONEncoder writes them back beside the declared properties")
    func encodes() throws {
        let user = try JSONDecoder().decode(User.self, from: Data(json.utf8))
        let written = try JSONValue(parsing: JSONEncoder().encode(user))
        #expect(identical(written, try JSONValue(parsing: json)))
    }

    @Test("a member named like a declared key is skipped when encoding")
    func declaredKeysWin() throws {
        let user = User(id: 2, name: "b", ext: ["id": 99, "extra": 1])
        let written = try JSONValue(parsing: JSONEncoder().encode(user))
        #expect(written == ["id": 2, "name": "b", "extra": 1])
    }

    @Test("null writes nothing; a non-object is an EncodingError")
    func nonObjects() throws {
        let empty = try JSONValue(parsing: JSONEncoder().encode(User(id: 3, name: "c", ext: .null)))
        #expect(empty == ["id": 3, "name": "c"])
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(User(id: 3, name: "c", ext: [1, 2]))
        }
    }

    @Test("key strategies apply to unknown keys as to declared ones")
    func keyStrategies() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let user = try decoder.decode(User.self, from: Data(#"{"id": 1, "name": "a", "dark_mode": true}"#.utf8))
        #expect(user.ext == ["darkMode": true])
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try JSONValue(parsing: encoder.encode(user)) == ["id": 1, "name": "a", "dark_mode": true])
    }

    @Test("property lists and a decoder without nested containers")
    func otherCoders() throws {
        let user = try JSONDecoder().decode(User.self, from: Data(json.utf8))
        let plist = try PropertyListDecoder().decode(User.self, from: PropertyListEncoder().encode(user))
        #expect(plist == user)
        let minimal = try User(from: MinimalDecoder(json: json))
        #expect(minimal == user)
    }
}
