import Testing

@testable import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum LocationModels {
    struct Forecast: Codable {
        enum Units: String, Codable, CaseIterable { case celsius, fahrenheit }
        struct Place: Codable {
            var city: String
            var country: String?
        }
        struct Day: Codable {
            var high: Double
            var low: Double
            var sunny: Bool
        }

        var place: Place
        var units: Units?
        var days: Int
        var daily: [Day]
        var alerts: [String: String]
        var hourly: Bool
        var metric: Bool
        var extra: Bool
        var updated: Date
        var id: UUID

        // Computed: no location.
        var summary: String { "\(place.city): \(days) days" }
        var isLong: Bool { days > 7 }
        // A computed property returning a stored one unchanged: its location.
        var cityAlias: String { place.city }
    }

    /// A container with one member: the types tell them apart.
    struct Wrapper: Codable {
        struct Inner: Codable { var value: String }
        var inner: Inner
    }

    /// Members under other names and paths.
    struct Renamed: Codable {
        var title: String
        var count: Int
        enum CodingKeys: String, MappedCodingKey {
            case title = "name"
            case count
            var paths: [JSONPointer] {
                switch self {
                case .title: ["/name"]
                case .count: ["/meta/count"]
                }
            }
        }
    }

    struct Tree: Codable {
        var name: String
        var children: [Tree]
    }

    /// Transforms what it reads.
    struct Shouting: Decodable {
        var name: String
        enum CodingKeys: String, CodingKey { case name }
        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name).uppercased()
        }
    }

    final class Account: Codable {
        var owner: String
        var balance: Decimal
    }

    struct Snake: Codable {
        var firstName: String
        var lastSeen: Date
    }
}

extension LocationModels {
    @Suite("Key paths to JSON locations, from the recording decoder's shapes")
    struct KeyPathLocationTests {
        private func location<Model: Decodable>(
            _ keyPath: PartialKeyPath<Model>, decoder: JSONValueDecoder = JSONValueDecoder()
        ) -> String? {
            _SchemaGeneration.location(of: keyPath, decoder: decoder)?.description
        }

        @Test("stored members, nested members, optionals, enumerations, collections")
        func stored() {
            #expect(location(\Forecast.place) == "/place")
            #expect(location(\Forecast.place.city) == "/place/city")
            #expect(location(\Forecast.place.country) == "/place/country")
            #expect(location(\Forecast.units) == "/units")
            #expect(location(\Forecast.days) == "/days")
            #expect(location(\Forecast.daily) == "/daily")
            #expect(location(\Forecast.daily[0].high) == "/daily/0/high")
            #expect(location(\Forecast.alerts) == "/alerts")
            #expect(location(\Forecast.updated) == "/updated")
            #expect(location(\Forecast.id) == "/id")
            #expect(location(\Forecast.self) == "")
        }

        @Test("Booleans, which hold no marker of their own, are told apart over several instances")
        func booleans() {
            #expect(location(\Forecast.hourly) == "/hourly")
            #expect(location(\Forecast.metric) == "/metric")
            #expect(location(\Forecast.extra) == "/extra")
            #expect(location(\Forecast.daily[0].sunny) == "/daily/0/sunny")
        }

        @Test("computed properties have none, unless they return a member unchanged")
        func computed() {
            #expect(location(\Forecast.summary) == nil)
            #expect(location(\Forecast.isLong) == nil)
            #expect(location(\Forecast.cityAlias) == "/place/city")
        }

        @Test("a container and its only member: the recorded types decide")
        func onlyMember() {
            #expect(location(\Wrapper.inner) == "/inner")
            #expect(location(\Wrapper.inner.value) == "/inner/value")
        }

        @Test("names from coding keys, mapped paths and the key strategy")
        func names() {
            #expect(location(\Renamed.title) == "/name")
            #expect(location(\Renamed.count) == "/meta/count")
            var decoder = JSONValueDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.dateDecodingStrategy = .iso8601
            #expect(location(\Snake.firstName, decoder: decoder) == "/first_name")
            #expect(location(\Snake.lastSeen, decoder: decoder) == "/last_seen")
        }

        @Test("recursive types, classes, transformed members")
        func others() {
            #expect(location(\Tree.name) == "/name")
            #expect(location(\Tree.children) == "/children")
            #expect(location(\Tree.children[0].name) == "/children/0/name")
            #expect(location(\Account.owner) == "/owner")
            #expect(location(\Account.balance) == "/balance")
            #expect(location(\Shouting.name) == nil)
        }
    }
}
