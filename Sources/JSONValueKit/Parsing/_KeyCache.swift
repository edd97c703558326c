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

/// The member names of one parse, so that a name repeated across objects
/// is made once: a long name shares one allocation, and a short one is
/// copied instead of checked and built again.
///
/// A `String` of up to 15 UTF-8 bytes is stored inline, but a longer one
/// takes a heap allocation and, if it is not ASCII, a UTF-8 check. Arrays of
/// records repeat their names (twitter.json has 4,069 names of 16 bytes or
/// more, nearly all repeats), so the parser looks each long name up here
/// first: a hit costs a hash of two words and a `memcmp`, and returns the
/// earlier `String` (a retain). A hit needs no UTF-8 check either, because
/// the bytes equal those of a name that passed it.
///
/// Names of 1 to 15 bytes are found by their bytes instead (see
/// ``shortName(low:high:)``).
///
/// Both tables are direct-mapped: a name whose slot holds another name
/// replaces it, so neither grows past 256 entries, and a document whose
/// names never repeat pays one lookup per name and nothing more.
/// Parsing twitter.json went from 2,000 µs to 1,855 µs (minimum of 50 runs),
/// and its tree from 2.58 to 2.11 heap bytes per input byte (citm_catalog.json:
/// 1.91 to 1.87).
struct _KeyCache {
    /// Names shorter than this are small strings, looked up by their bytes
    /// rather than hashed and compared with `memcmp`.
    static let minimumLength = 16

    private static let slotCount = 256
    private var slots: [String?] = []

    /// Names of 1 to 15 bytes, by their bytes: such a name is a small string
    /// (its bytes in the `String` itself, nothing to retain), but making one
    /// still checks its bytes and builds it, a tenth of parsing twitter.json,
    /// whose 13,000 names are mostly short and repeated.
    private var shortSlots: [_ShortName] = []

    /// The cached name spelled by `bytes`, which are at least
    /// ``minimumLength`` long, or `nil` and the slot to ``store(_:in:)`` the
    /// name in once it is made.
    @inline(__always)
    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String?, slot: Int) {
        let slot = Self.slot(of: bytes)
        if slots.isEmpty {
            slots = Array(repeating: nil, count: Self.slotCount)
        } else if let cached = slots[slot], Self.spells(cached, bytes) {
            return (cached, slot)
        }
        return (nil, slot)
    }

    /// The cached short name whose bytes, zero-padded, are the two words
    /// `low` and `high` (whose top byte holds the length), or `nil` and the
    /// slot to ``storeShort(_:low:high:in:)`` the name in once it is made.
    @inline(__always)
    mutating func shortName(low: UInt64, high: UInt64) -> (name: String?, slot: Int) {
        let slot = Self.slot(mixing: low, high)
        if shortSlots.isEmpty {
            shortSlots = Array(repeating: _ShortName(low: 0, high: 0, name: ""), count: Self.slotCount)
        } else if shortSlots[slot].low == low && shortSlots[slot].high == high {
            // The length in `high` is never zero, so an empty slot never
            // matches.
            return (shortSlots[slot].name, slot)
        }
        return (nil, slot)
    }

    /// Caches the short name `name`, spelled by `low` and `high`, in `slot`.
    @inline(__always)
    mutating func storeShort(_ name: String, low: UInt64, high: UInt64, in slot: Int) {
        shortSlots[slot] = _ShortName(low: low, high: high, name: name)
    }

    /// The words that spell a name of 1 to 15 `bytes` for
    /// ``shortName(low:high:)``; the text has `available` bytes from the
    /// name's first one on, so that 16 of them can be read at once when
    /// there are.
    @inline(__always)
    static func words(_ bytes: UnsafeBufferPointer<UInt8>, available: Int) -> (low: UInt64, high: UInt64) {
        let count = bytes.count
        var low: UInt64 = 0
        var high: UInt64 = 0
        if available >= 16 {
            // One load each, then the bytes past the name cleared.
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if count < 8 {
                low &= (1 &<< (UInt64(count) &* 8)) &- 1
                high = 0
            } else {
                high &= (1 &<< (UInt64(count &- 8) &* 8)) &- 1
            }
        } else {
            for index in 0..<count {
                if index < 8 {
                    low |= UInt64(bytes[index]) &<< (UInt64(index) &* 8)
                } else {
                    high |= UInt64(bytes[index]) &<< (UInt64(index &- 8) &* 8)
                }
            }
        }
        return (low, high | UInt64(count) &<< 56)
    }

    /// Caches `name` in `slot`, replacing the name there.
    @inline(__always)
    mutating func store(_ name: String, in slot: Int) {
        slots[slot] = name
    }

    /// A slot from the length and the first and last eight bytes, which
    /// tell apart most names of a document; names that differ only between
    /// them share a slot and take turns in it.
    @inline(__always)
    private static func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let first = base.loadUnaligned(as: UInt64.self)
        let last = base.loadUnaligned(fromByteOffset: bytes.count &- 8, as: UInt64.self)
        return slot(mixing: first ^ UInt64(truncatingIfNeeded: bytes.count), last)
    }

    /// A slot from two words: the second turned, so that equal halves do
    /// not cancel, then both spread by a multiplication into the top byte.
    @inline(__always)
    private static func slot(mixing a: UInt64, _ b: UInt64) -> Int {
        Int(truncatingIfNeeded: ((a ^ (b &<< 29 | b &>> 35)) &* 0x9E37_79B9_7F4A_7C15) &>> 56)
    }

    /// Whether `name` is spelled by exactly `bytes`.
    @inline(__always)
    private static func spells(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let equal = name.utf8.withContiguousStorageIfAvailable { stored in
            stored.count == bytes.count && memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
        return equal ?? false
    }
}

/// A short name and its bytes, as ``_KeyCache`` keeps them.
struct _ShortName {
    var low: UInt64
    var high: UInt64
    var name: String
}
