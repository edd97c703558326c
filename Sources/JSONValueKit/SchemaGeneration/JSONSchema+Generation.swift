#if JSONSchema

extension JSONSchema {
    /// The JSON Schema of a `Decodable` type, found by running its
    /// `init(from:)` against a recording decoder.
    ///
    /// ```swift
    /// struct WeatherArgs: Codable {
    ///     enum Units: String, Codable, CaseIterable { case celsius, fahrenheit }
    ///     var city: String
    ///     var units: Units?
    ///     var days: Int
    /// }
    ///
    /// let schema = try JSONSchema.document(for: WeatherArgs.self)
    /// // {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
    /// //  "properties": {"city": {"type": "string"},
    /// //                 "units": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit", null]},
    /// //                 "days": {"type": "integer"}},
    /// //  "required": ["city", "days"]}
    /// let tool = try JSONSchema.document(for: WeatherArgs.self, profile: .openAIStrict)
    /// ```
    ///
    /// The recording decoder answers the type's requests as data that fits
    /// would, and notes them: a keyed container is an object whose
    /// properties keep the order the type asks for them; `decode` makes a
    /// property required, `decodeIfPresent` optional (and `null`, which it
    /// reads as absent, allowed); unkeyed containers are arrays;
    /// `[String: T]` is `additionalProperties`; ``JSONValue`` and
    /// ``JSONObject`` are any value and any object; `Date` and `Data` follow
    /// the strategies of ``JSONValueDecoder``'s defaults (see
    /// ``document(for:profile:using:)`` to pass others); an enumeration with
    /// raw values lists its cases when it is `CaseIterable`. A type that
    /// contains itself, or is met more than once, goes to `$defs`. Types
    /// can add descriptions, constraints or their whole schema with
    /// ``JSONSchemaCustomizing``.
    ///
    /// With ``Profile/standard`` the document is JSON Schema 2020-12 and
    /// exact: it accepts every value that ``JSONValueEncoder`` makes from an
    /// instance of the type, and refuses what decoding refuses wherever JSON
    /// Schema can say so (a missing required member, a wrong type, a raw
    /// value that is no case's). Members the type does not know are allowed,
    /// since decoding ignores them. Where the recording decoder cannot see
    /// what decoding accepts, generation throws rather than guess; the
    /// article <doc:SchemasFromSwiftTypes> lists what it sees and what it
    /// does not.
    ///
    /// Documents are cached per type, profile and strategies; the same type
    /// gives the same bytes in every process.
    ///
    /// - Parameters:
    ///   - type: The type whose schema to make.
    ///   - profile: The dialect: the standard, or a model provider's
    ///     subset. ``Profile/standard`` by default.
    /// - Returns: The schema document.
    /// - Throws: ``JSONSchemaGenerationError`` naming the type and the way
    ///   out, when its `init(from:)` cannot be observed or the profile
    ///   cannot express its schema.
    public static func document<T: Decodable>(for type: T.Type, profile: Profile = .standard) throws -> JSONValue {
        try _SchemaGeneration.document(for: T.self, profile: profile, decoder: JSONValueDecoder())
    }

    /// The JSON Schema of a `Decodable` type as a given decoder reads it:
    /// its key strategy names the members, and its date, data and
    /// non-conforming float strategies decide the shapes of those values.
    ///
    /// ```swift
    /// var decoder = JSONValueDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// decoder.dateDecodingStrategy = .iso8601
    /// let schema = try JSONSchema.document(for: Event.self, using: decoder)
    /// // "start_time": {"type": "string", "format": "date-time"}
    /// ```
    ///
    /// - `.convertFromSnakeCase`: each member is listed under the
    ///   snake-case name the encoder writes when that name converts back to
    ///   the coding key; otherwise (`myURLValue`, whose snake-case form reads
    ///   back as `myUrlValue`) under the key itself, which converts to
    ///   itself. Other spellings that convert to the same key also decode
    ///   and are not listed. A `.custom` key strategy cannot be inverted and
    ///   is refused.
    /// - Dates: `.iso8601` is a string with `format: date-time`;
    ///   `.secondsSince1970`, `.millisecondsSince1970` and `.deferredToDate`
    ///   numbers; `.custom` and `.formatted` what their closure reads, or,
    ///   if it throws for every placeholder, the type of the first value it
    ///   read (a string, without its format).
    /// - Data: `.base64` a string with `contentEncoding: base64`;
    ///   `.deferredToData` an array of bytes; `.custom` as for dates.
    /// - `.convertFromString` for non-conforming floats also allows its
    ///   three strings where numbers are.
    ///
    /// - Parameters:
    ///   - type: The type whose schema to make.
    ///   - profile: The dialect; ``Profile/standard`` by default.
    ///   - decoder: The decoder whose reading the schema describes. Its
    ///     ``JSONValueDecoder/tolerance`` must be empty.
    /// - Returns: The schema document.
    /// - Throws: ``JSONSchemaGenerationError``.
    public static func document<T: Decodable>(
        for type: T.Type,
        profile: Profile = .standard,
        using decoder: JSONValueDecoder
    ) throws -> JSONValue {
        try _SchemaGeneration.document(for: T.self, profile: profile, decoder: decoder)
    }

    /// The compiled JSON Schema of a `Decodable` type: the
    /// ``Profile/standard`` document of ``document(for:profile:)``, ready to
    /// validate values before they are decoded.
    ///
    /// ```swift
    /// let schema = try JSONSchema(for: WeatherArgs.self)
    /// let result = schema.validate(arguments)
    /// if result.isValid {
    ///     let args = try arguments.decode(WeatherArgs.self)
    /// }
    /// ```
    ///
    /// Compiled schemas are cached per type.
    ///
    /// - Parameter type: The type whose schema to compile.
    /// - Throws: ``JSONSchemaGenerationError`` as ``document(for:profile:)``
    ///   throws it, or ``JSONSchemaError`` if a schema given through
    ///   ``JSONSchemaCustomizing`` does not compile.
    public init<T: Decodable>(for type: T.Type) throws {
        try self.init(for: T.self, using: JSONValueDecoder())
    }

    /// The compiled JSON Schema of a `Decodable` type as a given decoder
    /// reads it; see ``document(for:profile:using:)``.
    ///
    /// - Parameters:
    ///   - type: The type whose schema to compile.
    ///   - decoder: The decoder whose reading the schema describes.
    /// - Throws: ``JSONSchemaGenerationError`` or ``JSONSchemaError``.
    public init<T: Decodable>(for type: T.Type, using decoder: JSONValueDecoder) throws {
        let options = _GenerationOptions(decoder: decoder)
        let key = options.cacheKey.map {
            _SchemaGeneration.Key(type: ObjectIdentifier(T.self), profile: "compiled", options: $0)
        }
        if let key, let cached = _SchemaGeneration.compiled(for: key) {
            self = cached
            return
        }
        let document = try _SchemaGeneration.document(for: T.self, profile: .standard, decoder: decoder)
        self = try JSONSchema(document)
        if let key { _SchemaGeneration.store(self, for: key) }
    }
}

#endif

/// Generation and its caches.
enum _SchemaGeneration {
    struct Key: Hashable {
        var type: ObjectIdentifier
        var profile: String
        var options: String
    }

    /// A probe that has recorded a root type, shared by the documents of
    /// every profile and by key path lookups, used under its lock.
    final class Probed: @unchecked Sendable {
        let probe: _SchemaProbe
        let root: _Slot
        let lock = _Lock()

        init(probe: _SchemaProbe, root: _Slot) {
            self.probe = probe
            self.root = root
        }
    }

    static let lock = _Lock()
    nonisolated(unsafe) private static var probes: [Key: Probed] = [:]

    /// The probe that recorded `T` with `options`, cached when the options
    /// can be compared.
    static func probed<T: Decodable>(_ type: T.Type, options: _GenerationOptions) throws -> Probed {
        let key = options.cacheKey.map { Key(type: ObjectIdentifier(T.self), profile: "", options: $0) }
        if let key, let cached = lock.withLock({ probes[key] }) { return cached }
        guard options.decoder.tolerance.isEmpty else {
            throw JSONSchemaGenerationError(
                .unsupportedStrategy, type: "\(T.self)",
                message: "the decoder tolerates deviations (tolerance), which a schema of the type does not describe",
                recoverySuggestion: "Generate with a decoder whose tolerance is empty.")
        }
        let probe = _SchemaProbe(options: options)
        let root = try probe.slot(T.self)
        probe.site = nil
        if let problem = probe.problem { throw problem }
        let probed = Probed(probe: probe, root: root)
        if let key { lock.withLock { probes[key] = probed } }
        return probed
    }

    /// The location in `Model`'s JSON of `keyPath`'s value, as
    /// ``_KeyPathLocator`` finds it; `nil` for a key path that is not a
    /// decoded member (a computed property), or when `Model` cannot be
    /// probed. Cached per model type and key path.
    static func location<Model: Decodable>(
        of keyPath: PartialKeyPath<Model>, decoder: JSONValueDecoder = JSONValueDecoder()
    ) -> JSONPointer? {
        guard let probed = try? probed(Model.self, options: _GenerationOptions(decoder: decoder)) else { return nil }
        return probed.lock.withLock {
            guard case .type(let id) = probed.root.shape, let record = probed.probe.records[id] else { return nil }
            return try? _KeyPathLocator(probe: probed.probe).location(of: keyPath, in: record)
        }
    }
}

#if JSONSchema

extension _SchemaGeneration {
    nonisolated(unsafe) private static var schemas: [Key: JSONSchema] = [:]
    nonisolated(unsafe) private static var documents: [Key: JSONValue] = [:]

    static func compiled(for key: Key) -> JSONSchema? { lock.withLock { schemas[key] } }
    static func store(_ schema: JSONSchema, for key: Key) { lock.withLock { schemas[key] = schema } }

    static func document<T: Decodable>(for type: T.Type, profile: JSONSchema.Profile, decoder: JSONValueDecoder)
        throws -> JSONValue
    {
        let options = _GenerationOptions(decoder: decoder)
        let key = options.cacheKey.map { Key(type: ObjectIdentifier(T.self), profile: profile.name, options: $0) }
        if let key, let cached = lock.withLock({ documents[key] }) { return cached }
        let probed = try self.probed(T.self, options: options)
        let document = try probed.lock.withLock {
            var writer = _SchemaWriter(probe: probed.probe, mode: profile.writerMode)
            return try writer.document(for: probed.root)
        }
        let rootName = _SchemaWriter.sanitized(_typeName(T.self, qualified: false))
        let result = profile.isStandard ? document : try profile.converting(document, rootName: rootName)
        if let key { lock.withLock { documents[key] = result } }
        return result
    }
}

#endif
