#if JSONSchema

/// Rewrites a standard JSON Schema document for a model provider (see
/// ``JSONSchema/Profile/converting(_:)``).
///
/// Every subschema is rewritten, those reached through references
/// included: each reference target becomes one entry of the output's
/// `$defs` (named after its last token, `Root` for `#`), transformed once;
/// the output keeps exactly the entries its references reach.
struct _ProfileConverter {
    let rules: _ProviderRules
    let profile: JSONSchema.Profile

    /// How deeply schemas may nest before the document is refused.
    static let maximumDepth = 64

    private var document: JSONValue = .null
    /// The output name of each reference target, by its location.
    private var names: [JSONPointer: String] = [:]
    private var usedNames: Set<String> = []
    /// Transformed targets, by location; `nil` while being transformed.
    private var definitions: [JSONPointer: JSONObject?] = [:]
    /// Targets that reach themselves.
    private var recursiveTargets: Set<JSONPointer> = []

    /// The name of the definition made for references to the root (`#`):
    /// the generated type's name, or `Root`.
    let rootName: String

    init(rules: _ProviderRules, profile: JSONSchema.Profile, rootName: String = "Root") {
        self.rules = rules
        self.profile = profile
        self.rootName = rootName
    }

    mutating func convert(_ document: JSONValue) throws -> JSONValue {
        self.document = document
        guard document.objectValue != nil || document == true else {
            throw invalidDocument(.root, "the document is not a schema object")
        }
        try findRecursion()
        var root = try transform(document, at: .root, depth: 0)
        if rules.rootMustBeObject, root["type"] != "object" {
            throw notExpressible(
                .root,
                "\(rules.name) needs the root to be an object schema (\"type\": \"object\"), not \(root["anyOf"] != nil ? "anyOf" : "this schema")",
                "Wrap the value in a structure with one member.")
        }
        // The definitions the output still refers to, in order of reference.
        var order: [JSONPointer] = []
        var pending = [JSONValue.object(root)]
        var seen: Set<String> = []
        while !pending.isEmpty {
            let next = pending.removeFirst()
            for name in Self.references(in: next) where seen.insert(name).inserted {
                guard let location = names.first(where: { $0.value == name })?.key,
                    let transformed = definitions[location] ?? nil
                else { continue }
                order.append(location)
                pending.append(.object(transformed))
            }
        }
        if !order.isEmpty {
            var defs = JSONObject()
            for location in order { defs[names[location]!] = .object(definitions[location]!!) }
            root["$defs"] = .object(defs)
        }
        let output = JSONValue.object(root)
        try checkRecursion(output)
        let violations = _ProfileChecker(profile: profile).violations(in: output)
        if let first = violations.first {
            let isLimit = first.message.contains("at most")
            throw JSONSchemaGenerationError(
                isLimit ? .limitExceeded : .notExpressible, typeName: nil, location: first.location,
                message: first.message + (violations.count > 1 ? " (and \(violations.count - 1) more)" : ""),
                recoverySuggestion: isLimit
                    ? "Make the schema smaller: fewer members, shorter enumerations, less nesting."
                    : "Change the schema so that \(rules.name) can express it.")
        }
        return output
    }

    // MARK: References

    /// The names of the definitions a value refers to (`#/$defs/name`).
    static func references(in value: JSONValue) -> [String] {
        var result: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let object):
                if case .string(let ref)? = object["$ref"], ref.hasPrefix("#/$defs/"),
                    let pointer = try? JSONPointer(uriFragment: ref), pointer.tokens.count == 2
                {
                    result.append(pointer.tokens[1])
                }
                for (key, member) in object where key != "$defs" { walk(member) }
            case .array(let elements):
                elements.forEach(walk)
            default:
                break
            }
        }
        walk(value)
        return result
    }

    /// The location a reference leads to, and the schema there.
    private func resolve(_ ref: JSONValue, at location: JSONPointer) throws -> (JSONPointer, JSONValue) {
        guard case .string(let text) = ref else { throw invalidDocument(location, "$ref is not a string") }
        guard text.hasPrefix("#") else {
            throw invalidDocument(
                location,
                "the $ref \"\(text)\" refers to another document; only references within the document (#…) can be converted"
            )
        }
        guard let pointer = try? JSONPointer(uriFragment: text) else {
            throw invalidDocument(location, "the $ref \"\(text)\" is not a JSON Pointer (anchors cannot be converted)")
        }
        guard let target = document[pointer: pointer] else {
            throw invalidDocument(location, "the $ref \"\(text)\" refers to nothing in the document")
        }
        return (pointer, target)
    }

    /// The output reference for a target, transformed on first use.
    private mutating func reference(to target: JSONPointer, _ value: JSONValue) throws -> JSONValue {
        if names[target] == nil {
            var base: String
            switch target.tokens.count {
            case 0: base = rootName
            default: base = target.tokens.last!
            }
            if base.isEmpty { base = "Schema" }
            var name = base
            var number = 2
            while usedNames.contains(name) {
                name = "\(base)_\(number)"
                number += 1
            }
            usedNames.insert(name)
            names[target] = name
        }
        if definitions[target] == nil {
            definitions[target] = .some(nil)
            definitions[target] = try transform(value, at: target, depth: 0)
        }
        return .string(JSONPointer(tokens: ["$defs", names[target]!]).uriFragment)
    }

    /// Finds the reference targets that reach themselves.
    private mutating func findRecursion() throws {
        // Edges between targets: a target refers to the targets of the
        // references in its subtree (not through nested `$defs`).
        var edges: [JSONPointer: [JSONPointer]] = [:]
        var pending: [JSONPointer] = [.root]
        var known: Set<JSONPointer> = [.root]
        while let location = pending.popLast() {
            guard let value = document[pointer: location] else { continue }
            var targets: [JSONPointer] = []
            try collectReferences(value, at: location, depth: 0, into: &targets)
            edges[location] = targets
            for target in targets where known.insert(target).inserted { pending.append(target) }
        }
        for start in known where start != .root || edges.values.contains(where: { $0.contains(.root) }) {
            var seen: Set<JSONPointer> = []
            var stack = edges[start] ?? []
            while let next = stack.popLast() {
                if next == start {
                    recursiveTargets.insert(start)
                    break
                }
                if seen.insert(next).inserted { stack += edges[next] ?? [] }
            }
        }
    }

    /// The targets of the `$ref`s in `value`'s subtree, outside `$defs` and
    /// the keywords whose values are data; with an explicit stack, so that
    /// no document can overflow the caller's.
    private func collectReferences(
        _ value: JSONValue, at location: JSONPointer, depth: Int, into targets: inout [JSONPointer]
    ) throws {
        var pending: [(value: JSONValue, location: JSONPointer, depth: Int)] = [(value, location, depth)]
        while let (value, location, depth) = pending.popLast() {
            // Counted per JSON level, several of which make one schema level.
            guard depth < Self.maximumDepth * 4 else {
                throw invalidDocument(location, "the schema nests more than \(Self.maximumDepth) levels")
            }
            var children: [(value: JSONValue, location: JSONPointer, depth: Int)] = []
            switch value {
            case .object(let object):
                if let ref = object["$ref"] { targets.append(try resolve(ref, at: location).0) }
                for (key, member) in object
                where key != "$defs" && key != "definitions" && key != "enum" && key != "const"
                    && key != "default" && key != "examples"
                {
                    children.append((member, location.appending(key), depth + 1))
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    children.append((element, location.appending(index), depth + 1))
                }
            default:
                break
            }
            // Reversed onto the stack, so that the subtree is visited in
            // document order, as the recursion did.
            pending += children.reversed()
        }
    }

    /// Refuses recursion where the provider does.
    private func checkRecursion(_ output: JSONValue) throws {
        guard rules.recursion == .refused else { return }
        guard let defs = output["$defs"]?.objectValue else { return }
        for (name, schema) in defs {
            var seen: Set<String> = []
            var pending = Self.references(in: schema)
            while let next = pending.popLast() {
                if next == name {
                    throw JSONSchemaGenerationError(
                        .notExpressible, typeName: name,
                        location: JSONPointer(tokens: ["$defs", name]),
                        message: "\(name) contains itself, and \(rules.name) refuses recursive schemas",
                        recoverySuggestion:
                            "Bound the depth with distinct types for each level, or use a provider that accepts recursion (OpenAI strict mode)."
                    )
                }
                if seen.insert(next).inserted, let schema = defs[next] { pending += Self.references(in: schema) }
            }
        }
    }

    // MARK: Transforming

    private static let structural: Set<String> = [
        "not", "if", "then", "else", "dependentRequired", "dependentSchemas", "dependencies", "patternProperties",
        "contains", "minContains", "maxContains", "unevaluatedItems", "additionalItems", "contentSchema",
        "$dynamicRef", "$recursiveRef", "$recursiveAnchor",
    ]
    private static let objectKeywords: Set<String> = [
        "properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties",
        "maxProperties", "unevaluatedProperties", "dependentRequired", "dependentSchemas",
    ]
    private static let arrayKeywords: Set<String> = [
        "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "unevaluatedItems",
    ]

    /// How many levels of schemas are transformed on one stack: a level
    /// takes up to 20 KiB in a debug build, so the rest of a deeper
    /// document continues on a new thread's stack (see ``_StackExtension``).
    private static let levelsPerStack = 8

    private mutating func transform(_ value: JSONValue, at location: JSONPointer, depth: Int) throws -> JSONObject {
        guard depth < Self.maximumDepth else {
            throw invalidDocument(location, "the schema nests more than \(Self.maximumDepth) levels")
        }
        if depth > 0, depth % Self.levelsPerStack == 0 {
            return try _StackExtension.onNewStack { try transformHere(value, at: location, depth: depth) }
        }
        return try transformHere(value, at: location, depth: depth)
    }

    private mutating func transformHere(_ value: JSONValue, at location: JSONPointer, depth: Int) throws -> JSONObject {
        var schema: JSONObject
        switch value {
        case .bool(true): schema = [:]
        case .bool(false):
            throw notExpressible(
                location, "the schema false (no value is valid) has no equivalent in \(rules.name)",
                "Remove the member or branch it describes.")
        case .object(let object): schema = object
        default: throw invalidDocument(location, "a schema must be an object or a Boolean")
        }
        schema = schema.filter {
            _ProviderRules.vocabulary.contains($0.key) && !_ProviderRules.dropped.contains($0.key)
                && $0.key != "$defs" && $0.key != "definitions"
        }
        // `allOf`: its branches merged in, every constraint kept.
        if let allOf = schema.removeValue(forKey: "allOf") {
            guard let branches = allOf.arrayValue else { throw invalidDocument(location, "allOf is not an array") }
            for (index, branch) in branches.enumerated() {
                let branchLocation = location.appending("allOf").appending(index)
                let resolved = try flattened(branch, at: branchLocation, depth: depth + 1)
                schema = try _SchemaMerge.conjunction(resolved, schema, at: branchLocation)
            }
            if schema["$ref"] != nil { return try transform(.object(schema), at: location, depth: depth + 1) }
        }
        if let ref = schema["$ref"] {
            return try transformReference(ref, schema, at: location, depth: depth)
        }
        if let oneOf = schema["oneOf"], !rules.allowsOneOf {
            schema.removeValue(forKey: "oneOf")
            guard schema["anyOf"] == nil else {
                throw notExpressible(
                    location, "the schema has both anyOf and oneOf, and \(rules.name) reads neither beside the other",
                    "Combine them into one anyOf.")
            }
            schema["anyOf"] = oneOf
        }
        if let unevaluated = schema["unevaluatedProperties"] {
            schema.removeValue(forKey: "unevaluatedProperties")
            if unevaluated == false, schema["additionalProperties"] == nil { schema["additionalProperties"] = false }
        }
        for keyword in schema.keys where Self.structural.contains(keyword) && !rules.keywords.contains(keyword) {
            throw notExpressible(
                location.appending(keyword),
                "\(rules.name) does not support \"\(keyword)\", which has no equivalent there",
                "Express the rule with the keywords \(rules.name) supports, or check it after decoding.")
        }
        if schema["prefixItems"] != nil, !rules.keywords.contains("prefixItems") {
            throw notExpressible(
                location.appending("prefixItems"),
                "\(rules.name) does not support \"prefixItems\" (a fixed-length array of different types)",
                "Use an object with one member per position.")
        }
        if schema["type"] == nil, schema["enum"] == nil, schema["const"] == nil, schema["anyOf"] == nil {
            // Recognized by their keywords, and typed first.
            if schema.keys.contains(where: Self.objectKeywords.contains) {
                schema = (["type": "object"] as JSONObject).merging(schema)
            } else if schema.keys.contains(where: Self.arrayKeywords.contains) {
                schema = (["type": "array"] as JSONObject).merging(schema)
            }
        }
        let types = _SchemaMerge.types(schema["type"] ?? .null)
        let isObject = types.contains("object")
        var result = JSONObject()
        var described: [(String, JSONValue)] = []
        var enumHasNull = false
        for (keyword, value) in schema {
            let here = location.appending(keyword)
            switch keyword {
            case "description":
                break
            case "properties":
                guard let members = value.objectValue else {
                    throw invalidDocument(here, "properties is not an object")
                }
                var transformed = JSONObject()
                for (name, member) in members {
                    transformed[name] = .object(try transform(member, at: here.appending(name), depth: depth + 1))
                }
                result["properties"] = .object(transformed)
            case "items":
                guard value.arrayValue == nil else {
                    throw invalidDocument(here, "items is an array, as in draft-07; write it as prefixItems")
                }
                if value == false {
                    throw notExpressible(here, "\"items\": false has no equivalent in \(rules.name)", "Drop it.")
                }
                result["items"] = .object(try transform(value, at: here, depth: depth + 1))
            case "prefixItems":
                guard let elements = value.arrayValue else {
                    throw invalidDocument(here, "prefixItems is not an array")
                }
                result["prefixItems"] = .array(
                    try elements.enumerated().map {
                        .object(try transform($0.element, at: here.appending($0.offset), depth: depth + 1))
                    })
            case "anyOf":
                guard let branches = value.arrayValue else { throw invalidDocument(here, "anyOf is not an array") }
                result["anyOf"] = .array(
                    try branches.enumerated().map {
                        .object(try transform($0.element, at: here.appending($0.offset), depth: depth + 1))
                    })
            case "oneOf":
                guard let branches = value.arrayValue else { throw invalidDocument(here, "oneOf is not an array") }
                result["oneOf"] = .array(
                    try branches.enumerated().map {
                        .object(try transform($0.element, at: here.appending($0.offset), depth: depth + 1))
                    })
            case "additionalProperties":
                if value == false {
                    result["additionalProperties"] = false
                } else if value != true {
                    if rules.closesObjects {
                        throw notExpressible(
                            here,
                            "members with free names (a dictionary such as [String: T]) cannot be expressed: \(rules.name) needs \"additionalProperties\": false on every object",
                            "Use an array of key-value objects, or a structure with the members known in advance.")
                    }
                    result["additionalProperties"] = .object(try transform(value, at: here, depth: depth + 1))
                }
            case "propertyNames":
                if rules.keywords.contains(keyword) {
                    result[keyword] = .object(try transform(value, at: here, depth: depth + 1))
                } else {
                    described.append((keyword, value))
                }
            case "enum":
                guard var values = value.arrayValue else { throw invalidDocument(here, "enum is not an array") }
                if !rules.enumAllowsComplex, values.contains(where: { $0.arrayValue != nil || $0.objectValue != nil }) {
                    throw notExpressible(
                        here, "\(rules.name) accepts only strings, numbers, Booleans and null in \"enum\"",
                        "List scalar values only.")
                }
                if !rules.enumAllowsAllScalars {
                    if values.contains(.null) {
                        enumHasNull = true
                        values.removeAll { $0 == .null }
                    }
                    if values.contains(where: { $0.boolValue != nil }) {
                        throw notExpressible(
                            here, "\(rules.name) accepts only strings and numbers in \"enum\"",
                            "Use \"type\": \"boolean\" for Booleans.")
                    }
                }
                result["enum"] = .array(values)
            case "const":
                if rules.keywords.contains("const") {
                    result["const"] = value
                } else if value.stringValue != nil || (value.doubleValue != nil && value.boolValue == nil) {
                    result["enum"] = [value]
                } else {
                    throw notExpressible(
                        here, "\(rules.name) has no \"const\", and \(value) cannot be an enum value there",
                        "Use a string or number constant.")
                }
            case "format":
                if let allowed = rules.formats, !allowed.contains(value.stringValue ?? "") {
                    described.append((keyword, value))
                } else {
                    result[keyword] = value
                }
            case "pattern":
                if rules.keywords.contains(keyword), let pattern = value.stringValue, rules.patternIsSupported(pattern)
                {
                    result[keyword] = value
                } else {
                    described.append((keyword, value))
                }
            case "minItems":
                if let allowed = rules.minItemsValues {
                    let count = value.intValue ?? 0
                    if allowed.contains(count) {
                        result[keyword] = value
                    } else {
                        // The part the provider can say: at least one.
                        result[keyword] = 1
                        described.append((keyword, value))
                    }
                } else if rules.keywords.contains(keyword) {
                    result[keyword] = value
                } else {
                    described.append((keyword, value))
                }
            case "required":
                result[keyword] = value
            default:
                if rules.keywords.contains(keyword) {
                    result[keyword] = value
                } else if _ProviderRules.describable.contains(keyword) {
                    described.append((keyword, value))
                }
            }
        }
        if isObject || result["properties"] != nil {
            try closeObject(&result, schema, at: location)
        }
        if !rules.allowsAnyValue,
            !["type", "enum", "const", "anyOf", "oneOf", "$ref"].contains(where: { result[$0] != nil })
        {
            throw notExpressible(
                location,
                "any JSON value (a schema without a type, such as that of JSONValue) cannot be expressed in \(rules.name)",
                "Give the value a type, or use a provider that accepts any value (Gemini).")
        }
        let description = Self.description(schema["description"]?.stringValue, described)
        if enumHasNull {
            var inner = result
            inner["type"] = .string(_SchemaMerge.types(result["type"] ?? .null).first { $0 != "null" } ?? "string")
            result = ["anyOf": [.object(inner), ["type": "null"]]]
        }
        if let description { result = _SchemaWriter.inserting("description", .string(description), into: result) }
        return result
    }

    /// Closes an object, makes every member required where the provider
    /// demands it (optional ones nullable), and orders the members.
    private func closeObject(_ result: inout JSONObject, _ schema: JSONObject, at location: JSONPointer) throws {
        let members = result["properties"]?.objectValue ?? [:]
        if rules.closesObjects, result["additionalProperties"] == nil {
            guard !members.isEmpty else {
                throw notExpressible(
                    location,
                    "an object with any members (JSONObject, [String: JSONValue]) cannot be expressed: \(rules.name) needs \"additionalProperties\": false on every object",
                    "Describe the members the object may have.")
            }
            result["additionalProperties"] = false
        }
        if rules.requiresEveryProperty, !members.isEmpty {
            let required = Set((schema["required"]?.arrayValue ?? []).compactMap(\.stringValue))
            var all = JSONObject()
            for (name, member) in members {
                // Optional stays optional to the model: required, but null
                // is allowed, and decodeIfPresent reads null as absent.
                if required.contains(name) {
                    all[name] = member
                } else {
                    all[name] = .object(Self.nullable(member.objectValue ?? [:]))
                }
            }
            result["properties"] = .object(all)
            result["required"] = .array(members.keys.map(JSONValue.string))
        }
        if rules.ordersProperties, !members.isEmpty {
            result["propertyOrdering"] = .array(members.keys.map(JSONValue.string))
        }
    }

    /// A reference, with what is beside it.
    private mutating func transformReference(
        _ ref: JSONValue, _ schema: JSONObject, at location: JSONPointer, depth: Int
    ) throws -> JSONObject {
        let (target, value) = try resolve(ref, at: location.appending("$ref"))
        var siblings = schema
        siblings.removeValue(forKey: "$ref")
        if siblings.isEmpty { return ["$ref": try reference(to: target, value)] }
        if siblings.keys.allSatisfy(_SchemaMerge.annotations.contains) {
            // Only annotations beside it: keep the reference, alone, in an
            // `anyOf` of one, and the annotations beside that.
            var result: JSONObject = ["anyOf": [["$ref": try reference(to: target, value)]]]
            let described = siblings.filter { $0.key != "description" && !rules.keywords.contains($0.key) }
            for (keyword, annotation) in siblings where rules.keywords.contains(keyword) && keyword != "description" {
                result[keyword] = annotation
            }
            if let description = Self.description(siblings["description"]?.stringValue, Array(described)) {
                result["description"] = .string(description)
            }
            return result
        }
        let name = target.tokens.last ?? "the root"
        guard !recursiveTargets.contains(target) else {
            let keywords = siblings.keys.filter { !_SchemaMerge.annotations.contains($0) }
            throw notExpressible(
                location,
                "the $ref to \(name) has \(keywords.map { "\"\($0)\"" }.joined(separator: ", ")) beside it, and \(name) contains itself, so the two cannot be merged into one schema, and \(rules.name) accepts nothing beside $ref",
                "Move the constraints into the definition, or drop them.")
        }
        var targetSchema: JSONObject
        switch value {
        case .object(let object): targetSchema = object.filter { $0.key != "$defs" && $0.key != "definitions" }
        case .bool(true): targetSchema = [:]
        default: throw invalidDocument(location.appending("$ref"), "the $ref leads to something that is not a schema")
        }
        let merged = try _SchemaMerge.conjunction(targetSchema, siblings, at: location)
        return try transform(.object(merged), at: location, depth: depth + 1)
    }

    /// A schema with its `$ref` replaced by the target merged with what is
    /// beside it, for merging into another.
    private func flattened(_ value: JSONValue, at location: JSONPointer, depth: Int) throws -> JSONObject {
        guard depth < Self.maximumDepth else {
            throw invalidDocument(location, "the schema nests more than \(Self.maximumDepth) levels")
        }
        guard case .object(var object) = value else {
            if value == true { return [:] }
            throw notExpressible(location, "the schema false has no equivalent in \(rules.name)", "Remove it.")
        }
        guard let ref = object.removeValue(forKey: "$ref") else { return object }
        let (target, targetValue) = try resolve(ref, at: location.appending("$ref"))
        guard !recursiveTargets.contains(target) else {
            throw notExpressible(
                location,
                "allOf refers to \(target.tokens.last ?? "the root"), which contains itself, so it cannot be merged into one schema, and \(rules.name) does not support allOf",
                "Write the combined schema out.")
        }
        let resolved = try flattened(targetValue, at: target, depth: depth + 1)
            .filter { $0.key != "$defs" && $0.key != "definitions" }
        return try _SchemaMerge.conjunction(resolved, object, at: location)
    }

    /// A schema that also accepts `null`, unless it does already.
    static func nullable(_ schema: JSONObject) -> JSONObject {
        if acceptsNull(schema) { return schema }
        if case .array(var branches)? = schema["anyOf"], schema["type"] == nil {
            var result = schema
            branches.append(["type": "null"])
            result["anyOf"] = .array(branches)
            return result
        }
        if schema["anyOf"] == nil, schema["$ref"] == nil, schema["const"] == nil, schema["type"]?.arrayValue != nil {
            var result = schema
            result["type"] = .array(schema["type"]!.arrayValue! + ["null"])
            if case .array(var values)? = schema["enum"] {
                values.append(.null)
                result["enum"] = .array(values)
            }
            return result
        }
        let simple = _SchemaWriter.nullable(schema)
        if simple["anyOf"] != nil, let description = schema["description"] {
            // Keep the description where the model reads it: outside.
            var inner = schema
            inner.removeValue(forKey: "description")
            return ["anyOf": [.object(inner), ["type": "null"]], "description": description]
        }
        return simple
    }

    /// Whether a schema accepts `null` on its own terms.
    static func acceptsNull(_ schema: JSONObject) -> Bool {
        if let type = schema["type"] {
            guard _SchemaMerge.types(type).contains("null") else { return false }
            if let values = schema["enum"]?.arrayValue { return values.contains(.null) }
            return true
        }
        if let values = schema["enum"]?.arrayValue { return values.contains(.null) }
        if let branches = schema["anyOf"]?.arrayValue {
            return branches.contains { acceptsNull($0.objectValue ?? [:]) }
        }
        return schema["$ref"] == nil && schema["const"] == nil
            && !schema.keys.contains { !_SchemaMerge.annotations.contains($0) && $0 != "description" }
    }

    /// The description, with what the provider does not accept appended:
    /// `Days to forecast. (minimum: 1, maximum: 14)`.
    static func description(_ base: String?, _ described: [(String, JSONValue)]) -> String? {
        guard !described.isEmpty else { return base }
        let list = described.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
        guard let base, !base.isEmpty else { return list }
        return "\(base) (\(list))"
    }

    // MARK: Errors

    private func invalidDocument(_ location: JSONPointer, _ message: String) -> JSONSchemaGenerationError {
        JSONSchemaGenerationError(
            .invalidDocument, typeName: nil, location: location, message: message,
            recoverySuggestion: "Fix the schema document.")
    }

    private func notExpressible(_ location: JSONPointer, _ message: String, _ suggestion: String)
        -> JSONSchemaGenerationError
    {
        JSONSchemaGenerationError(
            .notExpressible, typeName: nil, location: location, message: message, recoverySuggestion: suggestion)
    }
}

#endif
