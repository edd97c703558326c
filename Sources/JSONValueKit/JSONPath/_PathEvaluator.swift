/// Runs a `_PathQuery` on a document (RFC 9535 section 2).
///
/// Nodes carry their location as an index into one arena of steps per run,
/// so visiting a node allocates nothing and no value is copied (a
/// `JSONValue` container is a reference to shared storage).
struct _PathEvaluator {
    let root: JSONValue

    /// Compiled patterns read from the document, by their text, for one run.
    private let regexCache = _RegexCache()

    init(root: JSONValue) {
        self.root = root
    }

    // MARK: Queries

    func nodes(of query: _PathQuery) -> [JSONPath.Node] {
        var nodes = [JSONPath.Node(value: root, location: JSONPath.Location(arena: _LocationArena(), index: -1))]
        for segment in query.segments {
            var next: [JSONPath.Node] = []
            for node in nodes {
                apply(segment, to: node.value, at: node.location) { value, location in
                    next.append(JSONPath.Node(value: value, location: location))
                }
            }
            nodes = next
        }
        return nodes
    }

    func values(of query: _PathQuery) -> [JSONValue] {
        values(of: query, from: root)
    }

    /// The values a query selects, without locations, from `current` for a
    /// relative query or the root for an absolute one.
    private func values(of query: _PathQuery, from current: JSONValue) -> [JSONValue] {
        var values = [query.isRelative ? current : root]
        let noLocation = JSONPath.Location(arena: nil, index: -1)
        for segment in query.segments {
            var next: [JSONValue] = []
            for value in values {
                apply(segment, to: value, at: noLocation, tracksLocation: false) { value, _ in next.append(value) }
            }
            values = next
        }
        return values
    }

    /// The value a singular query selects, or `nil` for Nothing.
    private func singularValue(of query: _PathQuery, from current: JSONValue) -> JSONValue? {
        var value = query.isRelative ? current : root
        for segment in query.segments {
            guard case .child(let selectors) = segment, let selector = selectors.first else { return nil }
            switch (selector, value) {
            case (.name(let name), .object(let members)):
                guard let member = members[name] else { return nil }
                value = member
            case (.index(let index), .array(let elements)):
                guard let position = Self.position(of: index, count: elements.count) else { return nil }
                value = elements[position]
            default:
                return nil
            }
        }
        return value
    }

    // MARK: Segments and selectors

    private func apply(
        _ segment: _PathSegment,
        to value: JSONValue,
        at location: JSONPath.Location,
        tracksLocation: Bool = true,
        _ emit: (JSONValue, JSONPath.Location) -> Void
    ) {
        switch segment {
        case .child(let selectors):
            for selector in selectors {
                select(selector, in: value, at: location, tracksLocation: tracksLocation, emit)
            }
        case .descendant(let selectors):
            // The node, then its descendants, in document order, without
            // recursion: a work list of the containers still to visit.
            var pending = [(value, location)]
            // `..name`, the common case, looks the name up directly rather
            // than copying the selector for every node visited.
            var onlyName: String? = nil
            if selectors.count == 1, case .name(let name) = selectors[0] { onlyName = name }
            while let (current, currentLocation) = pending.popLast() {
                if let onlyName {
                    if case .object(let members) = current, let member = members[onlyName] {
                        emit(member, tracksLocation ? currentLocation.appending(.name(onlyName)) : currentLocation)
                    }
                } else {
                    for selector in selectors {
                        select(selector, in: current, at: currentLocation, tracksLocation: tracksLocation, emit)
                    }
                }
                // Children go on the work list in reverse, so that the first
                // is visited next; reversing in place saves a temporary array
                // per container (a third of the time of `$..id` on
                // twitter.json).
                let firstChild = pending.count
                switch current {
                case .array(let elements):
                    for (index, element) in elements.enumerated() where element.isContainer {
                        pending.append(
                            (element, tracksLocation ? currentLocation.appending(.index(index)) : currentLocation))
                    }
                case .object(let members):
                    for (name, member) in members where member.isContainer {
                        pending.append(
                            (member, tracksLocation ? currentLocation.appending(.name(name)) : currentLocation))
                    }
                default:
                    break
                }
                pending[firstChild...].reverse()
            }
        }
    }

    private func select(
        _ selector: _PathSelector,
        in value: JSONValue,
        at location: JSONPath.Location,
        tracksLocation: Bool,
        _ emit: (JSONValue, JSONPath.Location) -> Void
    ) {
        func child(_ component: JSONPath.Location.Component) -> JSONPath.Location {
            tracksLocation ? location.appending(component) : location
        }
        switch selector {
        case .name(let name):
            guard case .object(let members) = value, let member = members[name] else { return }
            emit(member, child(.name(name)))
        case .wildcard:
            switch value {
            case .array(let elements):
                for (index, element) in elements.enumerated() { emit(element, child(.index(index))) }
            case .object(let members):
                for (name, member) in members { emit(member, child(.name(name))) }
            default:
                break
            }
        case .index(let index):
            guard case .array(let elements) = value, let position = Self.position(of: index, count: elements.count)
            else { return }
            emit(elements[position], child(.index(position)))
        case .slice(let start, let end, let step):
            guard case .array(let elements) = value else { return }
            for index in Self.sliceIndices(start: start, end: end, step: step, count: elements.count) {
                emit(elements[index], child(.index(index)))
            }
        case .filter(let expression):
            switch value {
            case .array(let elements):
                for (index, element) in elements.enumerated() where test(expression, on: element) {
                    emit(element, child(.index(index)))
                }
            case .object(let members):
                for (name, member) in members where test(expression, on: member) {
                    emit(member, child(.name(name)))
                }
            default:
                break
            }
        }
    }

    /// The position an index selector names, counting from the end when it
    /// is negative; `nil` if out of range.
    private static func position(of index: Int, count: Int) -> Int? {
        let position = index < 0 ? count + index : index
        return position >= 0 && position < count ? position : nil
    }

    /// The indices a slice selects, in order (RFC 9535 section 2.3.4.2.2).
    private static func sliceIndices(start: Int?, end: Int?, step: Int?, count: Int) -> [Int] {
        var step = step ?? 1
        guard step != 0 else { return [] }
        // A step as long as the array selects one element, as any longer
        // one does; no longer, `stride` cannot overflow, as it could with a
        // step near Int.max (which the parser gives for 2⁵³ − 1 where Int has
        // 32 bits).
        let longest = max(count, 1)
        step = min(max(step, -longest), longest)
        func normalize(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            return lower < upper ? Array(stride(from: lower, to: upper, by: step)) : []
        }
        let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
        let lower = min(max(normalize(end ?? -count - 1), -1), count - 1)
        return lower < upper ? Array(stride(from: upper, to: lower, by: step)) : []
    }

    // MARK: Filters

    private func test(_ expression: _LogicalExpression, on current: JSONValue) -> Bool {
        switch expression {
        case .or(let items):
            return items.contains { test($0, on: current) }
        case .and(let items):
            return items.allSatisfy { test($0, on: current) }
        case .not(let inner):
            return !test(inner, on: current)
        case .exists(let query):
            if query.isSingular { return singularValue(of: query, from: current) != nil }
            return !values(of: query, from: current).isEmpty
        case .comparison(let left, let comparison, let right):
            return Self.compare(value(left, on: current), comparison, value(right, on: current))
        case .function(let call):
            return logicalResult(call, on: current)
        }
    }

    private func value(_ expression: _ValueExpression, on current: JSONValue) -> JSONValue? {
        switch expression {
        case .literal(let value): return value
        case .query(let query): return singularValue(of: query, from: current)
        case .function(let call): return valueResult(call, on: current)
        }
    }

    private func valueResult(_ call: _FunctionCall, on current: JSONValue) -> JSONValue? {
        switch call.function {
        case .length:
            guard case .value(let argument) = call.arguments[0] else { return nil }
            switch value(argument, on: current) {
            case .string(let string): return .int(string.unicodeScalars.count)
            case .array(let elements): return .int(elements.count)
            case .object(let members): return .int(members.count)
            default: return nil
            }
        case .count:
            guard case .nodes(let query) = call.arguments[0] else { return nil }
            return .int(values(of: query, from: current).count)
        case .value:
            guard case .nodes(let query) = call.arguments[0] else { return nil }
            let found = values(of: query, from: current)
            // Not `found.count == 1 ? found[0] : nil`: beside a JSONValue,
            // that `nil` would be the JSON null.
            guard found.count == 1 else { return nil }
            return found[0]
        case .match, .search:
            return nil
        }
    }

    private func logicalResult(_ call: _FunctionCall, on current: JSONValue) -> Bool {
        switch call.function {
        case .match, .search:
            guard case .value(let subject) = call.arguments[0], case .string(let string)? = value(subject, on: current)
            else { return false }
            let regexp: _Regex?
            switch call.arguments[1] {
            case .pattern(let compiled):
                regexp = compiled
            case .value(let expression):
                guard case .string(let text)? = value(expression, on: current) else { return false }
                regexp = regexCache.regexp(text)
            default:
                regexp = nil
            }
            guard let regexp else { return false }
            return regexp.matches(string, whole: call.function == .match)
        default:
            return false
        }
    }

    /// RFC 9535 section 2.3.5.2.2; `nil` is Nothing.
    private static func compare(_ left: JSONValue?, _ comparison: _ComparisonOperator, _ right: JSONValue?) -> Bool {
        switch comparison {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || equal(left, right)
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || equal(left, right)
        }
    }

    private static func equal(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (let left?, let right?): return JSONValue._patchEqual(left, right)
        default: return false
        }
    }

    private static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (.int(let a)?, .int(let b)?): return a < b
        case (.double(let a)?, .double(let b)?): return a < b
        case (.int(let a)?, .double(let b)?): return _NumberOrder.less(a, b)
        case (.double(let a)?, .int(let b)?): return _NumberOrder.less(a, b)
        case (.string(let a)?, .string(let b)?): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }
}

/// Exact ordering between an integer and a `Double`, which `Double(int)`
/// would round beyond 2⁵³.
///
/// Generic so that the tests can check it with `Int32`, as it runs where
/// `Int` has 32 bits: a double beyond the integer type's range is compared
/// without converting it, since the conversion would trap.
enum _NumberOrder {
    /// 2^(bits − 1): the least double above every `Integer`, and the
    /// negation of `Integer.min`.
    @inline(__always)
    private static func bound<Integer: FixedWidthInteger & SignedInteger>(_: Integer.Type) -> Double {
        Double(sign: .plus, exponent: Integer.bitWidth - 1, significand: 1)
    }

    static func less<Integer: FixedWidthInteger & SignedInteger>(_ int: Integer, _ double: Double) -> Bool {
        if double.isNaN { return false }
        if double >= bound(Integer.self) { return true }
        if double < -bound(Integer.self) { return false }
        let truncated = Integer(double.rounded(.down))
        return int < truncated || (int == truncated && Double(truncated) < double)
    }

    static func less<Integer: FixedWidthInteger & SignedInteger>(_ double: Double, _ int: Integer) -> Bool {
        if double.isNaN { return false }
        if double >= bound(Integer.self) { return false }
        if double < -bound(Integer.self) { return true }
        let truncated = Integer(double.rounded(.up))
        return truncated < int || (truncated == int && double < Double(truncated))
    }
}

/// Compiles each pattern that a query reads from the document once per
/// query run.
final class _RegexCache {
    private var compiled: [String: _Regex?] = [:]

    func regexp(_ pattern: String) -> _Regex? {
        if let cached = compiled[pattern] { return cached }
        let regexp = _Regex(iRegexp: pattern)
        compiled[pattern] = regexp
        return regexp
    }
}
