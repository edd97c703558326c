#if JSONSchema

/// A schema resource as validation needs it: its canonical URI, for
/// absolute keyword locations, and the anchors that the dynamic scope can
/// reach.
struct _SchemaResource: Sendable {
    /// The canonical URI without a fragment; empty for a root schema without
    /// an absolute `$id`.
    var uri: String
    /// The JSON Pointer of the resource's root in its document.
    var documentPointer: String
    /// The nodes of `$dynamicAnchor`s (2020-12), by name.
    var dynamicAnchors: [String: Int] = [:]
    /// The resource root, if it has `"$recursiveAnchor": true` (2019-09).
    var recursiveAnchor: Int?
}

/// Each node's JSON Pointer inside its resource (`/$defs/point`), for
/// absolute keyword locations.
///
/// A subschema that the compiler reached from its parent, before any
/// reference was resolved, keeps the step from its parent's pointer, and the
/// text is written only when a location needs it (an error in the output
/// formats): writing every subschema's pointer, and hashing it to look its
/// location up, was a seventh of compiling a small schema. The steps are
/// trivial values (keywords are static strings, names kept apart), so that
/// freeing a program does not visit them one by one.
struct _SchemaNodePointers: Sendable {
    /// A node's pointer: the text at `name` of ``texts`` if `parent` is -1;
    /// else the pointer of node `parent` (in the same resource), followed by
    /// `keyword`, and by the name at `name` of ``names`` (unless -1) or by
    /// `index` (unless -1), for keywords that hold several subschemas.
    struct Step {
        var parent: Int32
        var keyword: StaticString
        var name: Int32
        var index: Int32
    }

    private(set) var steps: [Step] = []
    private var texts: [String] = []
    private var names: [String] = []

    mutating func reserveCapacity(_ count: Int) {
        steps.reserveCapacity(count)
    }

    /// Makes room for `count` more nodes whose pointers are texts.
    mutating func reserveTextCapacity(_ count: Int) {
        texts.reserveCapacity(texts.count + count)
    }

    /// Adds a node whose pointer's text is `text`, escaped.
    mutating func append(text: String) {
        steps.append(Step(parent: -1, keyword: "", name: Int32(texts.count), index: -1))
        texts.append(text)
    }

    /// Adds a node whose pointer is a step from node `parent`'s.
    mutating func append(parent: Int, keyword: StaticString, name: String?, index: Int?) {
        var nameIndex: Int32 = -1
        if let name {
            nameIndex = Int32(names.count)
            names.append(name)
        }
        steps.append(Step(parent: Int32(parent), keyword: keyword, name: nameIndex, index: Int32(index ?? -1)))
    }

    /// The text of a node whose pointer is a text.
    func text(at step: Step) -> String? {
        step.parent < 0 ? texts[Int(step.name)] : nil
    }

    /// The name of a step, if it has one.
    func name(of step: Step) -> String? {
        step.name < 0 ? nil : names[Int(step.name)]
    }

    /// The tokens of `node`'s pointer, unescaped: those of the nearest node
    /// whose text is kept, then those of each step down from it (without
    /// writing the steps out and reading them back).
    func tokens(of node: Int) -> [String] {
        var tokens: [String] = []
        walk(to: node) { text in
            if !text.isEmpty { tokens = (try? JSONPointer(parsing: text))?.tokens ?? [] }
        } step: { token in
            tokens.append(token)
        }
        return tokens
    }

    /// The text of `node`'s pointer, escaped.
    func text(of node: Int) -> String {
        var text = ""
        walk(to: node) {
            text = $0
        } step: {
            text += "/" + _escapeToken($0)
        }
        return text
    }

    /// Calls `kept` with the text of the nearest node at or above `node`
    /// whose text is kept, then `step` with each token (unescaped) of the
    /// steps from there down to `node`, in order; without recursion, since
    /// schemas may be deep.
    private func walk(to node: Int, kept: (String) -> Void, step: (String) -> Void) {
        var trail: [Int] = []
        var current = node
        while steps[current].parent >= 0 {
            trail.append(current)
            current = Int(steps[current].parent)
        }
        kept(texts[Int(steps[current].name)])
        for index in trail.reversed() {
            let next = steps[index]
            step(next.keyword.description)
            if let name = name(of: next) { step(name) }
            if next.index >= 0 { step(String(next.index)) }
        }
    }
}

/// One subschema as the compiler builds it, before it is lowered into a
/// ``_SchemaProgram``.
struct _SchemaNode: Sendable {
    /// What a node does before its keywords are looked at.
    enum Shape: Sendable {
        /// `true` or `{}`: every value is valid.
        case alwaysValid
        /// `false`: no value is.
        case alwaysInvalid
        /// Only `type`: a test of the value's type, done inline by callers.
        case typeOnly(_SchemaTypes)
        /// Anything else: run the keywords.
        case general
    }

    var shape: Shape = .general
    /// The compiled keywords: a range of the compiler's
    /// ``_SchemaCompiler/keywords``, which holds every node's end to end,
    /// so that no node has an array of its own to allocate and free.
    var keywords: Range<Int> = 0..<0
    /// The index of the resource the subschema belongs to.
    var resource: Int
    /// Whether the node must say which members and items it evaluated,
    /// because an `unevaluatedProperties` or `unevaluatedItems` of this node
    /// or of a schema that applies it in place needs to know.
    var tracksEvaluation = false
    /// Whether the node lies on a cycle of subschemas applied in place (see
    /// ``_SchemaAnalysis/markInPlaceCycles(_:)``), so that validation must
    /// watch for coming back to it for the same value.
    var isOnInPlaceCycle = false
    /// The node's annotation keywords and their values (`title`, `default`,
    /// unknown keywords…), reported only in the output formats: a range of
    /// the compiler's ``_SchemaCompiler/annotations``, end to end as the
    /// keywords are. (The node's pointer is in
    /// ``_SchemaCompiler/pointers`` for the same reason.)
    var annotations: Range<Int> = 0..<0

    /// Sets the ranges of the compiled keywords and of the annotations, and
    /// the shape that the keywords give.
    mutating func setKeywords(
        _ keywords: Range<Int>, of all: [_SchemaKeyword], annotations: Range<Int>
    ) {
        self.keywords = keywords
        self.annotations = annotations
        shape = _SchemaKeywordCompiler.shape(of: all[keywords])
    }
}

/// The JSON types of `type`, as a bit set.
struct _SchemaTypes: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    static let null = _SchemaTypes(rawValue: 1)
    static let boolean = _SchemaTypes(rawValue: 2)
    static let object = _SchemaTypes(rawValue: 4)
    static let array = _SchemaTypes(rawValue: 8)
    static let string = _SchemaTypes(rawValue: 16)
    static let number = _SchemaTypes(rawValue: 32)
    static let integer = _SchemaTypes(rawValue: 64)
    /// Not a type: set when `integer` follows draft-04, where `1.0` is not an
    /// integer.
    static let draft4Integers = _SchemaTypes(rawValue: 128)
    /// Every JSON type.
    static let all: _SchemaTypes = [.null, .boolean, .object, .array, .string, .number]

    /// Whether the value at `value` has one of the types.
    @inline(__always)
    func accepts(_ value: UnsafePointer<JSONValue>) -> Bool {
        switch value.pointee {
        case .null: return contains(.null)
        case .bool: return contains(.boolean)
        case .object: return contains(.object)
        case .array: return contains(.array)
        case .string: return contains(.string)
        case .int: return !isDisjoint(with: [.number, .integer])
        case .double(let double):
            if contains(.number) { return true }
            guard contains(.integer) else { return false }
            return _SchemaTypes.isInteger(double, draft4: contains(.draft4Integers))
        }
    }

    /// ``accepts(_:)`` for a loop over items: each case maps to the bits
    /// of its types, tested with one `and`. With a `contains` per case, the
    /// compiler worked out all seven before the loop, which cost more than
    /// testing a pair of coordinates; outside loops that form is the quicker.
    @inline(__always)
    func acceptsItem(_ value: UnsafePointer<JSONValue>) -> Bool {
        let bits: UInt8
        switch value.pointee {
        case .null: bits = _SchemaTypes.null.rawValue
        case .bool: bits = _SchemaTypes.boolean.rawValue
        case .object: bits = _SchemaTypes.object.rawValue
        case .array: bits = _SchemaTypes.array.rawValue
        case .string: bits = _SchemaTypes.string.rawValue
        case .int: bits = _SchemaTypes.number.rawValue | _SchemaTypes.integer.rawValue
        case .double(let double):
            if contains(.number) { return true }
            guard contains(.integer) else { return false }
            return _SchemaTypes.isInteger(double, draft4: contains(.draft4Integers))
        }
        return rawValue & bits != 0
    }

    /// Whether a double counts as an integer. From draft-06 on, any number
    /// with no fractional part does. Draft-04 counts only integers written
    /// without a fraction; the parser keeps those as ``JSONValue/int(_:)``
    /// except beyond `Int`'s range, so a whole double that large is taken to
    /// be such an integer.
    ///
    /// A box of a number kept as text (see `_SchemaExactNumbers.swift`)
    /// says itself whether it is an integer.
    static func isInteger(_ double: Double, draft4: Bool) -> Bool {
        guard double.isFinite, double.rounded(.towardZero) == double else {
            return double.isNaN && _ExactNumbers.isIntegralBox(double, draft4: draft4)
        }
        return !draft4 || double.magnitude >= Double(sign: .plus, exponent: Int.bitWidth - 1, significand: 1)
    }

    /// The types as a message expects them: `an integer`, `a string or
    /// null`.
    var description: String {
        let phrases: [(_SchemaTypes, String)] = [
            (.object, "an object"), (.array, "an array"), (.string, "a string"), (.number, "a number"),
            (.integer, "an integer"), (.boolean, "a Boolean"), (.null, "null"),
        ]
        let names = phrases.filter { contains($0.0) && !($0.0 == .integer && contains(.number)) }.map(\.1)
        guard let last = names.last else { return "no value" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// The six kinds of JSON value, numbers as one, by which the fast path
/// dispatches a `oneOf` or `anyOf` whose branches accept disjoint types (see
/// ``_SchemaProgram/Node/alias``).
enum _SchemaTypeKind {
    static let count = 6
    /// Every kind, as bits.
    static let all = (1 << count) - 1

    /// How much of a kind some types accept.
    enum Acceptance { case none, some, all }

    /// The kind of a value: null, Boolean, object, array, string, number.
    @inline(__always)
    static func kind(of value: UnsafePointer<JSONValue>) -> Int {
        switch value.pointee {
        case .null: 0
        case .bool: 1
        case .object: 2
        case .array: 3
        case .string: 4
        case .int, .double: 5
        }
    }

    static func kind(of value: JSONValue) -> Int {
        withUnsafePointer(to: value) { kind(of: $0) }
    }

    /// The kinds of which the types accept some values, as bits.
    static func kinds(of types: _SchemaTypes) -> Int {
        var kinds = 0
        for kind in 0..<count where acceptance(of: kind, by: types) != .none { kinds |= 1 << kind }
        return kinds
    }

    /// Whether the types accept every value of a kind, some or none: an
    /// `integer` without `number` accepts some numbers.
    static func acceptance(of kind: Int, by types: _SchemaTypes) -> Acceptance {
        switch kind {
        case 0: types.contains(.null) ? .all : .none
        case 1: types.contains(.boolean) ? .all : .none
        case 2: types.contains(.object) ? .all : .none
        case 3: types.contains(.array) ? .all : .none
        case 4: types.contains(.string) ? .all : .none
        default: types.contains(.number) ? .all : types.contains(.integer) ? .some : .none
        }
    }
}

extension _SchemaTypes {
    /// The type a `type` keyword names (`"integer"`), if it is one.
    init?(name: String) {
        // By length first, so that a name is compared with the one to three
        // of its length: each comparison of different strings is a call
        // into the runtime.
        switch name.utf8.count {
        case 4 where name == "null": self = .null
        case 5 where name == "array": self = .array
        case 6 where name == "object": self = .object
        case 6 where name == "string": self = .string
        case 6 where name == "number": self = .number
        case 7 where name == "boolean": self = .boolean
        case 7 where name == "integer": self = .integer
        default: return nil
        }
    }
}

/// One keyword of a compiled subschema, or a few that work together.
enum _SchemaKeyword: Sendable {
    case type(_SchemaTypes)
    case enumeration(_SchemaEnumeration)
    case constant(JSONValue)
    case multipleOf(_SchemaDecimal, JSONValue)
    case bound(_SchemaBound)
    case minLength(Int)
    case maxLength(Int)
    case pattern(_SchemaPattern)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case minProperties(Int)
    case maxProperties(Int)
    case required([String])
    /// `dependentRequired`, or the array form of `dependencies`.
    case dependentRequired(keyword: String, [(name: String, required: [String])])
    /// `dependentSchemas`, or the schema form of `dependencies`.
    case dependentSchemas(keyword: String, [(name: String, node: Int)])
    case properties(_SchemaProperties)
    case propertyNames(Int)
    case items(_SchemaItems)
    case contains(_SchemaContains)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
    /// `$ref`.
    case reference(Int)
    /// `$dynamicRef` or `$recursiveRef`.
    case dynamicReference(_SchemaDynamicReference)
    case format(_Format, String)
    /// `contentEncoding`, `contentMediaType` and `contentSchema`, asserted.
    case content(_SchemaContent)
    case unevaluatedProperties(Int)
    case unevaluatedItems(Int)

    /// The in-place subschemas: those applied to the same instance location
    /// as this keyword's schema, whose evaluated members and items count as
    /// its own.
    func inPlaceNodes(dynamicTargets: (_SchemaDynamicReference) -> [Int]) -> [Int] {
        switch self {
        case .allOf(let nodes), .anyOf(let nodes), .oneOf(let nodes): return nodes
        case .dependentSchemas(_, let entries): return entries.map(\.node)
        case .conditional(let condition, let then, let otherwise):
            return [condition] + [then, otherwise].compactMap { $0 }
        case .reference(let node): return [node]
        case .dynamicReference(let reference): return dynamicTargets(reference)
        default: return []
        }
    }
}

/// `enum`: the values, and for long lists a set to look them up in.
struct _SchemaEnumeration: Sendable {
    var values: [JSONValue]
    var lookup: Set<_SchemaValueKey>?

    init(_ values: [JSONValue]) {
        self.values = values
        lookup = values.count > 8 ? Set(values.map(_SchemaValueKey.init)) : nil
    }

    /// Whether the value is one of ``values``. (An enumeration of strings
    /// alone is looked up in the program's names instead, by its bytes.)
    func contains(_ value: UnsafePointer<JSONValue>, numbers: UnsafePointer<_ExactNumbers>? = nil) -> Bool {
        // With boxes of numbers kept as text, one by one: few values are.
        if let lookup, numbers == nil { return lookup.contains(_SchemaValueKey(value: value.pointee)) }
        return values.withUnsafeBufferPointer { values in
            values.indices.contains { _schemaEqual(values.baseAddress.unsafelyUnwrapped + $0, value, numbers: numbers) }
        }
    }
}

/// `minimum`, `maximum`, `exclusiveMinimum` or `exclusiveMaximum`, with
/// draft-04's Boolean `exclusive…` folded in.
struct _SchemaBound: Sendable {
    enum Kind: Sendable { case minimum, maximum }
    /// The keyword whose location errors carry.
    enum Keyword: String, Sendable { case minimum, maximum, exclusiveMinimum, exclusiveMaximum }
    var kind: Kind
    var exclusive: Bool
    var limit: _SchemaNumber
    var keyword: Keyword
}

/// A number of a schema keyword, kept as written: an integer or a double.
enum _SchemaNumber: Sendable, Hashable {
    case int(Int)
    case double(Double)

    init?(_ value: JSONValue) {
        switch value {
        case .int(let integer): self = .int(integer)
        case .double(let double): self = .double(double)
        default: return nil
        }
    }

    var value: JSONValue {
        switch self {
        case .int(let integer): .int(integer)
        case .double(let double): .double(double)
        }
    }
}

/// `pattern`.
struct _SchemaPattern: Sendable {
    var regex: _Regex
    var source: String
}

/// `properties`, `patternProperties` and `additionalProperties` together,
/// as `additionalProperties` depends on the other two.
struct _SchemaProperties: Sendable {
    var named: [(name: String, node: Int)] = []
    var patterns: [(pattern: _SchemaPattern, node: Int)] = []
    var additional: Int?
}

/// `prefixItems` and `items` (2020-12), or `items` and `additionalItems`.
struct _SchemaItems: Sendable {
    var prefix: [Int] = []
    var prefixKeyword = "prefixItems"
    var rest: Int?
    var restKeyword = "items"
}

/// `contains` with `minContains` and `maxContains`.
struct _SchemaContains: Sendable {
    var node: Int
    var minimum = 1
    var maximum: Int?
    /// Whether matching items count as evaluated (2020-12; not 2019-09).
    var marksEvaluated: Bool
}

/// `$dynamicRef` or `$recursiveRef`: the schema it resolves to statically,
/// and when the dynamic scope can change that, what to look for there.
struct _SchemaDynamicReference: Sendable {
    var keyword: String
    var target: Int
    /// The anchor name of a `$dynamicRef` whose target has a matching
    /// `$dynamicAnchor`; `nil` for a `$recursiveRef`, or when the reference
    /// behaves as `$ref`.
    var dynamicAnchor: String?
    /// For `$recursiveRef`: whether the target has `"$recursiveAnchor": true`.
    var isRecursive: Bool
}

#endif
