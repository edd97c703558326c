import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Tolerant decoding with a report")
struct ToleranceTests {
    struct BookCover: Codable, Equatable {
        var image: String
        var text: String
    }

    enum Genre: String, Codable {
        case thriller, romance
    }

    struct Book: Codable, Equatable {
        var title: String
        var frontCover: BookCover?
        var backCover: BookCover?
        var genre: Genre
        var subgenre: Genre?
    }

    static let book: JSONValue = [
        "title": "Blah", "frontCover": [:], "backCover": ["image": "", "text": "It's good"], "genre": "thriller",
        "subgenre": "",
    ]

    static func decoder(_ tolerance: JSONValueDecoder.Tolerance) -> JSONValueDecoder {
        var decoder = JSONValueDecoder()
        decoder.tolerance = tolerance
        return decoder
    }

    @Test("strict by default: the same errors as before")
    func strictByDefault() {
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Book.self, from: Self.book) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Book.self, from: Data(Self.book.description.utf8))
        }
    }

    @Test("emptyValuesAsNil: {} and \"\" that cannot decode become nil, and the report says where")
    func emptyValues() throws {
        var deviations: [JSONValueDecoder.Deviation] = []
        let book = try Self.decoder(.emptyValuesAsNil).decode(Book.self, from: Self.book, deviations: &deviations)
        #expect(
            book
                == Book(
                    title: "Blah", frontCover: nil, backCover: BookCover(image: "", text: "It's good"),
                    genre: .thriller, subgenre: nil))
        #expect(
            deviations.map { $0.codingPath.map(\.stringValue) }.sorted { $0.lexicographicallyPrecedes($1) } == [
                ["frontCover"], ["subgenre"],
            ])
        #expect(deviations.allSatisfy { $0.action == .madeNil && $0.tolerance == .emptyValuesAsNil && $0.isDiscarded })
        #expect(deviations.contains { $0.value == [:] })
        // Empty values that decode are kept.
        struct Kept: Codable, Equatable {
            var s: String?
            var d: [String: Int]?
            var a: [Int]?
        }
        let kept = try Self.decoder(.emptyValuesAsNil).decode(Kept.self, from: ["s": "", "d": [:], "a": []])
        #expect(kept == Kept(s: "", d: [:], a: []))
        // A non-optional still fails.
        #expect(throws: DecodingError.self) {
            try Self.decoder(.emptyValuesAsNil).decode(Book.self, from: ["title": "x", "genre": ""])
        }
    }

    @Test("empty values inside arrays of optionals, with their index in the path")
    func emptyInArrays() throws {
        var deviations: [JSONValueDecoder.Deviation] = []
        let genres = try Self.decoder(.emptyValuesAsNil).decode(
            [String: [Genre?]].self, from: ["list": ["thriller", "", nil, "romance"]], deviations: &deviations)
        #expect(genres == ["list": [.thriller, nil, nil, .romance]])
        #expect(deviations.count == 1)
        #expect(deviations.first?.codingPath.map(\.stringValue) == ["list", "Index 1"])
        #expect(deviations.first?.codingPath.last?.intValue == 1)
    }

    struct Numbers: Codable, Equatable {
        var int: Int
        var int8: Int8
        var uint64: UInt64
        var double: Double
        var string: String
        var flag: Bool
    }

    /// Only `{}`, `[]` and `""` are empty: text of spaces, `0`, `false`
    /// and `null`'s neighbours are values, which fail as they would.
    @Test(
        "emptyValuesAsNil: exactly {}, [] and \"\" are empty",
        arguments: [
            (JSONValue.string(""), true), ([], true), ([:], true), (" ", false), ("\t", false), ("0", false),
            (1.5, false),
            (false, false), ([nil], false), (["a": nil], false), ([[]], false),
        ] as [(JSONValue, Bool)])
    func emptyOnly(_ value: JSONValue, _ isEmpty: Bool) throws {
        struct Count: Decodable, Equatable { var n: Int? }
        let decoder = Self.decoder(.emptyValuesAsNil)
        if isEmpty {
            var deviations: [JSONValueDecoder.Deviation] = []
            #expect(try decoder.decode(Count.self, from: ["n": value], deviations: &deviations) == Count(n: nil))
            #expect(deviations.map(\.action) == [.madeNil])
        } else {
            #expect(throws: DecodingError.self, "\(value)") { try decoder.decode(Count.self, from: ["n": value]) }
        }
    }

    @Test(
        "convertScalarTypes: exact conversions succeed",
        arguments: [
            (
                ["int": "42", "int8": "-128", "uint64": "1e2", "double": "2.5", "string": 7, "flag": "true"]
                    as JSONValue,
                Numbers(int: 42, int8: -128, uint64: 100, double: 2.5, string: "7", flag: true)
            ),
            (
                ["int": 7.0, "int8": "127", "uint64": "9007199254740992", "double": 3, "string": 2.5, "flag": 0]
                    as JSONValue,
                Numbers(int: 7, int8: 127, uint64: 1 << 53, double: 3, string: "2.5", flag: false)
            ),
            (
                [
                    "int": "-9223372036854775808", "int8": "0", "uint64": "0", "double": "-1e-3", "string": 1.0,
                    "flag": "0",
                ] as JSONValue,
                Numbers(int: .min, int8: 0, uint64: 0, double: -0.001, string: "1.0", flag: false)
            ),
        ] as [(JSONValue, Numbers)])
    func conversions(_ input: JSONValue, _ expected: Numbers) throws {
        var deviations: [JSONValueDecoder.Deviation] = []
        let numbers = try Self.decoder(.convertScalarTypes).decode(Numbers.self, from: input, deviations: &deviations)
        #expect(numbers == expected)
        #expect(deviations.allSatisfy { !$0.isDiscarded })
        if case .converted(let type) = deviations.first(where: { $0.codingPath.last?.stringValue == "string" })?.action
        {
            #expect(type == "String")
        } else if input.string?.stringValue == nil {
            Issue.record("no conversion recorded for string")
        }
    }

    struct Text: Codable, Equatable {
        var v: String
    }

    @Test(
        "convertScalarTypes: a number read from Data becomes its own text, and the report says which",
        arguments: [
            ("1.10", "1.10"), ("1e2", "1e2"), ("-0", "-0"), ("12345678901234567890", "12345678901234567890"),
            ("-0.0", "-0.0"), ("2.5E-3", "2.5E-3"), ("42", "42"), ("0.1", "0.1"),
        ])
    func numberTextFromData(_ number: String, _ expected: String) throws {
        var deviations: [JSONValueDecoder.Deviation] = []
        let data = Data(#"{"v": \#(number)}"#.utf8)
        let text = try Self.decoder(.convertScalarTypes).decode(Text.self, from: data, deviations: &deviations)
        #expect(text.v == expected)
        let deviation = try #require(deviations.first)
        #expect(deviations.count == 1)
        #expect(deviation.result == expected)
        #expect(!deviation.isDiscarded)
        #expect(
            deviation.description == #"At /v: \#(number) was converted to String "\#(expected)" (convertScalarTypes)."#)
    }

    @Test(
        "convertScalarTypes: a number in a tree becomes the text the writer gives it, and the report says which",
        arguments: [
            (JSONValue.double(1.1), "1.1"), (.double(100), "100.0"), (.int(0), "0"), (.double(-0.0), "-0.0"),
            (.double(1.2345678901234567e19), "1.2345678901234567e+19"),
        ])
    func numberTextFromTree(_ number: JSONValue, _ expected: String) throws {
        var deviations: [JSONValueDecoder.Deviation] = []
        let text = try Self.decoder(.convertScalarTypes).decode(Text.self, from: ["v": number], deviations: &deviations)
        #expect(text.v == expected)
        #expect(deviations.first?.result == expected)
        #expect(
            deviations.first?.description.hasSuffix(#"converted to String "\#(expected)" (convertScalarTypes)."#)
                == true)
    }

    @Test("convertScalarTypes from Data keeps -0 an integer for the other properties")
    func negativeZeroElsewhere() throws {
        let data = Data(#"{"int": -0, "int8": -0, "uint64": 0, "double": -0, "string": -0, "flag": 0, "raw": -0}"#.utf8)
        struct Mixed: Decodable {
            var int: Int
            var double: Double
            var string: String
            var raw: JSONValue
        }
        let mixed = try Self.decoder(.convertScalarTypes).decode(Mixed.self, from: data)
        #expect(mixed.int == 0 && mixed.string == "-0")
        #expect(mixed.double == 0 && mixed.double.sign == .minus)
        #expect(identical(mixed.raw, .int(0)))
    }

    struct Flag: Codable, Equatable {
        var flag: Bool
    }

    /// Every conversion into `Bool` that `convertScalarTypes` documents, from
    /// a tree and from JSON text, each reported with what it became.
    @Test(
        "convertScalarTypes: 0, 1, \"0\", \"1\", \"true\" and \"false\" into Bool, and the report says which",
        arguments: [
            ("\"true\"", JSONValue.string("true"), true), ("\"false\"", "false", false), ("\"1\"", "1", true),
            ("\"0\"", "0", false), ("1", .int(1), true), ("0", .int(0), false),
        ] as [(String, JSONValue, Bool)])
    func booleans(_ text: String, _ value: JSONValue, _ expected: Bool) throws {
        let decoder = Self.decoder(.convertScalarTypes)
        var deviations: [JSONValueDecoder.Deviation] = []
        #expect(try decoder.decode(Flag.self, from: ["flag": value], deviations: &deviations) == Flag(flag: expected))
        var fromText: [JSONValueDecoder.Deviation] = []
        let data = Data(#"{"flag": \#(text)}"#.utf8)
        #expect(try decoder.decode(Flag.self, from: data, deviations: &fromText) == Flag(flag: expected))
        #expect(try decoder.decode(Bool.self, from: value) == expected)
        for report in [deviations, fromText] {
            #expect(report.count == 1)
            #expect(report.first?.action == .converted(to: "Bool"))
            #expect(report.first?.tolerance == .convertScalarTypes)
            #expect(report.first?.result == "\(expected)")
            #expect(report.first?.codingPath.map(\.stringValue) == ["flag"])
        }
        // Strict decoding refuses each of them.
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Flag.self, from: ["flag": value]) }
    }

    @Test(
        "convertScalarTypes: nothing else becomes a Bool",
        arguments: [
            JSONValue.string("2"), "-1", "yes", "no", "TRUE", "False", "01", " 1", "1.0", "", "t", .int(2), .int(-1),
            .double(0.5), .double(2), .null, [], [:],
        ])
    func notBooleans(_ value: JSONValue) {
        let decoder = Self.decoder(.convertScalarTypes)
        #expect(throws: DecodingError.self, "\(value)") { try decoder.decode(Flag.self, from: ["flag": value]) }
    }

    @Test(
        "convertScalarTypes: inexact or surprising conversions stay errors",
        arguments: [
            ("int", "42.5"), ("int8", "300"), ("int8", "-129"), ("int", "0x10"), ("int", " 42"), ("uint64", "-1"),
            ("flag", 2), ("flag", "yes"), ("flag", "TRUE"), ("flag", -1), ("string", true), ("double", "NaN"),
            ("int", "9223372036854775808"), ("uint64", "18446744073709551616"), ("uint64", "1.55e1"),
        ] as [(String, JSONValue)])
    func refusals(_ field: String, _ value: JSONValue) {
        var input: JSONValue = ["int": 1, "int8": 1, "uint64": 1, "double": 1, "string": "s", "flag": true]
        input[field] = value
        let decoder = Self.decoder(.convertScalarTypes)
        #expect(throws: DecodingError.self) { try decoder.decode(Numbers.self, from: input) }
    }

    @Test("conversions at every integer width's limits")
    func widths() throws {
        let decoder = Self.decoder(.convertScalarTypes)
        #expect(try decoder.decode(Int8.self, from: .string("127")) == .max)
        #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: .string("128")) }
        #expect(try decoder.decode(UInt8.self, from: .string("255")) == .max)
        #expect(throws: DecodingError.self) { try decoder.decode(UInt8.self, from: .string("256")) }
        #expect(try decoder.decode(Int16.self, from: .string("-32768")) == .min)
        #expect(try decoder.decode(UInt16.self, from: .string("65535")) == .max)
        #expect(throws: DecodingError.self) { try decoder.decode(UInt16.self, from: .string("65536")) }
        #expect(try decoder.decode(Int32.self, from: .string("2147483647")) == .max)
        #expect(try decoder.decode(UInt32.self, from: .string("4294967295")) == .max)
        #expect(try decoder.decode(Int64.self, from: .string("9223372036854775807")) == .max)
        #expect(try decoder.decode(Int64.self, from: .string("-9223372036854775808")) == .min)
        #expect(throws: DecodingError.self) { try decoder.decode(Int64.self, from: .string("9223372036854775808")) }
        // Read from the text, not through a Double: exact beyond 2^53.
        #expect(try decoder.decode(UInt64.self, from: .string("18446744073709551615")) == .max)
        #expect(try decoder.decode(UInt64.self, from: .string("9007199254740993")) == 9_007_199_254_740_993)
        #expect(
            try decoder.decode(Decimal.self, from: .string("123456789.123456789"))
                == Decimal(string: "123456789.123456789"))
        #expect(try decoder.decode(UInt.self, from: .string("0")) == 0)
        #expect(throws: DecodingError.self) { try decoder.decode(UInt.self, from: .string("-1")) }
        #expect(try decoder.decode(Float.self, from: .string("0.5")) == 0.5)
        #expect(throws: DecodingError.self) { try decoder.decode(Float.self, from: .string("1e39")) }
    }

    @Test("invalidOptionalsAsNil: any failure of an optional becomes nil, non-optionals still fail")
    func invalidOptionals() throws {
        struct Model: Codable, Equatable {
            var a: Int?
            var b: BookCover?
            var c: Int
        }
        var deviations: [JSONValueDecoder.Deviation] = []
        let model = try Self.decoder(.invalidOptionalsAsNil).decode(
            Model.self, from: ["a": "x", "b": ["image": 1], "c": 3], deviations: &deviations)
        #expect(model == Model(a: nil, b: nil, c: 3))
        #expect(deviations.count == 2)
        #expect(deviations.allSatisfy { $0.underlyingError is DecodingError })
        #expect(throws: DecodingError.self) {
            try Self.decoder(.invalidOptionalsAsNil).decode(Model.self, from: ["a": 1, "c": "x"])
        }
        #expect(throws: DecodingError.self) {
            try Self.decoder(.invalidOptionalsAsNil).decode(Model.self, from: ["a": 1])
        }
    }

    @Test("dropInvalidElements: arrays, sets and dictionaries keep what decodes")
    func dropping() throws {
        var deviations: [JSONValueDecoder.Deviation] = []
        let decoder = Self.decoder(.dropInvalidElements)
        let list = try decoder.decode(
            [BookCover].self, from: [["image": "a", "text": "b"], ["image": 1], "x"], deviations: &deviations)
        #expect(list == [BookCover(image: "a", text: "b")])
        #expect(deviations.map { $0.codingPath.map(\.stringValue) } == [["Index 1"], ["Index 2"]])
        #expect(deviations.allSatisfy { $0.action == .dropped })
        #expect(try decoder.decode(Set<Int>.self, from: [1, "2", 3]) == [1, 3])
        #expect(try decoder.decode([String: Int].self, from: ["a": 1, "b": "x"]) == ["a": 1])
        struct Nested: Codable, Equatable { var items: [Int] }
        deviations = []
        #expect(
            try decoder.decode(Nested.self, from: ["items": [1, "x", 3]], deviations: &deviations)
                == Nested(items: [1, 3]))
        #expect(deviations.first?.codingPath.map(\.stringValue) == ["items", "Index 1"])
        // Not an array at all is still an error.
        #expect(throws: DecodingError.self) { try decoder.decode(Nested.self, from: ["items": "x"]) }
    }

    @Test("lenient is all of them; combinations compose")
    func lenient() throws {
        #expect(
            JSONValueDecoder.Tolerance.lenient == [
                .emptyValuesAsNil, .convertScalarTypes, .invalidOptionalsAsNil, .dropInvalidElements,
            ])
        struct Feed: Codable, Equatable {
            var ids: [Int]
            var cover: BookCover?
            var count: Int
        }
        var deviations: [JSONValueDecoder.Deviation] = []
        let feed = try Self.decoder(.lenient).decode(
            Feed.self, from: ["ids": [1, "2", "x", 3.0], "cover": [:], "count": "5"], deviations: &deviations)
        #expect(feed == Feed(ids: [1, 2, 3], cover: nil, count: 5))
        #expect(deviations.filter { !$0.isDiscarded }.count == 2)
        #expect(deviations.filter(\.isDiscarded).count == 2)
        for deviation in deviations { #expect(!deviation.description.isEmpty) }
    }

    @Test("a report's reason is written from the error's context: the same text on every platform")
    func reasonText() throws {
        struct Cover: Codable { var image: String }
        struct Shelf: Codable { var cover: Cover? }
        var deviations: [JSONValueDecoder.Deviation] = []
        _ = try Self.decoder(.invalidOptionalsAsNil).decode(
            Shelf.self, from: ["cover": ["image": 5]], deviations: &deviations)
        #expect(
            deviations.map(\.description) == [
                #"At /cover: {"image":5} could not be decoded and became nil (invalidOptionalsAsNil): "#
                    + "at cover.image: Expected to decode String but found a number instead."
            ])
        // Where the error is, when the report is about the same place, is not
        // written twice; the error beneath is written after the description.
        struct Cause: Error, CustomStringConvertible {
            var description: String { "The cause." }
        }
        let inner = DecodingError.dataCorrupted(
            .init(codingPath: [_AnyCodingKey("a")], debugDescription: "Bad data", underlyingError: Cause()))
        #expect(_errorText(inner, within: [_AnyCodingKey("a")]) == "Bad data. Underlying error: The cause.")
        #expect(_errorText(inner) == "at a: Bad data. Underlying error: The cause.")
        #expect(_errorText(Cause()) == "The cause.")
    }

    @Test("the article's example: JSONDecoder fails, one line of tolerance decodes it, the report says where")
    func articleExample() throws {
        let data = Data(
            """
            {"title": "Blah", "frontCover": {}, "backCover": {"image": "", "text": "It's good"},
             "genre": "thriller", "subgenre": ""}
            """.utf8)
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(Book.self, from: data) }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound")
            return
        }
        #expect(key.stringValue == "image")
        #expect(context.codingPath.map(\.stringValue) == ["frontCover"])
        var decoder = JSONValueDecoder()
        decoder.tolerance = .emptyValuesAsNil
        var deviations: [JSONValueDecoder.Deviation] = []
        let book = try decoder.decode(Book.self, from: data, deviations: &deviations)
        #expect(book.frontCover == nil && book.subgenre == nil && book.backCover != nil)
        let lines = deviations.map(\.description)
        #expect(lines.count == 2)
        #expect(
            lines.contains {
                $0.hasPrefix("At /frontCover: {} could not be decoded and became nil (emptyValuesAsNil): ")
            })
        #expect(
            lines.contains {
                $0.hasPrefix(#"At /subgenre: "" could not be decoded and became nil (emptyValuesAsNil): "#)
            })
    }

    @Test("a collection that fails is decoded again without doubling the report of its good elements")
    func droppingReportsOnce() throws {
        struct N: Codable, Equatable { var n: Int }
        var deviations: [JSONValueDecoder.Deviation] = []
        let result = try Self.decoder([.convertScalarTypes, .dropInvalidElements])
            .decode([N].self, from: [["n": "1"], ["n": "x"], ["n": 2]], deviations: &deviations)
        #expect(result == [N(n: 1), N(n: 2)])
        #expect(deviations.map(\.action) == [.converted(to: "Int"), .dropped])
        #expect(deviations.map { $0.codingPath.compactMap(\.intValue) } == [[0], [1]])
    }

    @Test("clean input reports nothing")
    func clean() throws {
        var deviations: [JSONValueDecoder.Deviation] = []
        let book: JSONValue = ["title": "a", "genre": "romance", "subgenre": "thriller"]
        _ = try Self.decoder(.lenient).decode(Book.self, from: book, deviations: &deviations)
        #expect(deviations.isEmpty)
    }

    @Test("tolerances print as the array literal that makes them, in declaration order")
    func toleranceDescription() {
        let cases: [(JSONValueDecoder.Tolerance, String)] = [
            ([], "[]"),
            (.convertScalarTypes, "[.convertScalarTypes]"),
            ([.invalidOptionalsAsNil, .emptyValuesAsNil], "[.emptyValuesAsNil, .invalidOptionalsAsNil]"),
            (.lenient, "[.emptyValuesAsNil, .convertScalarTypes, .invalidOptionalsAsNil, .dropInvalidElements]"),
            (JSONValueDecoder.Tolerance(rawValue: 1 << 1 | 1 << 7), "[.convertScalarTypes, Tolerance(rawValue: 128)]"),
        ]
        for (tolerance, expected) in cases {
            #expect(tolerance.description == expected)
            #expect("\(tolerance)" == expected)
        }
    }
}
