import Foundation
import Testing

/// The stack size of secondary threads and dispatch queues on Apple
/// platforms, where apps parse what their servers send.
let smallStackSize = 512 * 1024

/// Runs `body` on a new thread with a 512 KiB stack and waits for it; a
/// stack overflow there crashes the test process, so reaching the end is the
/// test.
func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) throws -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = Swift.Result { try body() }
        done.signal()
    }
    thread.stackSize = smallStackSize
    thread.start()
    done.wait()
    return try box.result!.get()
}

/// The result of `onSmallStack`'s body, written by its thread before the
/// waiting caller reads it.
private final class ResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}
