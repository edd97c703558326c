#if JSONSchema

/// Writes the JSON Schema document of a probed type.
///
/// A type that is met more than once, or that contains itself, goes to
/// `$defs` under its name (see ``definitionNames(_:)``) and is referenced
/// with `$ref`; the root type, if it contains itself, with `"#"`. Other
/// types are written where they are used. The document depends only on
/// what the probe recorded, in the order it recorded it: no dictionary's
/// order, so the same type gives the same bytes in every process.
struct _SchemaWriter {
    /// How members that may be absent are written.
    enum Mode {
        /// JSON Schema 2020-12, exactly what decoding accepts: a member read
        /// with `decodeIfPresent` is optional and may be `null`, and a
        /// ``MappedCodingKey`` with several paths gives each path in turn.
        case standard
        /// For a provider that makes every member required: optional
        /// members must accept `null`, which decodes as absent.
        case nullableOptionals
        /// For a provider where a member may be left out: optional members
        /// are written without `null`, and a mapped key by its first path.
        case omittableOptionals
    }

    let probe: _SchemaProbe
    let mode: Mode
    let locator: _KeyPathLocator

    /// The types written in `$defs`, and their names.
    private var names: [ObjectIdentifier: String] = [:]
    private var root: ObjectIdentifier?

    init(probe: _SchemaProbe, mode: Mode) {
        self.probe = probe
        self.mode = mode
        self.locator = _KeyPathLocator(probe: probe)
    }

    /// The document for the root slot.
    mutating func document(for slot: _Slot) throws -> JSONValue {
        if case .type(let id) = slot.shape { root = id }
        let counts = referenceCounts(from: slot.shape)
        // Types met more than once, and enough of the others to break every
        // cycle that does not pass through the root (which is `#`): each,
        // in the order met, if it is on a cycle through no type defined yet.
        var defined: [ObjectIdentifier] = []
        var anchors: Set<ObjectIdentifier> = root.map { [$0] } ?? []
        for id in probe.order where id != root {
            guard let count = counts[id], count > 0 else { continue }
            if count > 1 { anchors.insert(id) }
        }
        for id in probe.order where id != root {
            guard let count = counts[id], count > 0 else { continue }
            if count > 1 || isRecursive(id, avoiding: anchors) {
                defined.append(id)
                anchors.insert(id)
            }
        }
        names = Self.definitionNames(defined.map { probe.records[$0]!.type })
            .enumerated().reduce(into: [:]) { $0[defined[$1.offset]] = $1.element }
        var body: JSONObject
        if let root {
            body = try typeBody(root)
        } else {
            body = try schema(for: slot.shape)
        }
        var document = JSONObject()
        if mode == .standard { document["$schema"] = "https://json-schema.org/draft/2020-12/schema" }
        for (key, value) in body { document[key] = value }
        if !defined.isEmpty {
            var defs = JSONObject()
            for id in defined { defs[names[id]!] = .object(try typeBody(id)) }
            document["$defs"] = .object(defs)
        }
        return .object(document)
    }

    // MARK: References

    /// How often each type is referenced from the root, counting a type's
    /// own references once.
    private func referenceCounts(from shape: _Shape) -> [ObjectIdentifier: Int] {
        var counts: [ObjectIdentifier: Int] = [:]
        var expanded: Set<ObjectIdentifier> = []
        var pending: [_Shape] = [shape]
        if let root {
            expanded.insert(root)
            pending = [probe.records[root]!.shape]
        }
        while let next = pending.popLast() {
            Self.forEachReference(in: next) { id in
                counts[id, default: 0] += 1
                if expanded.insert(id).inserted, let record = probe.records[id] { pending.append(record.shape) }
            }
        }
        return counts
    }

    /// Whether a type can reach itself without passing `anchors`.
    private func isRecursive(_ start: ObjectIdentifier, avoiding anchors: Set<ObjectIdentifier>) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var pending = [probe.records[start]!.shape]
        while let next = pending.popLast() {
            var found = false
            Self.forEachReference(in: next) { id in
                if id == start { found = true }
                guard !anchors.contains(id) else { return }
                if seen.insert(id).inserted, let record = probe.records[id] { pending.append(record.shape) }
            }
            if found { return true }
        }
        return false
    }

    /// Calls `body` for each type that `shape` refers to directly.
    static func forEachReference(in shape: _Shape, _ body: (ObjectIdentifier) -> Void) {
        switch shape {
        case .type(let id): body(id)
        case .anyOf(let shapes):
            for shape in shapes { forEachReference(in: shape, body) }
        case .object(let object):
            for property in object.properties { forEachReference(in: property.slot.shape, body) }
            if let additional = object.additional { forEachReference(in: additional.shape, body) }
        case .array(let array):
            for slot in array.prefix { forEachReference(in: slot.shape, body) }
            if let items = array.items { forEachReference(in: items.shape, body) }
        default: break
        }
    }

    // MARK: Names

    /// Names for `$defs`, one per type, distinct: the type's name as Swift
    /// writes it (`Item`, `Box<Int>` as `Box_Int`); where two types share
    /// it, their names qualified by as many enclosing types as it takes to
    /// tell them apart (`Billing.Item`, `Catalog.Item`); and where that is
    /// not enough (types local to functions), a number in the order of the
    /// list.
    static func definitionNames(_ types: [Any.Type]) -> [String] {
        // `_typeName` is what printing a type comes to, without the protocol
        // checks that printing makes first.
        var names = types.map { sanitized(_typeName($0, qualified: false)) }
        // Grouped in the order of the list, not of a dictionary.
        var groups: [String: [Int]] = [:]
        for index in names.indices { groups[names[index], default: []].append(index) }
        for index in names.indices {
            guard let group = groups[names[index]], group.count > 1, group[0] == index else { continue }
            let qualified = group.map { qualifiedComponents(types[$0]) }
            let longest = qualified.map(\.count).max() ?? 1
            // As many components as tell apart all the names that differ.
            let distinct = Set(qualified.map { $0.joined(separator: ".") }).count
            var length = 2
            while length < longest, Set(qualified.map { $0.suffix(length).joined(separator: ".") }).count < distinct {
                length += 1
            }
            for (member, components) in zip(group, qualified) {
                names[member] = sanitized(components.suffix(length).joined(separator: "."))
            }
        }
        var used: [String: Int] = [:]
        for index in names.indices {
            let name = names[index]
            if let count = used[name] {
                var number = count + 1
                while used["\(name)_\(number)"] != nil { number += 1 }
                used[name] = number
                names[index] = "\(name)_\(number)"
                used[names[index]] = 1
            } else {
                used[name] = 1
            }
        }
        return names
    }

    /// The components of `String(reflecting:)` without the module and
    /// without the addresses of local contexts (`(unknown context at
    /// $10a2f3c)`), which change from one process to the next.
    static func qualifiedComponents(_ type: Any.Type) -> [Substring] {
        var components: [Substring] = []
        var text = Substring(String(reflecting: type))
        while !text.isEmpty {
            if text.hasPrefix("(unknown context at ") {
                let end = text.firstIndex(of: ")") ?? text.endIndex
                text = text[end...].dropFirst()
                if text.first == "." { text = text.dropFirst() }
                continue
            }
            var depth = 0
            var end = text.startIndex
            while end < text.endIndex {
                let character = text[end]
                if character == "<" || character == "(" { depth += 1 }
                if character == ">" || character == ")" { depth -= 1 }
                if character == "." && depth == 0 { break }
                end = text.index(after: end)
            }
            components.append(text[..<end])
            text = end < text.endIndex ? text[text.index(after: end)...] : ""
        }
        // The first component is the module.
        return Array(components.dropFirst())
    }

    /// Letters, digits, `.`, `-` and `_` only, runs of others as one `_`.
    static func sanitized(_ name: String) -> String {
        var result = ""
        var pendingUnderscore = false
        for scalar in name.unicodeScalars {
            let kept =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "." || scalar == "-" || scalar == "_"
            if kept {
                if pendingUnderscore && !result.isEmpty { result += "_" }
                pendingUnderscore = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        return result.isEmpty ? "Type" : result
    }

    // MARK: Schemas

    /// The schema of a composite type where it is written in full: its
    /// shape, its description and its guides.
    private func typeBody(_ id: ObjectIdentifier) throws -> JSONObject {
        let record = probe.records[id]!
        let customization = _Customization(of: record.type)
        if case .schema(let given) = record.shape {
            guard case .object(var object) = given else {
                if case .bool = given, customization?.description == nil { return given.objectValue ?? [:] }
                throw invalid(
                    record, "its jsonSchema is not a JSON object", "Return an object such as [\"type\": \"string\"].")
            }
            if Self.containsReference(given) {
                throw invalid(
                    record, "its jsonSchema uses $ref, which cannot be resolved once the schema is placed in another",
                    "Write the schema without $ref.")
            }
            if object["description"] == nil, let description = customization?.description {
                object["description"] = .string(description)
            }
            if customization?.hasGuides == true {
                throw invalid(
                    record, "it gives both jsonSchema and schemaGuides",
                    "Put the guides' keywords into jsonSchema, or drop jsonSchema.")
            }
            return object
        }
        var body = try schema(for: record.shape, in: record)
        if let description = customization?.description {
            body = Self.inserting("description", .string(description), into: body)
        }
        return body
    }

    /// The schema of a shape met inside the type `owner`.
    private func schema(for shape: _Shape, in owner: _TypeRecord? = nil) throws -> JSONObject {
        switch shape {
        case .any:
            return [:]
        case .null:
            return ["type": "null"]
        case .boolean:
            return ["type": "boolean"]
        case .integer(let minimum, let maximum):
            var result: JSONObject = ["type": "integer"]
            if let minimum { result["minimum"] = .int(Int(minimum)) }
            if let maximum { result["maximum"] = .int(Int(maximum)) }
            return result
        case .number(let strings):
            guard !strings.isEmpty else { return ["type": "number"] }
            return ["anyOf": [["type": "number"], ["type": "string", "enum": .array(strings.map(JSONValue.string))]]]
        case .string(let form):
            var result: JSONObject = ["type": "string"]
            if let format = form.format { result["format"] = .string(format) }
            if let pattern = form.pattern { result["pattern"] = .string(pattern) }
            if let encoding = form.contentEncoding { result["contentEncoding"] = .string(encoding) }
            return result
        case .enumeration(let values):
            var result = JSONObject()
            if let type = Self.commonType(of: values) { result["type"] = .string(type) }
            result["enum"] = .array(values)
            return result
        case .object(let object):
            return try objectSchema(object, owner: owner)
        case .array(let array):
            var result: JSONObject = ["type": "array"]
            if !array.prefix.isEmpty {
                result["prefixItems"] = .array(try array.prefix.map { .object(try schema(for: $0.shape)) })
            }
            if let items = array.items { result["items"] = .object(try schema(for: items.shape)) }
            if array.minimumCount > 0 { result["minItems"] = .int(array.minimumCount) }
            return result
        case .anyOf(let shapes):
            if shapes.count == 2, shapes.contains(.null), let other = shapes.first(where: { $0 != .null }) {
                return Self.nullable(try schema(for: other))
            }
            return ["anyOf": .array(try shapes.map { .object(try schema(for: $0)) })]
        case .type(let id):
            if id == root { return ["$ref": "#"] }
            if let name = names[id] { return ["$ref": .string(JSONPointer(tokens: ["$defs", name]).uriFragment)] }
            return try typeBody(id)
        case .schema(let given):
            return given.objectValue ?? [:]
        }
    }

    private func objectSchema(_ object: _ObjectShape, owner: _TypeRecord?) throws -> JSONObject {
        var result: JSONObject = ["type": "object"]
        let guides = try owner.map { try self.guides(for: $0, object) } ?? [:]
        var properties = JSONObject()
        var required: [JSONValue] = []
        var conditions: [JSONValue] = []
        for property in object.properties {
            var shape = property.slot.shape
            if !property.isRequired {
                switch mode {
                case .standard: break
                case .nullableOptionals:
                    if !shape.acceptsNull, let owner {
                        throw JSONSchemaGenerationError(
                            .notExpressible, type: "\(owner.type)", location: owner.path + property.path,
                            message:
                                "the member \"\(property.name)\" may be absent but may not be null, and a provider that makes every member required would send null",
                            recoverySuggestion:
                                "Decode it with decodeIfPresent, which reads null as absent, or generate for a provider where members may be left out."
                        )
                    }
                case .omittableOptionals:
                    shape = shape.withoutNull ?? shape
                }
            }
            var schema = try self.schema(for: shape)
            if let guide = guides[property.key] {
                try check(guide, for: property, shape: shape, owner: owner!)
                for (keyword, value) in guide.keywords {
                    schema = Self.inserting(keyword, value, into: schema)
                }
            }
            if mode == .standard, !property.alternativePaths.isEmpty {
                conditions.append(.object(Self.mappedCondition(property, schema: schema)))
                continue
            }
            let name = property.path[0]
            if property.path.count > 1 {
                // A member at a nested path (``MappedCodingKey``): the
                // objects on the way, merged with any member of that name.
                schema = Self.nestedMember(property.path.dropFirst(), schema: schema, isRequired: property.isRequired)
            }
            if let existing = properties[name]?.objectValue {
                properties[name] = .object(
                    try _SchemaMerge.conjunction(existing, schema, at: JSONPointer(tokens: [name])))
            } else {
                properties[name] = .object(schema)
            }
            if property.isRequired, !required.contains(.string(name)) { required.append(.string(name)) }
        }
        if !properties.isEmpty { result["properties"] = .object(properties) }
        if !required.isEmpty { result["required"] = .array(required) }
        if let additional = object.additional, additional.shape != .any {
            result["additionalProperties"] = .object(try schema(for: additional.shape))
        }
        if let names = object.propertyNames { result["propertyNames"] = .object(try schema(for: names)) }
        if !conditions.isEmpty { result["allOf"] = .array(conditions) }
        return result
    }

    /// `{"type": "object", "properties": {a: schema}, "required": [a]}` for
    /// the path `a`, nested for longer paths. The objects on the way are
    /// required to be objects only when the member is required: the decoder
    /// reads a path through a value that is not an object as absent.
    private static func nestedMember(_ path: ArraySlice<String>, schema: JSONObject, isRequired: Bool) -> JSONObject {
        guard let first = path.first else { return schema }
        var result: JSONObject = isRequired ? ["type": "object"] : [:]
        result["properties"] = [first: .object(nestedMember(path.dropFirst(), schema: schema, isRequired: isRequired))]
        if isRequired { result["required"] = [.string(first)] }
        return result
    }

    /// The condition for a ``MappedCodingKey`` read from the first of its
    /// paths that is present: `if` the first is present, `then` its value,
    /// `else` the same for the next path; a required member fails when none
    /// is.
    private static func mappedCondition(_ property: _Property, schema: JSONObject) -> JSONObject {
        let paths = [property.path] + property.alternativePaths
        func condition(_ index: Int) -> JSONValue? {
            guard index < paths.count else { return property.isRequired ? false : nil }
            var result: JSONObject = [
                "if": .object(nestedMember(paths[index][...], schema: [:], isRequired: true)),
                "then": .object(nestedMember(paths[index][...], schema: schema, isRequired: true)),
            ]
            if let next = condition(index + 1) { result["else"] = next }
            return .object(result)
        }
        return condition(0)?.objectValue ?? [:]
    }

    /// `schema` that also accepts `null`: `null` added to its `type` (and
    /// `enum`) where it has a single type, otherwise an `anyOf`.
    static func nullable(_ schema: JSONObject) -> JSONObject {
        if schema.isEmpty { return schema }
        let composite = ["$ref", "anyOf", "oneOf", "allOf", "not", "if", "const"].contains { schema[$0] != nil }
        if !composite, case .string(let type)? = schema["type"] {
            var result = schema
            result["type"] = [.string(type), "null"]
            if case .array(var values)? = schema["enum"], !values.contains(.null) {
                values.append(.null)
                result["enum"] = .array(values)
            }
            return result
        }
        return ["anyOf": [.object(schema), ["type": "null"]]]
    }

    /// The JSON type all `values` share, if they do.
    static func commonType(of values: [JSONValue]) -> String? {
        func type(_ value: JSONValue) -> String {
            switch value {
            case .string: return "string"
            case .int: return "integer"
            case .double: return "number"
            case .bool: return "boolean"
            case .null: return "null"
            case .array: return "array"
            case .object: return "object"
            }
        }
        let types = Set(values.map(type))
        if types.count == 1 { return types.first }
        if types == ["integer", "number"] { return "number" }
        return nil
    }

    /// `object` with `keyword` set; a new keyword goes after `type`.
    static func inserting(_ keyword: String, _ value: JSONValue, into object: JSONObject) -> JSONObject {
        if object[keyword] != nil || object["type"] == nil || keyword != "description" {
            var result = object
            result[keyword] = value
            return result
        }
        var result = JSONObject()
        for (key, existing) in object {
            result[key] = existing
            if key == "type" { result[keyword] = value }
        }
        return result
    }

    static func containsReference(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let object):
            return object["$ref"] != nil || object.values.contains(where: containsReference)
        case .array(let elements):
            return elements.contains(where: containsReference)
        default:
            return false
        }
    }

    // MARK: Guides

    /// The guides of `record`'s type, by the coding key of the member each
    /// is for.
    private func guides(for record: _TypeRecord, _ object: _ObjectShape) throws -> [String: JSONSchema.Guide] {
        guard let customization = _Customization(of: record.type), customization.hasGuides else { return [:] }
        var result: [String: JSONSchema.Guide] = [:]
        for (key, guide) in customization.guides {
            let property: _Property?
            let shown: String
            switch key {
            case let name as String:
                property = object.properties.first { $0.key == name }
                shown = "\"\(name)\""
            case let codingKey as any CodingKey:
                property = object.properties.first { $0.key == codingKey.stringValue }
                shown = "\"\(codingKey.stringValue)\""
            case let keyPath as AnyKeyPath:
                shown = "\(keyPath)"
                guard let location = try locator.location(of: keyPath, in: record) else {
                    throw invalid(
                        record, "the guide for \(keyPath) is for no member that init(from:) decodes",
                        "Key the guide by a stored property that init(from:) decodes as it is, or by the member's coding key."
                    )
                }
                property = object.properties.first { $0.path == location.tokens }
            default:
                throw invalid(
                    record, "schemaGuides is keyed by \(type(of: key)), which is not a key path, coding key or String",
                    "Key the guides by PartialKeyPath<\(record.type)>, CodingKeys or String.")
            }
            guard let property else {
                let known = object.properties.map { "\"\($0.key)\"" }.joined(separator: ", ")
                throw invalid(
                    record,
                    "it has a guide for \(shown), but init(from:) decodes no such member (it decodes \(known.isEmpty ? "none" : known))",
                    "Key the guide by a member that init(from:) decodes.")
            }
            result[property.key] = guide
        }
        return result
    }

    /// Checks that a guide fits its member.
    private func check(
        _ guide: JSONSchema.Guide, for property: _Property, shape: _Shape, owner: _TypeRecord
    ) throws {
        let types = jsonTypes(of: shape)
        for (keyword, value) in guide.keywords {
            func require(_ needed: Set<String>, _ valueOK: Bool, _ what: String) throws {
                guard valueOK else {
                    throw invalid(
                        owner, "the guide for \"\(property.name)\" gives \(keyword) a value that is not \(what)",
                        "Give \(keyword) \(what).")
                }
                guard types == nil || !types!.isDisjoint(with: needed) else {
                    throw invalid(
                        owner,
                        "the guide for \"\(property.name)\" gives \(keyword), which does not apply to its values (\(types!.sorted().joined(separator: ", ")))",
                        "Drop \(keyword), or put it on a member of a type it applies to.")
                }
            }
            let isNumber = value.doubleValue != nil && value.boolValue == nil
            let isCount = (value.intValue ?? -1) >= 0 && value.boolValue == nil
            switch keyword {
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
                try require(["integer", "number"], isNumber, "a number")
            case "multipleOf":
                try require(["integer", "number"], isNumber && value.doubleValue! > 0, "a positive number")
            case "minLength", "maxLength":
                try require(["string"], isCount, "a non-negative integer")
            case "pattern", "format":
                try require(["string"], value.stringValue != nil, "a string")
            case "minItems", "maxItems":
                try require(["array"], isCount, "a non-negative integer")
            case "uniqueItems":
                try require(["array"], value.boolValue != nil, "a Boolean")
            case "description", "title":
                try require(types ?? [], value.stringValue != nil, "a string")
            case "enum":
                try require(types ?? [], value.arrayValue != nil, "an array")
                for element in value.arrayValue! where !fits(element, types) {
                    throw invalid(
                        owner,
                        "the guide for \"\(property.name)\" allows \(element), which init(from:) cannot decode there",
                        "List values of the member's type.")
                }
            case "default":
                if property.isRequired {
                    throw invalid(
                        owner,
                        "the guide for \"\(property.name)\" gives a default, but init(from:) requires the member, so the default is never used",
                        "Decode the member with decodeIfPresent and use the default when it is absent, or drop the default."
                    )
                }
                if !fits(value, types) {
                    throw invalid(
                        owner,
                        "the guide for \"\(property.name)\" gives the default \(value), which init(from:) cannot decode there",
                        "Give a default of the member's type.")
                }
            case "examples":
                for example in value.arrayValue ?? [value] where !fits(example, types) {
                    throw invalid(
                        owner,
                        "the guide for \"\(property.name)\" gives the example \(example), which init(from:) cannot decode there",
                        "Give examples of the member's type.")
                }
            default:
                break
            }
        }
    }

    /// Whether a JSON value has one of `types`.
    private func fits(_ value: JSONValue, _ types: Set<String>?) -> Bool {
        guard let types else { return true }
        switch value {
        case .string: return types.contains("string")
        case .int: return types.contains("integer") || types.contains("number")
        case .double(let double):
            return types.contains("number") || (types.contains("integer") && double.rounded() == double)
        case .bool: return types.contains("boolean")
        case .null: return types.contains("null")
        case .array: return types.contains("array")
        case .object: return types.contains("object")
        }
    }

    /// The JSON types a shape's values have, or `nil` for any.
    private func jsonTypes(of shape: _Shape) -> Set<String>? {
        switch shape {
        case .any, .schema: return nil
        case .null: return ["null"]
        case .boolean: return ["boolean"]
        case .integer: return ["integer"]
        case .number(let strings): return strings.isEmpty ? ["number"] : ["number", "string"]
        case .string: return ["string"]
        case .enumeration(let values):
            return Set(
                values.map { value -> String in
                    switch value {
                    case .string: return "string"
                    case .int: return "integer"
                    case .double: return "number"
                    case .bool: return "boolean"
                    case .null: return "null"
                    case .array: return "array"
                    case .object: return "object"
                    }
                })
        case .object: return ["object"]
        case .array: return ["array"]
        case .anyOf(let shapes):
            var result: Set<String> = []
            for shape in shapes {
                guard let types = jsonTypes(of: shape) else { return nil }
                result.formUnion(types)
            }
            return result
        case .type(let id):
            guard let record = probe.records[id] else { return nil }
            if case .schema(let given) = record.shape {
                if case .string(let type)? = given["type"] { return [type] }
                return nil
            }
            return jsonTypes(of: record.shape)
        }
    }

    private func invalid(_ record: _TypeRecord, _ message: String, _ suggestion: String) -> JSONSchemaGenerationError {
        JSONSchemaGenerationError(
            .invalidCustomization, type: "\(record.type)", location: record.path, message: message,
            recoverySuggestion: suggestion)
    }
}

/// A type's ``JSONSchemaCustomizing`` conformance, opened.
struct _Customization {
    var description: String?
    var guides: [(key: Any, guide: JSONSchema.Guide)]
    var hasGuides: Bool { !guides.isEmpty }

    init?(of type: Any.Type) {
        guard let customizing = type as? any JSONSchemaCustomizing.Type else { return nil }
        func open<C: JSONSchemaCustomizing>(_ type: C.Type) -> [(key: Any, guide: JSONSchema.Guide)] {
            // In a fixed order: by the guides' keywords' text, then by key.
            C.schemaGuides.map { (key: $0.key as Any, guide: $0.value) }
                .sorted { "\($0.key)" < "\($1.key)" }
        }
        description = customizing.schemaDescription
        guides = open(customizing)
    }
}

extension JSONObject {
    /// This object with the members of `other` added or replaced.
    func merging(_ other: JSONObject) -> JSONObject {
        var result = self
        for (key, value) in other { result[key] = value }
        return result
    }
}

#endif
