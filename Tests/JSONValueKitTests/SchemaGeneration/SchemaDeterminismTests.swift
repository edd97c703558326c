import Testing

@testable import JSONValueKit

#if FullFoundation || canImport(Darwin) || !canImport(FoundationEssentials)
import Foundation
#else
import FoundationEssentials
#endif

enum DeterminismModels {
    enum Billing {
        struct Item: Codable {
            var sku: String
            var cents: Int
        }
    }

    enum Catalog {
        struct Item: Codable {
            var title: String
        }
    }

    struct Order: Codable {
        var first: Billing.Item
        var second: Billing.Item
        var listed: Catalog.Item
        var alsoListed: Catalog.Item
        var box: Box<Int>
        var otherBox: Box<Int>
    }

    struct Box<Content: Codable>: Codable {
        var content: Content
    }

    /// The same as the demo's `WeatherArgs`, whose schema the demo prints.
    struct WeatherArgs: Codable, JSONSchemaCustomizing {
        enum Units: String, Codable, CaseIterable {
            case celsius
            case fahrenheit
        }

        struct Place: Codable {
            var city: String
            var country: String?
        }

        var place: Place
        var units: Units?
        var days: Int
        var alternatives: [Place]?

        static var schemaDescription: String? { "Arguments of get_weather." }

        static var schemaGuides: [PartialKeyPath<WeatherArgs>: JSONSchema.Guide] {
            [
                \.place: .init(description: "Where to forecast."),
                \.units: .init(description: "Units for temperatures.", default: "celsius"),
                \.days: .init(description: "How many days to forecast.", minimum: 1, maximum: 14),
            ]
        }
    }
}

extension DeterminismModels {
    @Suite("Schemas from Swift types: the same bytes in every run")
    struct SchemaDeterminismTests {
        /// A document made afresh, without the caches.
        private func fresh<T: Decodable>(_ type: T.Type, _ profile: JSONSchema.Profile = .standard) throws -> String {
            let probe = _SchemaProbe(options: _GenerationOptions(decoder: JSONValueDecoder()))
            var writer = _SchemaWriter(probe: probe, mode: profile.writerMode)
            let document = try writer.document(for: probe.slot(T.self))
            return try (profile.isStandard ? document : profile.converting(document)).jsonString()
        }

        @Test("two types of one name get names qualified by their enclosing types; generic types a name of their own")
        func names() throws {
            let document = try JSONSchema.document(for: Order.self)
            #expect(document["$defs"]?.objectValue?.keys == ["Billing.Item", "Catalog.Item", "Box_Int"])
            #expect(document["properties"]?["listed"] == ["$ref": "#/$defs/Catalog.Item"])
            func local() -> [String] {
                struct Item {}
                return _SchemaWriter.definitionNames([Item.self, DeterminismModels.Billing.Item.self])
            }
            func otherLocal() -> Any.Type {
                struct Item {}
                return Item.self
            }
            // Local types are named by the types around their function, and
            // numbered where those are the same, in order.
            let names = _SchemaWriter.definitionNames([
                otherLocal(), DeterminismModels.Catalog.Item.self, otherLocal(),
            ])
            #expect(names == ["SchemaDeterminismTests.Item", "Catalog.Item", "SchemaDeterminismTests.Item_2"])
            #expect(local() == ["SchemaDeterminismTests.Item", "Billing.Item"])
        }

        @Test(
            "generated afresh, the bytes are the same", arguments: ["standard", "openAIStrict", "anthropic", "gemini"])
        func fresh(_ name: String) throws {
            let profile = [
                "standard": JSONSchema.Profile.standard, "openAIStrict": .openAIStrict, "anthropic": .anthropic,
                "gemini": .gemini,
            ][name]!
            let first = try fresh(WeatherArgs.self, profile)
            for _ in 0..<3 { #expect(try fresh(WeatherArgs.self, profile) == first) }
            #expect(try fresh(Order.self) == fresh(Order.self))
        }

        @Test("the exact bytes of a document")
        func bytes() throws {
            #expect(
                try JSONSchema.document(for: WeatherArgs.self).jsonString()
                    == ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","description":"Arguments of get_weather.","properties":{"place":{"$ref":"#/$defs/Place","description":"Where to forecast."},"units":{"type":["string","null"],"description":"Units for temperatures.","enum":["celsius","fahrenheit",null],"default":"celsius"},"days":{"type":"integer","description":"How many days to forecast.","minimum":1,"maximum":14},"alternatives":{"type":["array","null"],"items":{"$ref":"#/$defs/Place"}}},"required":["place","days"],"$defs":{"Place":{"type":"object","properties":{"city":{"type":"string"},"country":{"type":["string","null"]}},"required":["city"]}}}"##
            )
        }

        #if FullFoundation && os(Linux)
        /// The demo prints the same type's documents from processes of their
        /// own, each with its own hash seed.
        @Test("other processes print the same bytes")
        func processes() throws {
            let demo = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("jsonvalue-demo")
            guard FileManager.default.isExecutableFile(atPath: demo.path) else {
                Issue.record("the demo is not built next to the tests at \(demo.path): run swift build --build-tests")
                return
            }
            for (name, profile) in [
                ("standard", JSONSchema.Profile.standard), ("openAIStrict", .openAIStrict), ("anthropic", .anthropic),
                ("gemini", .gemini),
            ] {
                let expected = try JSONSchema.document(for: WeatherArgs.self, profile: profile).jsonString()
                for _ in 0..<2 {
                    let process = Process()
                    process.executableURL = demo
                    process.arguments = ["--schema", name]
                    var environment = ProcessInfo.processInfo.environment
                    environment["SWIFT_DETERMINISTIC_HASHING"] = nil
                    process.environment = environment
                    let pipe = Pipe()
                    process.standardOutput = pipe
                    try process.run()
                    let output = pipe.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    #expect(String(decoding: output, as: UTF8.self) == expected + "\n", "\(name)")
                }
            }
        }
        #endif
    }
}
