import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Building values from Swift values, and editing them")
struct JSONValueEditingTests {
    @Test("unlabelled initializers and string interpolation build values from variables")
    func building() {
        let name = "Ada"
        let age = 36
        let ratio = 0.5
        let tags = ["x", "y"]
        let user: JSONValue = [
            "name": JSONValue(name), "age": JSONValue(age), "ratio": JSONValue(ratio), "admin": JSONValue(true),
            "greeting": "Hello, \(name)!", "tags": JSONValue(tags.map(JSONValue.string)),
            "scores": JSONValue(["a": JSONValue(1)]),
        ]
        #expect(user.name == .string("Ada"))
        #expect(user.age == .int(36))
        #expect(user.ratio == .double(0.5))
        #expect(user.admin == .bool(true))
        #expect(user.greeting == .string("Hello, Ada!"))
        #expect(user.tags == ["x", "y"])
        #expect(user.scores == ["a": 1])
        // Literals keep their kinds: an integer literal stays an integer.
        #expect(JSONValue(5) == .int(5))
        #expect(JSONValue._isIdentical(JSONValue(5), .int(5)))
        #expect(JSONValue._isIdentical(JSONValue(2.5), .double(2.5)))
        #expect(JSONValue._isIdentical(JSONValue("s"), .string("s")))
        #expect(JSONValue([1, "a"]) == [1, "a"])
        #expect(JSONValue(Float(0.1)) == .double(0.1))
        #expect(JSONValue(exactly: UInt8(200)) == .int(200))
        #expect(JSONValue(exactly: UInt64.max) == Optional<JSONValue>.none)
        let interpolated: JSONValue = "\(age) years"
        #expect(interpolated == .string("36 years"))
    }

    @Test("a member write on null makes an object; other writes that would discard data do nothing")
    func writesOnNull() {
        var ext: JSONValue = nil
        ext.flag = true
        #expect(ext == ["flag": true])
        var payload: JSONValue = ["ext": nil]
        payload.ext?.flag = true
        #expect(payload == ["ext": ["flag": true]])
        var removing: JSONValue = nil
        removing["gone"] = nil
        #expect(removing == .null)
        var indexed: JSONValue = nil
        indexed[0] = 1
        #expect(indexed == .null)
        for scalar: JSONValue in ["s", 1, 2.5, true] {
            var value = scalar
            value["k"] = 1
            value[0] = 1
            #expect(JSONValue._isIdentical(value, scalar))
        }
        var list: JSONValue = [1]
        list["k"] = 1
        #expect(list == [1])
    }

    @Test("append and insert grow arrays, make null an array, and refuse anything else")
    func appendAndInsert() {
        var list: JSONValue = [1]
        let results = [
            list.append(2), list.append(contentsOf: [3, 4]), list.insert(0, at: 0), list.insert(5, at: 5),
        ]
        #expect(results == [true, true, true, true])
        #expect(list == [0, 1, 2, 3, 4, 5])
        let refused = [list.insert(9, at: 7), list.insert(9, at: -1)]
        #expect(refused == [false, false])
        #expect(list == [0, 1, 2, 3, 4, 5])
        var payload: JSONValue = ["tags": ["a"], "ext": nil, "name": "x"]
        payload.tags?.append("b")
        payload.ext?.append(1)
        let appendedToString = payload.name?.append(1)
        #expect(appendedToString == false)
        #expect(payload == ["tags": ["a", "b"], "ext": [1], "name": "x"])
        var null: JSONValue = nil
        let nullResults = [null.insert(1, at: 1), null.insert(1, at: 0)]
        #expect(nullResults == [false, true])
        #expect(null == [1])
        var object: JSONValue = ["a": 1]
        let appendedToObject = object.append(1)
        #expect(!appendedToObject)
        #expect(object == ["a": 1])
        // Appending to a value whose storage is shared leaves the copy alone.
        let original: JSONValue = [1]
        var copy = original
        copy.append(2)
        #expect(original == [1] && copy == [1, 2])
    }

    @Test("deep merge: objects member by member, the closure for every other conflict")
    func merging() throws {
        let defaults: JSONValue = ["theme": "light", "editor": ["tabs": 4, "wrap": true], "list": [1]]
        let user: JSONValue = ["editor": ["tabs": 2], "beta": true, "list": [2], "theme": nil]
        #expect(
            defaults.merging(user) { _, new in new }
                == ["theme": nil, "editor": ["tabs": 2, "wrap": true], "list": [2], "beta": true])
        #expect(
            defaults.merging(user) { current, _ in current }
                == ["theme": "light", "editor": ["tabs": 4, "wrap": true], "list": [1], "beta": true])
        // The closure sees the current and incoming values, and may combine arrays.
        let concatenated = defaults.merging(user) { current, new in
            if case .array(let a) = current, case .array(let b) = new { return .array(a + b) }
            return new
        }
        #expect(concatenated.list == [1, 2])
        // Not both objects: the closure decides for the whole value.
        #expect(JSONValue(1).merging(["a": 1]) { current, _ in current } == 1)
        // Errors from the closure propagate.
        struct Conflict: Error {}
        #expect(throws: Conflict.self) { try defaults.merging(user) { _, _ in throw Conflict() } }
        // In place, and unlike a merge patch, null is a value, not a deletion.
        var settings = defaults
        settings.merge(["theme": nil]) { _, new in new }
        #expect(settings.theme == .null)
        #expect(defaults.applyingMergePatch(["theme": nil]).theme == Optional<JSONValue>.none)
    }

    @Test("the depth limits live on the options, and writing takes the same control as parsing")
    func depthLimits() throws {
        #expect(JSONValue.ParsingOptions.defaultMaximumNestingDepth == 512)
        #expect(JSONValue.WritingOptions.defaultMaximumNestingDepth == 512)
        #expect(JSONValue.ParsingOptions().maximumNestingDepth == 512)
        let deep: JSONValue = [[[1]]]
        #expect(throws: JSONWritingError(.nestingTooDeep(limit: 2), at: "/0/0")) {
            try deep.jsonString(maximumNestingDepth: 2)
        }
        #expect(throws: JSONParseError.self) {
            try JSONValue(parsing: "[[[1]]]", options: .init(maximumNestingDepth: 2))
        }
        #expect(try deep.jsonString(maximumNestingDepth: 3) == "[[[1]]]")
    }

    @Test("deep merge over seeded random objects agrees with a recursive reference")
    func mergingProperty() {
        func reference(_ a: JSONValue, _ b: JSONValue) -> JSONValue {
            guard case .object(var result) = a, case .object(let incoming) = b else { return b }
            for (key, value) in incoming {
                result[key] = result[key].map { reference($0, value) } ?? value
            }
            return .object(result)
        }
        var random = RandomJSON(seed: 1313)
        for _ in 0..<300 {
            let a = random.container()
            let b = random.container()
            #expect(a.merging(b) { _, new in new } == reference(a, b))
        }
    }
}
