import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("A tolerant decode's report names the payload's keys, and the members the model ignored")
struct DeviationReportTests {
    struct Note: Codable, Equatable {
        var id: Int
        var isPinned: Bool
        var tags: [String]
    }

    struct Feed: Codable, Equatable {
        var notes: [Note]
    }

    static let payload = #"{"notes": [{"id": 1, "is_pinned": "1", "tags": ["a", 2]}]}"#

    static func decoder(
        _ tolerance: JSONValueDecoder.Tolerance,
        snakeCase: Bool = true,
        ignored: Bool = false
    ) -> JSONValueDecoder {
        var decoder = JSONValueDecoder()
        decoder.tolerance = tolerance
        if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        decoder.reportsIgnoredMembers = ignored
        return decoder
    }

    /// The deviations of decoding `text` as `T`, from bytes, from the text
    /// and from a tree, which must agree.
    static func deviations<T: Decodable>(
        _ type: T.Type, _ text: String, with decoder: JSONValueDecoder
    ) throws -> [JSONValueDecoder.Deviation] {
        var fromData: [JSONValueDecoder.Deviation] = []
        _ = try decoder.decode(T.self, from: Data(text.utf8), deviations: &fromData)
        var fromText: [JSONValueDecoder.Deviation] = []
        _ = try decoder.decode(T.self, from: text, deviations: &fromText)
        var fromTree: [JSONValueDecoder.Deviation] = []
        _ = try decoder.decode(T.self, from: JSONValue(parsing: text), deviations: &fromTree)
        for other in [fromText, fromTree] {
            #expect(fromData.map(\.description) == other.map(\.description))
            #expect(fromData.map(\.location) == other.map(\.location))
        }
        return fromData
    }

    @Test("a converted key: the location has the server's name, the coding path the model's")
    func snakeCaseLocation() throws {
        let deviations = try Self.deviations(
            Feed.self, Self.payload, with: Self.decoder([.convertScalarTypes]))
        let pinned = try #require(deviations.first)
        #expect(pinned.location == "/notes/0/is_pinned")
        #expect(pinned.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["notes", "0", "isPinned"])
        #expect(
            pinned.description
                == #"At /notes/0/is_pinned (notes[0].isPinned in the model): "1" was converted to Bool true (convertScalarTypes)."#
        )
        // Where the names agree, the model's path is not repeated.
        let tag = try #require(deviations.last)
        #expect(tag.location == "/notes/0/tags/1")
        #expect(tag.description == #"At /notes/0/tags/1: 2 was converted to String "2" (convertScalarTypes)."#)
    }

    @Test("a custom key strategy: the location has the name before conversion")
    func customStrategy() throws {
        var decoder = Self.decoder([.convertScalarTypes], snakeCase: false)
        decoder.keyDecodingStrategy = .custom { path in
            let name = path.last!.stringValue
            return _AnyCodingKey(name == "PINNED" ? "isPinned" : name.lowercased())
        }
        let deviations = try Self.deviations(
            Note.self, #"{"ID": 1, "PINNED": "true", "TAGS": []}"#, with: decoder)
        #expect(deviations.map(\.location) == ["/PINNED"])
        #expect(deviations.map { $0.codingPath.map(\.stringValue) } == [["isPinned"]])
    }

    @Test("of two names that convert alike, the location is the one the model read")
    func firstOfTwoNames() throws {
        let deviations = try Self.deviations(
            Note.self, #"{"id": 1, "is_pinned": "0", "isPinned": true, "tags": []}"#,
            with: Self.decoder([.convertScalarTypes]))
        #expect(deviations.map(\.location) == ["/is_pinned"])
    }

    @Test("a [String: T] dictionary keeps its keys: the location is the key as it is")
    func dictionaryKeys() throws {
        struct Scores: Codable { var byPlayer: [String: Int] }
        let deviations = try Self.deviations(
            Scores.self, #"{"by_player": {"ann_lee": 3, "bo_li": "x", "bo": "4"}}"#,
            with: Self.decoder([.convertScalarTypes, .dropInvalidElements]))
        #expect(deviations.map(\.location) == ["/by_player/bo_li", "/by_player/bo"])
        #expect(deviations.map(\.action) == [.dropped, .converted(to: "Int")])
    }

    @Test("a value read from an alternative path: the location is that path, also for what is inside it")
    func alternativePaths() throws {
        struct Item: Codable {
            var count: Int
            var title: String
            var size: Size

            enum CodingKeys: String, MappedCodingKey {
                case count, title, size
                var paths: [JSONPointer] {
                    switch self {
                    case .count: ["/count", "/n"]
                    case .title: ["/details/title"]
                    case .size: ["/size", "/details/dimensions"]
                    }
                }
            }
        }
        struct Size: Codable { var width: Int }
        let deviations = try Self.deviations(
            Item.self, #"{"n": "2", "details": {"title": 7, "dimensions": {"width": "9"}}}"#,
            with: Self.decoder([.convertScalarTypes], snakeCase: false))
        #expect(
            deviations.map(\.location) == [
                "/n", "/n", "/details/title", "/details/dimensions", "/details/dimensions/width",
            ])
        #expect(
            deviations.map(\.action) == [
                .readFromAlternativePath("/n"), .converted(to: "Int"), .converted(to: "String"),
                .readFromAlternativePath("/details/dimensions"), .converted(to: "Int"),
            ])
    }

    @Test("the top level and elements of arrays")
    func topLevel() throws {
        let deviations = try Self.deviations(
            [Int?].self, #"[1, "", 3]"#, with: Self.decoder([.emptyValuesAsNil, .convertScalarTypes]))
        #expect(deviations.map(\.location) == ["/1"])
        let top = try Self.deviations(Int.self, #""5""#, with: Self.decoder([.convertScalarTypes]))
        #expect(top.map(\.location) == [""])
        #expect(top.first?.description == #"At the top level: "5" was converted to Int 5 (convertScalarTypes)."#)
    }

    // MARK: Ignored members

    @Test("members no property reads are reported, at their place in the payload, only when asked")
    func ignoredMembers() throws {
        let text = #"""
            {"notes": [{"id": 1, "is_pinned": true, "tags": [], "color": "red", "meta": {"a": 1}}],
             "next_page": 2}
            """#
        let deviations = try Self.deviations(Feed.self, text, with: Self.decoder([], ignored: true))
        #expect(deviations.map(\.location) == ["/notes/0/color", "/notes/0/meta", "/next_page"])
        #expect(deviations.allSatisfy { $0.action == .ignored && $0.tolerance.isEmpty && !$0.isDiscarded })
        #expect(deviations.map(\.value) == ["red", ["a": 1], 2])
        #expect(
            deviations.first?.description
                == "At /notes/0/color: the member was ignored, as nothing in the model reads it (reportsIgnoredMembers)."
        )
        // The coding path names the member as the model's keys would.
        #expect(deviations.last?.codingPath.map(\.stringValue) == ["nextPage"])
        // Off by default, and without tolerance the decode is the same.
        #expect(try Self.deviations(Feed.self, text, with: Self.decoder([])).isEmpty)
        let decoded = try Self.decoder([], ignored: true).decode(Feed.self, from: Data(text.utf8))
        #expect(decoded == Feed(notes: [Note(id: 1, isPinned: true, tags: [])]))
    }

    @Test("a renamed field: the new name is reported, the old property is nil")
    func renamedField() throws {
        struct Profile: Codable {
            var name: String
            var pinned: Bool?
        }
        let deviations = try Self.deviations(
            Profile.self, #"{"name": "a", "is_pinned": true}"#, with: Self.decoder([], ignored: true))
        #expect(deviations.map(\.location) == ["/is_pinned"])
    }

    @Test("what counts as read: a value asked for, null included; a presence check does not")
    func whatCountsAsRead() throws {
        struct Probe: Decodable {
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: _AnyCodingKey.self)
                _ = try container.decodeNil(forKey: _AnyCodingKey("gone"))
                _ = try container.decodeIfPresent(Int.self, forKey: _AnyCodingKey("maybe"))
                _ = container.contains(_AnyCodingKey("checked"))
                _ = try container.nestedContainer(keyedBy: _AnyCodingKey.self, forKey: _AnyCodingKey("nested"))
                _ = try container.nestedUnkeyedContainer(forKey: _AnyCodingKey("list"))
                _ = container.allKeys
            }
        }
        let deviations = try Self.deviations(
            Probe.self,
            #"{"gone": null, "maybe": 1, "checked": 2, "nested": {"x": 1}, "list": [], "other": 3}"#,
            with: Self.decoder([], snakeCase: false, ignored: true))
        // The members of a nested container are not checked.
        #expect(deviations.map(\.location) == ["/checked", "/other"])
    }

    @Test("subtrees read whole are not checked: JSONValue, [String: T], unknown keys kept")
    func wholeSubtrees() throws {
        struct Model: Decodable {
            var ext: JSONValue
            var counts: [String: Int]
            var rest: JSONValue
            enum CodingKeys: String, CodingKey { case ext, counts }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                ext = try container.decode(JSONValue.self, forKey: .ext)
                counts = try container.decode([String: Int].self, forKey: .counts)
                rest = try JSONValue(unknownKeysFrom: decoder, knownKeys: CodingKeys.self)
            }
        }
        let deviations = try Self.deviations(
            Model.self, #"{"ext": {"a": {"b": 1}}, "counts": {"x": 1}, "theme": "dark"}"#,
            with: Self.decoder([], snakeCase: false, ignored: true))
        #expect(deviations.isEmpty)
    }

    @Test("of two names that convert alike, the one the model cannot read is ignored")
    func ignoredDuplicate() throws {
        let deviations = try Self.deviations(
            Note.self, #"{"id": 1, "is_pinned": false, "isPinned": true, "tags": []}"#,
            with: Self.decoder([], ignored: true))
        #expect(deviations.map(\.location) == ["/isPinned"])
    }

    @Test("an alternative path's first member counts as read; a decoder reused for the next element starts afresh")
    func ignoredWithPathsAndReuse() throws {
        struct Item: Codable {
            var title: String
            enum CodingKeys: String, MappedCodingKey {
                case title
                var paths: [JSONPointer] { ["/title", "/details/title"] }
            }
        }
        let deviations = try Self.deviations(
            [Item].self,
            #"[{"details": {"title": "a"}, "x": 1}, {"title": "b", "details": 2}, {"title": "c"}]"#,
            with: Self.decoder([], snakeCase: false, ignored: true))
        #expect(deviations.map(\.location) == ["/0/details/title", "/0/x", "/1/details"])
        #expect(deviations.map(\.action) == [.readFromAlternativePath("/details/title"), .ignored, .ignored])
    }

    @Test("a tolerated failure reports the failure, not the members of what was dropped")
    func droppedIsNotIgnored() throws {
        struct Cover: Codable { var image: String }
        struct Shelf: Codable { var cover: Cover? }
        let deviations = try Self.deviations(
            Shelf.self, #"{"cover": {"image": 5, "alt": "x"}}"#,
            with: Self.decoder(.invalidOptionalsAsNil, snakeCase: false, ignored: true))
        #expect(deviations.map(\.action) == [.madeNil])
        #expect(deviations.map(\.location) == ["/cover"])
    }
}
