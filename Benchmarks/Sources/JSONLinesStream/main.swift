// Issue 22: streams a JSON Lines file through `jsonValues()` and reports the
// records, the time and the peak resident memory, so that memory can be seen
// to follow the largest record, not the file.
//
//   swift run -c release JSONLinesStream [MEGABYTES]
//
// Writes a file of MEGABYTES (100 by default) of records, the statuses of
// ../shared/corpus/twitter.json one per line, to the temporary directory;
// reads it back in 64 KiB chunks, as a file or socket hands them out; and
// compares the time with one `JSONValue(parsing:)` per line.
import Foundation
import JSONValueKit

let megabytes = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100
let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/corpus/twitter.json")
let twitter = try JSONValue(parsing: Data(contentsOf: corpus))
let lines = try twitter.statuses!.arrayValue!.map { try $0.jsonData() + Data("\n".utf8) }
let path = FileManager.default.temporaryDirectory.appendingPathComponent("jsonvaluekit-records.jsonl").path
guard FileManager.default.createFile(atPath: path, contents: nil) else { fatalError("cannot create \(path)") }
let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
var written = 0
var largest = 0
var index = 0
while written < megabytes << 20 {
    let line = lines[index % lines.count]
    writer.write(line)
    written += line.count
    largest = max(largest, line.count)
    index += 1
}
try writer.close()

func peakResidentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}

let before = peakResidentKiB()
/// A file's chunks, read when asked for, as a socket or a file's async bytes
/// hand them out (an `AsyncStream` filled up front would hold the file).
struct FileChunks: AsyncSequence {
    typealias Element = Data
    let path: String
    struct AsyncIterator: AsyncIteratorProtocol {
        let reader: FileHandle
        mutating func next() async throws -> Data? {
            guard let chunk = try reader.read(upToCount: 64 << 10), !chunk.isEmpty else { return nil }
            return chunk
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(reader: FileHandle(forReadingAtPath: path)!) }
}
let chunks = FileChunks(path: path)
let start = Date()
var records = 0
for try await record in chunks.jsonValues() {
    records += record.id == nil ? 0 : 1
}
let seconds = Date().timeIntervalSince(start)
print("records: \(records), file: \(written >> 20) MB, largest record: \(largest) bytes")
print(String(format: "jsonValues(): %.2f s, %.0f MB/s", seconds, Double(written) / seconds / 1e6))
print("peak resident memory: \(before / 1024) MB before reading, \(peakResidentKiB() / 1024) MB after")

// One-shot parse of each line, for the speed per byte.
let oneShotStart = Date()
let reader = FileHandle(forReadingAtPath: path)!
var pending = Data()
var parsed = 0
while let chunk = try reader.read(upToCount: 64 << 10), !chunk.isEmpty {
    pending += chunk
    while let newline = pending.firstIndex(of: 0x0A) {
        _ = try JSONValue(parsing: pending[pending.startIndex..<newline])
        parsed += 1
        pending = pending[(newline + 1)...]
    }
}
let oneShotSeconds = Date().timeIntervalSince(oneShotStart)
print(
    String(
        format: "JSONValue(parsing:) per line: %.2f s, %.0f MB/s", oneShotSeconds,
        Double(written) / oneShotSeconds / 1e6))
try FileManager.default.removeItem(atPath: path)
