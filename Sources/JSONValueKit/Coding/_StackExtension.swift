#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps deep recursion through `Decoder` and `Encoder` within a small stack.
///
/// Codable recursion cannot be made iterative: each nested value decodes
/// itself through the coder. A secondary thread on Apple platforms has a
/// 512 KiB stack, and a level of `JSONValue` through `JSONDecoder`, or of a
/// recursive model through ``JSONValueDecoder``, takes 2 to 5 KiB of it, so
/// 512 levels (the depth limit of Foundation's parser and ours) would
/// overflow. Every ``interval`` levels, the rest of the recursion therefore
/// continues on a new thread with a stack of its own, while the calling
/// thread waits. Documents nested less deeply than 32 levels, that is
/// nearly all of them, never leave the calling thread.
///
/// The body runs on the other thread with the calling thread blocked, so no
/// state is ever used by two threads at once. What does not cross over is
/// thread identity: task-local values and `Thread.current` differ inside a
/// model's `init(from:)` that runs more than 32 levels deep. On Apple
/// platforms the thread runs at the caller's quality of service, so that a
/// decode on the main thread does not wait for a thread of lower priority.
///
/// The threads are POSIX threads, not Foundation's `Thread`, so that the
/// library needs no more than FoundationEssentials.
enum _StackExtension {
    /// How many levels run on one stack: a level takes up to 5 KiB in a
    /// debug build and about three times that under the address sanitizer,
    /// so 32 levels leave room on a 512 KiB stack for what the caller already
    /// uses.
    static let interval = 32

    /// The stack size of each new thread; 32 levels need well under 1 MiB
    /// even in a debug build under the address sanitizer.
    static let stackSize = 4 << 20

    /// Whether the address of a local variable says how deep the stack is.
    ///
    /// Not under the address sanitizer: to catch uses of a local after its
    /// function has returned, it keeps locals whose address is taken in
    /// frames of its own on the heap (a "fake stack"), so such an address
    /// is nowhere near the thread's stack. Recursion that watches the stack
    /// by a local's address counts levels there instead. Looked up once:
    /// the sanitizer's runtime is part of the program or it is not.
    static let localAddressesTrackTheStack: Bool = {
        guard let program = dlopen(nil, RTLD_NOW) else { return true }
        defer { dlclose(program) }
        return dlsym(program, "__asan_init") == nil
    }()

    /// Runs `body`, on a new thread with a new stack when `depth` is a
    /// positive multiple of ``interval``.
    @inline(__always)
    static func run<Result>(depth: Int, _ body: () throws -> Result) throws -> Result {
        if depth == 0 || depth % interval != 0 { return try body() }
        return try onNewStack(body)
    }

    /// Runs `body` on a new thread with a stack of ``stackSize`` bytes and
    /// waits for it.
    static func onNewStack<Result>(_ body: () throws -> Result) throws -> Result {
        try withoutActuallyEscaping(body) { body in
            let box = _Box(body)
            if !runOnNewThread(box) {
                // No thread to be had (the process is out of threads or
                // memory): go on here, as deep as this stack allows, rather
                // than fail a decode that may well fit.
                box.run()
            }
            return try box.result!.get()
        }
    }

    /// Runs `box` on a new joinable POSIX thread with a stack of
    /// ``stackSize`` bytes, at the caller's quality of service on Apple
    /// platforms, and waits for the thread to end. Returns `false`, having
    /// run nothing, if no thread could be created.
    private static func runOnNewThread(_ box: _Runnable) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
        #if canImport(Darwin)
        // Without this the thread runs at the default quality of service,
        // below a user-interactive caller's: a priority inversion.
        let qualityOfService = qos_class_self()
        if qualityOfService != QOS_CLASS_UNSPECIFIED {
            pthread_attr_set_qos_class_np(&attributes, qualityOfService, 0)
        }
        var thread: pthread_t? = nil
        #else
        var thread = pthread_t()
        #endif
        // The thread gets its own reference to the box, which it releases.
        let context = Unmanaged.passRetained(box).toOpaque()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                // The parameter is optional on Linux and not on Darwin.
                let context: UnsafeMutableRawPointer? = context
                Unmanaged<_Runnable>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<_Runnable>.fromOpaque(context).release()
            return false
        }
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
        return true
    }

    /// A body and its result, handed to the other thread while the calling
    /// thread waits for it; never used by two threads at once.
    private final class _Box<Result>: _Runnable, @unchecked Sendable {
        /// Dropped as soon as it has run: `withoutActuallyEscaping` checks
        /// that nothing holds it any more when the caller returns.
        private var body: (() throws -> Result)?
        private(set) var result: Swift.Result<Result, any Error>?

        init(_ body: @escaping () throws -> Result) {
            self.body = body
        }

        override func run() {
            guard let body else { return }
            self.body = nil
            result = Swift.Result { try body() }
        }
    }

    /// What the new thread's entry point, a C function that cannot be
    /// generic, calls on the box it is handed: a ``_Box``.
    private class _Runnable {
        func run() {}
    }

    // MARK: Depth on this thread

    /// How deep `JSONValue`'s own `init(from:)` and `encode(to:)` are nested
    /// on the current thread; they see other coders only through the
    /// `Decoder` and `Encoder` protocols, which carry no depth.
    private static let depthKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `body` one level deeper on this thread's count, moving to a new
    /// stack every ``interval`` levels.
    static func runCountingDepth<Result>(_ body: () throws -> Result) throws -> Result {
        let key = depthKey
        let depth = Int(bitPattern: pthread_getspecific(key)) &+ 1
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth))
        defer { pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth &- 1)) }
        return try run(depth: depth, body)
    }
}
