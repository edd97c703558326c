import Testing

@testable import JSONValueKit

@Suite("Literals")
struct JSONValueLiteralTests {
    @Test("each literal makes its case")
    func literals() {
        let value: JSONValue = ["a": 1, "b": [true, nil, 2.5], "c": "s"]
        #expect(
            value
                == .object([
                    "a": .int(1), "b": .array([.bool(true), .null, .double(2.5)]), "c": .string("s"),
                ])
        )
        let int: JSONValue = 1
        let double: JSONValue = 1.0
        guard case .int(1) = int else {
            Issue.record("integer literal is \(int)")
            return
        }
        guard case .double(1.0) = double else {
            Issue.record("float literal is \(double)")
            return
        }
        let null: JSONValue = nil
        #expect(null.isNull)
        let bool: JSONValue = false
        #expect(bool.boolValue == false)
    }

    @Test("a repeated key in a dictionary literal keeps the last value")
    func duplicateKeys() {
        let value: JSONValue = ["a": 1, "a": 2]
        #expect(value == ["a": 2])
    }
}
