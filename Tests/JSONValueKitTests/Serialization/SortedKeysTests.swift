import Testing

@testable import JSONValueKit

@Suite("Writing with sortedKeys")
struct SortedKeysTests {
    /// The order ``JSONValue/WritingOptions/sortedKeys`` promises: the keys'
    /// UTF-8 bytes, compared the obvious way.
    static func documentedOrder(_ keys: [String]) -> [String] {
        keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Writes `value` with sorted keys the obvious way, recursively, with
    /// the library's writer only for scalars and strings.
    static func reference(_ value: JSONValue, pretty: Bool, indent: Int = 0) throws -> String {
        let inner = String(repeating: "  ", count: indent + 1)
        let outer = String(repeating: "  ", count: indent)
        switch value {
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            let written = try elements.map { try reference($0, pretty: pretty, indent: indent + 1) }
            if !pretty { return "[" + written.joined(separator: ",") + "]" }
            return "[\n" + written.map { inner + $0 }.joined(separator: ",\n") + "\n" + outer + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let written = try documentedOrder(members.keys).map { key in
                try JSONValue.string(key).jsonString() + (pretty ? " : " : ":")
                    + reference(members[key]!, pretty: pretty, indent: indent + 1)
            }
            if !pretty { return "{" + written.joined(separator: ",") + "}" }
            return "{\n" + written.map { inner + $0 }.joined(separator: ",\n") + "\n" + outer + "}"
        default:
            return try value.jsonString()
        }
    }

    /// Keys that order differently by bytes than by Swift's `<` or by
    /// UTF-16, that differ only by normalization (which `==` on `String`
    /// equates but an object keeps apart), and that share long prefixes.
    static let keyPool: [String] = [
        "", "a", "b", "B", "_", "a9", "a10", "id", "id_str", "\u{0}", "\u{7F}", "\u{80}",
        "é", "e\u{301}", "e", "f", "\u{C5}", "\u{212B}", "A\u{30A}", "\u{1E69}", "s\u{323}\u{307}", "s\u{307}\u{323}",
        "\u{FF61}", "😀", "\u{10FFFF}", "测", "\u{FFFD}",
        "profile_background_color", "profile_background_image_url", "profile_background_image_url_https",
        "profile_sidebar_", "profile_sidebar_\u{0}", "profile_sidebar_border_color", "profile_sidebar_fill_color",
        "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmno", "abcdefgh", "abcdefg", "abcdefghi",
    ]

    /// A random key: one of the pool, two joined, or one with a random
    /// ASCII or non-ASCII tail.
    static func randomKey(_ random: inout RandomJSON) -> String {
        let pool = keyPool
        switch random.int(in: 0...3) {
        case 0: return pool.randomElement(using: &random.generator)!
        case 1: return pool.randomElement(using: &random.generator)! + pool.randomElement(using: &random.generator)!
        case 2: return pool.randomElement(using: &random.generator)! + random.string()
        default: return random.string()
        }
    }

    /// A random object or array, `depth` levels deep at most, whose objects
    /// have up to 40 members (both sides of the writer's insertion-sort
    /// limit), sometimes already in order, in reverse or nearly in order.
    static func randomContainer(_ random: inout RandomJSON, depth: Int) -> JSONValue {
        func child(_ random: inout RandomJSON) -> JSONValue {
            if depth > 0 && random.int(in: 0...7) == 0 { return randomContainer(&random, depth: depth - 1) }
            return .int(random.int(in: -9...99))
        }
        if random.int(in: 0...3) == 0 {
            var elements: [JSONValue] = []
            for _ in 0..<random.int(in: 0...4) { elements.append(child(&random)) }
            return .array(elements)
        }
        let sizes = [0, 1, 2, 3, 8, 16, 17, 40]
        let size = random.int(in: 0...1) == 0 ? sizes.randomElement(using: &random.generator)! : random.int(in: 0...40)
        var keys: [String] = []
        var seen = JSONObject()
        while keys.count < size {
            let key = randomKey(&random)
            if seen.updateValue(nil, forKey: key) == nil { keys.append(key) }
        }
        switch random.int(in: 0...3) {
        case 0: keys = documentedOrder(keys)
        case 1: keys = documentedOrder(keys).reversed()
        case 2:
            keys = documentedOrder(keys)
            if keys.count > 1 {
                keys.swapAt(random.int(in: 0...(keys.count - 1)), random.int(in: 0...(keys.count - 1)))
            }
        default: break
        }
        var members = JSONObject()
        for key in keys { members[key] = child(&random) }
        return .object(members)
    }

    @Test(
        "the writer's key order is the UTF-8 byte order at every level, compact and pretty", arguments: [false, true])
    func randomTrees(_ pretty: Bool) throws {
        var random = RandomJSON(seed: pretty ? 23 : 22)
        let options: JSONValue.WritingOptions = pretty ? [.prettyPrinted, .sortedKeys] : .sortedKeys
        for _ in 0..<200 {
            let value = Self.randomContainer(&random, depth: 2)
            #expect(try value.jsonString(options: options) == Self.reference(value, pretty: pretty))
            // Below the recursion limit, where the iterative writer sorts.
            var nested = value
            for level in 0..<18 { nested = level % 2 == 0 ? .array([nested]) : .object(["k": nested, "": 0]) }
            #expect(try nested.jsonString(options: options) == Self.reference(nested, pretty: pretty))
        }
    }

    /// `count` random names, no two with the same scalars, none in `avoiding`.
    static func distinctKeys(_ random: inout RandomJSON, count: Int, avoiding: [String] = []) -> [String] {
        var keys: [String] = []
        var seen = JSONObject()
        for key in avoiding { seen[key] = .null }
        while keys.count < count {
            let key = randomKey(&random)
            if seen.updateValue(nil, forKey: key) == nil { keys.append(key) }
        }
        return keys
    }

    /// The writer remembers the order of the last object of each size (by
    /// the size modulo 64) and checks it against the next one: objects of
    /// one size in one document, with the same names in the same or another
    /// order, with one name changed, or with 64 more members, each come out
    /// in their own order.
    @Test(
        "objects of one size in one document are each in their own names' order",
        arguments: [false, true])
    func repeatedSizes(_ pretty: Bool) throws {
        var random = RandomJSON(seed: pretty ? 26 : 25)
        let options: JSONValue.WritingOptions = pretty ? [.prettyPrinted, .sortedKeys] : .sortedKeys
        for _ in 0..<Sanitizers.scaled(40) {
            let size = [2, 3, 5, 16, 17, 40].randomElement(using: &random.generator)!
            let keys = Self.distinctKeys(&random, count: size)
            var elements: [JSONValue] = []
            for _ in 0..<12 {
                var these = keys
                switch random.int(in: 0...4) {
                case 0, 1: break
                case 2: these.shuffle(using: &random.generator)
                case 3: these[random.int(in: 0...(size - 1))] = Self.distinctKeys(&random, count: 1, avoiding: keys)[0]
                default: these += Self.distinctKeys(&random, count: 64, avoiding: keys)
                }
                var members = JSONObject()
                for key in these { members[key] = .int(random.int(in: 0...9)) }
                // Sometimes nested in an object of the same size, which is
                // sorted before it and written after it.
                if random.int(in: 0...2) == 0 {
                    var outer = JSONObject()
                    for key in keys.reversed() { outer[key] = .object(members) }
                    elements.append(.object(outer))
                } else {
                    elements.append(.object(members))
                }
            }
            let value = JSONValue.array(elements)
            #expect(try value.jsonString(options: options) == Self.reference(value, pretty: pretty))
        }
    }

    @Test("names that differ only by normalization are two members, in the order of their bytes")
    func normalization() throws {
        let value: JSONValue = ["é": 1, "e\u{301}": 2, "\u{212B}": 3, "\u{C5}": 4, "A\u{30A}": 5, "f": 6, "e": 7]
        #expect("é" == "e\u{301}")  // Swift's `==` equates them; the object does not.
        #expect(value.objectValue?.count == 7)
        #expect(
            try value.jsonString(options: .sortedKeys)
                == "{\"A\u{30A}\":5,\"e\":7,\"e\u{301}\":2,\"f\":6,\"\u{C5}\":4,\"é\":1,\"\u{212B}\":3}")
    }

    @Test("objects made from a dictionary sort their names as the writer does")
    func scalarOrderOfNames() throws {
        var random = RandomJSON(seed: 24)
        for _ in 0..<300 {
            var names: [String] = []
            for _ in 0..<random.int(in: 0...40) { names.append(Self.randomKey(&random)) }
            // Repeated names keep their order, as a stable sort keeps it.
            let expected = names.indices.sorted { a, b in
                let (x, y) = (Array(names[a].utf8), Array(names[b].utf8))
                return x == y ? a < b : x.lexicographicallyPrecedes(y)
            }
            #expect(_scalarOrder(of: names) == expected)
        }
    }
}
