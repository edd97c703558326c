/// SipHash-1-3 (the function and round counts Swift's `Hasher` uses) over a
/// name's UTF-8 bytes, with a key drawn at random once per process, so that
/// names crafted to collide in one process do not collide in another.
///
/// Written out here rather than through `Hasher` because a lookup hashes one
/// short name: `Hasher`'s calls to start, feed and finish took a third of a
/// lookup's time, and this inlines into the table's probe.
enum _SipHash {
    /// The process's key.
    static let key: (UInt64, UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }()

    @inline(__always)
    private static func rotate(_ value: UInt64, _ amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 &- amount))
    }

    @inline(__always)
    private static func round(_ v0: inout UInt64, _ v1: inout UInt64, _ v2: inout UInt64, _ v3: inout UInt64) {
        v0 = v0 &+ v1
        v1 = rotate(v1, 13)
        v1 ^= v0
        v0 = rotate(v0, 32)
        v2 = v2 &+ v3
        v3 = rotate(v3, 16)
        v3 ^= v2
        v0 = v0 &+ v3
        v3 = rotate(v3, 21)
        v3 ^= v0
        v2 = v2 &+ v1
        v1 = rotate(v1, 17)
        v1 ^= v2
        v2 = rotate(v2, 32)
    }

    /// The hash of `bytes` under the process's key.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        hash(bytes, key: key)
    }

    /// The hash of `bytes` under `key`, in an `Int`: where `Int` has 32 bits,
    /// the low 32 bits of the 64 (the tag of ``_MemberTable`` takes the top
    /// of that width). `.ci/check-32bit` compares these with a fixed key.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, key: (UInt64, UInt64)) -> Int {
        let (k0, k1) = key
        var v0 = k0 ^ 0x736f_6d65_7073_6575
        var v1 = k1 ^ 0x646f_7261_6e64_6f6d
        var v2 = k0 ^ 0x6c79_6765_6e65_7261
        var v3 = k1 ^ 0x7465_6462_7974_6573
        let count = bytes.count
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                v3 ^= word
                round(&v0, &v1, &v2, &v3)
                v0 ^= word
                index &+= 8
            }
        }
        var last = UInt64(truncatingIfNeeded: count) << 56
        var shift: UInt64 = 0
        while index < count {
            last |= UInt64(bytes[index]) << shift
            shift &+= 8
            index &+= 1
        }
        v3 ^= last
        round(&v0, &v1, &v2, &v3)
        v0 ^= last
        v2 ^= 0xFF
        round(&v0, &v1, &v2, &v3)
        round(&v0, &v1, &v2, &v3)
        round(&v0, &v1, &v2, &v3)
        return Int(truncatingIfNeeded: v0 ^ v1 ^ v2 ^ v3)
    }
}
