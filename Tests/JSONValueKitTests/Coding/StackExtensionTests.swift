import Testing

@testable import JSONValueKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Moving deep recursion to a new stack")
struct StackExtensionTests {
    /// The calling thread, as a number that can cross threads.
    static func currentThread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    @Test("the body runs on another thread, and its result or error comes back")
    func newThread() throws {
        let caller = Self.currentThread()
        let thread = try _StackExtension.onNewStack { Self.currentThread() }
        #expect(thread != caller)
        #if canImport(Darwin)
        #expect(
            try _StackExtension.onNewStack { pthread_get_stacksize_np(pthread_self()) } >= _StackExtension.stackSize)
        #endif
        struct Failure: Error, Equatable {}
        #expect(throws: Failure()) { try _StackExtension.onNewStack { throw Failure() } }
    }

    @Test("only every 32nd level leaves the thread")
    func interval() throws {
        let caller = Self.currentThread()
        #expect(try _StackExtension.run(depth: 31) { Self.currentThread() } == caller)
        #expect(try _StackExtension.run(depth: 0) { Self.currentThread() } == caller)
        #expect(try _StackExtension.run(depth: 64) { Self.currentThread() } != caller)
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
