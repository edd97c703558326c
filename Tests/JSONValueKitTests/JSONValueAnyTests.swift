import Testing

@testable import JSONValueKit

#if FullFoundation
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Bridging Any")
struct JSONValueAnyTests {
    #if FullFoundation
    @Test("JSONSerialization output keeps Booleans, integers and doubles apart")
    func fromJSONSerialization() throws {
        let text = #"""
            [true, false, 1, 0, 1.5, 1.2345678901234567e19, -65.613616999999977, "s", {"a": null},
             100000000000000000000000, 10.0, -0]
            """#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let value = try JSONValue(any: object)
        let expected: [JSONValue] = [
            .bool(true), .bool(false), .int(1), .int(0), .double(1.5), .double(1.2345678901234567e19),
            .double(-65.613616999999977), .string("s"), .object(["a": .null]), .double(1e23),
        ]
        let elements = try #require(value.arrayValue)
        for (index, element) in expected.enumerated() {
            #expect(identical(elements[index], element), "element \(index): \(elements[index])")
        }
        // JSONSerialization itself reports 10.0 as an integer on some platforms;
        // by value it is 10 either way.
        #expect(elements[10] == 10)
        #expect(elements[11] == 0)
    }
    #endif

    @Test(
        "native Swift values",
        arguments: [
            (true as Any, JSONValue.bool(true)) as (Any, JSONValue), (Int8(-1), .int(-1)), (UInt8(255), .int(255)),
            (Int64.min, .int(Int.min)),
            (UInt64(Int.max), .int(Int.max)), (UInt(7), .int(7)), (Float(0.1), .double(0.1)),
            (Double(2.5), .double(2.5)), ("s", .string("s")), ("abc".dropFirst(), .string("bc")),
            (Optional<Int>.none as Any, .null), (Optional(5) as Any, .int(5)),
            (JSONValue.array([1]), .array([1])), ([1, "a", nil] as [Any?], .array([1, "a", .null])),
            (Decimal(string: "12.5")!, .double(12.5)), (Decimal(7), .int(7)),
            (Decimal(string: "100000000000000000000000")!, .double(1e23)),
            (Decimal(string: "-65.613616999999977")!, .double(-65.613616999999977)),
        ].map(Bridged.init))
    func native(_ bridged: Bridged) throws {
        #expect(identical(try JSONValue(any: bridged.input), bridged.expected), "\(bridged.input)")
    }

    #if FullFoundation

    @Test(
        "Foundation values",
        arguments: [
            (NSNumber(value: true) as Any, JSONValue.bool(true)) as (Any, JSONValue),
            (NSNumber(value: false), .bool(false)),
            (NSNumber(value: 1), .int(1)), (NSNumber(value: 0), .int(0)), (NSNumber(value: Int8(1)), .int(1)),
            (NSNumber(value: 2.5), .double(2.5)), (NSNumber(value: UInt64(Int.max)), .int(Int.max)),
            (NSNumber(value: Float(0.5)), .double(0.5)), (NSString(string: "ns"), .string("ns")),
            (NSDecimalNumber(string: "42"), .int(42)),
            (NSDecimalNumber(string: "-65.613616999999977"), .double(-65.613616999999977)),
            (NSArray(array: [1, "x"]), .array([1, "x"])), (NSDictionary(dictionary: ["k": true]), .object(["k": true])),
            (NSNull(), .null),
        ].map(Bridged.init))
    func foundation(_ bridged: Bridged) throws {
        #expect(identical(try JSONValue(any: bridged.input), bridged.expected), "\(bridged.input)")
    }

    @Test(
        "Foundation values that are refused",
        arguments: [
            (NSNumber(value: UInt64.max) as Any, JSONBridgingError(.inexactNumber("18446744073709551615"), at: .root)),
            (
                NSDecimalNumber(string: "123456789.123456789") as Any,
                JSONBridgingError(.inexactNumber("123456789.123456789"), at: .root)
            ),
            // Errors name the public type, not a class cluster's private class.
            (
                ["when": NSDate(timeIntervalSince1970: 0)] as Any,
                JSONBridgingError(.unsupportedType("Date"), at: "/when")
            ),
            ([NSData(data: Data([1, 2]))] as Any, JSONBridgingError(.unsupportedType("Data"), at: "/0")),
            (NSURL(fileURLWithPath: "/") as Any, JSONBridgingError(.unsupportedType("URL"), at: .root)),
        ].map(Refused.init))
    func unsupportedFoundation(_ refused: Refused) {
        #expect(throws: refused.error) { try JSONValue(any: refused.input) }
    }

    @Test("strings and names from Foundation come out native")
    func nativeStrings() throws {
        // On Apple platforms an NSString bridges lazily, and would be
        // converted again at every hash, comparison and write.
        let input = NSDictionary(dictionary: ["clé": NSString(string: "valeur é"), "list": NSArray(array: ["x"])])
        let value = try JSONValue(any: input)
        let members = try #require(value.objectValue)
        #expect(members.keys.allSatisfy { $0.isContiguousUTF8 })
        #expect(members["clé"]?.stringValue == "valeur é")
        #expect(members["clé"]?.stringValue?.isContiguousUTF8 == true)
        #expect(members["list"]?[0]?.stringValue?.isContiguousUTF8 == true)
    }
    #endif

    @Test(
        "unsupported values throw with their type and path",
        arguments: [
            (["ext": ["when": Date()]] as Any, JSONBridgingError(.unsupportedType("Date"), at: "/ext/when"))
                as (Any, JSONBridgingError),
            (["list": [1, 2, Data()]] as Any, JSONBridgingError(.unsupportedType("Data"), at: "/list/2")),
            (
                ["a b": URL(fileURLWithPath: "/")] as Any,
                JSONBridgingError(.unsupportedType("URL"), at: "/a b")
            ),
            (["m": [1: "x"]] as Any, JSONBridgingError(.nonStringKey("Int"), at: "/m")),
            ([Double.nan] as Any, JSONBridgingError(.nonFiniteNumber, at: "/0")),
            (Float.infinity as Any, JSONBridgingError(.nonFiniteNumber, at: .root)),
            (Set([1]) as Any, JSONBridgingError(.unsupportedType("Set<Int>"), at: .root)),
            // Numbers that a JSONValue would round, and JSONValueEncoder refuses.
            (["n": UInt64.max] as Any, JSONBridgingError(.inexactNumber("18446744073709551615"), at: "/n")),
            ([(1 as UInt64) << 63 + 1] as Any, JSONBridgingError(.inexactNumber("9223372036854775809"), at: "/0")),
            ((1 as UInt) << 63 as Any, JSONBridgingError(.inexactNumber("9223372036854775808"), at: .root)),
            (
                ["pi": Decimal(string: "3.14159265358979323846")!] as Any,
                JSONBridgingError(.inexactNumber("3.14159265358979323846"), at: "/pi")
            ),
            (
                Decimal(string: "123456789.123456789")! as Any,
                JSONBridgingError(.inexactNumber("123456789.123456789"), at: .root)
            ),
        ].map(Refused.init))
    func unsupported(_ refused: Refused) {
        #expect(throws: refused.error) { try JSONValue(any: refused.input) }
    }

    @Test("the error describes the problem and its path")
    func errorDescription() {
        let error = JSONBridgingError(.unsupportedType("Date"), at: "/ext/when")
        #expect(error.description == "Cannot represent a value of type Date as JSON at /ext/when.")
        #expect(error.kind == .unsupportedType("Date") && error.path == "/ext/when")
    }

    @Test("anyValue gives JSONSerialization-compatible types")
    func anyValueTypes() throws {
        let value: JSONValue = ["a": 1, "b": 1.5, "c": true, "d": nil, "e": ["x"], "f": "s"]
        let any = try #require(value.anyValue as? [String: Any])
        #expect(any["a"] is Int)
        #expect(any["b"] is Double)
        #expect(any["c"] is Bool)
        #expect(any["d"].map(isAnyNull) == true)
        #expect(any["e"] is [Any])
        #expect(any["f"] is String)
        #expect(try JSONValue(any: any) == value)
        #if FullFoundation
        #expect(any["d"] is NSNull)
        #expect(JSONSerialization.isValidJSONObject(any))
        let data = try JSONSerialization.data(withJSONObject: any)
        #expect(try JSONValue(parsing: data) == value)
        #endif
    }

    #if !FullFoundation && !canImport(Darwin) && canImport(FoundationEssentials)
    @Test("without Foundation's NSNull, null is a nil optional, which reads back as null")
    func nullWithoutFoundation() throws {
        let any = JSONValue.array([nil, 1]).anyValue
        let elements = try #require(any as? [Any])
        #expect(Mirror(reflecting: elements[0]).displayStyle == .optional)
        #expect(isAnyNull(elements[0]))
        #expect(!isAnyNull(elements[1]))
        #expect(try JSONValue(any: any) == [nil, 1])
        #expect(try JSONValue(any: JSONValue.null.anyValue) == .null)
    }
    #endif

    class Number {}
    final class Boolean: Number {}
    final class Other {}

    @Test("a class is recognized by its qualified name or a superclass's, as NSNumber is without the trait")
    func classNames() {
        let names: Set<String> = [_typeName(Number.self, qualified: true)]
        #expect(_className(of: Number.self, amongQualified: names) == "Number")
        #expect(_className(of: Boolean.self, amongQualified: names) == "Number")
        #expect(_className(of: Other.self, amongQualified: names) == nil)
    }

    @Test("integers beyond Int are exact doubles up to 2^53, then refused: as where Int has 32 bits")
    func integersBeyondInt() {
        typealias Exact = _ExactInteger<Int32>
        #expect(Exact(Int64(3_000_000_000)) == .double(3_000_000_000))
        #expect(Exact(Int64(-3_000_000_000)) == .double(-3_000_000_000))
        #expect(Exact(Int64(Int32.max)) == .integer(.max))
        #expect(Exact(Int64(Int32.min)) == .integer(.min))
        #expect(Exact(Int64(Int32.max) + 1) == .double(0x1p31))
        #expect(Exact(UInt64(1) << 53) == .double(0x1p53))
        #expect(Exact(Int64(-1) << 53) == .double(-0x1p53))
        #expect(Exact((UInt64(1) << 53) + 1) == nil)
        #expect(Exact(UInt64.max) == nil)
        // The same with Int, as here (64 bits): beyond Int is beyond 2⁵³.
        #expect(_ExactInteger<Int>(Int64.min) == .integer(.min))
        #expect(_ExactInteger<Int>(UInt64(Int.max) + 1) == nil)
    }

    @Test("JSONValue(any: v.anyValue) is v, case for case, over random values")
    func roundTrip() throws {
        var random = RandomJSON(seed: 2024)
        for _ in 0..<3000 {
            let value = random.value()
            let back = try JSONValue(any: value.anyValue)
            #expect(identical(back, value), "\(value) came back as \(back)")
        }
    }
}

/// A test argument holding an `Any`, which Swift Testing needs to be Sendable.
struct Bridged: @unchecked Sendable, CustomTestStringConvertible {
    var input: Any
    var expected: JSONValue
    var testDescription: String { "\(type(of: input)) \(input)" }
}

/// An input that `JSONValue(any:)` must refuse, and the error it must throw.
struct Refused: @unchecked Sendable, CustomTestStringConvertible {
    var input: Any
    var error: JSONBridgingError
    var testDescription: String { error.description }
}
