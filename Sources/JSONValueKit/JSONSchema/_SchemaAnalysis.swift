#if JSONSchema

/// What the compiler works out about the graph of compiled nodes.
enum _SchemaAnalysis {
    /// The subschemas a node applies to the same instance location, `not`
    /// included: the edges along which evaluation can go round in circles.
    ///
    /// Appended to `edges`: one array for every node, rather than one per
    /// node, which cost compiling FHIR's 15,000 nodes a twentieth of its time.
    private static func appendInPlaceEdges(
        of keywords: ArraySlice<_SchemaKeyword>, dynamicTargets: (_SchemaDynamicReference) -> [Int],
        to edges: inout [Int]
    ) {
        // As ``_SchemaKeyword/inPlaceNodes(dynamicTargets:)`` has them, with
        // `not`, and without the arrays it makes.
        for keyword in keywords {
            switch keyword {
            case .not(let child), .reference(let child): edges.append(child)
            case .allOf(let nodes), .anyOf(let nodes), .oneOf(let nodes): edges += nodes
            case .dependentSchemas(_, let entries): for entry in entries { edges.append(entry.node) }
            case .conditional(let condition, let then, let otherwise):
                edges.append(condition)
                if let then { edges.append(then) }
                if let otherwise { edges.append(otherwise) }
            case .dynamicReference(let reference): edges += dynamicTargets(reference)
            default: break
            }
        }
    }

    /// Marks the nodes that lie on a cycle of subschemas applied in place,
    /// such as `{"$ref": "#"}` or two definitions whose `allOf`s name each
    /// other: validation that comes back to such a node for the same value
    /// would go round forever, so those nodes, and only those, watch for it
    /// (see ``_SchemaProgram/Node/cycleSlot``). A cycle that passes through
    /// `properties`, `items` or another keyword that moves to a child of the
    /// instance ends when the instance does, and needs no watching.
    ///
    /// The nodes on cycles are those of the strongly connected components
    /// of the in-place edges with more than one node, or with an edge to
    /// itself: Tarjan's algorithm, with an explicit stack so that a long
    /// chain of references is safe on a small stack.
    ///
    /// Nodes are numbered in the order they are allocated, and a subschema
    /// is allocated after the one that applies it unless a reference (or a
    /// second way to its location) found it first. A cycle must have an
    /// edge from a node to itself or to one numbered lower, so when no edge
    /// goes back (most schemas), there is no cycle and no search is made.
    static func markInPlaceCycles(_ compiler: _SchemaCompiler) {
        // The tables once, rather than a retain and release for each node.
        let nodes = compiler.nodes
        let keywords = compiler.keywords
        let count = nodes.count
        // The edges of node `n` are `edges[edgeStart[n]..<edgeStart[n + 1]]`.
        var edges: [Int] = []
        edges.reserveCapacity(count)
        var edgeStart: [Int] = []
        edgeStart.reserveCapacity(count + 1)
        let dynamicTargets = compiler.possibleTargets
        var goesBack = false
        for index in nodes.indices {
            let start = edges.count
            edgeStart.append(start)
            appendInPlaceEdges(of: keywords[nodes[index].keywords], dynamicTargets: dynamicTargets, to: &edges)
            if !goesBack {
                for next in edges[start...] where next <= index {
                    goesBack = true
                    break
                }
            }
        }
        guard goesBack else { return }
        edgeStart.append(edges.count)
        var order = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var isOnStack = Array(repeating: false, count: count)
        var component: [Int] = []
        var visited = 0
        var frames: [(node: Int, edge: Int)] = []
        for start in 0..<count where order[start] < 0 {
            func visit(_ node: Int) {
                order[node] = visited
                lowLink[node] = visited
                visited += 1
                component.append(node)
                isOnStack[node] = true
                frames.append((node, 0))
            }
            visit(start)
            while let (node, edge) = frames.last {
                if edgeStart[node] + edge < edgeStart[node + 1] {
                    frames[frames.count - 1].edge += 1
                    let next = edges[edgeStart[node] + edge]
                    if next == node { compiler.nodes[node].isOnInPlaceCycle = true }
                    if order[next] < 0 {
                        visit(next)
                    } else if isOnStack[next] {
                        lowLink[node] = min(lowLink[node], order[next])
                    }
                    continue
                }
                frames.removeLast()
                if lowLink[node] == order[node] {
                    // The root of a component: the nodes above it on the
                    // stack are the rest of it.
                    let first = component.lastIndex(of: node) ?? component.count - 1
                    let members = component[first...]
                    if members.count > 1 {
                        for member in members { compiler.nodes[member].isOnInPlaceCycle = true }
                    }
                    for member in members { isOnStack[member] = false }
                    component.removeLast(component.count - first)
                }
                if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
            }
        }
    }

    /// Marks the nodes that must record which members and items they
    /// evaluate: those with `unevaluatedProperties` or `unevaluatedItems`,
    /// and every subschema they apply in place, transitively. Other nodes
    /// record nothing, so schemas without these keywords pay nothing.
    static func markEvaluationTracking(_ compiler: _SchemaCompiler) {
        // From the nodes the keyword compiler noted, without looking at
        // every node's keywords.
        var work: [Int] = []
        for index in compiler.nodesWithUnevaluated where !compiler.nodes[index].tracksEvaluation {
            compiler.nodes[index].tracksEvaluation = true
            work.append(index)
        }
        while let index = work.popLast() {
            for keyword in compiler.keywords[compiler.nodes[index].keywords] {
                for child in keyword.inPlaceNodes(dynamicTargets: compiler.possibleTargets)
                where !compiler.nodes[child].tracksEvaluation {
                    compiler.nodes[child].tracksEvaluation = true
                    work.append(child)
                }
            }
        }
    }
}

#endif
