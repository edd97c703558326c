#if JSONSchema

extension _SchemaProgram {
    /// The fast path: a Boolean, no locations. `numbers` holds the text of
    /// the numbers boxed in `instance`, if it was parsed keeping them (see
    /// `_SchemaExactNumbers.swift`).
    func isValid(_ instance: JSONValue, numbers: _ExactNumbers? = nil) -> Bool {
        guard cycleNodeCount == 0 else { return isValidWatchingCycles(instance, numbers: numbers) }
        return _withNumbers(numbers) { numbers in
            _SchemaEvaluator<_SchemaSilence>.withNameScratch { scratch in
                var evaluator = _SchemaEvaluator(
                    program: self, reporter: _SchemaSilence(), nameScratch: scratch, numbers: numbers, cycleMarks: nil)
                return withExtendedLifetime(self) {
                    withUnsafePointer(to: instance) { evaluator.evaluate(Int32(root), $0, nil) }
                }
            }
        }
    }

    /// The fast path of a program with nodes on in-place cycles, which
    /// watches for them: a specialization of its own, so that the fast path
    /// of the others does nothing of it.
    @inline(never)
    private func isValidWatchingCycles(_ instance: JSONValue, numbers: _ExactNumbers?) -> Bool {
        _withNumbers(numbers) { numbers in
            _SchemaEvaluator<_SchemaCycleSilence>.withScratch(for: self) { scratch, cycleMarks in
                var evaluator = _SchemaEvaluator(
                    program: self, reporter: _SchemaCycleSilence(), nameScratch: scratch, numbers: numbers,
                    cycleMarks: cycleMarks)
                return withExtendedLifetime(self) {
                    withUnsafePointer(to: instance) { evaluator.evaluate(Int32(root), $0, nil) }
                }
            }
        }
    }

    /// Validation with output units: failed ones only, or with
    /// `keepsEverything` every unit and annotation.
    func outputUnits(
        _ instance: JSONValue, keepsEverything: Bool, numbers: _ExactNumbers? = nil
    ) -> (valid: Bool, units: [_SchemaOutputUnit]) {
        _withNumbers(numbers) { numbers in
            _SchemaEvaluator<_SchemaOutputBuilder>.withScratch(for: self) { scratch, cycleMarks in
                var evaluator = _SchemaEvaluator(
                    program: self, reporter: _SchemaOutputBuilder(program: self, keepsEverything: keepsEverything),
                    nameScratch: scratch, numbers: numbers, cycleMarks: cycleMarks)
                let valid = withExtendedLifetime(self) {
                    withUnsafePointer(to: instance) { evaluator.evaluate(Int32(root), $0, nil) }
                }
                return (valid, evaluator.reporter.units)
            }
        }
    }
}

/// Calls `body` with the address of `numbers`, or `nil`: the evaluator
/// reads the table in place.
@inline(__always)
func _withNumbers<Result>(
    _ numbers: _ExactNumbers?, _ body: (UnsafePointer<_ExactNumbers>?) -> Result
) -> Result {
    guard let numbers, !numbers.isEmpty else { return body(nil) }
    return withUnsafePointer(to: numbers) { body($0) }
}

/// Applies compiled subschemas to an instance.
///
/// One evaluator serves both the fast path and the detailed one: every
/// report goes through `Reporter`, and with ``_SchemaSilence`` the compiler
/// removes it all and lets each keyword stop at the first failure.
///
/// Evaluation recurses, one call per subschema applied. It watches how much
/// of the stack it has used: past ``stackBudget`` bytes it continues on a
/// new thread with a stack of its own (see ``_StackExtension``), so that deep
/// instances are safe on small threads while ordinary ones never leave the
/// caller's; and it stops with an error at ``JSONSchema/maximumNestingDepth``
/// levels.
///
/// ### Cycles
///
/// A schema may apply itself to the same value in a cycle of in-place
/// keywords (`{"$ref": "#"}`). Validation that comes back to a node of such
/// a cycle for the value it is already applying that node to would never
/// end, so the node's result is *undecided* instead: ``undecided`` is set
/// and it returns `false`. The compiler marks the nodes on cycles, and only
/// they check (see ``evaluateOnCycle(_:_:_:)``).
///
/// Undecided results combine by strong three-valued (Kleene) logic: a
/// failure decides `allOf` and the other keywords whose subschemas must all
/// hold, and a success decides `anyOf`, whatever the undecided parts would
/// have been; `not` of an undecided result is undecided, and so is a
/// `oneOf`, `contains` or `if` whose outcome depends on it. The outcome is
/// the same in whatever order the parts are evaluated, so the fast path,
/// which stops at the first result that decides, and the full path, which
/// evaluates everything, agree. An undecided outcome is a failure, with
/// the error of the cycle that was entered.
struct _SchemaEvaluator<Reporter: _SchemaReporting> {
    /// The program, which the caller keeps alive: the evaluator reads its
    /// tables through plain pointers.
    unowned(unsafe) let program: _SchemaProgram
    let nodes: UnsafeBufferPointer<_SchemaProgram.Node>
    let checks: UnsafeBufferPointer<_SchemaCheck>
    let nodeLists: UnsafeBufferPointer<Int32>
    let names: UnsafeBufferPointer<String>
    let nameHashes: UnsafeBufferPointer<Int>
    let nameKeys: UnsafeBufferPointer<_SchemaNameKey>
    let allNameBytes: UnsafeBufferPointer<UInt8>
    let nameStarts: UnsafeBufferPointer<Int32>
    let nameFlags: UnsafeBufferPointer<UInt8>
    let values: UnsafeBufferPointer<JSONValue>
    let valueNames: UnsafeBufferPointer<Int32>
    let enumerationNames: UnsafeBufferPointer<_SchemaProgram.NameSet>
    let enumerations: UnsafeBufferPointer<_SchemaEnumeration>
    let patterns: UnsafeBufferPointer<_SchemaPattern>
    let matchers: UnsafeBufferPointer<Unmanaged<_CompiledRegex>>
    let patternLiterals: UnsafeBufferPointer<_SchemaProgram.PatternLiteral>
    let properties: UnsafeBufferPointer<_SchemaProgram.Properties>
    let patternNodes: UnsafeBufferPointer<(pattern: Int32, node: Int32)>
    let nameSlots: UnsafeBufferPointer<Int32>
    let dependencies: UnsafeBufferPointer<_SchemaProgram.Dependency>
    let discriminators: UnsafeBufferPointer<_SchemaProgram.Discriminator>
    let discriminatorCases: UnsafeBufferPointer<(start: Int32, count: Int32)>
    var reporter: Reporter
    /// The resources entered, outermost first, when a `$dynamicRef` or
    /// `$recursiveRef` needs them. (The streaming validator starts an
    /// evaluation in the scope of the place in the schema it has reached.)
    var scope: [Int32] = []
    private var depth = 0
    /// The stack address below which evaluation moves to a new stack.
    private var stackLimit: UInt
    /// The depth at which evaluation moves to a new stack where a local's
    /// address does not track the stack (under the address sanitizer; see
    /// ``_StackExtension/localAddressesTrackTheStack``).
    private var levelLimit = Self.levelsOnCallersStack
    /// Where a member's name is copied to be matched; shared by every
    /// level, as each match is over before anything nested runs.
    private let nameScratch: UnsafeMutableRawBufferPointer
    /// The text of the numbers boxed in the instance, when it was parsed
    /// keeping them; see `_SchemaExactNumbers.swift`. The caller keeps it
    /// alive.
    /// (Set again for each value by the streaming validator's
    /// ``_SchemaLeafJudge``, which keeps one evaluator.)
    var numbers: UnsafePointer<_ExactNumbers>?
    /// Whether the subschema that last returned `false` is undecided rather
    /// than invalid, because it entered a cycle; the caller that reads the
    /// result clears it (see ``conjoin(_:_:)`` and ``takeUndecided()``).
    private var undecided = false
    /// For each node on an in-place cycle (by its
    /// ``_SchemaProgram/Node/cycleSlot``): the address of the value it is
    /// being applied to, or 0; then, for each, the depth of the keyword path
    /// where it was entered, for the error. `nil` if the program has no
    /// such nodes.
    private let cycleMarks: UnsafeMutablePointer<UInt>?

    /// Runs `body` with a scratch buffer for ``nameScratch`` on the stack:
    /// allocating it cost a tenth of the quickest validations.
    static func withNameScratch<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result {
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 8, body)
    }

    /// Runs `body` with a scratch buffer for ``nameScratch`` and, when the
    /// program has nodes on cycles, room for ``cycleMarks``: on the stack
    /// for a few, else on the heap, so that a schema with many cannot take
    /// the stack that evaluation needs.
    static func withScratch<Result>(
        for program: _SchemaProgram,
        _ body: (UnsafeMutableRawBufferPointer, UnsafeMutablePointer<UInt>?) -> Result
    ) -> Result {
        withNameScratch { names in
            let count = program.cycleNodeCount * 2
            guard count > 0 else { return body(names, nil) }
            guard count <= 64 else {
                let marks = UnsafeMutablePointer<UInt>.allocate(capacity: count)
                marks.initialize(repeating: 0, count: count)
                defer { marks.deallocate() }
                return body(names, marks)
            }
            return withUnsafeTemporaryAllocation(of: UInt.self, capacity: count) { marks in
                marks.initialize(repeating: 0)
                return body(names, marks.baseAddress)
            }
        }
    }

    /// How much of the caller's stack evaluation may use: a quarter of the
    /// 512 KiB that secondary threads have on Apple platforms, leaving the
    /// rest to the caller; a quarter of 128 KiB where that is a thread's
    /// stack (Musl's secondary threads by default, WebAssembly's only one).
    #if canImport(Musl) || os(WASI)
    static var stackBudget: UInt { 32 << 10 }
    #else
    static var stackBudget: UInt { 128 << 10 }
    #endif

    /// Where levels are counted instead: a level takes up to 16 KiB in a
    /// debug build under the address sanitizer, so 16 levels fit in the
    /// 512 KiB of a secondary thread on Apple platforms with room for the
    /// caller, and 128 in a new stack of ``_StackExtension/stackSize``.
    static var levelsOnCallersStack: Int { 16 }
    static var levelsPerNewStack: Int { 128 }

    init(
        program: _SchemaProgram, reporter: Reporter, nameScratch: UnsafeMutableRawBufferPointer,
        numbers: UnsafePointer<_ExactNumbers>? = nil, cycleMarks: UnsafeMutablePointer<UInt>?
    ) {
        self.program = program
        self.numbers = numbers
        nodes = program.nodes.buffer
        checks = program.checks.buffer
        nodeLists = program.nodeLists.buffer
        names = program.names.buffer
        nameHashes = program.nameHashes.buffer
        nameKeys = program.nameKeys.buffer
        allNameBytes = program.nameBytes.buffer
        nameStarts = program.nameStarts.buffer
        nameFlags = program.nameFlags.buffer
        values = program.values.buffer
        valueNames = program.valueNames.buffer
        enumerationNames = program.enumerationNames.buffer
        enumerations = program.enumerations.buffer
        patterns = program.patterns.buffer
        matchers = program.matchers.buffer
        patternLiterals = program.patternLiterals.buffer
        properties = program.properties.buffer
        patternNodes = program.patternNodes.buffer
        nameSlots = program.nameSlots.buffer
        dependencies = program.dependencies.buffer
        discriminators = program.discriminators.buffer
        discriminatorCases = program.discriminatorCases.buffer
        self.reporter = reporter
        stackLimit = _stackAddress() &- Self.stackBudget
        self.nameScratch = nameScratch
        self.cycleMarks = cycleMarks
    }

    // MARK: Subschemas

    /// Applies subschema `id` to the value at `instance`; records in
    /// `marks`, if given, the members or items it evaluated.
    ///
    /// Values are passed by address: the instance does not change while it
    /// is validated and its caller keeps it alive, so children are reached
    /// without copying them, and a copy is made only of the containers a
    /// subschema looks inside (one retain each), never of scalars.
    ///
    /// The quick outcomes of the fast path (a `true`, `false` or bare `type`
    /// subschema, a value of a type the subschema refuses) are decided here,
    /// inline at each caller; the rest runs out of line.
    @inline(__always)
    mutating func evaluate(_ id: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks) -> Bool {
        var id = id
        if !Reporter.isEnabled {
            var node = nodes[Int(id)]
            if node.alias >= 0 && marks == nil {
                id = node.alias
                node = nodes[Int(id)]
            }
            switch node.shape {
            case .alwaysValid: return true
            case .alwaysInvalid: return false
            case .typeOnly(let types): return types.accepts(instance)
            case .general:
                guard node.types.accepts(instance) else { return false }
                if node.isLeaf { return evaluateLeaf(node, instance) }
                if Reporter.watchesCycles && node.cycleSlot >= 0 { return evaluateOnCycle(id, instance, marks) }
            }
        } else if Reporter.watchesCycles && nodes[Int(id)].cycleSlot >= 0 {
            return evaluateOnCycle(id, instance, marks)
        }
        return evaluateNested(id, instance, marks)
    }

    /// The node that subschema `id` is, or that it stands for as a `$ref`,
    /// if it is a leaf with checks (see ``_SchemaProgram/Node/isLeaf``).
    @inline(__always)
    private func leaf(_ id: Int32) -> _SchemaProgram.Node? {
        var node = nodes[Int(id)]
        if node.alias >= 0 { node = nodes[Int(node.alias)] }
        guard case .general = node.shape, node.isLeaf else { return nil }
        return node
    }

    /// The checks of a node whose children are all decided inline (see
    /// ``_SchemaProgram/Node/isLeaf``), on the fast path.
    @inline(__always)
    private mutating func evaluateLeaf(_ node: _SchemaProgram.Node, _ instance: UnsafePointer<JSONValue>) -> Bool {
        evaluateLeafChecks(node.fastCheckStart, node.checkStart &+ node.checkCount, instance)
    }

    /// ``evaluateLeaf(_:_:)`` out of line, given the range of the fast
    /// path's checks: two numbers to pass, where passing the node put each
    /// of its fields in a register at every caller.
    @inline(never)
    private mutating func evaluateLeafChecks(
        _ start: Int32, _ end: Int32, _ instance: UnsafePointer<JSONValue>
    ) -> Bool {
        evaluateChecks(from: Int(start), to: Int(end), instance, nil)
    }

    /// A subschema applied one level deeper: counted against the depth
    /// limit, and moved to a new stack when the caller's runs low.
    @inline(never)
    private mutating func evaluateNested(
        _ id: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        depth &+= 1
        defer { depth &-= 1 }
        guard depth < JSONSchema.maximumNestingDepth else {
            if Reporter.isEnabled {
                let unit = reporter.beginNode(Int(id))
                reporter.end(
                    unit, valid: false,
                    error: "the value is nested too deeply to validate: subschemas are applied more than "
                        + "\(JSONSchema.maximumNestingDepth) levels deep")
            }
            return false
        }
        // Eight levels take at most a few KiB, well within the margin the
        // budget leaves; checking at every level cost 3 % of the fast path.
        if depth & 7 == 0
            && (_StackExtension.localAddressesTrackTheStack ? _stackAddress() < stackLimit : depth >= levelLimit)
        {
            return evaluateOnNewStack(id, instance, marks)
        }
        return evaluateNode(id, instance, marks)
    }

    /// ``evaluateNested(_:_:_:)`` again, at the same depth, on a new stack.
    @inline(never)
    private mutating func evaluateOnNewStack(
        _ id: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        do {
            return try _StackExtension.onNewStack { () -> Bool in
                let (savedStackLimit, savedLevelLimit) = (stackLimit, levelLimit)
                // Leave a quarter of the new stack unused, for the frames
                // below this check.
                stackLimit = _stackAddress() &- UInt(_StackExtension.stackSize) / 4 * 3
                levelLimit = depth &+ Self.levelsPerNewStack
                defer { (stackLimit, levelLimit) = (savedStackLimit, savedLevelLimit) }
                return self.evaluateAgain(id, instance, marks)
            }
        } catch {
            // No threads to continue on (WebAssembly without them):
            // refuse, rather than overflow the one stack.
            if Reporter.isEnabled {
                let unit = reporter.beginNode(Int(id))
                reporter.end(unit, valid: false, error: "the value is nested too deeply to validate here: \(error)")
            }
            return false
        }
    }

    /// ``evaluateNested(_:_:_:)`` once more for the level being entered,
    /// which it counts again: its rare paths (a new stack, marks of the
    /// node's own) come back through it, so that ``evaluateNode(_:_:_:)``
    /// is inlined there alone.
    private mutating func evaluateAgain(
        _ id: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        depth &-= 1
        defer { depth &+= 1 }
        return evaluateNested(id, instance, marks)
    }

    /// A node with `unevaluated…`, which keeps its own marks.
    @inline(never)
    private mutating func evaluateWithOwnMarks(_ id: Int32, _ instance: UnsafePointer<JSONValue>) -> Bool {
        var own = _SchemaBitSet()
        return withUnsafeMutablePointer(to: &own) { evaluateAgain(id, instance, $0) }
    }

    /// A node's checks, inside ``evaluateNested(_:_:_:)``.
    @inline(__always)
    private mutating func evaluateNode(_ id: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks) -> Bool
    {
        let node = nodes[Int(id)]
        if node.tracksEvaluation && marks == nil { return evaluateWithOwnMarks(id, instance) }
        let marks = node.tracksEvaluation ? marks : nil
        let entersResource = program.usesDynamicScope && scope.last != node.resource
        if entersResource { scope.append(node.resource) }
        defer { if entersResource { scope.removeLast() } }
        let unit = reporter.beginNode(Int(id))
        var valid = true
        switch node.shape {
        case .alwaysValid:
            break
        case .alwaysInvalid:
            valid = false
        case .typeOnly, .general:
            valid = evaluateChecks(of: node, instance, marks)
        }
        if Reporter.isEnabled {
            if valid && reporter.keepsEverything { annotate(Int(id), instance) }
            let error: String? =
                if case .alwaysInvalid = node.shape {
                    "no value is allowed here (the schema is false), but found \(describe(instance))"
                } else { nil }
            reporter.end(unit, valid: valid, error: error)
        }
        return valid
    }

    /// A node on an in-place cycle (see
    /// ``_SchemaAnalysis/markInPlaceCycles(_:)``): undecided, with the error
    /// reported, if the node is being applied to this very value already,
    /// further up the stack (while a value is validated, its address is its
    /// location); else applied, with the value marked as the node's until it
    /// returns.
    @inline(never)
    private mutating func evaluateOnCycle(
        _ id: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        guard let cycleMarks else { return evaluateNested(id, instance, marks) }
        let slot = Int(nodes[Int(id)].cycleSlot)
        let depthSlot = slot &+ program.cycleNodeCount
        let address = UInt(bitPattern: instance)
        if cycleMarks[slot] == address {
            if Reporter.isEnabled {
                let unit = reporter.beginNode(Int(id))
                reporter.endUndecided(
                    unit,
                    error: "the schema applies itself to the same value through "
                        + reporter.keywordSteps(from: Int(cycleMarks[depthSlot]))
                        + ", so this value cannot be validated")
            }
            undecided = true
            return false
        }
        let saved = (cycleMarks[slot], cycleMarks[depthSlot])
        cycleMarks[slot] = address
        if Reporter.isEnabled { cycleMarks[depthSlot] = UInt(reporter.keywordDepth) }
        defer { (cycleMarks[slot], cycleMarks[depthSlot]) = saved }
        return evaluateNested(id, instance, marks)
    }

    /// Runs a node's checks. The container, if the value is one, is taken
    /// out of it once for all the checks.
    @inline(__always)
    private mutating func evaluateChecks(
        of node: _SchemaProgram.Node, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        evaluateChecks(
            from: Int(Reporter.isEnabled ? node.checkStart : node.fastCheckStart),
            to: Int(node.checkStart) &+ Int(node.checkCount), instance, marks)
    }

    /// ``evaluateChecks(of:_:_:)`` over the checks from `start` to `end`.
    @inline(__always)
    private mutating func evaluateChecks(
        from start: Int, to end: Int, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        var index = start
        // At the first check that fails, the rest are left to
        // `evaluateChecks(after:to:_:_:)`, unless the failure decides the
        // node on the fast path.
        if let items = _SchemaInstanceView.elements(of: instance) {
            while index < end {
                if !noted(checks[index], evaluate(checks[index], items: items, instance, marks)) {
                    if !Reporter.isEnabled && !(Reporter.watchesCycles && undecided) { return false }
                    return evaluateChecks(after: index, to: end, instance, marks)
                }
                index &+= 1
            }
        } else if let object = _SchemaInstanceView.object(of: instance) {
            while index < end {
                if !noted(checks[index], evaluate(checks[index], object: object, instance, marks)) {
                    if !Reporter.isEnabled && !(Reporter.watchesCycles && undecided) { return false }
                    return evaluateChecks(after: index, to: end, instance, marks)
                }
                index &+= 1
            }
        } else if case .string = instance.pointee {
            while index < end {
                if !noted(checks[index], evaluate(checks[index], string: instance)) {
                    if !Reporter.isEnabled && !(Reporter.watchesCycles && undecided) { return false }
                    return evaluateChecks(after: index, to: end, instance, marks)
                }
                index &+= 1
            }
        } else {
            while index < end {
                if !noted(checks[index], evaluate(checks[index], scalar: instance)) {
                    if !Reporter.isEnabled && !(Reporter.watchesCycles && undecided) { return false }
                    return evaluateChecks(after: index, to: end, instance, marks)
                }
                index &+= 1
            }
        }
        return true
    }

    /// The checks of a node after check `failed` failed: every one, for its
    /// errors, on the full path; on the fast path, those that may still be
    /// invalid after an undecided one (see ``conjoin(_:_:)``).
    @inline(never)
    private mutating func evaluateChecks(
        after failed: Int, to end: Int, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        var all = _SchemaConjunction()
        if conjoin(false, &all) { return false }
        for index in (failed &+ 1)..<end {
            let check = checks[index]
            let valid: Bool
            if let items = _SchemaInstanceView.elements(of: instance) {
                valid = evaluate(check, items: items, instance, marks)
            } else if let object = _SchemaInstanceView.object(of: instance) {
                valid = evaluate(check, object: object, instance, marks)
            } else if case .string = instance.pointee {
                valid = evaluate(check, string: instance)
            } else {
                valid = evaluate(check, scalar: instance)
            }
            if conjoin(noted(check, valid), &all) { return false }
        }
        return settle(all)
    }

    /// Takes the result of one of several parts that must all hold (the
    /// checks of a node, the subschemas of `allOf`, the members that
    /// `properties` applies to…) into their conjunction. Returns whether
    /// the conjunction is decided and evaluation may stop there: on the fast
    /// path, at the first part that is invalid (an undecided one does not
    /// decide it, as a later part may still be invalid).
    @inline(__always)
    private mutating func conjoin(_ valid: Bool, _ all: inout _SchemaConjunction) -> Bool {
        if valid { return false }
        if takeUndecided() {
            all.isUndecided = true
            return false
        }
        all.isInvalid = true
        return !Reporter.isEnabled
    }

    /// The result of a conjunction: invalid if a part is, else undecided
    /// (with ``undecided`` set) if a part is, else valid.
    @inline(__always)
    private mutating func settle(_ all: _SchemaConjunction) -> Bool {
        if all.isValid { return true }
        if Reporter.watchesCycles && all.isUndecided && !all.isInvalid { undecided = true }
        return false
    }

    /// Whether the subschema that just returned `false` is undecided; clears
    /// the flag, which belongs to the caller that reads the result.
    @inline(__always)
    private mutating func takeUndecided() -> Bool {
        guard Reporter.watchesCycles && undecided else { return false }
        undecided = false
        return true
    }

    /// A check's result, recorded as a unit of its own when it is an
    /// assertion that held and every result is kept (the verbose format).
    @inline(__always)
    private mutating func noted(_ check: _SchemaCheck, _ valid: Bool) -> Bool {
        if Reporter.isEnabled && valid && reporter.keepsEverything, let keyword = check.assertionKeyword {
            reporter.pass(keyword)
        }
        return valid
    }

    private mutating func annotate(_ id: Int, _ instance: UnsafePointer<JSONValue>) {
        for (keyword, value) in program.annotations(of: id) {
            switch keyword {
            case "contentMediaType", "contentEncoding", "contentSchema":
                guard case .string = instance.pointee else { continue }
            default:
                break
            }
            reporter.annotate(keyword, value)
        }
    }

    /// Applies a subschema at a child of the instance: a member's value or an
    /// item. Nothing it evaluates counts for the parent's marks.
    @inline(__always)
    private mutating func evaluateChild(_ id: Int32, _ value: UnsafePointer<JSONValue>) -> Bool {
        evaluate(id, value, nil)
    }

    /// ``evaluateChild(_:_:)`` where subschemas are often a `oneOf` or
    /// `anyOf` of branches of disjoint types (see
    /// ``_SchemaProgram/Node/alias``), a property or the items: on the fast
    /// path, the branch that may accept the value's type instead, or a
    /// failure if none does. (Only there: elsewhere, in the loops over
    /// `oneOf` branches too, the code it adds cost the other schemas more
    /// than it saved.)
    @inline(__always)
    private mutating func evaluateDispatching(_ id: Int32, _ value: UnsafePointer<JSONValue>) -> Bool {
        var id = id
        if !Reporter.isEnabled {
            var alias = nodes[Int(id)].alias
            if alias >= 0 {
                id = alias
                alias = nodes[Int(id)].alias
            }
            if alias < -1 {
                // The branch that may accept the value's type (a `$ref`
                // already followed), the node itself if more than one may,
                // or a failure if none does.
                id = nodeLists[Int(-2 &- alias) &+ _SchemaTypeKind.kind(of: value)]
                if id < 0 { return false }
            }
        }
        return evaluate(id, value, nil)
    }

    /// Applies a subschema in place: its evaluated members and items count
    /// as the parent's when it is valid and the parent tracks them.
    @inline(__always)
    private mutating func evaluateInPlace(
        _ id: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        guard let marks, nodes[Int(id)].tracksEvaluation else { return evaluateChild(id, instance) }
        var own = _SchemaBitSet()
        let valid = withUnsafeMutablePointer(to: &own) { evaluate(id, instance, $0) }
        if valid {
            marks.pointee.formUnion(own)
        } else if Reporter.watchesCycles && undecided {
            // Had it been valid, it would have evaluated members or items
            // that nobody knows.
            marks.pointee.isIncomplete = true
        }
        return valid
    }

    /// Whether pattern `index` matches some substring of the string with
    /// these UTF-8 bytes: a comparison of its first bytes for a pattern
    /// such as `^x-`, else the regex, reached unretained (the program keeps
    /// it).
    @inline(__always)
    private func patternMatches(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let literal = patternLiterals[index]
        guard literal.name >= 0 else {
            return matchers[index]._withUnsafeGuaranteedRef { $0.searchMatchesIgnoringLiteral(bytes) }
        }
        let expected = nameBytes(Int(literal.name))
        guard literal.wholeString ? bytes.count == expected.count : bytes.count >= expected.count else { return false }
        return _bytesEqual(UnsafeBufferPointer(rebasing: bytes[..<expected.count]), expected)
    }

    /// The UTF-8 bytes of name `index`.
    @inline(__always)
    private func nameBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(nameStarts[index])
        return UnsafeBufferPointer(
            start: allNameBytes.baseAddress.map { $0 + start }, count: Int(nameStarts[index &+ 1]) &- start)
    }

    /// The number that the value at `instance` boxes, if the instance was
    /// parsed keeping the text of numbers and this is one of them.
    @inline(never)
    private func boxedNumber(_ instance: UnsafePointer<JSONValue>) -> _BoxedNumber? {
        guard let numbers, case .double(let double) = instance.pointee, double.isNaN else { return nil }
        return _BoxedNumber(instance.pointee, numbers: numbers.pointee)
    }

    /// A value as messages show it (see ``_SchemaMessages/describe(_:)``),
    /// a number kept as text by its text.
    private func describe(_ instance: UnsafePointer<JSONValue>) -> String {
        _SchemaMessages.describe(instance.pointee, numbers: numbers?.pointee)
    }

    /// A value as a message names what was found (see
    /// ``_SchemaMessages/found(_:)``).
    private func found(_ instance: UnsafePointer<JSONValue>) -> String {
        _SchemaMessages.found(instance.pointee, numbers: numbers?.pointee)
    }

    // MARK: Checks

    /// A check of an object: `properties` and the checks of any value
    /// called straight from the loop over a node's checks, the others
    /// through ``evaluateObjectCheck(_:_:_:_:)`` (a call less for the most
    /// common ones).
    @inline(__always)
    private mutating func evaluate(
        _ check: _SchemaCheck, object: _SchemaObjectView, _ instance: UnsafePointer<JSONValue>,
        _ marks: _SchemaMarks
    ) -> Bool {
        switch check {
        case .properties(let index, let nodesStart):
            return evaluateProperties(properties[Int(index)], nodesStart, object, marks)
        case .type, .constant, .enumeration, .allOf, .anyOf, .oneOf, .not, .conditional, .reference,
            .dynamicReference:
            return evaluate(check, any: instance, marks)
        default:
            return evaluateObjectCheck(check, object, instance, marks)
        }
    }

    /// The checks of objects but `properties`.
    private mutating func evaluateObjectCheck(
        _ check: _SchemaCheck, _ object: _SchemaObjectView, _ instance: UnsafePointer<JSONValue>,
        _ marks: _SchemaMarks
    ) -> Bool {
        let members = object.members
        switch check {
        case .minProperties(let limit), .maxProperties(let limit):
            let isMinimum = if case .minProperties = check { true } else { false }
            guard isMinimum ? members.count >= limit : members.count <= limit else {
                if Reporter.isEnabled {
                    reporter.fail(
                        isMinimum ? "minProperties" : "maxProperties",
                        "expected \(isMinimum ? "at least" : "at most") "
                            + "\(_SchemaMessages.plural(limit, "property", "properties")), but found \(members.count)")
                }
                return false
            }
            return true
        case .required(let start, let count):
            var valid = true
            for index in Int(start)..<Int(start &+ count) {
                // On the fast path `properties` checks the names it shares.
                if !Reporter.isEnabled && nameFlags[index] & _SchemaProgram.checkedByProperties != 0 { continue }
                guard object.index(ofName: nameBytes(index), hash: nameHashes[index]) == nil else { continue }
                valid = false
                guard Reporter.isEnabled else { break }
                reporter.fail("required", "the required property \(_SchemaMessages.quote(names[index])) is missing")
            }
            return valid
        case .dependentRequired(let start, let count, let isLegacy):
            return evaluateDependentRequired(start, count, isLegacy, object)
        case .dependentSchemas(let namesStart, let nodesStart, let count, let isLegacy):
            let keyword = isLegacy ? "dependencies" : "dependentSchemas"
            let unit = reporter.beginKeyword(keyword, hidesDetails: false)
            var all = _SchemaConjunction()
            for offset in 0..<Int(count) {
                let name = Int(namesStart) &+ offset
                guard object.index(ofName: nameBytes(name), hash: nameHashes[name]) != nil else { continue }
                reporter.pushKeyword(keyword)
                if Reporter.isEnabled { reporter.pushKeyword(names[name]) }
                let childValid = evaluateInPlace(nodeLists[Int(nodesStart) &+ offset], instance, marks)
                reporter.popKeyword()
                reporter.popKeyword()
                if conjoin(childValid, &all) { return false }
            }
            reporter.end(unit, valid: all.isValid, error: nil)
            return settle(all)
        case .properties(let index, let nodesStart):
            return evaluateProperties(properties[Int(index)], nodesStart, object, marks)
        case .propertyNames(let child):
            return evaluatePropertyNames(child, object)
        case .unevaluatedProperties(let child):
            return evaluateUnevaluatedProperties(child, object, marks)
        case .minLength, .maxLength, .pattern, .format, .content, .multipleOf, .bound, .minItems, .maxItems,
            .uniqueItems, .items, .contains, .unevaluatedItems:
            return true
        default:
            return evaluate(check, any: instance, marks)
        }
    }

    /// A check of an array.
    @inline(__always)
    private mutating func evaluate(
        _ check: _SchemaCheck, items: UnsafeBufferPointer<JSONValue>, _ instance: UnsafePointer<JSONValue>,
        _ marks: _SchemaMarks
    ) -> Bool {
        switch check {
        case .minItems(let limit), .maxItems(let limit):
            let isMinimum = if case .minItems = check { true } else { false }
            guard isMinimum ? items.count >= limit : items.count <= limit else {
                if Reporter.isEnabled {
                    reporter.fail(
                        isMinimum ? "minItems" : "maxItems",
                        "expected \(isMinimum ? "at least" : "at most") \(_SchemaMessages.plural(limit, "item")), "
                            + "but found \(items.count)")
                }
                return false
            }
            return true
        case .uniqueItems:
            guard let (first, second) = Self.firstDuplicate(in: items, numbers: numbers) else { return true }
            if Reporter.isEnabled {
                reporter.fail(
                    "uniqueItems",
                    "the items must be unique, but items \(first) and \(second) are both "
                        + describe(items.baseAddress.unsafelyUnwrapped + first))
            }
            return false
        case .items(let itemsCheck):
            if !Reporter.isEnabled && marks == nil && itemsCheck.prefixCount == 0, let types = itemsCheck.restTypes {
                // The common `"items": {"type": …}`, inline.
                guard let base = items.baseAddress else { return true }
                for index in 0..<items.count where !types.acceptsItem(base + index) { return false }
                return true
            }
            return evaluateItems(itemsCheck, items, marks)
        case .contains(let contains):
            return evaluateContains(contains, items, marks)
        case .unevaluatedItems(let child):
            return evaluateUnevaluatedItems(child, items, marks)
        case .minLength, .maxLength, .pattern, .format, .content, .multipleOf, .bound, .minProperties,
            .maxProperties, .required, .dependentRequired, .dependentSchemas, .properties, .propertyNames,
            .unevaluatedProperties:
            return true
        default:
            return evaluate(check, any: instance, marks)
        }
    }

    /// A check of a string.
    ///
    /// The string is taken out of the value only by the checks that read it
    /// as a `String`, as doing so retains it; `const` and `enum` compare its
    /// bytes in place.
    private mutating func evaluate(_ check: _SchemaCheck, string instance: UnsafePointer<JSONValue>) -> Bool {
        switch check {
        case .minLength(let limit):
            return evaluateLength(instance.pointee.unsafelyUnwrappedString, limit: limit, isMinimum: true, instance)
        case .maxLength(let limit):
            return evaluateLength(instance.pointee.unsafelyUnwrappedString, limit: limit, isMinimum: false, instance)
        case .pattern(let index):
            let matched: Bool
            if let count = _SchemaInstanceView.copyString(at: instance, into: nameScratch) {
                // A copy, so that matching retains nothing.
                matched = patternMatches(
                    Int(index),
                    UnsafeBufferPointer(
                        start: nameScratch.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
            } else {
                // The closure captures the matcher alone: capturing `self`
                // copied the evaluator.
                let matcher = matchers[Int(index)]
                matched = _MemberTable.withBytes(of: instance.pointee.unsafelyUnwrappedString) { bytes in
                    matcher._withUnsafeGuaranteedRef { $0.matches(bytes, whole: false) }
                }
            }
            guard matched else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "pattern",
                        "\(describe(instance)) does not match the pattern "
                            + _SchemaMessages.quote(patterns[Int(index)].source))
                }
                return false
            }
            return true
        case .format(let format):
            guard format.isValid(instance.pointee.unsafelyUnwrappedString) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "format",
                        "\(describe(instance)) is not a valid "
                            + _SchemaMessages.quote(format.rawValue))
                }
                return false
            }
            return true
        case .content(let content):
            return evaluateContent(content, instance)
        case .multipleOf, .bound, .minItems, .maxItems, .uniqueItems, .items, .contains, .unevaluatedItems,
            .minProperties, .maxProperties, .required, .dependentRequired, .dependentSchemas, .properties,
            .propertyNames, .unevaluatedProperties:
            return true
        default:
            return evaluate(check, any: instance, nil)
        }
    }

    /// The content keywords, asserted (see
    /// ``JSONSchema/Options-swift.struct/assertsContent``): the string
    /// decoded, parsed, and its JSON value validated against `contentSchema`
    /// as a value of its own, whose errors are located at the string.
    private mutating func evaluateContent(_ content: _SchemaContent, _ instance: UnsafePointer<JSONValue>) -> Bool {
        var bytes = Array(instance.pointee.unsafelyUnwrappedString.utf8)
        if content.isBase64 {
            guard let decoded = _SchemaContent.decodeBase64(bytes) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "contentEncoding", "\(_SchemaMessages.describe(instance.pointee)) is not valid base64")
                }
                return false
            }
            bytes = decoded
        }
        guard content.isJSON else { return true }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            if Reporter.isEnabled {
                let what = content.isBase64 ? "the base64 in the string does not encode" : "the string is not"
                reporter.fail("contentMediaType", "\(what) JSON text: \(error)")
            }
            return false
        }
        guard content.schema >= 0 else { return true }
        let unit = reporter.beginKeyword("contentSchema", hidesDetails: false)
        reporter.pushKeyword("contentSchema")
        reporter.beginContent()
        let valid = withUnsafePointer(to: document) { evaluateChild(content.schema, $0) }
        reporter.endContent()
        reporter.popKeyword()
        reporter.end(unit, valid: valid, error: nil)
        return valid
    }

    /// A check of a number, a Boolean or null.
    private mutating func evaluate(_ check: _SchemaCheck, scalar instance: UnsafePointer<JSONValue>) -> Bool {
        switch check {
        case .multipleOf(let divisor, let written):
            let isMultiple: Bool
            if numbers != nil, let boxed = boxedNumber(instance) {
                switch boxed {
                case .held(let value):
                    guard let decimal = _SchemaDecimal(value) else { return true }
                    isMultiple = decimal.isMultiple(of: divisor)
                case .exact(let decimal, _):
                    isMultiple = decimal.isMultiple(of: divisor)
                }
            } else {
                guard let decimal = _SchemaDecimal(instance.pointee) else { return true }
                isMultiple = decimal.isMultiple(of: divisor)
            }
            guard isMultiple else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "multipleOf",
                        "\(describe(instance)) is not a multiple of "
                            + _SchemaMessages.describe(values[Int(written)]))
                }
                return false
            }
            return true
        case .bound(let bound):
            return evaluateBound(bound, instance)
        case .minLength, .maxLength, .pattern, .format, .content, .minItems, .maxItems, .uniqueItems, .items,
            .contains, .unevaluatedItems, .minProperties, .maxProperties, .required, .dependentRequired,
            .dependentSchemas, .properties, .propertyNames, .unevaluatedProperties:
            return true
        default:
            return evaluate(check, any: instance, nil)
        }
    }

    /// A check that applies to values of any type.
    private mutating func evaluate(
        _ check: _SchemaCheck, any instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        switch check {
        case .type(let types):
            guard types.accepts(instance) else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "type",
                        "expected \(types.description), but found \(found(instance))")
                }
                return false
            }
            return true
        case .constant(let index):
            let name = Int(valueNames[Int(index)])
            let equal =
                if name >= 0 {
                    if case .string(let string) = instance.pointee {
                        _MemberTable.withBytes(of: string) { _bytesEqual(nameBytes(name), $0) }
                    } else {
                        false
                    }
                } else {
                    _schemaEqual(instance, values.baseAddress.unsafelyUnwrapped + Int(index), numbers: numbers)
                }
            guard equal else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "const",
                        "expected \(_SchemaMessages.describe(values[Int(index)])), but found "
                            + describe(instance))
                }
                return false
            }
            return true
        case .enumeration(let index):
            let names = enumerationNames[Int(index)]
            let contains =
                if names.count >= 0 {
                    if case .string(let string) = instance.pointee {
                        _MemberTable.withBytes(of: string) { find($0, in: names) } != nil
                    } else {
                        false
                    }
                } else {
                    enumerations[Int(index)].contains(instance, numbers: numbers)
                }
            guard contains else {
                if Reporter.isEnabled {
                    reporter.fail(
                        "enum",
                        "\(describe(instance)) is not one of "
                            + _SchemaMessages.describe(.array(enumerations[Int(index)].values)))
                }
                return false
            }
            return true
        case .allOf(let start, let count):
            return evaluateAllOf(start, count, instance, marks)
        case .anyOf(let start, let count, let discriminator):
            if !Reporter.isEnabled && discriminator >= 0 && marks == nil,
                let valid = evaluateDiscriminated(discriminator, instance, isOneOf: false)
            {
                return valid
            }
            if !Reporter.isEnabled && marks == nil {
                // The fast path: the first valid branch settles it.
                var isUndecided = false
                for list in Int(start)..<Int(start &+ count) {
                    if evaluateChild(nodeLists[list], instance) { return true }
                    if takeUndecided() { isUndecided = true }
                }
                if isUndecided { undecided = true }
                return false
            }
            return evaluateAnyOf(start, count, instance, marks)
        case .oneOf(let start, let count, let discriminator):
            if !Reporter.isEnabled && discriminator >= 0 && marks == nil,
                let valid = evaluateDiscriminated(discriminator, instance, isOneOf: true)
            {
                return valid
            }
            if !Reporter.isEnabled && marks == nil {
                // The fast path: a second valid branch settles it.
                var valid = 0
                var isUndecided = false
                for list in Int(start)..<Int(start &+ count) {
                    if evaluateChild(nodeLists[list], instance) {
                        valid &+= 1
                        if valid > 1 { return false }
                    } else if takeUndecided() {
                        isUndecided = true
                    }
                }
                if isUndecided { undecided = true }
                return valid == 1 && !isUndecided
            }
            return evaluateOneOf(start, count, instance, marks)
        case .not(let child):
            let unit = reporter.beginKeyword("not", hidesDetails: true)
            reporter.pushKeyword("not")
            let childValid = evaluateChild(child, instance)
            reporter.popKeyword()
            if !childValid && takeUndecided() {
                // Not knowing whether the value is valid against the schema
                // in `not` is not knowing whether it is invalid.
                if Reporter.isEnabled { reporter.endUndecided(unit, error: nil) }
                undecided = true
                return false
            }
            if Reporter.isEnabled {
                reporter.end(
                    unit, valid: !childValid,
                    error: "\(describe(instance)) must not be valid against the schema in "
                        + "\"not\"")
            }
            return !childValid
        case .conditional(let condition, let then, let otherwise):
            return evaluateConditional(condition, then, otherwise, instance, marks)
        case .reference(let target):
            return evaluateReference("$ref", target, instance, marks)
        case .dynamicReference(let index):
            let reference = program.dynamicReferences[index]
            return evaluateReference(reference.keyword, resolve(reference), instance, marks)
        default:
            // A check of one type, on a value of another: it does not apply.
            return true
        }
    }

    private mutating func evaluateBound(_ bound: _SchemaBound, _ instance: UnsafePointer<JSONValue>) -> Bool {
        var order: Int
        if numbers != nil, let boxed = boxedNumber(instance) {
            switch boxed {
            case .held(let value): order = _compareNumbers(value, bound.limit)
            case .exact(let decimal, _): order = decimal.compare(to: _ExactDecimal(bound.limit))
            }
        } else {
            order = _compareNumbers(instance.pointee, bound.limit)
        }
        let valid: Bool
        switch (bound.kind, bound.exclusive) {
        case (.minimum, false): valid = order >= 0
        case (.minimum, true): valid = order > 0
        case (.maximum, false): valid = order <= 0
        case (.maximum, true): valid = order < 0
        }
        if !valid && Reporter.isEnabled {
            let relation =
                switch (bound.kind, bound.exclusive) {
                case (.minimum, false): "less than the minimum of"
                case (.minimum, true): "less than or equal to the exclusive minimum of"
                case (.maximum, false): "greater than the maximum of"
                case (.maximum, true): "greater than or equal to the exclusive maximum of"
                }
            reporter.fail(
                bound.keyword.rawValue,
                "\(describe(instance)) is \(relation) \(_SchemaMessages.describe(bound.limit.value))"
            )
        }
        return valid
    }

    private mutating func evaluateLength(
        _ string: String, limit: Int, isMinimum: Bool, _ instance: UnsafePointer<JSONValue>
    ) -> Bool {
        // Lengths count Unicode scalars; UTF-8 takes one to four bytes for
        // each, which settles most cases without counting.
        let bytes = string.utf8.count
        let valid: Bool
        if isMinimum {
            valid = bytes / 4 >= limit || (bytes >= limit && string.unicodeScalars.count >= limit)
        } else {
            valid = bytes <= limit || string.unicodeScalars.count <= limit
        }
        if !valid && Reporter.isEnabled {
            reporter.fail(
                isMinimum ? "minLength" : "maxLength",
                "\(describe(instance)) is \(isMinimum ? "shorter" : "longer") than "
                    + "\(_SchemaMessages.plural(limit, "character"))")
        }
        return valid
    }

    /// The positions of the first two equal items, comparing numbers by
    /// value (`1` equals `1.0`); `nil` if the items are unique.
    static func firstDuplicate(
        in elements: UnsafeBufferPointer<JSONValue>, numbers: UnsafePointer<_ExactNumbers>? = nil
    ) -> (Int, Int)? {
        if elements.count <= 16 {
            guard let base = elements.baseAddress else { return nil }
            guard elements.count >= 4 else {
                for second in elements.indices {
                    for first in 0..<second where _schemaEqual(base + first, base + second, numbers: numbers) {
                        return (first, second)
                    }
                }
                return nil
            }
            // From four items on, only the pairs with the same digest are
            // compared: an array of objects that differ in some member
            // (parameters, named each) was compared member by member, pair
            // after pair.
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: elements.count) { digests in
                for index in elements.indices { digests[index] = _schemaShallowDigest(base + index) }
                for second in elements.indices {
                    for first in 0..<second
                    where digests[first] == digests[second]
                        && _schemaEqual(base + first, base + second, numbers: numbers)
                    {
                        return (first, second)
                    }
                }
                return nil
            }
        }
        if let numbers {
            var seen: [_ExactValueKey: Int] = [:]
            for (index, element) in elements.enumerated() {
                if let first = seen.updateValue(index, forKey: _ExactValueKey(value: element, numbers: numbers)) {
                    return (first, index)
                }
            }
            return nil
        }
        var seen: [_SchemaValueKey: Int] = [:]
        seen.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let first = seen.updateValue(index, forKey: _SchemaValueKey(value: element)) { return (first, index) }
        }
        return nil
    }

    // MARK: Objects

    private mutating func evaluateDependentRequired(
        _ start: Int32, _ count: Int32, _ isLegacy: Bool, _ object: _SchemaObjectView
    ) -> Bool {
        var valid = true
        for entry in Int(start)..<Int(start &+ count) {
            let dependency = dependencies[entry]
            guard object.index(ofName: nameBytes(Int(dependency.name)), hash: nameHashes[Int(dependency.name)]) != nil
            else { continue }
            let required = Int(dependency.requiredStart)..<Int(dependency.requiredStart &+ dependency.requiredCount)
            for index in required where object.index(ofName: nameBytes(index), hash: nameHashes[index]) == nil {
                valid = false
                guard Reporter.isEnabled else { return false }
                reporter.fail(
                    isLegacy ? "dependencies" : "dependentRequired",
                    "the property \(_SchemaMessages.quote(names[index])) is required when "
                        + "\(_SchemaMessages.quote(names[Int(dependency.name)])) is present")
            }
        }
        return valid
    }

    /// `propertyNames`: out of line, as the address it takes of each name
    /// made every check of an object pay for a stack guard.
    @inline(never)
    private mutating func evaluatePropertyNames(_ child: Int32, _ object: _SchemaObjectView) -> Bool {
        let members = object.members
        let unit = reporter.beginKeyword("propertyNames", hidesDetails: false)
        reporter.pushKeyword("propertyNames")
        var all = _SchemaConjunction()
        for index in members.indices {
            // Annotations of names belong to no location: none are kept.
            var name = JSONValue.string(members[index].key)
            if conjoin(withUnsafePointer(to: &name, { evaluateChild(child, $0) }), &all) { break }
        }
        reporter.popKeyword()
        reporter.end(unit, valid: all.isValid, error: nil)
        return settle(all)
    }

    @inline(never)
    private mutating func evaluateProperties(
        _ properties: _SchemaProgram.Properties, _ nodesStart: Int32, _ object: _SchemaObjectView,
        _ marks: _SchemaMarks
    ) -> Bool {
        if properties.patternCount == 0 && properties.additional < 0 {
            // Only `properties`: look each name up.
            var all = _SchemaConjunction()
            let unit = reporter.beginKeyword("properties", hidesDetails: false)
            for offset in 0..<Int(properties.namedCount) {
                let nameIndex = Int(properties.namedStart) &+ offset
                guard let index = object.index(ofName: nameBytes(nameIndex), hash: nameHashes[nameIndex]) else {
                    if !Reporter.isEnabled && nameFlags[nameIndex] & _SchemaProgram.requiredByProperties != 0 {
                        return false
                    }
                    continue
                }
                marks?.pointee.insert(index)
                reporter.pushKeyword("properties")
                if Reporter.isEnabled {
                    reporter.pushKeyword(names[nameIndex])
                    reporter.pushInstance(names[nameIndex], ordinal: index)
                }
                let childValid = evaluateChild(nodeLists[Int(nodesStart) &+ offset], object.value(at: index))
                reporter.popInstance()
                reporter.popKeyword()
                reporter.popKeyword()
                if conjoin(childValid, &all) { return false }
            }
            reporter.end(unit, valid: all.isValid, error: nil)
            return settle(all)
        }
        if Reporter.isEnabled { return reportProperties(properties, nodesStart, object, marks) }
        if properties.patternCount == 0 {
            return evaluateNamedPropertiesInOnePass(properties, nodesStart, object, marks)
        }
        return evaluatePropertiesInOnePass(properties, nodesStart, object, marks)
    }

    /// ``evaluatePropertiesInOnePass(_:_:_:_:)`` without
    /// `patternProperties`, the common case: a loop of its own, which keeps
    /// what it needs in registers where the one that also matches patterns
    /// kept it on the stack.
    ///
    /// A name is only looked up, by its key (see `_SchemaNameKey`), which
    /// is taken from the name in place: up to sixteen bytes, that is all the
    /// lookup needs. (Nothing to look up when there are no named
    /// properties: `additionalProperties` alone applies to every member.)
    @inline(never)
    private mutating func evaluateNamedPropertiesInOnePass(
        _ properties: _SchemaProgram.Properties, _ nodesStart: Int32, _ object: _SchemaObjectView,
        _ marks: _SchemaMarks
    ) -> Bool {
        let members = object.members
        var all = _SchemaConjunction()
        let namedSet = _SchemaProgram.NameSet(
            start: properties.namedStart, count: properties.namedCount, lookup: properties.lookup,
            lookupMask: properties.lookupMask)
        for index in members.indices {
            var named: Int32?
            if properties.namedCount > 0 {
                if let key = object.nameKey(at: index), key.isWhole {
                    named = find(key, UnsafeBufferPointer(start: nil, count: 0), in: namedSet)
                } else {
                    named = namedProperty(at: index, of: object, properties)
                }
            }
            if let offset = named {
                if conjoin(evaluateDispatching(nodeLists[Int(nodesStart &+ offset)], object.value(at: index)), &all) {
                    return false
                }
            } else if properties.additional >= 0 {
                if conjoin(evaluateChild(properties.additional, object.value(at: index)), &all) { return false }
            } else {
                continue
            }
            marks?.pointee.insert(index)
        }
        return settle(all)
    }

    /// The named property that a member whose name is longer than sixteen
    /// bytes is (its offset), if any: out of line, as such names are rare.
    @inline(never)
    private mutating func namedProperty(
        at index: Int, of object: _SchemaObjectView, _ properties: _SchemaProgram.Properties
    ) -> Int32? {
        let buffer = nameScratch
        if let count = object.copyName(at: index, into: buffer) {
            return namedProperty(
                UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count),
                in: properties)
        }
        return _MemberTable.withBytes(of: object.members[index].key) { matchName($0, properties).0 }
    }

    /// `properties` with `patternProperties` (and perhaps
    /// `additionalProperties`), on the fast path: a function of its own, so
    /// that the lookups of ``evaluateProperties(_:_:_:_:)`` stay inlined
    /// there.
    @inline(never)
    private mutating func evaluatePropertiesInOnePass(
        _ properties: _SchemaProgram.Properties, _ nodesStart: Int32, _ object: _SchemaObjectView,
        _ marks: _SchemaMarks
    ) -> Bool {
        let members = object.members
        // The fast path, in one pass. Names are matched by their bytes,
        // copied to a scratch buffer, so that no name is retained; a longer
        // one is read from its `String`.
        let buffer = nameScratch
        var all = _SchemaConjunction()
        for index in members.indices {
            var named: Int32?
            var patternMatches: UInt64 = 0
            if let count = object.copyName(at: index, into: buffer) {
                (named, patternMatches) = matchName(
                    UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count),
                    properties)
            } else {
                (named, patternMatches) = _MemberTable.withBytes(of: members[index].key) { matchName($0, properties) }
            }
            var matched = false
            if let offset = named {
                matched = true
                if conjoin(evaluateDispatching(nodeLists[Int(nodesStart &+ offset)], object.value(at: index)), &all) {
                    return false
                }
            }
            for offset in 0..<Int(properties.patternCount) {
                let (patternIndex, child) = patternNodes[Int(properties.patternStart) &+ offset]
                let isMatch =
                    offset < 64
                    ? patternMatches & (1 << UInt64(offset)) != 0
                    : patterns[Int(patternIndex)].regex.firstMatchExists(in: members[index].key)
                guard isMatch else { continue }
                matched = true
                if conjoin(evaluateChild(child, object.value(at: index)), &all) { return false }
            }
            if !matched && properties.additional >= 0 {
                matched = true
                if conjoin(evaluateChild(properties.additional, object.value(at: index)), &all) { return false }
            }
            if matched { marks?.pointee.insert(index) }
        }
        return settle(all)
    }

    /// `properties`, `patternProperties` and `additionalProperties` for a
    /// report: one pass over the members for each keyword, so that each has
    /// a unit of its own in the output, beside the others.
    private mutating func reportProperties(
        _ properties: _SchemaProgram.Properties, _ nodesStart: Int32, _ object: _SchemaObjectView,
        _ marks: _SchemaMarks
    ) -> Bool {
        let members = object.members
        let matches = members.indices.map { index in
            _MemberTable.withBytes(of: members[index].key) { matchName($0, properties) }
        }
        var all = _SchemaConjunction()
        if properties.namedCount > 0 {
            let unit = reporter.beginKeyword("properties", hidesDetails: false)
            var keyword = _SchemaConjunction()
            for index in members.indices {
                guard let offset = matches[index].0 else { continue }
                marks?.pointee.insert(index)
                reporter.pushKeyword("properties")
                reporter.pushKeyword(members[index].key)
                reporter.pushInstance(members[index].key, ordinal: index)
                _ = conjoin(evaluateChild(nodeLists[Int(nodesStart &+ offset)], object.value(at: index)), &keyword)
                reporter.popInstance()
                reporter.popKeyword()
                reporter.popKeyword()
            }
            reporter.end(unit, valid: keyword.isValid, error: nil)
            all.formConjunction(keyword)
        }
        if properties.patternCount > 0 {
            let unit = reporter.beginKeyword("patternProperties", hidesDetails: false)
            var keyword = _SchemaConjunction()
            for index in members.indices {
                for offset in 0..<Int(properties.patternCount) {
                    let (patternIndex, child) = patternNodes[Int(properties.patternStart) &+ offset]
                    let isMatch =
                        offset < 64
                        ? matches[index].1 & (1 << UInt64(offset)) != 0
                        : patterns[Int(patternIndex)].regex.firstMatchExists(in: members[index].key)
                    guard isMatch else { continue }
                    marks?.pointee.insert(index)
                    reporter.pushKeyword("patternProperties")
                    reporter.pushKeyword(patterns[Int(patternIndex)].source)
                    reporter.pushInstance(members[index].key, ordinal: index)
                    _ = conjoin(evaluateChild(child, object.value(at: index)), &keyword)
                    reporter.popInstance()
                    reporter.popKeyword()
                    reporter.popKeyword()
                }
            }
            reporter.end(unit, valid: keyword.isValid, error: nil)
            all.formConjunction(keyword)
        }
        if properties.additional >= 0 {
            let unit = reporter.beginKeyword("additionalProperties", hidesDetails: false)
            var keyword = _SchemaConjunction()
            for index in members.indices
            where matches[index].0 == nil && !patternMatched(matches[index].1, members[index].key, properties) {
                marks?.pointee.insert(index)
                reporter.pushKeyword("additionalProperties")
                reporter.pushInstance(members[index].key, ordinal: index)
                if case .alwaysInvalid = nodes[Int(properties.additional)].shape {
                    keyword.isInvalid = true
                    reporter.fail(nil, "the property \(_SchemaMessages.quote(members[index].key)) is not allowed here")
                } else {
                    _ = conjoin(evaluateChild(properties.additional, object.value(at: index)), &keyword)
                }
                reporter.popInstance()
                reporter.popKeyword()
            }
            reporter.end(unit, valid: keyword.isValid, error: nil)
            all.formConjunction(keyword)
        }
        return settle(all)
    }

    /// Whether a member matched any `patternProperties`: one of the first
    /// 64 by `firstMatches`, or one of the rest.
    private func patternMatched(
        _ firstMatches: UInt64, _ name: String, _ properties: _SchemaProgram.Properties
    ) -> Bool {
        if firstMatches != 0 { return true }
        guard properties.patternCount > 64 else { return false }
        return (64..<Int(properties.patternCount)).contains { offset in
            patterns[Int(patternNodes[Int(properties.patternStart) &+ offset].pattern)].regex.firstMatchExists(in: name)
        }
    }

    /// The named property a member name is (its offset), and the first 64
    /// `patternProperties` it matches (as bits).
    ///
    /// `mutating` although it changes nothing: a call from a mutating
    /// method to a non-mutating one copied the whole evaluator (its tables'
    /// 400 bytes) to pass it, and this one is called for every member.
    @inline(__always)
    private mutating func matchName(
        _ bytes: UnsafeBufferPointer<UInt8>, _ properties: _SchemaProgram.Properties
    ) -> (Int32?, UInt64) {
        let named = properties.namedCount > 0 ? namedProperty(bytes, in: properties) : nil
        var matches: UInt64 = 0
        for offset in 0..<min(Int(properties.patternCount), 64) {
            let patternIndex = Int(patternNodes[Int(properties.patternStart) &+ offset].pattern)
            if patternMatches(patternIndex, bytes) { matches |= 1 << UInt64(offset) }
        }
        return (named, matches)
    }

    /// The offset among `properties`' named properties of the one called
    /// `name`, if any.
    @inline(__always)
    private mutating func namedProperty(_ bytes: UnsafeBufferPointer<UInt8>, in properties: _SchemaProgram.Properties)
        -> Int32?
    {
        find(
            bytes,
            in: _SchemaProgram.NameSet(
                start: properties.namedStart, count: properties.namedCount, lookup: properties.lookup,
                lookupMask: properties.lookupMask))
    }

    /// The offset in `set` of the name whose bytes are `bytes`, if any.
    ///
    /// `mutating` although it changes nothing, as ``matchName(_:_:)``.
    @inline(__always)
    private mutating func find(_ bytes: UnsafeBufferPointer<UInt8>, in set: _SchemaProgram.NameSet) -> Int32? {
        find(_SchemaNameKey(bytes), bytes, in: set)
    }

    /// The offset in `set` of the name whose bytes are `bytes` and whose
    /// key is `key`, if any: compared by their keys, and by their bytes
    /// only past sixteen.
    @inline(__always)
    private mutating func find(
        _ key: _SchemaNameKey, _ bytes: UnsafeBufferPointer<UInt8>, in set: _SchemaProgram.NameSet
    ) -> Int32? {
        let start = Int(set.start)
        guard set.lookup >= 0 else {
            for offset in 0..<Int(set.count) where nameKeys[start &+ offset] == key {
                if key.isWhole || _bytesEqual(nameBytes(start &+ offset), bytes) { return Int32(offset) }
            }
            return nil
        }
        let mask = Int(set.lookupMask)
        var slot = key.hash & mask
        while true {
            let entry = nameSlots[Int(set.lookup) &+ slot]
            guard entry != 0 else { return nil }
            let offset = Int(entry) &- 1
            if nameKeys[start &+ offset] == key && (key.isWhole || _bytesEqual(nameBytes(start &+ offset), bytes)) {
                return Int32(offset)
            }
            slot = (slot &+ 1) & mask
        }
    }

    private mutating func evaluateUnevaluatedProperties(
        _ child: Int32, _ object: _SchemaObjectView, _ marks: _SchemaMarks
    ) -> Bool {
        let members = object.members
        let unit = reporter.beginKeyword("unevaluatedProperties", hidesDetails: false)
        var all = _SchemaConjunction()
        for index in members.indices where marks?.pointee.contains(index) != true {
            marks?.pointee.insert(index)
            reporter.pushKeyword("unevaluatedProperties")
            if Reporter.isEnabled { reporter.pushInstance(members[index].key, ordinal: index) }
            var decided = false
            if case .alwaysInvalid = nodes[Int(child)].shape {
                all.isInvalid = true
                decided = !Reporter.isEnabled
                if Reporter.isEnabled {
                    reporter.fail(
                        nil,
                        "the property \(_SchemaMessages.quote(members[index].key)) is not allowed here (unevaluated)")
                }
            } else {
                decided = conjoin(evaluateChild(child, object.value(at: index)), &all)
            }
            reporter.popInstance()
            reporter.popKeyword()
            if decided { break }
        }
        return endUnevaluated("unevaluatedProperties", unit, all, marks)
    }

    /// The result of `unevaluatedProperties` or `unevaluatedItems`. When it
    /// fails on a member or item that an undecided subschema (one that
    /// entered a cycle) might have evaluated, it is undecided too.
    private mutating func endUnevaluated(
        _ keyword: String, _ unit: Int, _ all: _SchemaConjunction, _ marks: _SchemaMarks
    ) -> Bool {
        if Reporter.watchesCycles && all.isInvalid && marks?.pointee.isIncomplete == true {
            if Reporter.isEnabled {
                reporter.endUndecided(
                    unit,
                    error: "\"\(keyword)\" cannot be decided: a subschema applied to this value applies itself to "
                        + "it in a cycle, so what it evaluates is unknown")
            }
            undecided = true
            return false
        }
        reporter.end(unit, valid: all.isValid, error: nil)
        return settle(all)
    }

    // MARK: Arrays

    private mutating func evaluateItems(
        _ items: _SchemaProgram.Items, _ elements: UnsafeBufferPointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        var all = _SchemaConjunction()
        let prefixKeyword = items.isLegacy ? "items" : "prefixItems"
        let restKeyword = items.isLegacy ? "additionalItems" : "items"
        let prefixCount = min(Int(items.prefixCount), elements.count)
        let unit = reporter.beginKeyword(items.prefixCount == 0 ? "items" : prefixKeyword, hidesDetails: false)
        for index in 0..<prefixCount {
            reporter.pushKeyword(prefixKeyword)
            reporter.pushKeyword(index: index)
            reporter.pushInstance(index: index)
            let childValid = evaluateChild(
                nodeLists[Int(items.prefixStart) &+ index], elements.baseAddress.unsafelyUnwrapped + index)
            reporter.popInstance()
            reporter.popKeyword()
            reporter.popKeyword()
            if conjoin(childValid, &all) { return false }
        }
        // Without a prefix, the schema for every item is `items` in any
        // dialect.
        let restName = items.prefixCount == 0 ? "items" : restKeyword
        if items.rest >= 0, prefixCount < elements.count {
            let restShape = nodes[Int(items.rest)].shape
            if !Reporter.isEnabled, case .typeOnly(let types) = restShape {
                // The common `"items": {"type": …}`, without a call per item.
                for index in prefixCount..<elements.count
                where !types.acceptsItem(elements.baseAddress.unsafelyUnwrapped + index) { return false }
            } else if !Reporter.isEnabled, let leaf = leaf(items.rest) {
                // A leaf for every item (`{"type": "array", "items": …}`):
                // its node read once, not once an item.
                for index in prefixCount..<elements.count {
                    let element = elements.baseAddress.unsafelyUnwrapped + index
                    guard leaf.types.acceptsItem(element), evaluateLeaf(leaf, element) else { return false }
                }
            } else if case .alwaysInvalid = restShape {
                all.isInvalid = true
                if Reporter.isEnabled {
                    reporter.pushKeyword(restName)
                    reporter.fail(
                        nil,
                        "expected at most \(_SchemaMessages.plural(prefixCount, "item")), but found \(elements.count)")
                    reporter.popKeyword()
                }
            } else {
                for index in prefixCount..<elements.count {
                    reporter.pushKeyword(restName)
                    reporter.pushInstance(index: index)
                    let childValid = evaluateDispatching(items.rest, elements.baseAddress.unsafelyUnwrapped + index)
                    reporter.popInstance()
                    reporter.popKeyword()
                    if conjoin(childValid, &all) { return false }
                }
            }
            marks?.pointee.insertAll(below: elements.count)
        } else {
            marks?.pointee.insertAll(below: prefixCount)
        }
        reporter.end(unit, valid: all.isValid, error: nil)
        return settle(all)
    }

    private mutating func evaluateContains(
        _ contains: _SchemaContains, _ elements: UnsafeBufferPointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        let unit = reporter.beginKeyword("contains", hidesDetails: true)
        var matches = 0
        // Items whose match is undecided: they might match or not.
        var undecidedMatches = 0
        let needsAll = Reporter.isEnabled || contains.maximum != nil || (marks != nil && contains.marksEvaluated)
        for index in elements.indices {
            reporter.pushKeyword("contains")
            reporter.pushInstance(index: index)
            let matched = evaluateChild(Int32(contains.node), elements.baseAddress.unsafelyUnwrapped + index)
            reporter.popInstance()
            reporter.popKeyword()
            if matched {
                matches += 1
                if contains.marksEvaluated { marks?.pointee.insert(index) }
                if !needsAll && matches >= contains.minimum { break }
            } else if takeUndecided() {
                undecidedMatches += 1
                if contains.marksEvaluated { marks?.pointee.isIncomplete = true }
            }
        }
        if Reporter.watchesCycles && undecidedMatches > 0 {
            // Decided only if every way the undecided items could go gives
            // the same answer.
            let mayFail =
                matches < contains.minimum || contains.maximum.map { matches + undecidedMatches > $0 } == true
            let mayPass =
                matches + undecidedMatches >= contains.minimum && contains.maximum.map { matches <= $0 } != false
            if mayFail && mayPass {
                if Reporter.isEnabled { reporter.endUndecided(unit, error: nil) }
                undecided = true
                return false
            }
        }
        var error: String?
        if matches < contains.minimum {
            if matches == 0 {
                error = "none of the items is valid against the schema in \"contains\""
            } else {
                error =
                    "only \(_SchemaMessages.plural(matches, "item")) \(matches == 1 ? "is" : "are") valid against "
                    + "the schema in \"contains\", but at least \(contains.minimum) must be"
            }
        } else if let maximum = contains.maximum, matches > maximum {
            error =
                "\(_SchemaMessages.plural(matches, "item")) are valid against the schema in \"contains\", "
                + "but at most \(maximum) may be"
        }
        let valid = error == nil
        if Reporter.isEnabled { reporter.end(unit, valid: valid, error: error) }
        return valid
    }

    private mutating func evaluateUnevaluatedItems(
        _ child: Int32, _ elements: UnsafeBufferPointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        let unit = reporter.beginKeyword("unevaluatedItems", hidesDetails: false)
        var all = _SchemaConjunction()
        for index in elements.indices where marks?.pointee.contains(index) != true {
            marks?.pointee.insert(index)
            reporter.pushKeyword("unevaluatedItems")
            reporter.pushInstance(index: index)
            var decided = false
            if case .alwaysInvalid = nodes[Int(child)].shape {
                all.isInvalid = true
                decided = !Reporter.isEnabled
                if Reporter.isEnabled { reporter.fail(nil, "item \(index) is not allowed here (unevaluated)") }
            } else {
                decided = conjoin(evaluateChild(child, elements.baseAddress.unsafelyUnwrapped + index), &all)
            }
            reporter.popInstance()
            reporter.popKeyword()
            if decided { break }
        }
        return endUnevaluated("unevaluatedItems", unit, all, marks)
    }

    // MARK: Combinations

    private mutating func evaluateAllOf(
        _ start: Int32, _ count: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        let unit = reporter.beginKeyword("allOf", hidesDetails: false)
        var all = _SchemaConjunction()
        for offset in 0..<Int(count) {
            reporter.pushKeyword("allOf")
            reporter.pushKeyword(index: offset)
            let childValid = evaluateInPlace(nodeLists[Int(start) &+ offset], instance, marks)
            reporter.popKeyword()
            reporter.popKeyword()
            if conjoin(childValid, &all) { return false }
        }
        reporter.end(unit, valid: all.isValid, error: nil)
        return settle(all)
    }

    private mutating func evaluateAnyOf(
        _ start: Int32, _ count: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        let unit = reporter.beginKeyword("anyOf", hidesDetails: true)
        var valid = false
        var isUndecided = false
        for offset in 0..<Int(count) {
            reporter.pushKeyword("anyOf")
            reporter.pushKeyword(index: offset)
            let childValid = evaluateInPlace(nodeLists[Int(start) &+ offset], instance, marks)
            reporter.popKeyword()
            reporter.popKeyword()
            if childValid {
                valid = true
                // Every valid branch's annotations count, so go on only if
                // they are wanted.
                if marks == nil && !(Reporter.isEnabled && reporter.keepsEverything) { break }
            } else if takeUndecided() {
                isUndecided = true
            }
        }
        if Reporter.watchesCycles && isUndecided && !valid {
            // No branch is valid, and one might be.
            if Reporter.isEnabled { reporter.endUndecided(unit, error: nil) }
            undecided = true
            return false
        }
        if Reporter.isEnabled {
            reporter.end(
                unit, valid: valid,
                error:
                    "\(describe(instance)) is not valid against any of the schemas in \"anyOf\""
            )
        }
        return valid
    }

    private mutating func evaluateOneOf(
        _ start: Int32, _ count: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        let unit = reporter.beginKeyword("oneOf", hidesDetails: true)
        var first: Int?
        var second: Int?
        // The marks of the valid branches: if exactly one is valid, its own.
        let ownMarks: _SchemaMarks = marks == nil ? nil : .allocate(capacity: 1)
        ownMarks?.initialize(to: _SchemaBitSet())
        defer {
            ownMarks?.deinitialize(count: 1)
            ownMarks?.deallocate()
        }
        var isUndecided = false
        for offset in 0..<Int(count) {
            reporter.pushKeyword("oneOf")
            reporter.pushKeyword(index: offset)
            let childValid = evaluateInPlace(nodeLists[Int(start) &+ offset], instance, ownMarks)
            reporter.popKeyword()
            reporter.popKeyword()
            if childValid {
                if first == nil {
                    first = offset
                } else {
                    second = offset
                    if !Reporter.isEnabled { break }
                }
            } else if takeUndecided() {
                isUndecided = true
            }
        }
        if Reporter.watchesCycles && isUndecided && second == nil {
            // Fewer than two branches are valid, and an undecided one might
            // be valid or not.
            marks?.pointee.isIncomplete = true
            if Reporter.isEnabled { reporter.endUndecided(unit, error: nil) }
            undecided = true
            return false
        }
        let valid = first != nil && second == nil
        if valid, let marks, let ownMarks { marks.pointee.formUnion(ownMarks.pointee) }
        if Reporter.isEnabled {
            let error =
                if let first, let second {
                    "\(describe(instance)) is valid against more than one of the schemas in "
                        + "\"oneOf\" (\(first) and \(second)), but must be valid against exactly one"
                } else {
                    "\(describe(instance)) is not valid against any of the schemas in \"oneOf\""
                }
            reporter.end(unit, valid: valid, error: error)
        }
        return valid
    }

    /// `oneOf` or `anyOf` on the fast path through a discriminator: only
    /// the branches that the object's value of the property leaves open are
    /// evaluated (see ``_SchemaDiscriminator``); `nil` if the instance is not
    /// an object, where the discriminator says nothing.
    private mutating func evaluateDiscriminated(
        _ index: Int32, _ instance: UnsafePointer<JSONValue>, isOneOf: Bool
    ) -> Bool? {
        guard let object = _SchemaInstanceView.object(of: instance) else { return nil }
        let discriminator = discriminators[Int(index)]
        let name = Int(discriminator.name)
        var pinned: (start: Int32, count: Int32) = (0, 0)
        var valid = 0
        var isUndecided = false
        if let member = object.index(ofName: nameBytes(name), hash: nameHashes[name]) {
            let value = object.value(at: member)
            if discriminator.keyed < 0 {
                if case .string = value.pointee,
                    let offset = _MemberTable.withBytes(
                        of: value.pointee.unsafelyUnwrappedString, { find($0, in: discriminator.values) })
                {
                    pinned = discriminatorCases[Int(discriminator.casesStart &+ offset)]
                }
            } else {
                let keyed = program.keyedDiscriminators[Int(discriminator.keyed)][
                    _SchemaValueKey(value: numbers.map { $0.pointee.unboxed(value.pointee) } ?? value.pointee)]
                for node in keyed ?? [] {
                    if evaluateChild(node, instance) {
                        valid += 1
                        if !isOneOf || valid > 1 { return !isOneOf }
                    } else if takeUndecided() {
                        isUndecided = true
                    }
                }
            }
        } else if discriminator.parentRequires {
            // The schema around requires the property, and fails without it.
            return false
        }
        for pass in 0..<2 {
            let (start, count) = pass == 0 ? pinned : (discriminator.othersStart, discriminator.othersCount)
            for list in Int(start)..<Int(start &+ count) {
                if evaluateChild(nodeLists[list], instance) {
                    valid += 1
                    if !isOneOf || valid > 1 { return !isOneOf }
                } else if takeUndecided() {
                    isUndecided = true
                }
            }
        }
        // Fewer than two branches are valid (one for `anyOf`): an undecided
        // branch leaves the result undecided.
        if isUndecided { undecided = true }
        return isOneOf ? valid == 1 && !isUndecided : valid > 0
    }

    private mutating func evaluateConditional(
        _ condition: Int32, _ then: Int32, _ otherwise: Int32, _ instance: UnsafePointer<JSONValue>,
        _ marks: _SchemaMarks
    ) -> Bool {
        // `if` never fails the schema: its errors are not the instance's.
        let unit = reporter.beginKeyword("if", hidesDetails: true)
        reporter.pushKeyword("if")
        let holds = evaluateInPlace(condition, instance, marks)
        reporter.popKeyword()
        if !holds && takeUndecided() {
            // Neither `then` nor `else` can be chosen.
            if Reporter.isEnabled { reporter.endUndecided(unit, error: nil) }
            undecided = true
            return false
        }
        if Reporter.isEnabled { reporter.end(unit, valid: true, error: nil) }
        let branch = holds ? then : otherwise
        guard branch >= 0 else { return true }
        let keyword = holds ? "then" : "else"
        let branchUnit = reporter.beginKeyword(keyword, hidesDetails: false)
        reporter.pushKeyword(keyword)
        let valid = evaluateInPlace(branch, instance, marks)
        reporter.popKeyword()
        reporter.end(branchUnit, valid: valid, error: nil)
        return valid
    }

    // MARK: References

    private mutating func evaluateReference(
        _ keyword: String, _ target: Int32, _ instance: UnsafePointer<JSONValue>, _ marks: _SchemaMarks
    ) -> Bool {
        let unit = reporter.beginKeyword(keyword, hidesDetails: false)
        reporter.pushKeyword(keyword)
        let valid = evaluateInPlace(target, instance, marks)
        reporter.popKeyword()
        reporter.end(unit, valid: valid, error: nil)
        return valid
    }

    /// The node a `$dynamicRef` or `$recursiveRef` leads to in the current
    /// dynamic scope: the outermost resource that has a matching dynamic
    /// anchor (or `"$recursiveAnchor": true`), else the static target.
    private func resolve(_ reference: _SchemaDynamicReference) -> Int32 {
        if let name = reference.dynamicAnchor {
            for resource in scope {
                if let node = program.resources[Int(resource)].dynamicAnchors[name] { return Int32(node) }
            }
        } else if reference.isRecursive {
            for resource in scope {
                if let node = program.resources[Int(resource)].recursiveAnchor { return Int32(node) }
            }
        }
        return Int32(reference.target)
    }
}

/// A name's length and at most sixteen of its bytes in two words: its
/// first and last eight bytes (which overlap below sixteen), or below eight
/// all of them in one word (see `_shortWord`). Names of up to sixteen bytes
/// are equal exactly when their keys are, so that a lookup compares three
/// numbers instead of bytes, and longer ones only when their keys are.
struct _SchemaNameKey: Equatable {
    var count: Int
    var first: UInt64
    var last: UInt64

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        first = 0
        last = 0
        guard let base = bytes.baseAddress, count > 0 else { return }
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            first = raw.loadUnaligned(as: UInt64.self)
            last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        } else {
            first = _shortWord(raw, count: count)
        }
    }

    /// Whether equal keys mean equal names.
    @inline(__always)
    var isWhole: Bool { count <= 16 }

    /// A quick hash, for the tables of a schema's named properties: the
    /// two words, one with the length, multiplied to 128 bits and the
    /// halves mixed (one multiplication, where three with their shifts
    /// cost a fifth of a lookup). Every bit of each word reaches the low
    /// bits that pick a slot through the high half. Neither factor is
    /// ever 0, as a word of UTF-8 and zeros never has the byte 0xFF. The
    /// tables hold only the schema's own names and are at most half full,
    /// so a name made to collide costs no more than comparing it with each
    /// of them.
    @inline(__always)
    var hash: Int {
        let (high, low) = (first ^ 0xFFA0_7611_2F4D_93FF).multipliedFullWidth(
            by: last ^ UInt64(truncatingIfNeeded: count) ^ 0xFF37_79B9_7F4A_7CFF)
        return Int(truncatingIfNeeded: high ^ low)
    }
}

/// The ``_SchemaNameKey/hash`` of a name's bytes.
@inline(__always)
func _schemaNameHash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    _SchemaNameKey(bytes).hash
}

/// Where a subschema records the members or items it evaluated, for
/// `unevaluatedProperties` and `unevaluatedItems`; `nil` where nobody needs
/// them, which is almost everywhere.
typealias _SchemaMarks = UnsafeMutablePointer<_SchemaBitSet>?

/// The results so far of parts that must all hold; see
/// ``_SchemaEvaluator/conjoin(_:_:)``.
struct _SchemaConjunction {
    /// ``isInvalid`` and ``isUndecided`` as bits, so that whether every
    /// part is valid is one test.
    private var bits: UInt8 = 0

    /// Whether a part is invalid, which decides the whole.
    var isInvalid: Bool {
        get { bits & 1 != 0 }
        set { bits = newValue ? bits | 1 : bits & ~1 }
    }

    /// Whether a part is undecided, because it entered a cycle.
    var isUndecided: Bool {
        get { bits & 2 != 0 }
        set { bits = newValue ? bits | 2 : bits & ~2 }
    }

    /// Whether every part so far is valid.
    var isValid: Bool { bits == 0 }

    /// Adds the parts of another conjunction.
    mutating func formConjunction(_ other: _SchemaConjunction) {
        bits |= other.bits
    }
}

/// The address of a local variable of the caller's frame: how deep the
/// stack is, as stacks grow down on every platform Swift supports.
@inline(never)
func _stackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

// MARK: - Entry points for the streaming validator

extension _SchemaProgram {
    /// Whether subschema `node`, or only its check `check` (an index into
    /// ``checks``), holds for the value at `instance`, on the fast path,
    /// in the dynamic scope `scope` (resources, outermost first).
    func isValid(
        node: Int32, check: Int? = nil, _ instance: UnsafePointer<JSONValue>, scope: [Int32],
        numbers: UnsafePointer<_ExactNumbers>?
    ) -> Bool {
        guard cycleNodeCount == 0 else {
            return _SchemaEvaluator<_SchemaCycleSilence>.withScratch(for: self) { scratch, cycleMarks in
                var evaluator = _SchemaEvaluator(
                    program: self, reporter: _SchemaCycleSilence(), nameScratch: scratch, numbers: numbers,
                    cycleMarks: cycleMarks)
                evaluator.scope = scope
                return withExtendedLifetime(self) {
                    if let check { return evaluator.evaluateCheck(check, of: node, instance) }
                    return evaluator.evaluate(node, instance, nil)
                }
            }
        }
        return _SchemaEvaluator<_SchemaSilence>.withNameScratch { scratch in
            var evaluator = _SchemaEvaluator(
                program: self, reporter: _SchemaSilence(), nameScratch: scratch, numbers: numbers, cycleMarks: nil)
            evaluator.scope = scope
            return withExtendedLifetime(self) {
                if let check { return evaluator.evaluateCheck(check, of: node, instance) }
                return evaluator.evaluate(node, instance, nil)
            }
        }
    }

    /// The errors of subschema `node`, or only of its check `check`, at the
    /// value at `instance`, with locations under the given prefixes: the
    /// keyword path to the node, and the instance location with the
    /// positions of its members and items (for document order).
    func errors(
        node: Int32, check: Int? = nil, _ instance: UnsafePointer<JSONValue>, keywordPrefix: [String],
        instanceTokens: [String], instanceOrder: [Int], scope: [Int32], numbers: UnsafePointer<_ExactNumbers>?
    ) -> [(order: [Int], error: JSONSchema.ValidationError)] {
        _SchemaEvaluator<_SchemaOutputBuilder>.withScratch(for: self) { scratch, cycleMarks in
            var evaluator = _SchemaEvaluator(
                program: self,
                reporter: _SchemaOutputBuilder(
                    program: self, keywordPrefix: keywordPrefix, instanceTokens: instanceTokens,
                    instanceOrder: instanceOrder),
                nameScratch: scratch, numbers: numbers, cycleMarks: cycleMarks)
            evaluator.scope = scope
            withExtendedLifetime(self) {
                if let check {
                    _ = evaluator.evaluateCheck(check, of: node, instance)
                } else {
                    _ = evaluator.evaluate(node, instance, nil)
                }
            }
            return _SchemaOutput.orderedErrors(in: evaluator.reporter.units, program: self)
        }
    }
}

/// One evaluator on the fast path, kept by a streaming validator to judge
/// complete scalars by subschemas that cannot nest (see
/// ``_SchemaProgram/Node/isLeaf``): building an evaluator for each scalar
/// cost more than judging it.
///
/// Only leaves are judged with it: they use neither the depth, nor the
/// stack limit of the place where the evaluator was made, nor the scope.
/// A validator that is copied makes a judge of its own before it uses one
/// (see ``isKnownUniquelyReferenced(_:)``), so no two threads share it.
final class _SchemaLeafJudge: @unchecked Sendable {
    /// The program whose tables ``evaluator`` reads, kept alive here.
    private let program: _SchemaProgram
    private let scratch: UnsafeMutableRawBufferPointer
    /// Behind a pointer: a stored property of a class is checked for
    /// exclusive access at each use, which cost a fifth of judging.
    private let evaluator: UnsafeMutablePointer<_SchemaEvaluator<_SchemaSilence>>

    init(program: _SchemaProgram) {
        self.program = program
        scratch = .allocate(byteCount: 64, alignment: 8)
        evaluator = .allocate(capacity: 1)
        evaluator.initialize(
            to: _SchemaEvaluator(
                program: program, reporter: _SchemaSilence(), nameScratch: scratch, numbers: nil, cycleMarks: nil))
    }

    deinit {
        evaluator.deinitialize(count: 1)
        evaluator.deallocate()
        scratch.deallocate()
    }

    /// Whether subschema `node` holds for the value at `instance`, or `nil`
    /// when the node is not a leaf and must be judged by a full evaluation.
    func judge(
        _ node: Int32, _ instance: UnsafePointer<JSONValue>, numbers: UnsafePointer<_ExactNumbers>?
    ) -> Bool? {
        evaluator.pointee.numbers = numbers
        defer { evaluator.pointee.numbers = nil }
        return withExtendedLifetime(program) { evaluator.pointee.evaluateIfLeaf(node, instance) }
    }
}

extension _SchemaEvaluator {
    /// ``evaluate(_:_:_:)``'s fast path alone: the outcome when subschema
    /// `id` is decided without nesting (`true`, `false`, a bare `type`, a
    /// refused type, or a leaf's checks), else `nil`.
    mutating func evaluateIfLeaf(_ id: Int32, _ instance: UnsafePointer<JSONValue>) -> Bool? {
        var node = nodes[Int(id)]
        if node.alias >= 0 { node = nodes[Int(node.alias)] }
        switch node.shape {
        case .alwaysValid: return true
        case .alwaysInvalid: return false
        case .typeOnly(let types): return types.accepts(instance)
        case .general:
            guard node.types.accepts(instance) else { return false }
            guard node.isLeaf else { return nil }
            return evaluateLeaf(node, instance)
        }
    }

    /// Runs one check of a node, as ``evaluate(_:_:_:)`` runs them all, in
    /// a unit of the node's: the streaming validator judges the keywords
    /// that need a whole value (`required`, `contains`…) one at a time.
    mutating func evaluateCheck(_ index: Int, of id: Int32, _ instance: UnsafePointer<JSONValue>) -> Bool {
        let node = nodes[Int(id)]
        let entersResource = program.usesDynamicScope && scope.last != node.resource
        if entersResource { scope.append(node.resource) }
        defer { if entersResource { scope.removeLast() } }
        let unit = reporter.beginNode(Int(id))
        let check = checks[index]
        let valid: Bool
        if let items = _SchemaInstanceView.elements(of: instance) {
            valid = evaluate(check, items: items, instance, nil)
        } else if let object = _SchemaInstanceView.object(of: instance) {
            if !Reporter.isEnabled, case .required(let start, let count) = check {
                // On its own, `required` looks up every name, those that the
                // fast path leaves to `properties` too.
                var present = true
                for name in Int(start)..<Int(start &+ count)
                where object.index(ofName: nameBytes(name), hash: nameHashes[name]) == nil {
                    present = false
                    break
                }
                valid = present
            } else {
                valid = evaluate(check, object: object, instance, nil)
            }
        } else if case .string = instance.pointee {
            valid = evaluate(check, string: instance)
        } else {
            valid = evaluate(check, scalar: instance)
        }
        reporter.end(unit, valid: valid, error: nil)
        return valid
    }
}

#endif
