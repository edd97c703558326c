import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folder `../shared/` beside the package: the benchmark corpora and the
/// official conformance suites.
///
/// `JSONVALUEKIT_SHARED_DIR` names another folder of the same layout
/// instead: a copy with a suite taken out shows that the run then fails
/// (see CONTRIBUTING.md).
enum Shared {
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["JSONVALUEKIT_SHARED_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // JSONValueKitTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .deletingLastPathComponent()
            .appendingPathComponent("shared")
    }

    /// Whether CI asks for the shared folder (`JSONVALUEKIT_REQUIRE_SHARED`):
    /// then anything missing from it is a failure, never a skip.
    static var isRequired: Bool {
        ProcessInfo.processInfo.environment["JSONVALUEKIT_REQUIRE_SHARED"] != nil
    }

    /// Whether `../shared/` can be read. CI sets `JSONVALUEKIT_REQUIRE_SHARED`
    /// so that a missing folder fails the tests instead of skipping them.
    static var isAvailable: Bool {
        isRequired || FileManager.default.fileExists(atPath: directory.path)
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

/// What CI's sanitizer runs change: they set `JSONVALUEKIT_SANITIZED`, and
/// the long seeded property tests then run a quarter of their seeds, and the
/// heaviest corpus and streaming tests fewer ways of cutting the same texts
/// (each says which). The sanitizers look for memory and thread errors, which
/// the first seeds and cuts find as well as the last; the plain `swift test`
/// keeps every seed and every cut.
enum Sanitizers {
    static let isSanitized = ProcessInfo.processInfo.environment["JSONVALUEKIT_SANITIZED"] != nil

    /// `count`, or a quarter of it (at least one) under CI's sanitizers.
    static func scaled(_ count: Int) -> Int {
        isSanitized ? max(1, count / 4) : count
    }
}
