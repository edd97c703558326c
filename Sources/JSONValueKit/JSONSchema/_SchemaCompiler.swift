#if JSONSchema

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
final class _SchemaCompiler {
    /// A subschema's place: a document and a JSON Pointer into it, escaped.
    struct Location: Hashable {
        var document: Int
        var pointer: String
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
    var documents: [Document] = []
    /// Documents from the options, by URI without a fragment, not yet loaded.
    var pending: [String: JSONValue] = [:]
    var resources: [Resource] = []
    /// Resources by URI without a fragment.
    var resourceByURI: [String: Int] = [:]
    /// The resource roots that discovery found, by location: a subschema
    /// belongs to the innermost one above it.
    var resourceOfLocation: [Location: Int] = [:]
    /// Dialects of meta-schemas already read, by URI.
    var dialectCache: [String: _SchemaDialect] = [:]

    var nodes: [_SchemaNode] = []
    /// The location of each node, for errors.
    var locationOfNode: [Location] = []
    var nodeOfLocation: [Location: Int] = [:]
    /// The node of each reference resolved so far.
    var nodeOfReference: [ReferenceKey: Int] = [:]
    /// Nodes allocated but not yet compiled, with their location and value.
    var queue: [(node: Int, location: Location, value: JSONValue)] = []
    var usesDynamicScope = false
    /// The patterns compiled so far, by their UTF-8 bytes (so that patterns
    /// equal only by canonical equivalence stay apart): schemas repeat the
    /// same few patterns (FHIR's 398 `pattern`s are 16), and building a
    /// pattern's automaton took a third of compiling such a schema.
    var regexes: [[UInt8]: _Regex] = [:]
    /// Every problem found so far, when compiling for
    /// ``JSONSchema/problems(in:options:)``; `nil` when the first problem is
    /// thrown, as ``JSONSchema/init(_:options:)-(JSONValue,_)`` does.
    private(set) var problems: [JSONSchemaError]?

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
        let rootLocation = Location(document: 0, pointer: "")
        let root = allocateNode(at: rootLocation, value: schema, resource: resourceOfLocation[rootLocation] ?? 0)
        try drainQueue()
        try compileDynamicAnchors()
        _SchemaAnalysis.markInPlaceCycles(self)
        _SchemaAnalysis.markEvaluationTracking(self)
        let programResources = resources.map { resource -> _SchemaResource in
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
        return _SchemaProgram(nodes: nodes, resources: programResources, root: root, usesDynamicScope: usesDynamicScope)
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
        var work: [(value: JSONValue, pointer: String, resource: Int, isRoot: Bool)] = [
            (documents[document].value, "", rootResource, true)
        ]
        while let (value, pointer, parent, isRoot) = work.popLast() {
            guard case .object(let object) = value else { continue }
            let location = Location(document: document, pointer: pointer)
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
            for keyword in [dialect.idKeyword, "$anchor", "$dynamicAnchor"] {
                guard let value = object[keyword], keyword == dialect.idKeyword || dialect.version.rank >= 2019 else {
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
            let ignoresID = dialect.refOverridesSiblings && object["$ref"] != nil
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
            if isRoot || resource != parent { resourceOfLocation[location] = resource }
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
            try _SubschemaKeywords.forEach(in: object, dialect: dialect.version) {
                (child, keyword, name) throws(JSONSchemaError) in
                var childPointer = pointer + "/" + _escapeToken(keyword)
                if let name { childPointer += "/" + _escapeToken(name) }
                work.append((child, childPointer, resource, false))
            }
        }
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
        guard let pointer = try? JSONPointer(parsing: location.pointer) else { return nil }
        for token in pointer.tokens {
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
        }
        return value
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
        let (target, targetResource, value) = try resolve(reference, from: resource, at: location(), keyword: keyword)
        let node = allocateNode(at: target, value: value, resource: targetResource)
        nodeOfReference[key] = node
        return node
    }

    struct ReferenceKey: Hashable {
        var resource: Int
        var reference: String
    }

    /// Resolves a reference from a subschema of `resource`: the location of
    /// its target, the resource to compile the target in, and the target.
    func resolve(
        _ reference: String, from resource: Int, at location: Location, keyword: String
    ) throws(JSONSchemaError) -> (Location, Int, JSONValue) {
        let target = _URIReference(reference).resolved(against: _URIReference(resources[resource].uri))
        let key = target.withoutFragment.text
        let unresolved = {
            self.error(
                .unresolvedReference(target.text), at: location,
                "\"\(keyword)\" refers to \(target.text), which is not defined: no schema, document or anchor has "
                    + "that URI (documents are never fetched; pass them in the options)")
        }
        guard let targetResource = try self.resource(forURI: key) else { throw unresolved() }
        let resourceInfo = resources[targetResource]
        let fragment = target.fragment.map(String.init) ?? ""
        let pointer: String
        if fragment.isEmpty {
            pointer = resourceInfo.pointer
        } else if fragment.hasPrefix("/") {
            guard let decoded = try? JSONPointer(uriFragment: "#" + fragment) else { throw unresolved() }
            pointer = resourceInfo.pointer + decoded.description
        } else if let anchor = resourceInfo.anchors[fragment] {
            pointer = anchor
        } else {
            throw unresolved()
        }
        let targetLocation = Location(document: resourceInfo.document, pointer: pointer)
        guard let value = value(at: targetLocation) else { throw unresolved() }
        return (targetLocation, innermostResource(of: targetLocation) ?? targetResource, value)
    }

    /// The innermost resource root at or above a location, if discovery
    /// found one.
    func innermostResource(of location: Location) -> Int? {
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
    /// when the queue reaches it.
    func allocateNode(at location: Location, value: JSONValue, resource: Int) -> Int {
        if let node = nodeOfLocation[location] { return node }
        let index = nodes.count
        let relative = location.pointer.dropFirst(resources[resource].pointer.count)
        nodes.append(_SchemaNode(resource: resource, pointer: String(relative)))
        nodeOfLocation[location] = index
        locationOfNode.append(location)
        queue.append((index, location, value))
        return index
    }

    /// The node of a subschema at `path` below `location`.
    func child(
        _ value: JSONValue, of location: Location, _ path: String..., resource: Int
    ) -> Int {
        var pointer = location.pointer
        for token in path { pointer += "/" + _escapeToken(token) }
        let childLocation = Location(document: location.document, pointer: pointer)
        return allocateNode(at: childLocation, value: value, resource: resourceOfLocation[childLocation] ?? resource)
    }

    private func drainQueue() throws(JSONSchemaError) {
        var next = 0
        while next < queue.count {
            let (node, location, value) = queue[next]
            next += 1
            if nodes.count > Self.maximumSubschemaCount {
                throw error(
                    .tooLarge(limit: Self.maximumSubschemaCount), at: location,
                    "the schema holds more than \(Self.maximumSubschemaCount) subschemas")
            }
            do throws(JSONSchemaError) {
                try _SchemaKeywordCompiler(compiler: self, node: node, location: location).compile(value)
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

/// A JSON Pointer reference token, escaped (`~` as `~0`, `/` as `~1`).
func _escapeToken(_ token: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
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

/// A JSON Pointer's text as a URI fragment, with `#`, percent-encoding what
/// a fragment cannot hold (`#/patternProperties/%5Ea`).
func _uriFragment(ofPointer pointer: String) -> String {
    (try? JSONPointer(parsing: pointer))?.uriFragment ?? "#"
}

#endif
