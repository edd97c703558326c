/// Compiles the keywords of one subschema into its node, checking each
/// keyword's value and allocating nodes for its subschemas.
struct _SchemaKeywordCompiler {
    let compiler: _SchemaCompiler
    let node: Int
    let location: _SchemaCompiler.Location
    let resource: Int
    let dialect: _SchemaDialect

    init(compiler: _SchemaCompiler, node: Int, location: _SchemaCompiler.Location) {
        self.compiler = compiler
        self.node = node
        self.location = location
        resource = compiler.nodes[node].resource
        dialect = compiler.resources[resource].dialect
    }

    private var version: JSONSchema.Dialect { dialect.version }

    func compile(_ value: JSONValue) throws(JSONSchemaError) {
        switch value {
        case .bool(let valid):
            compiler.nodes[node].shape = valid ? .alwaysValid : .alwaysInvalid
        case .object(let object):
            var keywords: [_SchemaKeyword] = []
            var annotations: [(keyword: String, value: JSONValue)] = []
            if dialect.refOverridesSiblings, let reference = object["$ref"] {
                keywords.append(.reference(try referenceTarget(reference, keyword: "$ref")))
            } else {
                try compileKeywords(of: object, into: &keywords)
                annotations = self.annotations(of: object)
            }
            compiler.nodes[node].keywords = keywords
            compiler.nodes[node].annotations = annotations
            compiler.nodes[node].shape = Self.shape(of: keywords)
        default:
            throw compiler.error(
                .invalidKeywordValue(enclosingKeyword), at: location,
                "a schema must be an object or a Boolean, not \(_SchemaMessages.describe(value))")
        }
    }

    /// The shape callers can act on without running the keywords.
    static func shape(of keywords: [_SchemaKeyword]) -> _SchemaNode.Shape {
        if keywords.isEmpty { return .alwaysValid }
        if keywords.count == 1, case .type(let types) = keywords[0] { return .typeOnly(types) }
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

    private func compileKeywords(of object: JSONObject, into keywords: inout [_SchemaKeyword]) throws(JSONSchemaError) {
        let validation = has(.validation)
        let applicator = has(.applicator)
        if validation {
            if let value = object["type"] { keywords.append(.type(try types(value))) }
            if version.rank >= 6, let value = object["const"] { keywords.append(.constant(value)) }
            if let value = object["enum"] {
                guard case .array(let values) = value else { throw invalid("enum", "must be an array") }
                keywords.append(.enumeration(_SchemaEnumeration(values)))
            }
            if let value = object["multipleOf"] {
                guard let decimal = _SchemaDecimal(value), decimal.significand != 0, !decimal.isNegative else {
                    throw invalid("multipleOf", "must be a number greater than 0")
                }
                keywords.append(.multipleOf(decimal, value))
            }
            try compileBounds(of: object, into: &keywords)
            if let limit = try count(object, "minLength") { keywords.append(.minLength(limit)) }
            if let limit = try count(object, "maxLength") { keywords.append(.maxLength(limit)) }
            if let value = object["pattern"] { keywords.append(.pattern(try pattern(value, keyword: "pattern"))) }
        }
        if let format = object["format"], has(.formatAnnotation) || has(.formatAssertion) {
            guard case .string(let name) = format else { throw invalid("format", "must be a string") }
            if compiler.options.assertsFormats || has(.formatAssertion), let known = _Format(rawValue: name) {
                keywords.append(.format(known, name))
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
        if validation {
            if let limit = try count(object, "minItems") { keywords.append(.minItems(limit)) }
            if let limit = try count(object, "maxItems") { keywords.append(.maxItems(limit)) }
            if let value = object["uniqueItems"] {
                guard case .bool(let unique) = value else { throw invalid("uniqueItems", "must be a Boolean") }
                if unique { keywords.append(.uniqueItems) }
            }
            if let limit = try count(object, "minProperties") { keywords.append(.minProperties(limit)) }
            if let limit = try count(object, "maxProperties") { keywords.append(.maxProperties(limit)) }
            if let value = object["required"] {
                let names = try strings(value, keyword: "required")
                if !names.isEmpty { keywords.append(.required(names)) }
            }
            if version.rank >= 2019, let value = object["dependentRequired"] {
                guard case .object(let members) = value else { throw invalid("dependentRequired", "must be an object") }
                var entries: [(name: String, required: [String])] = []
                for (name, member) in members {
                    entries.append((name, try strings(member, keyword: "dependentRequired", path: [name])))
                }
                keywords.append(.dependentRequired(keyword: "dependentRequired", entries))
            }
        }
        if let reference = object["$ref"] {
            keywords.append(.reference(try referenceTarget(reference, keyword: "$ref")))
        }
        if version == .draft2020_12, let reference = object["$dynamicRef"] {
            keywords.append(.dynamicReference(try dynamicReference(reference)))
        }
        if version == .draft2019_09, let reference = object["$recursiveRef"] {
            keywords.append(.dynamicReference(try recursiveReference(reference)))
        }
        if applicator {
            try compileObjectApplicators(of: object, into: &keywords)
            try compileArrayApplicators(of: object, into: &keywords)
            for keyword in ["allOf", "anyOf", "oneOf"] {
                guard let value = object[keyword] else { continue }
                guard case .array(let elements) = value, !elements.isEmpty else {
                    throw invalid(keyword, "must be a non-empty array of schemas")
                }
                let children = try schemas(elements, keyword)
                switch keyword {
                case "allOf": keywords.append(.allOf(children))
                case "anyOf": keywords.append(.anyOf(children))
                default: keywords.append(.oneOf(children))
                }
            }
            if let value = object["not"] { keywords.append(.not(try schema(value, "not"))) }
            if version.rank >= 7, let condition = object["if"] {
                let then = try object["then"].map { value throws(JSONSchemaError) in try schema(value, "then") }
                let otherwise = try object["else"].map { value throws(JSONSchemaError) in try schema(value, "else") }
                keywords.append(.conditional(if: try schema(condition, "if"), then: then, else: otherwise))
            }
        }
        if has(.unevaluated) && version.rank >= 2019 {
            if let value = object["unevaluatedItems"] {
                keywords.append(.unevaluatedItems(try schema(value, "unevaluatedItems")))
            }
            if let value = object["unevaluatedProperties"] {
                keywords.append(.unevaluatedProperties(try schema(value, "unevaluatedProperties")))
            }
        }
    }

    private func compileBounds(of object: JSONObject, into keywords: inout [_SchemaKeyword]) throws(JSONSchemaError) {
        let bounds: [(_SchemaBound.Keyword, _SchemaBound.Kind)] = [(.minimum, .minimum), (.maximum, .maximum)]
        for (keyword, kind) in bounds {
            guard let value = object[keyword.rawValue] else { continue }
            guard let limit = _SchemaNumber(value) else { throw invalid(keyword.rawValue, "must be a number") }
            var exclusive = false
            let exclusiveKeyword = kind == .minimum ? "exclusiveMinimum" : "exclusiveMaximum"
            if version == .draft4, let flag = object[exclusiveKeyword] {
                guard case .bool(let isExclusive) = flag else { throw invalid(exclusiveKeyword, "must be a Boolean") }
                exclusive = isExclusive
            }
            keywords.append(.bound(_SchemaBound(kind: kind, exclusive: exclusive, limit: limit, keyword: keyword)))
        }
        guard version != .draft4 else { return }
        let exclusiveBounds: [(_SchemaBound.Keyword, _SchemaBound.Kind)] = [
            (.exclusiveMinimum, .minimum), (.exclusiveMaximum, .maximum),
        ]
        for (keyword, kind) in exclusiveBounds {
            guard let value = object[keyword.rawValue] else { continue }
            guard let limit = _SchemaNumber(value) else { throw invalid(keyword.rawValue, "must be a number") }
            keywords.append(.bound(_SchemaBound(kind: kind, exclusive: true, limit: limit, keyword: keyword)))
        }
    }

    private func compileObjectApplicators(
        of object: JSONObject, into keywords: inout [_SchemaKeyword]
    ) throws(JSONSchemaError) {
        var properties = _SchemaProperties()
        if let value = object["properties"] {
            guard case .object(let members) = value else { throw invalid("properties", "must be an object") }
            for (name, member) in members {
                properties.named.append((name, try schema(member, "properties", name)))
            }
        }
        if let value = object["patternProperties"] {
            guard case .object(let members) = value else { throw invalid("patternProperties", "must be an object") }
            for (source, member) in members {
                let pattern = try self.pattern(.string(source), keyword: "patternProperties", path: [source])
                properties.patterns.append((pattern, try schema(member, "patternProperties", source)))
            }
        }
        if let value = object["additionalProperties"] {
            properties.additional = try schema(value, "additionalProperties")
        }
        if !properties.named.isEmpty || !properties.patterns.isEmpty || properties.additional != nil {
            keywords.append(.properties(properties))
        }
        if version.rank >= 6, let value = object["propertyNames"] {
            keywords.append(.propertyNames(try schema(value, "propertyNames")))
        }
        if let value = object["dependencies"] {
            guard case .object(let members) = value else { throw invalid("dependencies", "must be an object") }
            var required: [(name: String, required: [String])] = []
            var schemas: [(name: String, node: Int)] = []
            for (name, member) in members {
                switch member {
                case .array:
                    required.append((name, try strings(member, keyword: "dependencies", path: [name])))
                default:
                    schemas.append((name, try schema(member, "dependencies", name)))
                }
            }
            if !required.isEmpty { keywords.append(.dependentRequired(keyword: "dependencies", required)) }
            if !schemas.isEmpty { keywords.append(.dependentSchemas(keyword: "dependencies", schemas)) }
        }
        if version.rank >= 2019, let value = object["dependentSchemas"] {
            guard case .object(let members) = value else { throw invalid("dependentSchemas", "must be an object") }
            var schemas: [(name: String, node: Int)] = []
            for (name, member) in members {
                schemas.append((name, try schema(member, "dependentSchemas", name)))
            }
            keywords.append(.dependentSchemas(keyword: "dependentSchemas", schemas))
        }
    }

    private func compileArrayApplicators(
        of object: JSONObject, into keywords: inout [_SchemaKeyword]
    ) throws(JSONSchemaError) {
        var items = _SchemaItems()
        // A 2020-12 schema whose `items` is an array was written for an
        // earlier dialect without saying so: it is read as that dialect's
        // `items` and `additionalItems`, rather than refused.
        let itemsIsArray = if case .array? = object["items"] { true } else { false }
        if version == .draft2020_12 && !(itemsIsArray && object["prefixItems"] == nil) {
            if let value = object["prefixItems"] {
                guard case .array(let elements) = value, !elements.isEmpty else {
                    throw invalid("prefixItems", "must be a non-empty array of schemas")
                }
                items.prefix = try schemas(elements, "prefixItems")
            }
            if let value = object["items"] { items.rest = try schema(value, "items") }
        } else if let value = object["items"] {
            if case .array(let elements) = value {
                items.prefix = try schemas(elements, "items")
                items.prefixKeyword = "items"
                if let additional = object["additionalItems"] {
                    items.rest = try schema(additional, "additionalItems")
                    items.restKeyword = "additionalItems"
                }
            } else {
                items.rest = try schema(value, "items")
            }
        }
        if !items.prefix.isEmpty || items.rest != nil { keywords.append(.items(items)) }
        if version.rank >= 6, let value = object["contains"] {
            var contains = _SchemaContains(
                node: try schema(value, "contains"), marksEvaluated: version == .draft2020_12)
            if version.rank >= 2019 && has(.validation) {
                if let minimum = try count(object, "minContains") { contains.minimum = minimum }
                contains.maximum = try count(object, "maxContains")
            }
            keywords.append(.contains(contains))
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

    /// The annotation keywords of a subschema, kept for the output formats.
    private func annotations(of object: JSONObject) -> [(keyword: String, value: JSONValue)] {
        var result: [(keyword: String, value: JSONValue)] = []
        for (keyword, value) in object {
            switch keyword {
            case "title", "description", "default":
                if has(.metaData) { result.append((keyword, value)) }
            case "examples" where version.rank >= 6, "readOnly" where version.rank >= 7,
                "writeOnly" where version.rank >= 7, "deprecated" where version.rank >= 2019:
                if has(.metaData) { result.append((keyword, value)) }
            case "format":
                if has(.formatAnnotation) || has(.formatAssertion) { result.append((keyword, value)) }
            case "contentMediaType" where version.rank >= 7, "contentEncoding" where version.rank >= 7:
                if has(.content) { result.append((keyword, value)) }
            case "contentSchema" where version.rank >= 2019:
                if has(.content) && object["contentMediaType"] != nil { result.append((keyword, value)) }
            default:
                if version.rank >= 2019 && !Self.knownKeywords.contains(keyword) { result.append((keyword, value)) }
            }
        }
        return result
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
        var pointer = location.pointer
        for token in path { pointer += "/" + _escapeToken(token) }
        return _SchemaCompiler.Location(document: location.document, pointer: pointer)
    }

    private func invalid(_ keyword: String, _ requirement: String, path: [String] = []) -> JSONSchemaError {
        var pointer = location.pointer + "/" + _escapeToken(keyword)
        for token in path { pointer += "/" + _escapeToken(token) }
        return compiler.error(
            .invalidKeywordValue(keyword), at: _SchemaCompiler.Location(document: location.document, pointer: pointer),
            "the value of \"\(keyword)\" \(requirement)")
    }

    private func child(_ value: JSONValue, _ path: String...) -> Int {
        var pointer = location.pointer
        for token in path { pointer += "/" + _escapeToken(token) }
        let childLocation = _SchemaCompiler.Location(document: location.document, pointer: pointer)
        return compiler.allocateNode(
            at: childLocation, value: value, resource: compiler.resourceOfLocation[childLocation] ?? resource)
    }

    /// A subschema, which must be an object or a Boolean.
    private func schema(_ value: JSONValue, _ keyword: String, _ name: String? = nil) throws(JSONSchemaError) -> Int {
        switch value {
        case .object, .bool:
            return name.map { child(value, keyword, $0) } ?? child(value, keyword)
        default:
            guard let name else { throw invalid(keyword, "must be a schema (an object or a Boolean)") }
            throw invalid(
                keyword, "must hold schemas (objects or Booleans), not \(_SchemaMessages.describe(value))", path: [name]
            )
        }
    }

    private func schemas(_ elements: [JSONValue], _ keyword: String) throws(JSONSchemaError) -> [Int] {
        var result: [Int] = []
        for (index, element) in elements.enumerated() {
            result.append(try schema(element, keyword, String(index)))
        }
        return result
    }

    private func types(_ value: JSONValue) throws(JSONSchemaError) -> _SchemaTypes {
        var types: _SchemaTypes = version == .draft4 ? .draft4Integers : []
        let names: [JSONValue]
        switch value {
        case .string: names = [value]
        case .array(let elements): names = elements
        default: throw invalid("type", "must be a type name or an array of them")
        }
        for name in names {
            guard case .string(let text) = name, let type = _SchemaTypes.names.first(where: { $0.0 == text }) else {
                throw invalid("type", "must name JSON types: null, boolean, object, array, string, number, integer")
            }
            types.insert(type.1)
        }
        return types
    }

    /// A non-negative integer keyword (`minLength`, `maxItems`…): an integer,
    /// or a number with no fraction, such as `2.0`, which draft-06 on allow
    /// and draft-04's meta-schema does not (accepted there too, as harmless).
    private func count(_ object: JSONObject, _ keyword: String) throws(JSONSchemaError) -> Int? {
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
