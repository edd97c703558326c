import Foundation

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

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
