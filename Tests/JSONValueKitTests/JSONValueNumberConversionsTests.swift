import Testing

@testable import JSONValueKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#elseif canImport(WASILibc)
import WASILibc
#elseif canImport(ucrt)
import ucrt
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Number conversions shared by bridging and encoding")
struct JSONValueNumberConversionsTests {
    /// `value` to `digits` significant digits as the C library's `printf`
    /// writes it (`%.*e`, correctly rounded, ties to even), as a significand
    /// of exactly `digits` digits and a power of ten.
    static func printed(_ value: Double, digits: Int) -> (significand: UInt64, exponent: Int) {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([Int32(digits - 1), value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.*e", arguments)
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let parts = text.split(separator: "e")
        let significand = UInt64(parts[0].filter { $0 != "." })!
        return (significand, Int(parts[1])! - (digits - 1))
    }

    @Test("doubles rounded to 1 to 17 digits agree with printf, on seeded random doubles of every magnitude")
    func roundedLikePrintf() {
        var generator = SeededGenerator(seed: 0xD1_6175)
        var doubles: [Double] = [
            .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 0.5, 2.5, 1e23, 0.1,
            65.613616999999977, 9_007_199_254_740_992, 123456789.123456789,
        ]
        for _ in 0..<300 {
            // Uniform bit patterns: every exponent, subnormals included.
            doubles.append(Double(bitPattern: UInt64.random(in: 1..<0x7FF0_0000_0000_0000, using: &generator)))
            // And the magnitudes of everyday numbers, which most Decimals have.
            doubles.append(Double.random(in: 1e-6..<1e9, using: &generator))
        }
        for double in doubles {
            for digits in 1...17 {
                let ours = _roundedDecimal(of: double, significantDigits: digits)
                let expected = Self.printed(double, digits: digits)
                #expect(ours == expected, "\(double) to \(digits) digits")
            }
        }
    }

    @Test("ties round to even, and a carry adds a digit to the exponent")
    func tiesAndCarries() {
        #expect(_roundedDecimal(of: 2.5, significantDigits: 1) == (2, 0))
        #expect(_roundedDecimal(of: 3.5, significantDigits: 1) == (4, 0))
        #expect(_roundedDecimal(of: 0.125, significantDigits: 2) == (12, -2))
        #expect(_roundedDecimal(of: 9.96, significantDigits: 2) == (10, 0))
        #expect(_roundedDecimal(of: 1e300, significantDigits: 1) == (1, 300))
    }

    @Test("a Decimal is its nearest Double's digits only if it has no more digits than the Double keeps")
    func digitsOfNearestDouble() {
        #expect(JSONValue._isDigitsOfNearestDouble(Decimal(string: "-65.613616999999977")!))
        #expect(JSONValue._isDigitsOfNearestDouble(Decimal(string: "0.1")!))
        #expect(!JSONValue._isDigitsOfNearestDouble(Decimal(string: "3.14159265358979323846")!))
        #expect(!JSONValue._isDigitsOfNearestDouble(Decimal(7)))
    }
}
