/// A JSON Patch (RFC 6902): a list of operations that change a JSON
/// document, applied in order and all or nothing.
///
/// Decode one that a server sent, build one in code, or compute one with
/// ``init(from:to:)``:
///
/// ```swift
/// let patch = try JSONPatch(JSONValue(parsing: #"[{"op": "replace", "path": "/ext/intExt", "value": 457}]"#))
/// payload.ext = try payload.ext.applying(patch)
///
/// let local: JSONPatch = [.add(path: "/ext/tags/-", value: "new"), .remove(path: "/ext/old")]
/// let diff = JSONPatch(from: before, to: after)   // send back what changed
/// ```
///
/// ### Applying
///
/// ``JSONValue/applying(_:)`` and ``JSONValue/apply(_:)`` are atomic: when an
/// operation fails, the error says which one and why, and the value is
/// unchanged. Only the containers on the operations' paths are copied, never
/// the whole document.
///
/// `test` compares as RFC 6902 says: numbers by value (`1` equals `1.0`), a
/// Boolean never equals a number, strings and member names by their Unicode
/// scalars, objects regardless of member order.
///
/// ### Encoding
///
/// `JSONPatch` is `Codable` as the standard JSON array of operation objects,
/// and ``jsonValue`` gives the same array as a ``JSONValue``.
public struct JSONPatch: Hashable, Sendable {
    /// One operation of a patch.
    public enum Operation: Hashable, Sendable {
        /// Adds a member to an object (replacing one of the same name), or
        /// inserts an element into an array at an index up to its count, or
        /// at its end with `-`. At the root, replaces the whole document.
        case add(path: JSONPointer, value: JSONValue)
        /// Removes the member or element at `path`, which must exist.
        case remove(path: JSONPointer)
        /// Replaces the value at `path`, which must exist.
        case replace(path: JSONPointer, value: JSONValue)
        /// Removes the value at `from` and adds it at `path`. `path` must
        /// not be inside `from`.
        case move(from: JSONPointer, path: JSONPointer)
        /// Adds a copy of the value at `from` at `path`.
        case copy(from: JSONPointer, path: JSONPointer)
        /// Checks that the value at `path` equals `value`, and fails the
        /// patch otherwise.
        case test(path: JSONPointer, value: JSONValue)

        /// The operation's name in JSON: `add`, `remove`, `replace`, `move`,
        /// `copy` or `test`.
        public var name: String {
            switch self {
            case .add: return "add"
            case .remove: return "remove"
            case .replace: return "replace"
            case .move: return "move"
            case .copy: return "copy"
            case .test: return "test"
            }
        }

        /// The location the operation changes or tests.
        public var path: JSONPointer {
            switch self {
            case .add(let path, _), .remove(let path), .replace(let path, _), .move(_, let path),
                .copy(_, let path), .test(let path, _):
                return path
            }
        }
    }

    /// The operations, applied in order.
    public var operations: [Operation]

    /// Creates a patch from operations.
    ///
    /// ```swift
    /// let patch = JSONPatch([.test(path: "/v", value: 1), .replace(path: "/v", value: 2)])
    /// ```
    ///
    /// - Parameter operations: The operations, applied in order.
    public init(_ operations: [Operation]) {
        self.operations = operations
    }

    /// Reads a patch from its JSON form: an array of operation objects.
    ///
    /// ```swift
    /// let patch = try JSONPatch([["op": "add", "path": "/a", "value": 1]])
    /// ```
    ///
    /// Members that an operation does not use are ignored, as RFC 6902
    /// requires.
    ///
    /// - Parameter value: The patch document.
    /// - Throws: ``JSONPatchError`` with the ``JSONPatchError/operationIndex``
    ///   of the first malformed operation: not an object, an unknown `op`, a
    ///   missing or non-string `path` or `from`, a missing `value`, or a
    ///   pointer that is not valid.
    public init(_ value: JSONValue) throws {
        var member: String?
        try self.init(value, member: &member)
    }

    /// Reads a patch as ``init(_:)`` does, and when an operation is
    /// malformed, leaves in `member` the name of its member at fault (`op`,
    /// `path`, `from` or `value`), or `nil` when the operation itself is (not
    /// an object), so that decoding can give the full coding path.
    init(_ value: JSONValue, member: inout String?) throws(JSONPatchError) {
        guard case .array(let elements) = value else {
            throw JSONPatchError(.notAnArray, operationIndex: nil)
        }
        var operations: [Operation] = []
        operations.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            operations.append(try Operation(element, index: index, member: &member))
        }
        self.operations = operations
    }

    /// The patch as its JSON form: an array of operation objects.
    ///
    /// ```swift
    /// JSONPatch([.remove(path: "/a")]).jsonValue   // [["op": "remove", "path": "/a"]]
    /// ```
    public var jsonValue: JSONValue {
        .array(operations.map { $0.jsonValue })
    }
}

extension JSONPatch.Operation {
    /// Reads one operation object, for the operation at `index`; when it
    /// throws, `member` is the name of the member at fault, or `nil` if the
    /// operation is not an object.
    init(_ value: JSONValue, index: Int, member: inout String?) throws(JSONPatchError) {
        member = nil
        guard case .object(let members) = value else {
            throw JSONPatchError(.notAnObject, operationIndex: index)
        }
        func string(_ name: String, _ member: inout String?) throws(JSONPatchError) -> String {
            member = name
            guard let value = members[name] else {
                throw JSONPatchError(.missingMember(name), operationIndex: index)
            }
            guard case .string(let text) = value else {
                throw JSONPatchError(.invalidMember(name), operationIndex: index)
            }
            return text
        }
        func pointer(_ name: String, _ member: inout String?) throws(JSONPatchError) -> JSONPointer {
            let text = try string(name, &member)
            do {
                return try JSONPointer(parsing: text)
            } catch {
                throw JSONPatchError(.invalidPointer(error), operationIndex: index)
            }
        }
        func valueMember(_ member: inout String?) throws(JSONPatchError) -> JSONValue {
            member = "value"
            guard let value = members["value"] else {
                throw JSONPatchError(.missingMember("value"), operationIndex: index)
            }
            return value
        }
        let op = try string("op", &member)
        do throws(JSONPatchError) {
            switch op {
            case "add": self = .add(path: try pointer("path", &member), value: try valueMember(&member))
            case "remove": self = .remove(path: try pointer("path", &member))
            case "replace": self = .replace(path: try pointer("path", &member), value: try valueMember(&member))
            case "move": self = .move(from: try pointer("from", &member), path: try pointer("path", &member))
            case "copy": self = .copy(from: try pointer("from", &member), path: try pointer("path", &member))
            case "test": self = .test(path: try pointer("path", &member), value: try valueMember(&member))
            default: throw JSONPatchError(.unknownOperation(op), operationIndex: index)
            }
        } catch {
            var error = error
            if case .unknownOperation = error.kind {} else { error.operation = op }
            throw error
        }
    }

    /// The operation as a JSON object.
    var jsonValue: JSONValue {
        var members: JSONObject = ["op": .string(name), "path": .string(path.description)]
        switch self {
        case .add(_, let value), .replace(_, let value), .test(_, let value):
            members["value"] = value
        case .move(let from, _), .copy(let from, _):
            members["from"] = .string(from.description)
        case .remove:
            break
        }
        return .object(members)
    }
}

extension JSONPatch: ExpressibleByArrayLiteral {
    /// Creates a patch from a list of operations.
    ///
    /// ```swift
    /// let patch: JSONPatch = [.add(path: "/a", value: 1), .remove(path: "/b")]
    /// ```
    ///
    /// - Parameter elements: The operations, applied in order.
    public init(arrayLiteral elements: Operation...) {
        self.init(elements)
    }
}

extension JSONPatch: CustomStringConvertible {
    /// The patch as compact JSON text.
    public var description: String {
        jsonValue.description
    }
}
