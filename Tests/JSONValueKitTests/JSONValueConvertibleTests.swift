import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Values from Swift values")
struct JSONValueConvertibleTests {
    @Test("collections, optionals and fixed-width integers from variables")
    func fromVariables() {
        let tags: [String] = ["a", "b"]
        let counts: [String: Int] = ["x": 1, "y": 2]
        let nickname: String? = nil
        let name: String? = "Ada"
        let matrix: [[Double]] = [[1.5], []]
        let flags: [Bool?] = [true, nil]
        #expect(identical(JSONValue(tags), ["a", "b"]))
        #expect(identical(JSONValue(counts), ["x": 1, "y": 2]))
        #expect(identical(JSONValue(nickname), .null))
        #expect(identical(JSONValue(name), "Ada"))
        #expect(identical(JSONValue(matrix), [[1.5], []]))
        #expect(identical(JSONValue(flags), [true, nil]))
        #expect(identical(JSONValue(Int8(-8)), .int(-8)))
        #expect(identical(JSONValue(Int16.max), .int(Int(Int16.max))))
        #expect(identical(JSONValue(Int32.min), .int(Int(Int32.min))))
        #expect(identical(JSONValue(Int64.max), .int(Int.max)))
        #expect(identical(JSONValue(UInt8.max), .int(255)))
        #expect(identical(JSONValue(UInt16.max), .int(65535)))
        #expect(identical(JSONValue(UInt32.max), .int(Int(UInt32.max))))
        #expect(identical(JSONValue(Float(0.1)), .double(0.1)))
        #expect(identical(JSONValue("abc".dropFirst()), "bc"))
        let nested: [String: [Int?]] = ["n": [1, nil]]
        #expect(identical(JSONValue(nested), ["n": [1, nil]]))
    }

    @Test("integers beyond Int are refused, not rounded")
    func beyondInt() {
        #expect(JSONValue(exactly: UInt64.max) == nil)
        #expect(JSONValue(exactly: UInt(1) << 63) == nil)
        #expect(JSONValue(exactly: UInt64(Int.max)).map { identical($0, .int(Int.max)) } == true)
    }

    @Test(
        "JSONValue(_:) takes a UInt64 or UInt with try: .int when Int holds it, an error naming it when not",
        arguments: [UInt64(0), 5, UInt64(Int.max), UInt64(Int.max) + 1, 1 << 53, UInt64.max])
    func unsignedWithTry(_ value: UInt64) throws {
        let unsigned = UInt(exactly: value)
        if let int = Int(exactly: value) {
            #expect(identical(try JSONValue(value), .int(int)))
            #expect(try unsigned.map { identical(try JSONValue($0), .int(int)) } == true)
        } else {
            #expect(throws: JSONBridgingError(.inexactNumber("\(value)"), at: .root)) { try JSONValue(value) }
            if let unsigned {
                #expect(throws: JSONBridgingError(.inexactNumber("\(value)"), at: .root)) { try JSONValue(unsigned) }
            }
        }
        // The same numbers as init(any:) takes and refuses.
        #expect((try? JSONValue(value)) == (try? JSONValue(any: value)))
    }

    @Test("literals still make their cases, without ambiguity")
    func literals() {
        #expect(identical(JSONValue([1, "a"]), [1, "a"]))
        #expect(identical(JSONValue(["k": true]), ["k": true]))
        #expect(identical(JSONValue("s"), .string("s")))
        #expect(identical(JSONValue(5), .int(5)))
        #expect(identical(JSONValue(2.5), .double(2.5)))
        let value: JSONValue = ["tags": JSONValue(["x"] as [String]), "n": JSONValue(Int32(3))]
        #expect(identical(value, ["tags": ["x"], "n": 3]))
    }
}
