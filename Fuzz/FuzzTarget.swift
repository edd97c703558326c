// A libFuzzer target, compiled into one module with the library's sources by
// `Fuzz/run`. For every input: the parser must not crash or hang on the
// bytes, nor on the same bytes as a `String`; for every accepted document,
// writing and parsing again gives an identical value (same cases, same
// bits, members in the same order), Any bridging round-trips with its names
// sorted, and the tree decoder decodes a generic
// model without crashing. The input's text is also read as a JSON Pointer
// (which must print back to itself), an accepted document as a JSON Patch
// (applied to itself), and the first two elements of an accepted array as
// the two sides of a diff and a merge patch, which must turn one into the
// other. The text is also parsed as a JSONPath query, and a valid one is run
// on the accepted document (or a small fixed one), where every node's
// location must lead back to its value. Decoding from the bytes gives the
// same tree, in the same order, and tolerant decoding with a report does not
// crash. Literal pointers and queries never trap. Every accepted document is
// also compiled as a JSON Schema (in a dialect, with format and content
// assertion picked from the input's length): a schema error must point into
// the document, and a schema that compiles (cycles of `$ref`s and in-place
// keywords included) validates the document and a few fixed values, where
// `isValid` and `validate` must agree and the output formats must not crash.
// Every document is also validated against the 2020-12 meta-schema. The
// document and a few values are also streamed to the incremental validator
// at splits picked from the input, which must never report a violation that
// is not an error of the whole value, never withdraw one, and finish with
// `validate(parsing:)`'s result; an accepted array's first element is also
// compiled as a schema and its second streamed to it (schema-and-instance
// inputs).

import Foundation

/// A model with one field of each kind the tree decoder unwraps.
struct FuzzModel: Decodable {
    var int: Int?
    var int8: Int8?
    var uint64: UInt64?
    var double: Double?
    var float: Float?
    var string: String?
    var bool: Bool?
    var decimal: Decimal?
    var date: Date?
    var data: Data?
    var url: URL?
    var list: [FuzzModel]?
    var map: [String: FuzzModel]?
    var ints: [Int]?
    var value: JSONValue?
}

/// Case-for-case identity: `.int(1)` and `.double(1)` differ, and doubles
/// compare by their bits.
/// Case for case, bit for bit, and members in the same order; with
/// `ordered: false`, members in any order (for sources that sort names or
/// tools where order alone is no change).
func identical(_ a: JSONValue, _ b: JSONValue, ordered: Bool = true) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.int(let x), .int(let y)): return x == y
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.string(let x), .string(let y)): return Array(x.utf8) == Array(y.utf8)
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1, ordered: ordered) }
    case (.object(let x), .object(let y)):
        guard x.count == y.count else { return false }
        if ordered {
            return zip(x, y).allSatisfy { Array($0.key.utf8) == Array($1.key.utf8) && identical($0.value, $1.value) }
        }
        return x.allSatisfy { key, value in y[key].map { identical(value, $0, ordered: false) } ?? false }
    default: return false
    }
}

/// Whether every object's names are sorted by their UTF-8 bytes.
func namesSorted(_ value: JSONValue) -> Bool {
    switch value {
    case .array(let elements): return elements.allSatisfy(namesSorted)
    case .object(let members):
        return zip(members.keys, members.keys.dropFirst()).allSatisfy { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            && members.values.allSatisfy(namesSorted)
    default: return true
    }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        // Standard error, unbuffered, so that the message survives abort().
        FileHandle.standardError.write(Data("FUZZ FAILURE: \(message())\n".utf8))
        abort()
    }
}

/// libFuzzer's entry point: checks one input and returns 0; a failed check
/// aborts, which libFuzzer reports with the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let parsed = try? JSONValue(parsing: Array(bytes))
    let text = String(decoding: bytes, as: UTF8.self)
    let parsedText = try? JSONValue(parsing: text)
    if let parsed {
        // Valid UTF-8 decodes to the same text, so both parses agree.
        check(parsedText.map { identical($0, parsed) } ?? false, "String and bytes disagree")
        // Slashes as is by default, escaped with the other options, so that
        // both ways of writing a string are fuzzed.
        for options: JSONValue.WritingOptions in [[], [.sortedKeys, .prettyPrinted, .escapingSlashes]] {
            guard let written = try? parsed.jsonData(options: options) else {
                check(false, "an accepted document could not be written")
                return 0
            }
            let again = try? JSONValue(parsing: written)
            // Without .sortedKeys the members keep their order.
            let sorted = options.contains(.sortedKeys)
            check(again.map { identical($0, parsed, ordered: !sorted) } ?? false, "write then parse changed the value")
            check(!sorted || again.map(namesSorted) ?? false, ".sortedKeys did not sort the names")
        }
        // [String: Any] has no order: names come back sorted. (It cannot
        // hold two names that Swift finds equal, which the text may have.)
        if let bridged = try? JSONValue(any: parsed.anyValue) {
            check(namesSorted(bridged), "Any bridging did not sort names")
            check(bridged == parsed || namesSwiftEqual(parsed), "Any bridging changed the value")
        } else {
            check(false, "Any bridging refused an accepted document")
        }
        check(parsed == parsed && parsed.hashValue == parsed.hashValue, "equality or hashing is not reflexive")
        check(lookupsFindEveryMember(parsed), "a parsed object does not find one of its own names")
        _ = try? JSONValueDecoder().decode(FuzzModel.self, from: parsed)
        _ = try? JSONValueDecoder().decode([FuzzModel].self, from: parsed)
        // From bytes, numbers a Double may round are boxed beside the tree:
        // no box may leak into a JSONValue, and models decode as from the tree
        // or more exactly, never less.
        let data = Data(bytes)
        let decoded = try? JSONValueDecoder().decode(JSONValue.self, from: data)
        check(decoded.map { identical($0, parsed) } ?? false, "decode(JSONValue.self, from: Data) changed the value")
        var lenient = JSONValueDecoder()
        lenient.tolerance = .lenient
        var deviations: [JSONValueDecoder.Deviation] = []
        _ = try? lenient.decode([FuzzModel].self, from: data, deviations: &deviations)
        _ = try? JSONValueDecoder().decode([Decimal].self, from: data)
        _ = try? JSONValueDecoder().decode([UInt64].self, from: data)
        // A parsed value is finite and within the depth limit, so its
        // description is exactly the default compact text, members in order.
        check(parsed.description == (try? parsed.jsonString()), "description is not the compact text")
        checkPatches(parsed)
        checkSchema(parsed, seed: bytes.count)
    }
    checkJSON5(bytes, strict: parsed)
    checkIncremental(bytes, oneShot: parsed)
    checkBatching(bytes)
    checkPointer(text, in: parsed)
    checkPath(text, in: parsed)
    return 0
}

/// Whether every object in `value` finds each of its names at its own
/// position (the parser may copy an earlier object's table), and nothing
/// for a name one byte longer.
func lookupsFindEveryMember(_ value: JSONValue) -> Bool {
    var pending = [value]
    while let next = pending.popLast() {
        switch next {
        case .array(let elements):
            pending += elements
        case .object(let members):
            for (position, (name, member)) in members.enumerated() {
                guard members.index(forKey: name) == position, members[name + "\u{0}"] == nil else { return false }
                pending.append(member)
            }
        default:
            break
        }
    }
    return true
}

/// A pointer read from any text prints back to the same tokens, in both of
/// its forms, and looking it up never traps.
func checkPointer(_ text: String, in document: JSONValue?) {
    guard let pointer = try? JSONPointer(parsing: text) else { return }
    check((try? JSONPointer(parsing: pointer.description)) == pointer, "pointer text round trip")
    // The same text as a literal never traps, and names the same or nothing.
    let literal = JSONPointer(stringLiteral: text)
    check(literal == pointer, "a valid literal differs from the parsed pointer")
    check((try? JSONPointer(uriFragment: pointer.uriFragment)) == pointer, "pointer fragment round trip")
    if var document {
        _ = document[pointer: pointer]
        document[pointer: pointer] = 1
        document[pointer: pointer] = nil
    }
}

/// Patches built from the document: applied to itself, and diffs between
/// its first two elements.
func checkPatches(_ document: JSONValue) {
    if let patch = try? JSONPatch(document) {
        check((try? JSONPatch(patch.jsonValue)) == patch, "patch JSON round trip")
        if let result = try? document.applying(patch) {
            _ = result
        }
    }
    guard case .array(let elements) = document, elements.count >= 2 else { return }
    let (old, new) = (elements[0], elements[1])
    let diff = JSONPatch(from: old, to: new)
    let patched = try? old.applying(diff)
    // Order alone is no change to a diff or a merge patch.
    check(patched.map { identical($0, new, ordered: false) } ?? false, "diff does not turn old into new: \(diff)")
    if let mergePatch = try? JSONValue.mergePatch(from: old, to: new) {
        check(
            identical(old.applyingMergePatch(mergePatch), new, ordered: false), "merge patch does not turn old into new"
        )
    }
}

/// A JSONPath query read from any text must not crash or hang, and every
/// node it finds must be where its location says.
func checkPath(_ text: String, in document: JSONValue?) {
    let literal = JSONPath(stringLiteral: text)
    guard let path = try? JSONPath(parsing: text) else {
        check(literal.literalError != nil, "an invalid literal has no error")
        return
    }
    check(literal == path && literal.literalError == nil, "a valid literal differs from the parsed query")
    let target = document ?? ["a": [1, "b", ["c": nil]], "d": 2.5, "e": ["f": [true]]]
    for node in target.query(path).prefix(1000) {
        let found = target[pointer: JSONPointer(node.location)]
        check(found.map { identical($0, node.value) } ?? false, "a node's location does not lead to it")
    }
}

/// JSON5 reads every JSON document as the strict parser does, and what it
/// accepts writes as JSON that reads back the same (when its numbers are
/// finite).
func checkJSON5(_ bytes: UnsafeBufferPointer<UInt8>, strict: JSONValue?) {
    let relaxed = try? JSONValue(parsing: Array(bytes), options: .init(allowsJSON5: true))
    if let strict {
        check(relaxed.map { identical($0, strict) } ?? false, "JSON5 reads a JSON document differently")
    }
    if let relaxed, let written = try? relaxed.jsonData() {
        check(
            (try? JSONValue(parsing: written)).map { identical($0, relaxed) } ?? false,
            "JSON5 value does not round-trip")
    }
}

/// Whether some object has two names that Swift finds equal but whose
/// scalars differ: a [String: Any] keeps only one of them.
func namesSwiftEqual(_ value: JSONValue) -> Bool {
    switch value {
    case .array(let elements): return elements.contains(where: namesSwiftEqual)
    case .object(let members):
        return Set(members.keys).count != members.count || members.values.contains(where: namesSwiftEqual)
    default: return false
    }
}

/// The incremental parser fed a short input a byte at a time (most bytes
/// then wait in its batch) must show, after each byte, the partial value and
/// path of a parser fed the same prefix at once (which reads it all), and
/// throw at the same byte.
func checkBatching(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= 256 else { return }
    var parser = JSONIncrementalParser()
    for end in 1...max(bytes.count, 1) where end <= bytes.count {
        var whole = JSONIncrementalParser()
        var wholeError: JSONParseError?
        do { try whole.append(UnsafeBufferPointer(rebasing: bytes[..<end])) } catch { wholeError = error }
        do {
            try parser.append(UnsafeBufferPointer(rebasing: bytes[(end - 1)..<end]))
        } catch {
            check(
                error == wholeError,
                "a byte at a time threw \(error), the prefix at once \(String(describing: wholeError))")
            // Every later call throws it again, even with a byte that could
            // have waited in the batch.
            var thrownAgain: JSONParseError?
            do { try parser.append([UInt8(ascii: " ")]) } catch { thrownAgain = error }
            check(thrownAgain == error, "after an error, a space was taken without it")
            return
        }
        check(wholeError == nil, "the prefix at once threw \(wholeError!), a byte at a time did not")
        check(parser.pathInProgress == whole.pathInProgress, "a byte at a time shows another path in progress")
        let partial = parser.partialValue
        let expected = whole.partialValue
        check(
            partial.map { a in expected.map { identical(a, $0) } ?? false } ?? (expected == nil),
            "a byte at a time shows another partial value")
    }
}

/// The incremental parser, fed the input at splits drawn from its own bytes
/// (so that the fuzzer explores them too), must agree with the one-shot
/// parser: the same value, or the same error at the same place, unless the
/// input is a sequence of several values or none (or begins with one); and each partial value
/// must be a prefix of the next and of the final value.
func checkIncremental(_ bytes: UnsafeBufferPointer<UInt8>, oneShot: JSONValue?) {
    var oneShotError: JSONParseError?
    if oneShot == nil {
        do { _ = try JSONValue(parsing: Array(bytes)) } catch { oneShotError = error as? JSONParseError }
    }
    // Without a valid text to count its names, any object may repeat one.
    let mayRepeatNames = oneShot.map { repeatsNames(bytes, value: $0) } ?? true
    var seed = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
    for byte in bytes.prefix(16) { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3 }
    for round in 0..<3 {
        var parser = JSONIncrementalParser()
        var values: [JSONValue] = []
        var failure: JSONParseError?
        var previous: JSONValue?
        // Whether `previous` was a complete top-level value, which stays the
        // partial value until the next value starts, afresh.
        var previousIsComplete = false
        var start = 0
        while start < bytes.count && failure == nil {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let size = round == 0 ? 1 : 1 + Int(seed >> 33) % (round == 1 ? 8 : 64)
            let end = min(start + size, bytes.count)
            do {
                let completed = try parser.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                // A new top-level value starts its partial values afresh.
                if !completed.isEmpty { previous = nil }
                values += completed
                if let partial = parser.partialValue {
                    if let previous, !(mayRepeatNames && containsObject(partial)) {
                        if previousIsComplete {
                            check(
                                identical(previous, partial) || !parser.isComplete(at: .root),
                                "a complete value changed before the next one started")
                        } else {
                            check(isPrefix(previous, of: partial), "a partial value shrank")
                        }
                    }
                    previous = partial
                    previousIsComplete = parser.isComplete(at: .root)
                }
            } catch {
                failure = error
                values += parser.takeValuesBeforeFailure()
                check(end > error.location.offset, "an error was thrown before the byte it names")
            }
            start = end
        }
        if failure == nil {
            do { values += try parser.finish() } catch { failure = error }
        }
        if let oneShot {
            check(failure == nil && values.count == 1, "incremental parsing refused a valid text")
            check(values.first.map { identical($0, oneShot) } ?? false, "incremental parsing changed the value")
            if let previous, let final = values.first, !(mayRepeatNames && containsObject(final)) {
                check(isPrefix(previous, of: final), "a partial value is not a prefix of the final value")
            }
        } else if let failure {
            if values.isEmpty {
                check(
                    failure == oneShotError,
                    "incremental error \(failure) differs from \(String(describing: oneShotError))")
            } else {
                // A value came first: the one-shot parser refused the text
                // where the next one starts, which here begins a value of its
                // own (`true3x`), so the error comes later.
                check(failure.location.offset >= (oneShotError?.location.offset ?? 0), "an error came too early")
            }
        } else {
            check(values.count != 1, "incremental parsing accepted one value the one-shot parser refused")
        }
    }
}

/// Whether `partial` is a prefix of `full`, as partial values must be.
func isPrefix(_ partial: JSONValue, of full: JSONValue) -> Bool {
    switch (partial, full) {
    case (.string(let a), .string(let b)):
        return Array(b.utf8).starts(with: Array(a.utf8))
    case (.array(let a), .array(let b)):
        guard a.count <= b.count else { return false }
        return a.indices.allSatisfy { index in
            index == a.count - 1 ? isPrefix(a[index], of: b[index]) : identical(a[index], b[index])
        }
    case (.object(let a), .object(let b)):
        guard a.count <= b.count else { return false }
        return (0..<a.count).allSatisfy { index in
            a[index].key.unicodeScalars.elementsEqual(b[index].key.unicodeScalars)
                && (index == a.count - 1
                    ? isPrefix(a[index].value, of: b[index].value) : identical(a[index].value, b[index].value))
        }
    default:
        return identical(partial, full)
    }
}

/// Whether `value` holds an object, which might have had a repeated name
/// in its text.
func containsObject(_ value: JSONValue) -> Bool {
    switch value {
    case .object: return true
    case .array(let elements): return elements.contains(where: containsObject)
    default: return false
    }
}

/// Whether the valid text `bytes`, whose value is `value`, repeats a name in
/// an object: a repeated name replaces an earlier member's value, so its
/// partial values need not be prefixes of each other. The text has a colon
/// outside strings for each member it spells; the value keeps one member
/// per name.
func repeatsNames(_ bytes: UnsafeBufferPointer<UInt8>, value: JSONValue) -> Bool {
    var colons = 0
    var inString = false
    var escaped = false
    for byte in bytes {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        } else if byte == UInt8(ascii: ":") {
            colons += 1
        }
    }
    func members(_ value: JSONValue) -> Int {
        switch value {
        case .object(let object): return object.count + object.values.reduce(0) { $0 + members($1) }
        case .array(let elements): return elements.reduce(0) { $0 + members($1) }
        default: return 0
        }
    }
    return colons != members(value)
}

/// Values every schema is tried on, besides the document itself.
let schemaInstances: [JSONValue] = [
    nil, true, 0, -1, 1.5, .double(1e308), .int(.max), "", "abc", "\u{E9}", "e\u{301}", [], [1, "a", nil, 1.0],
    [:], ["a": 1, "b": [2, ["c": "d"]], "\u{E9}": nil], [[[["deep"]]]],
]

/// The 2020-12 meta-schema, compiled once: every document is checked
/// against it.
let metaSchema = try! JSONSchema(["$ref": "https://json-schema.org/draft/2020-12/schema"])

/// Validates `instance` both ways, which must agree; the output formats must
/// not crash and must agree too; every error's instance location must lead
/// into the value.
func checkValidation(_ schema: JSONSchema, _ instance: JSONValue, verbose: Bool) {
    let fast = schema.isValid(instance)
    let result = schema.validate(instance)
    check(fast == result.isValid, "isValid \(fast) but validate \(result.isValid)")
    check(result.errors.isEmpty == result.isValid, "\(result.errors.count) errors for a valid \(result.isValid) value")
    for error in result.errors {
        check(
            instance[pointer: error.instanceLocation] != nil,
            "an error's location \(error.instanceLocation) leads nowhere")
        _ = error.description
    }
    check(result.output(.flag)["valid"] == .bool(fast), "flag output disagrees")
    check(result.output(.basic)["valid"] == .bool(fast), "basic output disagrees")
    if verbose {
        check(result.output(.verbose)["valid"] == .bool(fast), "verbose output disagrees")
        check(result.output(.detailed)["valid"] == .bool(fast), "detailed output disagrees")
    }
}

/// The document as a schema, and as a value for the meta-schema.
func checkSchema(_ document: JSONValue, seed: Int) {
    checkValidation(metaSchema, document, verbose: false)
    var options = JSONSchema.Options()
    options.defaultDialect = JSONSchema.Dialect.allCases[seed % JSONSchema.Dialect.allCases.count]
    options.assertsFormats = seed % 2 == 0
    options.assertsContent = seed % 3 == 0
    // The document may refer to itself, or to its first member, by URI.
    options.documents["https://example.com/document.json"] = document
    if case .object(let object) = document, let first = object.first {
        options.documents["https://example.com/first.json"] = first.value
    }
    let schema: JSONSchema
    do {
        schema = try JSONSchema(document, options: options)
    } catch {
        if error.documentURI == nil {
            check(document[pointer: error.location] != nil, "a schema error at \(error.location), which is not in it")
        }
        _ = error.description
        return
    }
    // The hierarchical formats recurse once per unit (a known stack limit):
    // only for documents of modest depth.
    let verbose = depth(of: document) < 64
    checkValidation(schema, document, verbose: verbose)
    for instance in schemaInstances {
        checkValidation(schema, instance, verbose: verbose)
    }
    checkStreaming(schema, document, seed: seed)
    for (index, instance) in schemaInstances.enumerated() where index % 4 == seed % 4 {
        checkStreaming(schema, instance, seed: seed &+ index)
    }
    // A schema and an instance.
    if case .array(let elements) = document, elements.count >= 2,
        let pairSchema = try? JSONSchema(elements[0], options: options)
    {
        checkStreaming(pairSchema, elements[1], seed: seed)
    }
}

/// Streams `instance`'s text (compact, or indented for some seeds) to the
/// incremental validator in chunks of sizes picked by `seed`, 1 to 13
/// bytes: every violation after every chunk must be an error of the whole
/// value at the same locations, none may be withdrawn, and `finish()` must
/// give `validate(parsing:)`'s errors, which are `validate(_:)`'s when a
/// `Double` holds every number.
func checkStreaming(_ schema: JSONSchema, _ instance: JSONValue, seed: Int) {
    guard let bytes = try? Array(instance.jsonData(options: seed % 3 == 0 ? [.prettyPrinted] : [])),
        let expected = try? schema.validate(parsing: bytes)
    else {
        check(false, "a value could not be written or validated from its text")
        return
    }
    if (try? JSONValue(parsing: bytes, options: .init(allowsInexactNumbers: false))) != nil {
        check(expected.errors == schema.validate(instance).errors, "validate(parsing:) differs from validate(_:)")
    }
    func key(_ error: JSONSchema.ValidationError) -> String { "\(error.instanceLocation) \(error.keywordLocation)" }
    let allowed = Set(expected.errors.map(key))
    var validator = JSONSchema.IncrementalValidator(schema)
    var start = 0
    var size = 1 &+ seed % 7
    var reported = 0
    while start < bytes.count {
        let end = min(bytes.count, start &+ size)
        do {
            try validator.append(bytes[start..<end])
        } catch {
            check(false, "the validator threw \(error) on a value's text")
            return
        }
        let keys = validator.violations.map(key)
        check(keys.allSatisfy(allowed.contains), "a violation that is not an error of the value: \(keys)")
        check(keys.count >= reported, "a violation was withdrawn")
        reported = keys.count
        start = end
        size = 1 &+ (size &* 7 &+ seed) % 13
    }
    guard let result = try? validator.finish() else {
        check(false, "finish threw on a complete value")
        return
    }
    check(result.errors == expected.errors, "finish differs from validate(parsing:)")
}

/// How deeply a value nests.
func depth(of value: JSONValue) -> Int {
    var deepest = 0
    var pending: [(JSONValue, Int)] = [(value, 0)]
    while let (next, level) = pending.popLast() {
        deepest = max(deepest, level)
        switch next {
        case .array(let elements): pending += elements.map { ($0, level + 1) }
        case .object(let members): pending += members.values.map { ($0, level + 1) }
        default: break
        }
    }
    return deepest
}
