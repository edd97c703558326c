import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#elseif canImport(WASILibc)
import WASILibc
#elseif canImport(ucrt)
import ucrt
#endif

// The demo needs no more than FoundationEssentials (standard input and
// error through the C library, not `FileHandle`), so that built without the
// library's `FullFoundation` trait it is a program that does not link
// Foundation, which CI checks.

// With no arguments, decodes a built-in payload whose `ext` field is
// open-ended, reads and changes it, and prints the result. With a path (or
// `-` for standard input), parses that file and prints a summary.

struct Payload: Codable {
    var int: Int
    var string: String
    var double: Double
    var ext: JSONValue
}

let sample = """
    {"int": 1234, "string": "测试", "double": 10.0002232,
     "ext": {"intExt": 456, "stringExt": "扩展", "doubleExt": 456.001, "flags": [true, false], "note": null}}
    """

func runSample() throws {
    var payload = try JSONDecoder().decode(Payload.self, from: Data(sample.utf8))
    print("ext[\"intExt\"]        ", payload.ext["intExt"].map(String.init(describing:)) ?? "nil")
    print("ext.stringExt         ", payload.ext.stringExt?.stringValue ?? "nil")
    print("ext.doubleExt         ", payload.ext.doubleExt?.doubleValue.map(String.init(describing:)) ?? "nil")
    print("ext.flags?[0]         ", payload.ext.flags?[0].map(String.init(describing:)) ?? "nil")
    print("ext.missing           ", payload.ext.missing.map(String.init(describing:)) ?? "nil")

    payload.ext.intExt = 457
    payload.ext["added"] = ["nested": [1, 2.5, "three"]]
    payload.ext.note = nil

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    print("\nRe-encoded after setting ext.intExt = 457, adding ext.added, removing ext.note:")
    print(String(decoding: try encoder.encode(payload), as: UTF8.self))
}

/// The bytes of a file, or of standard input for `-`.
func read(path: String) throws -> Data {
    if path == "-" { return try readStandardInput() }
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        // Foundation's error prints as a dump of its domain and code.
        let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
        throw DemoError(message: "\(path) \(reason).")
    }
}

func summarize(path: String) throws {
    let data = try read(path: path)
    let value = try JSONValue(parsing: data)
    print("kind:    \(kindName(of: value))")
    switch value {
    case .object(let members): print("members: \(members.count)")
    case .array(let elements): print("members: \(elements.count)")
    default: print("members: 0")
    }
    print("depth:   \(depth(of: value))")
    print("bytes:   \(data.count)")
}

/// All of standard input.
func readStandardInput() throws -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count == 0 { return data }
        if count < 0 {
            if errno == EINTR { continue }
            throw DemoError(message: "standard input cannot be read.")
        }
        data.append(contentsOf: buffer[0..<count])
    }
}

/// Writes `text` to standard error.
func printError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var start = 0
        while start < bytes.count {
            let written = write(2, bytes.baseAddress! + start, bytes.count - start)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            start += written
        }
    }
}

/// An error the demo prints as its message alone.
struct DemoError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

func kindName(of value: JSONValue) -> String {
    switch value {
    case .object: return "object"
    case .array: return "array"
    case .string: return "string"
    case .int, .double: return "number"
    case .bool: return "boolean"
    case .null: return "null"
    }
}

func depth(of value: JSONValue) -> Int {
    switch value {
    case .object(let members): return 1 + (members.values.map(depth(of:)).max() ?? 0)
    case .array(let elements): return 1 + (elements.map(depth(of:)).max() ?? 0)
    default: return 0
    }
}

let usage = """
    usage: jsonvalue-demo [--write | --stream] [path | -]
           jsonvalue-demo --validate schema (path | -)
           jsonvalue-demo --schema [standard | openAIStrict | anthropic | gemini]

    With no argument, decodes a built-in payload with an open-ended `ext`
    field, edits it and prints it again. With a path, or - for standard input,
    parses that JSON file and prints its kind, member count and depth; bad
    input prints the error with its line, column and byte offset and exits 1.
    With --write, prints the parsed file back as compact JSON, its members in
    the file's order: the same bytes in every run.
    With --stream, reads JSON as it arrives with JSONIncrementalParser: a
    built-in tool call streamed in small chunks, printing the value as far as
    it is final after each chunk; or a file (JSON Lines, concatenated values
    or one value) in 4 KiB chunks, printing each value it completes.
    With --validate, checks a JSON file against a JSON Schema and prints
    "valid", or each error on a line: where in the file, what is wrong, and
    the keyword of the schema. Exits 0 when valid, 1 when invalid, and 2
    when a file cannot be read or parsed or the schema cannot be compiled.
    With --schema, prints the JSON Schema of a get_weather tool's arguments,
    made from its Swift type, for a model provider (standard by default).
    """

var arguments = CommandLine.arguments.dropFirst()
if let first = arguments.first, first == "-h" || first == "--help" {
    print(usage)
    exit(0)
}
let writesBack = arguments.first == "--write"
let streams = arguments.first == "--stream"
let validates = arguments.first == "--validate"
let schemas = arguments.first == "--schema"
if writesBack || streams || validates || schemas { arguments = arguments.dropFirst() }
let pathCounts = validates ? 2...2 : writesBack ? 1...1 : 0...1
if !pathCounts.contains(arguments.count) || arguments.contains(where: { $0.hasPrefix("-") && $0 != "-" }) {
    printError(usage + "\n")
    exit(2)
}
do {
    if schemas || validates {
        #if JSONSchema
        if schemas {
            try printSchema(profileName: arguments.first ?? "standard")
        } else {
            let paths = Array(arguments)
            exit(try validate(schemaPath: paths[0], instancePath: paths[1]))
        }
        #else
        printError("jsonvalue-demo: built without the JSONSchema trait, so without --schema and --validate\n")
        exit(2)
        #endif
    } else if streams {
        if let path = arguments.first {
            try stream(path: path, chunkSize: 4096)
        } else {
            try stream(toolCallChunks.map { Data($0.utf8) })
        }
    } else if let path = arguments.first {
        if writesBack {
            print(try JSONValue(parsing: try read(path: path)).jsonString())
        } else {
            try summarize(path: path)
        }
    } else {
        try runSample()
    }
} catch {
    printError("error: \(error)\n")
    // 1 is --validate's answer for an invalid file, so its failures are 2.
    exit(validates ? 2 : 1)
}
