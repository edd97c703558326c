import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a decode or encode ended with, comparable across coders: the value,
/// or the error's case and coding path.
enum Outcome<T: Equatable>: Equatable, CustomStringConvertible {
    case value(T)
    case failure(String, [String])

    init(_ body: () throws -> T) {
        do {
            self = .value(try body())
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(_, let context): self = .failure("typeMismatch", Self.path(context.codingPath))
            case .valueNotFound(_, let context): self = .failure("valueNotFound", Self.path(context.codingPath))
            case .keyNotFound(let key, let context):
                self = .failure("keyNotFound(\(key.stringValue))", Self.path(context.codingPath))
            case .dataCorrupted(let context): self = .failure("dataCorrupted", Self.path(context.codingPath))
            @unknown default: self = .failure("unknown", [])
            }
        } catch let error as EncodingError {
            switch error {
            case .invalidValue(_, let context): self = .failure("invalidValue", Self.path(context.codingPath))
            @unknown default: self = .failure("unknown", [])
            }
        } catch {
            self = .failure("other: \(error)", [])
        }
    }

    static func path(_ keys: [any CodingKey]) -> [String] {
        keys.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }
    }

    var description: String {
        switch self {
        case .value(let value): return "value(\(value))"
        case .failure(let kind, let path): return "\(kind) at \(path)"
        }
    }
}

/// Decodes `json` with JSONDecoder and with JSONValueDecoder from the parsed
/// tree, configured alike, and expects the same outcome.
///
/// One deliberate difference: JSONDecoder reports some `dataCorrupted` errors
/// (a number that does not fit the requested type, a bad date inside
/// `decodeIfPresent`) with an empty coding path. JSONValueDecoder reports the
/// value's path there; the test then requires it to be `pathFoundationLoses`.
func expectDecodingParity<T: Decodable & Equatable>(
    _ type: T.Type,
    _ json: String,
    pathFoundationLoses: [String]? = nil,
    configure: (JSONDecoder, inout JSONValueDecoder) -> Void = { _, _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let data = Data(json.utf8)
    let foundation = JSONDecoder()
    var ours = JSONValueDecoder()
    configure(foundation, &ours)
    let expected = Outcome { try foundation.decode(T.self, from: data) }
    let actual = Outcome { try ours.decode(T.self, from: JSONValue(parsing: data)) }
    if let pathFoundationLoses, expected == .failure("dataCorrupted", []) {
        #expect(actual == .failure("dataCorrupted", pathFoundationLoses), "\(json)", sourceLocation: sourceLocation)
    } else {
        #expect(actual == expected, "\(json)", sourceLocation: sourceLocation)
    }
    expectBytesDecodeAsTree(T.self, data, ours, sourceLocation: sourceLocation)
}

/// An error by its description, to compare.
struct DescribedError: Error, Equatable {
    var description: String
}

/// Decodes `data` with `decoder` from bytes, and through a tree of the same
/// bytes as bytes were decoded before the tape (``_TapeDecoder``), and
/// expects the same value, or the same error: case, coding path, message
/// and all.
func expectBytesDecodeAsTree<T: Decodable & Equatable>(
    _ type: T.Type,
    _ data: Data,
    _ decoder: JSONValueDecoder,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    /// The value, or the error in words (its case, path, message and
    /// underlying error).
    func describe(_ body: () throws -> T) -> Result<T, DescribedError> {
        Result { try body() }.mapError { DescribedError(description: "\($0)") }
    }
    let fromBytes = describe { try decoder.decode(T.self, from: data) }
    let throughTree = describe {
        let (value, exactNumbers) = try decoder.parse(data)
        return try JSONValueDecoder.decode(
            T.self, from: value, options: _DecodingOptions(decoder, exactNumbers: exactNumbers))
    }
    #expect(fromBytes == throughTree, "\(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
}

/// Encodes `value` with JSONEncoder (then parses the text) and with
/// JSONValueEncoder, configured alike, and expects equal trees or the same
/// error.
func expectEncodingParity<T: Encodable>(
    _ value: T,
    configure: (JSONEncoder, inout JSONValueEncoder) -> Void = { _, _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let foundation = JSONEncoder()
    var ours = JSONValueEncoder()
    configure(foundation, &ours)
    let expected = Outcome { try JSONValue(parsing: foundation.encode(value)) }
    let actual = Outcome { try ours.encode(value) }
    #expect(actual == expected, sourceLocation: sourceLocation)
}

#if FullFoundation
/// `yyyy-MM-dd` in UTC, for the `.formatted` date strategies.
func dayFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter
}
#endif

let personJSON = #"""
    {"name": "Ada", "age": 36, "address": {"street": "1 Main St", "city": "London"},
     "tags": ["a", "b"], "scores": [1.5, null, 2, 10.0], "nicknames": {"x": "y", "snake_key": "z"},
     "byID": {"1": "one", "22": "two"}, "kind": "admin", "level": 2,
     "shape": {"rectangle": {"width": 2, "height": 3.5}},
     "shapes": [{"circle": {"radius": 1}}, {"labelled": {"_0": "l", "_1": 7}}, {"empty": {}}],
     "friend": null, "birthday": 123456.5, "avatar": "AAEC/w==", "homepage": "https://example.com/a?b=c",
     "balance": 12.34, "ratio": 0.1, "flags": [true, false]}
    """#

@Suite(
    "JSONValueDecoder parity with JSONDecoder",
    .enabled(if: ToolchainFoundation.isChecked, ToolchainFoundation.skipReason))
struct DecoderParityTests {
    @Test("a broad model decodes identically")
    func person() {
        expectDecodingParity(Person.self, personJSON)
    }

    @Test(
        "every integer width and Float",
        arguments: [
            #"{"i8": -128, "i16": 32767, "i32": -5, "i64": 9223372036854775807, "u": 5, "u8": 255, "u16": 65535, "u32": 4294967295, "u64": 12, "f": 3.25, "d": -0.0}"#,
            #"{"i8": 1.0, "i16": 2e3, "i32": -0, "i64": -9223372036854775808, "u": 0, "u8": 0, "u16": 0, "u32": 0, "u64": 9007199254740992, "f": 1e-45, "d": 5e-324}"#,
        ])
    func widths(_ json: String) {
        expectDecodingParity(Widths.self, json)
    }

    @Test(
        "inexact numeric conversions fail alike",
        arguments: [
            ("i8", "300"), ("i8", "-129"), ("i16", "1.5"), ("u", "-1"), ("u8", "256"), ("u64", "-1"), ("i32", "1e10"),
            ("f", "1e39"), ("d", "\"1\""), ("i64", "true"), ("u16", "null"),
        ])
    func inexactNumbers(_ field: String, _ literal: String) throws {
        var object = try JSONValue(
            parsing:
                #"{"i8": 1, "i16": 1, "i32": 1, "i64": 1, "u": 1, "u8": 1, "u16": 1, "u32": 1, "u64": 1, "f": 1, "d": 1}"#
        )
        object[field] = try JSONValue(parsing: literal)
        expectDecodingParity(Widths.self, try object.jsonString(), pathFoundationLoses: [field])
    }

    @Test(
        "missing keys, wrong types and nulls fail alike, with the same paths",
        arguments: [
            #"{"name": "Ada"}"#,
            personJSON.replacingEvery(#""age": 36"#, with: #""age": "36""#),
            personJSON.replacingEvery(#""age": 36"#, with: #""age": null"#),
            personJSON.replacingEvery(#""city": "London""#, with: #""city": 5"#),
            personJSON.replacingEvery(#"[1.5, null, 2, 10.0]"#, with: #"[1.5, "x"]"#),
            personJSON.replacingEvery(#""kind": "admin""#, with: #""kind": "owner""#),
            personJSON.replacingEvery(#""level": 2"#, with: #""level": 3"#),
            personJSON.replacingEvery(#""avatar": "AAEC/w==""#, with: #""avatar": "***""#),
            personJSON.replacingEvery(#""homepage": "https://example.com/a?b=c""#, with: #""homepage": 7"#),
            personJSON.replacingEvery(#""address": {"#, with: #""address": [], "x": {"#),
            personJSON.replacingEvery(#"{"radius": 1}"#, with: #"{"radius": "r"}"#),
            personJSON.replacingEvery(#""byID": {"1": "one", "22": "two"}"#, with: #""byID": {"x": "one"}"#),
            personJSON.replacingEvery(#""tags": ["a", "b"]"#, with: #""tags": {"a": "b"}"#),
            personJSON.replacingEvery(
                #""nicknames": {"x": "y", "snake_key": "z"}"#, with: #""nicknames": {"x": 1}"#),
            personJSON.replacingEvery(#""balance": 12.34"#, with: #""balance": "12""#),
        ])
    func failures(_ json: String) {
        expectDecodingParity(Person.self, json)
    }

    @Test("classes with superDecoder, keyed and under a key")
    func classes() {
        expectDecodingParity(Dog.self, #"{"breed": "lab", "legs": [1, 2, 3, 4], "super": {"name": "Rex"}}"#)
        expectDecodingParity(Cat.self, #"{"lives": 9, "parent": {"name": "Tom"}}"#)
        expectDecodingParity(Cat.self, #"{"lives": 9}"#)
        expectDecodingParity(Dog.self, #"{"breed": "lab", "legs": [1, "2"], "super": {"name": "Rex"}}"#)
    }

    /// The decoder reuses a child decoder for the next member or element
    /// when nothing kept it; one that a type kept must keep its own value and
    /// coding path, and its parents theirs. (Not a parity test: a decoder
    /// that JSONDecoder hands out reads whatever it decodes next once
    /// `init(from:)` returns.)
    @Test("decoders and containers that a type keeps stay right after their siblings decode")
    func keptDecoders() throws {
        let json = #"[{"inner": {"a": 2}}, {"inner": {"a": 3}}, {"inner": {"a": 4}}, {"inner": {"a": 6}}]"#
        for decode in [
            { try JSONValueDecoder().decode([Holder].self, from: Data(json.utf8)) },
            { try JSONValueDecoder().decode([Holder].self, from: JSONValue(parsing: json)) },
        ] as [() throws -> [Holder]] {
            let holders = try decode()
            #expect(holders.map(\.inner.a) == [2, 3, 4, 6])
            for (index, holder) in holders.enumerated() {
                let kept = holder.inner.kept
                #expect((kept != nil) == (holder.inner.a % 2 == 0))
                guard let kept else { continue }
                #expect(Outcome<String>.path(kept.codingPath) == ["Index \(index)#\(index)", "inner"])
                #expect(try kept.container(keyedBy: Name.self).decode(Int.self, forKey: Name("a")) == holder.inner.a)
                #expect(try kept.container(keyedBy: Name.self).allKeys.map(\.stringValue) == ["a"])
            }
        }
    }

    @Test(
        "unkeyed containers: values, nulls and the end",
        arguments: [
            #"[1, "b", true]"#, #"[1, "b", null]"#, #"[1, "b"]"#, #"[1]"#, #"["1", "b", true]"#, #"{"a": 1}"#, "null",
        ])
    func unkeyed(_ json: String) {
        expectDecodingParity(Triple.self, json)
        expectDecodingParity([Triple].self, "[\(json)]")
    }

    @Test(
        "arrays of models, nested and optional, decode and fail alike, at the element",
        arguments: [
            #"[[[1, "b", true]], [], [[2, "c", false], [3, "d", null]]]"#,
            #"[[[1, "b", true]], [[1, "b", "x"]]]"#,
            #"[[[1, "b", true], null]]"#,
            #"[null, [[1, "b", true]]]"#,
            #"[[[1, "b", true]], {"a": 1}]"#,
            #"[[[1, "b", true]], "x"]"#,
        ])
    func arraysOfModels(_ json: String) {
        expectDecodingParity([[Triple]].self, json)
        expectDecodingParity([[Triple?]].self, json)
        expectDecodingParity([[Triple]?].self, json)
        expectDecodingParity([String: [[Triple]]].self, #"{"k": \#(json)}"#)
    }

    @Test(
        "top-level scalars, optionals and collections",
        arguments: [
            "1", "1.5", "\"s\"", "true", "null", "[1, null, 3]", #"{"a": [1], "b": []}"#, "[[1, 2], [3]]",
        ])
    func topLevel(_ json: String) {
        expectDecodingParity(Int.self, json)
        expectDecodingParity(Double.self, json)
        expectDecodingParity(String.self, json)
        expectDecodingParity(Bool?.self, json)
        expectDecodingParity([Int?].self, json)
        expectDecodingParity([String: [Int]].self, json)
        expectDecodingParity([[Int]].self, json)
    }

    @Test("key decoding strategies")
    func keyStrategies() {
        let json = #"""
            {"first_name": "a", "my_url_value": 1, "url": "u", "some_http_request": true, "x1_y2": 3,
             "already_snake_case": 4, "table": {"keep_me": 1}}
            """#
        expectDecodingParity(SnakeKeys.self, json) { foundation, ours in
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            ours.keyDecodingStrategy = .convertFromSnakeCase
        }
        let custom: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            _AnyCodingKey(path.last!.stringValue.replacingEvery("-", with: ""))
        }
        expectDecodingParity(Address.self, #"{"str-eet": "s", "ci-ty": "c"}"#) { foundation, ours in
            foundation.keyDecodingStrategy = .custom(custom)
            ours.keyDecodingStrategy = .custom(custom)
        }
    }

    @Test(
        "snake case conversion matches Foundation key by key",
        arguments: [
            "first_name", "_private", "__double_leading", "trailing_", "a__b", "HTTP_code", "already", "", "_", "__",
            "one_two_three", "x1_y2", "url_Value", "é_à", "a_1b",
        ])
    func snakeCaseKeys(_ key: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in path.last! }
        struct Probe: Decodable {
            var keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: _AnyCodingKey.self).allKeys.map(\.stringValue)
            }
        }
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try foundation.decode(Probe.self, from: Data(#"{"\#(key)": 1}"#.utf8)).keys
        #expect([_KeyConversion.fromSnakeCase(key)] == expected)
    }

    @Test("date decoding strategies", arguments: 0..<5)
    func dateStrategies(_ index: Int) {
        let strategies: [JSONDecoder.DateDecodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
            .custom { decoder in Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 2)
            },
        ]
        let numeric = #"{"when": 1500000000.5, "dates": [0, -1, 1e9], "maybe": null}"#
        let text = #"{"when": "2026-11-22T10:00:00Z", "dates": ["1970-01-01T00:00:00Z"], "maybe": "bad"}"#
        for json in [numeric, text] {
            expectDecodingParity(Dated.self, json, pathFoundationLoses: ["maybe"]) { foundation, ours in
                foundation.dateDecodingStrategy = strategies[index]
                ours.dateDecodingStrategy = strategies[index]
            }
        }
    }

    @Test(
        "ISO 8601 strings are read as the system's JSONDecoder reads them, each one",
        arguments: [
            "2026-11-22T10:00:00Z", "2026-11-22T10:00:00+01:00", "2026-11-22T10:00:00-0530", "2026-11-22t10:00:00z",
            "2026-11-22T10:00:00.123Z", "2026-11-22T10:00:00,5Z", "2026-11-22 10:00:00Z", "2026-11-22T10:00Z",
            "2026-11-22", "20261122T100000Z", "2026-11-22T10:00:00", "2026-02-30T10:00:00Z", "2026-11-22T24:00:00Z",
            "2026-11-22T10:00:60Z", "1969-12-31T23:59:59Z", "0001-01-01T00:00:00Z", " 2026-11-22T10:00:00Z", "",
            "2026-W47-7T10:00:00Z", "2026-326T10:00:00Z",
        ])
    func iso8601Strings(_ text: String) throws {
        let data = Data(try JSONValue.array([.string(text)]).jsonData())
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        var ours = JSONValueDecoder()
        ours.dateDecodingStrategy = .iso8601
        let expected = try? foundation.decode([Date].self, from: data)
        #expect((try? ours.decode([Date].self, from: data)) == expected)
        #expect((try? ours.decode([Date].self, from: [.string(text)])) == expected)
    }

    @Test("ISO 8601 dates decoded from many threads at once")
    func iso8601Concurrently() async throws {
        var ours = JSONValueDecoder()
        ours.dateDecodingStrategy = .iso8601
        let decoder = ours
        let dates = try await withThrowingTaskGroup(of: [Date].self) { group in
            for task in 0..<8 {
                group.addTask {
                    let texts = (0..<200).map { JSONValue.string("2026-11-\(10 + task)T10:00:\(10 + $0 % 50)Z") }
                    return try decoder.decode([Date].self, from: .array(texts))
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(dates.count == 1600)
        #expect(Set(dates).count == 8 * 50)
    }

    #if FullFoundation
    // `DateFormatter` is in Foundation, not FoundationEssentials.
    @Test("formatted dates")
    func formattedDates() {
        let formatter = dayFormatter()
        for json in [#"{"when": "2026-11-22", "dates": []}"#, #"{"when": "22/11/2026", "dates": []}"#] {
            expectDecodingParity(Dated.self, json) { foundation, ours in
                foundation.dateDecodingStrategy = .formatted(formatter)
                ours.dateDecodingStrategy = .formatted(formatter)
            }
        }
    }
    #endif

    @Test("data decoding strategies")
    func dataStrategies() {
        expectDecodingParity(Blob.self, #"{"data": "aGVsbG8=", "more": ["", "AA=="]}"#)
        expectDecodingParity(Blob.self, #"{"data": "not base64!", "more": []}"#)
        expectDecodingParity(Blob.self, #"{"data": [104, 105], "more": [[], [255]]}"#) { foundation, ours in
            foundation.dataDecodingStrategy = .deferredToData
            ours.dataDecodingStrategy = .deferredToData
        }
        let custom: JSONDecoder.DataDecodingStrategy = .custom { decoder in
            Data(try decoder.singleValueContainer().decode(String.self).utf8)
        }
        expectDecodingParity(Blob.self, #"{"data": "raw", "more": ["x"]}"#) { foundation, ours in
            foundation.dataDecodingStrategy = custom
            ours.dataDecodingStrategy = custom
        }
    }

    @Test("non-conforming floats from strings")
    func nonConformingFloats() {
        let json = #"{"values": ["+inf", "-inf", "nan", 1.5], "single": "nan"}"#
        expectDecodingParity(Floats.self, json)
        expectDecodingParity(Floats.self, json) { foundation, ours in
            foundation.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            ours.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
    }

    @Test("userInfo reaches the decoded types")
    func userInfo() {
        expectDecodingParity([Contextual].self, "[1, 2]") { foundation, ours in
            foundation.userInfo[Contextual.key] = 10
            ours.userInfo[Contextual.key] = 10
        }
    }

    @Test("a JSONValue field is taken as it is, keeping 1.0 a double")
    func jsonValueField() throws {
        let value = try JSONValue(parsing: #"{"id": 1, "ext": {"a": 1.0, "b": [true, 1]}}"#)
        let decoded = try JSONValueDecoder().decode(WithValue.self, from: value)
        #expect(identical(decoded.ext, try JSONValue(parsing: #"{"a": 1.0, "b": [true, 1]}"#)))
        #expect(identical(try value.decode(JSONValue.self), value))
    }

    @Test("the value convenience decodes with the given decoder")
    func convenience() throws {
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value: JSONValue = ["street": "s", "city": "c", "zip": "z"]
        #expect(try value.decode(Address.self, using: decoder) == Address(street: "s", city: "c", zip: "z"))
    }
}

/// Keeps its decoder when `a` is even, for ``JSONValueDecoderParityTests/keptDecoders()``.
struct KeepsEvenDecoders: Decodable {
    let a: Int
    let kept: (any Decoder)?

    init(from decoder: any Decoder) throws {
        a = try decoder.container(keyedBy: Name.self).decode(Int.self, forKey: Name("a"))
        kept = a % 2 == 0 ? decoder : nil
    }
}

struct Holder: Decodable {
    let inner: KeepsEvenDecoders
}

/// A coding key of any name.
struct Name: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
