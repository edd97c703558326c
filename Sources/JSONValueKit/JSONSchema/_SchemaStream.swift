#if JSONSchema

// The schema validation behind `JSONSchema.IncrementalValidator`: it follows
// a `JSONIncrementalParser` as the bytes arrive and says, after each chunk,
// what no continuation of the text can make valid.
//
// Nothing is added to the parser's reading: after each chunk, `sync(with:)`
// compares what the parser holds (its open containers, each container's
// complete members or elements on its stacks, the token it is reading, the
// bytes its batch took) with what the last call saw, and turns the
// difference into events, in document order:
//
// - a container opened: the subschemas that apply there are *expanded* into
//   frames, following `allOf`, `$ref` and `$dynamicRef` in place and
//   `anyOf`/`oneOf` branches under fates of their own, and the value's type
//   is judged by its first byte;
// - a member's name complete: `properties`, `patternProperties` and
//   `additionalProperties` of each frame route the member to its
//   subschemas, and `additionalProperties: false`, `propertyNames` and
//   `maxProperties` are judged;
// - an element started: `prefixItems`/`items` route it, `maxItems` is
//   judged (past the prefix and below every `maxItems`, by the list of
//   subschemas the array's frames found for such elements when it opened:
//   see `Level.restRouted`);
// - a child complete (a scalar, or a container read whole within a chunk):
//   each subschema routed to it is judged by the one-shot evaluator on the
//   complete value, which is linear in the child;
// - a string or literal being read: its type by its first byte, and for a
//   string, `maxLength`, `enum`, `const` and `pattern` as its text grows;
// - a container closed: the keywords that need the whole value (`required`,
//   `minItems`, `uniqueItems`, `contains`, `not`, `if`, `dependent…`,
//   `unevaluated…`, `enum`/`const` of a container) are judged by the
//   one-shot evaluator, and the `anyOf`/`oneOf` groups opened there are
//   decided from which branches are still alive.
//
// Every frame has a *fate*: the root's is certain, and a failure there is a
// violation; a branch of `anyOf`/`oneOf` has its own, and a failure there
// kills the branch, until every branch of a group is dead and the group
// fails its owner's fate. A branch alive when its group's value is complete
// is valid, since every keyword of every frame in it has been judged; so
// `oneOf` is decided at the close without evaluating a branch again.
//
// The state is a stack of levels, one per open container, each with its
// frames; the tables of path steps, scopes, fates and groups grow with the
// levels and shrink when they close. Nothing here recurses with the
// instance's depth, and the one-shot evaluator moves to a new stack for
// deep values, so a validation is safe on a small stack at any depth.

/// The streaming validation of one JSON text against a compiled schema.
@usableFromInline
struct _SchemaStream: Sendable {
    let program: _SchemaProgram

    /// A subschema applied at a location, whose failure fails `fate`;
    /// `path` is its keyword path (an index into `steps`, -1 for the root)
    /// and `scope` the dynamic scope it is evaluated in (an index into
    /// `scopes`, -1 when empty or not tracked).
    struct Frame {
        var node: Int32
        var fate: Int32
        var path: Int32
        var scope: Int32
    }

    /// One step of a keyword path: keyword `check` of subschema `node`, and
    /// which of its subschemas (`sub`: see `tokens(of:)`).
    struct Step {
        var parent: Int32
        var node: Int32
        var check: Int32
        var sub: Int32
    }

    struct ScopeLink {
        var parent: Int32
        var resource: Int32
    }

    /// Fate 0 is certain; every other is branch `branch` of `group`.
    struct Fate {
        var group: Int32
        var branch: Int32
        var isDead = false
    }

    /// An `anyOf` or `oneOf` applied at a location.
    struct Group {
        var isOneOf: Bool
        /// The fate of the frame whose keyword it is, and that frame's node,
        /// keyword path and scope.
        var owner: Int32
        var node: Int32
        var check: Int32
        var path: Int32
        var scope: Int32
        var firstFate: Int32
        var count: Int32
        var dead: Int32 = 0
        var isDecided = false
        /// Where it applies (a level or a child of one, which outlives
        /// the group).
        var place: Place
    }

    /// A place in the instance: where it is (tokens and member or item
    /// positions, for errors) and which value it is (`id`).
    struct Location {
        var tokens: [String]
        var order: [Int]
        var id: LocationID
    }

    /// Which value a location is: a container by where it starts in the
    /// stream, or a scalar by its container's start (-1 for the top level)
    /// and its position there.
    struct LocationID: Hashable {
        var container: Int
        var child: Int
    }

    /// The sizes of the tables when a level or child started: what its end
    /// frees.
    struct Mark {
        var steps: Int
        var scopes: Int
        var fates: Int
        var groups: Int
    }

    /// An open array or object, as the parser has it.
    struct Level {
        var offset: Int
        var isObject: Bool
        /// Where it is in the level before: the name of the member it is
        /// the value of (`nil` in an array), and its position. Its location
        /// is made from them only if an error needs it.
        var name: String?
        var index: Int
        var mark: Mark
        var frames: [Frame] = []
        /// The nodes judged whole when the level closes (when expanding
        /// them went beyond the limit).
        var opaque: [Frame] = []
        /// How many members or elements have been judged.
        var seen = 0
        /// The child whose subschemas are known, and them, with the mark
        /// before they were found.
        var routedChild = -1
        var routed: [Frame] = []
        var routedMark: Mark?
        /// The name of the last member judged, to notice a repeated name.
        var lastName: String?
        /// In an array: what its frames route each item from `restFrom` on
        /// to (by `items` after any prefix, or `additionalItems`), found
        /// once when it opens, with their keyword paths; used for an item
        /// below `restLimit`, past which some frame's `maxItems` (or an
        /// `items: false`) may refuse it and the item is routed afresh.
        /// (Frames whose fate dies later stay in it: every use of routed
        /// frames skips a dead fate.)
        var restRouted: [Frame] = []
        var restFrom = Int.max
        var restLimit = 0
    }

    /// The string being read at the innermost location (or the top level),
    /// when keywords judge its text, with the frames they belong to.
    struct Pending {
        var place: Place
        var frames: [Frame]
        /// For a string: the decoded bytes looked at, and what each frame's
        /// keywords still allow.
        var bytesRead = 0
        var trackers: [Tracker] = []
        /// The scalars counted in the first `scalarsEnd` bytes, once some
        /// `maxLength` may be exceeded (a string has at most as many scalars
        /// as bytes, so they are counted only past the limit).
        var scalars = 0
        var scalarsEnd = 0
    }

    /// What a keyword of a frame still allows of a string being read.
    struct Tracker {
        var frame: Int
        var check: Int32
        var kind: Kind

        enum Kind {
            case maxLength(Int)
            /// The strings of `enum` or `const` (their UTF-8) that the text
            /// so far starts.
            case choices([[UInt8]])
            /// The same, for at most 64 strings: a bit for each of the
            /// plan's ``Plan/choiceStrings``, so that a candidate dropping
            /// out costs no new array.
            case someChoices(UInt64)
            /// The state of the pattern's automaton after the text so far.
            case pattern(Int32, state: Int)
        }
    }

    /// A violation whose message was written before its value was complete:
    /// it is written again from the one-shot evaluator's report when it is.
    struct Provisional {
        var location: Location
        var node: Int32
        var check: Int32
        var keywordPrefix: [String]
        var scope: [Int32]
    }

    var steps: [Step] = []
    var scopes: [ScopeLink] = []
    var fates: [Fate] = [Fate(group: -1, branch: 0)]
    var groups: [Group] = []
    var levels: [Level] = []
    /// The string being read, if keywords judge its text.
    var pending: Pending?
    /// Storage for the subschemas routed to a complete child, used again.
    private var scratchApplications: [Frame] = []
    /// Storage used again from scalar to scalar and level to level, so
    /// that following a value allocates little: the pending scalar's
    /// frames and trackers when it is dropped, the work list of
    /// `expand`, and the frame arrays of closed levels (empty, with their
    /// capacity).
    private var spareFrames: [Frame] = []
    private var spareTrackers: [Tracker] = []
    private var expandWork: [Frame] = []
    private var framePool: [[Frame]] = []
    private var scratchNames: [String?] = []
    /// What the parser held at the last call (not an optional, which
    /// costs a copy to compare after every chunk).
    private var lastSignature = Signature()

    /// What of the parser's state changes when the validation has something
    /// to follow: a value or name completed (a stack grows), a container
    /// opened or closed (the innermost one's start), a token started (where
    /// it starts), a value in the batch started or a literal completed there,
    /// a colon or comma read. Not the bytes of a string or number, which the
    /// trackers follow.
    struct Signature: Equatable {
        var elements: Int
        var members: Int
        var keys: Int
        var containers: Int
        /// Where the innermost open container, and the token being read,
        /// start in the stream: counts alone can come back to the same
        /// values after a chunk that closes and opens containers.
        var innermost: Int
        var tokenStart: Int
        /// The token being read, what the parser expects next, and whether
        /// it has a complete value, in one word.
        var state: Int
        var batchValue: Int
        var batchName: Int

        /// A signature that no parser has: the one before the first call.
        init() {
            elements = -1
            members = -1
            keys = -1
            containers = -1
            innermost = -1
            tokenStart = -1
            state = -1
            batchValue = -1
            batchName = -1
        }

        // Inlined, so that reading the storage retains nothing: it runs
        // after every chunk.
        @inline(__always)
        init(storage: _IncrementalParserStorage, batchValue started: _ByteBatch.StartedValue, batchName: Int) {
            elements = storage.parser.elementStack.count
            members = storage.parser.memberStack.count
            keys = storage.parser.keyStack.count
            containers = storage.parser.openContainers.count
            innermost = storage.parser.stream.containerOffsets.last ?? -1
            let token: Int
            switch storage.parser.stream.pending {
            case .none: token = 0
            case .string(let isKey, _): token = isKey ? 1 : 2
            case .number: token = 3
            case .retry(let isLiteral): token = isLiteral ? 4 : 5
            }
            tokenStart = token == 0 ? -1 : storage.parser.origin.offset
            state =
                token | Int(storage.parser.stream.expecting.rawValue) << 3
                | (storage.parser.stream.hasCompletedValue ? 1 << 11 : 0)
            switch started {
            case .none: batchValue = 0
            case .number: batchValue = 1
            case .string(let start): batchValue = 2 &+ start &* 8
            case .literal(let start, let complete): batchValue = (complete ? 3 : 4) &+ start &* 8
            }
            self.batchName = batchName
        }
    }
    /// Which scalar is being read (its first byte judged), and whether
    /// `pending` has trackers for its text: read after every chunk, without
    /// copying the pending state.
    private var pendingID: LocationID?
    @usableFromInline
    private(set) var pendingHasTrackers = false
    /// The length of the pending string's text, in decoded bytes, below
    /// which no tracker can fail: the shortest `maxLength` when every
    /// tracker is one (a string has at most as many characters as bytes),
    /// 0 otherwise. Its text is not looked at before.
    private var pendingWatchFrom = 0
    /// The mark before the scalar being read started: what dropping it
    /// frees.
    private var pendingMark: Mark?
    /// Whether the top-level value is complete, and every keyword that
    /// applies in it judged: then an empty ``violations`` means the value
    /// is valid (unless an object repeated a name, whose first value was
    /// judged; see `JSONSchema.IncrementalValidator.finish()`).
    @usableFromInline
    var isDone = false
    /// The text of the numbers boxed in the values read, when there are
    /// any (see `_SchemaExactNumbers.swift`), while ``sync(with:)`` runs.
    private var numbers: _ExactNumbers?
    /// The evaluator that judges complete scalars by subschemas that cannot
    /// nest, made when first needed (and again by a copy of the stream).
    private var leafJudge: _SchemaLeafJudge?

    private(set) var violationList: [(order: [Int], error: JSONSchema.ValidationError)] = []
    /// Changes whenever a violation is added or written again.
    private(set) var revision = 0
    private var violationIndex: [String: Int] = [:]
    var provisional: [Provisional] = []

    /// Each node's plan, `nil` until this stream has looked it up.
    /// Unretained: the program's ``_SchemaStreamPlans`` keep them alive, and
    /// retaining one for each member routed cost more than routing it.
    /// It starts as the program's table of the plans made so far, shared
    /// until this stream looks up one that was not made: a validator of a
    /// schema with many subschemas (FHIR's) cost more in filling a table of
    /// its own than in following a small instance.
    private var planTable: [Unmanaged<Plan>?]

    /// How many applications one location may expand into before its
    /// subschemas are judged whole instead, when its value is complete.
    static let expansionLimit = 4096

    init(program: _SchemaProgram) {
        self.program = program
        planTable = program.streamPlans.table
    }

    /// The violations so far, in document order.
    var violations: [JSONSchema.ValidationError] {
        guard violationList.count > 1 else { return violationList.map(\.error) }
        return violationList.enumerated().sorted { lhs, rhs in
            if lhs.element.order.lexicographicallyPrecedes(rhs.element.order) { return true }
            if rhs.element.order.lexicographicallyPrecedes(lhs.element.order) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element.error)
    }

    // MARK: - Following the parser

    /// Whether the string being read has keywords that judge its text as it
    /// grows: then a chunk of its text is followed even when nothing else
    /// changed (see ``followText(of:)``).
    @inlinable
    var followsText: Bool { pendingHasTrackers && !isDone }

    /// Follows the text of the string being read, after a chunk that
    /// changed nothing else of the parser's state: its storage is as the
    /// last ``sync(with:)`` saw it, and its batch has started no value and
    /// ended no name since.
    @usableFromInline
    mutating func followText(of parser: inout JSONIncrementalParser) {
        guard pendingHasTrackers && !isDone else { return }
        followStringText(storage: parser.storage, parser: &parser)
    }

    /// Brings the validation up to what `parser` has read.
    ///
    /// (`parser` is `inout` only so that it is not copied, with its batch,
    /// after every chunk; it is not changed.)
    @usableFromInline
    mutating func sync(with parser: inout JSONIncrementalParser) {
        guard !isDone else { return }
        let storage = parser.storage
        guard !storage.isReadingJSON5 else { return }
        // Most chunks change nothing the validation follows (more of a
        // string, of a number, of whitespace): the counts of the parser's
        // stacks and the token it reads say so, at the cost of a few loads.
        // (The batch's two fields, not the batch, which a call would copy.)
        let signature = Signature(
            storage: storage, batchValue: parser.batch.startedValue, batchName: parser.batch.nameEnd)
        if signature == lastSignature {
            if pendingHasTrackers { followStringText(storage: storage, parser: &parser) }
            return
        }
        lastSignature = signature
        // Read afresh and let go at the end: a copy kept between chunks
        // would make the parser copy the whole table at its next number.
        if storage.parser.exactNumbers?.isEmpty == false { numbers = storage.parser.exactNumbers }
        defer { numbers = nil }
        if let value = storage.lastValue {
            completeTopLevel(value, storage: storage)
            return
        }
        let parserCount = storage.parser.openContainers.count
        var common = Swift.min(levels.count, parserCount) &- 1
        while common >= 0 && offset(of: common) != storage.parser.stream.containerOffsets[common] {
            common &-= 1
        }
        if levels.count &- 1 > common {
            // The containers above `common` closed: the first of them is the
            // next child of `common`, which is open still.
            dropPending()
            let value = child(of: common, at: seen(of: common), storage: storage).value
            closeLevels(above: common, value: value)
            levels[common].seen &+= 1
        }
        if common >= 0 {
            let end = childCount(of: common, storage: storage)
            if let id = pendingID, id.container == offset(of: common), id.child < end {
                dropPending()
            }
            var index = seen(of: common)
            while index < end {
                let (name, value) = child(of: common, at: index, storage: storage)
                judgeChild(level: common, index: index, name: name, value: value)
                index &+= 1
            }
            levels[common].seen = end
        }
        if parserCount > common &+ 1 {
            dropPending()
            openLevels(from: common &+ 1, to: parserCount, storage: storage)
        }
        followInnermost(storage: storage, parser: &parser)
    }

    /// The number of complete members or elements of level `level` on the
    /// parser's stacks.
    private func childCount(of level: Int, storage: _IncrementalParserStorage) -> Int {
        let open = storage.parser.openContainers[level]
        var end = open.isObject ? storage.parser.memberStack.count : storage.parser.elementStack.count
        var deeper = level &+ 1
        while deeper < storage.parser.openContainers.count {
            let inner = storage.parser.openContainers[deeper]
            if inner.isObject == open.isObject {
                end = inner.start
                break
            }
            deeper &+= 1
        }
        return end &- open.start
    }

    /// Child `index` of level `level`, from the parser's stacks.
    private func child(
        of level: Int, at index: Int, storage: _IncrementalParserStorage
    ) -> (name: String?, value: JSONValue) {
        let open = storage.parser.openContainers[level]
        if open.isObject {
            let member = storage.parser.memberStack[open.start &+ index]
            return (member.0, member.1)
        }
        return (nil, storage.parser.elementStack[open.start &+ index])
    }

    /// Opens the levels the parser opened since the last call, outermost
    /// first, and judges the children they have complete.
    private mutating func openLevels(from first: Int, to end: Int, storage: _IncrementalParserStorage) {
        // The names of the members that the new levels are the values of:
        // the key stack holds one for every object below the innermost
        // level, and for the innermost after its colon.
        let innermost = end &- 1
        // (In an array kept for the next call.)
        var names: [String?] = []
        swap(&names, &scratchNames)
        defer {
            names.removeAllKeepingStorage()
            swap(&names, &scratchNames)
        }
        // (A loop: `append(contentsOf: repeatElement(…))` cost more than
        // the few appends it stands for.)
        var slot = 0
        while slot < end {
            names.append(nil)
            slot &+= 1
        }
        var keyIndex = storage.parser.keyStack.count &- 1
        var level = innermost
        while level >= Swift.max(first &- 1, 0) {
            let expecting = storage.parser.stream.expecting
            if storage.parser.openContainers[level].isObject
                && (level < innermost || expecting == .colon || expecting == .value)
            {
                names[level] = storage.parser.keyStack[keyIndex]
                keyIndex &-= 1
            }
            level &-= 1
        }
        for level in first..<end {
            let open = storage.parser.openContainers[level]
            let offset = storage.parser.stream.containerOffsets[level]
            var applications: [Frame] = []
            let mark: Mark
            var name: String?
            var position = -1
            if level == 0 {
                mark = self.mark
                applications.append(rootApplication)
            } else {
                let parent = level &- 1
                let index = seen(of: parent)
                position = index
                name = names[parent]
                // The parent's routed array is taken, and given back empty
                // below, for its storage.
                swap(&applications, &levels[parent].routed)
                if let routedMark = routedMark(of: parent, child: index) {
                    mark = routedMark
                } else {
                    mark = self.mark
                    applications.removeAllKeepingStorage()
                    route(level: parent, index: index, name: name, into: &applications)
                }
                levels[parent].routedChild = -1
                levels[parent].routedMark = nil
            }
            // The level first, so that an error made while expanding finds
            // its location.
            levels.append(Level(offset: offset, isObject: open.isObject, name: name, index: position, mark: mark))
            // Its routed array from the pool, for the storage a closed
            // level's left: routing each member or item appends to it.
            if let pooled = framePool.popLast() { levels[level].routed = pooled }
            let (frames, opaque) = expand(
                applications, at: .container(level: level), kind: open.isObject ? .object : .array)
            levels[level].frames = frames
            levels[level].opaque = opaque
            if !open.isObject { routeRest(level: level) }
            if level > 0 {
                applications.removeAllKeepingStorage()
                swap(&applications, &levels[level &- 1].routed)
            }
            let count = childCount(of: level, storage: storage)
            for index in 0..<count {
                let (name, value) = child(of: level, at: index, storage: storage)
                judgeChild(level: level, index: index, name: name, value: value)
            }
            levels[level].seen = count
        }
    }

    /// Follows what the parser is reading at the innermost location: a
    /// member's name complete, or a scalar started, and a string's text.
    ///
    /// (The batch is read in `parser`, which is not changed: passed by
    /// value, it would be copied after every chunk.)
    private mutating func followInnermost(storage: _IncrementalParserStorage, parser: inout JSONIncrementalParser) {
        let innermost = levels.count &- 1
        // What has started: the storage's token being read, or the batch's.
        var firstByte: UInt8?
        var stringInScratch = false
        var batchTextStart = -1
        switch storage.parser.stream.pending {
        case .string(let isKey, _):
            if !isKey {
                firstByte = UInt8(ascii: "\"")
                stringInScratch = true
                if parser.batch.kind == .stringText && parser.batch.startedValue == .none { batchTextStart = 0 }
            }
        case .number:
            firstByte = UInt8(ascii: "0")
        case .retry(let isLiteral):
            if isLiteral && storage.carry.count > 0 { firstByte = storage.carry.bytes[0] }
        case .none:
            break
        }
        if firstByte == nil, let byte = parser.batch.startedValueFirstByte {
            firstByte = byte
            if case .string(let textStart) = parser.batch.startedValue { batchTextStart = textStart }
        }
        if innermost < 0 {
            guard let firstByte else { return }
            let id = LocationID(container: -1, child: 0)
            if pendingID != id {
                startPending(
                    at: .location(Location(tokens: [], order: [], id: id)), id: id, applications: [rootApplication],
                    firstByte: firstByte)
            }
        } else {
            let (index, offset, isObject, isRouted) = levels.withUnsafeBufferPointer {
                (
                    $0[innermost].seen, $0[innermost].offset, $0[innermost].isObject,
                    $0[innermost].routedChild == $0[innermost].seen
                )
            }
            let id = LocationID(container: offset, child: index)
            // Most chunks go on with the scalar being read, or read what
            // cannot start one: nothing to do but follow a string's text.
            if pendingID != id {
                guard firstByte != nil || (isObject && !isRouted) else { return }
                var name: String?
                if isObject {
                    let expecting = storage.parser.stream.expecting
                    if let taken = parser.batch.nameCompleted {
                        name = taken
                    } else if (expecting == .colon || expecting == .value) && storage.parser.keyStack.count > 0 {
                        name = storage.parser.keyStack[storage.parser.keyStack.count &- 1]
                    }
                    // A member whose name is read is routed at once: the
                    // name alone may be refused.
                    guard name != nil else { return }
                }
                if !isRouted {
                    routeAndKeep(level: innermost, index: index, name: name)
                }
                guard let firstByte else { return }
                dropPending()
                startPending(
                    at: .child(level: innermost, index: index, name: name), id: id,
                    applications: levels.withUnsafeBufferPointer { $0[innermost].routed }, firstByte: firstByte)
            }
        }
        if (stringInScratch || batchTextStart >= 0) && pendingHasTrackers {
            let scratch = stringInScratch ? storage.parser.scratch.bytes : UnsafeBufferPointer(start: nil, count: 0)
            if batchTextStart >= 0 {
                parser.batch.withTaken(from: batchTextStart) { followString(scratch, $0) }
            } else {
                followString(scratch, UnsafeBufferPointer(start: nil, count: 0))
            }
        }
    }

    /// Follows the text of the string being read, when nothing else has
    /// changed.
    ///
    /// Inlined for the check alone: most chunks of a string watched only by
    /// a `maxLength` stop there, and the call cost more than the check.
    @inline(__always)
    private mutating func followStringText(storage: _IncrementalParserStorage, parser: inout JSONIncrementalParser) {
        if case .string(false, _) = storage.parser.stream.pending {
            let inBatch = parser.batch.kind == .stringText && parser.batch.startedValue == .none
            if pendingWatchFrom > 0
                && storage.parser.scratch.count &+ (inBatch ? parser.batch.count : 0) < pendingWatchFrom
            {
                return
            }
            followStringText(inScratch: storage, inBatch: inBatch, parser: &parser)
        } else if case .string(let textStart) = parser.batch.startedValue {
            if pendingWatchFrom > 0 && parser.batch.count &- textStart < pendingWatchFrom { return }
            followStringText(inBatchFrom: textStart, parser: &parser)
        }
    }

    /// ``followStringText(storage:parser:)`` of a string that the storage
    /// started, whose text goes on in the batch if `inBatch`.
    @inline(never)
    private mutating func followStringText(
        inScratch storage: _IncrementalParserStorage, inBatch: Bool, parser: inout JSONIncrementalParser
    ) {
        if inBatch {
            parser.batch.withTaken(from: 0) { followString(storage.parser.scratch.bytes, $0) }
        } else {
            followString(storage.parser.scratch.bytes, UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// ``followStringText(storage:parser:)`` of a string that started in
    /// the batch, whose text starts at `textStart` there.
    @inline(never)
    private mutating func followStringText(inBatchFrom textStart: Int, parser: inout JSONIncrementalParser) {
        parser.batch.withTaken(from: textStart) { followString(UnsafeBufferPointer(start: nil, count: 0), $0) }
    }

    /// Routes child `index` of a level and keeps its subschemas for when
    /// it is complete.
    private mutating func routeAndKeep(level: Int, index: Int, name: String?) {
        let mark = self.mark
        // Into the level's own array, whose storage is used again.
        var routed: [Frame] = []
        swap(&routed, &levels[level].routed)
        routed.removeAllKeepingStorage()
        route(level: level, index: index, name: name, into: &routed)
        swap(&routed, &levels[level].routed)
        levels[level].routedChild = index
        levels[level].routedMark = mark
    }

    /// The top-level value is complete: judges what is left.
    private mutating func completeTopLevel(_ value: JSONValue, storage: _IncrementalParserStorage) {
        isDone = true
        dropPending()
        if levels.isEmpty {
            let location = Location(tokens: [], order: [], id: LocationID(container: -1, child: 0))
            judge([rootApplication], value, at: .location(location))
            refreshProvisional(at: location.id, value: value)
        } else {
            closeLevels(above: -1, value: value)
        }
    }

    private var rootApplication: Frame {
        Frame(node: Int32(program.root), fate: 0, path: -1, scope: -1)
    }

    private var mark: Mark {
        Mark(steps: steps.count, scopes: scopes.count, fates: fates.count, groups: groups.count)
    }

    @inline(__always)
    private mutating func release(to mark: Mark) {
        // Most marks free nothing: seen without a call.
        if steps.count > mark.steps || scopes.count > mark.scopes || fates.count > mark.fates
            || groups.count > mark.groups
        {
            releaseTables(to: mark)
        }
    }

    @inline(never)
    private mutating func releaseTables(to mark: Mark) {
        // One by one: usually none or a few, and `removeLast(_:)` costs a
        // range replacement even for none.
        while steps.count > mark.steps { steps.removeLast() }
        while scopes.count > mark.scopes { scopes.removeLast() }
        while fates.count > mark.fates { fates.removeLast() }
        while groups.count > mark.groups { groups.removeLast() }
    }

    /// The location of child `index` of a level: a container starting at
    /// `container`, or a scalar (`container` -1).
    private func childLocation(_ level: Int, index: Int, name: String?, container: Int) -> Location {
        var location = levelLocation(level)
        location.tokens.append(name ?? String(index))
        location.order.append(index)
        location.id =
            container >= 0
            ? LocationID(container: container, child: -1) : LocationID(container: levels[level].offset, child: index)
        return location
    }

    /// The location of a level's own value, made from the names and
    /// positions of the levels down to it.
    private func levelLocation(_ level: Int) -> Location {
        var tokens: [String] = []
        var order: [Int] = []
        var inner = 1
        while inner <= level {
            tokens.append(levels[inner].name ?? String(levels[inner].index))
            order.append(levels[inner].index)
            inner &+= 1
        }
        return Location(tokens: tokens, order: order, id: levelID(level))
    }

    private func levelID(_ level: Int) -> LocationID {
        LocationID(container: offset(of: level), child: -1)
    }

    // A level's fields are read through a pointer: the array's subscript
    // copies the whole level, retaining its arrays and strings, to read
    // one of them.

    @inline(__always)
    private func offset(of level: Int) -> Int { levels.withUnsafeBufferPointer { $0[level].offset } }

    @inline(__always)
    private func seen(of level: Int) -> Int { levels.withUnsafeBufferPointer { $0[level].seen } }

    @inline(__always)
    private func isObject(_ level: Int) -> Bool { levels.withUnsafeBufferPointer { $0[level].isObject } }

    /// Level `level`'s routed child's mark, if it is child `index`.
    @inline(__always)
    private func routedMark(of level: Int, child index: Int) -> Mark? {
        levels.withUnsafeBufferPointer { $0[level].routedChild == index ? $0[level].routedMark : nil }
    }

    // MARK: - Children

    /// Judges a complete child of a level with the subschemas its frames
    /// route it to.
    private mutating func judgeChild(level: Int, index: Int, name: String?, value: JSONValue) {
        var applications: [Frame] = []
        let mark: Mark
        let routedMark = routedMark(of: level, child: index)
        let routed = routedMark != nil
        if let routedMark {
            swap(&applications, &levels[level].routed)
            mark = routedMark
            levels[level].routedChild = -1
            levels[level].routedMark = nil
        } else {
            mark = self.mark
            swap(&applications, &scratchApplications)
            applications.removeAllKeepingStorage()
            route(level: level, index: index, name: name, into: &applications)
        }
        if isObject(level) { levels[level].lastName = name }
        if !applications.isEmpty {
            judge(applications, value, at: .child(level: level, index: index, name: name))
            refreshProvisional(at: LocationID(container: offset(of: level), child: index), value: value)
        }
        // The arrays go back, for their storage.
        applications.removeAllKeepingStorage()
        if routed { swap(&applications, &levels[level].routed) } else { swap(&applications, &scratchApplications) }
        release(to: mark)
    }

    /// Where a value is judged: a location, or a child of a level, whose
    /// location is made only if an error needs it.
    enum Place {
        case location(Location)
        /// The location of a level's own value.
        case container(level: Int)
        case child(level: Int, index: Int, name: String?)
    }

    private func location(of place: Place) -> Location {
        switch place {
        case .location(let location): location
        case .container(let level): levelLocation(level)
        case .child(let level, let index, let name): childLocation(level, index: index, name: name, container: -1)
        }
    }

    /// Judges complete `value` at `place` by each of `applications`, with
    /// the one-shot evaluator.
    private mutating func judge(_ applications: [Frame], _ value: JSONValue, at place: Place) {
        for application in applications where isAlive(application.fate) {
            // The quick outcomes inline, as the evaluator's fast path has them.
            switch program.nodes.buffer[Int(application.node)].shape {
            case .alwaysValid:
                continue
            case .typeOnly(let types):
                if withUnsafePointer(to: value, { types.accepts($0) }) { continue }
            default:
                break
            }
            let valid: Bool
            if let leaf = judgeLeaf(application.node, value) {
                valid = leaf
            } else {
                let scope = scopeList(application.scope)
                valid = withUnsafePointer(to: value) { isValid(node: application.node, $0, scope: scope) }
            }
            guard !valid else { continue }
            if application.fate == 0 {
                let scope = scopeList(application.scope)
                let location = self.location(of: place)
                let errors = withUnsafePointer(to: value) {
                    report(
                        node: application.node, $0, keywordPrefix: keywordTokens(application.path),
                        instanceTokens: location.tokens, instanceOrder: location.order, scope: scope)
                }
                record(errors)
            } else {
                kill(application.fate)
            }
        }
    }

    /// The subschemas that the frames of a level apply to its child
    /// `index` (named `name` in an object), judging on the way what the
    /// child's existence and name decide: `additionalProperties: false`,
    /// `propertyNames`, `maxProperties`, `maxItems`, `items: false`.
    private mutating func route(level: Int, index: Int, name: String?, into result: inout [Frame]) {
        if index >= levels.withUnsafeBufferPointer({ $0[level].restFrom })
            && index < levels.withUnsafeBufferPointer({ $0[level].restLimit })
        {
            // An item past every prefix that no frame can refuse: the
            // subschemas found when the array opened.
            levels.withUnsafeBufferPointer { result.append(contentsOf: $0[level].restRouted) }
            return
        }
        var frameIndex = 0
        while frameIndex < levels.withUnsafeBufferPointer({ $0[level].frames.count }) {
            let frame = levels.withUnsafeBufferPointer { $0[level].frames[frameIndex] }
            frameIndex &+= 1
            guard isAlive(frame.fate) else { continue }
            // Unretained: the program's plans keep it alive.
            planReference(frame.node)._withUnsafeGuaranteedRef { plan in
                route(frame: frame, plan: plan, level: level, index: index, name: name, into: &result)
            }
        }
    }

    /// ``route(level:index:name:into:)`` by one frame, whose node's plan is
    /// `plan`.
    private mutating func route(
        frame: Frame, plan: Plan, level: Int, index: Int, name: String?, into result: inout [Frame]
    ) {
        // The level's location, made only if an error needs it.
        let location = Place.container(level: level)
        if isObject(level) {
            let name = name ?? ""
            if plan.properties >= 0 {
                routeMember(name, index: index, frame: frame, plan: plan, level: level, into: &result)
            }
            if plan.propertyNames >= 0 {
                // The errors of a name are located at its object.
                let application = Frame(
                    node: plan.propertyNamesNode, fate: frame.fate,
                    path: step(frame.path, frame.node, plan.propertyNames, 0), scope: frame.scope)
                judge([application], .string(name), at: location)
            }
            if index &+ 1 > plan.maxProperties {
                failEarly(
                    frame, check: plan.maxPropertiesCheck, keyword: "maxProperties", at: location,
                    "expected at most \(_SchemaMessages.plural(plan.maxProperties, "property", "properties")), "
                        + "but found more")
            }
        } else {
            if plan.items >= 0, let items = plan.itemsPayload {
                if index < Int(items.prefixCount) {
                    result.append(
                        Frame(
                            node: program.nodeLists[items.prefixStart &+ Int32(index)], fate: frame.fate,
                            path: step(frame.path, frame.node, plan.items, Int32(index)), scope: frame.scope))
                } else if items.rest >= 0 {
                    if case .alwaysInvalid = program.nodes.buffer[Int(items.rest)].shape {
                        let keyword =
                            items.prefixCount == 0 ? "items" : items.isLegacy ? "additionalItems" : "items"
                        failEarly(
                            frame, check: plan.items, keyword: keyword, at: location,
                            "expected at most \(_SchemaMessages.plural(Int(items.prefixCount), "item")), "
                                + "but found more")
                    } else {
                        result.append(
                            Frame(
                                node: items.rest, fate: frame.fate,
                                path: step(frame.path, frame.node, plan.items, -1), scope: frame.scope))
                    }
                }
            }
            if index &+ 1 > plan.maxItems {
                failEarly(
                    frame, check: plan.maxItemsCheck, keyword: "maxItems", at: location,
                    "expected at most \(_SchemaMessages.plural(plan.maxItems, "item")), but found more")
            }
        }
    }

    /// Finds what the frames of array level `level`, just opened, route
    /// its items past every prefix to, once for all of them (see
    /// ``Level/restRouted``): an array of many items routed each one
    /// afresh, with a keyword path step for each.
    private mutating func routeRest(level: Int) {
        var routed = framePool.popLast() ?? []
        var from = 0
        var limit = Int.max
        var frameIndex = 0
        while frameIndex < levels.withUnsafeBufferPointer({ $0[level].frames.count }) {
            let frame = levels.withUnsafeBufferPointer { $0[level].frames[frameIndex] }
            frameIndex &+= 1
            guard isAlive(frame.fate) else { continue }
            unowned(unsafe) let plan = self.plan(frame.node)
            limit = Swift.min(limit, plan.maxItems)
            guard plan.items >= 0, let items = plan.itemsPayload else { continue }
            from = Swift.max(from, Int(items.prefixCount))
            guard items.rest >= 0 else { continue }
            if case .alwaysInvalid = program.nodes.buffer[Int(items.rest)].shape {
                // Every item past the prefix is refused, by the route.
                limit = Swift.min(limit, Int(items.prefixCount))
                continue
            }
            routed.append(
                Frame(
                    node: items.rest, fate: frame.fate, path: step(frame.path, frame.node, plan.items, -1),
                    scope: frame.scope))
        }
        swap(&routed, &levels[level].restRouted)
        Self.recycle(&routed, into: &framePool)
        levels[level].restFrom = from
        levels[level].restLimit = limit
    }

    /// Routes a member by `properties`, `patternProperties` and
    /// `additionalProperties`.
    private mutating func routeMember(
        _ name: String, index: Int, frame: Frame, plan: Plan, level: Int, into result: inout [Frame]
    ) {
        let nodesStart = plan.propertiesNodes
        let properties = program.properties[plan.propertiesIndex]
        var matched = false
        if let offset = _MemberTable.withBytes(
            of: name, { plan.namedOffset($0, namedStart: properties.namedStart, program: program) })
        {
            matched = true
            result.append(
                Frame(
                    node: program.nodeLists[nodesStart &+ offset], fate: frame.fate,
                    path: step(frame.path, frame.node, plan.properties, offset), scope: frame.scope))
        }
        var offset: Int32 = 0
        while offset < properties.patternCount {
            let (pattern, child) = program.patternNodes[properties.patternStart &+ offset]
            if program.patterns[pattern].regex.firstMatchExists(in: name) {
                matched = true
                result.append(
                    Frame(
                        node: child, fate: frame.fate,
                        path: step(frame.path, frame.node, plan.properties, properties.namedCount &+ offset),
                        scope: frame.scope))
            }
            offset &+= 1
        }
        guard !matched && properties.additional >= 0 else { return }
        guard case .alwaysInvalid = program.nodes.buffer[Int(properties.additional)].shape else {
            result.append(
                Frame(
                    node: properties.additional, fate: frame.fate,
                    path: step(frame.path, frame.node, plan.properties, -1), scope: frame.scope))
            return
        }
        // The name alone is refused, with the error a report gives.
        guard frame.fate == 0 else {
            kill(frame.fate)
            return
        }
        var location = levelLocation(level)
        location.tokens.append(name)
        location.order.append(index)
        record([
            (
                location.order,
                JSONSchema.ValidationError(
                    instanceLocation: JSONPointer(tokens: location.tokens),
                    keywordLocation: JSONPointer(tokens: keywordTokens(frame.path) + ["additionalProperties"]),
                    absoluteKeywordLocation: _SchemaOutputBuilder.absoluteKeywordLocation(
                        program: program, node: Int(frame.node), relative: ["additionalProperties"]),
                    message: "the property \(_SchemaMessages.quote(name)) is not allowed here")
            )
        ])
    }

    // MARK: - Expansion

    /// The frames that `applications` make at a location whose value
    /// starts as `kind`: each general subschema with the ones it applies in
    /// place (`allOf`, `$ref`, `$dynamicRef`), and the branches of its
    /// `anyOf` and `oneOf` under fates of their own; judging on the way the
    /// type, `false`, and an `enum` or `const` with no value of that type.
    ///
    /// Past ``expansionLimit`` applications (a schema that fans out), or at
    /// a subschema on a cycle of in-place keywords, the frames are dropped
    /// and the subschemas come back as `opaque`, to be judged whole when the
    /// value is complete.
    private mutating func expand(
        _ applications: [Frame], at place: Place, kind: _ValueKind
    ) -> (frames: [Frame], opaque: [Frame]) {
        let start = self.mark
        var frames = framePool.popLast() ?? []
        var work: [Frame] = []
        swap(&work, &expandWork)
        // (One by one: most locations have one or two, and a reversed
        // collection appended cost more than they do.)
        var next = applications.count
        while next > 0 {
            next &-= 1
            work.append(applications[next])
        }
        defer {
            work.removeAllKeepingStorage()
            swap(&work, &expandWork)
        }
        var count = 0
        while let application = work.popLast() {
            guard isAlive(application.fate) else { continue }
            count &+= 1
            if count > Self.expansionLimit {
                release(to: start)
                return ([], applications)
            }
            let node = program.nodes.buffer[Int(application.node)]
            // A subschema on a cycle of in-place keywords: whether validation
            // enters the cycle, and what that decides, is the evaluator's to
            // say (see "Cycles" in `_SchemaEvaluator`), so the value at this
            // location is judged whole when it is complete, as `validate`
            // judges it.
            if node.cycleSlot >= 0 {
                release(to: start)
                return ([], applications)
            }
            switch node.shape {
            case .alwaysValid:
                continue
            case .alwaysInvalid:
                failEarly(
                    application, check: -1, keyword: nil, at: place,
                    "no value is allowed here (the schema is false), but found \(kind.noun)")
                continue
            case .typeOnly(let types):
                if !kind.isAccepted(by: types) {
                    failEarly(
                        application, check: Int32(node.checkStart), keyword: "type", at: place,
                        "expected \(types.description), but found \(kind.noun)")
                }
                continue
            case .general:
                break
            }
            unowned(unsafe) let plan = self.plan(application.node)
            if !kind.isAccepted(by: node.types) {
                failEarly(
                    application, check: plan.typeCheck, keyword: "type", at: place,
                    "expected \(node.types.description), but found \(kind.noun)")
                continue
            }
            // (`choicesCheck` first: reading `choices` copies its arrays.)
            if plan.choicesCheck >= 0, let (check, keyword, allowed) = plan.choices, !kind.mayBeOneOf(allowed) {
                failEarly(
                    application, check: check, keyword: keyword, at: place,
                    "\(kind.noun) cannot be one of the values of \"\(keyword)\"")
                continue
            }
            let scope = enter(application.scope, resource: node.resource)
            frames.append(Frame(node: application.node, fate: application.fate, path: application.path, scope: scope))
            for (check, sub, target) in plan.inPlace.reversed() {
                var node = target
                if node < 0, case .dynamicReference(let index) = program.checks[check] {
                    node = resolve(program.dynamicReferences[index], scope: scope)
                }
                work.append(
                    Frame(
                        node: node, fate: application.fate, path: step(application.path, application.node, check, sub),
                        scope: scope))
            }
            for group in plan.groups {
                let first = Int32(fates.count)
                groups.append(
                    Group(
                        isOneOf: group.isOneOf, owner: application.fate, node: application.node, check: group.check,
                        path: application.path, scope: scope, firstFate: first, count: group.count,
                        place: place))
                for branch in 0..<group.count {
                    fates.append(Fate(group: Int32(groups.count &- 1), branch: branch))
                    work.append(
                        Frame(
                            node: program.nodeLists[group.start &+ branch], fate: first &+ branch,
                            path: step(application.path, application.node, group.check, branch), scope: scope))
                }
            }
        }
        return (frames, [])
    }

    // MARK: - Scalars being read

    /// Starts following a scalar that begins with `firstByte`.
    private mutating func startPending(at place: Place, id: LocationID, applications: [Frame], firstByte: UInt8) {
        dropPending()
        let mark = self.mark
        let kind = _ValueKind(firstByte: firstByte)
        // Most scalars meet subschemas that apply nothing in place: their
        // type is judged here, and only a string's keywords need frames.
        var isSimple = true
        for application in applications {
            if case .general = program.nodes.buffer[Int(application.node)].shape,
                !plan(application.node).isSimple
            {
                isSimple = false
                break
            }
        }
        var frames: [Frame] = []
        swap(&frames, &spareFrames)
        if isSimple {
            for application in applications where isAlive(application.fate) {
                let node = program.nodes.buffer[Int(application.node)]
                var types = _SchemaTypes.all
                var check = Int32(-1)
                switch node.shape {
                case .alwaysValid:
                    continue
                case .alwaysInvalid:
                    failEarly(
                        application, check: -1, keyword: nil, at: place,
                        "no value is allowed here (the schema is false), but found \(kind.noun)")
                    continue
                case .typeOnly(let only):
                    types = only
                    check = node.checkStart
                case .general:
                    types = node.types
                }
                if !kind.isAccepted(by: types) {
                    let plan = check < 0 ? self.plan(application.node) : nil
                    failEarly(
                        application, check: plan?.typeCheck ?? check, keyword: "type", at: place,
                        "expected \(types.description), but found \(kind.noun)")
                    continue
                }
                guard case .general = node.shape else { continue }
                unowned(unsafe) let plan = self.plan(application.node)
                if plan.choicesCheck >= 0, let (check, keyword, allowed) = plan.choices, !kind.mayBeOneOf(allowed) {
                    failEarly(
                        application, check: check, keyword: keyword, at: place,
                        "\(kind.noun) cannot be one of the values of \"\(keyword)\"")
                    continue
                }
                if kind == .string && plan.hasStringChecks {
                    frames.append(
                        Frame(
                            node: application.node, fate: application.fate, path: application.path,
                            scope: enter(application.scope, resource: node.resource)))
                }
            }
        } else {
            frames = expand(applications, at: place, kind: kind).frames
        }
        var trackers: [Tracker] = []
        swap(&trackers, &spareTrackers)
        if kind == .string {
            for (index, frame) in frames.enumerated() {
                unowned(unsafe) let plan = self.plan(frame.node)
                if plan.maxLength < Int.max {
                    trackers.append(Tracker(frame: index, check: plan.maxLengthCheck, kind: .maxLength(plan.maxLength)))
                }
                if plan.choicesCheck >= 0 {
                    let count = plan.choiceStrings.count
                    let kind: Tracker.Kind =
                        count <= 64
                        ? .someChoices(count == 64 ? ~0 : (1 << UInt64(count)) &- 1) : .choices(plan.choiceStrings)
                    trackers.append(Tracker(frame: index, check: plan.choicesCheck, kind: kind))
                }
                for (check, pattern) in plan.patterns {
                    if let state = program.matchers[pattern]._withUnsafeGuaranteedRef({ $0.prefixStart }) {
                        trackers.append(Tracker(frame: index, check: check, kind: .pattern(pattern, state: state)))
                    }
                }
            }
        }
        pendingMark = mark
        pendingID = id
        guard !trackers.isEmpty else {
            // Nothing judges its text: only its mark and which value it is
            // are kept (the frames serve the trackers alone), and the
            // arrays go back for the next scalar.
            frames.removeAllKeepingStorage()
            swap(&frames, &spareFrames)
            swap(&trackers, &spareTrackers)
            return
        }
        var watchFrom = Int.max
        for tracker in trackers {
            guard case .maxLength(let limit) = tracker.kind else {
                watchFrom = 0
                break
            }
            watchFrom = Swift.min(watchFrom, limit &+ 1)
        }
        pending = Pending(place: place, frames: frames, trackers: trackers)
        pendingHasTrackers = true
        pendingWatchFrom = watchFrom
    }

    /// Forgets the scalar being read, whose value is complete (and judged
    /// by its parent) or has gone with its container.
    private mutating func dropPending() {
        guard let mark = pendingMark else { return }
        // Its arrays' storage is kept for the next scalar.
        if pending != nil {
            swap(&spareFrames, &pending!.frames)
            swap(&spareTrackers, &pending!.trackers)
            spareFrames.removeAllKeepingStorage()
            spareTrackers.removeAllKeepingStorage()
            // (Only then: assigning `nil` over `nil` cost a call.)
            pending = nil
        }
        pendingMark = nil
        pendingID = nil
        pendingHasTrackers = false
        pendingWatchFrom = 0
        release(to: mark)
    }

    /// Judges the text of the string being read, as far as it goes: its
    /// decoded bytes are `scratch`, then `more`.
    private mutating func followString(_ scratch: UnsafeBufferPointer<UInt8>, _ more: UnsafeBufferPointer<UInt8>) {
        // Taken out while it is judged: read through the optional, each of
        // its fields cost a copy of the whole pending state.
        var current: Pending?
        swap(&current, &pending)
        defer { swap(&current, &pending) }
        guard current != nil else { return }
        followString(scratch, more, pending: &current!)
    }

    /// ``followString(_:_:)`` of `pending`, taken out of the stream.
    private mutating func followString(
        _ scratch: UnsafeBufferPointer<UInt8>, _ more: UnsafeBufferPointer<UInt8>, pending: inout Pending
    ) {
        let start = pending.bytesRead
        let total = scratch.count &+ more.count
        guard total > start else { return }
        @inline(__always) func byte(_ index: Int) -> UInt8 {
            index < scratch.count ? scratch[index] : more[index &- scratch.count]
        }
        // Whole characters only: a sequence cut short waits for its bytes.
        var end = total
        var back = total &- 1
        while back >= start && back > total &- 4 {
            let lead = byte(back)
            if lead & 0xC0 != 0x80 {
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                if back &+ length > total { end = back }
                break
            }
            back &-= 1
        }
        guard end > start else { return }
        pending.bytesRead = end
        // The new bytes, as at most two runs: the end of the scratch, then
        // the batch's; a character that the two cut is copied whole (the
        // automaton reads whole characters).
        let first = UnsafeBufferPointer(
            rebasing: scratch[Swift.min(start, scratch.count)..<Swift.min(end, scratch.count)])
        let second = UnsafeBufferPointer(
            rebasing: more[Swift.max(start &- scratch.count, 0)..<Swift.max(end &- scratch.count, 0)])
        if !first.isEmpty && !second.isEmpty && second[0] & 0xC0 == 0x80 {
            let joined = Array(first) + Array(second)
            joined.withUnsafeBufferPointer {
                judgeText(
                    $0, UnsafeBufferPointer(start: nil, count: 0), start: start, end: end, byte: byte,
                    pending: &pending)
            }
        } else {
            judgeText(first, second, start: start, end: end, byte: byte, pending: &pending)
        }
    }

    /// Judges the new text of the string being read, bytes `start` to
    /// `end` of it, which are `first` then `second`; `byte` reads any byte
    /// of the text.
    private mutating func judgeText(
        _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, start: Int, end: Int,
        byte: (Int) -> UInt8, pending: inout Pending
    ) {
        var index = 0
        while index < pending.trackers.count {
            let check = pending.trackers[index].check
            let frame = pending.frames[pending.trackers[index].frame]
            var failed = false
            switch pending.trackers[index].kind {
            case .maxLength(let limit):
                guard end > limit else { break }
                // Count the scalars of the bytes not counted yet.
                var scalars = pending.scalars
                var position = pending.scalarsEnd
                while position < end {
                    if byte(position) & 0xC0 != 0x80 { scalars &+= 1 }
                    position &+= 1
                }
                pending.scalars = scalars
                pending.scalarsEnd = end
                failed = scalars > limit
            case .someChoices(let alive):
                // Unretained: the program's plans keep it alive.
                let kept = planReference(frame.node)._withUnsafeGuaranteedRef { plan in
                    plan.choiceStrings.withUnsafeBufferPointer { strings in
                        var kept = alive
                        var rest = alive
                        while rest != 0 {
                            let bit = rest.trailingZeroBitCount
                            rest &= rest &- 1
                            if !Self.goesOn(strings[bit], first, second, start: start, end: end) {
                                kept &= ~(1 << UInt64(bit))
                            }
                        }
                        return kept
                    }
                }
                if kept != alive { pending.trackers[index].kind = .someChoices(kept) }
                failed = kept == 0
            case .choices(let candidates):
                func goesOn(_ candidate: [UInt8]) -> Bool {
                    Self.goesOn(candidate, first, second, start: start, end: end)
                }
                // A new array only when a candidate drops out: most text
                // goes on with the candidates left after its first bytes.
                if candidates.allSatisfy(goesOn) {
                    failed = candidates.isEmpty
                } else {
                    let kept = candidates.filter(goesOn)
                    pending.trackers[index].kind = .choices(kept)
                    failed = kept.isEmpty
                }
            case .pattern(let pattern, let state):
                // Unretained: the program's patterns keep it alive.
                let (next, isDead) = program.matchers[pattern]._withUnsafeGuaranteedRef { matcher in
                    let next = matcher.prefixState(after: second, from: matcher.prefixState(after: first, from: state))
                    return (next, matcher.prefixIsDead(next))
                }
                pending.trackers[index].kind = .pattern(pattern, state: next)
                failed = isDead
            }
            guard failed else {
                index &+= 1
                continue
            }
            let tracker = pending.trackers.remove(at: index)
            pendingHasTrackers = !pending.trackers.isEmpty
            guard isAlive(frame.fate) else { continue }
            guard frame.fate == 0 else {
                // The end of a branch: no message to write (most tracker
                // failures are a string that one branch of a `oneOf`
                // refuses).
                kill(frame.fate)
                continue
            }
            let (keyword, message) = tracker.failure(program: program)
            failEarly(frame, check: check, keyword: keyword, at: pending.place, message)
        }
    }

    /// Whether `candidate`'s bytes `start` to `end` are `first` then
    /// `second`.
    @inline(__always)
    private static func goesOn(
        _ candidate: [UInt8], _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, start: Int,
        end: Int
    ) -> Bool {
        guard candidate.count >= end else { return false }
        return candidate.withUnsafeBufferPointer { bytes in
            let fresh = UnsafeBufferPointer(rebasing: bytes[start..<end])
            return _bytesEqual(UnsafeBufferPointer(rebasing: fresh[..<first.count]), first)
                && _bytesEqual(UnsafeBufferPointer(rebasing: fresh[first.count...]), second)
        }
    }

    // MARK: - Closing

    /// Closes the levels above `level` (all of them for -1), whose values
    /// the parser has completed: `value` is the outermost one's, and the
    /// others are inside it.
    private mutating func closeLevels(above level: Int, value: JSONValue) {
        if levels.count &- 2 == level {
            // One level, as most chunks close.
            closeInnermost(value: value)
            return
        }
        var values = [value]
        var inner = level &+ 2
        while inner < levels.count {
            let token = levels[inner].name ?? String(levels[inner].index)
            values.append(_JSONParser.value(at: [token][...], in: values[values.count &- 1]) ?? .null)
            inner &+= 1
        }
        while levels.count &- 1 > level {
            let closing = levels.count &- 1
            closeInnermost(value: values.removeLast())
            if closing &- 1 > level { levels[closing &- 1].seen &+= 1 }
        }
    }

    /// Closes the innermost level, whose value is `value`.
    private mutating func closeInnermost(value: JSONValue) {
        let closing = levels.count &- 1
        finish(level: closing, value: value)
        if closing > 0 && isObject(closing &- 1) {
            // The member it is the value of is the last its object has
            // judged (see `finish(level:value:)`).
            levels[closing &- 1].lastName = levels.withUnsafeBufferPointer { $0[closing].name }
        }
        let mark = levels.withUnsafeBufferPointer { $0[closing].mark }
        Self.recycle(&levels[closing].frames, into: &framePool)
        Self.recycle(&levels[closing].routed, into: &framePool)
        Self.recycle(&levels[closing].restRouted, into: &framePool)
        levels.removeLast()
        release(to: mark)
    }

    /// Keeps the storage of a closed level's array for the next levels.
    private static func recycle(_ frames: inout [Frame], into pool: inout [[Frame]]) {
        guard frames.capacity > 0 && pool.count < 64 else { return }
        var kept: [Frame] = []
        swap(&kept, &frames)
        kept.removeAllKeepingStorage()
        pool.append(kept)
    }

    /// Judges what is left of a level whose value is complete: the
    /// children after those judged, the keywords that need the whole value,
    /// and the groups opened there.
    private mutating func finish(level: Int, value: JSONValue) {
        switch value {
        case .array(let elements):
            var index = seen(of: level)
            while index < elements.count {
                judgeChild(level: level, index: index, name: nil, value: elements[index])
                index &+= 1
            }
        case .object(let object):
            // A repeated name leaves fewer members than were read: the
            // members after those judged are then not where they were read.
            var index = seen(of: level)
            let regular =
                index <= object.count
                && (index == 0
                    || levels.withUnsafeBufferPointer { $0[level].lastName }.map {
                        JSONObject.sameScalars($0, object[index &- 1].key)
                    } == true)
            while regular && index < object.count {
                judgeChild(level: level, index: index, name: object[index].key, value: object[index].value)
                index &+= 1
            }
        default:
            break
        }
        let frames = levels.withUnsafeBufferPointer { $0[level].frames }
        for frame in frames where isAlive(frame.fate) {
            unowned(unsafe) let plan = self.plan(frame.node)
            if plan.wholeAtClose {
                judge(
                    [Frame(node: frame.node, fate: frame.fate, path: frame.path, scope: parentScope(frame))], value,
                    at: .container(level: level))
                continue
            }
            for check in plan.closeChecks {
                if holdsAtSight(check, value) { continue }
                let scope = scopeList(frame.scope)
                let valid = withUnsafePointer(to: value) {
                    isValid(node: frame.node, check: Int(check), $0, scope: scope)
                }
                guard !valid else { continue }
                if frame.fate == 0 {
                    let location = levelLocation(level)
                    record(
                        withUnsafePointer(to: value) {
                            report(
                                node: frame.node, check: Int(check), $0, keywordPrefix: keywordTokens(frame.path),
                                instanceTokens: location.tokens, instanceOrder: location.order, scope: scope)
                        })
                } else {
                    kill(frame.fate)
                    break
                }
            }
        }
        let opaque = levels.withUnsafeBufferPointer { $0[level].opaque }
        if !opaque.isEmpty { judge(opaque, value, at: .container(level: level)) }
        // The groups opened here, inner ones first.
        var group = groups.count &- 1
        let firstGroup = levels.withUnsafeBufferPointer { $0[level].mark.groups }
        while group >= firstGroup {
            decide(group, value: value)
            group &-= 1
        }
        refreshProvisional(at: levelID(level), value: value)
    }

    /// Whether check `check` holds for complete container `value` by what
    /// is quick to see, without an evaluator: the counts of `minItems`,
    /// `maxItems`, `minProperties` and `maxProperties`, fewer than two items
    /// for `uniqueItems`, every name of `required` present. `false` when it
    /// does not, or for any other check: then the evaluator judges it.
    private func holdsAtSight(_ check: Int32, _ value: JSONValue) -> Bool {
        switch program.checks[check] {
        case .maxItems(let limit):
            guard case .array(let elements) = value else { return false }
            return elements.count <= limit
        case .minItems(let limit):
            guard case .array(let elements) = value else { return false }
            return elements.count >= limit
        case .uniqueItems:
            guard case .array(let elements) = value else { return false }
            return elements.count < 2
        case .maxProperties(let limit):
            guard case .object(let object) = value else { return false }
            return object.count <= limit
        case .minProperties(let limit):
            guard case .object(let object) = value else { return false }
            return object.count >= limit
        case .required(let start, let count):
            guard case .object(let object) = value else { return false }
            return withExtendedLifetime(object) {
                let members = _SchemaObjectView(object.unsafeHeaderAndMembers)
                var name = Int(start)
                while name < Int(start &+ count) {
                    let from = Int(program.nameStarts.buffer[name])
                    let bytes = UnsafeBufferPointer(
                        rebasing: program.nameBytes.buffer[from..<Int(program.nameStarts.buffer[name &+ 1])])
                    guard members.index(ofName: bytes, hash: program.nameHashes.buffer[name]) != nil else {
                        return false
                    }
                    name &+= 1
                }
                return true
            }
        default:
            return false
        }
    }

    /// Decides a group whose value is complete.
    private mutating func decide(_ index: Int, value: JSONValue) {
        guard !groups[index].isDecided else { return }
        groups[index].isDecided = true
        let group = groups[index]
        guard isAlive(group.owner) else { return }
        let alive = group.count &- group.dead
        guard alive == 0 || (group.isOneOf && alive > 1) else { return }
        if group.owner == 0 {
            let scope = scopeList(group.scope)
            let location = self.location(of: group.place)
            record(
                withUnsafePointer(to: value) {
                    report(
                        node: group.node, check: Int(group.check), $0, keywordPrefix: keywordTokens(group.path),
                        instanceTokens: location.tokens, instanceOrder: location.order, scope: scope)
                })
        } else {
            kill(group.owner)
        }
    }

    // MARK: - Fates

    /// Whether a failure of `fate` can still matter: it is not dead, nor is
    /// the fate of any group it belongs to.
    private func isAlive(_ fate: Int32) -> Bool {
        var fate = fate
        while fate != 0 {
            let current = fates[Int(fate)]
            if current.isDead { return false }
            // Through a pointer: the array's subscript copies the whole
            // group, and retains its place, to read a field.
            let (isOver, owner) = groups.withUnsafeBufferPointer { groups in
                let group = Int(current.group)
                return (groups[group].isDecided && groups[group].dead == groups[group].count, groups[group].owner)
            }
            if isOver { return false }
            fate = owner
        }
        return true
    }

    /// A branch fails: kills it, and if every branch of its group is dead,
    /// fails the group's owner.
    private mutating func kill(_ fate: Int32) {
        var fate = fate
        while fate != 0 {
            guard !fates[Int(fate)].isDead else { return }
            fates[Int(fate)].isDead = true
            let group = Int(fates[Int(fate)].group)
            groups[group].dead &+= 1
            guard !groups[group].isDecided, groups[group].dead == groups[group].count else { return }
            groups[group].isDecided = true
            fate = groups[group].owner
            if fate == 0 {
                // Every branch failed: the group's own error, written again
                // when its value is complete.
                let current = groups[group]
                let keyword = current.isOneOf ? "oneOf" : "anyOf"
                addProvisional(
                    node: current.node, check: current.check, path: current.path, scope: current.scope,
                    keyword: keyword, at: location(of: current.place),
                    "the value is not valid against any of the schemas in \"\(keyword)\"")
            }
        }
    }

    /// A failure found before the value is complete: a provisional
    /// violation for a certain fate, the end of a branch for another.
    ///
    /// The location and message are made only for a violation: most
    /// failures end a branch of `anyOf` or `oneOf` (a recursive schema's
    /// `oneOf` of a string, an array and an object fails two of them at
    /// every value).
    private mutating func failEarly(
        _ frame: Frame, check: Int32, keyword: String?, at place: Place, _ message: @autoclosure () -> String
    ) {
        guard isAlive(frame.fate) else { return }
        guard frame.fate == 0 else {
            kill(frame.fate)
            return
        }
        addProvisional(
            node: frame.node, check: check, path: frame.path, scope: frame.scope, keyword: keyword,
            at: location(of: place), message())
    }

    private mutating func addProvisional(
        node: Int32, check: Int32, path: Int32, scope: Int32, keyword: String?, at location: Location,
        _ message: String
    ) {
        let prefix = keywordTokens(path)
        let relative = keyword.map { [$0] } ?? []
        record([
            (
                location.order,
                JSONSchema.ValidationError(
                    instanceLocation: JSONPointer(tokens: location.tokens),
                    keywordLocation: JSONPointer(tokens: prefix + relative),
                    absoluteKeywordLocation: _SchemaOutputBuilder.absoluteKeywordLocation(
                        program: program, node: Int(node), relative: relative),
                    message: message)
            )
        ])
        provisional.append(
            Provisional(
                location: location, node: node, check: check, keywordPrefix: prefix, scope: scopeList(scope)))
    }

    /// Writes again, from the one-shot evaluator's report, the violations
    /// found at `id` before its value was complete.
    private mutating func refreshProvisional(at id: LocationID, value: JSONValue) {
        guard !provisional.isEmpty else { return }
        var index = 0
        while index < provisional.count {
            guard provisional[index].location.id == id else {
                index &+= 1
                continue
            }
            let source = provisional.remove(at: index)
            // The node whole, or one of its checks: a report of `false`
            // has its node's error.
            let errors = withUnsafePointer(to: value) {
                report(
                    node: source.node, check: source.check >= 0 ? Int(source.check) : nil, $0,
                    keywordPrefix: source.keywordPrefix, instanceTokens: source.location.tokens,
                    instanceOrder: source.location.order, scope: source.scope)
            }
            record(errors)
        }
    }

    /// Adds violations, replacing any at the same locations.
    private mutating func record(_ errors: [(order: [Int], error: JSONSchema.ValidationError)]) {
        if !errors.isEmpty { revision &+= 1 }
        for (order, error) in errors {
            let key = error.instanceLocation.description + "\u{0}" + error.keywordLocation.description
            if let existing = violationIndex[key] {
                violationList[existing] = (order, error)
            } else {
                violationIndex[key] = violationList.count
                violationList.append((order, error))
            }
        }
    }

    /// Whether subschema `node` holds for `value`, judged by the stream's
    /// ``_SchemaLeafJudge`` if the node cannot nest; `nil` if it can.
    private mutating func judgeLeaf(_ node: Int32, _ value: JSONValue) -> Bool? {
        if !isKnownUniquelyReferenced(&leafJudge) { leafJudge = _SchemaLeafJudge(program: program) }
        guard let judge = leafJudge else { return nil }
        return withUnsafePointer(to: value) { instance in
            _withNumbers(numbers) { judge.judge(node, instance, numbers: $0) }
        }
    }

    /// ``_SchemaProgram/isValid(node:check:_:scope:numbers:)`` with the
    /// numbers read.
    private func isValid(
        node: Int32, check: Int? = nil, _ instance: UnsafePointer<JSONValue>, scope: [Int32]
    ) -> Bool {
        _withNumbers(numbers) { program.isValid(node: node, check: check, instance, scope: scope, numbers: $0) }
    }

    /// ``_SchemaProgram/errors(node:check:_:keywordPrefix:instanceTokens:instanceOrder:scope:numbers:)``
    /// with the numbers read.
    private func report(
        node: Int32, check: Int? = nil, _ instance: UnsafePointer<JSONValue>, keywordPrefix: [String],
        instanceTokens: [String], instanceOrder: [Int], scope: [Int32]
    ) -> [(order: [Int], error: JSONSchema.ValidationError)] {
        _withNumbers(numbers) {
            program.errors(
                node: node, check: check, instance, keywordPrefix: keywordPrefix, instanceTokens: instanceTokens,
                instanceOrder: instanceOrder, scope: scope, numbers: $0)
        }
    }

    // MARK: - Paths and scopes

    private mutating func step(_ parent: Int32, _ node: Int32, _ check: Int32, _ sub: Int32) -> Int32 {
        steps.append(Step(parent: parent, node: node, check: check, sub: sub))
        return Int32(steps.count &- 1)
    }

    /// The keyword tokens of a path, from the root.
    private func keywordTokens(_ path: Int32) -> [String] {
        var reversed: [[String]] = []
        var current = path
        while current >= 0 {
            let step = steps[Int(current)]
            reversed.append(tokens(of: step))
            current = step.parent
        }
        return reversed.reversed().flatMap { $0 }
    }

    /// The tokens a step adds, as the evaluator pushes them.
    private func tokens(of step: Step) -> [String] {
        switch program.checks[step.check] {
        case .allOf: return ["allOf", String(step.sub)]
        case .anyOf: return ["anyOf", String(step.sub)]
        case .oneOf: return ["oneOf", String(step.sub)]
        case .reference: return ["$ref"]
        case .dynamicReference(let index): return [program.dynamicReferences[index].keyword]
        case .propertyNames: return ["propertyNames"]
        case .properties(let index, _):
            let properties = program.properties[index]
            if step.sub < 0 { return ["additionalProperties"] }
            if step.sub < properties.namedCount {
                return ["properties", program.names[properties.namedStart &+ step.sub]]
            }
            let pattern = program.patternNodes[properties.patternStart &+ step.sub &- properties.namedCount].pattern
            return ["patternProperties", program.patterns[pattern].source]
        case .items(let items):
            if step.sub >= 0 { return [items.isLegacy ? "items" : "prefixItems", String(step.sub)] }
            return [items.prefixCount == 0 ? "items" : items.isLegacy ? "additionalItems" : "items"]
        default: return []
        }
    }

    /// The scope after entering `resource` from `scope`, as the evaluator
    /// enters a node's resource.
    private mutating func enter(_ scope: Int32, resource: Int32) -> Int32 {
        guard program.usesDynamicScope else { return -1 }
        if scope >= 0 && scopes[Int(scope)].resource == resource { return scope }
        scopes.append(ScopeLink(parent: scope, resource: resource))
        return Int32(scopes.count &- 1)
    }

    /// The resources of a scope, outermost first.
    private func scopeList(_ scope: Int32) -> [Int32] {
        guard scope >= 0 else { return [] }
        var list: [Int32] = []
        var current = scope
        while current >= 0 {
            list.append(scopes[Int(current)].resource)
            current = scopes[Int(current)].parent
        }
        return list.reversed()
    }

    /// The scope a frame's node was entered from.
    private func parentScope(_ frame: Frame) -> Int32 {
        frame.scope >= 0 ? scopes[Int(frame.scope)].parent : -1
    }

    /// The node a `$dynamicRef` or `$recursiveRef` leads to in a scope, as
    /// the evaluator resolves it.
    private func resolve(_ reference: _SchemaDynamicReference, scope: Int32) -> Int32 {
        let list = scopeList(scope)
        if let name = reference.dynamicAnchor {
            for resource in list {
                if let node = program.resources[Int(resource)].dynamicAnchors[name] { return Int32(node) }
            }
        } else if reference.isRecursive {
            for resource in list {
                if let node = program.resources[Int(resource)].recursiveAnchor { return Int32(node) }
            }
        }
        return Int32(reference.target)
    }

    // MARK: - Plans

    /// What streaming needs of a node's checks, found once per node (a
    /// class, so that handing it around copies no arrays; it is not changed
    /// once made, so its properties are read without a run-time check of
    /// exclusive access, which cost a call for each read).
    final class Plan: @unchecked Sendable {
        @exclusivity(unchecked) var typeCheck: Int32 = -1
        @exclusivity(unchecked) var properties: Int32 = -1
        /// An open-addressing table of the named properties of `properties`
        /// by ``_schemaNameHash(_:)`` of their UTF-8: each slot holds an
        /// offset among them plus one, or 0 for an empty slot, and a name
        /// repeated in its bytes is in it once, at its first offset (empty
        /// without named properties). Made with the plan, so that it is read
        /// without a check of exclusive access.
        let nameSlots: [Int32]

        init(nameSlots: [Int32]) {
            self.nameSlots = nameSlots
        }

        /// The payloads of the `properties` check: routing a member read
        /// them without copying the check.
        @exclusivity(unchecked) var propertiesIndex: Int32 = -1
        @exclusivity(unchecked) var propertiesNodes: Int32 = 0
        @exclusivity(unchecked) var propertyNames: Int32 = -1
        @exclusivity(unchecked) var propertyNamesNode: Int32 = -1
        @exclusivity(unchecked) var maxProperties = Int.max
        @exclusivity(unchecked) var maxPropertiesCheck: Int32 = -1
        @exclusivity(unchecked) var items: Int32 = -1
        @exclusivity(unchecked) var itemsPayload: _SchemaProgram.Items?
        @exclusivity(unchecked) var maxItems = Int.max
        @exclusivity(unchecked) var maxItemsCheck: Int32 = -1
        @exclusivity(unchecked) var maxLength = Int.max
        @exclusivity(unchecked) var maxLengthCheck: Int32 = -1
        @exclusivity(unchecked) var patterns: [(check: Int32, pattern: Int32)] = []
        /// `enum` or `const`: its check, keyword, and what it allows.
        @exclusivity(unchecked) var choices: (check: Int32, keyword: String, allowed: _Choices)?
        /// Of ``choices``: the check (-1 for none) and the strings, read
        /// without copying the rest.
        @exclusivity(unchecked) var choicesCheck: Int32 = -1
        @exclusivity(unchecked) var choiceStrings: [[UInt8]] = []
        /// Subschemas applied in place: a check, which of its subschemas,
        /// and the node (-1 for a dynamic reference, resolved in scope).
        @exclusivity(unchecked) var inPlace: [(check: Int32, sub: Int32, target: Int32)] = []
        @exclusivity(unchecked) var groups: [(check: Int32, isOneOf: Bool, start: Int32, count: Int32)] = []
        /// The checks judged when a container closes.
        @exclusivity(unchecked) var closeChecks: [Int32] = []
        /// Whether the node applies no subschema in place (`allOf`, `$ref`,
        /// `anyOf`…).
        var isSimple: Bool { inPlace.isEmpty && groups.isEmpty }
        /// Whether a string being read is judged by the node's keywords.
        var hasStringChecks: Bool { maxLength < Int.max || choicesCheck >= 0 || !patterns.isEmpty }
        /// Whether the node is judged whole when a container closes
        /// (`unevaluatedProperties` and `unevaluatedItems` need the marks of
        /// every keyword beside them).
        @exclusivity(unchecked) var wholeAtClose = false

        /// The offset among the named properties of the one whose name is
        /// `bytes` in UTF-8 (compared byte for byte, as the one-shot
        /// evaluator compares names), if any; `program` holds their bytes,
        /// from `namedStart` in its names.
        @inline(__always)
        func namedOffset(_ bytes: UnsafeBufferPointer<UInt8>, namedStart: Int32, program: _SchemaProgram) -> Int32? {
            guard !nameSlots.isEmpty else { return nil }
            let mask = nameSlots.count &- 1
            var slot = _schemaNameHash(bytes) & mask
            while true {
                let entry = nameSlots[slot]
                guard entry != 0 else { return nil }
                let index = Int(namedStart &+ entry &- 1)
                let start = Int(program.nameStarts.buffer[index])
                let end = Int(program.nameStarts.buffer[index &+ 1])
                if _bytesEqual(UnsafeBufferPointer(rebasing: program.nameBytes.buffer[start..<end]), bytes) {
                    return entry &- 1
                }
                slot = (slot &+ 1) & mask
            }
        }

        /// The ``nameSlots`` of a node's `properties`.
        static func nameSlots(_ id: Int32, program: _SchemaProgram) -> [Int32] {
            let node = program.nodes.buffer[Int(id)]
            var check = node.checkStart
            while check < node.checkStart &+ node.checkCount {
                if case .properties(let index, _) = program.checks[check] {
                    let properties = program.properties[index]
                    let count = Int(properties.namedCount)
                    guard count > 0 else { return [] }
                    var size = 8
                    while size < count &* 2 { size <<= 1 }
                    var slots = [Int32](repeating: 0, count: size)
                    for offset in 0..<count {
                        let index = Int(properties.namedStart) &+ offset
                        let start = Int(program.nameStarts.buffer[index])
                        let bytes = UnsafeBufferPointer(
                            rebasing: program.nameBytes.buffer[start..<Int(program.nameStarts.buffer[index &+ 1])])
                        var slot = _schemaNameHash(bytes) & (size &- 1)
                        var isRepeated = false
                        while slots[slot] != 0 {
                            let other = Int(properties.namedStart &+ slots[slot] &- 1)
                            let otherStart = Int(program.nameStarts.buffer[other])
                            let otherEnd = Int(program.nameStarts.buffer[other &+ 1])
                            if _bytesEqual(
                                UnsafeBufferPointer(rebasing: program.nameBytes.buffer[otherStart..<otherEnd]), bytes)
                            {
                                isRepeated = true
                                break
                            }
                            slot = (slot &+ 1) & (size &- 1)
                        }
                        if !isRepeated { slots[slot] = Int32(offset &+ 1) }
                    }
                    return slots
                }
                check &+= 1
            }
            return []
        }
    }

    /// The plan of `node`, made when first needed. Inlined, so that a
    /// caller that binds it `unowned(unsafe)` retains nothing: the
    /// program's plans keep it alive.
    @inline(__always)
    private mutating func plan(_ node: Int32) -> Plan {
        // (Filled once per node; later calls only read it.) The program
        // keeps the plans for every validator of it: made once per node,
        // they cost a schema with many subschemas (FHIR's) more than
        // following a small instance does.
        planReference(node).takeUnretainedValue()
    }

    /// ``plan(_:)``, unretained. Inlined for a plan already looked up (a
    /// call cost more than the lookup), through pointers: the arrays are
    /// not empty once a plan is listed.
    @inline(__always)
    private mutating func planReference(_ node: Int32) -> Unmanaged<Plan> {
        if let plan = planTable.withUnsafeBufferPointer({ $0[Int(node)] }) { return plan }
        return makePlanReference(node)
    }

    /// ``planReference(_:)`` of a node whose plan this stream has not
    /// looked up yet.
    @inline(never)
    private mutating func makePlanReference(_ node: Int32) -> Unmanaged<Plan> {
        let plan = Unmanaged.passUnretained(program.streamPlans.plan(node) { Self.makePlan(node, program: program) })
        planTable[Int(node)] = plan
        return plan
    }

    private static func makePlan(_ id: Int32, program: _SchemaProgram) -> Plan {
        let plan = Plan(nameSlots: Plan.nameSlots(id, program: program))
        let node = program.nodes.buffer[Int(id)]
        var check = node.checkStart
        let end = node.checkStart &+ node.checkCount
        while check < end {
            switch program.checks[check] {
            case .type:
                plan.typeCheck = check
            case .properties(let index, let nodes):
                plan.properties = check
                plan.propertiesIndex = index
                plan.propertiesNodes = nodes
            case .propertyNames(let child):
                plan.propertyNames = check
                plan.propertyNamesNode = child
            case .maxProperties(let limit):
                plan.maxProperties = limit
                plan.maxPropertiesCheck = check
                plan.closeChecks.append(check)
            case .items(let items):
                plan.items = check
                plan.itemsPayload = items
            case .maxItems(let limit):
                plan.maxItems = limit
                plan.maxItemsCheck = check
                plan.closeChecks.append(check)
            case .maxLength(let limit):
                plan.maxLength = limit
                plan.maxLengthCheck = check
            case .pattern(let index):
                plan.patterns.append((check, index))
            case .enumeration(let index):
                plan.choices = (check, "enum", _Choices(program.enumerations[index].values))
                plan.choicesCheck = check
                plan.choiceStrings = plan.choices?.allowed.strings ?? []
                plan.closeChecks.append(check)
            case .constant(let index):
                plan.choices = (check, "const", _Choices([program.values[index]]))
                plan.choicesCheck = check
                plan.choiceStrings = plan.choices?.allowed.strings ?? []
                plan.closeChecks.append(check)
            case .allOf(let start, let count):
                for offset in 0..<count { plan.inPlace.append((check, offset, program.nodeLists[start &+ offset])) }
            case .reference(let target):
                plan.inPlace.append((check, 0, target))
            case .dynamicReference:
                plan.inPlace.append((check, 0, -1))
            case .anyOf(let start, let count, _):
                plan.groups.append((check, false, start, count))
            case .oneOf(let start, let count, _):
                plan.groups.append((check, true, start, count))
            case .unevaluatedProperties, .unevaluatedItems:
                plan.wholeAtClose = true
            case .minLength, .multipleOf, .bound, .format, .content:
                // Judged with the complete scalar; nothing for a container.
                break
            case .minItems, .uniqueItems, .minProperties, .required, .dependentRequired, .dependentSchemas,
                .contains, .not, .conditional:
                plan.closeChecks.append(check)
            }
            check &+= 1
        }
        return plan
    }
}

/// The streaming plans of a program's nodes (see `_SchemaStream.Plan`),
/// each made once, by the first validator that needs it, and then read by
/// all.
final class _SchemaStreamPlans: @unchecked Sendable {
    private let lock = _Lock()
    private var plans: [_SchemaStream.Plan?]
    /// `plans`, unretained, for each new stream to start from (see
    /// `_SchemaStream.planTable`).
    private var unretained: [Unmanaged<_SchemaStream.Plan>?]

    init(count: Int) {
        plans = [_SchemaStream.Plan?](repeating: nil, count: count)
        unretained = [Unmanaged<_SchemaStream.Plan>?](repeating: nil, count: count)
    }

    /// The plans made so far, unretained: `plans` keeps them alive.
    var table: [Unmanaged<_SchemaStream.Plan>?] { lock.withLock { unretained } }

    /// The plan of `node`, made by `make` if no validator has made it yet.
    func plan(_ node: Int32, make: () -> _SchemaStream.Plan) -> _SchemaStream.Plan {
        if let plan = lock.withLock({ plans[Int(node)] }) { return plan }
        // Made outside the lock; of two threads that make it at once, the
        // first to store it wins, and both plans are the same.
        let made = make()
        return lock.withLock {
            if let plan = plans[Int(node)] { return plan }
            plans[Int(node)] = made
            unretained[Int(node)] = Unmanaged.passUnretained(made)
            return made
        }
    }
}

/// The kind of JSON value, as its first byte tells it.
enum _ValueKind: Equatable {
    case object, array, string, number
    case boolean(Bool)
    case null

    init(firstByte: UInt8) {
        switch firstByte {
        case UInt8(ascii: "{"): self = .object
        case UInt8(ascii: "["): self = .array
        case UInt8(ascii: "\""): self = .string
        case UInt8(ascii: "t"): self = .boolean(true)
        case UInt8(ascii: "f"): self = .boolean(false)
        case UInt8(ascii: "n"): self = .null
        default: self = .number
        }
    }

    /// How a message names a value of this kind before it is complete.
    var noun: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .boolean(let value): "the Boolean \(value)"
        case .null: "null"
        }
    }

    /// Whether some value of this kind has one of `types` (a number may be
    /// an integer until it is complete).
    func isAccepted(by types: _SchemaTypes) -> Bool {
        switch self {
        case .object: types.contains(.object)
        case .array: types.contains(.array)
        case .string: types.contains(.string)
        case .number: !types.isDisjoint(with: [.number, .integer])
        case .boolean: types.contains(.boolean)
        case .null: types.contains(.null)
        }
    }

    /// Whether some value of this kind may be one of `choices`.
    func mayBeOneOf(_ choices: _Choices) -> Bool {
        switch self {
        case .object: choices.hasObject
        case .array: choices.hasArray
        case .string: !choices.strings.isEmpty
        case .number: choices.hasNumber
        case .boolean(let value): value ? choices.hasTrue : choices.hasFalse
        case .null: choices.hasNull
        }
    }
}

/// The values of an `enum` or `const`, by kind: the strings as their
/// UTF-8, so that a string being read is compared by its bytes.
struct _Choices {
    var strings: [[UInt8]] = []
    var hasObject = false
    var hasArray = false
    var hasNumber = false
    var hasTrue = false
    var hasFalse = false
    var hasNull = false

    init(_ values: [JSONValue]) {
        for value in values {
            switch value {
            case .object: hasObject = true
            case .array: hasArray = true
            case .int, .double: hasNumber = true
            case .bool(let flag): if flag { hasTrue = true } else { hasFalse = true }
            case .null: hasNull = true
            case .string(let string): strings.append(Array(string.utf8))
            }
        }
    }
}

extension _SchemaStream.Tracker {
    /// The keyword and the provisional message of a failed tracker.
    func failure(program: _SchemaProgram) -> (String, String) {
        switch kind {
        case .maxLength(let limit):
            return ("maxLength", "the string is longer than \(_SchemaMessages.plural(limit, "character"))")
        case .choices, .someChoices:
            let keyword = if case .constant = program.checks[check] { "const" } else { "enum" }
            return (keyword, "the string cannot be one of the values of \"\(keyword)\"")
        case .pattern(let pattern, _):
            return (
                "pattern",
                "the string cannot match the pattern \(_SchemaMessages.quote(program.patterns[pattern].source))"
            )
        }
    }
}

extension Array {
    /// Empties the array and keeps its storage, one element at a time:
    /// `removeAll(keepingCapacity:)` is a range replacement, which costs
    /// more than the few elements the streaming validator's arrays hold
    /// (and as much for an empty array).
    @inline(__always)
    fileprivate mutating func removeAllKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}

#endif
