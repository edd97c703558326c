/// Merges two schemas into one that holds exactly where both hold, as
/// `allOf` would: how a `$ref`'s target and the keywords beside it become
/// one schema for a provider that refuses keywords beside `$ref`, and how
/// `allOf` is removed for one that refuses `allOf`.
///
/// Assertions are combined, never overridden: the larger `minimum`, the
/// smaller `maximum`, the union of `required`, the common `type`s and `enum`
/// values, the members of `properties` merged one by one. Annotations
/// (`description`, `title`, `default`, `examples`) come from the second
/// schema, the one beside the reference, which describes the use. Keywords
/// that cannot be combined (two different `pattern`s, `anyOf` on both sides,
/// `additionalProperties` beside different members) are an error rather
/// than a loss.
enum _SchemaMerge {
    static let annotations: Set<String> = [
        "description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment",
    ]

    /// The schema that holds where both `first` and `second` hold.
    static func conjunction(_ first: JSONObject, _ second: JSONObject, at location: JSONPointer) throws -> JSONObject {
        var result = first
        for (keyword, value) in second {
            guard let existing = first[keyword] else {
                result[keyword] = value
                continue
            }
            if annotations.contains(keyword) || existing == value {
                result[keyword] = value
                continue
            }
            result[keyword] = try combine(keyword, existing, value, first, second, at: location.appending(keyword))
        }
        return result
    }

    private static func combine(
        _ keyword: String, _ a: JSONValue, _ b: JSONValue, _ first: JSONObject, _ second: JSONObject,
        at location: JSONPointer
    ) throws -> JSONValue {
        func refuse(_ reason: String) -> JSONSchemaGenerationError {
            JSONSchemaGenerationError(
                .notExpressible, typeName: nil, location: location,
                message: "the two schemas to merge here both have \"\(keyword)\", \(reason)",
                recoverySuggestion: "Write the schema without combining these keywords (through $ref or allOf).")
        }
        switch keyword {
        case "type":
            let common = types(a).filter { type in
                types(b).contains(type) || (type == "integer" && types(b).contains("number"))
            }
            let fromB = types(b).filter { $0 == "integer" && types(a).contains("number") }
            let all = common + fromB.filter { !common.contains($0) }
            guard !all.isEmpty else { throw refuse("with no type in common, so nothing is valid") }
            return all.count == 1 ? .string(all[0]) : .array(all.map(JSONValue.string))
        case "enum":
            guard let left = a.arrayValue, let right = b.arrayValue else { throw refuse("not arrays") }
            let common = left.filter { right.contains($0) }
            guard !common.isEmpty else { throw refuse("with no value in common, so nothing is valid") }
            return .array(common)
        case "minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains":
            guard let x = a.doubleValue, let y = b.doubleValue else { throw refuse("not numbers") }
            return x >= y ? a : b
        case "maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains":
            guard let x = a.doubleValue, let y = b.doubleValue else { throw refuse("not numbers") }
            return x <= y ? a : b
        case "multipleOf":
            guard let x = a.doubleValue, let y = b.doubleValue, x > 0, y > 0 else {
                throw refuse("not positive numbers")
            }
            let (large, small) = x >= y ? (a, y) : (b, x)
            let ratio = large.doubleValue! / small
            guard ratio.rounded() == ratio else { throw refuse("and neither is a multiple of the other") }
            return large
        case "uniqueItems":
            return .bool(a.boolValue == true || b.boolValue == true)
        case "required":
            guard var names = a.arrayValue, let more = b.arrayValue else { throw refuse("not arrays") }
            for name in more where !names.contains(name) { names.append(name) }
            return .array(names)
        case "properties":
            guard var members = a.objectValue, let more = b.objectValue else { throw refuse("not objects") }
            for (name, schema) in more {
                if let existing = members[name] {
                    members[name] = .object(
                        try conjunction(
                            existing.objectValue ?? [:], schema.objectValue ?? [:], at: location.appending(name)))
                } else {
                    members[name] = schema
                }
            }
            try checkClosedObjects(first, second, at: location)
            return .object(members)
        case "additionalProperties", "unevaluatedProperties":
            try checkClosedObjects(first, second, at: location)
            if a == false || b == false { return false }
            return .object(try conjunction(a.objectValue ?? [:], b.objectValue ?? [:], at: location))
        case "items", "contains", "propertyNames", "additionalItems", "unevaluatedItems":
            if a == false || b == false { return false }
            return .object(try conjunction(a.objectValue ?? [:], b.objectValue ?? [:], at: location))
        case "prefixItems":
            guard let left = a.arrayValue, let right = b.arrayValue else { throw refuse("not arrays") }
            guard first["items"] == nil, second["items"] == nil || left.count == right.count else {
                throw refuse("beside items, whose positions differ")
            }
            var merged: [JSONValue] = []
            for index in 0..<max(left.count, right.count) {
                if index < left.count, index < right.count {
                    merged.append(
                        .object(
                            try conjunction(
                                left[index].objectValue ?? [:], right[index].objectValue ?? [:],
                                at: location.appending(index))))
                } else {
                    merged.append(index < left.count ? left[index] : right[index])
                }
            }
            return .array(merged)
        case "allOf":
            guard let left = a.arrayValue, let right = b.arrayValue else { throw refuse("not arrays") }
            return .array(left + right)
        default:
            throw refuse("with different values that cannot be combined into one")
        }
    }

    /// Refuses to merge members when either side closes its object to
    /// other members: merging would let in members that side refuses.
    private static func checkClosedObjects(_ first: JSONObject, _ second: JSONObject, at location: JSONPointer) throws {
        let closing = ["additionalProperties", "unevaluatedProperties", "patternProperties"]
        let firstNames = Set(first["properties"]?.objectValue?.keys ?? [])
        let secondNames = Set(second["properties"]?.objectValue?.keys ?? [])
        let firstCloses = closing.contains { first[$0] != nil && first[$0] != true }
        let secondCloses = closing.contains { second[$0] != nil && second[$0] != true }
        if (firstCloses && !secondNames.isSubset(of: firstNames))
            || (secondCloses && !firstNames.isSubset(of: secondNames))
        {
            throw JSONSchemaGenerationError(
                .notExpressible, typeName: nil, location: location,
                message:
                    "one of the two schemas to merge here closes its object to other members (additionalProperties) and the other adds members, so no single object schema means both",
                recoverySuggestion: "List the same members on both sides, or drop additionalProperties from one.")
        }
    }

    /// The types a `type` keyword allows.
    static func types(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let type): return [type]
        case .array(let types): return types.compactMap(\.stringValue)
        default: return []
        }
    }
}
