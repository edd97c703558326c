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

/// A path as a JSON Pointer, the form every error of the package uses for
/// a place in a value.
///
/// - Parameter reversedComponents: The components, innermost first, as they
///   are collected while an error unwinds.
/// - Returns: The pointer from the outermost value.
func _pointer(reversed reversedComponents: [_PathComponent]) -> JSONPointer {
    JSONPointer(
        tokens: reversedComponents.reversed().map { component in
            switch component {
            case .index(let index): return String(index)
            case .key(let key): return key
            }
        })
}
