// swift-tools-version: 6.1

import PackageDescription

let package = Package(
    name: "JSONValueKitGRDB",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v7)],
    products: [
        .library(name: "JSONValueKitGRDB", targets: ["JSONValueKitGRDB"])
    ],
    dependencies: [
        .package(name: "JSONValueKit", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "JSONValueKitGRDB",
            dependencies: [
                .product(name: "JSONValueKit", package: "JSONValueKit"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "JSONValueKitGRDBTests", dependencies: ["JSONValueKitGRDB"]),
    ],
    swiftLanguageModes: [.v6]
)
