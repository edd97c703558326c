/// An error that says which operation of a ``JSONPatch`` failed, where, and
/// why.
///
/// ```swift
/// do {
///     _ = try value.applying(patch)
/// } catch let error as JSONPatchError {
///     print(error)   // Operation 2 (test) failed at /ext/v: expected 1, found "one".
///     error.operationIndex   // 2
/// }
/// ```
///
/// When applying fails, the value is unchanged.
public struct JSONPatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The patch document is not an array.
        case notAnArray
        /// An operation is not an object.
        case notAnObject
        /// An operation lacks a member it needs: `op`, `path`, `from` or
        /// `value`.
        case missingMember(String)
        /// An operation's `op`, `path` or `from` is not a string.
        case invalidMember(String)
        /// An operation's `op` is none of `add`, `remove`, `replace`,
        /// `move`, `copy` and `test`.
        case unknownOperation(String)
        /// An operation's `path` or `from` is not a valid JSON Pointer.
        case invalidPointer(JSONPointerError)
        /// A pointer names no value where the operation needs one: a missing
        /// member, an index out of range, a token that is not an index, or a
        /// scalar in the way. The pointer error says which token.
        case targetNotFound(JSONPointerError)
        /// A `test` found a value that is not equal to the expected one.
        case testFailed(expected: JSONValue, found: JSONValue)
        /// A `move` would move a value into one of its own children.
        case moveIntoOwnChild
    }

    /// What went wrong.
    public var kind: Kind

    /// The index of the failed operation in ``JSONPatch/operations`` (or
    /// in the patch document's array), or `nil` exactly when ``kind`` is
    /// ``Kind/notAnArray``.
    ///
    /// Every error from applying a patch, and every error from reading one
    /// except ``Kind/notAnArray``, comes from one operation and has its
    /// index. A document that is not an array has no operations, so its
    /// error is tied to none; an index such as 0 would point at an
    /// operation that does not exist. That is why the index is optional.
    public var operationIndex: Int?

    /// The failed operation's name, if it got as far as having one.
    public var operation: String?

    /// The pointer involved: the operation's `path`, or its `from` when
    /// that is what failed.
    public var pointer: JSONPointer?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - operationIndex: The index of the failed operation.
    ///   - operation: The failed operation's name.
    ///   - pointer: The pointer involved.
    public init(_ kind: Kind, operationIndex: Int?, operation: String? = nil, pointer: JSONPointer? = nil) {
        self.kind = kind
        self.operationIndex = operationIndex
        self.operation = operation
        self.pointer = pointer
    }

    /// A sentence that says which operation failed, where and why.
    public var description: String {
        var subject = "JSON Patch"
        if let operationIndex {
            subject = "Operation \(operationIndex)" + (operation.map { " (\($0))" } ?? "")
        }
        let place = pointer.map { " at \($0.isRoot ? "the root" : $0.description)" } ?? ""
        switch kind {
        case .notAnArray:
            return "\(subject) is not an array of operations."
        case .notAnObject:
            return "\(subject) is not an object."
        case .missingMember(let name):
            return "\(subject) has no \"\(name)\" member."
        case .invalidMember(let name):
            return "\(subject) has a \"\(name)\" member that is not a string."
        case .unknownOperation(let name):
            return "\(subject) has an unknown op \"\(name)\"."
        case .invalidPointer(let error):
            return "\(subject) has an invalid pointer: \(error)"
        case .targetNotFound(let error):
            return "\(subject) failed\(place): \(error)"
        case .testFailed(let expected, let found):
            return "\(subject) failed\(place): expected \(expected), found \(found)."
        case .moveIntoOwnChild:
            return "\(subject) failed\(place): cannot move a value into one of its own children."
        }
    }
}
