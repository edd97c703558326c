import Testing

@testable import JSONValueKit

@Suite("The library's lock")
struct LockTests {
    /// A counter that tasks on several threads increment under the lock;
    /// under the thread sanitizer (CI runs it) an unguarded access is
    /// reported as a race.
    final class Counter: @unchecked Sendable {
        let lock = _Lock()
        var value = 0
    }

    @Test("withLock keeps increments from many tasks apart, and returns the body's result")
    func mutualExclusion() async {
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } }
                }
            }
        }
        #expect(counter.lock.withLock { counter.value } == 80_000)
    }

    @Test("an error thrown in the body unlocks the lock")
    func throwingBody() {
        struct Failure: Error {}
        let lock = _Lock()
        #expect(throws: Failure.self) { try lock.withLock { throw Failure() } }
        #expect(lock.withLock { 42 } == 42)
    }
}
