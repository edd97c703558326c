#if JSONSchema

/// Finds what a profile would refuse in a schema document (see
/// ``JSONSchema/Profile/violations(in:)``).
struct _ProfileChecker {
    let profile: JSONSchema.Profile

    /// How deeply schemas may nest before the checker stops.
    static let maximumDepth = 64

    private static let schemaValued: Set<String> = [
        "items", "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema",
    ]
    private static let schemaArrays: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    private static let schemaMaps: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
    ]
    private static let types: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]

    func violations(in document: JSONValue) -> [JSONSchema.ProfileViolation] {
        var result: [JSONSchema.ProfileViolation] = []
        var tally = Tally()
        walk(document, at: .root, depth: 0, in: document, tally: &tally, into: &result)
        guard let rules = profile.rules else { return result }
        if rules.rootMustBeObject {
            if document["type"] != "object" {
                result.insert(
                    .init(.root, "\(rules.name) needs the root to be an object schema (\"type\": \"object\")"), at: 0)
            } else if document["anyOf"] != nil {
                result.insert(.init(.root, "\(rules.name) does not accept anyOf at the root"), at: 0)
            }
        }
        result += recursionViolations(document, rules)
        result += limitViolations(tally, rules)
        if profile.kind == .openAIStrict {
            var memo: [String: Int] = [:]
            var open: Set<String> = []
            let depth = nesting(document, document, memo: &memo, open: &open, depth: 0)
            if depth > 10 {
                result.append(
                    .init(
                        .root,
                        "OpenAI strict mode allows at most 10 levels of nested objects, and this schema has \(depth)"))
            }
        }
        return result
    }

    /// The most objects nested in one another in `value`, through
    /// references (a reference back into one being measured counts once).
    private func nesting(
        _ value: JSONValue, _ document: JSONValue, memo: inout [String: Int], open: inout Set<String>, depth: Int
    ) -> Int {
        guard depth < Self.maximumDepth, case .object(let schema) = value else { return 0 }
        var deepest = 0
        if case .string(let ref)? = schema["$ref"] {
            if let known = memo[ref] {
                deepest = known
            } else if !open.contains(ref), ref.hasPrefix("#"),
                let pointer = try? JSONPointer(uriFragment: ref),
                let target = document[pointer: pointer]
            {
                open.insert(ref)
                let measured = nesting(target, document, memo: &memo, open: &open, depth: depth + 1)
                open.remove(ref)
                memo[ref] = measured
                deepest = measured
            }
        }
        for (keyword, member) in schema where keyword != "$defs" && keyword != "$ref" {
            if keyword == "properties" || keyword == "patternProperties", let members = member.objectValue {
                for (_, element) in members {
                    deepest = max(deepest, nesting(element, document, memo: &memo, open: &open, depth: depth + 1))
                }
            } else if let elements = member.arrayValue, Self.schemaArrays.contains(keyword) {
                for element in elements {
                    deepest = max(deepest, nesting(element, document, memo: &memo, open: &open, depth: depth + 1))
                }
            } else if Self.schemaValued.contains(keyword) {
                deepest = max(deepest, nesting(member, document, memo: &memo, open: &open, depth: depth + 1))
            }
        }
        let isObject = _SchemaMerge.types(schema["type"] ?? .null).contains("object")
        return deepest + (isObject ? 1 : 0)
    }

    /// Counts for the limits.
    private struct Tally {
        var properties = 0
        var optional = 0
        var unions = 0
        var enumValues = 0
        var characters = 0
        var largeEnums: [(JSONPointer, Int)] = []
    }

    private func walk(
        _ value: JSONValue, at location: JSONPointer, depth: Int, in document: JSONValue, tally: inout Tally,
        into result: inout [JSONSchema.ProfileViolation]
    ) {
        guard depth < Self.maximumDepth else {
            result.append(.init(location, "the schema nests more than \(Self.maximumDepth) levels"))
            return
        }
        guard case .object(let schema) = value else {
            if value.boolValue == nil {
                result.append(.init(location, "a schema must be an object or a Boolean"))
            } else if let rules = profile.rules {
                result.append(.init(location, "\(rules.name) does not accept a Boolean schema"))
            }
            return
        }
        check(schema, at: location, in: document, tally: &tally, into: &result)
        for (keyword, member) in schema {
            let here = location.appending(keyword)
            if Self.schemaValued.contains(keyword), member.arrayValue == nil {
                // `false` closes an object, as the providers want.
                if member == false, keyword == "additionalProperties" || keyword == "unevaluatedProperties" { continue }
                walk(member, at: here, depth: depth + 1, in: document, tally: &tally, into: &result)
            } else if Self.schemaArrays.contains(keyword) || (keyword == "items" && member.arrayValue != nil) {
                guard let elements = member.arrayValue else {
                    result.append(.init(here, "\"\(keyword)\" must be an array of schemas"))
                    continue
                }
                for (index, element) in elements.enumerated() {
                    walk(
                        element, at: here.appending(index), depth: depth + 1, in: document, tally: &tally, into: &result
                    )
                }
            } else if Self.schemaMaps.contains(keyword) {
                guard let members = member.objectValue else {
                    result.append(.init(here, "\"\(keyword)\" must be an object of schemas"))
                    continue
                }
                for (name, element) in members {
                    walk(
                        element, at: here.appending(name), depth: depth + 1, in: document, tally: &tally, into: &result)
                }
            }
        }
    }

    /// The checks of one schema object.
    private func check(
        _ schema: JSONObject, at location: JSONPointer, in document: JSONValue, tally: inout Tally,
        into result: inout [JSONSchema.ProfileViolation]
    ) {
        // Structure, for every profile.
        if let type = schema["type"] {
            let names = type.stringValue.map { [$0] } ?? type.arrayValue?.compactMap(\.stringValue)
            if names == nil || names!.isEmpty || !names!.allSatisfy(Self.types.contains)
                || (type.arrayValue.map { $0.count != names!.count } ?? false)
            {
                result.append(.init(location.appending("type"), "\"type\" must name JSON types"))
            }
        }
        if let required = schema["required"],
            required.arrayValue.map({ !$0.allSatisfy { $0.stringValue != nil } }) ?? true
        {
            result.append(.init(location.appending("required"), "\"required\" must be an array of strings"))
        }
        if let values = schema["enum"], values.arrayValue == nil {
            result.append(.init(location.appending("enum"), "\"enum\" must be an array"))
        }
        for keyword in ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"] {
            if let count = schema[keyword], (count.intValue ?? -1) < 0 || count.boolValue != nil {
                result.append(.init(location.appending(keyword), "\"\(keyword)\" must be a non-negative integer"))
            }
        }
        if let ref = schema["$ref"] {
            if case .string(let text) = ref {
                if text.hasPrefix("#") {
                    let pointer = try? JSONPointer(uriFragment: text)
                    if pointer.flatMap({ document[pointer: $0] }) == nil {
                        result.append(
                            .init(location.appending("$ref"), "the $ref \"\(text)\" refers to nothing in the document"))
                    }
                } else if profile.rules != nil {
                    result.append(.init(location.appending("$ref"), "the $ref \"\(text)\" refers to another document"))
                }
            } else {
                result.append(.init(location.appending("$ref"), "\"$ref\" must be a string"))
            }
        }
        guard let rules = profile.rules else { return }

        // The provider's rules.
        for keyword in schema.keys where !rules.keywords.contains(keyword) {
            result.append(.init(location, "\(rules.name) does not support \"\(keyword)\""))
        }
        if schema["$ref"] != nil {
            let siblings = schema.keys.filter {
                $0 != "$ref" && !(location.isRoot && $0 == "$defs") && !(profile.kind == .gemini && $0.hasPrefix("$"))
            }
            if !siblings.isEmpty {
                result.append(
                    .init(
                        location,
                        "\(rules.name) accepts nothing beside \"$ref\", but here are \(siblings.map { "\"\($0)\"" }.joined(separator: ", "))"
                    ))
            }
        }
        let types = _SchemaMerge.types(schema["type"] ?? .null)
        let members = schema["properties"]?.objectValue
        let untypedObject = (members != nil || schema["required"] != nil) && !types.contains("object")
        if untypedObject {
            result.append(.init(location, "\(rules.name) needs \"type\": \"object\" on every object schema"))
        }
        if types.contains("object") {
            if rules.closesObjects, schema["additionalProperties"] != false {
                result.append(.init(location, "\(rules.name) needs \"additionalProperties\": false on every object"))
            }
            let required = Set((schema["required"]?.arrayValue ?? []).compactMap(\.stringValue))
            for name in members?.keys ?? [] where !required.contains(name) {
                if rules.requiresEveryProperty {
                    result.append(
                        .init(location, "\(rules.name) needs every property in \"required\"; \"\(name)\" is not"))
                }
                tally.optional += 1
            }
        }
        if let members {
            tally.properties += members.count
            for (name, member) in members {
                tally.characters += name.unicodeScalars.count
                if member["anyOf"] != nil || (member["type"]?.arrayValue?.count ?? 0) > 1 { tally.unions += 1 }
            }
        }
        if location.tokens.count == 2, location.tokens[0] == "$defs" {
            tally.characters += location.tokens[1].unicodeScalars.count
        }
        if !rules.allowsAnyValue, !untypedObject,
            !["type", "enum", "const", "anyOf", "oneOf", "$ref"].contains(where: { schema[$0] != nil })
        {
            result.append(
                .init(
                    location, "\(rules.name) needs a type for every value (\"type\", \"enum\", \"anyOf\" or \"$ref\")"))
        }
        if let values = schema["enum"]?.arrayValue {
            tally.enumValues += values.count
            var length = 0
            for value in values {
                if let string = value.stringValue {
                    length += string.unicodeScalars.count
                    tally.characters += string.unicodeScalars.count
                }
                if !rules.enumAllowsComplex, value.arrayValue != nil || value.objectValue != nil {
                    result.append(.init(location.appending("enum"), "\(rules.name) accepts only scalars in \"enum\""))
                } else if !rules.enumAllowsAllScalars, value.stringValue == nil,
                    value.doubleValue == nil || value.boolValue != nil
                {
                    result.append(
                        .init(location.appending("enum"), "\(rules.name) accepts only strings and numbers in \"enum\""))
                }
            }
            if values.count > 250 { tally.largeEnums.append((location.appending("enum"), length)) }
        }
        if let constant = schema["const"]?.stringValue { tally.characters += constant.unicodeScalars.count }
        if let format = schema["format"]?.stringValue, let formats = rules.formats, !formats.contains(format) {
            result.append(
                .init(location.appending("format"), "\(rules.name) does not support the format \"\(format)\""))
        }
        if let pattern = schema["pattern"]?.stringValue, rules.keywords.contains("pattern"),
            !rules.patternIsSupported(pattern)
        {
            result.append(
                .init(
                    location.appending("pattern"),
                    "\(rules.name) does not support back-references or look-around\(rules.patternAllowsWordBoundary ? "" : " or \\b") in \"pattern\""
                ))
        }
        if let count = schema["minItems"]?.intValue, let allowed = rules.minItemsValues, !allowed.contains(count) {
            result.append(.init(location.appending("minItems"), "\(rules.name) accepts \"minItems\" of 0 or 1 only"))
        }
    }

    // MARK: Recursion

    /// A reference in the document: where it is, the definition it is in,
    /// the definition it leads to, and whether the way to it passes a
    /// member that is not required.
    private struct Edge {
        var location: JSONPointer
        var from: String
        var to: String
        var throughOptional: Bool
    }

    private func recursionViolations(_ document: JSONValue, _ rules: _ProviderRules) -> [JSONSchema.ProfileViolation] {
        guard rules.recursion != .allowed else { return [] }
        var edges: [Edge] = []
        collectEdges(document, from: "#", at: .root, optional: false, depth: 0, into: &edges)
        for (name, schema) in document["$defs"]?.objectValue ?? [:] {
            collectEdges(
                schema, from: name, at: JSONPointer(tokens: ["$defs", name]), optional: false, depth: 0, into: &edges)
        }
        var result: [JSONSchema.ProfileViolation] = []
        for edge in edges {
            // Does the edge's target lead back to its source, along edges
            // that count?
            let counts: (Edge) -> Bool = { rules.recursion == .refused || !$0.throughOptional }
            guard counts(edge) else { continue }
            var seen: Set<String> = []
            var pending = [edge.to]
            var cycle = false
            while let next = pending.popLast() {
                if next == edge.from {
                    cycle = true
                    break
                }
                guard seen.insert(next).inserted else { continue }
                pending += edges.filter { $0.from == next && counts($0) }.map(\.to)
            }
            guard cycle else { continue }
            let name = edge.from == "#" ? "the root" : edge.from
            result.append(
                .init(
                    edge.location,
                    rules.recursion == .refused
                        ? "\(rules.name) refuses recursive schemas, and \(name) contains itself through this reference"
                        : "\(rules.name) unrolls recursion only through members that are not required, and \(name) contains itself through required members"
                ))
        }
        return result
    }

    private func collectEdges(
        _ value: JSONValue, from source: String, at location: JSONPointer, optional: Bool, depth: Int,
        into edges: inout [Edge]
    ) {
        guard depth < Self.maximumDepth, case .object(let schema) = value else { return }
        if case .string(let ref)? = schema["$ref"] {
            let target: String?
            if ref == "#" {
                target = "#"
            } else if ref.hasPrefix("#/$defs/"), let pointer = try? JSONPointer(uriFragment: ref),
                pointer.tokens.count == 2
            {
                target = pointer.tokens[1]
            } else {
                target = nil
            }
            if let target {
                edges.append(
                    Edge(location: location.appending("$ref"), from: source, to: target, throughOptional: optional))
            }
        }
        let required = Set((schema["required"]?.arrayValue ?? []).compactMap(\.stringValue))
        for (keyword, member) in schema where keyword != "$defs" {
            let here = location.appending(keyword)
            if keyword == "properties", let members = member.objectValue {
                for (name, element) in members {
                    collectEdges(
                        element, from: source, at: here.appending(name), optional: optional || !required.contains(name),
                        depth: depth + 1, into: &edges)
                }
            } else if let elements = member.arrayValue, Self.schemaArrays.contains(keyword) {
                for (index, element) in elements.enumerated() {
                    collectEdges(
                        element, from: source, at: here.appending(index), optional: optional, depth: depth + 1,
                        into: &edges)
                }
            } else if Self.schemaValued.contains(keyword) {
                collectEdges(member, from: source, at: here, optional: optional, depth: depth + 1, into: &edges)
            }
        }
    }

    // MARK: Limits

    private func limitViolations(_ tally: Tally, _ rules: _ProviderRules) -> [JSONSchema.ProfileViolation] {
        var result: [JSONSchema.ProfileViolation] = []
        switch profile.kind {
        case .openAIStrict:
            if tally.properties > 5000 {
                result.append(
                    .init(
                        .root, "\(rules.name) allows at most 5,000 properties, and this schema has \(tally.properties)")
                )
            }
            if tally.characters > 120_000 {
                result.append(
                    .init(
                        .root,
                        "\(rules.name) allows at most 120,000 characters of property names, definition names, enum values and const values, and this schema has \(tally.characters)"
                    ))
            }
            if tally.enumValues > 1000 {
                result.append(
                    .init(
                        .root, "\(rules.name) allows at most 1,000 enum values, and this schema has \(tally.enumValues)"
                    ))
            }
            for (location, length) in tally.largeEnums where length > 15_000 {
                result.append(
                    .init(
                        location,
                        "\(rules.name) allows at most 15,000 characters in an enum of more than 250 strings, and this one has \(length)"
                    ))
            }
        case .anthropic:
            if tally.optional > 24 {
                result.append(
                    .init(
                        .root,
                        "\(rules.name) allows at most 24 optional members in its strict schemas, and this schema has \(tally.optional)"
                    ))
            }
            if tally.unions > 16 {
                result.append(
                    .init(
                        .root,
                        "\(rules.name) allows at most 16 members with union types (anyOf or type arrays) in its strict schemas, and this schema has \(tally.unions)"
                    ))
            }
        default:
            break
        }
        return result
    }
}

#endif
