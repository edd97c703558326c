import JSONValueKit
import Testing

enum SafetyModels {
    struct Reading: Codable {
        var sensor: String
        var values: [Double]
        var unit: Unit?
        enum Unit: String, Codable, CaseIterable {
            case celsius
            case kelvin
        }
    }

    struct Station: Codable {
        var name: String
        var readings: [Reading]
        var neighbours: [Station]?
    }
}

extension SafetyModels {
    @Suite("Schemas from Swift types: safety")
    struct SchemaGenerationSafetyTests {
        /// A schema nested `depth` levels through `properties`.
        private static func nested(_ depth: Int) -> JSONValue {
            var schema: JSONValue = ["type": "string"]
            for _ in 0..<depth {
                schema = ["type": "object", "properties": ["a": schema], "required": ["a"]]
            }
            return schema
        }

        @Test("documents nested at the limit convert and check on a 512 KiB stack; deeper ones are refused")
        func deepDocuments() throws {
            let atLimit = Self.nested(60)
            let converted = try onSmallStack { try JSONSchema.Profile.gemini.converting(atLimit) }
            #expect(converted["properties"]?["a"]?["type"] == "object")
            let violations = try onSmallStack { JSONSchema.Profile.openAIStrict.violations(in: atLimit) }
            #expect(violations.contains { $0.message.contains("10 levels") })
            let tooDeep = Self.nested(600)
            #expect {
                try onSmallStack { try JSONSchema.Profile.anthropic.converting(tooDeep) }
            } throws: { ($0 as? JSONSchemaGenerationError)?.kind == .invalidDocument }
            let deepViolations = try onSmallStack { JSONSchema.Profile.standard.violations(in: tooDeep) }
            #expect(deepViolations.map(\.message) == ["the schema nests more than 64 levels"])
        }

        @Test("generation on a 512 KiB stack")
        func smallStack() throws {
            let document = try onSmallStack { try JSONSchema.document(for: Station.self, profile: .openAIStrict) }
            #expect(document["properties"]?["neighbours"] != nil)
        }

        @Test("many threads generating at once get the same documents")
        func concurrency() async throws {
            let expected = try JSONSchema.document(for: Reading.self).jsonString()
            try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        let profile: JSONSchema.Profile = [.standard, .openAIStrict, .gemini][index % 3]
                        _ = try JSONSchema.document(for: Station.self, profile: profile)
                        _ = try JSONSchema(for: Station.self)
                        return try JSONSchema.document(for: Reading.self).jsonString()
                    }
                }
                for try await document in group { #expect(document == expected) }
            }
        }
    }
}
