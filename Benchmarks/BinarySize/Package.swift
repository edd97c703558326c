// swift-tools-version: 6.1

import PackageDescription

// The program behind the README's binary-size table: it parses standard input
// and prints it back compact. `measure` (beside this file) builds it with
// `swift build -c release --static-swift-stdlib`, once with JSONValueKit's
// default traits and once with `traits: []`, which it chooses through
// JSONVALUEKIT_TRAITS ("default" or "none").
let traits: Set<Package.Dependency.Trait> =
    Context.environment["JSONVALUEKIT_TRAITS"] == "default" ? [.defaults] : []

let package = Package(
    name: "BinarySize",
    dependencies: [
        // `name:` because a path dependency is otherwise named after its
        // folder, which a clone may call anything.
        .package(name: "JSONValueKit", path: "../..", traits: traits)
    ],
    targets: [
        .executableTarget(
            name: "parse-and-print",
            dependencies: [.product(name: "JSONValueKit", package: "JSONValueKit")]
        )
    ],
    swiftLanguageModes: [.v6]
)
