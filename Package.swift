// swift-tools-version: 6.0

import PackageDescription

let package = Package(
    name: "JSONValueKit",
    products: [
        .library(name: "JSONValueKit", targets: ["JSONValueKit"]),
        .executable(name: "jsonvalue-demo", targets: ["jsonvalue-demo"]),
    ],
    targets: [
        .target(name: "JSONValueKit"),
        .executableTarget(name: "jsonvalue-demo", dependencies: ["JSONValueKit"]),
        .testTarget(name: "JSONValueKitTests", dependencies: ["JSONValueKit"]),
    ],
    swiftLanguageModes: [.v6]
)
