import Foundation
import Testing

/// The shared benchmark corpora, in `../shared/corpus/` beside the package.
enum Corpus {
    static let names = ["twitter.json", "citm_catalog.json", "canada.json"]

    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // JSONValueKitTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .deletingLastPathComponent()
            .appendingPathComponent("shared/corpus")
    }

    /// Whether the corpora can be read. CI sets `JSONVALUEKIT_REQUIRE_SHARED`
    /// so that a missing folder fails the tests instead of skipping them.
    static var isAvailable: Bool {
        ProcessInfo.processInfo.environment["JSONVALUEKIT_REQUIRE_SHARED"] != nil
            || FileManager.default.fileExists(atPath: directory.path)
    }

    /// Why corpus tests are skipped on a clone without `../shared/`.
    static let skipReason: Comment = "needs ../shared/corpus beside the repository"

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
