import Testing

@testable import JSONValueKit

@Suite("Equality and hashing")
struct JSONValueEqualityTests {
    @Test(
        "numbers compare by exact value across cases",
        arguments: [
            (JSONValue.int(1), JSONValue.double(1), true),
            (.int(0), .double(-0.0), true),
            (.int(-3), .double(-3), true),
            (.int(1), .double(1.5), false),
            (.int(Int.max), .double(0x1p63), false),
            (.int(Int.min), .double(-0x1p63), true),
            (.int(1 << 53 + 1), .double(0x1p53), false),
            (.double(0.1), .double(0.1), true),
            (.double(.nan), .double(.nan), true),
            (.double(.infinity), .int(Int.max), false),
        ]
    )
    func numbers(_ lhs: JSONValue, _ rhs: JSONValue, _ equal: Bool) {
        #expect((lhs == rhs) == equal)
        #expect((rhs == lhs) == equal)
        if equal {
            #expect(lhs.hashValue == rhs.hashValue)
        }
    }

    @Test("a Boolean never equals a number", arguments: [JSONValue.int(1), .int(0), .double(1), .double(0)])
    func boolIsNotNumber(_ number: JSONValue) {
        #expect(JSONValue.bool(true) != number)
        #expect(JSONValue.bool(false) != number)
    }

    @Test("different kinds are never equal")
    func kinds() {
        let values: [JSONValue] = [.null, .bool(false), .int(0), .string(""), .array([]), .object([:])]
        for (i, a) in values.enumerated() {
            for (j, b) in values.enumerated() {
                #expect((a == b) == (i == j), "\(a) vs \(b)")
            }
        }
    }

    @Test("objects compare regardless of key order, nested numbers by value")
    func objects() throws {
        let a = try JSONValue(parsing: #"{"x": 1, "y": [1.0, {"z": 2}]}"#)
        let b = try JSONValue(parsing: #"{"y": [1, {"z": 2.0}], "x": 1.0}"#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != (try JSONValue(parsing: #"{"x": 1, "y": [1.0, {"z": 3}]}"#)))
    }

    @Test("arrays compare in order")
    func arrays() {
        #expect(JSONValue.array([1, 2]) != .array([2, 1]))
        #expect(JSONValue.array([1, 2]) == .array([1.0, 2.0]))
    }

    @Test("sets deduplicate equal numbers")
    func sets() {
        let set: Set<JSONValue> = [.int(1), .double(1), .double(1.5), .bool(true), .double(-0.0), .int(0)]
        #expect(set.count == 4)
    }

    @Test("hash agrees with == over random values")
    func hashAgreesWithEquality() throws {
        var random = RandomJSON(seed: 7)
        for _ in 0..<2000 {
            let value = random.value()
            // An integral double re-expressed as an int must hash the same.
            let reexpressed = intsAsDoubles(value)
            #expect(value == reexpressed)
            #expect(value.hashValue == reexpressed.hashValue)
        }
    }

    private func intsAsDoubles(_ value: JSONValue) -> JSONValue {
        switch value {
        case .int(let i) where Double(exactly: i) != nil: return .double(Double(i))
        case .array(let a): return .array(a.map(intsAsDoubles))
        case .object(let o): return .object(o.mapValues(intsAsDoubles))
        default: return value
        }
    }
}
