import Benchmark
import Foundation
import JSONValueKit

/// Issue 22: the incremental parser against one `JSONValue(parsing:)` of the
/// same file (`Parse/<file>/JSONValue(parsing:)`, in the same run).
func incrementalBenchmarks(name: String, data: Data) {
    let bytes = Array(data)

    /// Calls `body` with the file's bytes in chunks of `size`, in place: the
    /// one loop every benchmark here feeds its parser with.
    @inline(__always)
    func forEachChunk(size: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + size, buffer.count)
                try body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                start = end
            }
        }
    }

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
        try forEachChunk(size: size) { chunk in
            let completed = try parser.append(chunk)
            if !completed.isEmpty { values += completed }
            if snapshots { blackHole(parser.partialValue) }
        }
        values += try parser.finish()
        return values
    }

    Benchmark("Incremental/\(name)/1-byte") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try feed(size: 1, snapshots: false)) }
    }
    // The same loop around `AppendFloor`, which parses nothing.
    Benchmark("Incremental/\(name)/1-byte-call-floor") { benchmark in
        for _ in benchmark.scaledIterations {
            var floor = AppendFloor()
            var values: [JSONValue] = []
            try forEachChunk(size: 1) { chunk in
                let completed = try floor.append(chunk)
                if !completed.isEmpty { values += completed }
            }
            blackHole(floor.total)
            blackHole(values)
        }
    }
    Benchmark("Incremental/\(name)/4KiB") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try feed(size: 4096, snapshots: false)) }
    }
    Benchmark("Incremental/\(name)/partialValue-every-1KiB") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try feed(size: 1024, snapshots: true)) }
    }
}

/// The least that feeding a parser with `JSONIncrementalParser`'s API a byte
/// at a time can cost, whatever the parser: the caller's loop, a call that
/// keeps the byte (inline, in 128 bytes, as `JSONIncrementalParser` does) and
/// returns an empty array, which the caller must release, and for every 128
/// bytes a call that only counts them. No grammar, no tree.
struct AppendFloor {
    private var bytes:
        (
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private var count = 0
    private(set) var total = 0

    @inline(__always)
    mutating func append(_ chunk: some Sequence<UInt8>) throws(JSONParseError) -> [JSONValue] {
        let kept = chunk.withContiguousStorageIfAvailable { chunk -> Bool in
            guard chunk.count == 1, count < 128 else { return false }
            withUnsafeMutableBytes(of: &bytes) { $0[count] = chunk[0] }
            count &+= 1
            return true
        }
        if kept == true { return [] }
        return try handOff()
    }

    @inline(never)
    private mutating func handOff() throws(JSONParseError) -> [JSONValue] {
        total &+= count
        count = 0
        return total < 0 ? [.null] : []
    }
}
