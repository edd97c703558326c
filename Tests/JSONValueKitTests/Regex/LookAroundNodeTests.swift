// Node is run with Foundation's `Process`, which only full Foundation has:
// without the `FullFoundation` trait on Linux this file compiles to nothing.
#if FullFoundation || canImport(Darwin)
import Foundation
import Testing

@testable import JSONValueKit

/// JavaScript's own `RegExp`, in one `node` process for a whole batch of
/// cases: the oracle for look-around, whose semantics ECMA-262 defines.
enum NodeRegExp {
    /// `node` on the `PATH`, if there is one.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/node"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    static let skipReason: Comment =
        "node is not on the PATH: look-around is checked against the backtracking reference only"

    /// Reads `[[pattern, flags, subject], …]` from standard input and
    /// writes, for each, whether `RegExp(pattern, flags)` matches `subject`
    /// or the message of the error that compiling the pattern threw.
    ///
    /// With the `u` flag, a match is tried at each code point's start in
    /// turn, with the `y` flag, as ECMA-262's RegExpBuiltinExec does: V8's
    /// `test` also tries an empty match between the two halves of a
    /// surrogate pair (`/\B/u.test("b😀c")` is true in Node 20), which the
    /// standard's loop never reaches.
    static let script = """
        const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
        function matches(pattern, flags, subject) {
            if (!flags.includes("u")) return new RegExp(pattern, flags).test(subject);
            const regex = new RegExp(pattern, flags + "y");
            for (let index = 0; ; index += subject.codePointAt(index) > 0xFFFF ? 2 : 1) {
                regex.lastIndex = index;
                if (regex.test(subject)) return true;
                if (index >= subject.length) return false;
            }
        }
        const results = cases.map(([pattern, flags, subject]) => {
            try { return matches(pattern, flags, subject); } catch (error) { return String(error.message); }
        });
        process.stdout.write(JSON.stringify(results));
        """

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Node's answers for `cases`, in order: a Boolean, or a string for a
    /// pattern that Node refuses.
    static func test(_ cases: [(pattern: String, flags: String, subject: String)]) throws -> [JSONValue] {
        guard let executable else { throw Failure(description: "no node") }
        let input = JSONValue.array(cases.map { [.string($0.pattern), .string($0.flags), .string($0.subject)] })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-e", script]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Node reads all of its input before it writes, so writing first
        // cannot deadlock.
        stdin.fileHandleForWriting.write(try input.jsonData())
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "node exited with status \(process.terminationStatus)")
        }
        guard case .array(let results) = try JSONValue(parsing: output), results.count == cases.count else {
            throw Failure(description: "node answered \(output.count) bytes that are not one result per case")
        }
        return results
    }
}

/// Not under the sanitizers: Foundation's `Process.run()` leaks a weak
/// reference's side table, which LeakSanitizer reports, and the engine's
/// code runs under them in the other look-around tests.
@Suite(
    "Look-around against Node's RegExp", .enabled(if: NodeRegExp.executable != nil, NodeRegExp.skipReason),
    .enabled(
        if: !Sanitizers.isSanitized, "Process leaks under LeakSanitizer; the engine is checked by the other suites"))
struct LookAroundNodeTests {
    /// The hand-written rows' expectations, and this engine's answers,
    /// must be Node's: with the `u` flag, or without it for the rows read
    /// with Annex B's leniencies.
    @Test("the table, the real-world patterns and the Annex B cases agree with Node")
    func rows() throws {
        let rows = LookAroundTests.table + LookAroundTests.realWorld + LookAroundTests.annexB
        let answers = try NodeRegExp.test(rows.map { ($0.pattern, $0.lenient ? "" : "u", $0.subject) })
        for (row, answer) in zip(rows, answers) {
            #expect(answer == .bool(row.expected), "Node on \(row.testDescription)")
            let regex = try LookAroundTests.compile(row)
            #expect(answer == .bool(regex.firstMatchExists(in: row.subject)), "\(row.testDescription)")
        }
        #expect(answers.count > 200)
    }

    @Test("the seeded random look-around patterns agree with Node")
    func random() throws {
        var cases: [(pattern: String, flags: String, subject: String)] = []
        for (pattern, subjects) in LookAroundTests.randomCases {
            for subject in subjects { cases.append((pattern, "u", subject)) }
        }
        let answers = try NodeRegExp.test(cases)
        var matched = 0
        var index = 0
        for (pattern, subjects) in LookAroundTests.randomCases {
            let regex = try _Regex(ecmaScript: pattern)
            for subject in subjects {
                let answer = answers[index]
                index += 1
                #expect(
                    answer == .bool(regex.firstMatchExists(in: subject)),
                    "\(pattern.debugDescription) on \(subject.debugDescription)")
                if answer == true { matched += 1 }
            }
        }
        #expect(index == 6000)
        #expect(matched > 1500 && matched < 4500)
    }
}
#endif
