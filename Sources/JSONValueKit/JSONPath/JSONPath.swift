/// A JSONPath query (RFC 9535), such as `$.store.book[?@.price < 10].title`.
///
/// Build one from its text, which is checked completely, including the
/// types of function arguments, so that an invalid query fails here and not
/// while it runs:
///
/// ```swift
/// let path = try JSONPath(parsing: "$.statuses[?@.user.followers_count > 1000].user.screen_name")
/// for node in document.query(path) {
///     print(node.location, node.value)   // $['statuses'][3]['user']['screen_name'] "ada"
/// }
/// document.queryValues(path)             // just the values
/// document.firstMatch(path)?.value       // the first one, if any
/// ```
///
/// The whole of RFC 9535 is supported: name, wildcard, index and slice
/// selectors (with negative steps), descendant segments (`..`), filters with
/// comparisons, `&&`, `||`, `!` and existence tests, and the function
/// extensions `length`, `count`, `match`, `search` and `value`.
///
/// ### Exactness
///
/// - Comparisons compare numbers by value (`1 == 1.0`) and strings by their
///   Unicode scalars; `length` counts Unicode scalars.
/// - `match` and `search` take I-Regexp patterns (RFC 9485): `match` must
///   match the whole string, `.` matches any character but `\n` and `\r`,
///   and a pattern that is not valid I-Regexp makes the result false.
///   Patterns run on the package's own matcher, in time linear in the
///   string on every platform: no pattern, not even one read from the
///   document, can make a query hang the way `(a+)+b` hangs a backtracking
///   engine. A pattern whose counted repetitions would compile to more than
///   10,000 instructions, such as `(a{1000}){1000}`, counts as invalid.
/// - Integers in indices and slices must lie within ±(2⁵³ − 1); `-0` and
///   leading zeros are refused.
/// - The members of an object are visited in the object's own order (see
///   ``JSONObject``), so nodes come in document order; RFC 9535 leaves that
///   order to the implementation.
public struct JSONPath: Sendable {
    /// The query as it was written.
    public let description: String

    /// The parsed query; for an invalid literal, a query that selects
    /// nothing.
    let query: _PathQuery

    /// Why an invalid literal is not a query.
    private let storedLiteralError: JSONPathError?

    /// Parses a JSONPath query.
    ///
    /// ```swift
    /// let path = try JSONPath(parsing: "$..book[?match(@.author, 'J.*')]")
    /// ```
    ///
    /// The label keeps this call apart from the literal initializer: Swift
    /// reads `JSONPath("$.a")`, with a literal and no label, as the literal
    /// `"$.a" as JSONPath` (SE-0213), which cannot throw.
    ///
    /// - Parameter expression: The query, starting with `$`.
    /// - Throws: ``JSONPathError`` with the location of the problem and a
    ///   message that says what was expected there.
    public init(parsing expression: String) throws(JSONPathError) {
        description = expression
        query = try _PathParser.parse(expression)
        storedLiteralError = nil
    }

    /// Whether the query can only ever find at most one node: it uses only
    /// name and index selectors, and no descendant segments.
    public var isSingular: Bool {
        literalError == nil && query.isSingular
    }

    /// For a query made from an invalid string literal, why it is invalid;
    /// `nil` for a valid query.
    ///
    /// ```swift
    /// let path: JSONPath = "$["
    /// path.literalError?.description   // Invalid JSONPath at offset 2: ...
    /// ```
    public var literalError: JSONPathError? { storedLiteralError }
}

extension JSONPath: Hashable {
    /// Returns whether two queries mean the same: they parse to the same
    /// segments and selectors.
    ///
    /// Spelling does not matter: `$.a`, `$['a']` and `$[ "a" ]` are equal,
    /// as are `$[?@.n>1]` and `$[? @.n > 1 ]`. Queries that select the same
    /// nodes by other means (`$[0:2]` and `$[0,1]`) are not equal: the
    /// comparison is of the queries, not of their results. Names compare by
    /// their Unicode scalars. Invalid literals are equal when their texts
    /// are.
    ///
    /// - Parameters:
    ///   - lhs: A query.
    ///   - rhs: Another query.
    /// - Returns: `true` if the queries parse to the same query.
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        guard lhs.literalError == nil, rhs.literalError == nil else {
            return lhs.literalError != nil && rhs.literalError != nil
                && lhs.description.utf8.elementsEqual(rhs.description.utf8)
        }
        return lhs.query == rhs.query
    }

    /// Hashes the parsed query, consistently with ``==(_:_:)``.
    ///
    /// - Parameter hasher: The hasher to use.
    public func hash(into hasher: inout Hasher) {
        if literalError != nil {
            for byte in description.utf8 { hasher.combine(byte) }
        } else {
            hasher.combine(query)
        }
    }
}

extension JSONPath: CustomStringConvertible {}

extension JSONPath: ExpressibleByStringLiteral {
    /// Creates a query from a string literal.
    ///
    /// ```swift
    /// let path: JSONPath = "$.items[*].price"
    /// value.queryValues("$..author")
    /// ```
    ///
    /// An invalid literal does not stop the program: it makes a query that
    /// selects nothing, whose ``literalError`` says why. Use
    /// ``init(parsing:)`` for text that is not known when the code is
    /// written, to get the error thrown.
    ///
    /// - Parameter value: The query.
    public init(stringLiteral value: String) {
        description = value
        do {
            query = try _PathParser.parse(value)
            storedLiteralError = nil
        } catch {
            // A query that selects nothing: a child segment with no selectors.
            query = _PathQuery(isRelative: false, segments: [.child([])])
            storedLiteralError = error
        }
    }
}

extension JSONPath {
    /// A node that a query selected: a value, and where it is.
    public struct Node: Hashable, Sendable {
        /// The value at ``location``.
        public var value: JSONValue

        /// Where the value is in the queried document.
        public var location: Location

        /// Creates a node.
        ///
        /// - Parameters:
        ///   - value: The value.
        ///   - location: Where the value is.
        public init(value: JSONValue, location: Location) {
            self.value = value
            self.location = location
        }
    }

    /// Where a node is in a document: the member names and array indices
    /// that lead to it from the root.
    ///
    /// Its ``description`` is the RFC 9535 normalized path, such as
    /// `$['store']['book'][0]`, and ``JSONPointer/init(_:)-(JSONPath.Location)`` converts
    /// it to a JSON Pointer.
    public struct Location: Hashable, Sendable, CustomStringConvertible {
        /// One step of a location.
        public enum Component: Hashable, Sendable {
            /// An object member, by name.
            case name(String)
            /// An array element, by index.
            case index(Int)
        }

        /// The steps from the root, outermost first.
        public var components: [Component] {
            guard let arena else { return [] }
            return arena.components(upTo: index)
        }

        /// The steps of every location a query visited, shared by the
        /// locations it returns, so that visiting a node allocates nothing.
        let arena: _LocationArena?
        /// This location's last step in `arena`, or -1 for the root.
        let index: Int

        init(arena: _LocationArena?, index: Int) {
            self.arena = arena
            self.index = index
        }

        /// Creates a location from its components.
        ///
        /// - Parameter components: The steps from the root, outermost first.
        public init(_ components: [Component]) {
            let arena = _LocationArena()
            var index = -1
            for component in components { index = arena.append(component, after: index) }
            self.init(arena: arena, index: index)
        }

        /// The location one step further down, in the same arena.
        func appending(_ component: Component) -> Location {
            guard let arena else { return self }
            return Location(arena: arena, index: arena.append(component, after: index))
        }

        /// The normalized path (RFC 9535 section 2.7): `$`, then `['name']` or
        /// `[index]` for each step, with names escaped as the RFC says.
        ///
        /// ```swift
        /// JSONPath.Location([.name("a'b"), .index(0)]).description   // $['a\'b'][0]
        /// ```
        public var description: String {
            var text = "$"
            for component in components {
                switch component {
                case .index(let index):
                    text += "[\(index)]"
                case .name(let name):
                    text += "['"
                    for scalar in name.unicodeScalars {
                        switch scalar {
                        case "'": text += "\\'"
                        case "\\": text += "\\\\"
                        case "\u{8}": text += "\\b"
                        case "\u{C}": text += "\\f"
                        case "\n": text += "\\n"
                        case "\r": text += "\\r"
                        case "\t": text += "\\t"
                        case "\u{0}"..."\u{1F}":
                            let hex = String(scalar.value, radix: 16)
                            text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                        default:
                            text.unicodeScalars.append(scalar)
                        }
                    }
                    text += "']"
                }
            }
            return text
        }

        /// Returns whether two locations have the same steps, names compared
        /// by their Unicode scalars.
        ///
        /// - Parameters:
        ///   - lhs: A location.
        ///   - rhs: Another location.
        /// - Returns: `true` if the steps are the same.
        public static func == (lhs: Location, rhs: Location) -> Bool {
            lhs.description.utf8.elementsEqual(rhs.description.utf8)
        }

        /// Hashes the normalized path.
        ///
        /// - Parameter hasher: The hasher to use.
        public func hash(into hasher: inout Hasher) {
            for byte in description.utf8 { hasher.combine(byte) }
        }
    }
}

/// The steps of the locations one query visits: each step and the index of
/// the step before it, in two arrays that only grow.
///
/// Appending happens only while the query runs, on one thread; the
/// locations a query returns only read it afterwards, which is why it can
/// be shared between threads, and why the run-time exclusivity checks (a
/// call into the runtime on every step) would only cost time.
final class _LocationArena: @unchecked Sendable {
    @exclusivity(unchecked) private var steps: [JSONPath.Location.Component] = []
    @exclusivity(unchecked) private var parents: [Int] = []

    /// Adds a step after the one at `parent` (-1 for the root) and returns
    /// its index.
    func append(_ component: JSONPath.Location.Component, after parent: Int) -> Int {
        steps.append(component)
        parents.append(parent)
        return steps.count - 1
    }

    /// The steps from the root to the one at `index`, outermost first.
    func components(upTo index: Int) -> [JSONPath.Location.Component] {
        var components: [JSONPath.Location.Component] = []
        var current = index
        while current >= 0 {
            components.append(steps[current])
            current = parents[current]
        }
        return components.reversed()
    }
}

extension JSONPointer {
    /// Creates the JSON Pointer to a node that a JSONPath query found.
    ///
    /// ```swift
    /// for node in document.query(path) {
    ///     document[pointer: JSONPointer(node.location)] = nil   // remove what matched
    /// }
    /// ```
    ///
    /// - Parameter location: The node's location.
    public init(_ location: JSONPath.Location) {
        self.init(
            tokens: location.components.map { component in
                switch component {
                case .name(let name): return name
                case .index(let index): return String(index)
                }
            })
    }
}

extension JSONValue {
    /// Runs a JSONPath query on this value and returns the nodes it selects,
    /// in the order RFC 9535 gives them.
    ///
    /// ```swift
    /// let document: JSONValue = ["items": [["price": 8, "qty": 1], ["price": 12, "qty": 0]]]
    /// let nodes = document.query("$.items[?@.qty > 0].price")
    /// nodes.map(\.value)                  // [8]
    /// nodes.map(\.location.description)   // ["$['items'][0]['price']"]
    /// ```
    ///
    /// - Parameter path: The query.
    /// - Returns: The selected nodes, each with its value and location.
    /// - Complexity: Linear in the number of nodes the query visits; a
    ///   descendant segment visits the whole subtree below it, without
    ///   copying it.
    public func query(_ path: JSONPath) -> [JSONPath.Node] {
        _PathEvaluator(root: self).nodes(of: path.query)
    }

    /// Runs a JSONPath query and returns the values it selects, without
    /// their locations.
    ///
    /// ```swift
    /// document.queryValues("$..price")   // [8, 12]
    /// ```
    ///
    /// - Parameter path: The query.
    /// - Returns: The selected values.
    public func queryValues(_ path: JSONPath) -> [JSONValue] {
        _PathEvaluator(root: self).values(of: path.query)
    }

    /// Runs a JSONPath query and returns the first node it selects, if any.
    ///
    /// ```swift
    /// document.firstMatch("$.items[?@.price > 10]")?.value
    /// ```
    ///
    /// - Parameter path: The query.
    /// - Returns: The first selected node, or `nil` if none.
    public func firstMatch(_ path: JSONPath) -> JSONPath.Node? {
        query(path).first
    }
}
