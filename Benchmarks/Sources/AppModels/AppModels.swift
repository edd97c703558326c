import Foundation

// Models of the three corpus files written the way an app developer writes
// them, not the way the benchmarks' first models (Benchmarks/JSONValueBenchmarks/Models.swift)
// mirror the files member for member: only the members the app uses, some
// optional, nested arrays of structs, enums with raw values, Int64 ids, URLs,
// dictionaries keyed by ids, arrays of integers, dates, `CodingKeys` that
// rename, and snake-case conversion. The decoders may not be tuned to them:
// they stand for the models readers will decode.
//
// - `Timeline` (twitter.json): decoded with `.convertFromSnakeCase`; a tweet
//   may carry the tweet it retweets, media sizes are a `[String: MediaSize]`.
// - `EventCatalog` (citm_catalog.json): plain keys with `CodingKeys` that
//   rename a few, `[String: Event]` and `[String: String]` keyed by ids,
//   `[String: [Int]]`, and dates in milliseconds since 1970.
// - `Country` (canada.json): GeoJSON, arrays of coordinate pairs of doubles.

// MARK: - twitter.json

public struct Timeline: Codable, Equatable, Sendable {
    public var statuses: [Tweet]
    public var searchMetadata: SearchInfo
}

public struct SearchInfo: Codable, Equatable, Sendable {
    public var completedIn: Double
    public var maxId: Int64
    public var nextResults: String?
    public var query: String
    public var count: Int
    public var sinceId: Int64
}

public struct Tweet: Codable, Equatable, Sendable {
    public var id: Int64
    public var idStr: String
    public var createdAt: String
    public var text: String
    public var source: String
    public var truncated: Bool
    public var inReplyToStatusId: Int64?
    public var inReplyToUserId: Int64?
    public var inReplyToScreenName: String?
    public var user: TwitterUser
    public var retweetCount: Int
    public var favoriteCount: Int
    public var favorited: Bool
    public var retweeted: Bool
    public var possiblySensitive: Bool?
    public var lang: String
    public var metadata: TweetMetadata
    public var entities: TweetEntities
    public var retweetedStatus: RetweetedTweet?
}

/// A retweeted tweet: a tweet without a retweet of its own.
public struct RetweetedTweet: Codable, Equatable, Sendable {
    public var id: Int64
    public var createdAt: String
    public var text: String
    public var user: TwitterUser
    public var retweetCount: Int
    public var favoriteCount: Int
    public var lang: String
    public var metadata: TweetMetadata
    public var entities: TweetEntities
}

public struct TweetMetadata: Codable, Equatable, Sendable {
    public enum ResultType: String, Codable, Sendable {
        case recent, popular, mixed
    }

    public var resultType: ResultType
    public var isoLanguageCode: String
}

public struct TwitterUser: Codable, Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var screenName: String
    public var location: String?
    public var description: String?
    public var url: URL?
    public var entities: UserEntities?
    public var protected: Bool
    public var verified: Bool
    public var followersCount: Int
    public var friendsCount: Int
    public var statusesCount: Int
    public var favouritesCount: Int
    public var createdAt: String
    public var utcOffset: Int?
    public var timeZone: String?
    public var lang: String
    public var profileImageUrlHttps: URL
    public var profileBannerUrl: URL?
    public var profileBackgroundColor: String
    public var defaultProfile: Bool
}

public struct UserEntities: Codable, Equatable, Sendable {
    public struct Links: Codable, Equatable, Sendable {
        public var urls: [Link]
    }

    public var url: Links?
    public var description: Links
}

public struct TweetEntities: Codable, Equatable, Sendable {
    public var hashtags: [Hashtag]
    public var urls: [Link]
    public var userMentions: [UserMention]
    public var media: [Media]?
}

public struct Hashtag: Codable, Equatable, Sendable {
    public var text: String
    public var indices: [Int]
}

public struct Link: Codable, Equatable, Sendable {
    public var url: String
    public var expandedUrl: String
    public var displayUrl: String
    public var indices: [Int]
}

public struct UserMention: Codable, Equatable, Sendable {
    public var id: Int64
    public var screenName: String
    public var name: String
    public var indices: [Int]
}

public struct Media: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case photo, video
        case animatedGIF = "animated_gif"
    }

    public var id: Int64
    public var type: Kind
    public var mediaUrlHttps: URL
    public var url: String
    public var displayUrl: String
    public var sizes: [String: MediaSize]
    public var indices: [Int]
    public var sourceStatusId: Int64?
}

public struct MediaSize: Codable, Equatable, Sendable {
    public enum Resize: String, Codable, Sendable {
        case fit, crop
    }

    public var w: Int
    public var h: Int
    public var resize: Resize
}

// MARK: - citm_catalog.json

public struct EventCatalog: Codable, Equatable, Sendable {
    public var areas: [String: String]
    public var audienceSubCategories: [String: String]
    public var events: [String: Event]
    public var performances: [Performance]
    public var seatCategories: [String: String]
    public var subTopics: [String: String]
    public var topics: [String: String]
    public var topicSubTopics: [String: [Int]]
    public var venues: [String: String]

    enum CodingKeys: String, CodingKey {
        case areas = "areaNames"
        case audienceSubCategories = "audienceSubCategoryNames"
        case events
        case performances
        case seatCategories = "seatCategoryNames"
        case subTopics = "subTopicNames"
        case topics = "topicNames"
        case topicSubTopics
        case venues = "venueNames"
    }

    public struct Event: Codable, Equatable, Sendable {
        public var id: Int
        public var name: String
        public var description: String?
        public var subtitle: String?
        public var logo: String?
        public var subjectCode: String?
        public var topicIds: [Int]
        public var subTopicIds: [Int]
    }

    public struct Performance: Codable, Equatable, Sendable {
        public var id: Int
        public var eventId: Int
        public var name: String?
        public var logo: String?
        public var start: Date
        public var venue: Venue
        public var seatMapImage: String?
        public var prices: [Price]
        public var seatCategories: [SeatCategory]

        enum CodingKeys: String, CodingKey {
            case id, eventId, name, logo, start, seatMapImage, prices, seatCategories
            case venue = "venueCode"
        }
    }

    public enum Venue: String, Codable, Sendable {
        case pleyel = "PLEYEL_PLEYEL"
    }

    public struct Price: Codable, Equatable, Sendable {
        public var amount: Int
        public var audienceSubCategoryId: Int
        public var seatCategoryId: Int
    }

    public struct SeatCategory: Codable, Equatable, Sendable {
        public var seatCategoryId: Int
        public var areas: [Area]
    }

    public struct Area: Codable, Equatable, Sendable {
        public var areaId: Int
        public var blockIds: [Int]
    }
}

// MARK: - canada.json

public struct Country: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case featureCollection = "FeatureCollection"
        case feature = "Feature"
    }

    public struct Feature: Codable, Equatable, Sendable {
        public var type: Kind
        public var properties: [String: String]
        public var geometry: Geometry
    }

    public struct Geometry: Codable, Equatable, Sendable {
        public enum Kind: String, Codable, Sendable {
            case polygon = "Polygon"
            case multiPolygon = "MultiPolygon"
        }

        public var type: Kind
        /// Rings of longitude and latitude pairs.
        public var coordinates: [[[Double]]]
    }

    public var type: Kind
    public var features: [Feature]
}

// MARK: - How each model is decoded and encoded

/// A model and the strategies an app decodes it with, the same for every
/// coder compared.
public struct AppModelCase: Sendable {
    public var name: String
    /// The corpus file.
    public var file: String
    public var snakeCase: Bool
    public var millisecondDates: Bool

    public static let all: [AppModelCase] = [
        AppModelCase(name: "app-twitter", file: "twitter", snakeCase: true, millisecondDates: false),
        AppModelCase(name: "app-citm_catalog", file: "citm_catalog", snakeCase: false, millisecondDates: true),
        AppModelCase(name: "app-canada", file: "canada", snakeCase: false, millisecondDates: false),
        // The models of `HeldOutStyleModels.swift`, written differently.
        AppModelCase(name: "heldout-twitter", file: "twitter", snakeCase: false, millisecondDates: false),
        AppModelCase(name: "heldout-citm_catalog", file: "citm_catalog", snakeCase: false, millisecondDates: true),
    ]
}
