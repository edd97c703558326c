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
    static func standard(_ uri: String) -> JSONSchema.Dialect? {
        var text = uri
        if text.hasSuffix("#") { text.removeLast() }
        if text.hasPrefix("https://") { text = "http://" + text.dropFirst(8) }
        switch text {
        case "http://json-schema.org/draft-04/schema": return .draft4
        case "http://json-schema.org/draft-06/schema": return .draft6
        case "http://json-schema.org/draft-07/schema": return .draft7
        case "http://json-schema.org/draft/2019-09/schema": return .draft2019_09
        case "http://json-schema.org/draft/2020-12/schema": return .draft2020_12
        default: return nil
        }
    }
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
        switch keyword {
        case "properties", "patternProperties", "definitions": return .members
        case "additionalProperties", "not": return .schema
        case "allOf", "anyOf", "oneOf": return .array
        case "dependencies": return .dependencies
        // An array in 2020-12 is read as the earlier dialects' (see the
        // keyword compiler), so discovery looks inside it too.
        case "items": return .schemaOrArray
        case "contains", "propertyNames": return rank >= 6 ? .schema : nil
        case "if", "then", "else": return rank >= 7 ? .schema : nil
        case "$defs", "dependentSchemas": return rank >= 2019 ? .members : nil
        case "unevaluatedItems", "unevaluatedProperties", "contentSchema": return rank >= 2019 ? .schema : nil
        case "additionalItems": return .schema
        case "prefixItems": return dialect == .draft2020_12 ? .array : nil
        default: return nil
        }
    }

    /// Calls `body` with each subschema of `object` and its path from it:
    /// one token (`not`) or two (`properties`, `name`).
    static func forEach(
        in object: JSONObject, dialect: JSONSchema.Dialect,
        _ body: (JSONValue, String, String?) throws(JSONSchemaError) -> Void
    ) throws(JSONSchemaError) {
        for (keyword, value) in object {
            guard let shape = shape(of: keyword, in: dialect) else { continue }
            switch (shape, value) {
            case (.schema, .object), (.schema, .bool), (.schemaOrArray, .object), (.schemaOrArray, .bool):
                try body(value, keyword, nil)
            case (.array, .array(let elements)), (.schemaOrArray, .array(let elements)):
                for (index, element) in elements.enumerated() { try body(element, keyword, String(index)) }
            case (.members, .object(let members)):
                for (name, member) in members { try body(member, keyword, name) }
            case (.dependencies, .object(let members)):
                for (name, member) in members {
                    switch member {
                    case .object, .bool: try body(member, keyword, name)
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
