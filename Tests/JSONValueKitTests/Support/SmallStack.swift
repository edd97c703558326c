@testable import JSONValueKit

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

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits
/// for it to end, through the library's own threads (``_Thread``), so that
/// the tests run wherever the library does and need no more Foundation than
/// it does.
private func onNewThread<Result: Sendable>(
    stackSize: Int,
    _ body: @escaping @Sendable () throws -> Result
) throws -> Result {
    var result: Swift.Result<Result, any Error>?
    guard _Thread.run(stackSize: stackSize, { result = Swift.Result { try body() } }) else { throw ThreadFailure() }
    return try result!.get()
}

/// A thread could not be created.
struct ThreadFailure: Error {}
