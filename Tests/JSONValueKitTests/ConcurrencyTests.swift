import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Values and one decoder shared between many tasks. Run under
/// `swift test --sanitize=thread` (CI does), where any data race is reported.
@Suite("Sharing values and coders between tasks")
struct ConcurrencyTests {
    struct Item: Codable, Equatable, Sendable {
        var id: Int
        var name: String
        var tags: [String]
        var ext: JSONValue
    }

    @Test("reading, copying, mutating copies and tree decoding from many tasks at once")
    func sharedValues() async throws {
        var random = RandomJSON(seed: 0x5EED)
        let shared: JSONValue = .array(
            (0..<64).map { index in
                [
                    "id": .int(index), "name": .string("item \(index)"), "tags": ["a", "b"],
                    "ext": random.value(depth: 3),
                ]
            })
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try decoder.decode([Item].self, from: shared)
        let sharedDecoder = decoder
        let text = try shared.jsonString()

        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var ok = true
                    for round in 0..<20 {
                        // Read.
                        ok = ok && shared[task]?.id == .int(task)
                        // Copy and mutate the copy; the shared value must not change.
                        var copy = shared
                        copy[task]?.name = .string("changed \(round)")
                        copy[task]?.tags?[0] = nil
                        ok = ok && shared[task]?.name == .string("item \(task)")
                        // Decode through the one shared decoder.
                        let items = try sharedDecoder.decode([Item].self, from: shared)
                        ok = ok && items == expected
                        // Write, parse, compare and hash.
                        let reparsed = try JSONValue(parsing: text)
                        ok = ok && reparsed == shared && reparsed.hashValue == shared.hashValue
                        ok = ok && copy != shared
                        _ = shared.description
                    }
                    return ok
                }
            }
            for try await ok in group {
                #expect(ok)
            }
        }
    }
}
