import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// JavaScript's `RegExp` in Unicode mode, run by `node`: the reference
/// engine for ECMA-262 patterns, independent of the package's parser.
///
/// A batch of patterns, each with its subjects, is written to a temporary
/// file and answered by one `node` process running
/// `Scripts/regex-oracle.js`, so that thousands of answers cost one start.
/// Tests that need it skip when `node` is not on `PATH`, and fail instead
/// when `JSONVALUEKIT_REQUIRE_NODE` is set, as CI sets it.
enum NodeOracle {
    /// One pattern's answer: whether `new RegExp(pattern, "u")` accepts it,
    /// and whether it matches somewhere in each subject.
    struct Answer: Sendable {
        var valid: Bool
        /// Whether node gave up on the pattern: a backtracking engine may
        /// take exponential time, which the oracle stops after a while.
        var timedOut: Bool
        var error: String
        var matches: [Bool]
        /// For each subject, the scalars that node's Unicode data leaves
        /// unassigned.
        var unassigned: [Set<UInt32>]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static var isRequired: Bool {
        ProcessInfo.processInfo.environment["JSONVALUEKIT_REQUIRE_NODE"] != nil
    }

    /// The `node` executable: `JSONVALUEKIT_NODE`, or the first on `PATH`.
    static let executable: String? = {
        #if os(Linux) || os(macOS)
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["JSONVALUEKIT_NODE"], !path.isEmpty { return path }
        for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = String(directory) + "/node"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        #endif
        return nil
    }()

    static var isAvailable: Bool { isRequired || executable != nil }

    static let skipReason: Comment =
        "needs node on PATH: JavaScript's RegExp is the reference for ECMA-262 patterns (CI requires it)"

    /// `Scripts/regex-oracle.js` in the package.
    static var script: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // JSONValueKitTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .appendingPathComponent("Scripts/regex-oracle.js")
    }

    /// Node's answers for `batch`, in order.
    static func answers(_ batch: [(pattern: String, subjects: [String])]) throws -> [Answer] {
        guard let executable else { throw Failure(description: "node is not on PATH") }
        let input = JSONValue.array(
            batch.map { ["pattern": .string($0.pattern), "subjects": .array($0.subjects.map(JSONValue.string))] })
        let directory = FileManager.default.temporaryDirectory
        let name = "jsonvaluekit-regex-oracle-\(UUID().uuidString)"
        let inputFile = directory.appendingPathComponent(name + ".json")
        let errorFile = directory.appendingPathComponent(name + ".stderr")
        try input.jsonData().write(to: inputFile)
        defer {
            try? FileManager.default.removeItem(at: inputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        let (status, output) = try run(
            [executable, script.path, inputFile.path], standardErrorTo: errorFile.path)
        guard status == 0 else {
            let message = (try? String(decoding: Data(contentsOf: errorFile), as: UTF8.self)) ?? ""
            throw Failure(description: "node exited with status \(status): \(message)")
        }
        guard let answers = try JSONValue(parsing: output).arrayValue, answers.count == batch.count else {
            throw Failure(description: "node answered \(output.count) bytes that are not one answer per pattern")
        }
        return answers.map { answer in
            Answer(
                valid: answer["valid"]?.boolValue ?? false, timedOut: answer["timeout"]?.boolValue ?? false,
                error: answer["error"]?.stringValue ?? "",
                matches: (answer["matches"]?.arrayValue ?? []).map { $0.boolValue ?? false },
                unassigned: (answer["unassigned"]?.arrayValue ?? []).map { list in
                    Set((list.arrayValue ?? []).compactMap { $0.intValue.map(UInt32.init) })
                })
        }
    }

    /// Runs a command through the shell and returns its exit status and
    /// standard output.
    private static func run(_ arguments: [String], standardErrorTo errorPath: String) throws -> (Int32, [UInt8]) {
        #if os(Linux) || os(macOS)
        func quoted(_ argument: String) -> String {
            "'" + argument.replacingEvery("'", with: "'\\''") + "'"
        }
        let command = arguments.map(quoted).joined(separator: " ") + " 2> " + quoted(errorPath)
        guard let pipe = popen(command, "r") else { throw Failure(description: "cannot run \(command)") }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, pipe) }
            if count == 0 { break }
            output += buffer[..<count]
        }
        return (pclose(pipe), output)
        #else
        throw Failure(description: "running node is supported on Linux and macOS only")
        #endif
    }
}
