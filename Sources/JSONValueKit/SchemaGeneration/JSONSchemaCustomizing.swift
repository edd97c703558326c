#if JSONSchema

/// A type that says more about its JSON Schema than its `init(from:)` shows:
/// what its members mean, their constraints, or its whole schema.
///
/// ``JSONSchema/document(for:profile:)`` finds a type's schema by running its
/// `init(from:)` against a recording decoder, which sees the members and
/// their types but not what they mean. A language model reads the schema to
/// learn what to send, so say it here: descriptions, examples, defaults and
/// constraints for the members, keyed by key path, coding key or member
/// name.
///
/// ```swift
/// struct WeatherArgs: Codable, JSONSchemaCustomizing {
///     var city: String
///     var units: Units?
///     var days: Int
///
///     static var schemaDescription: String? { "Arguments of get_weather." }
///
///     static var schemaGuides: [PartialKeyPath<WeatherArgs>: JSONSchema.Guide] {
///         [
///             \.city: .init(description: "The city, such as Oslo or Lagos."),
///             \.units: .init(description: "Units for temperatures.", default: "celsius"),
///             \.days: .init(description: "Days to forecast.", minimum: 1, maximum: 14),
///         ]
///     }
/// }
/// ```
///
/// Guides are checked when the schema is made: a guide for a member the type
/// does not decode, a constraint that does not fit the member's type
/// (`minimum` on a string), or a `default` for a member that decoding
/// requires (and so never leaves out) is a ``JSONSchemaGenerationError``,
/// not silence.
///
/// ### Keys
///
/// ``SchemaKey`` is inferred from ``schemaGuides``, and may be:
///
/// - A key path to a stored property, `PartialKeyPath<Self>`, checked by the
///   compiler. The recording decoder finds the member it is decoded from
///   (see <doc:SchemasFromSwiftTypes#Limits-of-the-recording-decoder>).
/// - The type's `CodingKeys`, when you declare them (the synthesized ones are
///   private, so a conformance cannot name them).
/// - `String`, the coding key's `stringValue` (before any key strategy).
///
/// ### The whole schema
///
/// Where the recording decoder cannot see what decoding accepts (an
/// enumeration with associated values, an `init(from:)` that branches on the
/// values it reads), give the schema yourself with ``jsonSchema``. It is
/// used as written, so it must accept everything `init(from:)` accepts. It
/// may not use `$ref`. If the type's `init(from:)` throws for placeholder
/// values, put an `examples` entry in the schema: the recording decoder
/// decodes one to have a value of the type when it records the types that
/// contain it.
///
/// ```swift
/// enum Shape: Codable, JSONSchemaCustomizing {
///     case circle(radius: Double)
///     case square(side: Double)
///
///     static var jsonSchema: JSONValue? {
///         [
///             "oneOf": [
///                 ["type": "object", "properties": ["circle": ["type": "object",
///                     "properties": ["radius": ["type": "number"]], "required": ["radius"]]],
///                  "required": ["circle"]],
///                 ["type": "object", "properties": ["square": ["type": "object",
///                     "properties": ["side": ["type": "number"]], "required": ["side"]]],
///                  "required": ["square"]],
///             ],
///             "examples": [["circle": ["radius": 1]]],
///         ]
///     }
/// }
/// ```
public protocol JSONSchemaCustomizing {
    /// What ``schemaGuides`` is keyed by: `PartialKeyPath<Self>`, a
    /// `CodingKey` type, or `String` (the default).
    associatedtype SchemaKey: Hashable = String

    /// A description of the type, which the schema carries where the type
    /// is used. `nil` by default.
    static var schemaDescription: String? { get }

    /// Descriptions, examples, defaults and constraints for the type's
    /// members, by key. Empty by default.
    static var schemaGuides: [SchemaKey: JSONSchema.Guide] { get }

    /// The type's whole schema, used instead of what the recording decoder
    /// finds; `nil` (the default) to let it find the schema.
    static var jsonSchema: JSONValue? { get }
}

extension JSONSchemaCustomizing {
    /// No description.
    public static var schemaDescription: String? { nil }

    /// No guides.
    public static var schemaGuides: [SchemaKey: JSONSchema.Guide] { [:] }

    /// No schema of its own: the recording decoder finds it.
    public static var jsonSchema: JSONValue? { nil }
}

extension JSONSchema {
    /// What a model should know about a member: its meaning, examples, a
    /// default, and constraints, as JSON Schema keywords.
    ///
    /// ```swift
    /// JSONSchema.Guide(description: "Days to forecast.", minimum: 1, maximum: 14)
    /// JSONSchema.Guide(description: "An IATA airport code.", pattern: "^[A-Z]{3}$", examples: ["OSL"])
    /// JSONSchema.Guide(description: "Units for temperatures.", default: "celsius")
    /// ```
    ///
    /// The keywords are added to the member's schema. Constraints narrow it
    /// beyond what decoding checks, by your word: validate the arguments
    /// with the schema from ``JSONSchema/init(for:)`` before you decode them,
    /// or check them in `init(from:)`. Where a provider does not accept a
    /// constraint, ``JSONSchema/Profile`` moves it into the member's
    /// description.
    public struct Guide: Hashable, Sendable {
        /// The schema keywords this guide adds to the member's schema, in
        /// order.
        public var keywords: JSONObject

        /// Creates a guide from the keywords given.
        ///
        /// - Parameters:
        ///   - description: What the member means: `description`.
        ///   - title: A short name: `title`.
        ///   - minimum: The smallest number allowed: `minimum`.
        ///   - maximum: The largest number allowed: `maximum`.
        ///   - exclusiveMinimum: A number the value must exceed.
        ///   - exclusiveMaximum: A number the value must be below.
        ///   - multipleOf: A number the value must be a multiple of.
        ///   - minLength: The fewest characters (Unicode scalars) allowed.
        ///   - maxLength: The most characters allowed.
        ///   - pattern: An ECMA-262 regular expression the string must match.
        ///   - format: A format such as `email` or `date`, an annotation.
        ///   - minItems: The fewest elements allowed.
        ///   - maxItems: The most elements allowed.
        ///   - uniqueItems: Whether elements must differ.
        ///   - enum: The values allowed.
        ///   - default: The value assumed when the member is absent:
        ///     `default`. Only for members that may be absent.
        ///   - examples: Example values: `examples`.
        ///   - keywords: Any further keywords, added last.
        public init(
            description: String? = nil,
            title: String? = nil,
            minimum: JSONValue? = nil,
            maximum: JSONValue? = nil,
            exclusiveMinimum: JSONValue? = nil,
            exclusiveMaximum: JSONValue? = nil,
            multipleOf: JSONValue? = nil,
            minLength: Int? = nil,
            maxLength: Int? = nil,
            pattern: String? = nil,
            format: String? = nil,
            minItems: Int? = nil,
            maxItems: Int? = nil,
            uniqueItems: Bool? = nil,
            enum: [JSONValue]? = nil,
            default: JSONValue? = nil,
            examples: [JSONValue] = [],
            keywords: JSONObject = [:]
        ) {
            var result = JSONObject()
            func add(_ name: String, _ value: JSONValue?) {
                if let value { result[name] = value }
            }
            add("title", title.map(JSONValue.string))
            add("description", description.map(JSONValue.string))
            add("enum", `enum`.map(JSONValue.array))
            add("minimum", minimum)
            add("exclusiveMinimum", exclusiveMinimum)
            add("maximum", maximum)
            add("exclusiveMaximum", exclusiveMaximum)
            add("multipleOf", multipleOf)
            add("minLength", minLength.map(JSONValue.int))
            add("maxLength", maxLength.map(JSONValue.int))
            add("pattern", pattern.map(JSONValue.string))
            add("format", format.map(JSONValue.string))
            add("minItems", minItems.map(JSONValue.int))
            add("maxItems", maxItems.map(JSONValue.int))
            add("uniqueItems", uniqueItems.map(JSONValue.bool))
            add("default", `default`)
            add("examples", examples.isEmpty ? nil : .array(examples))
            for (name, value) in keywords { result[name] = value }
            self.keywords = result
        }
    }
}

#endif
