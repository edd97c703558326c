#if JSONSchema

/// What a model provider accepts in a schema, from its published
/// documentation.
///
/// - OpenAI: "Structured Outputs", section "Supported schemas"
///   (platform.openai.com/docs/guides/structured-outputs#supported-schemas):
///   root an object, not `anyOf`; every property required, optional as a
///   union with `null`; `additionalProperties: false` on every object; the
///   supported keywords per type (strings: `pattern`, `format` from a
///   list; numbers: `multipleOf`, `maximum`, `exclusiveMaximum`, `minimum`,
///   `exclusiveMinimum`; arrays: `minItems`, `maxItems`), `anyOf`,
///   `$defs`/`$ref`, recursion; not `allOf`, `not`, `if`/`then`/`else`,
///   `dependent*`; at most 5,000 properties, 10 levels of nesting, 120,000
///   characters of property names, definition names, enum values and const
///   values, 1,000 enum values, and 15,000 characters for an enum of more
///   than 250 strings.
/// - Anthropic: "Structured outputs", section "JSON Schema limitations"
///   (platform.claude.com/docs/en/build-with-claude/structured-outputs):
///   `additionalProperties: false` on every object; `enum` of scalars,
///   `const`, `anyOf`, local `$ref`/`$defs`; formats from a list; `minItems`
///   0 or 1 only; no numeric bounds, string lengths or other array bounds;
///   `pattern` without back-references, look-around or word boundaries; no
///   recursive schemas; at most 24 optional parameters and 16 parameters
///   with union types (`anyOf` or type arrays) across a request's strict
///   schemas. Its SDK moves what is not supported into the description,
///   as this does.
/// - Google: `GenerationConfig.responseJsonSchema`
///   (ai.google.dev/api/generate-content#generationconfig): only `$id`,
///   `$defs`, `$ref`, `$anchor`, `type`, `format`, `title`, `description`,
///   `enum` (strings and numbers), `items`, `prefixItems`, `minItems`,
///   `maxItems`, `minimum`, `maximum`, `anyOf`, `oneOf` (read as `anyOf`),
///   `properties`, `additionalProperties`, `required`, and the non-standard
///   `propertyOrdering`; nothing but `$`-keywords beside `$ref`; cycles only
///   through properties that are not required.
struct _ProviderRules {
    enum Recursion { case allowed, refused, onlyThroughOptionalMembers }

    /// The provider's name, for messages.
    let name: String
    /// The keywords kept as they are (after the rewriting of their values).
    let keywords: Set<String>
    /// The formats accepted, or `nil` for any.
    let formats: Set<String>?
    let requiresEveryProperty: Bool
    let closesObjects: Bool
    let rootMustBeObject: Bool
    let recursion: Recursion
    let ordersProperties: Bool
    /// Whether `enum` may hold Booleans and `null`.
    let enumAllowsAllScalars: Bool
    /// Whether `enum` values may be arrays and objects.
    let enumAllowsComplex: Bool
    /// The values `minItems` may have, or `nil` for any.
    let minItemsValues: Set<Int>?
    /// Whether a schema without a type (any value) is accepted.
    let allowsAnyValue: Bool
    /// Whether `pattern` may use `\b`.
    let patternAllowsWordBoundary: Bool

    init?(_ kind: JSONSchema.Profile.Kind) {
        switch kind {
        case .standard:
            return nil
        case .openAIStrict:
            name = "OpenAI strict mode"
            keywords = [
                "type", "description", "title", "enum", "const", "anyOf", "properties", "required",
                "additionalProperties", "items", "$ref", "$defs", "pattern", "format", "multipleOf", "maximum",
                "exclusiveMaximum", "minimum", "exclusiveMinimum", "minItems", "maxItems",
            ]
            formats = ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]
            requiresEveryProperty = true
            closesObjects = true
            rootMustBeObject = true
            recursion = .allowed
            ordersProperties = false
            enumAllowsAllScalars = true
            enumAllowsComplex = true
            minItemsValues = nil
            allowsAnyValue = false
            patternAllowsWordBoundary = true
        case .anthropic:
            name = "Anthropic strict tool use"
            keywords = [
                "type", "description", "title", "enum", "const", "anyOf", "properties", "required",
                "additionalProperties", "items", "$ref", "$defs", "pattern", "format", "minItems",
            ]
            formats = ["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]
            requiresEveryProperty = false
            closesObjects = true
            rootMustBeObject = true
            recursion = .refused
            ordersProperties = false
            enumAllowsAllScalars = true
            enumAllowsComplex = false
            minItemsValues = [0, 1]
            allowsAnyValue = false
            patternAllowsWordBoundary = false
        case .gemini:
            name = "Gemini responseJsonSchema"
            keywords = [
                "$id", "$defs", "$ref", "$anchor", "type", "format", "title", "description", "enum", "items",
                "prefixItems", "minItems", "maxItems", "minimum", "maximum", "anyOf", "oneOf", "properties",
                "additionalProperties", "required", "propertyOrdering",
            ]
            formats = nil
            requiresEveryProperty = false
            closesObjects = false
            rootMustBeObject = false
            recursion = .onlyThroughOptionalMembers
            ordersProperties = true
            enumAllowsAllScalars = false
            enumAllowsComplex = false
            minItemsValues = nil
            allowsAnyValue = true
            patternAllowsWordBoundary = true
        }
    }

    /// Whether the provider reads `oneOf`.
    var allowsOneOf: Bool { keywords.contains("oneOf") }

    /// The keywords of JSON Schema 2020-12 that only describe or constrain
    /// a value, which move into the description where not supported.
    static let describable: Set<String> = [
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "pattern", "format", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "default",
        "examples", "contentEncoding", "contentMediaType", "deprecated", "readOnly", "writeOnly", "propertyNames",
        "const", "title",
    ]

    /// Keywords dropped without a trace: they address tools, not models.
    static let dropped: Set<String> = ["$schema", "$id", "$comment", "$vocabulary", "$anchor", "$dynamicAnchor"]

    /// Every keyword of JSON Schema 2020-12 (and draft-07's `definitions`
    /// and `dependencies`); anything else in a schema is not a keyword and
    /// is dropped.
    static let vocabulary: Set<String> = [
        "$schema", "$id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
        "definitions", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies",
        "prefixItems", "items", "contains", "properties", "patternProperties", "additionalProperties",
        "propertyNames", "unevaluatedItems", "unevaluatedProperties", "type", "const", "enum", "multipleOf",
        "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
        "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties",
        "required", "dependentRequired", "format", "contentEncoding", "contentMediaType", "contentSchema",
        "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "additionalItems",
        "$recursiveRef", "$recursiveAnchor", "propertyOrdering",
    ]

    /// Whether a pattern uses what the provider's regular expressions lack:
    /// back-references, look-around, and (for some) word boundaries.
    func patternIsSupported(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                let next = scalars[index + 1]
                if ("1"..."9").contains(next) || next == "k" { return false }
                if (next == "b" || next == "B") && !patternAllowsWordBoundary { return false }
                index += 2
                continue
            }
            if scalar == "(", index + 2 < scalars.count, scalars[index + 1] == "?" {
                let kind = scalars[index + 2]
                if kind == "=" || kind == "!" { return false }
                if kind == "<", index + 3 < scalars.count, scalars[index + 3] == "=" || scalars[index + 3] == "!" {
                    return false
                }
            }
            index += 1
        }
        return true
    }
}

#endif
