#if JSONSchema

/// Punycode (RFC 3492), the Bootstring encoding that turns a U-label into
/// the ASCII of an A-label, with the parameters of section 5.
///
/// Labels are short (an A-label has at most 63 octets), so both directions
/// work in caller-provided buffers and bound every intermediate value well
/// inside `Int64`, whatever the width of `Int`.
enum _Punycode {
    private static let base: Int64 = 36
    private static let tMin: Int64 = 1
    private static let tMax: Int64 = 26
    private static let skew: Int64 = 38
    private static let damp: Int64 = 700
    private static let initialBias: Int64 = 72
    private static let initialN: Int64 = 0x80

    /// Past this, `i` cannot give a code point for any label that fits the
    /// output buffer, so decoding fails instead of overflowing.
    private static let limit: Int64 = 0x11_0000 * 128

    /// Decodes the Punycode in `bytes[start..<end]` (an A-label after its
    /// `xn--`) into `output`, converting basic code points to lower case as
    /// RFC 5891 section 5.3 asks of an A-label.
    ///
    /// - Returns: The number of code points written, or `nil` when the text
    ///   is not valid Punycode, decodes to a code point that is basic,
    ///   a surrogate or past U+10FFFF, or does not fit `output`.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into output: UnsafeMutableBufferPointer<UInt32>
    ) -> Int? {
        // The basic code points are those before the last delimiter, if any.
        var delimiter = end
        var index = end
        while index > start {
            index -= 1
            if bytes[index] == UInt8(ascii: "-") {
                delimiter = index
                break
            }
        }
        var count = 0
        if delimiter < end {
            guard delimiter - start <= output.count else { return nil }
            for position in start..<delimiter {
                let byte = bytes[position]
                guard byte < 0x80 else { return nil }
                output[count] = UInt32(_FormatBytes.isAlpha(byte) ? byte | 0x20 : byte)
                count += 1
            }
        }
        // A delimiter is consumed only when code points came before it.
        index = count > 0 ? delimiter + 1 : start
        var n = initialN
        var i: Int64 = 0
        var bias = initialBias
        while index < end {
            let oldI = i
            var w: Int64 = 1
            var k = base
            while true {
                guard index < end, let digit = digitValue(bytes[index]) else { return nil }
                index += 1
                i += digit * w
                guard i <= limit else { return nil }
                let t = threshold(k, bias)
                if digit < t { break }
                w = min(w * (base - t), limit + 1)
                k += base
            }
            let length = Int64(count + 1)
            bias = adapt(i - oldI, length, first: oldI == 0)
            n += i / length
            i %= length
            guard n >= 0x80, n <= 0x10_FFFF, !(0xD800...0xDFFF).contains(n), count < output.count else { return nil }
            // Insert n at position i.
            let position = Int(i)
            var move = count
            while move > position {
                output[move] = output[move - 1]
                move -= 1
            }
            output[position] = UInt32(n)
            count += 1
            i += 1
        }
        return count
    }

    /// Encodes `input` as Punycode, passing each ASCII byte to `emit` in
    /// order; stops early, returning `false`, when `emit` does.
    static func encode(_ input: UnsafeMutableBufferPointer<UInt32>, _ count: Int, _ emit: (UInt8) -> Bool) -> Bool {
        var basic = 0
        for position in 0..<count where input[position] < 0x80 {
            guard emit(UInt8(input[position])) else { return false }
            basic += 1
        }
        if basic > 0 {
            guard emit(UInt8(ascii: "-")) else { return false }
        }
        var handled = basic
        var n = initialN
        var delta: Int64 = 0
        var bias = initialBias
        while handled < count {
            // The smallest code point not yet handled.
            var m = Int64.max
            for position in 0..<count where Int64(input[position]) >= n {
                m = min(m, Int64(input[position]))
            }
            delta += (m - n) * Int64(handled + 1)
            n = m
            for position in 0..<count {
                let c = Int64(input[position])
                if c < n { delta += 1 }
                guard c == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias)
                    if q < t { break }
                    guard emit(digitByte(t + (q - t) % (base - t))) else { return false }
                    q = (q - t) / (base - t)
                    k += base
                }
                guard emit(digitByte(q)) else { return false }
                bias = adapt(delta, Int64(handled + 1), first: handled == basic)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return true
    }

    @inline(__always)
    private static func threshold(_ k: Int64, _ bias: Int64) -> Int64 {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    /// The bias adaptation of RFC 3492 section 6.1.
    private static func adapt(_ delta: Int64, _ length: Int64, first: Bool) -> Int64 {
        var delta = first ? delta / damp : delta / 2
        delta += delta / length
        var k: Int64 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// `a`-`z` (either case) are 0 to 25, `0`-`9` are 26 to 35.
    @inline(__always)
    private static func digitValue(_ byte: UInt8) -> Int64? {
        if _FormatBytes.isAlpha(byte) { return Int64((byte | 0x20) - UInt8(ascii: "a")) }
        if _FormatBytes.isDigit(byte) { return Int64(byte - UInt8(ascii: "0")) + 26 }
        return nil
    }

    @inline(__always)
    private static func digitByte(_ digit: Int64) -> UInt8 {
        digit < 26 ? UInt8(ascii: "a") + UInt8(digit) : UInt8(ascii: "0") + UInt8(digit - 26)
    }
}

#endif
