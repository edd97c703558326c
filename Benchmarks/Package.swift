// swift-tools-version: 6.1

import PackageDescription

let package = Package(
    name: "JSONValueKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "JSONValueKit", path: "../"),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "JSONValueBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "JSONValueKit", package: "JSONValueKit"),
                "ToolCallModels",
                "AppModels",
            ],
            path: "Benchmarks/JSONValueBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Issue 40: the tool call of the typed partial benchmarks, and one
        // run of each of their loops for callgrind.
        .target(name: "ToolCallModels", dependencies: [.product(name: "JSONValueKit", package: "JSONValueKit")]),
        .executableTarget(name: "PartialCost", dependencies: ["ToolCallModels"]),
        // Bytes of tree per byte of input; see Scripts/tree_memory.py.
        .executableTarget(
            name: "JSONLinesStream",
            dependencies: [.product(name: "JSONValueKit", package: "JSONValueKit")]
        ),
        .executableTarget(
            name: "TreeMemory",
            dependencies: [.product(name: "JSONValueKit", package: "JSONValueKit"), "HeapBytes"],
            path: "Sources/TreeMemory"
        ),
        .target(name: "HeapBytes", path: "Sources/HeapBytes"),
        // Models written as apps write them, for the model benchmarks.
        .target(name: "AppModels", path: "Sources/AppModels"),
        // One operation of the benchmarks, run under callgrind for
        // instruction counts; see Scripts/callgrind.sh.
        .executableTarget(
            name: "CallgrindProbe",
            dependencies: [.product(name: "JSONValueKit", package: "JSONValueKit"), "AppModels"],
            path: "Sources/CallgrindProbe"
        ),
        // One run of one way of following a stream, for callgrind; see its main.swift.
        .executableTarget(
            name: "StreamingCost",
            dependencies: [.product(name: "JSONValueKit", package: "JSONValueKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
