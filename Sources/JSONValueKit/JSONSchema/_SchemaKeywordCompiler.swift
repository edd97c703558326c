#if JSONSchema

/// Compiles the keywords of one subschema into its node, checking each
/// keyword's value and allocating nodes for its subschemas.
///
/// Each keyword, and each member of a keyword that holds several, is
/// compiled in a `do` whose `catch` hands the problem to
/// ``_SchemaCompiler/recover(_:)``: thrown on, as the initializer wants, or
/// collected for ``JSONSchema/problems(in:options:)``, and then the keyword
/// adds nothing and the next one is compiled. (A `do` and not a closure per
/// keyword: closures made the library's code 30 KB larger, and every program
/// that links it carries all of it.)
struct _SchemaKeywordCompiler {
    let compiler: _SchemaCompiler
    let node: Int
    /// The subschema's pointer in its document, when the compiler has
    /// written it out (see ``_SchemaCompiler/locatesEveryNode``).
    let pointer: String?
    let resource: Int
    let dialect: _SchemaDialect

    init(compiler: _SchemaCompiler, node: Int, pointer: String?) {
        self.compiler = compiler
        self.node = node
        self.pointer = pointer
        resource = compiler.nodes[node].resource
        dialect = compiler.resources[resource].dialect
    }

    /// The subschema's location, for errors.
    private var location: _SchemaCompiler.Location {
        guard let pointer else { return compiler.location(of: node) }
        return _SchemaCompiler.Location(document: compiler.resources[resource].document, pointer: pointer)
    }

    private var version: JSONSchema.Dialect { dialect.version }

    func compile(_ value: JSONValue) throws(JSONSchemaError) {
        switch value {
        case .bool(let valid):
            compiler.nodes[node].shape = valid ? .alwaysValid : .alwaysInvalid
        case .object(let object):
            // The compiler's keywords, appended to here and given back
            // however this ends (nothing else reads them meanwhile).
            var keywords: [_SchemaKeyword] = []
            swap(&keywords, &compiler.keywords)
            defer { swap(&keywords, &compiler.keywords) }
            let start = keywords.count
            let annotationStart = compiler.annotations.count
            let members = _SchemaKeywordMembers(object)
            if dialect.refOverridesSiblings, let reference = members["$ref"] {
                keywords.append(.reference(try referenceTarget(reference, keyword: "$ref")))
            } else {
                try compileKeywords(of: members, into: &keywords)
                appendAnnotations(of: object)
            }
            // In one access to the compiler's nodes.
            compiler.nodes[node].setKeywords(
                start..<keywords.count, of: keywords, annotations: annotationStart..<compiler.annotations.count)
        default:
            var message = "a schema must be an object or a Boolean, not \(_SchemaMessages.describe(value))"
            if case .string = value, location.document == 0, location.pointer.isEmpty {
                // `JSONSchema("{…}")` makes the text a JSON string.
                message += "; to compile a schema from its JSON text, use JSONSchema(parsing:)"
            }
            throw compiler.error(.invalidKeywordValue(enclosingKeyword), at: location, message)
        }
    }

    /// The shape callers can act on without running the keywords.
    static func shape(of keywords: ArraySlice<_SchemaKeyword>) -> _SchemaNode.Shape {
        if keywords.isEmpty { return .alwaysValid }
        if keywords.count == 1, case .type(let types) = keywords[keywords.startIndex] { return .typeOnly(types) }
        return .general
    }

    /// The keyword whose value holds this subschema: `not` for `/not`,
    /// `anyOf` for `/anyOf/0`, `$defs` for `/$defs/a`; `""` for a document's
    /// root.
    private var enclosingKeyword: String {
        let tokens = (try? JSONPointer(parsing: location.pointer).tokens) ?? []
        guard let last = tokens.last else { return "" }
        if tokens.count >= 2, let shape = _SubschemaKeywords.shape(of: tokens[tokens.count - 2], in: version),
            shape != .schema
        {
            return tokens[tokens.count - 2]
        }
        return last
    }

    private func has(_ vocabulary: _SchemaVocabularies) -> Bool { dialect.vocabularies.contains(vocabulary) }

    // MARK: Keywords

    private func compileKeywords(of object: _SchemaKeywordMembers, into keywords: inout [_SchemaKeyword])
        throws(JSONSchemaError)
    {
        let validation = has(.validation)
        let applicator = has(.applicator)
        if validation {
            if let value = object["type"] {
                do throws(JSONSchemaError) {
                    keywords.append(.type(try types(value)))
                } catch {
                    try compiler.recover(error)
                }
            }
            if version.rank >= 6, let value = object["const"] { keywords.append(.constant(value)) }
            if let value = object["enum"] {
                do throws(JSONSchemaError) {
                    guard case .array(let values) = value else { throw invalid("enum", "must be an array") }
                    keywords.append(.enumeration(_SchemaEnumeration(values)))
                } catch {
                    try compiler.recover(error)
                }
            }
            if let value = object["multipleOf"] {
                do throws(JSONSchemaError) {
                    guard let decimal = _SchemaDecimal(value), decimal.significand != 0, !decimal.isNegative else {
                        throw invalid("multipleOf", "must be a number greater than 0")
                    }
                    keywords.append(.multipleOf(decimal, value))
                } catch {
                    try compiler.recover(error)
                }
            }
            if object.mayHave(Self.boundKeywords) { try compileBounds(of: object, into: &keywords) }
            if object.mayHave(Self.lengthKeywords) {
                do throws(JSONSchemaError) {
                    if let limit = try count(object, "minLength") { keywords.append(.minLength(limit)) }
                } catch {
                    try compiler.recover(error)
                }
                do throws(JSONSchemaError) {
                    if let limit = try count(object, "maxLength") { keywords.append(.maxLength(limit)) }
                } catch {
                    try compiler.recover(error)
                }
            }
            if let value = object["pattern"] {
                do throws(JSONSchemaError) {
                    keywords.append(.pattern(try pattern(value, keyword: "pattern")))
                } catch {
                    try compiler.recover(error)
                }
            }
        }
        if let format = object["format"], has(.formatAnnotation) || has(.formatAssertion) {
            do throws(JSONSchemaError) {
                guard case .string(let name) = format else { throw invalid("format", "must be a string") }
                if compiler.options.assertsFormats || has(.formatAssertion), let known = _Format(rawValue: name) {
                    keywords.append(.format(known, name))
                }
            } catch {
                try compiler.recover(error)
            }
        }
        if compiler.options.assertsContent && version.rank >= 7 && has(.content) {
            var content = _SchemaContent(
                isBase64: _SchemaContent.isBase64(object["contentEncoding"]),
                isJSON: _SchemaContent.isJSON(object["contentMediaType"]))
            if content.isJSON && version.rank >= 2019, let value = object["contentSchema"] {
                content.schema = Int32(try schema(value, "contentSchema"))
            }
            if content.isBase64 || content.isJSON { keywords.append(.content(content)) }
        }
        if validation && object.mayHave(Self.collectionKeywords) {
            do throws(JSONSchemaError) {
                if let limit = try count(object, "minItems") { keywords.append(.minItems(limit)) }
            } catch {
                try compiler.recover(error)
            }
            do throws(JSONSchemaError) {
                if let limit = try count(object, "maxItems") { keywords.append(.maxItems(limit)) }
            } catch {
                try compiler.recover(error)
            }
            if let value = object["uniqueItems"] {
                do throws(JSONSchemaError) {
                    guard case .bool(let unique) = value else { throw invalid("uniqueItems", "must be a Boolean") }
                    if unique { keywords.append(.uniqueItems) }
                } catch {
                    try compiler.recover(error)
                }
            }
            do throws(JSONSchemaError) {
                if let limit = try count(object, "minProperties") { keywords.append(.minProperties(limit)) }
            } catch {
                try compiler.recover(error)
            }
            do throws(JSONSchemaError) {
                if let limit = try count(object, "maxProperties") { keywords.append(.maxProperties(limit)) }
            } catch {
                try compiler.recover(error)
            }
            if let value = object["required"] {
                do throws(JSONSchemaError) {
                    let names = try strings(value, keyword: "required")
                    if !names.isEmpty { keywords.append(.required(names)) }
                } catch {
                    try compiler.recover(error)
                }
            }
            if version.rank >= 2019, let value = object["dependentRequired"] {
                do throws(JSONSchemaError) {
                    guard case .object(let members) = value else {
                        throw invalid("dependentRequired", "must be an object")
                    }
                    var entries: [(name: String, required: [String])] = []
                    for (name, member) in members {
                        do throws(JSONSchemaError) {
                            entries.append((name, try strings(member, keyword: "dependentRequired", path: [name])))
                        } catch {
                            try compiler.recover(error)
                        }
                    }
                    keywords.append(.dependentRequired(keyword: "dependentRequired", entries))
                } catch {
                    try compiler.recover(error)
                }
            }
        }
        guard object.mayHave(Self.applyingKeywords) else { return }
        if let reference = object["$ref"] {
            do throws(JSONSchemaError) {
                keywords.append(.reference(try referenceTarget(reference, keyword: "$ref")))
            } catch {
                try compiler.recover(error)
            }
        }
        if version == .draft2020_12, let reference = object["$dynamicRef"] {
            do throws(JSONSchemaError) {
                keywords.append(.dynamicReference(try dynamicReference(reference)))
            } catch {
                try compiler.recover(error)
            }
        }
        if version == .draft2019_09, let reference = object["$recursiveRef"] {
            do throws(JSONSchemaError) {
                keywords.append(.dynamicReference(try recursiveReference(reference)))
            } catch {
                try compiler.recover(error)
            }
        }
        if applicator {
            if object.mayHave(Self.objectApplicatorKeywords) {
                try compileObjectApplicators(of: object, into: &keywords)
            }
            if object.mayHave(Self.arrayApplicatorKeywords) { try compileArrayApplicators(of: object, into: &keywords) }
            for (name, keyword) in Self.combinators {
                guard let value = object[name] else { continue }
                do throws(JSONSchemaError) {
                    guard case .array(let elements) = value, !elements.isEmpty else {
                        throw invalid(name, "must be a non-empty array of schemas")
                    }
                    let children = try schemas(elements, keyword)
                    switch name {
                    case "allOf": keywords.append(.allOf(children))
                    case "anyOf": keywords.append(.anyOf(children))
                    default: keywords.append(.oneOf(children))
                    }
                } catch {
                    try compiler.recover(error)
                }
            }
            if let value = object["not"] {
                do throws(JSONSchemaError) {
                    keywords.append(.not(try schema(value, "not")))
                } catch {
                    try compiler.recover(error)
                }
            }
            if version.rank >= 7, let condition = object["if"] {
                var then: Int?
                var otherwise: Int?
                if let value = object["then"] {
                    do throws(JSONSchemaError) {
                        then = try schema(value, "then")
                    } catch {
                        try compiler.recover(error)
                    }
                }
                if let value = object["else"] {
                    do throws(JSONSchemaError) {
                        otherwise = try schema(value, "else")
                    } catch {
                        try compiler.recover(error)
                    }
                }
                do throws(JSONSchemaError) {
                    keywords.append(.conditional(if: try schema(condition, "if"), then: then, else: otherwise))
                } catch {
                    try compiler.recover(error)
                }
            }
        }
        if has(.unevaluated) && version.rank >= 2019 {
            if let value = object["unevaluatedItems"] {
                do throws(JSONSchemaError) {
                    keywords.append(.unevaluatedItems(try schema(value, "unevaluatedItems")))
                    compiler.nodesWithUnevaluated.append(node)
                } catch {
                    try compiler.recover(error)
                }
            }
            if let value = object["unevaluatedProperties"] {
                do throws(JSONSchemaError) {
                    keywords.append(.unevaluatedProperties(try schema(value, "unevaluatedProperties")))
                    compiler.nodesWithUnevaluated.append(node)
                } catch {
                    try compiler.recover(error)
                }
            }
        }
    }

    private func compileBounds(of object: _SchemaKeywordMembers, into keywords: inout [_SchemaKeyword])
        throws(JSONSchemaError)
    {
        for (name, kind) in Self.bounds {
            guard let value = object[name.rawValue] else { continue }
            do throws(JSONSchemaError) {
                guard let limit = _SchemaNumber(value) else { throw invalid(name.rawValue, "must be a number") }
                var exclusive = false
                let exclusiveKeyword = kind == .minimum ? "exclusiveMinimum" : "exclusiveMaximum"
                if version == .draft4, let flag = object[exclusiveKeyword] {
                    guard case .bool(let isExclusive) = flag else {
                        throw invalid(exclusiveKeyword, "must be a Boolean")
                    }
                    exclusive = isExclusive
                }
                keywords.append(.bound(_SchemaBound(kind: kind, exclusive: exclusive, limit: limit, keyword: name)))
            } catch {
                try compiler.recover(error)
            }
        }
        guard version != .draft4 else { return }
        for (name, kind) in Self.exclusiveBounds {
            guard let value = object[name.rawValue] else { continue }
            do throws(JSONSchemaError) {
                guard let limit = _SchemaNumber(value) else { throw invalid(name.rawValue, "must be a number") }
                keywords.append(.bound(_SchemaBound(kind: kind, exclusive: true, limit: limit, keyword: name)))
            } catch {
                try compiler.recover(error)
            }
        }
    }

    // The bits (see ``_SchemaKeywordMembers/bit(of:)``) of groups of
    // keywords, so that a subschema without any of a group's keywords (most
    // have two or three keywords in all) skips looking each one up: the
    // look-ups were a sixth of compiling a small schema.
    static let boundKeywords = _SchemaKeywordMembers.bits(
        of: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"])
    static let lengthKeywords = _SchemaKeywordMembers.bits(of: ["minLength", "maxLength"])
    static let collectionKeywords = _SchemaKeywordMembers.bits(
        of: ["minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "required", "dependentRequired"])
    /// Every keyword from `$ref` on in ``compileKeywords(of:into:)``.
    static let applyingKeywords =
        _SchemaKeywordMembers.bits(
            of: [
                "$ref", "$dynamicRef", "$recursiveRef", "allOf", "anyOf", "oneOf", "not", "if", "unevaluatedItems",
                "unevaluatedProperties",
            ]) | objectApplicatorKeywords | arrayApplicatorKeywords
    static let objectApplicatorKeywords = _SchemaKeywordMembers.bits(
        of: [
            "properties", "patternProperties", "additionalProperties", "propertyNames", "dependencies",
            "dependentSchemas",
        ])
    /// (`additionalItems`, `minContains` and `maxContains` count only
    /// beside `items` or `contains`.)
    static let arrayApplicatorKeywords = _SchemaKeywordMembers.bits(of: ["prefixItems", "items", "contains"])

    // (Static, so that each subschema does not allocate these lists.)
    private static let bounds: [(_SchemaBound.Keyword, _SchemaBound.Kind)] = [
        (.minimum, .minimum), (.maximum, .maximum),
    ]
    private static let exclusiveBounds: [(_SchemaBound.Keyword, _SchemaBound.Kind)] = [
        (.exclusiveMinimum, .minimum), (.exclusiveMaximum, .maximum),
    ]
    private static let combinators: [(String, StaticString)] = [
        ("allOf", "allOf"), ("anyOf", "anyOf"), ("oneOf", "oneOf"),
    ]

    private func compileObjectApplicators(
        of object: _SchemaKeywordMembers, into keywords: inout [_SchemaKeyword]
    ) throws(JSONSchemaError) {
        var properties = _SchemaProperties()
        if let value = object["properties"] {
            do throws(JSONSchemaError) {
                guard case .object(let members) = value else { throw invalid("properties", "must be an object") }
                for (name, member) in members {
                    do throws(JSONSchemaError) {
                        properties.named.append((name, try schema(member, "properties", name)))
                    } catch {
                        try compiler.recover(error)
                    }
                }
            } catch {
                try compiler.recover(error)
            }
        }
        if let value = object["patternProperties"] {
            do throws(JSONSchemaError) {
                guard case .object(let members) = value else {
                    throw invalid("patternProperties", "must be an object")
                }
                for (source, member) in members {
                    do throws(JSONSchemaError) {
                        let pattern = try self.pattern(.string(source), keyword: "patternProperties", path: [source])
                        properties.patterns.append((pattern, try schema(member, "patternProperties", source)))
                    } catch {
                        try compiler.recover(error)
                    }
                }
            } catch {
                try compiler.recover(error)
            }
        }
        if let value = object["additionalProperties"] {
            do throws(JSONSchemaError) {
                properties.additional = try schema(value, "additionalProperties")
            } catch {
                try compiler.recover(error)
            }
        }
        if !properties.named.isEmpty || !properties.patterns.isEmpty || properties.additional != nil {
            keywords.append(.properties(properties))
        }
        if version.rank >= 6, let value = object["propertyNames"] {
            do throws(JSONSchemaError) {
                keywords.append(.propertyNames(try schema(value, "propertyNames")))
            } catch {
                try compiler.recover(error)
            }
        }
        if let value = object["dependencies"] {
            do throws(JSONSchemaError) {
                guard case .object(let members) = value else { throw invalid("dependencies", "must be an object") }
                var required: [(name: String, required: [String])] = []
                var schemas: [(name: String, node: Int)] = []
                for (name, member) in members {
                    do throws(JSONSchemaError) {
                        switch member {
                        case .array:
                            required.append((name, try strings(member, keyword: "dependencies", path: [name])))
                        default:
                            schemas.append((name, try schema(member, "dependencies", name)))
                        }
                    } catch {
                        try compiler.recover(error)
                    }
                }
                if !required.isEmpty { keywords.append(.dependentRequired(keyword: "dependencies", required)) }
                if !schemas.isEmpty { keywords.append(.dependentSchemas(keyword: "dependencies", schemas)) }
            } catch {
                try compiler.recover(error)
            }
        }
        if version.rank >= 2019, let value = object["dependentSchemas"] {
            do throws(JSONSchemaError) {
                guard case .object(let members) = value else {
                    throw invalid("dependentSchemas", "must be an object")
                }
                var schemas: [(name: String, node: Int)] = []
                for (name, member) in members {
                    do throws(JSONSchemaError) {
                        schemas.append((name, try schema(member, "dependentSchemas", name)))
                    } catch {
                        try compiler.recover(error)
                    }
                }
                keywords.append(.dependentSchemas(keyword: "dependentSchemas", schemas))
            } catch {
                try compiler.recover(error)
            }
        }
    }

    private func compileArrayApplicators(
        of object: _SchemaKeywordMembers, into keywords: inout [_SchemaKeyword]
    ) throws(JSONSchemaError) {
        var items = _SchemaItems()
        // A 2020-12 schema whose `items` is an array was written for an
        // earlier dialect without saying so: it is read as that dialect's
        // `items` and `additionalItems`, rather than refused.
        let itemsIsArray = if case .array? = object["items"] { true } else { false }
        if version == .draft2020_12 && !(itemsIsArray && object["prefixItems"] == nil) {
            if let value = object["prefixItems"] {
                do throws(JSONSchemaError) {
                    guard case .array(let elements) = value, !elements.isEmpty else {
                        throw invalid("prefixItems", "must be a non-empty array of schemas")
                    }
                    items.prefix = try schemas(elements, "prefixItems")
                } catch {
                    try compiler.recover(error)
                }
            }
            if let value = object["items"] {
                do throws(JSONSchemaError) {
                    items.rest = try schema(value, "items")
                } catch {
                    try compiler.recover(error)
                }
            }
        } else if let value = object["items"] {
            if case .array(let elements) = value {
                do throws(JSONSchemaError) {
                    items.prefix = try schemas(elements, "items")
                    items.prefixKeyword = "items"
                } catch {
                    try compiler.recover(error)
                }
                if let additional = object["additionalItems"] {
                    do throws(JSONSchemaError) {
                        items.rest = try schema(additional, "additionalItems")
                        items.restKeyword = "additionalItems"
                    } catch {
                        try compiler.recover(error)
                    }
                }
            } else {
                do throws(JSONSchemaError) {
                    items.rest = try schema(value, "items")
                } catch {
                    try compiler.recover(error)
                }
            }
        }
        if !items.prefix.isEmpty || items.rest != nil { keywords.append(.items(items)) }
        if version.rank >= 6, let value = object["contains"] {
            do throws(JSONSchemaError) {
                var contains = _SchemaContains(
                    node: try schema(value, "contains"), marksEvaluated: version == .draft2020_12)
                if version.rank >= 2019 && has(.validation) {
                    do throws(JSONSchemaError) {
                        if let minimum = try count(object, "minContains") { contains.minimum = minimum }
                    } catch {
                        try compiler.recover(error)
                    }
                    do throws(JSONSchemaError) {
                        contains.maximum = try count(object, "maxContains")
                    } catch {
                        try compiler.recover(error)
                    }
                }
                keywords.append(.contains(contains))
            } catch {
                try compiler.recover(error)
            }
        }
    }

    // MARK: References

    private func referenceTarget(_ value: JSONValue, keyword: String) throws(JSONSchemaError) -> Int {
        guard case .string(let reference) = value else { throw invalid(keyword, "must be a URI reference string") }
        return try compiler.node(
            forReference: reference, from: resource, at: keywordLocation(keyword), keyword: keyword)
    }

    private func dynamicReference(_ value: JSONValue) throws(JSONSchemaError) -> _SchemaDynamicReference {
        let target = try referenceTarget(value, keyword: "$dynamicRef")
        var reference = _SchemaDynamicReference(
            keyword: "$dynamicRef", target: target, dynamicAnchor: nil, isRecursive: false)
        // Only a plain-name fragment whose target has a matching
        // `$dynamicAnchor` is dynamic; otherwise this is a `$ref`.
        guard case .string(let text) = value, let fragment = _URIReference(text).fragment, !fragment.isEmpty,
            !fragment.hasPrefix("/")
        else { return reference }
        let targetResource = compiler.nodes[target].resource
        let info = compiler.resources[targetResource]
        guard let anchorPointer = info.dynamicAnchors[String(fragment)],
            compiler.nodeOfLocation[_SchemaCompiler.Location(document: info.document, pointer: anchorPointer)] == target
        else { return reference }
        reference.dynamicAnchor = String(fragment)
        compiler.usesDynamicScope = true
        return reference
    }

    private func recursiveReference(_ value: JSONValue) throws(JSONSchemaError) -> _SchemaDynamicReference {
        let target = try referenceTarget(value, keyword: "$recursiveRef")
        let targetResource = compiler.resources[compiler.nodes[target].resource]
        let isRecursive =
            targetResource.recursiveAnchor
            && compiler.nodeOfLocation[
                _SchemaCompiler.Location(document: targetResource.document, pointer: targetResource.pointer)] == target
        if isRecursive { compiler.usesDynamicScope = true }
        return _SchemaDynamicReference(
            keyword: "$recursiveRef", target: target, dynamicAnchor: nil, isRecursive: isRecursive)
    }

    // MARK: Annotations

    /// Appends the annotation keywords of a subschema, kept for the output
    /// formats, to the compiler's.
    private func appendAnnotations(of object: JSONObject) {
        let keepsUnknown = version.rank >= 2019
        for (keyword, value) in object {
            // Most members are none of the keywords below, which comparing
            // each with the few of its length tells (each comparison of
            // different strings is a call into the runtime); before 2019-09,
            // only those are kept.
            let isAnnotation =
                switch keyword.utf8.count {
                case 5: keyword == "title"
                case 6: keyword == "format"
                case 7: keyword == "default"
                case 8: keyword == "examples" || keyword == "readOnly"
                case 9: keyword == "writeOnly"
                case 10: keyword == "deprecated"
                case 11: keyword == "description"
                case 13: keyword == "contentSchema"
                case 15: keyword == "contentEncoding"
                case 16: keyword == "contentMediaType"
                default: false
                }
            if !isAnnotation {
                if keepsUnknown && !Self.knownKeywords.contains(keyword) {
                    compiler.annotations.append((keyword, value))
                }
                continue
            }
            switch keyword {
            case "title", "description", "default":
                if has(.metaData) { compiler.annotations.append((keyword, value)) }
            case "examples" where version.rank >= 6, "readOnly" where version.rank >= 7,
                "writeOnly" where version.rank >= 7, "deprecated" where version.rank >= 2019:
                if has(.metaData) { compiler.annotations.append((keyword, value)) }
            case "format":
                if has(.formatAnnotation) || has(.formatAssertion) { compiler.annotations.append((keyword, value)) }
            case "contentMediaType" where version.rank >= 7, "contentEncoding" where version.rank >= 7:
                if has(.content) { compiler.annotations.append((keyword, value)) }
            case "contentSchema" where version.rank >= 2019:
                if has(.content) && object["contentMediaType"] != nil { compiler.annotations.append((keyword, value)) }
            default:
                if version.rank >= 2019 && !Self.knownKeywords.contains(keyword) {
                    compiler.annotations.append((keyword, value))
                }
            }
        }
    }

    /// Every keyword of any dialect, so that the rest count as unknown.
    private static let knownKeywords: Set<String> = [
        "$schema", "$id", "id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef",
        "$recursiveAnchor", "$vocabulary", "$comment", "$defs", "definitions", "type", "enum", "const", "multipleOf",
        "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
        "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
        "dependentRequired", "dependencies", "prefixItems", "items", "additionalItems", "contains",
        "additionalProperties", "properties", "patternProperties", "dependentSchemas", "propertyNames", "if", "then",
        "else", "allOf", "anyOf", "oneOf", "not", "unevaluatedItems", "unevaluatedProperties", "format", "title",
        "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "contentEncoding",
        "contentMediaType", "contentSchema",
    ]

    // MARK: Values

    private func keywordLocation(_ path: String...) -> _SchemaCompiler.Location {
        var location = location
        for token in path { location.pointer += "/" + _escapeToken(token) }
        return location
    }

    private func invalid(_ keyword: String, _ requirement: String, path: [String] = []) -> JSONSchemaError {
        var pointer = location.pointer + "/" + _escapeToken(keyword)
        for token in path { pointer += "/" + _escapeToken(token) }
        return compiler.error(
            .invalidKeywordValue(keyword), at: _SchemaCompiler.Location(document: location.document, pointer: pointer),
            "the value of \"\(keyword)\" \(requirement)")
    }

    /// The node of the subschema at `keyword` (and `name` or `index`).
    private func child(_ value: JSONValue, _ keyword: StaticString, name: String?, index: Int?) -> Int {
        compiler.allocateNode(below: node, pointer: pointer, keyword, name: name, index: index, value: value)
    }

    /// A subschema, which must be an object or a Boolean: the value of
    /// `keyword`, or its member `name`, or its element at `index`.
    private func schema(
        _ value: JSONValue, _ keyword: StaticString, _ name: String? = nil, index: Int? = nil
    ) throws(JSONSchemaError) -> Int {
        switch value {
        case .object, .bool:
            return child(value, keyword, name: name, index: index)
        default:
            guard let step = name ?? index.map(String.init) else {
                throw invalid(keyword.description, "must be a schema (an object or a Boolean)")
            }
            throw invalid(
                keyword.description, "must hold schemas (objects or Booleans), not \(_SchemaMessages.describe(value))",
                path: [step]
            )
        }
    }

    private func schemas(_ elements: [JSONValue], _ keyword: StaticString) throws(JSONSchemaError) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do throws(JSONSchemaError) {
                result.append(try schema(element, keyword, index: index))
            } catch {
                try compiler.recover(error)
            }
        }
        return result
    }

    private func types(_ value: JSONValue) throws(JSONSchemaError) -> _SchemaTypes {
        var types: _SchemaTypes = version == .draft4 ? .draft4Integers : []
        // A single name without an array of one (most `type`s are one).
        if case .string(let text) = value {
            guard let type = _SchemaTypes(name: text) else { throw invalidTypeName() }
            return types.union(type)
        }
        guard case .array(let names) = value else {
            throw invalid("type", "must be a type name or an array of them")
        }
        for name in names {
            guard case .string(let text) = name, let type = _SchemaTypes(name: text) else { throw invalidTypeName() }
            types.insert(type)
        }
        return types
    }

    private func invalidTypeName() -> JSONSchemaError {
        invalid("type", "must name JSON types: null, boolean, object, array, string, number, integer")
    }

    /// A non-negative integer keyword (`minLength`, `maxItems`…): an integer,
    /// or a number with no fraction, such as `2.0`, which draft-06 on allow
    /// and draft-04's meta-schema does not (accepted there too, as harmless).
    private func count(_ object: _SchemaKeywordMembers, _ keyword: String) throws(JSONSchemaError) -> Int? {
        guard let value = object[keyword] else { return nil }
        switch value {
        case .int(let integer) where integer >= 0:
            return integer
        case .double(let double) where double >= 0 && double.rounded(.towardZero) == double:
            return double < 0x1p62 ? Int(exactly: double) ?? Int.max : Int.max
        default:
            throw invalid(keyword, "must be a non-negative integer")
        }
    }

    private func strings(_ value: JSONValue, keyword: String, path: [String] = []) throws(JSONSchemaError) -> [String] {
        guard case .array(let elements) = value else {
            throw invalid(keyword, "must be an array of strings", path: path)
        }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let string) = element else {
                throw invalid(keyword, "must be an array of strings", path: path + [String(index)])
            }
            result.append(string)
        }
        return result
    }

    private func pattern(
        _ value: JSONValue, keyword: String, path: [String] = []
    ) throws(JSONSchemaError) -> _SchemaPattern {
        guard case .string(let source) = value else { throw invalid(keyword, "must be a regular expression string") }
        let key = Array(source.utf8)
        if let regex = compiler.regexes[key] { return _SchemaPattern(regex: regex, source: source) }
        do {
            let regex = try _Regex(ecmaScript: source, isLenient: true)
            compiler.regexes[key] = regex
            return _SchemaPattern(regex: regex, source: source)
        } catch {
            var pointer = location.pointer + "/" + _escapeToken(keyword)
            for token in path { pointer += "/" + _escapeToken(token) }
            throw compiler.error(
                .invalidPattern(source), at: _SchemaCompiler.Location(document: location.document, pointer: pointer),
                "the pattern \(source) "
                    + (error.kind == .invalid ? "is not an ECMA-262 regular expression" : "cannot be used")
                    + ": \(error.message), at character \(error.offset + 1)")
        }
    }
}

/// A schema object's members, looked up by keyword: one pass over the
/// names sets a bit for each, from its length and its first and last bytes,
/// and a keyword whose bit no name set is absent without a search. The
/// keyword compiler asks each subschema for some forty keywords, and most
/// subschemas have few members (looking them all up was a tenth of
/// compiling FHIR's schema). The bits of the length alone let through
/// keywords of a common length (`type`, `enum`, `$ref`; `items`, `allOf`,
/// `title`), each a search that found nothing.
struct _SchemaKeywordMembers {
    let object: JSONObject
    /// The bits of the names (see ``bit(of:)``).
    private let bits: UInt64

    init(_ object: JSONObject) {
        self.object = object
        var bits: UInt64 = 0
        for (name, _) in object { bits |= Self.bit(of: name) }
        self.bits = bits
    }

    /// One of 64 bits for a name: the 63 keywords take 45 of them.
    static func bit(of name: String) -> UInt64 {
        _MemberTable.withBytes(of: name) { bytes in
            guard let first = bytes.first, let last = bytes.last else { return 1 }
            let mix = UInt64(truncatingIfNeeded: bytes.count) &* 7 &+ UInt64(first) &* 499 &+ UInt64(last)
            return 1 << ((mix ^ (mix >> 7)) & 63)
        }
    }

    /// The bits of several names.
    static func bits(of names: [String]) -> UInt64 {
        names.reduce(0) { $0 | bit(of: $1) }
    }

    /// Whether the object may have a member named by one of the names whose
    /// bits are `mask` (see ``bits(of:)``); if not, it has none of them.
    func mayHave(_ mask: UInt64) -> Bool {
        bits & mask != 0
    }

    /// The value of the member named `keyword`, if there is one.
    subscript(keyword: String) -> JSONValue? {
        guard bits & Self.bit(of: keyword) != 0 else { return nil }
        return object[keyword]
    }
}

#endif
