#if JSONSchema

/// Whether a U-label is in Normalization Form C (RFC 5891 section 5.4).
///
/// The standard library compares strings by canonical equivalence but
/// offers no public NFC transform on every platform, so the check is done
/// here, exactly, with the generated tables. It runs only after every code
/// point is known to be allowed in a label, which narrows NFC a great deal:
/// allowed code points are stable under NFKC, so none has
/// NFC_Quick_Check=No, and each canonical decomposition among them is a
/// primary composite of two allowed code points (the generator asserts
/// both). Conjoining jamo are not allowed, so Hangul syllables never
/// compose or decompose here.
///
/// First the quick check of UAX #15: canonical combining classes must not
/// decrease within a run of non-starters, and if no code point has
/// NFC_Quick_Check=Maybe the label is in NFC. Otherwise, rarely, the label
/// is decomposed, reordered and recomposed in a scratch buffer and compared
/// with itself.
extension _IDNA {
    static func isNFC(
        _ scalars: UnsafeMutableBufferPointer<UInt32>, _ properties: UnsafeMutableBufferPointer<_IDNAProperties>,
        _ count: Int
    ) -> Bool {
        var lastClass: UInt32 = 0
        var mayCompose = false
        for index in 0..<count {
            let combiningClass = properties[index].combiningClass
            if combiningClass != 0 && lastClass > combiningClass { return false }
            lastClass = combiningClass
            if properties[index].mayCompose { mayCompose = true }
        }
        guard mayCompose else { return true }
        let capacity = count * _idnaMaximumDecompositionLength
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { buffer in
            // Full canonical decomposition.
            var length = 0
            for index in 0..<count {
                guard let end = appendDecomposition(of: scalars[index], to: buffer, at: length) else { return false }
                length = end
            }
            // Canonical ordering: a stable sort of each run of non-starters.
            var index = 1
            while index < length {
                let scalar = buffer[index]
                let combiningClass = _IDNAProperties(scalar).combiningClass
                var position = index
                while combiningClass != 0, position > 0 {
                    let before = _IDNAProperties(buffer[position - 1]).combiningClass
                    guard before > combiningClass else { break }
                    buffer[position] = buffer[position - 1]
                    position -= 1
                }
                buffer[position] = scalar
                index += 1
            }
            // Canonical composition.
            var starter = -1
            var composedLength = 0
            for position in 0..<length {
                let scalar = buffer[position]
                let combiningClass = _IDNAProperties(scalar).combiningClass
                if starter >= 0 {
                    let lastClass = _IDNAProperties(buffer[composedLength - 1]).combiningClass
                    let adjacent = starter == composedLength - 1
                    if adjacent || (lastClass != 0 && lastClass < combiningClass),
                        let composite = composition(buffer[starter], scalar)
                    {
                        buffer[starter] = composite
                        continue
                    }
                }
                if combiningClass == 0 { starter = composedLength }
                buffer[composedLength] = scalar
                composedLength += 1
            }
            guard composedLength == count else { return false }
            for position in 0..<count where buffer[position] != scalars[position] { return false }
            return true
        }
    }

    /// Writes the full canonical decomposition of `scalar` at `start` and
    /// returns the index after it, or `nil` if the buffer is too small
    /// (which the generator's `_idnaMaximumDecompositionLength` rules out).
    private static func appendDecomposition(
        of scalar: UInt32, to buffer: UnsafeMutableBufferPointer<UInt32>, at start: Int
    ) -> Int? {
        guard let (first, second) = decomposition(scalar) else {
            guard start < buffer.count else { return nil }
            buffer[start] = scalar
            return start + 1
        }
        guard let end = appendDecomposition(of: first, to: buffer, at: start) else { return nil }
        return appendDecomposition(of: second, to: buffer, at: end)
    }

    /// The two code points a primary composite decomposes to, if it is one.
    private static func decomposition(_ scalar: UInt32) -> (UInt32, UInt32)? {
        _idnaCompositions.withUnsafeBufferPointer { table in
            var low = 0
            var high = table.count
            let key = UInt64(scalar)
            while low < high {
                let middle = (low + high) / 2
                let composite = table[middle] >> 42
                if composite == key {
                    let entry = table[middle]
                    return (
                        UInt32(truncatingIfNeeded: entry >> 21 & 0x1F_FFFF),
                        UInt32(truncatingIfNeeded: entry & 0x1F_FFFF)
                    )
                }
                if composite < key {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return nil
        }
    }

    /// The compositions keyed by their pair, `(first << 21 | second) << 21 |
    /// composite`, sorted: built once from `_idnaCompositions`.
    private static let compositionsByPair: [UInt64] = _idnaCompositions.map { entry in
        (entry & 0x3FF_FFFF_FFFF) << 21 | entry >> 42
    }.sorted()

    /// The primary composite of two code points, if they have one.
    private static func composition(_ first: UInt32, _ second: UInt32) -> UInt32? {
        compositionsByPair.withUnsafeBufferPointer { table in
            let pair = UInt64(first) << 21 | UInt64(second)
            var low = 0
            var high = table.count
            while low < high {
                let middle = (low + high) / 2
                if table[middle] >> 21 < pair {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            guard low < table.count, table[low] >> 21 == pair else { return nil }
            return UInt32(truncatingIfNeeded: table[low] & 0x1F_FFFF)
        }
    }
}

#endif
