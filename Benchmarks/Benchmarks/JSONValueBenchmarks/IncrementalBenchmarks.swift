import Benchmark
import Foundation
import JSONValueKit

/// Issue 22: the incremental parser against one `JSONValue(parsing:)` of the
/// same file (`Parse/<file>/JSONValue(parsing:)`, in the same run).
func incrementalBenchmarks(name: String, data: Data) {
    let bytes = Array(data)

    /// Feeds the file in chunks of `size` bytes, taking a partial value after
    /// each chunk if asked.
    ///
    /// The values a chunk completes are kept only when there are some:
    /// `values += []` costs about 6 ns on its own (`append(contentsOf:)`
    /// goes through the array's uniqueness and capacity checks even for
    /// nothing), which was a third of the time of feeding twitter.json a
    /// byte at a time, and not the parser's.
    @inline(__always)
    func feed(size: Int, snapshots: Bool) throws -> [JSONValue] {
        var parser = JSONIncrementalParser()
        var values: [JSONValue] = []
        try bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + size, buffer.count)
                let completed = try parser.append(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                if !completed.isEmpty { values += completed }
                if snapshots { blackHole(parser.partialValue) }
                start = end
            }
        }
        values += try parser.finish()
        return values
    }

    Benchmark("Incremental/\(name)/1-byte") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try feed(size: 1, snapshots: false)) }
    }
    Benchmark("Incremental/\(name)/4KiB") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try feed(size: 4096, snapshots: false)) }
    }
    Benchmark("Incremental/\(name)/partialValue-every-1KiB") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try feed(size: 1024, snapshots: true)) }
    }
}
