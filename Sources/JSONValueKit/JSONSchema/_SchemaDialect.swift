#if JSONSchema

/// The vocabularies of 2019-09 and 2020-12: the groups of keywords that a
/// meta-schema's `$vocabulary` turns on. Earlier dialects have every group.
struct _SchemaVocabularies: OptionSet, Hashable, Sendable {
    let rawValue: UInt16
    static let core = _SchemaVocabularies(rawValue: 1)
    static let applicator = _SchemaVocabularies(rawValue: 2)
    static let unevaluated = _SchemaVocabularies(rawValue: 4)
    static let validation = _SchemaVocabularies(rawValue: 8)
    static let metaData = _SchemaVocabularies(rawValue: 16)
    static let formatAnnotation = _SchemaVocabularies(rawValue: 32)
    /// `format` as an assertion: the 2020-12 format-assertion vocabulary.
    static let formatAssertion = _SchemaVocabularies(rawValue: 64)
    static let content = _SchemaVocabularies(rawValue: 128)

    static let all: _SchemaVocabularies = [
        .core, .applicator, .unevaluated, .validation, .metaData, .formatAnnotation, .content,
    ]

    /// The vocabulary URIs of a dialect, and what each turns on.
    static func known(in dialect: JSONSchema.Dialect) -> [String: _SchemaVocabularies] {
        switch dialect {
        case .draft2019_09:
            let base = "https://json-schema.org/draft/2019-09/vocab/"
            return [
                base + "core": .core, base + "applicator": [.applicator, .unevaluated],
                base + "validation": .validation, base + "meta-data": .metaData,
                base + "format": .formatAnnotation, base + "content": .content,
            ]
        case .draft2020_12:
            let base = "https://json-schema.org/draft/2020-12/vocab/"
            return [
                base + "core": .core, base + "applicator": .applicator, base + "unevaluated": .unevaluated,
                base + "validation": .validation, base + "meta-data": .metaData,
                base + "format-annotation": .formatAnnotation, base + "format-assertion": .formatAssertion,
                base + "content": .content,
            ]
        default:
            return [:]
        }
    }
}

/// The dialect of one schema resource and the vocabularies its meta-schema
/// turns on.
struct _SchemaDialect: Hashable, Sendable {
    var version: JSONSchema.Dialect
    var vocabularies: _SchemaVocabularies = .all

    /// Whether the dialect is draft-07 or earlier, where `$ref` replaces
    /// the keywords beside it.
    var refOverridesSiblings: Bool { version.isAtMostDraft7 }

    /// The keyword that sets a base URI: draft-04's `id`, `$id` later.
    var idKeyword: String { version == .draft4 ? "id" : "$id" }

    /// The dialect that a `$schema` URI names, if it is one of the five; the
    /// `http`/`https` spelling and a trailing `#` do not matter.
    ///
    /// From a table of every spelling, made once: taking the URI apart
    /// (without `#`, with `http` for `https`) made strings, a hundredth of
    /// compiling a small schema.
    static func standard(_ uri: String) -> JSONSchema.Dialect? { standardURIs[uri] }

    /// The five dialects' URIs, each with either scheme and with or without
    /// a trailing `#`.
    private static let standardURIs: [String: JSONSchema.Dialect] = {
        let paths: [(String, JSONSchema.Dialect)] = [
            ("json-schema.org/draft-04/schema", .draft4), ("json-schema.org/draft-06/schema", .draft6),
            ("json-schema.org/draft-07/schema", .draft7), ("json-schema.org/draft/2019-09/schema", .draft2019_09),
            ("json-schema.org/draft/2020-12/schema", .draft2020_12),
        ]
        var uris: [String: JSONSchema.Dialect] = [:]
        for (path, dialect) in paths {
            for scheme in ["http://", "https://"] {
                uris[scheme + path] = dialect
                uris[scheme + path + "#"] = dialect
            }
        }
        return uris
    }()
}

extension JSONSchema.Dialect {
    /// Whether this is draft-04, -06 or -07.
    var isAtMostDraft7: Bool {
        switch self {
        case .draft4, .draft6, .draft7: true
        case .draft2019_09, .draft2020_12: false
        }
    }

    /// The order of the dialects, for keywords that appeared in one.
    var rank: Int {
        switch self {
        case .draft4: 4
        case .draft6: 6
        case .draft7: 7
        case .draft2019_09: 2019
        case .draft2020_12: 2020
        }
    }
}

/// Where keywords keep their subschemas, per dialect: the keywords whose
/// values are (or hold) schemas. Discovering `$id`s and compiling both
/// follow this table, so that an `$id` inside an unknown keyword or inside
/// `enum` is never taken for an identifier.
enum _SubschemaKeywords {
    enum Shape {
        /// The value is a schema.
        case schema
        /// The value is an array of schemas.
        case array
        /// The value is an object whose member values are schemas.
        case members
        /// A schema or an array of schemas (`items` before 2020-12).
        case schemaOrArray
        /// An object whose members are schemas or arrays of names
        /// (`dependencies`).
        case dependencies
    }

    /// The shape of a keyword's value if it holds subschemas in a dialect,
    /// else `nil`.
    static func shape(of keyword: String, in dialect: JSONSchema.Dialect) -> Shape? {
        let rank = dialect.rank
        // By length first, so that each keyword is compared with the few of
        // its length rather than with all of them (most of a schema's
        // keywords hold no subschema, and compiling asks of each).
        switch keyword.utf8.count {
        case 2: if keyword == "if" { return rank >= 7 ? .schema : nil }
        case 3: if keyword == "not" { return .schema }
        case 4: if keyword == "then" || keyword == "else" { return rank >= 7 ? .schema : nil }
        case 5:
            switch keyword {
            case "allOf", "anyOf", "oneOf": return .array
            // An array in 2020-12 is read as the earlier dialects' (see the
            // keyword compiler), so discovery looks inside it too.
            case "items": return .schemaOrArray
            case "$defs": return rank >= 2019 ? .members : nil
            default: break
            }
        case 8: if keyword == "contains" { return rank >= 6 ? .schema : nil }
        case 10: if keyword == "properties" { return .members }
        case 11:
            if keyword == "definitions" { return .members }
            if keyword == "prefixItems" { return dialect == .draft2020_12 ? .array : nil }
        case 12: if keyword == "dependencies" { return .dependencies }
        case 13:
            if keyword == "propertyNames" { return rank >= 6 ? .schema : nil }
            if keyword == "contentSchema" { return rank >= 2019 ? .schema : nil }
        case 15: if keyword == "additionalItems" { return .schema }
        case 16:
            if keyword == "dependentSchemas" { return rank >= 2019 ? .members : nil }
            if keyword == "unevaluatedItems" { return rank >= 2019 ? .schema : nil }
        case 17: if keyword == "patternProperties" { return .members }
        case 20: if keyword == "additionalProperties" { return .schema }
        case 21: if keyword == "unevaluatedProperties" { return rank >= 2019 ? .schema : nil }
        default: break
        }
        return nil
    }

    /// Calls `body` with each subschema of `object` and its path from it:
    /// one token (`not`) or two (`properties` and a name, or `allOf` and an
    /// index, given as a number so that no string is made for it).
    static func forEach(
        in object: JSONObject, dialect: JSONSchema.Dialect,
        _ body: (JSONValue, String, String?, Int?) throws(JSONSchemaError) -> Void
    ) throws(JSONSchemaError) {
        for (keyword, value) in object {
            guard let shape = shape(of: keyword, in: dialect) else { continue }
            switch (shape, value) {
            case (.schema, .object), (.schema, .bool), (.schemaOrArray, .object), (.schemaOrArray, .bool):
                try body(value, keyword, nil, nil)
            case (.array, .array(let elements)), (.schemaOrArray, .array(let elements)):
                for (index, element) in elements.enumerated() { try body(element, keyword, nil, index) }
            case (.members, .object(let members)):
                for (name, member) in members { try body(member, keyword, name, nil) }
            case (.dependencies, .object(let members)):
                for (name, member) in members {
                    switch member {
                    case .object, .bool: try body(member, keyword, name, nil)
                    default: break
                    }
                }
            default:
                break
            }
        }
    }
}

#endif
