/// What the compiler works out about the graph of compiled nodes.
enum _SchemaAnalysis {
    /// The subschemas a node applies to the same instance location, `not`
    /// included: the edges along which evaluation can go round in circles.
    private static func inPlaceEdges(of node: _SchemaNode, in compiler: _SchemaCompiler) -> [Int] {
        var edges: [Int] = []
        for keyword in node.keywords {
            if case .not(let child) = keyword { edges.append(child) }
            edges += keyword.inPlaceNodes(dynamicTargets: compiler.possibleTargets)
        }
        return edges
    }

    /// Refuses a cycle of subschemas applied in place, such as
    /// `{"$ref": "#"}` or two definitions whose `allOf`s name each other:
    /// validating any instance would go round it forever. A cycle that
    /// passes through `properties`, `items` or another keyword that moves
    /// to a child of the instance ends when the instance does, and is fine.
    static func checkForInPlaceCycles(_ compiler: _SchemaCompiler) throws(JSONSchemaError) {
        enum Mark { case unvisited, active, done }
        var marks = Array(repeating: Mark.unvisited, count: compiler.nodes.count)
        let edges = compiler.nodes.map { inPlaceEdges(of: $0, in: compiler) }
        for start in compiler.nodes.indices where marks[start] == .unvisited {
            // Depth-first, with an explicit stack of (node, next edge).
            var stack: [(node: Int, edge: Int)] = [(start, 0)]
            marks[start] = .active
            while let (node, edge) = stack.last {
                guard edge < edges[node].count else {
                    marks[node] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].edge += 1
                let next = edges[node][edge]
                switch marks[next] {
                case .active:
                    throw compiler.error(
                        .infiniteRecursion, at: compiler.locationOfNode[next],
                        "this subschema applies itself to the same value through a cycle of references and "
                            + "in-place keywords (such as \"$ref\", \"allOf\" or \"anyOf\"), so validation would "
                            + "never end")
                case .unvisited:
                    marks[next] = .active
                    stack.append((next, 0))
                case .done:
                    break
                }
            }
        }
    }

    /// Marks the nodes that must record which members and items they
    /// evaluate: those with `unevaluatedProperties` or `unevaluatedItems`,
    /// and every subschema they apply in place, transitively. Other nodes
    /// record nothing, so schemas without these keywords pay nothing.
    static func markEvaluationTracking(_ compiler: _SchemaCompiler) {
        var work: [Int] = []
        for (index, node) in compiler.nodes.enumerated() {
            let needs = node.keywords.contains { keyword in
                switch keyword {
                case .unevaluatedItems, .unevaluatedProperties: true
                default: false
                }
            }
            if needs {
                compiler.nodes[index].tracksEvaluation = true
                work.append(index)
            }
        }
        while let index = work.popLast() {
            for keyword in compiler.nodes[index].keywords {
                for child in keyword.inPlaceNodes(dynamicTargets: compiler.possibleTargets)
                where !compiler.nodes[child].tracksEvaluation {
                    compiler.nodes[child].tracksEvaluation = true
                    work.append(child)
                }
            }
        }
    }
}
