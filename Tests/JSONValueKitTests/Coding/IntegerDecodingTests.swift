import Testing

@testable import JSONValueKit

/// A `.double` decodes into an integer type only when it holds an integer
/// that type can hold, and only up to 2⁵³: beyond, a double no longer holds
/// every integer, so the text it was read from may have been another one.
@Suite("Decoding doubles into integers")
struct IntegerDecodingTests {
    @Test(
        "integral doubles up to 2^53 decode exactly, in every integer type that holds them",
        arguments: [0, 1, -1, 127, -128, 255, 65_535, 0x1p31, -0x1p31, 0x1p32 - 1, 0x1p53 - 1, 0x1p53, -0x1p53]
            as [Double])
    func exact(_ double: Double) throws {
        let decoder = JSONValueDecoder()
        let value = JSONValue.double(double)
        func check<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws {
            if let expected = T(exactly: double) {
                #expect(try decoder.decode(T.self, from: value) == expected, "\(double) as \(T.self)")
            } else {
                #expect(throws: DecodingError.self, "\(double) as \(T.self)") {
                    try decoder.decode(T.self, from: value)
                }
            }
        }
        try check(Int.self)
        try check(Int8.self)
        try check(UInt8.self)
        try check(Int16.self)
        try check(UInt16.self)
        try check(Int32.self)
        try check(UInt32.self)
        try check(Int64.self)
        try check(UInt64.self)
        try check(UInt.self)
    }

    @Test(
        "past 2^53, or with a fraction, or out of range: refused, saying which",
        arguments: [
            (0x1p53 + 2, "Int64", "is beyond 2^53"), (-0x1p53 - 2, "Int64", "is beyond 2^53"),
            (0x1p60, "UInt64", "is beyond 2^53"), (1.5, "Int", "does not fit in Int"),
            (-0.5, "Int64", "does not fit in Int64"), (300, "Int8", "does not fit in Int8"),
            (-1, "UInt", "does not fit in UInt"), (256, "UInt8", "does not fit in UInt8"),
            (0x1p64, "UInt64", "does not fit in UInt64"), (.infinity, "Int", "does not fit in Int"),
        ] as [(Double, String, String)])
    func refused(_ double: Double, _ type: String, _ message: String) {
        let decoder = JSONValueDecoder()
        let value = JSONValue.double(double)
        let error = #expect(throws: DecodingError.self) {
            switch type {
            case "Int64": _ = try decoder.decode(Int64.self, from: value)
            case "UInt64": _ = try decoder.decode(UInt64.self, from: value)
            case "Int8": _ = try decoder.decode(Int8.self, from: value)
            case "UInt8": _ = try decoder.decode(UInt8.self, from: value)
            case "UInt": _ = try decoder.decode(UInt.self, from: value)
            default: _ = try decoder.decode(Int.self, from: value)
            }
        }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected DecodingError.dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
    }
}
