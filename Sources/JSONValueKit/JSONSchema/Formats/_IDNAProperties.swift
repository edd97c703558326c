#if JSONSchema

/// The facts about one code point that IDNA2008 needs, read from the
/// generated table `_idnaRanges` (see `Scripts/generate-idna-tables.py`).
///
/// The Swift standard library has no Script, Joining_Type or Bidi_Class
/// property, and its Unicode version follows the platform's; the table
/// fixes one version (``_idnaUnicodeVersion``) for every platform.
struct _IDNAProperties {
    /// The packed value of the code point's range (see `_idnaRanges`).
    let value: UInt32

    /// The canonical combining class of a virama.
    static let virama: UInt32 = 9

    enum BidiClass: UInt32 {
        case leftToRight, rightToLeft, arabicLetter, europeanNumber, europeanSeparator, europeanTerminator
        case arabicNumber, commonSeparator, nonspacingMark, boundaryNeutral, otherNeutral, other
    }

    enum JoiningType: UInt32 {
        case nonJoining, left, right, dual, transparent, joinCausing
    }

    enum Script: UInt32 {
        case other, greek, hebrew, hiragana, katakana, han
    }

    /// Looks the code point up: O(log *r*) in the table's *r* ranges.
    init(_ scalar: UInt32) {
        value = _idnaRanges.withUnsafeBufferPointer { ranges in
            // The last entry whose start is at most `scalar`: entries are
            // `start << 22 | value`, so it is the last below (scalar + 1) << 22.
            let key = UInt64(scalar + 1) << 22
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle] < key {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low == 0 ? 0 : UInt32(truncatingIfNeeded: ranges[low - 1] & 0x3F_FFFF)
        }
    }

    /// PVALID, CONTEXTJ or CONTEXTO: a code point a U-label may hold.
    var isAllowed: Bool { value & 3 != 0 }

    /// CONTEXTJ or CONTEXTO: allowed where its rule is met.
    var isContextual: Bool { value & 2 != 0 }

    var bidiClass: BidiClass { BidiClass(rawValue: value >> 2 & 0xF) ?? .other }

    var joiningType: JoiningType { JoiningType(rawValue: value >> 6 & 0x7) ?? .nonJoining }

    var script: Script { Script(rawValue: value >> 9 & 0x7) ?? .other }

    /// General_Category Mn, Mc or Me.
    var isCombiningMark: Bool { value & (1 << 12) != 0 }

    /// NFC_Quick_Check=Maybe: the code point may combine with what precedes it.
    var mayCompose: Bool { value & (1 << 13) != 0 }

    var combiningClass: UInt32 { value >> 14 & 0xFF }
}

#endif
