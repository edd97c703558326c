import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What reading one of the shared suites gave: its cases, and every file
/// or folder that could not be listed, read or parsed.
///
/// A parameterized test whose arguments are empty is skipped by Swift
/// Testing ("No test cases found"), even when CI requires the shared
/// folder: so every suite's cases come with a plain test that calls
/// ``expectLoaded(_:count:sourceLocation:)``, which fails on a missing or
/// unreadable file and on a count other than the suite's.
struct SharedSuite<Element: Sendable>: Sendable {
    var elements: [Element] = []
    var problems: [String] = []

    /// Checks that the suite was read whole: no problems, and exactly
    /// `count` cases (counted by `counting`, by default one per element).
    func expectLoaded(
        _ name: String, count expected: Int, counting: (Element) -> Int = { _ in 1 },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for problem in problems {
            Issue.record("\(name): \(problem)", sourceLocation: sourceLocation)
        }
        let count = elements.reduce(0) { $0 + counting($1) }
        #expect(
            count == expected, "\(name): \(count) cases read, the suite's files hold \(expected)",
            sourceLocation: sourceLocation)
    }
}

extension Shared {
    /// The names of the files of `folder` (relative to the shared folder)
    /// with one of `extensions`, sorted; a folder that cannot be listed is
    /// a problem.
    static func files(in folder: String, extensions: Set<String> = ["json"], problems: inout [String]) -> [String] {
        let directory = directory.appendingPathComponent(folder)
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }.sorted()
        } catch {
            problems.append("cannot list \(folder): \(error)")
            return []
        }
    }

    /// The JSON document at `path` (relative to the shared folder), or
    /// `nil` with a problem if it cannot be read or parsed.
    static func document(_ path: String, problems: inout [String]) -> JSONValue? {
        let data: Data
        do {
            data = try Shared.data(path)
        } catch {
            problems.append("cannot read \(path): \(error)")
            return nil
        }
        do {
            return try JSONValue(parsing: data)
        } catch {
            problems.append("cannot parse \(path): \(error)")
            return nil
        }
    }

    /// The array at `path`, or `[]` with a problem if it is not one.
    static func array(_ path: String, problems: inout [String]) -> [JSONValue] {
        guard let document = document(path, problems: &problems) else { return [] }
        guard let array = document.arrayValue else {
            problems.append("\(path) is not an array")
            return []
        }
        return array
    }
}
