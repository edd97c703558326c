// malloc, realloc and free.
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

/// A growable byte buffer that the writer appends to without the per-byte
/// uniqueness and capacity checks of `Array.append`.
///
/// The storage comes from `malloc` and grows with `realloc`, and ``takeData()``
/// hands it to `Data` without a copy. Against `allocate`, copy-on-grow and
/// `Data(buffer:)`, that took writing twitter.json from 1,640 µs to 1,045 µs
/// (minimum of 200 runs): a large block grows in place (glibc moves its pages
/// with `mremap`), and the 600 KB of output is neither copied a last time nor
/// faulted in twice.
///
/// Frozen (and so `@usableFromInline`, which `@frozen` needs) only because
/// Embedded Swift, which `.ci/check-32bit` compiles this file with, allows
/// `discard self` in ``takeStorage()`` only in a frozen type; nothing is
/// inlinable from outside the module.
@frozen @usableFromInline
struct _ByteBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = Self.allocate(self.capacity)
    }

    deinit {
        free(base)
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let raw = malloc(capacity) else { fatalError("JSONValueKit: out of memory") }
        return raw.assumingMemoryBound(to: UInt8.self)
    }

    /// Makes room for at least `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    private mutating func grow(to minimum: Int) {
        resize(to: Swift.max(capacity &* 2, minimum))
    }

    private mutating func resize(to newCapacity: Int) {
        guard let raw = realloc(base, newCapacity) else { fatalError("JSONValueKit: out of memory") }
        base = raw.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends a byte after a ``reserve(_:)`` made room for it.
    @inline(__always)
    mutating func appendUnchecked(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        if bytes.count == 1 {
            // No call to memcpy for one byte, as an incremental parser fed a
            // byte at a time appends: a quarter of such an append's time.
            base[count] = source[0]
        } else {
            (base + count).update(from: source, count: bytes.count)
        }
        count &+= bytes.count
    }

    /// Appends ASCII text known at compile time.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Lets `body` write up to `maximum` bytes straight into the buffer and
    /// keeps the number of bytes it says it wrote.
    @inline(__always)
    mutating func appendInPlace(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximum)
        count &+= body(base + count)
    }

    mutating func removeAll() {
        count = 0
    }

    /// Removes the first `prefix` bytes, moving the rest to the front.
    mutating func removeFirst(_ prefix: Int) {
        guard prefix > 0 else { return }
        memmove(base, base + prefix, count &- prefix)
        count &-= prefix
    }

    /// A buffer with the same bytes and storage of its own.
    func copy() -> _ByteBuffer {
        var copy = _ByteBuffer(capacity: count)
        copy.append(bytes)
        return copy
    }

    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// Hands over the storage, which the caller frees with `free`; the
    /// buffer ends. (``takeData()``, beside the writer's Foundation API,
    /// gives it to a `Data`: this file needs no Foundation.)
    consuming func takeStorage() -> (base: UnsafeMutablePointer<UInt8>, count: Int) {
        let storage = (base, count)
        discard self
        return storage
    }
}
