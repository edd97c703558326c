import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folder `../shared/` beside the package: the benchmark corpora and the
/// official conformance suites.
enum Shared {
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // JSONValueKitTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .deletingLastPathComponent()
            .appendingPathComponent("shared")
    }

    /// Whether `../shared/` can be read. CI sets `JSONVALUEKIT_REQUIRE_SHARED`
    /// so that a missing folder fails the tests instead of skipping them.
    static var isAvailable: Bool {
        ProcessInfo.processInfo.environment["JSONVALUEKIT_REQUIRE_SHARED"] != nil
            || FileManager.default.fileExists(atPath: directory.path)
    }

    /// Why tests that read `../shared/` are skipped on a clone without it.
    static let skipReason: Comment = "needs ../shared beside the repository"

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(path))
    }
}

/// The shared benchmark corpora, in `../shared/corpus/`.
enum Corpus {
    static let names = ["twitter.json", "citm_catalog.json", "canada.json"]

    static var isAvailable: Bool { Shared.isAvailable }

    static var skipReason: Comment { Shared.skipReason }

    static func data(_ name: String) throws -> Data {
        try Shared.data("corpus/" + name)
    }
}
