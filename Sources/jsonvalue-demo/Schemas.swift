#if JSONSchema

import JSONValueKit

/// The arguments of a `get_weather` tool, whose schema `--schema` prints.
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

/// Prints the schema of ``WeatherArgs`` for a profile, as compact JSON: the
/// same bytes in every run.
func printSchema(profileName: String) throws {
    let profiles: [String: JSONSchema.Profile] = [
        "standard": .standard, "openAIStrict": .openAIStrict, "anthropic": .anthropic, "gemini": .gemini,
    ]
    guard let profile = profiles[profileName] else {
        throw DemoError(message: "unknown profile \(profileName): use standard, openAIStrict, anthropic or gemini.")
    }
    print(try JSONSchema.document(for: WeatherArgs.self, profile: profile).jsonString())
}

#endif
