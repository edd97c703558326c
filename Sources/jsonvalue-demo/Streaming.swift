import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A language model's tool call as it streams in: the arguments arrive a few
/// bytes at a time, cut anywhere, even inside an escape (the same chunks as
/// in the documentation's "Reading JSON as It Arrives").
let toolCallChunks = [
    #"{"name": "create_"#, #"event", "arg"#, #"uments": {"ti"#, #"tle": "Team lunch at Caf"#,
    #"\u00e9 "#, #"Lumi\u00e8re", "start": "2026-11-"#, #"27T12:30", "attendees": ["ana@example.com", "#,
    #""li@exam"#, #"ple.com"], "duration_minutes": 9"#, #"0, "remind": tr"#, #"ue}}"#,
]

/// Streams `chunks` through a `JSONIncrementalParser`, printing after each
/// chunk the path being read and the value as far as it is final.
func stream(_ chunks: [Data]) throws {
    var parser = JSONIncrementalParser()
    var received = 0
    for chunk in chunks {
        received += chunk.count
        let values = try parser.append(chunk)
        let path = parser.pathInProgress.map { #""\#($0)""# } ?? "-"
        let partial = try parser.partialValue?.jsonString() ?? "-"
        print("\(received) bytes, reading \(path): \(partial)")
        for value in values { print("complete: \(try value.jsonString())") }
    }
    for value in try parser.finish() { print("complete: \(try value.jsonString())") }
}

/// Streams a file through the parser in chunks of `size` bytes, printing what
/// each chunk completes and where the parser is; values are summarized.
func stream(path: String, chunkSize size: Int) throws {
    let data = try read(path: path)
    var parser = JSONIncrementalParser()
    var start = 0
    var count = 0
    func report(_ values: [JSONValue]) {
        for value in values {
            count += 1
            let kind =
                value.objectValue.map { "object of \($0.count) members" } ?? value.arrayValue.map {
                    "array of \($0.count) elements"
                } ?? "\(value)"
            print("value \(count): \(kind)")
        }
    }
    while start < data.count {
        let end = min(start + size, data.count)
        report(try parser.append(data[start..<end]))
        print("\(end) bytes, reading \(parser.pathInProgress.map { #""\#($0)""# } ?? "-")")
        start = end
    }
    report(try parser.finish())
}
