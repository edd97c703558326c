import JSONValueKit
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The writer formats numbers itself; these check it against the standard
/// library's `description`, which prints the shortest digits that read back.
@Suite("Writing numbers")
struct NumberWritingTests {
    /// Doubles where formatting goes wrong if it goes wrong anywhere: powers
    /// of two and ten and their neighbours, the ends of the decimal spelling
    /// (0.0001 and 2^53), subnormals and the extremes.
    static let edgeDoubles: [Double] = {
        var values: [Double] = [
            0, 1, 10, 0.1, 0.2, 0.3, 4.35, 123.456, 1e15, 1e16, 1e22, 1e23, 0x1p53, 0x1p54, 0.0001, 0.00001,
            9.5e-5, 1e-7, 2.5, 1234567.5, .greatestFiniteMagnitude, .leastNormalMagnitude,
            .leastNonzeroMagnitude, 3 * .leastNonzeroMagnitude, Double(bitPattern: 16), Double(bitPattern: 20),
            -65.613616999999977,
        ]
        for exponent in -1074...1023 { values.append(Double(sign: .plus, exponent: exponent, significand: 1)) }
        var power = 1.0
        for _ in 0..<309 {
            values.append(power)
            power *= 10
        }
        power = 1.0
        for _ in 0..<324 {
            values.append(power)
            power /= 10
        }
        for subnormal in UInt64(1)...200 { values.append(Double(bitPattern: subnormal)) }
        let neighbours = values.flatMap { [$0, $0.nextUp, $0.nextDown] }
        return (neighbours + neighbours.map { -$0 }).filter(\.isFinite)
    }()

    /// Checks that `value` writes as `description` spells it and reads back
    /// with the same bits.
    static func check(_ value: Double) throws {
        let text = try JSONValue.double(value).jsonString()
        #expect(text == value.description, "bits \(value.bitPattern)")
        guard case .double(let read) = try JSONValue(parsing: text) else {
            Issue.record("\(text) did not read back as a double")
            return
        }
        #expect(read.bitPattern == value.bitPattern, "\(text)")
    }

    @Test("doubles at the edges are written with description's digits and spelling")
    func edgeDoublesAsDescription() throws {
        for value in Self.edgeDoubles { try Self.check(value) }
    }

    @Test("random doubles are written with description's digits and spelling", arguments: [1, 2, 3] as [UInt64])
    func randomDoublesAsDescription(_ seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<10_000 {
            // Any bit pattern, then the short decimals and integral values
            // that documents hold.
            let bits = Double(bitPattern: generator.next())
            if bits.isFinite { try Self.check(bits) }
            try Self.check(Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &generator)) / 1e6)
            try Self.check(Double(Int64(bitPattern: generator.next()) >> Int64.random(in: 0..<64, using: &generator)))
        }
    }

    @Test("integers around every power of ten are written as String(_:) writes them")
    func integersAroundPowersOfTen() throws {
        var values: [Int] = [0, .max, .min, .max - 1, .min + 1]
        var power = 1
        for _ in 0...18 {
            values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
            if power <= Int.max / 10 { power *= 10 }
        }
        for value in values {
            #expect(try JSONValue.int(value).jsonString() == String(value))
        }
    }
}
