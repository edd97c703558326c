#if JSONSchema

import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Validates the JSON file at `instancePath` against the schema at
/// `schemaPath` and prints `valid`, or each error on a line of its own: the
/// instance location, the message and the keyword location in the schema.
///
/// - Returns: The exit status: 0 when the file is valid, 1 when it is not.
/// - Throws: ``DemoError`` when either file cannot be read or parsed, or the
///   schema cannot be compiled (the ``JSONSchemaError`` with its location);
///   the demo exits 2 then.
func validate(schemaPath: String, instancePath: String) throws -> Int32 {
    let schema: JSONSchema
    do {
        schema = try JSONSchema(try parse(path: schemaPath))
    } catch let error as JSONSchemaError {
        throw DemoError(message: "\(schemaPath) is not a schema the package can compile: \(error)")
    }
    let instance = try parse(path: instancePath)
    let result = schema.validate(instance)
    guard !result.isValid else {
        print("valid")
        return 0
    }
    for error in result.errors {
        print("\(error) (schema: \(error.keywordLocation))")
    }
    return 1
}

/// The JSON value in a file, with the file's name in a parse error: the
/// schema and the instance both come from files.
private func parse(path: String) throws -> JSONValue {
    let data = try read(path: path)
    do {
        return try JSONValue(parsing: data)
    } catch {
        throw DemoError(message: "\(path): \(error)")
    }
}

#endif
