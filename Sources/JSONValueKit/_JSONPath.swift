/// One step of a path into a value, for locating errors.
enum _PathComponent {
    case key(String)
    case index(Int)
}

/// An internal error that collects the path to its cause while it unwinds,
/// each level adding its own component.
protocol _PathCollectingFailure: Error {
    /// The components, innermost first.
    var reversedPath: [_PathComponent] { get set }
}

extension _PathCollectingFailure {
    func adding(_ component: _PathComponent) -> Self {
        var copy = self
        copy.reversedPath.append(component)
        return copy
    }
}

/// Formats a path as a JSONPath expression, such as `$.ext.list[2]` or
/// `$["odd key"]`.
///
/// - Parameter reversedComponents: The components, innermost first, as they
///   are collected while an error unwinds.
/// - Returns: The path, starting with `$`.
func _jsonPath(reversed reversedComponents: [_PathComponent]) -> String {
    var path = "$"
    for component in reversedComponents.reversed() {
        switch component {
        case .index(let index):
            path += "[\(index)]"
        case .key(let key):
            if _isPlainIdentifier(key) {
                path += ".\(key)"
            } else {
                path += "[\(JSONValue.string(key).description)]"
            }
        }
    }
    return path
}

/// Whether `key` can follow a `.` in a JSONPath expression.
private func _isPlainIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
    return key.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
