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
        .default(enabledTraits: ["FullFoundation"]),
    ],
    targets: [
        .target(name: "JSONValueKit"),
        .executableTarget(name: "jsonvalue-demo", dependencies: ["JSONValueKit"]),
        .testTarget(name: "JSONValueKitTests", dependencies: ["JSONValueKit"]),
    ],
    swiftLanguageModes: [.v6]
)
