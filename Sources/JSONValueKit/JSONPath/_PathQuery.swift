// The syntax tree of a JSONPath query, made by `_PathParser` and run by
// `_PathEvaluator`.

/// A query: `$` or `@` and its segments.
struct _PathQuery: Sendable, Hashable {
    var isRelative: Bool
    var segments: [_PathSegment]

    /// Only name and index selectors, one per segment, no descendants.
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard case .child(let selectors) = segment, selectors.count == 1 else { return false }
            switch selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

enum _PathSegment: Sendable, Hashable {
    case child([_PathSelector])
    case descendant([_PathSelector])
}

enum _PathSelector: Sendable {
    case name(String)
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(_LogicalExpression)
}

/// A filter's expression, which is true or false for each node.
indirect enum _LogicalExpression: Sendable, Hashable {
    case or([_LogicalExpression])
    case and([_LogicalExpression])
    case not(_LogicalExpression)
    case comparison(_ValueExpression, _ComparisonOperator, _ValueExpression)
    /// True if the query selects at least one node.
    case exists(_PathQuery)
    /// A function whose result is logical, or a node list (true if not
    /// empty).
    case function(_FunctionCall)
}

/// Something with a value, or none ("Nothing").
enum _ValueExpression: Sendable, Hashable {
    case literal(JSONValue)
    /// A singular query: its node's value, or Nothing.
    case query(_PathQuery)
    case function(_FunctionCall)
}

enum _ComparisonOperator: Sendable, Hashable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
}

struct _FunctionCall: Sendable, Hashable {
    var function: _PathFunction
    var arguments: [_FunctionArgument]
}

enum _FunctionArgument: Sendable, Hashable {
    case value(_ValueExpression)
    case logical(_LogicalExpression)
    case nodes(_PathQuery)
    /// A regular expression known when the query was parsed, already
    /// compiled; `nil` if the pattern is not valid I-Regexp.
    case pattern(_Regex?)
}

/// The function extensions of RFC 9535 section 2.4.
enum _PathFunction: String, Sendable, Hashable {
    case length, count, match, search, value

    enum ArgumentType { case value, logical, nodes }
    enum ResultType { case value, logical }

    var parameters: [ArgumentType] {
        switch self {
        case .length: return [.value]
        case .count, .value: return [.nodes]
        case .match, .search: return [.value, .value]
        }
    }

    var result: ResultType {
        switch self {
        case .length, .count, .value: return .value
        case .match, .search: return .logical
        }
    }
}

// Names compare by their Unicode scalars, as members are selected, not by
// Swift's canonical equivalence: `$['é']` and `$['e\u{301}']` differ.
extension _PathSelector: Hashable {
    static func == (lhs: _PathSelector, rhs: _PathSelector) -> Bool {
        switch (lhs, rhs) {
        case (.name(let a), .name(let b)): return JSONObject.sameScalars(a, b)
        case (.wildcard, .wildcard): return true
        case (.index(let a), .index(let b)): return a == b
        case (.slice(let a, let b, let c), .slice(let d, let e, let f)): return a == d && b == e && c == f
        case (.filter(let a), .filter(let b)): return a == b
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .name(let name):
            hasher.combine(0)
            for byte in name.utf8 { hasher.combine(byte) }
        case .wildcard:
            hasher.combine(1)
        case .index(let index):
            hasher.combine(2)
            hasher.combine(index)
        case .slice(let start, let end, let step):
            hasher.combine(3)
            hasher.combine(start)
            hasher.combine(end)
            hasher.combine(step)
        case .filter(let expression):
            hasher.combine(4)
            hasher.combine(expression)
        }
    }
}
