import Foundation
import JSONValueKit

// Typed models of twitter.json (with `.convertFromSnakeCase`, as an app would
// decode it) and citm_catalog.json, for the coder benchmarks.

struct Twitter: Codable {
    var statuses: [Status]
    var searchMetadata: SearchMetadata
}

struct Status: Codable {
    var metadata: StatusMetadata
    var createdAt: String
    var id: Int
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: Int?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: Int?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user: User
    var geo: JSONValue?
    var coordinates: JSONValue?
    var place: JSONValue?
    var contributors: JSONValue?
    var retweetCount: Int
    var favoriteCount: Int
    var entities: Entities
    var favorited: Bool
    var retweeted: Bool
    var lang: String
    var possiblySensitive: Bool?
}

struct StatusMetadata: Codable {
    var resultType: String
    var isoLanguageCode: String
}

struct User: Codable {
    var id: Int
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: String?
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: String
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var contributorsEnabled: Bool
    var isTranslator: Bool
    var profileBackgroundColor: String
    var profileBackgroundImageUrl: String
    var profileImageUrlHttps: String
    var profileBannerUrl: String?
    var profileUseBackgroundImage: Bool
    var defaultProfile: Bool
    var following: Bool
    var notifications: Bool
}

struct Entities: Codable {
    var hashtags: [Hashtag]
    var symbols: [JSONValue]
    var urls: [URLEntity]
    var userMentions: [Mention]
}

struct Hashtag: Codable {
    var text: String
    var indices: [Int]
}

struct URLEntity: Codable {
    var url: String
    var expandedUrl: String
    var displayUrl: String
    var indices: [Int]
}

struct Mention: Codable {
    var screenName: String
    var name: String
    var id: Int
    var idStr: String
    var indices: [Int]
}

struct SearchMetadata: Codable {
    var completedIn: Double
    var maxId: Int
    var maxIdStr: String
    var nextResults: String
    var query: String
    var refreshUrl: String
    var count: Int
    var sinceId: Int
    var sinceIdStr: String
}

struct Catalog: Codable {
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var blockNames: [String: String]
    var events: [String: Event]
    var performances: [Performance]
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var subjectNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]
}

struct Event: Codable {
    var description: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
}

struct Performance: Codable {
    var eventId: Int
    var id: Int
    var logo: String?
    var name: String?
    var prices: [Price]
    var seatCategories: [SeatCategory]
    var seatMapImage: String?
    var start: Int
    var venueCode: String
}

struct Price: Codable {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
}

struct SeatCategory: Codable {
    var areas: [Area]
    var seatCategoryId: Int
}

struct Area: Codable {
    var areaId: Int
    var blockIds: [Int]
}
