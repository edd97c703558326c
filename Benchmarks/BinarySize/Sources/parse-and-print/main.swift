// Parses a JSON document from standard input and prints it back compact,
// with nothing but the library and the C library: the program that the
// README's binary-size table measures (see `measure` beside Package.swift).

import JSONValueKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to a file descriptor.
func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { exit(2) }
            offset += written
        }
    }
}

var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65_536)
while true {
    let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count < 0 { exit(2) }
    if count == 0 { break }
    input.append(contentsOf: chunk[..<count])
}
do {
    let value = try JSONValue(parsing: input)
    write(Array(try value.jsonString().utf8) + [UInt8(ascii: "\n")], to: 1)
} catch {
    write(Array("\(error)\n".utf8), to: 2)
    exit(1)
}
