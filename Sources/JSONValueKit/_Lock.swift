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
#elseif os(Windows)
import WinSDK
#endif

/// A mutual-exclusion lock, allocated once, at a fixed address for its whole
/// life, as the system's locks must be: a POSIX mutex, a slim reader/writer
/// lock on Windows, and nothing where there are no threads (WebAssembly
/// without them; see `_Threads.swift`).
///
/// Not `NSLock`, which needs all of Foundation on Linux, nor the standard
/// library's `Mutex`, which Apple platforms have only from macOS 15 and
/// iOS 18 on.
final class _Lock: @unchecked Sendable {
    #if os(WASI) && !_runtime(_multithreaded)
    init() {}

    /// Runs `body`: with one thread, nothing can run beside it.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try body()
    }
    #elseif os(Windows)
    private let lock: UnsafeMutablePointer<SRWLOCK>

    init() {
        lock = .allocate(capacity: 1)
        InitializeSRWLock(lock)
    }

    deinit {
        // A slim reader/writer lock needs no destruction.
        lock.deallocate()
    }

    /// Runs `body` while holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        AcquireSRWLockExclusive(lock)
        defer { ReleaseSRWLockExclusive(lock) }
        return try body()
    }
    #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
    #endif
}
