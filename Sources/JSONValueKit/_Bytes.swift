// Byte helpers that the regex engine, the schema evaluator and the tape
// decoder share: the regex files use nothing of JSONSchema/, so that they
// build on their own (as .ci/check-32bit builds them, for 32-bit targets).

/// The bytes of a run of 1 to 7 as one word, read with at most two loads
/// instead of a loop (names are mostly that short): two overlapping 4-byte
/// loads from 4 bytes on, else the first, middle and last byte. Runs of the
/// same length and bytes give the same word.
@inline(__always)
func _shortWord(_ base: UnsafeRawPointer, count: Int) -> UInt64 {
    if count >= 4 {
        let low = base.loadUnaligned(as: UInt32.self)
        let high = base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        return UInt64(low) | UInt64(high) << 32
    }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    return UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count &- 1]) << 16
}

/// Whether two byte buffers hold the same bytes.
@inline(__always)
func _bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    if a.count < 8 {
        // Equal lengths, so equal words mean equal bytes.
        return a.count == 0
            || _shortWord(UnsafeRawPointer(x), count: a.count) == _shortWord(UnsafeRawPointer(y), count: a.count)
    }
    var index = 0
    while index &+ 8 < a.count {
        if UnsafeRawPointer(x).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            != UnsafeRawPointer(y).loadUnaligned(fromByteOffset: index, as: UInt64.self)
        {
            return false
        }
        index &+= 8
    }
    // The last eight bytes, which may overlap the word before: no byte loop
    // for the rest.
    let last = a.count &- 8
    return UnsafeRawPointer(x).loadUnaligned(fromByteOffset: last, as: UInt64.self)
        == UnsafeRawPointer(y).loadUnaligned(fromByteOffset: last, as: UInt64.self)
}
