#if JSONSchema

/// What validation reports as it goes. The evaluator is generic over it and
/// specialized three times: with ``_SchemaSilence`` it is the `isValid` fast
/// path, which builds no locations, messages or output units, as every call
/// is behind `if Reporter.isEnabled`; with ``_SchemaCycleSilence``, the same
/// for a schema with cycles of in-place subschemas, which it watches for;
/// with ``_SchemaOutputBuilder`` it records the tree of output units of
/// JSON Schema 2020-12, section 12.
protocol _SchemaReporting {
    /// Whether anything is reported; `false` lets the evaluator stop at the
    /// first failure.
    static var isEnabled: Bool { get }

    /// Whether the schema may have cycles of subschemas applied in place,
    /// which evaluation then watches for, and whose undecided results it
    /// combines (see ``_SchemaEvaluator``). `false` removes all that from
    /// the fast path of the schemas that have none.
    static var watchesCycles: Bool { get }

    /// Whether annotations (`title`, `default`…) and valid units are kept.
    var keepsEverything: Bool { get }

    mutating func pushKeyword(_ token: String)
    /// Pushes an array index as a keyword token (`allOf/2`).
    mutating func pushKeyword(index: Int)
    mutating func popKeyword()
    /// Pushes a member name, with the member's position for document order.
    mutating func pushInstance(_ token: String, ordinal: Int)
    /// Pushes an item's index.
    mutating func pushInstance(index: Int)
    mutating func popInstance()
    /// Starts the unit of a subschema applied at the current locations.
    mutating func beginNode(_ node: Int) -> Int
    /// Starts the unit of an applicator keyword of the current subschema.
    mutating func beginKeyword(_ keyword: String, hidesDetails: Bool) -> Int
    /// Ends a unit; `error` is its own message, if it has one.
    mutating func end(_ unit: Int, valid: Bool, error: String?)
    /// Ends a unit whose result is undecided, because validation entered a
    /// cycle in it. It fails; with an `error`, that is the reason, else the
    /// reasons below it (the cycles') are the errors it stands for.
    mutating func endUndecided(_ unit: Int, error: String?)
    /// Starts the value that a string holds (`contentSchema`): until
    /// ``endContent()``, instance locations stay at the string.
    mutating func beginContent()
    mutating func endContent()
    /// How many keyword tokens the current path has.
    var keywordDepth: Int { get }
    /// The keywords of the current path from `depth` on, for a message:
    /// `allOf/1 → $ref`.
    func keywordSteps(from depth: Int) -> String
    /// Records a failed assertion of the current subschema.
    mutating func fail(_ keyword: String?, _ message: String)
    /// Records an annotation of the current subschema.
    mutating func annotate(_ keyword: String, _ value: JSONValue)
    /// Records an assertion of the current subschema that held, for the
    /// verbose format.
    mutating func pass(_ keyword: String)
}

/// A reporter that reports nothing: the fast path's.
protocol _SchemaSilentReporting: _SchemaReporting {}

/// The fast path's reporter, for a schema without cycles of subschemas
/// applied in place.
struct _SchemaSilence: _SchemaSilentReporting {
    static var watchesCycles: Bool { false }
}

/// The fast path's reporter, for a schema with cycles of subschemas applied
/// in place.
struct _SchemaCycleSilence: _SchemaSilentReporting {
    static var watchesCycles: Bool { true }
}

extension _SchemaSilentReporting {
    static var isEnabled: Bool { false }
    var keepsEverything: Bool { false }
    @inline(__always) mutating func pushKeyword(_ token: String) {}
    @inline(__always) mutating func pushKeyword(index: Int) {}
    @inline(__always) mutating func popKeyword() {}
    @inline(__always) mutating func pushInstance(_ token: String, ordinal: Int) {}
    @inline(__always) mutating func pushInstance(index: Int) {}
    @inline(__always) mutating func popInstance() {}
    @inline(__always) mutating func beginNode(_ node: Int) -> Int { 0 }
    @inline(__always) mutating func beginKeyword(_ keyword: String, hidesDetails: Bool) -> Int { 0 }
    @inline(__always) mutating func end(_ unit: Int, valid: Bool, error: String?) {}
    @inline(__always) mutating func endUndecided(_ unit: Int, error: String?) {}
    @inline(__always) mutating func beginContent() {}
    @inline(__always) mutating func endContent() {}
    var keywordDepth: Int { 0 }
    func keywordSteps(from depth: Int) -> String { "" }
    @inline(__always) mutating func fail(_ keyword: String?, _ message: String) {}
    @inline(__always) mutating func annotate(_ keyword: String, _ value: JSONValue) {}
    @inline(__always) mutating func pass(_ keyword: String) {}
}

/// One output unit (JSON Schema 2020-12, section 12.3), with the
/// extent of its subtree in the builder's list.
struct _SchemaOutputUnit: Sendable {
    var keywordTokens: [String]
    /// The keyword's absolute location; a location in a resource without
    /// an absolute URI, which no report shows, starts with `#` and is only
    /// `#` unless the builder keeps everything.
    var absoluteKeywordLocation: String
    var instanceTokens: [String]
    /// The positions of the instance location's members and items, for
    /// sorting errors into document order.
    var instanceOrder: [Int]
    var valid = true
    var error: String?
    var annotation: JSONValue?
    /// One past the index of the unit's last descendant.
    var end = 0
    /// Whether the unit's own error sums up its descendants' (`anyOf`,
    /// `oneOf`, `not`, `contains`), which the error list then leaves out.
    var hidesDetails = false
    /// Whether the unit is a keyword's (not a subschema's).
    var isKeyword = false
    /// Whether the unit's result is undecided, because validation entered
    /// a cycle in it: with an error, it says why (a cycle, or an
    /// `unevaluated…` that depends on one); without, the errors it stands
    /// for are the reasons among its descendants, not their other errors.
    var isUndecided = false
    /// The keyword of a unit whose locations are filled in when it ends.
    var pendingKeyword: String?
}

/// Records the output units of a validation in pre-order: each unit is
/// followed by its descendants, and a valid subtree that is not kept is
/// dropped by truncating the list back to its unit.
struct _SchemaOutputBuilder: _SchemaReporting {
    static var isEnabled: Bool { true }
    static var watchesCycles: Bool { true }
    let keepsEverything: Bool
    let program: _SchemaProgram

    private(set) var units: [_SchemaOutputUnit] = []
    private var keywordTokens: [String] = []
    private var instanceTokens: [String] = []
    private var instanceOrder: [Int] = []
    /// The subschema whose keywords are being evaluated, and the keyword
    /// tokens pushed since it began, for absolute locations.
    private var currentNode = 0
    private var relativeTokens: [String] = []
    private var saved: [(node: Int, relative: [String])] = []

    init(program: _SchemaProgram, keepsEverything: Bool) {
        self.program = program
        self.keepsEverything = keepsEverything
    }

    mutating func pushKeyword(_ token: String) {
        keywordTokens.append(token)
        relativeTokens.append(token)
    }

    mutating func pushKeyword(index: Int) {
        pushKeyword(String(index))
    }

    mutating func popKeyword() {
        keywordTokens.removeLast()
        relativeTokens.removeLast()
    }

    mutating func pushInstance(_ token: String, ordinal: Int) {
        guard contentDepth == 0 else { return }
        instanceTokens.append(token)
        instanceOrder.append(ordinal)
    }

    mutating func pushInstance(index: Int) {
        pushInstance(String(index), ordinal: index)
    }

    mutating func popInstance() {
        guard contentDepth == 0 else { return }
        instanceTokens.removeLast()
        instanceOrder.removeLast()
    }

    /// How many values held in strings (`contentSchema`) are being
    /// validated, one inside another: inside one, instance locations stay
    /// at the outermost string, the location in the instance. (Pushes and
    /// pops pair up inside a content value, so skipping both keeps them
    /// balanced.)
    private var contentDepth = 0

    mutating func beginContent() {
        contentDepth += 1
    }

    mutating func endContent() {
        contentDepth -= 1
    }

    /// Each subschema's absolute location, made once per validation: a
    /// deep schema's pointers are long, and a failing value nested as deep
    /// keeps a unit at every level.
    private var nodeLocations: [Int: String] = [:]

    /// Whether each resource has an absolute URI, found out when first
    /// needed: 0 not yet, 1 it has, 2 it has not.
    private var resourceKinds: [UInt8] = []

    private mutating func absoluteLocation(extra: String? = nil) -> String {
        if !keepsEverything {
            // The errors and the output formats leave out a location that
            // starts with `#`, one in a resource without an absolute URI:
            // spelling it out would only make pointers nobody reads. (Kept
            // whole when everything is kept: the annotations' tests read
            // the fragment.)
            let resource = Int(program.nodes.buffer[currentNode].resource)
            if resourceKinds.isEmpty { resourceKinds = Array(repeating: 0, count: program.resources.count) }
            if resourceKinds[resource] == 0 {
                resourceKinds[resource] = _URIReference(program.resources[resource].uri).scheme != nil ? 1 : 2
            }
            if resourceKinds[resource] == 2 { return "#" }
        }
        let prefix: String
        if let known = nodeLocations[currentNode] {
            prefix = known
        } else {
            let resource = Int(program.nodes.buffer[currentNode].resource)
            // Without an absolute URI (a schema without `$id`, or with a
            // relative one), the location is the fragment alone, which
            // reports leave out.
            let uri = program.resources[resource].uri
            let isAbsolute = _URIReference(uri).scheme != nil
            prefix = (isAbsolute ? uri : "") + program.fragment(of: currentNode)
            nodeLocations[currentNode] = prefix
        }
        var tokens = relativeTokens
        if let extra { tokens.append(extra) }
        guard !tokens.isEmpty else { return prefix }
        // Percent-encoding goes byte by byte, so the fragment of the joined
        // pointer is the node's fragment followed by the tokens'.
        return prefix + JSONPointer(tokens: tokens).uriFragment.dropFirst()
    }

    private mutating func append(_ keyword: String?, isKeyword: Bool) -> Int {
        units.append(
            _SchemaOutputUnit(keywordTokens: [], absoluteKeywordLocation: "", instanceTokens: [], instanceOrder: []))
        units[units.count - 1].isKeyword = isKeyword
        locate(units.count - 1, keyword: keyword)
        return units.count - 1
    }

    /// Gives a unit its locations, from the paths as they are now.
    private mutating func locate(_ unit: Int, keyword: String?) {
        var tokens = keywordTokens
        if let keyword { tokens.append(keyword) }
        units[unit].keywordTokens = tokens
        units[unit].absoluteKeywordLocation = absoluteLocation(extra: keyword)
        units[unit].instanceTokens = instanceTokens
        units[unit].instanceOrder = instanceOrder
    }

    /// Starts a unit whose locations are filled in when it ends, and only
    /// if it is kept: the paths are the same then, and most units of a
    /// validation are valid and dropped, so that copying the paths for each
    /// would cost time quadratic in the depth.
    private mutating func appendPending(keyword: String?, isKeyword: Bool) -> Int {
        units.append(
            _SchemaOutputUnit(keywordTokens: [], absoluteKeywordLocation: "", instanceTokens: [], instanceOrder: []))
        units[units.count - 1].isKeyword = isKeyword
        units[units.count - 1].pendingKeyword = keyword
        return units.count - 1
    }

    mutating func beginNode(_ node: Int) -> Int {
        saved.append((currentNode, relativeTokens))
        currentNode = node
        relativeTokens = []
        return appendPending(keyword: nil, isKeyword: false)
    }

    mutating func beginKeyword(_ keyword: String, hidesDetails: Bool) -> Int {
        let unit = appendPending(keyword: keyword, isKeyword: true)
        units[unit].hidesDetails = hidesDetails
        return unit
    }

    mutating func end(_ unit: Int, valid: Bool, error: String?) {
        let keeps = !valid || keepsEverything
        if keeps { locate(unit, keyword: units[unit].pendingKeyword) }
        if !units[unit].isKeyword, let (node, relative) = saved.popLast() {
            currentNode = node
            relativeTokens = relative
        }
        guard keeps else {
            units.removeSubrange(unit...)
            return
        }
        units[unit].valid = valid
        units[unit].error = valid ? nil : error
        units[unit].end = units.count
    }

    mutating func endUndecided(_ unit: Int, error: String?) {
        units[unit].isUndecided = true
        units[unit].hidesDetails = true
        end(unit, valid: false, error: error)
    }

    var keywordDepth: Int { keywordTokens.count }

    func keywordSteps(from depth: Int) -> String {
        // A keyword and the index or name that picks one of its subschemas
        // (`allOf/1`, `dependentSchemas/a`) make one step.
        let indexed: Set<String> = ["allOf", "anyOf", "oneOf", "dependentSchemas", "dependencies"]
        var steps: [String] = []
        var tokens = keywordTokens[min(depth, keywordTokens.count)...].makeIterator()
        while let token = tokens.next() {
            if indexed.contains(token), let index = tokens.next() {
                steps.append(token + "/" + _escapeToken(index))
            } else {
                steps.append(token)
            }
        }
        return steps.joined(separator: " → ")
    }

    mutating func fail(_ keyword: String?, _ message: String) {
        let unit = append(keyword, isKeyword: true)
        units[unit].valid = false
        units[unit].error = message
        units[unit].end = unit + 1
    }

    mutating func annotate(_ keyword: String, _ value: JSONValue) {
        guard keepsEverything else { return }
        let unit = append(keyword, isKeyword: true)
        units[unit].annotation = value
        units[unit].end = unit + 1
    }

    mutating func pass(_ keyword: String) {
        guard keepsEverything else { return }
        let unit = append(keyword, isKeyword: true)
        units[unit].end = unit + 1
    }
}

extension _SchemaOutputBuilder {
    /// A builder whose units start at these locations: the keyword path to
    /// the subschema evaluated first, and the instance location with the
    /// positions of its members and items. The streaming validator reports
    /// a subschema applied deep in a value this way.
    init(program: _SchemaProgram, keywordPrefix: [String], instanceTokens: [String], instanceOrder: [Int]) {
        self.init(program: program, keepsEverything: false)
        keywordTokens = keywordPrefix
        self.instanceTokens = instanceTokens
        self.instanceOrder = instanceOrder
    }

    /// The absolute location of a keyword of subschema `node`, `relative`
    /// being the tokens from the node to it; `nil` when the node's resource
    /// has no absolute URI (as ``JSONSchema/ValidationError`` reports it).
    static func absoluteKeywordLocation(program: _SchemaProgram, node: Int, relative: [String]) -> String? {
        let resource = Int(program.nodes.buffer[node].resource)
        let uri = program.resources[resource].uri
        guard _URIReference(uri).scheme != nil else { return nil }
        let prefix = uri + program.fragment(of: node)
        guard !relative.isEmpty else { return prefix }
        return prefix + JSONPointer(tokens: relative).uriFragment.dropFirst()
    }
}

#endif
