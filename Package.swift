// swift-tools-version: 6.1
// 6.1: package traits (below) need it, and so do the sources (the typed
// throws of `withUnsafeBufferPointer`) and the tests (the error that
// `#expect(throws:)` returns).

import PackageDescription

let package = Package(
    name: "JSONValueKit",
    // The floors of Swift concurrency: `AsyncSequence`, `AsyncIteratorProtocol`
    // and `async` functions, which `jsonValues()` uses, are available from
    // these versions on, and nothing older can run them. Anything newer that
    // the package uses sits behind `@available` or `if #available`.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "JSONValueKit", targets: ["JSONValueKit"]),
        .executable(name: "jsonvalue-demo", targets: ["jsonvalue-demo"]),
    ],
    traits: [
        .trait(
            name: "FullFoundation",
            description: """
                Bridges Foundation's NSNumber, NSNull and NSDecimalNumber (what JSONSerialization returns) \
                in JSONValue(any:), and gives null as NSNull in anyValue. Without it, the library needs only \
                FoundationEssentials, and programs that use it on Linux do not link Foundation and ICU.
                """
        ),
        .trait(
            name: "JSONSchema",
            description: """
                JSONSchema: validation (also of streams), schemas from Swift types and provider profiles, with \
                the format checks, IDNA tables and meta-schemas they need. Without it, a program that never \
                validates a schema does not carry the validator (on Linux, the linker keeps every public \
                function of a linked module). Typed partial values need no schema and stay.
                """
        ),
        .default(enabledTraits: ["FullFoundation", "JSONSchema"]),
    ],
    targets: [
        // The library's folder is the package's root, and its sources are
        // Sources/JSONValueKit: so the documentation catalog Docs.docc/, at
        // the root, is the target's own, which swift-docc-plugin (and with it
        // the Swift Package Index) needs to build its articles with the
        // symbols. Everything else at the root is another target's or no
        // target's, and excluded.
        .target(
            name: "JSONValueKit",
            path: ".",
            exclude: [
                "Benchmarks", "CHANGELOG.md", "CONTRIBUTING.md", "Fuzz", "Integrations", "LICENSE", "README.md",
                "Scripts", "Sources/jsonvalue-demo", "Tests",
            ],
            sources: ["Sources/JSONValueKit"]
        ),
        .executableTarget(name: "jsonvalue-demo", dependencies: ["JSONValueKit"]),
        .testTarget(name: "JSONValueKitTests", dependencies: ["JSONValueKit"]),
    ],
    swiftLanguageModes: [.v6]
)
