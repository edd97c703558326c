import Foundation

/// Writes a `JSONValue` as UTF-8 JSON text.
///
/// Recursive, with the depth checked against a limit before each level; the
/// path to a failure is collected while the error unwinds, so the success
/// path pays nothing for it.
struct _JSONWriter: ~Copyable {
    /// A failure on its way up; each level adds its path component.
    struct Failure: _PathCollectingFailure {
        enum Reason {
            case nonFiniteNumber
            case nestingTooDeep(Int)
        }

        var reason: Reason
        var reversedPath: [_PathComponent] = []

        var publicError: JSONWritingError {
            let path = _jsonPath(reversed: reversedPath)
            switch reason {
            case .nonFiniteNumber: return .nonFiniteNumber(path: path)
            case .nestingTooDeep(let limit): return .nestingTooDeep(limit: limit, path: path)
            }
        }
    }

    var output: _ByteBuffer
    private let pretty: Bool
    private let sortKeys: Bool
    private let escapeSlashes: Bool
    private let depthLimit: Int
    /// Writes `null` for a non-finite double instead of failing (for `description`).
    private let nonFiniteAsNull: Bool

    init(options: JSONValue.WritingOptions, depthLimit: Int, nonFiniteAsNull: Bool = false, capacity: Int = 1024) {
        output = _ByteBuffer(capacity: capacity)
        pretty = options.contains(.prettyPrinted)
        sortKeys = options.contains(.sortedKeys)
        escapeSlashes = !options.contains(.withoutEscapingSlashes)
        self.depthLimit = depthLimit
        self.nonFiniteAsNull = nonFiniteAsNull
    }

    mutating func write(_ value: JSONValue, depth: Int = 0) throws(Failure) {
        switch value {
        case .null:
            output.append("null")
        case .bool(let value):
            output.append(value ? "true" : "false")
        case .int(let value):
            writeInteger(value)
        case .double(let value):
            try writeDouble(value)
        case .string(let value):
            writeString(value)
        case .array(let elements):
            try writeArray(elements, depth: depth)
        case .object(let members):
            try writeObject(members, depth: depth)
        }
    }

    private mutating func writeArray(_ elements: [JSONValue], depth: Int) throws(Failure) {
        guard depth < depthLimit else { throw Failure(reason: .nestingTooDeep(depthLimit)) }
        output.append(UInt8(ascii: "["))
        if elements.isEmpty {
            output.append(UInt8(ascii: "]"))
            return
        }
        for index in elements.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { writeNewline(indent: depth + 1) }
            do {
                try write(elements[index], depth: depth + 1)
            } catch {
                throw error.adding(.index(index))
            }
        }
        if pretty { writeNewline(indent: depth) }
        output.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ members: [String: JSONValue], depth: Int) throws(Failure) {
        guard depth < depthLimit else { throw Failure(reason: .nestingTooDeep(depthLimit)) }
        output.append(UInt8(ascii: "{"))
        if members.isEmpty {
            output.append(UInt8(ascii: "}"))
            return
        }
        var first = true
        if sortKeys {
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (key, value) in sorted {
                try writeMember(key, value, depth: depth, first: &first)
            }
        } else {
            for (key, value) in members {
                try writeMember(key, value, depth: depth, first: &first)
            }
        }
        if pretty { writeNewline(indent: depth) }
        output.append(UInt8(ascii: "}"))
    }

    @inline(__always)
    private mutating func writeMember(_ key: String, _ value: JSONValue, depth: Int, first: inout Bool) throws(Failure)
    {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        if pretty { writeNewline(indent: depth + 1) }
        writeString(key)
        if pretty {
            output.append(" : ")
        } else {
            output.append(UInt8(ascii: ":"))
        }
        do {
            try write(value, depth: depth + 1)
        } catch {
            throw error.adding(.key(key))
        }
    }

    private mutating func writeNewline(indent: Int) {
        output.reserve(1 + 2 * indent)
        output.appendUnchecked(UInt8(ascii: "\n"))
        for _ in 0..<(2 * indent) { output.appendUnchecked(UInt8(ascii: " ")) }
    }

    private mutating func writeInteger(_ value: Int) {
        output.reserve(20)
        if value < 0 { output.appendUnchecked(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits &+= 1
        }
        let start = output.count
        for _ in 0..<digits { output.appendUnchecked(0) }
        var position = start + digits - 1
        repeat {
            let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
            output.base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder)
            magnitude = quotient
            position &-= 1
        } while magnitude > 0
    }

    private mutating func writeDouble(_ value: Double) throws(Failure) {
        guard value.isFinite else {
            if nonFiniteAsNull {
                output.append("null")
                return
            }
            throw Failure(reason: .nonFiniteNumber)
        }
        // The standard library prints the shortest digits that read back to
        // the same bits, always with a fraction or an exponent (`10.0`,
        // `1e-05`, `5e-324`), and that text is valid JSON as it is.
        var sink = _ASCIISink()
        value.write(to: &sink)
        sink.withBytes { output.append($0) }
    }

    private mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeEscaped($0) }
    }

    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.reserve(bytes.count + 2)
        output.appendUnchecked(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && !(byte == UInt8(ascii: "/") && escapeSlashes)
            {
                index &+= 1
                continue
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            writeEscape(for: byte)
            index &+= 1
            runStart = index
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        output.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscape(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): output.append("\\\"")
        case UInt8(ascii: "\\"): output.append("\\\\")
        case UInt8(ascii: "/"): output.append("\\/")
        case 0x08: output.append("\\b")
        case 0x0C: output.append("\\f")
        case 0x0A: output.append("\\n")
        case 0x0D: output.append("\\r")
        case 0x09: output.append("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            output.append("\\u00")
            output.append(hex.utf8Start[Int(byte >> 4)])
            output.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }
}

/// Receives the standard library's shortest round-trip text for a `Double`
/// through `_writeASCII`, without allocating a `String`.
private struct _ASCIISink: TextOutputStream {
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private var count = 0

    mutating func write(_ string: String) {
        for byte in string.utf8 { append(byte) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        for byte in buffer { append(byte) }
    }

    private mutating func append(_ byte: UInt8) {
        guard count < MemoryLayout.size(ofValue: storage) else { return }
        withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
        count += 1
    }

    func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeBytes(of: storage) { raw in
            body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<count]))
        }
    }
}
