import Foundation

/// The shared corpora, read from `../shared/corpus/` beside the repository, or
/// from the folder in `JSONVALUEKIT_CORPUS`.
enum Corpus {
    static let names = ["twitter", "citm_catalog", "canada"]

    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["JSONVALUEKIT_CORPUS"] {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // JSONValueBenchmarks
            .deletingLastPathComponent()  // Benchmarks (sources)
            .deletingLastPathComponent()  // Benchmarks (package)
            .deletingLastPathComponent()  // repository root
            .deletingLastPathComponent()
            .appendingPathComponent("shared/corpus")
    }()

    static func data(_ name: String) -> Data {
        let url = directory.appendingPathComponent("\(name).json")
        guard let data = try? Data(contentsOf: url) else {
            fatalError("Cannot read \(url.path); set JSONVALUEKIT_CORPUS to the corpus folder.")
        }
        return data
    }
}
