import Testing

@testable import JSONValueKit

/// A schema, a value, and whether the value is valid against the schema in
/// a dialect: one row of the JSON Schema tests' tables.
struct SchemaCase: Sendable, CustomTestStringConvertible {
    var name: String
    var dialect: JSONSchema.Dialect = .draft2020_12
    var documents: [String: JSONValue] = [:]
    var schema: JSONValue
    var instance: JSONValue
    var valid: Bool

    var testDescription: String { name }

    var options: JSONSchema.Options {
        var options = JSONSchema.Options()
        options.defaultDialect = dialect
        options.documents = documents
        return options
    }
}

extension JSONSchema.Options {
    /// Options with a default dialect and other documents.
    init(dialect: JSONSchema.Dialect, documents: [String: JSONValue] = [:]) {
        self.init()
        defaultDialect = dialect
        self.documents = documents
    }
}

/// Checks that `isValid`, `validate(_:)` and its errors all say `expected`.
func expectVerdict(
    _ schema: JSONSchema, _ instance: JSONValue, _ expected: Bool, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let result = schema.validate(instance)
    #expect(schema.isValid(instance) == expected, comment, sourceLocation: sourceLocation)
    #expect(result.isValid == expected, comment, sourceLocation: sourceLocation)
    #expect(result.errors.isEmpty == expected, comment, sourceLocation: sourceLocation)
}

/// The error that compiling a schema throws, or `nil` if it compiles.
func compileError(_ schema: JSONValue, options: JSONSchema.Options = .init()) -> JSONSchemaError? {
    do {
        _ = try JSONSchema(schema, options: options)
        return nil
    } catch {
        return error
    }
}
