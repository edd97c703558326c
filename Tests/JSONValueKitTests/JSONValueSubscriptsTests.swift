import Testing

@testable import JSONValueKit

@Suite("Subscripts and dynamic members")
struct JSONValueSubscriptsTests {
    let value: JSONValue = ["name": "Ada", "list": [10, 20], "nested": ["inner": ["x": 1]]]

    @Test("reads never trap")
    func reads() {
        #expect(value["name"] == "Ada")
        #expect(value["missing"] == nil)
        #expect(value["list"]?[1] == 20)
        #expect(value["list"]?[2] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value[0] == nil)
        #expect(JSONValue.int(1)["name"] == nil)
        #expect(JSONValue.string("abc")[0] == nil)
        #expect(value.nested?.inner?.x == 1)
        #expect(value.name?.stringValue == "Ada")
        #expect(value.missing?.deeper == nil)
    }

    @Test("object writes insert, replace and remove, also nested")
    func objectWrites() {
        var value = self.value
        value["name"] = "Grace"
        value["new"] = true
        value["nested"]?["inner"]?["x"] = 2
        value.nested?.inner?.y = 3
        value["list"] = nil
        #expect(value == ["name": "Grace", "new": true, "nested": ["inner": ["x": 2, "y": 3]]])
    }

    @Test("array writes replace in range and remove with nil")
    func arrayWrites() {
        var value = self.value
        value["list"]?[0] = 9
        #expect(value.list == [9, 20])
        value.list?[1] = nil
        #expect(value.list == [9])
    }

    @Test("writes that cannot apply leave the value unchanged")
    func inapplicableWrites() {
        var value = self.value
        value["list"]?[5] = 1
        value["list"]?[-1] = 1
        value["name"]?["x"] = 1
        value["missing"]?["x"] = 1
        value[0] = 1
        #expect(value == self.value)

        var scalar: JSONValue = 5
        scalar["key"] = 1
        scalar[0] = 1
        #expect(scalar == 5)

        // null holds nothing to lose: a member write makes it an object
        // (see JSONValueEditingTests for the whole table).
        var null: JSONValue = .null
        null[0] = 1
        #expect(null == .null)
        null["key"] = 1
        #expect(null == ["key": 1])
    }

    @Test("a write does not disturb a copy")
    func valueSemantics() {
        var a: JSONValue = ["k": [1, 2]]
        let b = a
        a.k?[0] = 5
        #expect(b == ["k": [1, 2]])
        #expect(a == ["k": [5, 2]])
    }
}
