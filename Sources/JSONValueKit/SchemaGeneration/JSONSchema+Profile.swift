#if JSONSchema

extension JSONSchema {
    /// A dialect of JSON Schema: the standard, or the subset a model provider
    /// accepts for structured output and strict tool calls.
    ///
    /// ```swift
    /// // A tool for OpenAI's strict function calling:
    /// let parameters = try JSONSchema.document(for: WeatherArgs.self, profile: .openAIStrict)
    ///
    /// // A hand-written schema, checked in a test before it is sent:
    /// #expect(JSONSchema.Profile.anthropic.violations(in: handWritten).isEmpty)
    ///
    /// // … or rewritten for the provider:
    /// let forGemini = try JSONSchema.Profile.gemini.converting(handWritten)
    /// ```
    ///
    /// What each profile does to a standard document, and why:
    ///
    /// | | OpenAI strict | Anthropic strict | Gemini |
    /// |---|---|---|---|
    /// | optional members | required, and `null` allowed | left out of `required` | left out of `required` |
    /// | objects | `additionalProperties: false` | `additionalProperties: false` | `propertyOrdering` added |
    /// | numeric bounds | kept | into the description | `minimum`, `maximum` kept |
    /// | string lengths, `default`, `examples` | into the description | into the description | into the description |
    /// | `pattern` | kept (without look-around or back-references) | kept (likewise, and without `\b`) | into the description |
    /// | `minItems`, `maxItems` | kept | `minItems` 0 or 1 kept | kept |
    /// | recursion | kept | refused | only through optional members |
    /// | keywords beside `$ref` | wrapped in `anyOf`, or merged | wrapped in `anyOf`, or merged | wrapped in `anyOf`, or merged |
    ///
    /// A constraint a provider does not accept moves into the member's
    /// `description` (`Days to forecast. (minimum: 1, maximum: 14)`), where
    /// the model still reads it, rather than vanishing: validate the model's
    /// output with the standard schema, which keeps it. `allOf` and the
    /// keywords beside a `$ref` are merged into one schema where they can be,
    /// every constraint kept (the larger minimum, the smaller maximum);
    /// where they cannot, and where a provider cannot express a schema at
    /// all (a map with free member names where every object must be closed,
    /// `not`, `if`), ``converting(_:)`` throws a
    /// ``JSONSchemaGenerationError`` that names the place.
    ///
    /// The rules follow each provider's published documentation (2026):
    /// OpenAI's "Structured Outputs: Supported schemas", Anthropic's
    /// "Structured outputs: JSON Schema limitations" and Google's
    /// `GenerationConfig.responseJsonSchema` reference. They include the
    /// published limits: for OpenAI, 5,000 properties, 10 levels of nested
    /// objects, 120,000 characters of names and enum values, 1,000 enum
    /// values; for Anthropic, 24 optional members and 16 members with union
    /// types per schema (the limits hold across a request's strict tools).
    public struct Profile: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Hashable, Sendable {
            case standard, openAIStrict, anthropic, gemini
        }

        let kind: Kind

        /// JSON Schema 2020-12, exactly what decoding accepts; members a type
        /// does not know are allowed, since decoding ignores them.
        public static let standard = Profile(kind: .standard)

        /// OpenAI's structured outputs and strict function calling
        /// (`"strict": true`): every object closed, every member required,
        /// optional members as a union with `null`, a keyword subset.
        public static let openAIStrict = Profile(kind: .openAIStrict)

        /// Anthropic's strict tool use and structured outputs: every object
        /// closed, no numeric or length bounds, `minItems` of 0 or 1 only,
        /// no recursion.
        public static let anthropic = Profile(kind: .anthropic)

        /// Gemini's `responseJsonSchema`: a keyword subset, nothing beside
        /// `$ref`, `propertyOrdering` for the order of members, recursion
        /// only through optional members.
        public static let gemini = Profile(kind: .gemini)

        /// The profile's name: `standard`, `openAIStrict`, `anthropic` or
        /// `gemini`.
        public var description: String { name }

        var name: String {
            switch kind {
            case .standard: return "standard"
            case .openAIStrict: return "openAIStrict"
            case .anthropic: return "anthropic"
            case .gemini: return "gemini"
            }
        }

        var isStandard: Bool { kind == .standard }

        var rules: _ProviderRules? { _ProviderRules(kind) }

        var writerMode: _SchemaWriter.Mode {
            switch kind {
            case .standard: return .standard
            case .openAIStrict: return .nullableOptionals
            case .anthropic, .gemini: return .omittableOptionals
            }
        }

        /// What this provider would refuse in a document, hand-written or
        /// generated, each with its location in the document.
        ///
        /// ```swift
        /// let violations = JSONSchema.Profile.openAIStrict.violations(in: [
        ///     "type": "object",
        ///     "properties": ["city": ["type": "string", "minLength": 1]],
        /// ])
        /// // (root): OpenAI strict mode needs "additionalProperties": false on every object
        /// // (root): OpenAI strict mode needs every property in "required"; "city" is not
        /// // /properties/city: OpenAI strict mode does not support "minLength"
        /// ```
        ///
        /// For ``standard``, the violations are structural: keywords with
        /// values of the wrong shape and local references that resolve to
        /// nothing.
        ///
        /// - Parameter document: A JSON Schema document.
        /// - Returns: The violations, in document order; empty if the
        ///   provider would accept the document.
        public func violations(in document: JSONValue) -> [ProfileViolation] {
            _ProfileChecker(profile: self).violations(in: document)
        }

        /// A standard document rewritten for this provider, or an error
        /// naming what it cannot express.
        ///
        /// ```swift
        /// let standard: JSONValue = [
        ///     "type": "object",
        ///     "properties": [
        ///         "city": ["type": "string"],
        ///         "days": ["type": "integer", "minimum": 1, "default": 3],
        ///     ],
        ///     "required": ["city"],
        /// ]
        /// let strict = try JSONSchema.Profile.openAIStrict.converting(standard)
        /// // {"type": "object",
        /// //  "properties": {"city": {"type": "string"},
        /// //                 "days": {"type": ["integer", "null"], "minimum": 1,
        /// //                          "description": "(default: 3)"}},
        /// //  "required": ["city", "days"], "additionalProperties": false}
        /// ```
        ///
        /// The rewriting avoids the mistakes schema converters are known for:
        /// every object is processed, those in `$defs` and those without
        /// `type` included; an optional member made required also becomes
        /// nullable, so the model is never made to invent a value (a `null`
        /// decodes as absent with `decodeIfPresent`); a member with a
        /// `default` stays optional where the provider allows it; keywords
        /// beside `$ref` are kept, by wrapping the reference in `anyOf` or by
        /// merging every constraint of both, never by letting one side win;
        /// and `$defs` keeps every definition still referenced, so no `$ref`
        /// dangles.
        ///
        /// References must be local (`#/$defs/…`, `#/definitions/…`, `#`, or
        /// any JSON Pointer fragment).
        ///
        /// - Parameter document: A JSON Schema 2020-12 document.
        /// - Returns: The document for this provider; for ``standard``, the
        ///   document unchanged.
        /// - Throws: ``JSONSchemaGenerationError`` with the location in
        ///   `document` of what the provider cannot express.
        public func converting(_ document: JSONValue) throws -> JSONValue {
            try converting(document, rootName: "Root")
        }

        /// ``converting(_:)``, naming the definition made for references to
        /// the root (`#`) `rootName`.
        func converting(_ document: JSONValue, rootName: String) throws -> JSONValue {
            guard let rules else {
                if let first = violations(in: document).first {
                    throw JSONSchemaGenerationError(
                        .invalidDocument, typeName: nil, location: first.location, message: first.message,
                        recoverySuggestion: "Fix the schema.")
                }
                return document
            }
            var converter = _ProfileConverter(rules: rules, profile: self, rootName: rootName)
            return try converter.convert(document)
        }
    }

    /// Something a provider would refuse in a schema document, and where.
    public struct ProfileViolation: Sendable, Hashable, CustomStringConvertible {
        /// Where, in the document.
        public let location: JSONPointer

        /// What the provider would refuse, and why.
        public let message: String

        init(_ location: JSONPointer, _ message: String) {
            self.location = location
            self.message = message
        }

        /// The location and the message: `/properties/city: OpenAI strict
        /// mode does not support "minLength"`, with `(root)` for the whole
        /// document.
        public var description: String {
            "\(location.isRoot ? "(root)" : location.description): \(message)"
        }
    }
}

#endif
