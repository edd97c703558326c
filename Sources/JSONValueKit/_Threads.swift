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

// What the library needs of the operating system's threads, in one place:
// a thread with a stack of a given size (``_Thread/run(stackSize:_:)``), a
// pointer per thread (``_ThreadLocal``) and a lock (`_Lock.swift`). POSIX
// threads on Apple platforms, Linux (Glibc and Musl), Android and WASI with
// threads; Win32 threads on Windows; and nothing where WebAssembly has no
// threads (`wasm32-unknown-wasi`), where the library is single-threaded
// and recursion cannot move to a new stack (see ``_StackExtension``).
//
// Verified by CI on Linux with Glibc only; the other branches compile by
// construction, from each C library's declarations (see the README's table
// of platforms).

/// Whether this platform has no threads at all: WebAssembly without the
/// threads proposal.
#if os(WASI) && !_runtime(_multithreaded)
let _platformHasThreads = false
#else
let _platformHasThreads = true
#endif

/// Threads with a stack of their own.
enum _Thread {
    /// Runs `body` on a new joinable thread with a stack of `stackSize`
    /// bytes, at the caller's quality of service on Apple platforms, and
    /// waits for the thread to end. Returns `false`, having run nothing, if
    /// no thread could be created, or where there are none.
    static func run(stackSize: Int, _ body: () -> Void) -> Bool {
        withoutActuallyEscaping(body) { body in
            let box = _ThreadBody(body)
            // The thread gets its own reference to the box, which it releases.
            let context = Unmanaged.passRetained(box).toOpaque()
            guard start(stackSize: stackSize, context: context) else {
                Unmanaged<_ThreadBody>.fromOpaque(context).release()
                return false
            }
            return true
        }
    }

    /// What the new thread runs: the body in `context`, which it releases.
    private static func enter(_ context: UnsafeMutableRawPointer?) {
        Unmanaged<_ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
    }

    #if os(WASI) && !_runtime(_multithreaded)
    private static func start(stackSize: Int, context: UnsafeMutableRawPointer) -> Bool {
        false
    }
    #elseif os(Windows)
    private static func start(stackSize: Int, context: UnsafeMutableRawPointer) -> Bool {
        // The size is the stack's reservation, as `pthread_attr_setstacksize`
        // sets it, rather than the memory committed at the start.
        let handle = CreateThread(
            nil, SIZE_T(stackSize),
            { context in
                _Thread.enter(context)
                return 0
            }, context, DWORD(STACK_SIZE_PARAM_IS_A_RESERVATION), nil)
        guard let handle else { return false }
        WaitForSingleObject(handle, INFINITE)
        CloseHandle(handle)
        return true
    }
    #else
    private static func start(stackSize: Int, context: UnsafeMutableRawPointer) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        // Always set: Musl gives a new thread 128 KiB, less than the
        // library's stack logic counts on.
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
        #if canImport(Darwin)
        // Without this the thread runs at the default quality of service,
        // below a user-interactive caller's: a priority inversion.
        let qualityOfService = qos_class_self()
        if qualityOfService != QOS_CLASS_UNSPECIFIED {
            pthread_attr_set_qos_class_np(&attributes, qualityOfService, 0)
        }
        #endif
        #if canImport(Glibc) || canImport(Android)
        // An integer there (`unsigned long` in Glibc, `long` in Bionic).
        var thread = pthread_t()
        #else
        // A pointer on Darwin, Musl and WASI, which `pthread_create` sets.
        var thread: pthread_t? = nil
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { context in
                // The parameter is optional in some C libraries, not in others.
                let context: UnsafeMutableRawPointer? = context
                _Thread.enter(context)
                return nil
            }, context)
        guard status == 0 else { return false }
        #if canImport(Glibc) || canImport(Android)
        pthread_join(thread, nil)
        #else
        pthread_join(thread!, nil)
        #endif
        return true
    }
    #endif

    /// Whether the address sanitizer's runtime is part of the program,
    /// which keeps locals whose address is taken on the heap (see
    /// ``_StackExtension/localAddressesTrackTheStack``). Looked up with
    /// `dlsym` where there is a dynamic loader; elsewhere (WASI, Windows) the
    /// library is not built with the sanitizer in CI, and the answer is no.
    static let hasAddressSanitizer: Bool = {
        #if os(WASI) || os(Windows)
        return false
        #else
        guard let program = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(program) }
        return dlsym(program, "__asan_init") != nil
        #endif
    }()
}

/// The body a new thread runs, with the calling thread blocked until it has
/// run, so that nothing in it is used by two threads at once.
private final class _ThreadBody: @unchecked Sendable {
    private var body: (() -> Void)?

    init(_ body: @escaping () -> Void) {
        self.body = body
    }

    func run() {
        // Dropped as soon as it has run: `withoutActuallyEscaping` checks
        // that nothing holds it any more when the caller returns.
        let body = self.body
        self.body = nil
        body?()
    }
}

/// A pointer that each thread has its own value of, `nil` at first: a POSIX
/// thread-specific key, a Windows TLS index, or a plain variable where there
/// are no threads. Made once and kept for the process's life.
final class _ThreadLocal: @unchecked Sendable {
    #if os(WASI) && !_runtime(_multithreaded)
    private var stored: UnsafeMutableRawPointer?

    init() {}

    var value: UnsafeMutableRawPointer? {
        get { stored }
        set { stored = newValue }
    }
    #elseif os(Windows)
    private let index: DWORD

    init() {
        index = TlsAlloc()
        // TLS_OUT_OF_INDEXES, `(DWORD)0xFFFFFFFF`.
        precondition(index != DWORD.max, "JSONValueKit: out of thread-local storage")
    }

    var value: UnsafeMutableRawPointer? {
        get { TlsGetValue(index) }
        set { TlsSetValue(index, newValue) }
    }
    #else
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "JSONValueKit: out of thread-specific keys")
        self.key = key
    }

    var value: UnsafeMutableRawPointer? {
        get { pthread_getspecific(key) }
        set { pthread_setspecific(key, newValue) }
    }
    #endif
}
