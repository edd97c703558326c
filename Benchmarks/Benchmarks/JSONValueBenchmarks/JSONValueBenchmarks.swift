import Benchmark
import JSONValueKit

let benchmarks: @Sendable () -> Void = {
    Benchmark("placeholder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(JSONValue.null) }
    }
}
