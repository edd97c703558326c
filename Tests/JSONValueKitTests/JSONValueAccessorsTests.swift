import Testing

@testable import JSONValueKit

@Suite("Accessors")
struct JSONValueAccessorsTests {
    @Test("stringValue: one hit, misses on other kinds")
    func stringValue() {
        #expect(JSONValue.string("1").stringValue == "1")
        #expect(JSONValue.int(1).stringValue == nil)
        #expect(JSONValue.bool(true).stringValue == nil)
    }

    @Test(
        "intValue takes ints and integral doubles only",
        arguments: [
            (JSONValue.int(3), 3 as Int?), (.double(3.0), 3), (.double(-0.0), 0), (.double(3.5), nil),
            (.double(0x1p63), nil), (.bool(true), nil), (.string("3"), nil), (.null, nil),
        ])
    func intValue(_ value: JSONValue, _ expected: Int?) {
        #expect(value.intValue == expected)
    }

    @Test(
        "doubleValue takes doubles and converts ints",
        arguments: [
            (JSONValue.double(2.5), 2.5 as Double?), (.int(2), 2.0), (.bool(false), nil), (.string("2"), nil),
        ])
    func doubleValue(_ value: JSONValue, _ expected: Double?) {
        #expect(value.doubleValue == expected)
    }

    @Test("boolValue never coerces numbers")
    func boolValue() {
        #expect(JSONValue.bool(true).boolValue == true)
        #expect(JSONValue.int(1).boolValue == nil)
        #expect(JSONValue.string("true").boolValue == nil)
    }

    @Test("arrayValue, objectValue and isNull")
    func containers() {
        #expect(JSONValue.array([1]).arrayValue == [1])
        #expect(JSONValue.object(["a": 1]).arrayValue == nil)
        #expect(JSONValue.object(["a": 1]).objectValue == ["a": 1])
        #expect(JSONValue.array([]).objectValue == nil)
        #expect(JSONValue.null.isNull)
        #expect(!JSONValue.int(0).isNull)
        #expect(!JSONValue.string("").isNull)
    }
}
