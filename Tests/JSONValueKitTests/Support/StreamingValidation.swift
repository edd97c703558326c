import Testing

@testable import JSONValueKit

/// What feeding a text to a ``JSONSchema/IncrementalValidator`` in given
/// chunks showed, checked against the one-shot validation of the whole text.
struct StreamingCheck {
    /// Why the run disagrees with the one-shot validation; empty if it
    /// agrees everywhere.
    var problems: [String] = []
    /// How many bytes had been read when the first violation appeared.
    var firstViolation: Int?

    /// Feeds `bytes` cut at `cuts` (sorted offsets) and checks, after each
    /// chunk:
    ///
    /// - every violation is an error of the whole text's validation, at the
    ///   same instance and keyword locations (so a valid text has none at
    ///   any prefix): sound for this continuation;
    /// - violations are never withdrawn;
    ///
    /// and at the end that ``finish()`` is the one-shot result: the same
    /// errors, in the same order, with the same messages.
    init(
        _ schema: JSONSchema, _ bytes: [UInt8], cuts: [Int], expected: JSONSchema.ValidationResult,
        options: JSONValue.ParsingOptions = .init()
    ) {
        let allowed = Set(expected.errors.map(Self.key))
        var validator = JSONSchema.IncrementalValidator(schema, options: options)
        var start = 0
        var seen: Set<String> = []
        for end in cuts + [bytes.count] {
            do {
                try validator.append(bytes[start..<end])
            } catch {
                problems.append("append threw \(error) after \(end) bytes")
                return
            }
            start = end
            let keys = validator.violations.map(Self.key)
            for key in keys where !allowed.contains(key) {
                problems.append("after \(end) of \(bytes.count) bytes: violation \(key) is not an error of the value")
            }
            if !seen.isSubset(of: Set(keys)) { problems.append("after \(end) bytes: a violation was withdrawn") }
            seen.formUnion(keys)
            if !keys.isEmpty && firstViolation == nil { firstViolation = end }
            if !problems.isEmpty { return }
        }
        do {
            let result = try validator.finish()
            if result.isValid != expected.isValid { problems.append("finish: isValid \(result.isValid)") }
            if result.errors != expected.errors {
                problems.append("finish: errors \(result.errors) instead of \(expected.errors)")
            }
            if validator.violations != expected.errors { problems.append("violations after finish differ") }
        } catch {
            problems.append("finish threw \(error)")
        }
    }

    static func key(_ error: JSONSchema.ValidationError) -> String {
        "\(error.instanceLocation) \(error.keywordLocation)"
    }

    /// Cut points for a text of `count` bytes: chunks of random sizes up to
    /// `largest`.
    static func cuts(_ count: Int, largest: Int, using generator: inout SeededGenerator) -> [Int] {
        var cuts: [Int] = []
        var end = 0
        while true {
            end += Int.random(in: 1...largest, using: &generator)
            guard end < count else { return cuts }
            cuts.append(end)
        }
    }

    /// Runs the text compact and indented, a byte at a time (if short) and
    /// in random chunks; returns the problems, and where the first violation
    /// appeared in the compact text read a byte at a time.
    static func everySplit(
        _ schema: JSONSchema, _ value: JSONValue, seed: UInt64, byteByByteUpTo limit: Int = 600
    ) -> (problems: [String], firstViolation: Int?, length: Int) {
        var generator = SeededGenerator(seed: seed)
        var problems: [String] = []
        var first: Int?
        var length = 0
        for (index, options) in [JSONValue.WritingOptions(), .prettyPrinted].enumerated() {
            guard let bytes = try? Array(value.jsonData(options: options)),
                let expected = try? schema.validate(parsing: bytes)
            else {
                problems.append("cannot write or validate the value")
                continue
            }
            var splits: [[Int]] = [
                cuts(bytes.count, largest: 4, using: &generator), cuts(bytes.count, largest: 64, using: &generator),
                [Int.random(in: 0...bytes.count, using: &generator)].filter { $0 > 0 && $0 < bytes.count },
            ]
            // Under CI's sanitizers the indented text goes in the random
            // chunks only: its byte-by-byte run cost the most and checks the
            // same code as the compact one's.
            if bytes.count <= limit && !(Sanitizers.isSanitized && index == 1) {
                splits.insert(bytes.count > 1 ? Array(1..<bytes.count) : [], at: 0)
            }
            for split in splits {
                let check = StreamingCheck(schema, bytes, cuts: split, expected: expected)
                problems += check.problems.map { "\(index == 0 ? "compact" : "indented"), cuts \(split.count): \($0)" }
                if index == 0 && split.count == bytes.count - 1 {
                    first = check.firstViolation
                    length = bytes.count
                }
            }
        }
        return (problems, first, length)
    }
}
