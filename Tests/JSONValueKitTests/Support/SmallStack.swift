#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The stack size of secondary threads and dispatch queues on Apple
/// platforms, where apps parse what their servers send.
let smallStackSize = 512 * 1024

/// A stack for what is not under test but recurses deeply all the same, such
/// as Foundation's encoder on a model nested 510 levels deep: the threads
/// that run tests on Apple platforms have no more than `smallStackSize`.
let largeStackSize = 64 << 20

/// Runs `body` on a new thread with a 512 KiB stack and waits for it; a
/// stack overflow there crashes the test process, so reaching the end is the
/// test.
func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) throws -> Result {
    try onNewThread(stackSize: smallStackSize, body)
}

/// Runs `body` on a new thread with a 64 MiB stack and waits for it.
func onLargeStack<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) throws -> Result {
    try onNewThread(stackSize: largeStackSize, body)
}

/// Runs `body` on a new POSIX thread with a stack of `stackSize` bytes and
/// waits for it to end. (POSIX threads, not Foundation's `Thread`, so that
/// the tests need no more Foundation than the library does.)
private func onNewThread<Result: Sendable>(
    stackSize: Int,
    _ body: @escaping @Sendable () throws -> Result
) throws -> Result {
    let box = ResultBox<Result>(body)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { throw ThreadFailure() }
    #if canImport(Darwin)
    var thread: pthread_t? = nil
    #else
    var thread = pthread_t()
    #endif
    let context = Unmanaged.passRetained(box as Runnable).toOpaque()
    let status = pthread_create(
        &thread, &attributes,
        { context in
            // The parameter is optional on Linux and not on Darwin.
            let context: UnsafeMutableRawPointer? = context
            Unmanaged<Runnable>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
    guard status == 0 else {
        Unmanaged<Runnable>.fromOpaque(context).release()
        throw ThreadFailure()
    }
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
    return try box.result!.get()
}

/// A thread could not be created.
struct ThreadFailure: Error {}

/// What the thread's entry point, a C function that cannot be generic,
/// runs: a `ResultBox`.
private class Runnable: @unchecked Sendable {
    func run() {}
}

/// A body and its result, written by the new thread before the waiting
/// caller reads it.
private final class ResultBox<Value>: Runnable, @unchecked Sendable {
    let body: @Sendable () throws -> Value
    var result: Result<Value, any Error>?

    init(_ body: @escaping @Sendable () throws -> Value) {
        self.body = body
    }

    override func run() {
        result = Result { try body() }
    }
}
