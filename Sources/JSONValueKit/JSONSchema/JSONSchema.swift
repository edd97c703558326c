#if JSONSchema

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A compiled JSON Schema: checks that JSON values have the shape a contract
/// asks for, and says where and why they do not.
///
/// Compile a schema once, then validate as many values as you like, from as
/// many threads as you like:
///
/// ```swift
/// let schema = try JSONSchema([
///     "type": "object",
///     "properties": [
///         "city": ["type": "string"],
///         "days": ["type": "integer", "minimum": 1, "maximum": 14],
///     ],
///     "required": ["city"],
/// ])
///
/// schema.isValid(["city": "Oslo", "days": 3])        // true
///
/// let result = schema.validate(["days": 0])
/// for error in result.errors {
///     print(error)
/// }
/// // (root): the required property "city" is missing
/// // /days: 0 is less than the minimum of 1
/// ```
///
/// ### Dialects
///
/// All five dialects in use are supported: draft-04, draft-06, draft-07,
/// 2019-09 and 2020-12, each with its own keywords and meanings (a Boolean
/// `exclusiveMinimum` in draft-04, `$recursiveRef` in 2019-09, `prefixItems`
/// and `$dynamicRef` in 2020-12, custom meta-schemas with `$vocabulary`).
/// `$schema` picks the dialect of each schema resource, so a 2020-12 schema
/// can refer to a draft-07 one; without `$schema`,
/// ``Options-swift.struct/defaultDialect`` applies.
///
/// ### References
///
/// `$ref` resolves against `$id` (draft-04's `id`) as RFC 3986 says, to JSON
/// Pointer fragments, `$anchor`s, `$dynamicAnchor`s and other documents.
/// Nothing is ever fetched: documents other than the schema itself, such as
/// shared definitions, are passed in ``Options-swift.struct/documents`` by
/// their URI, and the official meta-schemas of the five dialects are built
/// in. Every reference is resolved when the schema is compiled, so a
/// reference to nothing is a ``JSONSchemaError`` then, not a surprise later.
///
/// ### Exactness
///
/// - Numbers compare by value, as ``JSONValue`` compares them: `1` and `1.0`
///   are the same value in `enum`, `const` and `uniqueItems`, and `1.0` is an
///   integer from draft-06 on (draft-04 says it is not).
/// - `multipleOf` works on the decimal digits of the numbers, so `19.99` is
///   a multiple of `0.01` and `0.075` is not, without floating-point
///   surprises.
/// - String lengths count Unicode scalars, as JSON Schema defines them.
/// - `pattern` and `patternProperties` are ECMA-262 regular expressions run
///   by the package's own matcher, in time linear in the string, look-ahead
///   and look-behind included: a schema from a server or a model cannot make
///   validation hang. Back-references, which no engine can run in linear
///   time, are refused when the schema is compiled.
/// - `format` is an annotation, as 2020-12 specifies, unless
///   ``Options-swift.struct/assertsFormats`` is set; then every format that
///   2020-12 defines is checked by the package's own code.
///
/// ### Safety
///
/// A schema from outside cannot crash or hang validation: validation that
/// comes back to a subschema for the value it is already applying it to,
/// through references that loop without consuming any of the instance,
/// stops there with an error (see "Cycles" in
/// <doc:ValidatingWithJSONSchema>), every pattern runs in linear time, and
/// schemas and values nested to the parser's default depth of 512 levels
/// are validated safely on a thread with a 512 KiB stack.
public struct JSONSchema: Sendable {
    /// The compiled schema, shared by copies.
    let program: _SchemaProgram

    /// The deepest nesting of subschemas applied to an instance while it is
    /// validated: well beyond the parser's default of 512 levels. A value
    /// nested so deep that validation would pass it is invalid, with an error
    /// that says so. (Compiling does not recurse, so a schema may be nested
    /// to any depth.)
    public static let maximumNestingDepth = 4096

    /// Compiles a schema once; `$schema` picks the dialect, else
    /// ``Options-swift.struct/defaultDialect``.
    ///
    /// ```swift
    /// let schema = try JSONSchema(JSONValue(parsing: schemaText))
    /// ```
    ///
    /// - Parameters:
    ///   - schema: The schema: an object, or `true` or `false`.
    ///   - options: The default dialect, whether formats are asserted, and
    ///     other documents that references may name.
    /// - Throws: ``JSONSchemaError`` for a keyword with a value of the wrong
    ///   shape, a reference that resolves to nothing, an unknown `$schema`
    ///   or required vocabulary, a pattern that is not a linear-time
    ///   ECMA-262 regular expression, or more than a million subschemas.
    /// - Complexity: O(*n*) in the size of the schema and of the documents
    ///   it refers to.
    public init(_ schema: JSONValue, options: Options = .init()) throws(JSONSchemaError) {
        program = try _SchemaCompiler.compile(schema, options: options)
    }

    /// Parses a schema's JSON text and compiles the schema.
    ///
    /// ```swift
    /// let schema = try JSONSchema(parsing: #"{"type": "string", "maxLength": 10}"#)
    /// ```
    ///
    /// The text is read as ``JSONValue/init(parsing:options:)-(String,_)``
    /// reads it, with the default options.
    ///
    /// - Parameters:
    ///   - text: The schema as JSON text.
    ///   - options: The default dialect, whether formats are asserted, and
    ///     other documents that references may name.
    /// - Throws: ``JSONParseError`` if the text is not JSON, with its line and
    ///   column; ``JSONSchemaError`` if it is JSON but not a schema that
    ///   compiles, as ``init(_:options:)-(JSONValue,_)`` throws it.
    public init(parsing text: String, options: Options = .init()) throws {
        try self.init(JSONValue(parsing: text), options: options)
    }

    /// Parses a schema's UTF-8 JSON text and compiles the schema.
    ///
    /// ```swift
    /// let schema = try JSONSchema(parsing: Data(contentsOf: schemaURL))
    /// ```
    ///
    /// - Parameters:
    ///   - data: The schema as UTF-8 JSON text.
    ///   - options: The default dialect, whether formats are asserted, and
    ///     other documents that references may name.
    /// - Throws: ``JSONParseError`` if the text is not JSON, with its line and
    ///   column; ``JSONSchemaError`` if it is JSON but not a schema that
    ///   compiles, as ``init(_:options:)-(JSONValue,_)`` throws it.
    public init(parsing data: Data, options: Options = .init()) throws {
        try self.init(JSONValue(parsing: data), options: options)
    }

    /// Parses a schema's JSON text and compiles the schema; write
    /// ``init(parsing:options:)-(String,_)``, which says so.
    ///
    /// A string literal passed to ``init(_:options:)-(JSONValue,_)`` would otherwise become
    /// a JSON string, which is never a schema, and fail only when the
    /// program runs. This overload catches the literal instead: the compiler
    /// warns and offers the fix, and the text is parsed as
    /// ``init(parsing:options:)-(String,_)`` parses it.
    ///
    /// - Parameters:
    ///   - text: The schema as JSON text.
    ///   - options: How the schema is compiled.
    /// - Throws: The errors of ``init(parsing:options:)-(String,_)``.
    @available(
        *, deprecated, renamed: "init(parsing:options:)",
        message: "JSONSchema(\"…\") is the schema's JSON text: write JSONSchema(parsing: text)"
    )
    public init(_ text: String, options: Options = .init()) throws {
        try self.init(parsing: text, options: options)
    }

    /// Every problem that keeps a schema from compiling, where
    /// ``init(_:options:)-(JSONValue,_)`` stops at the first.
    ///
    /// ```swift
    /// let problems = JSONSchema.problems(in: [
    ///     "properties": [
    ///         "age": ["type": "integr", "minimum": "zero"],
    ///         "name": ["$ref": "#/$defs/nmae"],
    ///     ],
    /// ])
    /// for problem in problems { print(problem) }
    /// // /properties/age/type: the value of "type" must name JSON types: null, boolean, object, array, string, number, integer
    /// // /properties/age/minimum: the value of "minimum" must be a number
    /// // /properties/name/$ref: "$ref" refers to #/$defs/nmae, which is not defined: …
    /// ```
    ///
    /// The compiler goes on past each problem, without the keyword (or the
    /// member of a keyword) that has it, so what that keyword would have
    /// led to is not checked until it is fixed. The list is empty exactly
    /// when ``init(_:options:)-(JSONValue,_)`` succeeds, and otherwise holds the error it
    /// throws. It checks what compiling checks: every subschema that
    /// validation can reach. To check a schema against everything its
    /// dialect's meta-schema says, unused definitions included, validate it
    /// against the meta-schema (see <doc:ValidatingWithJSONSchema#Errors-in-the-schema>).
    ///
    /// - Parameters:
    ///   - schema: The schema: an object, or `true` or `false`.
    ///   - options: The default dialect, whether formats are asserted, and
    ///     other documents that references may name.
    /// - Returns: The problems, each once: those in the schema first, in the
    ///   order of its text, then those in other documents, by URI.
    public static func problems(in schema: JSONValue, options: Options = .init()) -> [JSONSchemaError] {
        _SchemaCompiler.problems(in: schema, options: options)
    }

    /// Whether a value is valid against the schema.
    ///
    /// This is the fast path: it stops at the first problem and builds no
    /// locations or messages. Use ``validate(_:)`` to find out what is wrong.
    ///
    /// ```swift
    /// if schema.isValid(arguments) { try run(tool, with: arguments) }
    /// ```
    ///
    /// - Parameter instance: The value to check.
    /// - Returns: `true` if the value satisfies every assertion of the schema.
    /// - Complexity: O(*n*) in the size of the value for most schemas.
    public func isValid(_ instance: JSONValue) -> Bool {
        program.isValid(instance)
    }

    /// Validates a value, and collects every error with its location.
    ///
    /// ```swift
    /// let result = schema.validate(arguments)
    /// if !result.isValid {
    ///     let report = result.errors.map(\.description).joined(separator: "\n")
    ///     // Hand `report` back to the model, so that it can correct its call.
    /// }
    /// ```
    ///
    /// - Parameter instance: The value to check.
    /// - Returns: The result: whether the value is valid, its errors in
    ///   document order, and the standard output formats.
    public func validate(_ instance: JSONValue) -> ValidationResult {
        ValidationResult(program: program, instance: instance)
    }
}

extension JSONSchema {
    /// How a schema is compiled.
    public struct Options: Sendable {
        /// The dialect of a schema resource without `$schema`:
        /// ``Dialect/draft2020_12`` unless you set another.
        public var defaultDialect: Dialect

        /// Whether `format` is an assertion: `false` by default, so that
        /// `format` is an annotation, as 2020-12 specifies. When `true`, every
        /// format that 2020-12 defines (`date-time`, `email`, `ipv4`, `uri`,
        /// `regex` and the others) is checked by the package's own code;
        /// unknown formats stay annotations.
        ///
        /// This option asserts `format` only; ``assertsContent`` asserts the
        /// content keywords.
        public var assertsFormats: Bool

        /// Whether the content keywords are assertions: `false` by default,
        /// so that `contentEncoding`, `contentMediaType` and `contentSchema`
        /// are annotations, as 2019-09 and 2020-12 specify and draft-07
        /// allows.
        ///
        /// When `true`, in draft-07 and later, a string must hold what they
        /// describe:
        ///
        /// - `"contentEncoding": "base64"`: base64 with padding (RFC 4648,
        ///   section 4).
        /// - `"contentMediaType": "application/json"`, or a type with the
        ///   `+json` suffix such as `application/geo+json`: JSON text, after
        ///   decoding if `contentEncoding` is base64.
        /// - `contentSchema` (2019-09 and later), beside a JSON media type:
        ///   the JSON value in the string must be valid against it. Its
        ///   errors are located at the string, with keyword locations inside
        ///   `contentSchema`.
        ///
        /// Other encodings and media types stay annotations, as do all of
        /// them for a value that is not a string.
        ///
        /// ```swift
        /// var options = JSONSchema.Options()
        /// options.assertsContent = true
        /// let settings = try JSONSchema(["type": "string", "contentMediaType": "application/json"], options: options)
        /// settings.isValid(#"{"retries": 3}"#)   // true
        /// settings.isValid("")                   // false: not JSON text
        /// ```
        public var assertsContent: Bool

        /// Other documents that references may name, by absolute URI; nothing
        /// is ever fetched.
        ///
        /// ```swift
        /// var options = JSONSchema.Options()
        /// options.documents["https://example.com/address.json"] = addressSchema
        /// let schema = try JSONSchema(["$ref": "https://example.com/address.json"], options: options)
        /// ```
        public var documents: [String: JSONValue]

        /// Options with the defaults: 2020-12, `format` and the content
        /// keywords as annotations, and no other documents.
        public init() {
            defaultDialect = .draft2020_12
            assertsFormats = false
            assertsContent = false
            documents = [:]
        }
    }

    /// The JSON Schema dialects the package implements.
    public enum Dialect: Sendable, Hashable, CaseIterable {
        /// Draft 4 (`http://json-schema.org/draft-04/schema#`).
        case draft4
        /// Draft 6 (`http://json-schema.org/draft-06/schema#`).
        case draft6
        /// Draft 7 (`http://json-schema.org/draft-07/schema#`).
        case draft7
        /// Draft 2019-09 (`https://json-schema.org/draft/2019-09/schema`).
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // The underscore keeps the date readable, as in the dialect's name.
        case draft2019_09
        /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`).
        // swift-format-ignore: AlwaysUseLowerCamelCase
        case draft2020_12

        /// The URI of the dialect's official meta-schema, as `$schema` names
        /// it.
        public var metaSchemaURI: String {
            switch self {
            case .draft4: "http://json-schema.org/draft-04/schema#"
            case .draft6: "http://json-schema.org/draft-06/schema#"
            case .draft7: "http://json-schema.org/draft-07/schema#"
            case .draft2019_09: "https://json-schema.org/draft/2019-09/schema"
            case .draft2020_12: "https://json-schema.org/draft/2020-12/schema"
            }
        }
    }
}

#endif
