/// Keeps deep recursion through `Decoder` and `Encoder` within a small stack.
///
/// Codable recursion cannot be made iterative: each nested value decodes
/// itself through the coder. A secondary thread on Apple platforms has a
/// 512 KiB stack, and a level of `JSONValue` through `JSONDecoder`, or of a
/// recursive model through ``JSONValueDecoder``, takes 2 to 5 KiB of it, so
/// 512 levels (the depth limit of Foundation's parser and ours) would
/// overflow. Every ``interval`` levels, the rest of the recursion therefore
/// continues on a new thread with a stack of its own, while the calling
/// thread waits. Documents nested less deeply than ``interval`` levels, that
/// is nearly all of them, never leave the calling thread.
///
/// The body runs on the other thread with the calling thread blocked, so no
/// state is ever used by two threads at once. What does not cross over is
/// thread identity: task-local values and `Thread.current` differ inside a
/// model's `init(from:)` that runs more than ``interval`` levels deep. On
/// Apple platforms the thread runs at the caller's quality of service, so
/// that a decode on the main thread does not wait for a thread of lower
/// priority.
///
/// The threads are the operating system's (see ``_Thread``), not
/// Foundation's `Thread`, so that the library needs no more than
/// FoundationEssentials.
///
/// Where there are no threads (WebAssembly without the threads proposal),
/// recursion cannot move: ``onNewStack(_:)`` throws ``Exhausted`` instead,
/// so that a document nested more than ``interval`` levels deep is refused
/// with an error that says so, where it would otherwise overflow the
/// 128 KiB stack that Swift gives a WebAssembly program by default.
enum _StackExtension {
    /// How many levels run on one stack: a level takes up to 5 KiB in a
    /// debug build and about three times that under the address sanitizer,
    /// so 32 levels leave room on a 512 KiB stack for what the caller already
    /// uses. 16 where a thread's stack is 128 KiB: Musl's secondary threads
    /// by default, and WebAssembly's only stack.
    #if canImport(Musl) || os(WASI)
    static let interval = 16
    #else
    static let interval = 32
    #endif

    /// The stack size of each new thread; 32 levels need well under 1 MiB
    /// even in a debug build under the address sanitizer.
    static let stackSize = 4 << 20

    /// Whether the address of a local variable says how deep the stack is.
    ///
    /// Not under the address sanitizer: to catch uses of a local after its
    /// function has returned, it keeps locals whose address is taken in
    /// frames of its own on the heap (a "fake stack"), so such an address
    /// is nowhere near the thread's stack. Recursion that watches the stack
    /// by a local's address counts levels there instead.
    static var localAddressesTrackTheStack: Bool { !_Thread.hasAddressSanitizer }

    /// Runs `body`, on a new thread with a new stack when `depth` is a
    /// positive multiple of ``interval``.
    @inline(__always)
    static func run<Result>(depth: Int, _ body: () throws -> Result) throws -> Result {
        if depth == 0 || depth % interval != 0 { return try body() }
        return try onNewStack(body)
    }

    /// Runs `body` on a new thread with a stack of ``stackSize`` bytes and
    /// waits for it.
    ///
    /// - Throws: What `body` throws; ``Exhausted`` where the platform has no
    ///   threads, having run nothing.
    static func onNewStack<Result>(_ body: () throws -> Result) throws -> Result {
        guard _platformHasThreads else { throw Exhausted() }
        var result: Swift.Result<Result, any Error>?
        let ran = _Thread.run(stackSize: stackSize) { result = Swift.Result { try body() } }
        if !ran {
            // No thread to be had (the process is out of threads or
            // memory): go on here, as deep as this stack allows, rather
            // than fail a decode that may well fit.
            result = Swift.Result { try body() }
        }
        return try result!.get()
    }

    /// Recursion went ``interval`` levels deeper where there are no threads
    /// to continue it on a new stack (WebAssembly without the threads
    /// proposal): the stack holds no more.
    struct Exhausted: Error, CustomStringConvertible {
        var description: String {
            "nested more than \(_StackExtension.interval) levels deep: without threads, deeper recursion cannot "
                + "move to a new stack, and the one stack holds no more"
        }
    }

    // MARK: Depth on this thread

    /// How deep `JSONValue`'s own `init(from:)` and `encode(to:)` are nested
    /// on the current thread; they see other coders only through the
    /// `Decoder` and `Encoder` protocols, which carry no depth.
    private static let depth = _ThreadLocal()

    /// Runs `body` one level deeper on this thread's count, moving to a new
    /// stack every ``interval`` levels.
    static func runCountingDepth<Result>(_ body: () throws -> Result) throws -> Result {
        let depth = Int(bitPattern: Self.depth.value) &+ 1
        Self.depth.value = UnsafeMutableRawPointer(bitPattern: depth)
        defer { Self.depth.value = UnsafeMutableRawPointer(bitPattern: depth &- 1) }
        return try run(depth: depth, body)
    }
}
