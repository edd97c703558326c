// Prints, for each corpus file, the heap bytes that the parsed tree holds per
// byte of input: the growth of malloc's bytes in use while the tree is alive,
// over the file's size. Run through Scripts/tree_memory.py, which prints
// orjson's figure beside it. Linux only (glibc's mallinfo2).
import Foundation
import HeapBytes
import JSONValueKit

let directory =
    ProcessInfo.processInfo.environment["JSONVALUEKIT_CORPUS"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../shared/corpus").standardized.path

for name in ["twitter", "citm_catalog", "canada"] {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).json"))
    let before = heap_bytes_in_use()
    let tree = try JSONValue(parsing: data)
    let after = heap_bytes_in_use()
    withExtendedLifetime(tree) {
        print(name, data.count, after - before)
    }
}
