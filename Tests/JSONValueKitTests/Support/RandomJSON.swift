import JSONValueKit

/// A small, fast, seedable generator (SplitMix64), so that property tests
/// see the same values on every run and a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Builds random JSON values, biased towards the awkward ones: extreme and
/// integral doubles, escapes, control characters, astral-plane characters,
/// U+2028, empty containers and duplicate-looking keys.
struct RandomJSON {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    static let awkwardDoubles: [Double] = [
        0.0, -0.0, 1.0, -1.0, 10.0, 0.1, 0.5, 1e-5, 1e16, 1e21, 1e22, 1e23, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude,
        2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, 0x1p63, -0x1p63, 0x1p53,
        0x1p53 + 2, 123456789.123456789, 3.141592653589793, 2.718281828459045,
    ]

    static let awkwardInts: [Int] = [0, 1, -1, Int.max, Int.min, Int.max - 1, Int.min + 1, 1 << 53, (1 << 53) + 1, 255]

    static let awkwardScalars: [Unicode.Scalar] = [
        "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1F}", "\u{7F}",
        "\u{80}", "é", "测", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "😀", "\u{10FFFF}", "\u{1F1EF}",
    ]

    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    mutating func bool() -> Bool {
        Bool.random(using: &generator)
    }

    mutating func string() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<int(in: 0...12) {
            switch int(in: 0...3) {
            case 0:
                scalars.append(Self.awkwardScalars.randomElement(using: &generator)!)
            case 1:
                // Any scalar, skipping the surrogate range.
                var value = UInt32.random(in: 0...0x10FFFF, using: &generator)
                if (0xD800...0xDFFF).contains(value) { value -= 0x1000 }
                scalars.append(Unicode.Scalar(value)!)
            default:
                scalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
            }
        }
        return String(scalars)
    }

    mutating func double() -> Double {
        switch int(in: 0...3) {
        case 0: return Self.awkwardDoubles.randomElement(using: &generator)!
        case 1: return Double(int(in: -1_000_000...1_000_000))  // integral doubles
        case 2:
            // Any finite bit pattern.
            while true {
                let value = Double(bitPattern: generator.next())
                if value.isFinite { return value }
            }
        default: return Double.random(in: -1e6...1e6, using: &generator)
        }
    }

    mutating func scalar() -> JSONValue {
        switch int(in: 0...5) {
        case 0: return .null
        case 1: return .bool(bool())
        case 2:
            return .int(bool() ? Self.awkwardInts.randomElement(using: &generator)! : int(in: -100_000...100_000))
        case 3: return .double(double())
        default: return .string(string())
        }
    }

    mutating func value(depth: Int = 0) -> JSONValue {
        guard depth < 5, int(in: 0...2) == 0 else { return scalar() }
        if bool() {
            return .array((0..<int(in: 0...6)).map { _ in value(depth: depth + 1) })
        }
        var members: JSONObject = [:]
        for _ in 0..<int(in: 0...6) {
            members[string()] = value(depth: depth + 1)
        }
        return .object(members)
    }

    /// An array or an object, so that patches have members to work on.
    mutating func container() -> JSONValue {
        var value = self.value(depth: 1)
        while value.arrayValue == nil && value.objectValue == nil { value = self.value(depth: 1) }
        return value
    }

    /// `value` with a few random edits: members and elements added,
    /// removed, replaced or themselves edited, at any depth.
    mutating func mutated(_ value: JSONValue, depth: Int = 0) -> JSONValue {
        switch value {
        case .array(var elements):
            for _ in 0..<int(in: 1...3) {
                switch int(in: 0...3) {
                case 0: elements.insert(self.value(depth: depth + 1), at: int(in: 0...elements.count))
                case 1 where !elements.isEmpty: elements.remove(at: int(in: 0...(elements.count - 1)))
                case 2 where !elements.isEmpty:
                    let index = int(in: 0...(elements.count - 1))
                    elements[index] = mutated(elements[index], depth: depth + 1)
                default: break
                }
            }
            return .array(elements)
        case .object(var members):
            for _ in 0..<int(in: 1...3) {
                switch int(in: 0...3) {
                case 0: members[string()] = self.value(depth: depth + 1)
                case 1 where !members.isEmpty: members.remove(at: members.indices.randomElement(using: &generator)!)
                case 2 where !members.isEmpty:
                    let key = members.keys.randomElement(using: &generator)!
                    members[key] = mutated(members[key]!, depth: depth + 1)
                default: break
                }
            }
            return .object(members)
        default:
            return bool() ? scalar() : value
        }
    }
}

/// Compares two values case for case and bit for bit: unlike `==`,
/// `.int(1)` and `.double(1)` differ, and so do `0.0` and `-0.0`.
func identical(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)): return Array(a.unicodeScalars) == Array(b.unicodeScalars)
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(identical)
    case (.object(let a), .object(let b)):
        return a.count == b.count && a.allSatisfy { key, value in b[key].map { identical(value, $0) } ?? false }
    default: return false
    }
}
