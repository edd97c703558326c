#if JSONSchema

/// A compiled schema as validation runs it: every subschema that can be
/// reached, as nodes that refer to one another by index (references, and
/// cycles of them, are plain edges), each a run of checks.
///
/// Everything the fast path reads is trivial to copy: nodes and checks hold
/// numbers and indices into the program's tables, never arrays or strings of
/// their own, so stepping through them costs no reference counting. The
/// tables live in buffers that the program allocates once and frees when it
/// goes; it never changes them, so one program serves any number of threads
/// at once.
final class _SchemaProgram: @unchecked Sendable {
    /// One subschema.
    struct Node {
        var shape: _SchemaNode.Shape
        var checkStart: Int32
        /// Where the fast path starts: after a first check of `type`,
        /// which it has done already with ``types``.
        var fastCheckStart: Int32
        var checkCount: Int32
        var resource: Int32
        /// See ``_SchemaNode/tracksEvaluation``.
        var tracksEvaluation: Bool
        /// Whether the checks apply no subschema that could recurse: every
        /// child is `true`, `false` or a bare `type`, which callers test
        /// inline. Such a node cannot nest deeper, enter a resource or need
        /// marks, so the fast path runs its checks directly.
        var isLeaf: Bool = false
        /// The types the node's `type` allows (every type without one): the
        /// fast path refuses other values before running any check. (Beside
        /// the Booleans, so that a node takes 32 bytes.)
        var types: _SchemaTypes = .all
        /// The node this one stands for, when it is only a `$ref` (as every
        /// draft-04 to -07 `$ref` is): the fast path goes straight there.
        /// -1 otherwise, and always when the dynamic scope is tracked.
        ///
        /// -2 or less when the node is only a `oneOf` or `anyOf` (perhaps
        /// with a `type`) whose branches accept disjoint JSON types: the
        /// fast path then goes straight to the one branch that can hold for
        /// the value's type, through a ``typeDispatch`` entry that starts
        /// at `-2 - alias` in ``nodeLists``.
        var alias: Int32 = -1
        /// For a node on a cycle of subschemas applied in place: its index
        /// among those nodes, where validation marks the value it is being
        /// applied to, so as to notice when the cycle comes back to it for
        /// the same value. -1 for every other node, which checks nothing.
        var cycleSlot: Int32 = -1
    }

    /// `properties`, `patternProperties` and `additionalProperties`: ranges
    /// of ``names``/``nodeLists`` (the named properties, in the schema's
    /// order) and of ``patternNodes``.
    struct Properties {
        var namedStart: Int32
        var namedCount: Int32
        var patternStart: Int32
        var patternCount: Int32
        /// The node of `additionalProperties`, or -1.
        var additional: Int32
        /// Where the hash table of the named properties starts in
        /// ``nameSlots``, or -1 when there are few enough to compare one by
        /// one (or when members need not be looked up by name).
        var lookup: Int32
        /// The table's slot count minus one.
        var lookupMask: Int32
    }

    /// `prefixItems`/`items` (or `items`/`additionalItems`).
    struct Items {
        var prefixStart: Int32
        var prefixCount: Int32
        /// The node applied to the items after the prefix, or -1.
        var rest: Int32
        /// Whether the keywords are draft-04 to 2019-09's `items` (array)
        /// and `additionalItems`.
        var isLegacy: Bool
        /// The types of ``rest`` when it is only a `type` (`"items":
        /// {"type": "number"}`), which the fast path tests inline; `nil`
        /// otherwise.
        var restTypes: _SchemaTypes?
    }

    /// A ``_SchemaDiscriminator`` as the fast path reads it: indices only,
    /// so that reading it retains nothing.
    struct Discriminator {
        /// The property, as an index into ``names``.
        var name: Int32
        /// See ``_SchemaDiscriminator/parentRequires``.
        var parentRequires: Bool
        /// When every pinned value is a string: the values; value `i`'s
        /// branches are ``discriminatorCases``[`casesStart + i`]. A count
        /// of 0 otherwise.
        var values: NameSet
        var casesStart: Int32
        /// The branches that pin nothing, which always run: a range of
        /// ``nodeLists``.
        var othersStart: Int32
        var othersCount: Int32
        /// The index in ``keyedDiscriminators`` when the pinned values are
        /// not all strings, or -1.
        var keyed: Int32
    }

    /// A pattern that is a literal anchored at the start: see
    /// ``patternLiterals``.
    struct PatternLiteral {
        /// The literal, as an index into ``names``, or -1.
        var name: Int32
        /// Whether the pattern ends with `$`, so that the name must be the
        /// literal itself.
        var wholeString: Bool
    }

    /// `dependentRequired`: a name, and a range of ``names``.
    struct Dependency {
        var name: Int32
        var requiredStart: Int32
        var requiredCount: Int32
    }

    let nodes: _SchemaBuffer<Node>
    let checks: _SchemaBuffer<_SchemaCheck>
    let values: _SchemaBuffer<JSONValue>
    /// For each of ``values``: its index in ``names`` when it is a string,
    /// else -1, so that `const` compares a string's bytes.
    let valueNames: _SchemaBuffer<Int32>
    let enumerations: _SchemaBuffer<_SchemaEnumeration>
    /// For each of ``enumerations``: its values as names when all are
    /// strings, so that `enum` looks a string up by its bytes; a count of
    /// -1 otherwise.
    let enumerationNames: _SchemaBuffer<NameSet>

    /// A range of ``names``, looked up one by one or, past
    /// ``linearLookupLimit`` names, through the hash table at `lookup` in
    /// ``nameSlots`` (-1 for none).
    struct NameSet {
        var start: Int32
        var count: Int32
        var lookup: Int32
        var lookupMask: Int32
    }
    let patterns: _SchemaBuffer<_SchemaPattern>
    /// Each of ``patterns``' compiled regex, unretained (``patterns`` keeps
    /// it), so that matching retains nothing.
    let matchers: _SchemaBuffer<Unmanaged<_CompiledRegex>>
    /// For each of ``patterns``: when it is `^` and literal characters,
    /// perhaps with `$` (`^x-`), the literal as an index into ``names``,
    /// which the fast path compares with a name's first bytes; else -1.
    let patternLiterals: _SchemaBuffer<PatternLiteral>
    let names: _SchemaBuffer<String>
    /// The hash of each of ``names`` as ``JSONObject`` looks names up, so
    /// that a lookup does not hash the name again.
    let nameHashes: _SchemaBuffer<Int>
    /// The ``_SchemaNameKey`` of each of ``names``, which lookups compare
    /// instead of the names' bytes.
    let nameKeys: _SchemaBuffer<_SchemaNameKey>
    /// The UTF-8 bytes of all ``names`` end to end, and where each starts
    /// (with the end as a last entry), so that a lookup compares bytes
    /// without taking them out of a `String` each time.
    let nameBytes: _SchemaBuffer<UInt8>
    let nameStarts: _SchemaBuffer<Int32>
    /// For each of ``names``: ``requiredByProperties`` on a name of
    /// `properties` that `required` also lists, ``checkedByProperties`` on
    /// such a name of `required`. The fast path then checks the name once,
    /// in `properties`, instead of looking it up twice.
    let nameFlags: _SchemaBuffer<UInt8>
    /// The most named properties looked up one by one, by their bytes,
    /// rather than through a hash table.
    static let linearLookupLimit = 8
    static let requiredByProperties: UInt8 = 1
    static let checkedByProperties: UInt8 = 2
    let nodeLists: _SchemaBuffer<Int32>
    let properties: _SchemaBuffer<Properties>
    /// Pairs of a pattern (in ``patterns``) and its node.
    let patternNodes: _SchemaBuffer<(pattern: Int32, node: Int32)>
    /// Open-addressing tables of named properties: each slot holds an
    /// offset into the property's names plus one, or 0 for an empty slot.
    let nameSlots: _SchemaBuffer<Int32>
    let dependencies: _SchemaBuffer<Dependency>
    let dynamicReferences: _SchemaBuffer<_SchemaDynamicReference>
    let discriminators: _SchemaBuffer<Discriminator>
    /// The branches each string value of a discriminator pins: ranges of
    /// ``nodeLists``.
    let discriminatorCases: _SchemaBuffer<(start: Int32, count: Int32)>
    /// The one allocation that holds every table above, freed (after the
    /// tables are deinitialized) with the program.
    private let storage: UnsafeMutableRawPointer
    /// The branches' nodes by pinned value, for discriminators whose values
    /// are not all strings.
    let keyedDiscriminators: [[_SchemaValueKey: [Int32]]]

    /// For reports only: each node's pointer inside its resource (written
    /// out by ``pointer(of:)``), and its
    /// annotations: those of every node end to end, and each node's range
    /// of them (no ranges when no node has annotations).
    let pointers: _SchemaNodePointers
    let annotations: [(keyword: String, value: JSONValue)]
    let annotationRanges: [Range<Int>]
    let resources: [_SchemaResource]
    let root: Int
    /// Whether some `$dynamicRef` or `$recursiveRef` must look at the
    /// dynamic scope, which is then tracked while validating.
    let usesDynamicScope: Bool
    /// How many nodes lie on cycles of subschemas applied in place: the
    /// range of ``Node/cycleSlot``.
    let cycleNodeCount: Int
    /// What streaming validation needs of each node, made when first
    /// needed and shared by every validator of the program (see
    /// `_SchemaStream.Plan`).
    let streamPlans: _SchemaStreamPlans

    /// Lowers the compiler's nodes into a program, each node's keywords in
    /// one pass; the nodes' pointers and annotations are the compiler's
    /// tables, taken as they are.
    init(
        nodes compiled: [_SchemaNode], keywords: [_SchemaKeyword], pointers: _SchemaNodePointers,
        annotations: [(keyword: String, value: JSONValue)], resources: [_SchemaResource], root: Int,
        usesDynamicScope: Bool
    ) {
        var tables = Tables(compiled: compiled, keywords: keywords)
        tables.reserveRoom()
        var nodes: [Node] = []
        nodes.reserveCapacity(compiled.count)
        var cycleNodeCount = 0
        for index in compiled.indices {
            let start = Int32(tables.checks.count)
            let tracksEvaluation = compiled[index].tracksEvaluation
            let isOnInPlaceCycle = compiled[index].isOnInPlaceCycle
            // A node that tracks evaluation or lies on a cycle is never a
            // leaf; for the others, every keyword must have only leaves as
            // children.
            var isLeaf = !tracksEvaluation && !isOnInPlaceCycle
            // (`required` comes before `anyOf` and `oneOf` in a node's
            // keywords, so that their discriminators know its names.)
            tables.required = []
            // Noted as the keywords go by, rather than by reading the
            // node's checks again (a tenth of lowering a small schema).
            var types = _SchemaTypes.all
            var hasRequired = false
            var hasProperties = false
            for keyword in keywords[compiled[index].keywords] {
                tables.checks.append(tables.lower(keyword))
                switch keyword {
                case .type(let checked): types = checked
                case .required: hasRequired = true
                case .properties: hasProperties = true
                default: break
                }
                if isLeaf {
                    // The scope a dynamic reference resolves in is tracked
                    // only on the full path.
                    if case .dynamicReference = keyword {
                        isLeaf = false
                    } else {
                        isLeaf = Self.allChildren(of: keyword) { child in
                            switch compiled[child].shape {
                            case .general: false
                            case .alwaysValid, .alwaysInvalid, .typeOnly: true
                            }
                        }
                    }
                }
            }
            if hasRequired && hasProperties { tables.foldRequiredIntoProperties(from: Int(start)) }
            let startsWithType =
                if Int(start) < tables.checks.count, case .type = tables.checks[Int(start)] { true } else { false }
            var node = Node(
                shape: compiled[index].shape, checkStart: start, fastCheckStart: start + (startsWithType ? 1 : 0),
                checkCount: Int32(tables.checks.count) - start,
                resource: Int32(compiled[index].resource), tracksEvaluation: tracksEvaluation)
            node.types = types
            node.isLeaf = isLeaf
            if isOnInPlaceCycle {
                node.cycleSlot = Int32(cycleNodeCount)
                cycleNodeCount += 1
            }
            nodes.append(node)
        }
        if !usesDynamicScope {
            for index in nodes.indices {
                // Follow chains of bare references to their end, or to a
                // node on a cycle, which must be evaluated to be watched.
                var target = index
                var hops = 0
                while nodes[target].cycleSlot < 0, nodes[target].checkCount == 1,
                    case .reference(let next) = tables.checks[Int(nodes[target].checkStart)], hops < nodes.count
                {
                    target = Int(next)
                    hops += 1
                }
                if target != index { nodes[index].alias = Int32(target) }
            }
            for index in nodes.indices {
                guard let start = tables.typeDispatch(of: index, among: nodes) else { continue }
                nodes[index].alias = -2 - start
            }
        }
        // Every table in one allocation, laid out once the counts are
        // known: a buffer object and an allocation for each table (some
        // twenty) were a tenth of compiling and freeing a small schema.
        let names = tables.names
        var byteCount = 0
        for name in names { byteCount += name.utf8.count }
        var layout = _SchemaTableLayout()
        let nodesSlot = layout.place(nodes)
        let checksSlot = layout.place(tables.checks)
        let valuesSlot = layout.place(tables.values)
        let valueNamesSlot = layout.place(tables.valueNames)
        let enumerationsSlot = layout.place(tables.enumerations)
        let enumerationNamesSlot = layout.place(tables.enumerationNames)
        let patternsSlot = layout.place(tables.patterns)
        let matchersSlot = layout.place(Unmanaged<_CompiledRegex>.self, tables.patterns.count)
        let patternLiteralsSlot = layout.place(tables.patternLiterals)
        let namesSlot = layout.place(names)
        let nameHashesSlot = layout.place(Int.self, names.count)
        let nameKeysSlot = layout.place(_SchemaNameKey.self, names.count)
        let nameBytesSlot = layout.place(UInt8.self, byteCount)
        let nameStartsSlot = layout.place(Int32.self, names.count + 1)
        let nameFlagsSlot = layout.place(UInt8.self, names.count)
        let nodeListsSlot = layout.place(tables.nodeLists)
        let propertiesSlot = layout.place(tables.properties)
        let patternNodesSlot = layout.place(tables.patternNodes)
        let nameSlotsSlot = layout.place(tables.nameSlots)
        let dependenciesSlot = layout.place(tables.dependencies)
        let dynamicReferencesSlot = layout.place(tables.dynamicReferences)
        let discriminatorsSlot = layout.place(tables.discriminators)
        let discriminatorCasesSlot = layout.place(tables.discriminatorCases)
        let storage = layout.allocate()
        self.storage = storage
        self.nodes = _SchemaBuffer(nodes, nodesSlot, in: storage)
        checks = _SchemaBuffer(tables.checks, checksSlot, in: storage)
        values = _SchemaBuffer(tables.values, valuesSlot, in: storage)
        valueNames = _SchemaBuffer(tables.valueNames, valueNamesSlot, in: storage)
        enumerations = _SchemaBuffer(tables.enumerations, enumerationsSlot, in: storage)
        enumerationNames = _SchemaBuffer(tables.enumerationNames, enumerationNamesSlot, in: storage)
        patterns = _SchemaBuffer(tables.patterns, patternsSlot, in: storage)
        matchers = _SchemaBuffer(matchersSlot, in: storage) {
            Unmanaged.passUnretained(tables.patterns[$0].regex.matcher)
        }
        patternLiterals = _SchemaBuffer(tables.patternLiterals, patternLiteralsSlot, in: storage)
        self.names = _SchemaBuffer(names, namesSlot, in: storage)
        // Each name's hash, key and bytes from one look at its bytes,
        // written in place.
        let hashes = _SchemaBuffer<Int>(uninitialized: nameHashesSlot, in: storage)
        let keys = _SchemaBuffer<_SchemaNameKey>(uninitialized: nameKeysSlot, in: storage)
        let bytes = _SchemaBuffer<UInt8>(uninitialized: nameBytesSlot, in: storage)
        let starts = _SchemaBuffer<Int32>(uninitialized: nameStartsSlot, in: storage)
        var written = 0
        for (index, name) in names.enumerated() {
            starts.initialize(index, to: Int32(written))
            _MemberTable.withBytes(of: name) { text in
                hashes.initialize(index, to: _MemberTable.hash(text))
                keys.initialize(index, to: _SchemaNameKey(text))
                if let source = text.baseAddress, !text.isEmpty {
                    bytes.initialize(written, from: source, count: text.count)
                }
                written += text.count
            }
        }
        starts.initialize(names.count, to: Int32(written))
        nameHashes = hashes
        nameKeys = keys
        nameBytes = bytes
        nameStarts = starts
        let flagged = tables.nameFlags
        nameFlags = _SchemaBuffer(nameFlagsSlot, in: storage) { $0 < flagged.count ? flagged[$0] : 0 }
        nodeLists = _SchemaBuffer(tables.nodeLists, nodeListsSlot, in: storage)
        properties = _SchemaBuffer(tables.properties, propertiesSlot, in: storage)
        patternNodes = _SchemaBuffer(tables.patternNodes, patternNodesSlot, in: storage)
        nameSlots = _SchemaBuffer(tables.nameSlots, nameSlotsSlot, in: storage)
        dependencies = _SchemaBuffer(tables.dependencies, dependenciesSlot, in: storage)
        dynamicReferences = _SchemaBuffer(tables.dynamicReferences, dynamicReferencesSlot, in: storage)
        discriminators = _SchemaBuffer(tables.discriminators, discriminatorsSlot, in: storage)
        discriminatorCases = _SchemaBuffer(tables.discriminatorCases, discriminatorCasesSlot, in: storage)
        keyedDiscriminators = tables.keyedDiscriminators
        self.pointers = pointers
        self.annotations = annotations
        annotationRanges = annotations.isEmpty ? [] : compiled.map(\.annotations)
        self.resources = resources
        self.root = root
        self.usesDynamicScope = usesDynamicScope
        self.cycleNodeCount = cycleNodeCount
        streamPlans = _SchemaStreamPlans(count: compiled.count)
    }

    deinit {
        // (Tables of trivial elements need no deinitializing, and these
        // calls cost them nothing.)
        nodes.deinitialize()
        checks.deinitialize()
        values.deinitialize()
        valueNames.deinitialize()
        enumerations.deinitialize()
        enumerationNames.deinitialize()
        patterns.deinitialize()
        matchers.deinitialize()
        patternLiterals.deinitialize()
        names.deinitialize()
        nameHashes.deinitialize()
        nameKeys.deinitialize()
        nameBytes.deinitialize()
        nameStarts.deinitialize()
        nameFlags.deinitialize()
        nodeLists.deinitialize()
        properties.deinitialize()
        patternNodes.deinitialize()
        nameSlots.deinitialize()
        dependencies.deinitialize()
        dynamicReferences.deinitialize()
        discriminators.deinitialize()
        discriminatorCases.deinitialize()
        storage.deallocate()
    }

    /// The URI fragment of a node's JSON Pointer inside its resource
    /// (`#/$defs/point`).
    func fragment(of node: Int) -> String {
        JSONPointer(tokens: pointers.tokens(of: node)).uriFragment
    }

    /// The annotations of a node.
    func annotations(of node: Int) -> ArraySlice<(keyword: String, value: JSONValue)> {
        annotationRanges.isEmpty ? [] : annotations[annotationRanges[node]]
    }

    /// Whether every subschema that a keyword applies satisfies
    /// `predicate`, without making an array of them
    /// (which cost each keyword an allocation while lowering).
    static func allChildren(of keyword: _SchemaKeyword, _ predicate: (Int) -> Bool) -> Bool {
        switch keyword {
        case .allOf(let nodes), .anyOf(let nodes), .oneOf(let nodes): return nodes.allSatisfy(predicate)
        case .not(let node), .propertyNames(let node), .reference(let node), .unevaluatedItems(let node),
            .unevaluatedProperties(let node):
            return predicate(node)
        case .dependentSchemas(_, let entries): return entries.allSatisfy { predicate($0.node) }
        case .conditional(let condition, let then, let otherwise):
            return predicate(condition) && (then.map(predicate) ?? true) && (otherwise.map(predicate) ?? true)
        case .properties(let properties):
            return properties.named.allSatisfy { predicate($0.node) }
                && properties.patterns.allSatisfy { predicate($0.node) }
                && (properties.additional.map(predicate) ?? true)
        case .items(let items): return items.prefix.allSatisfy(predicate) && (items.rest.map(predicate) ?? true)
        case .contains(let contains): return predicate(contains.node)
        case .dynamicReference(let reference): return predicate(reference.target)
        case .content(let content): return content.schema >= 0 ? predicate(Int(content.schema)) : true
        default: return true
        }
    }

    /// The tables as they are filled.
    private struct Tables {
        let compiled: [_SchemaNode]
        let keywords: [_SchemaKeyword]
        /// The names that the node being lowered requires.
        var required: [String] = []
        var checks: [_SchemaCheck] = []
        var discriminators: [Discriminator] = []
        var discriminatorCases: [(start: Int32, count: Int32)] = []
        var keyedDiscriminators: [[_SchemaValueKey: [Int32]]] = []
        var values: [JSONValue] = []
        var valueNames: [Int32] = []
        var enumerations: [_SchemaEnumeration] = []
        var enumerationNames: [NameSet] = []
        var patterns: [_SchemaPattern] = []
        var patternLiterals: [PatternLiteral] = []
        var names: [String] = []
        var nodeLists: [Int32] = []
        var properties: [Properties] = []
        var patternNodes: [(pattern: Int32, node: Int32)] = []
        var nameSlots: [Int32] = []
        var dependencies: [Dependency] = []
        var dynamicReferences: [_SchemaDynamicReference] = []
        var nameFlags: [UInt8] = []

        /// Makes room in the tables for what the keywords add to them, as
        /// far as it is known before lowering them: grown one element at a
        /// time, the tables were reallocated a dozen times for a small
        /// schema.
        mutating func reserveRoom() {
            var nameCount = 0
            var listCount = 0
            for keyword in keywords {
                switch keyword {
                case .required(let required): nameCount += required.count
                case .enumeration(let enumeration): nameCount += enumeration.values.count
                case .constant, .pattern: nameCount += 1
                case .properties(let properties):
                    nameCount += properties.named.count + properties.patterns.count
                    listCount += properties.named.count
                case .dependentRequired(_, let entries):
                    for entry in entries { nameCount += 1 + entry.required.count }
                case .dependentSchemas(_, let entries):
                    nameCount += entries.count
                    listCount += entries.count
                case .allOf(let nodes): listCount += nodes.count
                case .anyOf(let nodes), .oneOf(let nodes):
                    // The branches, and a discriminator's name, values and
                    // lists of branches.
                    nameCount += 1 + nodes.count
                    listCount += 2 * nodes.count
                case .items(let items): listCount += items.prefix.count
                default: break
                }
            }
            checks.reserveCapacity(keywords.count)
            names.reserveCapacity(nameCount)
            nodeLists.reserveCapacity(listCount)
        }

        /// Marks the names that a node's `required` and `properties` (without
        /// `patternProperties` or `additionalProperties`) share, so that the
        /// fast path looks each up once: a missing one fails `properties`.
        mutating func foldRequiredIntoProperties(from start: Int) {
            var required: (start: Int32, count: Int32)?
            var named: Properties?
            for check in checks[start...] {
                switch check {
                case .required(let first, let count): required = (first, count)
                case .properties(let index, _): named = properties[Int(index)]
                default: break
                }
            }
            guard let required, let named, named.patternCount == 0, named.additional < 0 else { return }
            if nameFlags.count < names.count { nameFlags += repeatElement(0, count: names.count - nameFlags.count) }
            let namedRange = Int(named.namedStart)..<Int(named.namedStart + named.namedCount)
            let requiredRange = Int(required.start)..<Int(required.start + required.count)
            if namedRange.count <= 16 || requiredRange.count <= 2 {
                // Few enough to compare one by one, by their bytes (so that
                // look-alike names stay apart), which is quicker than
                // making a table (a tenth of compiling CITM's schema).
                for index in requiredRange {
                    // The last match, as the table below keeps.
                    guard let match = namedRange.last(where: { _sameBytes(names[$0], names[index]) }) else {
                        continue
                    }
                    nameFlags[match] |= _SchemaProgram.requiredByProperties
                    nameFlags[index] |= _SchemaProgram.checkedByProperties
                }
                return
            }
            // Names by their bytes, so that look-alike names stay apart.
            var propertyNames: [[UInt8]: Int] = [:]
            for index in namedRange {
                propertyNames[Array(names[index].utf8)] = index
            }
            for index in requiredRange {
                guard let match = propertyNames[Array(names[index].utf8)] else { continue }
                nameFlags[match] |= _SchemaProgram.requiredByProperties
                nameFlags[index] |= _SchemaProgram.checkedByProperties
            }
        }

        /// Adds a pattern and its anchored literal, if it has one; returns
        /// its index in ``patterns``.
        mutating func pattern(_ pattern: _SchemaPattern) -> Int32 {
            patterns.append(pattern)
            var literal = PatternLiteral(name: -1, wholeString: false)
            if let (bytes, wholeString) = pattern.regex.matcher.anchoredLiteral {
                literal = PatternLiteral(
                    name: name(String(decoding: bytes, as: UTF8.self)), wholeString: wholeString)
            }
            patternLiterals.append(literal)
            return Int32(patterns.count - 1)
        }

        mutating func list(_ nodes: [Int]) -> (start: Int32, count: Int32) {
            let start = Int32(nodeLists.count)
            // One by one, without an array of the converted indices.
            for node in nodes { nodeLists.append(Int32(node)) }
            return (start, Int32(nodes.count))
        }

        /// Adds one name; returns its index in ``names``. (Without an array
        /// of one, which ``strings(_:)`` would need.)
        mutating func name(_ name: String) -> Int32 {
            names.append(name)
            return Int32(names.count - 1)
        }

        mutating func strings(_ strings: [String]) -> (start: Int32, count: Int32) {
            let start = Int32(names.count)
            names += strings
            return (start, Int32(strings.count))
        }

        /// Where a node's ``_SchemaProgram/Node/alias`` entry of the type
        /// dispatch starts in ``nodeLists``, if the node is only a `oneOf`
        /// or `anyOf` (after a `type`, perhaps) whose branches accept
        /// disjoint JSON types, for at least one of them; `nil` otherwise.
        ///
        /// The entry holds, for each ``_SchemaTypeKind``, the node that the
        /// fast path evaluates for a value of that kind: the one branch that
        /// may accept it (a `$ref` already followed), as the others refuse
        /// the value whatever it is, so that both `oneOf` and `anyOf` come
        /// to that branch's result; -1, a failure, when the node's `type` or
        /// every branch refuses the kind; or the node itself, evaluated as
        /// usual, when more than one branch may accept the kind, or the
        /// node's `type` accepts only some of its values (`integer`, of
        /// numbers).
        ///
        /// A node that tracks evaluated members or items, or lies on a cycle
        /// of in-place subschemas (which must be evaluated to be watched),
        /// dispatches nothing. Branches are judged by their `type`, `const`
        /// and `enum`.
        mutating func typeDispatch(of id: Int, among nodes: [Node]) -> Int32? {
            let node = nodes[id]
            guard node.alias == -1, node.cycleSlot < 0, !node.tracksEvaluation, case .general = node.shape,
                node.checkStart &+ node.checkCount &- node.fastCheckStart == 1
            else { return nil }
            let branches: Range<Int>
            switch checks[Int(node.fastCheckStart)] {
            case .oneOf(let start, let count, _), .anyOf(let start, let count, _):
                branches = Int(start)..<Int(start + count)
            default:
                return nil
            }
            var entry = [Int32](repeating: -1, count: _SchemaTypeKind.count)
            var dispatches = false
            for kind in 0..<_SchemaTypeKind.count {
                let accepted = _SchemaTypeKind.acceptance(of: kind, by: node.types)
                if accepted == .none { continue }
                entry[kind] = Int32(id)
                if accepted == .some { continue }
                var possible: Int32 = -1
                var count = 0
                for list in branches where kinds(of: Int(nodeLists[list]), among: nodes) & (1 << kind) != 0 {
                    possible = nodeLists[list]
                    count += 1
                }
                if count > 1 { continue }
                if possible >= 0, nodes[Int(possible)].alias >= 0 { possible = nodes[Int(possible)].alias }
                entry[kind] = possible
                dispatches = true
            }
            guard dispatches else { return nil }
            let start = Int32(nodeLists.count)
            nodeLists += entry
            return start
        }

        /// The ``_SchemaTypeKind``s of the values that node `id` may accept,
        /// as bits: what its `type`, `const` and `enum` allow (a `$ref`
        /// that is the whole node followed).
        private func kinds(of id: Int, among nodes: [Node]) -> Int {
            var node = nodes[id]
            if node.alias >= 0 { node = nodes[Int(node.alias)] }
            switch node.shape {
            case .alwaysValid: return _SchemaTypeKind.all
            case .alwaysInvalid: return 0
            case .typeOnly(let types): return _SchemaTypeKind.kinds(of: types)
            case .general: break
            }
            var kinds = _SchemaTypeKind.kinds(of: node.types)
            for check in checks[Int(node.checkStart)..<Int(node.checkStart &+ node.checkCount)] {
                switch check {
                case .constant(let index):
                    kinds &= 1 << _SchemaTypeKind.kind(of: values[Int(index)])
                case .enumeration(let index):
                    var allowed = 0
                    for value in enumerations[Int(index)].values { allowed |= 1 << _SchemaTypeKind.kind(of: value) }
                    kinds &= allowed
                default:
                    break
                }
            }
            return kinds
        }

        /// The index of a discriminator for these branches, or -1.
        mutating func discriminator(_ nodes: [Int]) -> Int32 {
            guard
                case (let name, let found)? = _SchemaDiscriminator.find(
                    in: nodes, parentRequired: required, compiled: compiled, keywords: keywords)
            else { return -1 }
            let others = list(found.others.map { nodes[Int($0)] })
            var lowered = Discriminator(
                name: self.name(name), parentRequires: found.parentRequires,
                values: NameSet(start: 0, count: 0, lookup: -1, lookupMask: 0), casesStart: -1,
                othersStart: others.start, othersCount: others.count, keyed: -1)
            if let pinned = found.strings {
                lowered.values = nameSet(pinned.map(\.value))
                lowered.casesStart = Int32(discriminatorCases.count)
                for (_, branches) in pinned { discriminatorCases.append(list(branches.map { nodes[Int($0)] })) }
            } else {
                keyedDiscriminators.append(found.branches.mapValues { $0.map { Int32(nodes[Int($0)]) } })
                lowered.keyed = Int32(keyedDiscriminators.count - 1)
            }
            discriminators.append(lowered)
            return Int32(discriminators.count - 1)
        }

        /// An open-addressing table of the names at `range` of ``names``
        /// in ``nameSlots``: where it starts, and its slot count minus one.
        mutating func lookupTable(_ range: Range<Int>) -> (start: Int32, mask: Int32) {
            var size = 16
            while size < range.count * 2 { size <<= 1 }
            let start = nameSlots.count
            nameSlots += repeatElement(0, count: size)
            for offset in range {
                var slot = _MemberTable.withBytes(of: names[offset], _schemaNameHash) & (size - 1)
                while nameSlots[start + slot] != 0 { slot = (slot + 1) & (size - 1) }
                nameSlots[start + slot] = Int32(offset - range.lowerBound + 1)
            }
            return (Int32(start), Int32(size - 1))
        }

        mutating func value(_ value: JSONValue) -> Int32 {
            values.append(value)
            if case .string(let string) = value {
                valueNames.append(name(string))
            } else {
                valueNames.append(-1)
            }
            return Int32(values.count - 1)
        }

        /// `strings` as a ``NameSet``, with a hash table if there are many.
        mutating func nameSet(_ strings: [String]) -> NameSet {
            let start = names.count
            names += strings
            return nameSet(from: start)
        }

        /// The names from `start` to the end of ``names`` as a
        /// ``NameSet``, with a hash table if there are many.
        mutating func nameSet(from start: Int) -> NameSet {
            let range = start..<names.count
            var set = NameSet(start: Int32(start), count: Int32(range.count), lookup: -1, lookupMask: 0)
            if range.count > _SchemaProgram.linearLookupLimit { (set.lookup, set.lookupMask) = lookupTable(range) }
            return set
        }

        mutating func lower(_ keyword: _SchemaKeyword) -> _SchemaCheck {
            switch keyword {
            case .type(let types): return .type(types)
            case .enumeration(let enumeration):
                enumerations.append(enumeration)
                // Without an array of the strings first: most enumerations
                // are of strings alone.
                let allStrings =
                    !enumeration.values.isEmpty
                    && enumeration.values.allSatisfy { if case .string = $0 { true } else { false } }
                if allStrings {
                    let start = names.count
                    for case .string(let string) in enumeration.values { names.append(string) }
                    enumerationNames.append(nameSet(from: start))
                } else {
                    enumerationNames.append(NameSet(start: 0, count: -1, lookup: -1, lookupMask: 0))
                }
                return .enumeration(Int32(enumerations.count - 1))
            case .constant(let value): return .constant(self.value(value))
            case .multipleOf(let decimal, let written): return .multipleOf(decimal, self.value(written))
            case .bound(let bound): return .bound(bound)
            case .minLength(let limit): return .minLength(limit)
            case .maxLength(let limit): return .maxLength(limit)
            case .pattern(let pattern):
                return .pattern(self.pattern(pattern))
            case .minItems(let limit): return .minItems(limit)
            case .maxItems(let limit): return .maxItems(limit)
            case .uniqueItems: return .uniqueItems
            case .minProperties(let limit): return .minProperties(limit)
            case .maxProperties(let limit): return .maxProperties(limit)
            case .required(let required):
                self.required = required
                let (start, count) = strings(required)
                return .required(start: start, count: count)
            case .dependentRequired(let keyword, let entries):
                let start = Int32(dependencies.count)
                for (name, required) in entries {
                    let nameIndex = self.name(name)
                    let (requiredStart, requiredCount) = strings(required)
                    dependencies.append(
                        Dependency(name: nameIndex, requiredStart: requiredStart, requiredCount: requiredCount))
                }
                return .dependentRequired(
                    start: start, count: Int32(entries.count), isLegacy: keyword == "dependencies")
            case .dependentSchemas(let keyword, let entries):
                let (namesStart, count) = strings(entries.map(\.name))
                let nodesStart = list(entries.map(\.node)).start
                return .dependentSchemas(
                    names: namesStart, nodes: nodesStart, count: count, isLegacy: keyword == "dependencies")
            case .properties(let properties):
                // Names and nodes in one pass, without arrays of either.
                let namedStart = names.count
                let nodesStart = Int32(nodeLists.count)
                for (name, node) in properties.named {
                    names.append(name)
                    nodeLists.append(Int32(node))
                }
                // (Before the patterns, whose literals are names too.)
                let namedRange = namedStart..<names.count
                let patternStart = Int32(patternNodes.count)
                for (pattern, node) in properties.patterns {
                    patternNodes.append((self.pattern(pattern), Int32(node)))
                }
                var lookup: Int32 = -1
                var lookupMask: Int32 = 0
                let needsLookup = !properties.patterns.isEmpty || properties.additional != nil
                if needsLookup && properties.named.count > _SchemaProgram.linearLookupLimit {
                    (lookup, lookupMask) = lookupTable(namedRange)
                }
                self.properties.append(
                    Properties(
                        namedStart: Int32(namedStart), namedCount: Int32(namedRange.count), patternStart: patternStart,
                        patternCount: Int32(properties.patterns.count), additional: Int32(properties.additional ?? -1),
                        lookup: lookup, lookupMask: lookupMask))
                return .properties(Int32(self.properties.count - 1), nodes: nodesStart)
            case .propertyNames(let node): return .propertyNames(Int32(node))
            case .items(let items):
                let (prefixStart, prefixCount) = list(items.prefix)
                return .items(
                    Items(
                        prefixStart: prefixStart, prefixCount: prefixCount, rest: Int32(items.rest ?? -1),
                        isLegacy: items.prefixKeyword == "items" || items.restKeyword == "additionalItems",
                        restTypes: items.rest.flatMap { rest in
                            if case .typeOnly(let types) = compiled[rest].shape { types } else { nil }
                        }))
            case .contains(let contains): return .contains(contains)
            case .allOf(let nodes):
                let (start, count) = list(nodes)
                return .allOf(start: start, count: count)
            case .anyOf(let nodes):
                let (start, count) = list(nodes)
                return .anyOf(start: start, count: count, discriminator: discriminator(nodes))
            case .oneOf(let nodes):
                let (start, count) = list(nodes)
                return .oneOf(start: start, count: count, discriminator: discriminator(nodes))
            case .not(let node): return .not(Int32(node))
            case .conditional(let condition, let then, let otherwise):
                return .conditional(if: Int32(condition), then: Int32(then ?? -1), else: Int32(otherwise ?? -1))
            case .reference(let node): return .reference(Int32(node))
            case .dynamicReference(let reference):
                dynamicReferences.append(reference)
                return .dynamicReference(Int32(dynamicReferences.count - 1))
            case .format(let format, _): return .format(format)
            case .content(let content): return .content(content)
            case .unevaluatedProperties(let node): return .unevaluatedProperties(Int32(node))
            case .unevaluatedItems(let node): return .unevaluatedItems(Int32(node))
            }
        }
    }
}

/// One check of a node: a keyword, or a few that work together, with
/// trivial payloads (indices into the program's tables).
enum _SchemaCheck {
    case type(_SchemaTypes)
    case constant(Int32)
    case enumeration(Int32)
    case multipleOf(_SchemaDecimal, Int32)
    case bound(_SchemaBound)
    case minLength(Int)
    case maxLength(Int)
    case pattern(Int32)
    case format(_Format)
    case content(_SchemaContent)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case minProperties(Int)
    case maxProperties(Int)
    case required(start: Int32, count: Int32)
    case dependentRequired(start: Int32, count: Int32, isLegacy: Bool)
    case dependentSchemas(names: Int32, nodes: Int32, count: Int32, isLegacy: Bool)
    /// A ``_SchemaProgram/Properties`` and where its named nodes start in
    /// ``_SchemaProgram/nodeLists``.
    case properties(Int32, nodes: Int32)
    case propertyNames(Int32)
    case items(_SchemaProgram.Items)
    case contains(_SchemaContains)
    case allOf(start: Int32, count: Int32)
    /// The branches, and a ``_SchemaDiscriminator`` or -1.
    case anyOf(start: Int32, count: Int32, discriminator: Int32)
    case oneOf(start: Int32, count: Int32, discriminator: Int32)
    case not(Int32)
    case conditional(if: Int32, then: Int32, else: Int32)
    case reference(Int32)
    case dynamicReference(Int32)
    case unevaluatedProperties(Int32)
    case unevaluatedItems(Int32)
}

/// A table of a program: elements in the program's one allocation (see
/// ``_SchemaTableLayout``), which never change and are freed with the
/// program, so that readers can keep a plain pointer to them without
/// retaining anything.
struct _SchemaBuffer<Element> {
    let buffer: UnsafeBufferPointer<Element>

    /// The elements of the table at `slot` of `storage`, not yet
    /// initialized: each must be, with ``initialize(_:to:)`` or
    /// ``initialize(_:from:count:)``, before the table is read.
    init(uninitialized slot: _SchemaTableLayout.Slot, in storage: UnsafeMutableRawPointer) {
        guard slot.count > 0 else {
            // An empty table's start, aligned and never read, written or
            // freed (half the tables of most schemas are empty).
            buffer = UnsafeBufferPointer(
                start: UnsafePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped, count: 0)
            return
        }
        let start = (storage + slot.offset).bindMemory(to: Element.self, capacity: slot.count)
        buffer = UnsafeBufferPointer(start: start, count: slot.count)
    }

    /// A table at `slot` of `storage` with the elements of an array of
    /// the slot's count.
    init(_ elements: [Element], _ slot: _SchemaTableLayout.Slot, in storage: UnsafeMutableRawPointer) {
        self.init(uninitialized: slot, in: storage)
        guard slot.count > 0 else { return }
        _ = UnsafeMutableBufferPointer(mutating: buffer).initialize(from: elements)
    }

    /// A table at `slot` of `storage`, element `i` being `element(i)`,
    /// without an array of them first.
    init(_ slot: _SchemaTableLayout.Slot, in storage: UnsafeMutableRawPointer, _ element: (Int) -> Element) {
        self.init(uninitialized: slot, in: storage)
        for index in 0..<slot.count { initialize(index, to: element(index)) }
    }

    /// Initializes one element of a table made ``init(uninitialized:in:)``.
    func initialize(_ index: Int, to element: Element) {
        (UnsafeMutablePointer(mutating: buffer.baseAddress.unsafelyUnwrapped) + index).initialize(to: element)
    }

    /// Initializes `count` elements from `index` on, copies of `source`'s.
    func initialize(_ index: Int, from source: UnsafePointer<Element>, count: Int) {
        (UnsafeMutablePointer(mutating: buffer.baseAddress.unsafelyUnwrapped) + index).initialize(
            from: source, count: count)
    }

    /// Deinitializes the elements, once, as the program goes.
    func deinitialize() {
        guard !buffer.isEmpty else { return }
        UnsafeMutablePointer(mutating: buffer.baseAddress.unsafelyUnwrapped).deinitialize(count: buffer.count)
    }

    @inline(__always)
    subscript(_ index: Int32) -> Element { buffer[Int(index)] }
}

/// Where each table of a program lies in its one allocation: tables are
/// placed one after another, each aligned for its elements.
struct _SchemaTableLayout {
    /// A table's place: its offset in bytes and its element count.
    struct Slot {
        var offset: Int
        var count: Int
    }

    private var byteCount = 0
    private var alignment = MemoryLayout<Int>.alignment

    /// Places a table for an array's elements after those placed so far.
    mutating func place<Element>(_ elements: [Element]) -> Slot { place(Element.self, elements.count) }

    /// Places a table of `count` elements after those placed so far.
    mutating func place<Element>(_: Element.Type, _ count: Int) -> Slot {
        guard count > 0 else { return Slot(offset: 0, count: 0) }
        let elementAlignment = MemoryLayout<Element>.alignment
        let offset = (byteCount + elementAlignment - 1) / elementAlignment * elementAlignment
        byteCount = offset + MemoryLayout<Element>.stride * count
        alignment = max(alignment, elementAlignment)
        return Slot(offset: offset, count: count)
    }

    /// Allocates room for every table placed (one byte at least).
    func allocate() -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: alignment)
    }
}

extension _SchemaCheck {
    /// The keyword of an assertion, which makes a unit of its own when it
    /// holds (in the verbose format); `nil` for applicators, whose units
    /// they make themselves.
    var assertionKeyword: String? {
        switch self {
        case .type: "type"
        case .constant: "const"
        case .enumeration: "enum"
        case .multipleOf: "multipleOf"
        case .bound(let bound): bound.keyword.rawValue
        case .minLength: "minLength"
        case .maxLength: "maxLength"
        case .pattern: "pattern"
        case .format: "format"
        case .content(let content): content.isBase64 ? "contentEncoding" : "contentMediaType"
        case .minItems: "minItems"
        case .maxItems: "maxItems"
        case .uniqueItems: "uniqueItems"
        case .minProperties: "minProperties"
        case .maxProperties: "maxProperties"
        case .required: "required"
        case .dependentRequired(_, _, let isLegacy): isLegacy ? "dependencies" : "dependentRequired"
        default: nil
        }
    }
}

#endif
