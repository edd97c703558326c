// Stand-ins for the two library files that need an operating system's threads
// (Coding/_StackExtension.swift and _Lock.swift), which Embedded Swift on a
// bare-metal target cannot import. The table's program is single-threaded and
// runs on the process's main stack (8 MiB), well within the default depth, so
// running each body where it is keeps the library's answers; what the real
// files do (a new thread with a bigger stack, a mutex) is not covered by this
// gate (see .ci/check-32bit).

enum _StackExtension {
    static let interval = 32
    static let stackSize = 4 << 20
    static let localAddressesTrackTheStack = true

    @inline(__always)
    static func run<Result>(depth: Int, _ body: () throws -> Result) rethrows -> Result {
        try body()
    }

    static func onNewStack<Result>(_ body: () throws -> Result) rethrows -> Result {
        try body()
    }
}

final class _Lock: @unchecked Sendable {
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try body()
    }
}
