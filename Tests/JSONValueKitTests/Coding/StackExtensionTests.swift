import Testing

@testable import JSONValueKit

#if canImport(Darwin)
import Darwin
#endif

@Suite("Moving deep recursion to a new stack")
struct StackExtensionTests {
    /// Set on the test's thread only: another thread sees `nil`.
    static let marker = _ThreadLocal()

    @Test("the body runs on another thread, and its result or error comes back")
    func newThread() throws {
        Self.marker.value = UnsafeMutableRawPointer(bitPattern: 1)
        defer { Self.marker.value = nil }
        #expect(try _StackExtension.onNewStack { Self.marker.value } == nil)
        #expect(Self.marker.value != nil)
        #if canImport(Darwin)
        #expect(
            try _StackExtension.onNewStack { pthread_get_stacksize_np(pthread_self()) } >= _StackExtension.stackSize)
        #endif
        struct Failure: Error, Equatable {}
        #expect(throws: Failure()) { try _StackExtension.onNewStack { throw Failure() } }
    }

    @Test("only every interval-th level leaves the thread (32 levels, 16 where stacks are 128 KiB)")
    func interval() throws {
        Self.marker.value = UnsafeMutableRawPointer(bitPattern: 1)
        defer { Self.marker.value = nil }
        let interval = _StackExtension.interval
        #if canImport(Musl) || os(WASI)
        #expect(interval == 16)
        #else
        #expect(interval == 32)
        #endif
        #expect(try _StackExtension.run(depth: interval - 1) { Self.marker.value } != nil)
        #expect(try _StackExtension.run(depth: 0) { Self.marker.value } != nil)
        #expect(try _StackExtension.run(depth: 2 * interval) { Self.marker.value } == nil)
    }

    @Test("a thread-local value is the thread's own, and a new thread's starts empty")
    func threadLocal() throws {
        let local = _ThreadLocal()
        #expect(local.value == nil)
        local.value = UnsafeMutableRawPointer(bitPattern: 8)
        #expect(
            try _StackExtension.onNewStack { () -> Bool in
                let empty = local.value == nil
                local.value = UnsafeMutableRawPointer(bitPattern: 16)
                return empty && local.value == UnsafeMutableRawPointer(bitPattern: 16)
            })
        #expect(local.value == UnsafeMutableRawPointer(bitPattern: 8))
        local.value = nil
    }

    #if canImport(Darwin)
    @Test("on Apple platforms the new thread has the caller's quality of service")
    func qualityOfService() throws {
        let qualities = try onLargeStack { () -> [UInt32] in
            var seen: [UInt32] = []
            for quality in [QOS_CLASS_USER_INTERACTIVE, QOS_CLASS_USER_INITIATED, QOS_CLASS_UTILITY] {
                pthread_set_qos_class_self_np(quality, 0)
                seen.append(try _StackExtension.onNewStack { qos_class_self() }.rawValue)
            }
            return seen
        }
        #expect(
            qualities == [
                QOS_CLASS_USER_INTERACTIVE.rawValue, QOS_CLASS_USER_INITIATED.rawValue, QOS_CLASS_UTILITY.rawValue,
            ])
    }
    #endif
}
