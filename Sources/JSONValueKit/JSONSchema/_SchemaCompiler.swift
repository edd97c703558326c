#if JSONSchema

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

/// Compiles a schema into a ``_SchemaProgram``.
///
/// In two passes, neither of them recursive, so that schemas nested to any
/// depth are safe on a small stack:
///
/// 1. **Discovery** walks each document that is needed (the schema, then
///    documents and meta-schemas as references name them) along the
///    subschema keywords of its dialect, and records every schema resource
///    (`$id`, with its dialect from `$schema`), every anchor, and which
///    resource each subschema belongs to.
/// 2. **Compilation** starts at the root and compiles each reachable
///    subschema once, by location; references become edges to the node of
///    their target, which is compiled in turn.
///
/// Then the nodes that must track evaluated members and items are marked,
/// and so are the nodes on cycles of in-place references, which validation
/// watches so that it never goes round one forever.
///
/// A compiler is made, run and dropped by one call on one thread, and
/// nothing it lends out outlives the call: its tables are
/// `@exclusivity(unchecked)`, as the run-time exclusivity checks (a call
/// into the runtime on every read and write of a table, six for each node
/// allocated) cost a twentieth of compiling a schema and could never fire.
final class _SchemaCompiler {
    /// A subschema's place: a document and a JSON Pointer into it, escaped.
    struct Location: Hashable {
        var document: Int
        var pointer: String

        /// By the pointer's UTF-8 bytes, hashed at once: as JSON objects
        /// look names up, and a good deal quicker than `String`'s hash,
        /// which every subschema's location and every reference paid.
        static func == (lhs: Location, rhs: Location) -> Bool {
            lhs.document == rhs.document && _sameBytes(lhs.pointer, rhs.pointer)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(document)
            _hashBytes(of: pointer, into: &hasher)
        }
    }

    struct Document {
        var value: JSONValue
        /// The URI the document was given under (`nil` for the schema).
        var uri: String?
        var discovered = false
    }

    struct Resource {
        var uri: String
        var document: Int
        /// The pointer of the resource's root within its document.
        var pointer: String
        var dialect: _SchemaDialect
        /// Anchors (`$anchor`, `$dynamicAnchor`, draft-07's `$id: "#name"`)
        /// by name, as pointers into the document.
        var anchors: [String: String] = [:]
        var dynamicAnchors: [String: String] = [:]
        var recursiveAnchor = false
    }

    let options: JSONSchema.Options
    /// The most subschemas a schema may have, with the documents it uses.
    static let maximumSubschemaCount = 1_000_000
    @exclusivity(unchecked) var documents: [Document] = []
    /// Documents from the options, by URI without a fragment, not yet loaded.
    @exclusivity(unchecked) var pending: [String: JSONValue] = [:]
    @exclusivity(unchecked) var resources: [Resource] = []
    /// Resources by URI without a fragment.
    @exclusivity(unchecked) var resourceByURI: [String: Int] = [:]
    /// The resource roots that discovery found, by location: a subschema
    /// belongs to the innermost one above it.
    @exclusivity(unchecked) var resourceOfLocation: [Location: Int] = [:]
    /// How many of ``resourceOfLocation``'s locations are not a document's
    /// root: while there are none (most schemas), a subschema below a root
    /// needs no look-up to know it is not a resource root.
    @exclusivity(unchecked) var nestedResourceCount = 0
    /// Dialects of meta-schemas already read, by URI.
    @exclusivity(unchecked) var dialectCache: [String: _SchemaDialect] = [:]

    @exclusivity(unchecked) var nodes: [_SchemaNode] = []
    /// The keywords of every node, end to end (see
    /// ``_SchemaNode/keywords``).
    @exclusivity(unchecked) var keywords: [_SchemaKeyword] = []
    /// Each node's location inside its resource (`/$defs/point`), for
    /// absolute keyword locations: its text, or the step from its parent's.
    @exclusivity(unchecked) var pointers = _SchemaNodePointers()
    /// The annotations of every node, end to end (see
    /// ``_SchemaNode/annotations``).
    @exclusivity(unchecked) var annotations: [(keyword: String, value: JSONValue)] = []
    /// The node of each location, once ``locatesEveryNode``.
    @exclusivity(unchecked) var nodeOfLocation: [Location: Int] = [:]
    /// Whether every node is in ``nodeOfLocation``, and every new node's
    /// pointer written out as it is allocated. Until a reference is resolved
    /// (in small schemas, never), each subschema is reached only from its
    /// parent, at a location of its own, and none is a resource's root
    /// below the document's: nothing looks a node up by its location, and
    /// its pointer is kept as the step from its parent's (see
    /// ``_SchemaNodePointer``), written only if an error needs it.
    @exclusivity(unchecked) private(set) var locatesEveryNode = false
    /// The node of each reference resolved so far.
    @exclusivity(unchecked) var nodeOfReference: [ReferenceKey: Int] = [:]
    /// Nodes allocated but not yet compiled, with their value and, once
    /// ``locatesEveryNode``, their pointer in their document.
    @exclusivity(unchecked) var queue: [(node: Int, value: JSONValue, pointer: String?)] = []
    @exclusivity(unchecked) var usesDynamicScope = false
    /// The nodes with `unevaluatedItems` or `unevaluatedProperties` (a node
    /// with both, twice), where marking the nodes that track evaluation
    /// starts.
    @exclusivity(unchecked) var nodesWithUnevaluated: [Int] = []
    /// How many subschemas discovery has walked: about as many nodes as
    /// compiling makes, so the tables of nodes are made that large at once
    /// rather than grown (and rehashed) a dozen times.
    @exclusivity(unchecked) var discoveredSubschemaCount = 0
    /// The patterns compiled so far, by their UTF-8 bytes (so that patterns
    /// equal only by canonical equivalence stay apart): schemas repeat the
    /// same few patterns (FHIR's 398 `pattern`s are 16), and building a
    /// pattern's automaton took a third of compiling such a schema.
    @exclusivity(unchecked) var regexes: [[UInt8]: _Regex] = [:]
    /// Every problem found so far, when compiling for
    /// ``JSONSchema/problems(in:options:)``; `nil` when the first problem is
    /// thrown, as ``JSONSchema/init(_:options:)-(JSONValue,_)`` does.
    @exclusivity(unchecked) private(set) var problems: [JSONSchemaError]?

    init(options: JSONSchema.Options) {
        self.options = options
        for (uri, document) in options.documents {
            pending[Self.documentKey(uri)] = document
        }
    }

    /// The key of a document or resource URI: without its fragment.
    static func documentKey(_ uri: String) -> String {
        _URIReference(uri).withoutFragment.text
    }

    static func compile(_ schema: JSONValue, options: JSONSchema.Options) throws(JSONSchemaError) -> _SchemaProgram {
        let compiler = _SchemaCompiler(options: options)
        return try compiler.run(schema)
    }

    /// Every problem that keeps `schema` from compiling: the compiler goes
    /// on past each one, without the keyword (or the member of a keyword)
    /// that has it, and stops early only for a schema too large to compile.
    static func problems(in schema: JSONValue, options: JSONSchema.Options) -> [JSONSchemaError] {
        let compiler = _SchemaCompiler(options: options)
        compiler.problems = []
        do {
            _ = try compiler.run(schema)
        } catch {
            compiler.problems?.append(error)
        }
        return compiler.sortedProblems()
    }

    /// Throws `error` on, or, when every problem is collected, records it,
    /// so that compiling goes on without what threw it: each keyword (or
    /// member of a keyword) is compiled in a `do` whose `catch` calls this.
    @inline(never)  // Called from some fifty `catch`es.
    func recover(_ error: JSONSchemaError) throws(JSONSchemaError) {
        guard problems != nil else { throw error }
        problems?.append(error)
    }

    /// The problems collected, each once, in the order of the documents
    /// (the schema first, then the others by URI) and, within a document,
    /// in the order in which its text has them.
    ///
    /// Each problem gets a text key that sorts as that order does (the
    /// document, then the index of each member or element on the way to the
    /// problem, then the order found), and the keys are sorted as strings:
    /// a sort of its own would add its code to every program that links
    /// the library.
    private func sortedProblems() -> [JSONSchemaError] {
        var documentOfURI: [String: Int] = [:]
        for index in documents.indices.reversed() { documentOfURI[documents[index].uri ?? ""] = index }
        var seen: Set<String> = []
        var keyed: [String: JSONSchemaError] = [:]
        for (found, problem) in (problems ?? []).enumerated() {
            let uri = problem.documentURI ?? ""
            guard seen.insert("\(uri)\u{0}\(problem.location)\u{0}\(problem.message)").inserted else { continue }
            var key = problem.documentURI == nil ? "0" : "1" + uri + "\u{0}"
            if let document = documentOfURI[uri] {
                for index in Self.indexPath(of: problem.location, in: documents[document].value) {
                    key += Self.sortableText(index) + "."
                }
            }
            key += "#" + Self.sortableText(found)
            keyed[key] = problem
        }
        return keyed.keys.sorted().compactMap { keyed[$0] }
    }

    /// The index of each member or element on the way to `pointer`'s place
    /// in `document`, as far as the document has it.
    static func indexPath(of pointer: JSONPointer, in document: JSONValue) -> [Int] {
        var path: [Int] = []
        var value = document
        for token in pointer.tokens {
            switch value {
            case .object(let object):
                guard let index = object.index(forKey: token) else { return path }
                path.append(index)
                value = object[valueAt: index]
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return path }
                path.append(index)
                value = elements[index]
            default:
                return path
            }
        }
        return path
    }

    /// A non-negative integer as text of a fixed width that sorts as the
    /// numbers do.
    private static func sortableText(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 19 - digits.count)) + digits
    }

    private func run(_ schema: JSONValue) throws(JSONSchemaError) -> _SchemaProgram {
        documents.append(Document(value: schema, uri: nil))
        try discover(document: 0, base: "", dialect: _SchemaDialect(version: options.defaultDialect))
        let expectedNodeCount = min(discoveredSubschemaCount, Self.maximumSubschemaCount)
        nodes.reserveCapacity(expectedNodeCount)
        // (About two keywords a subschema, in the schemas of the corpus.)
        keywords.reserveCapacity(2 * expectedNodeCount)
        pointers.reserveCapacity(expectedNodeCount)
        queue.reserveCapacity(expectedNodeCount)
        // Below a resource root other than a document's, a subschema's
        // resource depends on its location.
        if nestedResourceCount > 0 { locateEveryNode() }
        let rootLocation = Location(document: 0, pointer: "")
        let rootResource = resourceOfLocation[rootLocation] ?? 0
        let root =
            locatesEveryNode
            ? allocateNode(at: rootLocation, value: schema, resource: rootResource)
            : appendNode(at: rootLocation, value: schema, resource: rootResource)
        try drainQueue()
        try compileDynamicAnchors()
        _SchemaAnalysis.markInPlaceCycles(self)
        _SchemaAnalysis.markEvaluationTracking(self)
        let programResources = resources.map { resource -> _SchemaResource in
            if !resource.dynamicAnchors.isEmpty || resource.recursiveAnchor { locateEveryNode() }
            var result = _SchemaResource(uri: resource.uri, documentPointer: resource.pointer)
            for (name, pointer) in resource.dynamicAnchors {
                result.dynamicAnchors[name] = nodeOfLocation[Location(document: resource.document, pointer: pointer)]
            }
            if resource.recursiveAnchor {
                result.recursiveAnchor =
                    nodeOfLocation[Location(document: resource.document, pointer: resource.pointer)]
            }
            return result
        }
        return _SchemaProgram(
            nodes: nodes, keywords: keywords, pointers: pointers, annotations: annotations, resources: programResources,
            root: root,
            usesDynamicScope: usesDynamicScope)
    }

    // MARK: Errors

    /// An error at a location in a document.
    func error(_ kind: JSONSchemaError.Kind, at location: Location, _ message: String) -> JSONSchemaError {
        let tokens = (try? JSONPointer(parsing: location.pointer).tokens) ?? []
        return JSONSchemaError(
            kind, at: JSONPointer(tokens: tokens), in: documents[location.document].uri, message: message)
    }

    // MARK: Discovery

    /// Walks a document along its subschema keywords, registering its
    /// resources and anchors.
    func discover(document: Int, base: String, dialect: _SchemaDialect) throws(JSONSchemaError) {
        documents[document].discovered = true
        // The document root is always a resource, with the URI it was given
        // under; an `$id` at the root may give it a second one.
        let rootResource = resources.count
        resources.append(Resource(uri: base, document: document, pointer: "", dialect: dialect))
        register(base, rootResource)
        // Each subschema's place is kept as the step from its parent's
        // (`paths`), and its pointer is written out only where one is needed
        // (an `$id`, an anchor, an error): writing the pointer of every
        // subschema took a quarter of discovering FHIR's schema.
        // (Made room for at once: grown from empty, they were reallocated
        // half a dozen times for the smallest schemas.)
        var paths: [DiscoveryStep] = []
        paths.reserveCapacity(64)
        var work: [(value: JSONValue, path: Int, resource: Int, isRoot: Bool)] = []
        work.reserveCapacity(16)
        work.append((documents[document].value, -1, rootResource, true))
        while let (value, path, parent, isRoot) = work.popLast() {
            discoveredSubschemaCount += 1
            guard case .object(let whole) = value else { continue }
            // Looked up by keyword through the lengths of the names, so that
            // `$id` and the others, absent from most subschemas, need no
            // search.
            let object = _SchemaKeywordMembers(whole)
            var pointer: String { Self.pointer(of: path, in: paths) }
            var location: Location { Location(document: document, pointer: pointer) }
            var resource = parent
            var dialect = resources[parent].dialect
            let mayDeclareID = object["$id"] != nil || object["id"] != nil
            if isRoot || mayDeclareID, let schemaURI = object["$schema"] {
                // Collecting every problem, a `$schema` that fails leaves the
                // dialect of the enclosing resource.
                do throws(JSONSchemaError) {
                    guard case .string(let uri) = schemaURI else {
                        throw error(
                            .invalidKeywordValue("$schema"),
                            at: Location(document: document, pointer: pointer + "/$schema"),
                            "the value of \"$schema\" must be a URI string")
                    }
                    dialect = try self.dialect(forMetaSchema: uri, at: location)
                    if isRoot { resources[rootResource].dialect = dialect }
                } catch {
                    try recover(error)
                }
            }
            // (Without `$id` or `id` and before 2019-09, none of these apply.)
            if mayDeclareID || dialect.version.rank >= 2019 {
                for keyword in dialect.version == .draft4 ? Self.identifyingKeywords4 : Self.identifyingKeywords {
                    guard let value = object[keyword], keyword == dialect.idKeyword || dialect.version.rank >= 2019
                    else {
                        continue
                    }
                    guard case .string = value else {
                        do throws(JSONSchemaError) {
                            throw error(
                                .invalidKeywordValue(keyword),
                                at: Location(document: document, pointer: pointer + "/" + _escapeToken(keyword)),
                                "the value of \"\(keyword)\" must be a string")
                        } catch {
                            try recover(error)
                        }
                        continue
                    }
                }
            }
            let ignoresID = !mayDeclareID || dialect.refOverridesSiblings && object["$ref"] != nil
            if !ignoresID, case .string(let id)? = object[dialect.idKeyword] {
                let reference = _URIReference(id).resolved(against: _URIReference(resources[parent].uri))
                if !id.hasPrefix("#") {
                    let uri = reference.withoutFragment.text
                    if isRoot {
                        // The `$id` is the canonical URI; the one the document
                        // was given under still finds it.
                        resources[rootResource].uri = uri
                    } else {
                        resource = resources.count
                        resources.append(Resource(uri: uri, document: document, pointer: pointer, dialect: dialect))
                    }
                    register(uri, resource)
                }
                if dialect.version.isAtMostDraft7, let fragment = reference.fragment, !fragment.isEmpty,
                    !fragment.hasPrefix("/")
                {
                    resources[resource].anchors[String(fragment)] = pointer
                }
            }
            if isRoot || resource != parent {
                resourceOfLocation[location] = resource
                if !isRoot { nestedResourceCount += 1 }
            }
            if dialect.version.rank >= 2019, case .string(let anchor)? = object["$anchor"] {
                resources[resource].anchors[anchor] = pointer
            }
            if dialect.version == .draft2020_12, case .string(let anchor)? = object["$dynamicAnchor"] {
                resources[resource].anchors[anchor] = pointer
                resources[resource].dynamicAnchors[anchor] = pointer
            }
            if dialect.version == .draft2019_09, object["$recursiveAnchor"] == .bool(true),
                resources[resource].pointer == pointer
            {
                resources[resource].recursiveAnchor = true
            }
            try _SubschemaKeywords.forEach(in: whole, dialect: dialect.version) {
                (child, keyword, name, index) throws(JSONSchemaError) in
                paths.append(DiscoveryStep(parent: path, keyword: keyword, name: name, index: index ?? -1))
                work.append((child, paths.count - 1, resource, false))
            }
        }
    }

    /// The keywords whose values must be strings that name a subschema,
    /// made once rather than for each subschema.
    private static let identifyingKeywords = ["$id", "$anchor", "$dynamicAnchor"]
    private static let identifyingKeywords4 = ["id", "$anchor", "$dynamicAnchor"]

    /// One step of discovery's walk: the subschema at `keyword` (and
    /// `name`, for keywords that hold several) of the one at step `parent`
    /// (`-1` for the document's root).
    struct DiscoveryStep {
        var parent: Int
        var keyword: String
        var name: String?
        /// The element's index, for keywords that hold an array, else -1.
        var index: Int
    }

    /// The pointer of the subschema that discovery reached at a step.
    private static func pointer(of step: Int, in steps: [DiscoveryStep]) -> String {
        var trail: [Int] = []
        var step = step
        while step >= 0 {
            trail.append(step)
            step = steps[step].parent
        }
        var pointer = ""
        for step in trail.reversed() {
            pointer += "/" + _escapeToken(steps[step].keyword)
            if let name = steps[step].name { pointer += "/" + _escapeToken(name) }
            if steps[step].index >= 0 { pointer += "/" + String(steps[step].index) }
        }
        return pointer
    }

    private func register(_ uri: String, _ resource: Int) {
        if resourceByURI[uri] == nil { resourceByURI[uri] = resource }
    }

    /// The dialect that a `$schema` names: one of the five, or a custom
    /// meta-schema from the documents, whose own `$schema` gives the dialect
    /// and whose `$vocabulary` the keywords in use.
    func dialect(forMetaSchema uri: String, at location: Location) throws(JSONSchemaError) -> _SchemaDialect {
        if let version = _SchemaDialect.standard(uri) { return _SchemaDialect(version: version) }
        let key = Self.documentKey(uri)
        if let cached = dialectCache[key] { return cached }
        guard let (metaSchema, metaDocument) = try schemaDocument(key) else {
            throw error(
                .unknownDialect(uri), at: Location(document: location.document, pointer: location.pointer + "/$schema"),
                "\"$schema\" names \(uri), which is neither a dialect the package knows (draft-04, -06, -07, "
                    + "2019-09, 2020-12) nor one of the documents given in the options")
        }
        // Guard against meta-schemas that name one another in a cycle.
        dialectCache[key] = _SchemaDialect(version: options.defaultDialect)
        var dialect = _SchemaDialect(version: options.defaultDialect)
        if case .string(let parent)? = metaSchema["$schema"], Self.documentKey(parent) != key {
            dialect = try self.dialect(forMetaSchema: parent, at: Location(document: metaDocument, pointer: ""))
        }
        if dialect.version.rank >= 2019, case .object(let vocabulary)? = metaSchema["$vocabulary"] {
            let known = _SchemaVocabularies.known(in: dialect.version)
            var enabled: _SchemaVocabularies = []
            for (vocabularyURI, required) in vocabulary {
                if let flags = known[vocabularyURI] {
                    enabled.formUnion(flags)
                } else if required == .bool(true) {
                    throw error(
                        .unsupportedVocabulary(vocabularyURI),
                        at: Location(document: metaDocument, pointer: "/$vocabulary/" + _escapeToken(vocabularyURI)),
                        "the meta-schema requires the vocabulary \(vocabularyURI), which the package does not implement"
                    )
                }
            }
            dialect.vocabularies = enabled.union(.core)
        }
        dialectCache[key] = dialect
        return dialect
    }

    /// The object at a document URI, loading the document if it has not been,
    /// and its index; `nil` if no document has that URI.
    func schemaDocument(_ key: String) throws(JSONSchemaError) -> (JSONObject, Int)? {
        guard let resource = try resource(forURI: key) else { return nil }
        let document = resources[resource].document
        guard case .object(let object)? = value(at: Location(document: document, pointer: resources[resource].pointer))
        else { return nil }
        return (object, document)
    }

    /// The resource with a URI (without fragment), loading a document from
    /// the options or a built-in meta-schema if one has that URI.
    func resource(forURI key: String) throws(JSONSchemaError) -> Int? {
        if let resource = resourceByURI[key] { return resource }
        if let document = pending.removeValue(forKey: key) {
            try load(document, uri: key)
            if let resource = resourceByURI[key] { return resource }
        }
        if let text = _MetaSchemas.text(for: key) {
            guard let document = try? JSONValue(parsing: text) else { return nil }
            try load(document, uri: key)
            return resourceByURI[key]
        }
        // A resource declared inside another document: load them all, in
        // the order of their URIs, so that what is found (and any error) is
        // the same in every process.
        for uri in pending.keys.sorted() {
            guard let document = pending.removeValue(forKey: uri) else { continue }
            try load(document, uri: uri)
            if let resource = resourceByURI[key] { return resource }
        }
        return nil
    }

    private func load(_ value: JSONValue, uri: String) throws(JSONSchemaError) {
        documents.append(Document(value: value, uri: uri))
        let dialect = _SchemaDialect.standard(uri).map { _SchemaDialect(version: $0) }
        try discover(
            document: documents.count - 1, base: uri,
            dialect: dialect ?? _SchemaDialect(version: options.defaultDialect))
    }

    /// The value at a location, or `nil` if the pointer leads nowhere.
    func value(at location: Location) -> JSONValue? {
        var value = documents[location.document].value
        guard !location.pointer.isEmpty else { return value }
        // Token by token, along the text (as `JSONPointer(parsing:)` reads
        // it), without making the pointer's array of tokens first.
        let text = location.pointer.utf8
        guard text.first == UInt8(ascii: "/") else { return nil }
        var start = text.index(after: text.startIndex)
        while true {
            let end = text[start...].firstIndex(of: UInt8(ascii: "/")) ?? text.endIndex
            guard let token = Self.unescapedToken(Substring(text[start..<end])) else { return nil }
            switch value {
            case .object(let object):
                guard let member = object[token] else { return nil }
                value = member
            case .array(let elements):
                guard let index = Int(token), index >= 0, index < elements.count,
                    token == "0" || !token.hasPrefix("0")
                else { return nil }
                value = elements[index]
            default:
                return nil
            }
            guard end != text.endIndex else { return value }
            start = text.index(after: end)
        }
    }

    /// A JSON Pointer reference token unescaped (`~0` as `~`, `~1` as `/`);
    /// `nil` for an invalid escape.
    private static func unescapedToken(_ token: Substring) -> String? {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        var bytes: [UInt8] = []
        var afterTilde = false
        for byte in token.utf8 {
            if afterTilde {
                switch byte {
                case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
                default: return nil
                }
                afterTilde = false
            } else if byte == UInt8(ascii: "~") {
                afterTilde = true
            } else {
                bytes.append(byte)
            }
        }
        return afterTilde ? nil : String(decoding: bytes, as: UTF8.self)
    }

    // MARK: References

    /// The node a reference from a subschema of `resource` leads to; a
    /// reference written the same way in the same resource is resolved once
    /// (FHIR's 3.4 MB schema has tens of thousands of `$ref`s to a few
    /// hundred definitions).
    func node(
        forReference reference: String, from resource: Int, at location: @autoclosure () -> Location, keyword: String
    ) throws(JSONSchemaError) -> Int {
        let key = ReferenceKey(resource: resource, reference: reference)
        if let node = nodeOfReference[key] { return node }
        locateEveryNode()
        let (target, targetResource, value) = try resolve(reference, from: resource, at: location(), keyword: keyword)
        let node = allocateNode(at: target, value: value, resource: targetResource)
        nodeOfReference[key] = node
        return node
    }

    struct ReferenceKey: Hashable {
        var resource: Int
        var reference: String

        /// By the reference's UTF-8 bytes, as ``Location``.
        static func == (lhs: ReferenceKey, rhs: ReferenceKey) -> Bool {
            lhs.resource == rhs.resource && _sameBytes(lhs.reference, rhs.reference)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(resource)
            _hashBytes(of: reference, into: &hasher)
        }
    }

    /// Resolves a reference from a subschema of `resource`: the location of
    /// its target, the resource to compile the target in, and the target.
    func resolve(
        _ reference: String, from resource: Int, at location: Location, keyword: String
    ) throws(JSONSchemaError) -> (Location, Int, JSONValue) {
        let unresolved = {
            let target = _URIReference(reference).resolved(against: _URIReference(self.resources[resource].uri)).text
            return self.error(
                .unresolvedReference(target), at: location,
                "\"\(keyword)\" refers to \(target), which is not defined: no schema, document or anchor has "
                    + "that URI (documents are never fetched; pass them in the options)")
        }
        let key: String
        let fragment: Substring
        if reference.utf8.first == UInt8(ascii: "#") {
            // Only a fragment (`#/definitions/a`, as most references are):
            // resolved against the resource's URI, which is kept without
            // a fragment, it names that URI, and needs no parsing.
            key = resources[resource].uri
            fragment = reference.dropFirst()
        } else {
            let target = _URIReference(reference).resolved(against: _URIReference(resources[resource].uri))
            key = target.withoutFragment.text
            fragment = target.fragment ?? ""
        }
        guard let targetResource = try self.resource(forURI: key) else { throw unresolved() }
        let resourceInfo = resources[targetResource]
        let pointer: String
        if fragment.isEmpty {
            pointer = resourceInfo.pointer
        } else if fragment.utf8.first == UInt8(ascii: "/") {
            if let text = Self.plainPointer(fragment) {
                pointer = resourceInfo.pointer + text
            } else {
                guard let decoded = try? JSONPointer(uriFragment: "#" + fragment) else { throw unresolved() }
                pointer = resourceInfo.pointer + decoded.description
            }
        } else if let anchor = resourceInfo.anchors[String(fragment)] {
            pointer = anchor
        } else {
            throw unresolved()
        }
        let targetLocation = Location(document: resourceInfo.document, pointer: pointer)
        guard let value = value(at: targetLocation) else { throw unresolved() }
        return (targetLocation, innermostResource(of: targetLocation) ?? targetResource, value)
    }

    /// A fragment's JSON Pointer text when it needs no decoding: no
    /// percent-encoding, and every `~` an escape (`~0`, `~1`), so that the
    /// pointer's text is the fragment as written; `nil` otherwise.
    private static func plainPointer(_ fragment: Substring) -> String? {
        var isPlain = true
        var afterTilde = false
        for byte in fragment.utf8 {
            if afterTilde {
                guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else {
                    isPlain = false
                    break
                }
                afterTilde = false
            } else if byte == UInt8(ascii: "~") {
                afterTilde = true
            } else if byte == UInt8(ascii: "%") {
                isPlain = false
                break
            }
        }
        return isPlain && !afterTilde ? String(fragment) : nil
    }

    /// The innermost resource root at or above a location, if discovery
    /// found one.
    func innermostResource(of location: Location) -> Int? {
        if nestedResourceCount == 0 { return resourceOfLocation[Location(document: location.document, pointer: "")] }
        var pointer = location.pointer[...]
        while true {
            if let resource = resourceOfLocation[Location(document: location.document, pointer: String(pointer))] {
                return resource
            }
            guard let slash = pointer.lastIndex(of: "/") else { return nil }
            pointer = pointer[..<slash]
        }
    }

    // MARK: Nodes

    /// The node of the subschema at a location, allocated now and compiled
    /// when the queue reaches it (once ``locatesEveryNode``).
    func allocateNode(at location: Location, value: JSONValue, resource: Int) -> Int {
        // Looked up and, if absent, claimed with one hash of the location.
        // (Unconditionally: under a condition, the dictionary's accessor was
        // no longer inlined, and allocated twice for each node.)
        let index = nodes.count
        let node = Self.value(of: &nodeOfLocation[location, default: index])
        guard node == index else { return node }
        return appendNode(at: location, value: value, resource: resource)
    }

    /// Allocates a node for the subschema at a location, found nowhere else.
    private func appendNode(at location: Location, value: JSONValue, resource: Int) -> Int {
        let index = nodes.count
        // By the UTF-8 view: counting and dropping characters walked the
        // pointer grapheme by grapheme. Below a document's root resource
        // (most subschemas), the pointer is the location's, shared.
        let rootCount = resources[resource].pointer.utf8.count
        let relative =
            rootCount == 0
            ? location.pointer : String(Substring(location.pointer.utf8.dropFirst(rootCount)))
        nodes.append(_SchemaNode(resource: resource))
        pointers.append(text: relative)
        queue.append((index, value, location.pointer))
        return index
    }

    /// The node of the subschema at `keyword` of node `parent` (and at
    /// `name` or `index` of its value), allocated now and compiled when the
    /// queue reaches it; `parentPointer` is the parent's pointer in its
    /// document, if it is known.
    func allocateNode(
        below parent: Int, pointer parentPointer: String?, _ keyword: StaticString, name: String?, index: Int?,
        value: JSONValue
    ) -> Int {
        let resource = nodes[parent].resource
        guard locatesEveryNode else {
            let node = nodes.count
            nodes.append(_SchemaNode(resource: resource))
            pointers.append(parent: parent, keyword: keyword, name: name, index: index)
            queue.append((node, value, nil))
            return node
        }
        let pointer = childPointer(parentPointer ?? location(of: parent).pointer, keyword, name: name, index: index)
        let location = Location(document: resources[resource].document, pointer: pointer)
        return allocateNode(at: location, value: value, resource: nestedResource(at: location) ?? resource)
    }

    /// A node's location: its pointer written out, in its document.
    func location(of node: Int) -> Location {
        let resource = resources[nodes[node].resource]
        return Location(
            document: resource.document, pointer: resource.pointer + pointers.text(of: node))
    }

    /// Writes out the pointer of every node so far, and enters each in
    /// ``nodeOfLocation``, so that references find them (see
    /// ``locatesEveryNode``).
    func locateEveryNode() {
        guard !locatesEveryNode else { return }
        locatesEveryNode = true
        let expectedNodeCount = max(nodes.count, min(discoveredSubschemaCount, Self.maximumSubschemaCount))
        nodeOfLocation.reserveCapacity(expectedNodeCount)
        pointers.reserveTextCapacity(expectedNodeCount - nodes.count)
        // Each node's pointer in its document, from its parent's (allocated
        // before it) or its own text.
        var written: [String] = []
        written.reserveCapacity(nodes.count)
        for node in nodes.indices {
            let resource = resources[nodes[node].resource]
            let step = pointers.steps[node]
            let pointer =
                if let text = pointers.text(at: step) {
                    resource.pointer + text
                } else {
                    childPointer(
                        written[Int(step.parent)], step.keyword, name: pointers.name(of: step),
                        index: step.index >= 0 ? Int(step.index) : nil)
                }
            written.append(pointer)
            nodeOfLocation[Location(document: resource.document, pointer: pointer)] = node
        }
        for entry in queue.indices { queue[entry].pointer = written[queue[entry].node] }
    }

    /// The value of a dictionary's slot, reached through `subscript(_:default:)`
    /// in place, which stores the default if the key was absent.
    private static func value(of slot: inout Int) -> Int { slot }

    /// The resource whose root is at a location below a document's root,
    /// if there is one.
    func nestedResource(at location: Location) -> Int? {
        nestedResourceCount == 0 ? nil : resourceOfLocation[location]
    }

    /// Bytes that ``childPointer(_:_:name:index:)`` reuses, as large as
    /// the longest pointer so far needs.
    @exclusivity(unchecked) private var pointerBytes: [UInt8] = []

    /// The pointer of a subschema at `keyword` below `parent`, and at
    /// `name` or `index` below that for keywords that hold several.
    ///
    /// Written as bytes into one buffer kept for the whole compile, and made
    /// a string once: appending the tokens to a string one by one (and an
    /// array element's index made a string first) was a fifth of compiling
    /// a small schema.
    func childPointer(_ parent: String, _ keyword: StaticString, name: String? = nil, index: Int? = nil) -> String {
        // Room for every byte of a token escaped, and for any index.
        let room = parent.utf8.count + 2 * keyword.utf8CodeUnitCount + 2 * (name?.utf8.count ?? 0) + 24
        if pointerBytes.count < room { pointerBytes = Array(repeating: 0, count: max(room, 2 * pointerBytes.count)) }
        return pointerBytes.withUnsafeMutableBufferPointer { buffer in
            let bytes = buffer.baseAddress.unsafelyUnwrapped
            var count = Self.write(parent, escaped: false, to: bytes)
            bytes[count] = UInt8(ascii: "/")
            count += 1
            count += keyword.withUTF8Buffer { Self.writeEscaped($0, to: bytes + count) }
            if let name {
                bytes[count] = UInt8(ascii: "/")
                count += 1
                count += Self.write(name, escaped: true, to: bytes + count)
            }
            if let index {
                bytes[count] = UInt8(ascii: "/")
                count += 1
                count += Self.writeDigits(of: index, to: bytes + count)
            }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }

    /// Writes a string's bytes, as a reference token (`~` as `~0`, `/` as
    /// `~1`) if `escaped`; returns how many were written.
    private static func write(_ text: String, escaped: Bool, to bytes: UnsafeMutablePointer<UInt8>) -> Int {
        let written: Int? = text.utf8.withContiguousStorageIfAvailable { source in
            guard let start = source.baseAddress else { return 0 }
            if !escaped || !source.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                bytes.update(from: start, count: source.count)
                return source.count
            }
            return writeEscaped(source, to: bytes)
        }
        if let written { return written }
        let copy = Array(text.utf8)
        return copy.withUnsafeBufferPointer { source in
            if escaped { return writeEscaped(source, to: bytes) }
            if let start = source.baseAddress { bytes.update(from: start, count: source.count) }
            return source.count
        }
    }

    private static func writeEscaped(_ source: UnsafeBufferPointer<UInt8>, to bytes: UnsafeMutablePointer<UInt8>) -> Int
    {
        var count = 0
        for byte in source {
            switch byte {
            case UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes[count] = UInt8(ascii: "~")
                bytes[count + 1] = byte == UInt8(ascii: "~") ? UInt8(ascii: "0") : UInt8(ascii: "1")
                count += 2
            default:
                bytes[count] = byte
                count += 1
            }
        }
        return count
    }

    /// Writes a non-negative integer's decimal digits; returns how many.
    private static func writeDigits(of number: Int, to bytes: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = number
        for offset in (0..<digits).reversed() {
            bytes[offset] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return digits
    }

    private func drainQueue() throws(JSONSchemaError) {
        var next = 0
        while next < queue.count {
            let (node, value, pointer) = queue[next]
            next += 1
            if nodes.count > Self.maximumSubschemaCount {
                throw error(
                    .tooLarge(limit: Self.maximumSubschemaCount), at: location(of: node),
                    "the schema holds more than \(Self.maximumSubschemaCount) subschemas")
            }
            do throws(JSONSchemaError) {
                try _SchemaKeywordCompiler(compiler: self, node: node, pointer: pointer).compile(value)
            } catch {
                try recover(error)
            }
        }
        queue.removeAll()
    }

    /// Compiles the `$dynamicAnchor`s of every resource in use, which the
    /// dynamic scope can reach from any `$dynamicRef` of the same name.
    private func compileDynamicAnchors() throws(JSONSchemaError) {
        guard usesDynamicScope else { return }
        locateEveryNode()
        var done = 0
        while done < resources.count {
            let resource = resources[done]
            done += 1
            for (_, pointer) in resource.dynamicAnchors {
                let location = Location(document: resource.document, pointer: pointer)
                if let value = value(at: location) {
                    _ = allocateNode(at: location, value: value, resource: innermostResource(of: location) ?? done - 1)
                }
            }
            try drainQueue()
        }
    }

    /// Every node a dynamic reference may lead to: its static target, and
    /// every `$dynamicAnchor` (or `$recursiveAnchor` root) that the dynamic
    /// scope could supply.
    func possibleTargets(of reference: _SchemaDynamicReference) -> [Int] {
        locateEveryNode()
        var targets = [reference.target]
        for resource in resources {
            if let name = reference.dynamicAnchor, let pointer = resource.dynamicAnchors[name],
                let node = nodeOfLocation[Location(document: resource.document, pointer: pointer)]
            {
                targets.append(node)
            }
            if reference.isRecursive, resource.recursiveAnchor,
                let node = nodeOfLocation[Location(document: resource.document, pointer: resource.pointer)]
            {
                targets.append(node)
            }
        }
        return targets
    }
}

/// Whether two strings have the same UTF-8 bytes (canonically equivalent
/// strings written differently are not the same names in JSON).
func _sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    let count = lhs.utf8.count
    guard count == rhs.utf8.count else { return false }
    // With `memcmp`: the generic `elementsEqual` went byte by byte, which
    // was a fiftieth of compiling a small schema.
    return lhs.utf8.withContiguousStorageIfAvailable { left in
        rhs.utf8.withContiguousStorageIfAvailable { right in
            count == 0 || memcmp(left.baseAddress.unsafelyUnwrapped, right.baseAddress.unsafelyUnwrapped, count) == 0
        }
    }.flatMap { $0 } ?? lhs.utf8.elementsEqual(rhs.utf8)
}

/// Feeds a string's UTF-8 bytes to a hasher, as their SipHash under the
/// process's key (as JSON objects hash names): one word for the hasher
/// rather than the bytes, which `Hasher` took in a good deal more slowly
/// (a twentieth of compiling a schema with many references).
func _hashBytes(of text: String, into hasher: inout Hasher) {
    let hash: Int? = text.utf8.withContiguousStorageIfAvailable { _SipHash.hash($0) }
    hasher.combine(hash ?? Array(text.utf8).withUnsafeBufferPointer { _SipHash.hash($0) })
}

/// A JSON Pointer reference token, escaped (`~` as `~0`, `/` as `~1`).
func _escapeToken(_ token: String) -> String {
    // By the contiguous bytes when there are (always, for native and small
    // strings): the generic `contains(where:)` on the view cost a compile of
    // FHIR's schema a twentieth of its time.
    let needsEscaping =
        token.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }
        } ?? token.utf8.contains { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }
    guard needsEscaping else { return token }
    var escaped = ""
    for scalar in token.unicodeScalars {
        switch scalar {
        case "~": escaped += "~0"
        case "/": escaped += "~1"
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped
}

#endif
