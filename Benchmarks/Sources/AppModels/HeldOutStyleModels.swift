import Foundation

// A second set of models of the same files, written as other apps write
// them, so that the coders are not tuned to one way of writing a model:
// explicit snake-case `CodingKeys` instead of a key strategy, hand-written
// `init(from:)` with `decodeIfPresent` and defaults, `Int64` and `Int?`
// members, nested enums with raw values, `[String: T]` maps keyed by ids
// with optional members, `Set`-free arrays of integers, and dates.
//
// - `StatusPage` (twitter.json): no key strategy; `CodingKeys` spell the
//   snake-case names.
// - `ShowCatalog` (citm_catalog.json): a hand-written `init(from:)` with
//   `decodeIfPresent` for the maps, shows with optional arrays, dates in
//   milliseconds since 1970.

// MARK: - twitter.json

public struct StatusPage: Codable, Equatable, Sendable {
    public var statuses: [Status]
    public var searchMetadata: Search

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }

    public struct Search: Codable, Equatable, Sendable {
        public var maxID: Int64
        public var sinceID: Int64
        public var refreshURL: String
        public var count: Int
        public var query: String

        enum CodingKeys: String, CodingKey {
            case maxID = "max_id"
            case sinceID = "since_id"
            case refreshURL = "refresh_url"
            case count, query
        }
    }

    public struct Status: Codable, Equatable, Sendable {
        public var id: Int64
        public var text: String
        public var createdAt: String
        public var account: Account
        public var replyToStatus: Int64?
        public var replyToUser: Int64?
        public var retweets: Int
        public var favorites: Int
        public var language: String?
        public var info: Info
        public var entities: Entities
        public var isSensitive: Bool

        enum CodingKeys: String, CodingKey {
            case id, text, entities
            case createdAt = "created_at"
            case account = "user"
            case replyToStatus = "in_reply_to_status_id"
            case replyToUser = "in_reply_to_user_id"
            case retweets = "retweet_count"
            case favorites = "favorite_count"
            case language = "lang"
            case info = "metadata"
            case isSensitive = "possibly_sensitive"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int64.self, forKey: .id)
            text = try container.decode(String.self, forKey: .text)
            createdAt = try container.decode(String.self, forKey: .createdAt)
            account = try container.decode(Account.self, forKey: .account)
            replyToStatus = try container.decodeIfPresent(Int64.self, forKey: .replyToStatus)
            replyToUser = try container.decodeIfPresent(Int64.self, forKey: .replyToUser)
            retweets = try container.decodeIfPresent(Int.self, forKey: .retweets) ?? 0
            favorites = try container.decodeIfPresent(Int.self, forKey: .favorites) ?? 0
            language = try container.decodeIfPresent(String.self, forKey: .language)
            info = try container.decode(Info.self, forKey: .info)
            entities = try container.decode(Entities.self, forKey: .entities)
            isSensitive = try container.decodeIfPresent(Bool.self, forKey: .isSensitive) ?? false
        }
    }

    public struct Info: Codable, Equatable, Sendable {
        public enum Kind: String, Codable, Sendable {
            case recent, popular
        }

        public var kind: Kind
        public var languageCode: String

        enum CodingKeys: String, CodingKey {
            case kind = "result_type"
            case languageCode = "iso_language_code"
        }
    }

    public struct Account: Codable, Equatable, Sendable {
        public var id: Int64
        public var name: String
        public var handle: String
        public var location: String
        public var bio: String
        public var website: String?
        public var isProtected: Bool
        public var followers: Int
        public var following: Int
        public var listed: Int
        public var tweets: Int
        public var utcOffset: Int?
        public var timeZone: String?
        public var avatar: String
        public var colors: [String: String]

        enum CodingKeys: String, CodingKey {
            case id, name, location
            case handle = "screen_name"
            case bio = "description"
            case website = "url"
            case isProtected = "protected"
            case followers = "followers_count"
            case following = "friends_count"
            case listed = "listed_count"
            case tweets = "statuses_count"
            case utcOffset = "utc_offset"
            case timeZone = "time_zone"
            case avatar = "profile_image_url_https"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int64.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            handle = try container.decode(String.self, forKey: .handle)
            location = try container.decodeIfPresent(String.self, forKey: .location) ?? ""
            bio = try container.decodeIfPresent(String.self, forKey: .bio) ?? ""
            website = try container.decodeIfPresent(String.self, forKey: .website)
            isProtected = try container.decode(Bool.self, forKey: .isProtected)
            followers = try container.decode(Int.self, forKey: .followers)
            following = try container.decode(Int.self, forKey: .following)
            listed = try container.decode(Int.self, forKey: .listed)
            tweets = try container.decode(Int.self, forKey: .tweets)
            utcOffset = try container.decodeIfPresent(Int.self, forKey: .utcOffset)
            timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
            avatar = try container.decode(String.self, forKey: .avatar)
            colors = [:]
            // The profile colors, as a map of their own.
            let all = try decoder.container(keyedBy: _ColorKey.self)
            for key in all.allKeys {
                colors[key.stringValue] = try all.decode(String.self, forKey: key)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(handle, forKey: .handle)
            try container.encode(location, forKey: .location)
            try container.encode(bio, forKey: .bio)
            try container.encodeIfPresent(website, forKey: .website)
            try container.encode(isProtected, forKey: .isProtected)
            try container.encode(followers, forKey: .followers)
            try container.encode(following, forKey: .following)
            try container.encode(listed, forKey: .listed)
            try container.encode(tweets, forKey: .tweets)
            try container.encodeIfPresent(utcOffset, forKey: .utcOffset)
            try container.encodeIfPresent(timeZone, forKey: .timeZone)
            try container.encode(avatar, forKey: .avatar)
            var all = encoder.container(keyedBy: _ColorKey.self)
            for (name, color) in colors.sorted(by: { $0.key < $1.key }) {
                try all.encode(color, forKey: _ColorKey(stringValue: name)!)
            }
        }
    }

    /// The keys of a user's `profile_*_color` members.
    struct _ColorKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init?(stringValue: String) {
            guard stringValue.hasPrefix("profile_"), stringValue.hasSuffix("_color") else { return nil }
            self.stringValue = stringValue
        }

        init?(intValue: Int) { nil }
    }

    public struct Entities: Codable, Equatable, Sendable {
        public var hashtags: [Tag]
        public var mentions: [Mention]
        public var links: [Link]
        public var media: [Medium]?

        enum CodingKeys: String, CodingKey {
            case hashtags, media
            case mentions = "user_mentions"
            case links = "urls"
        }
    }

    public struct Tag: Codable, Equatable, Sendable {
        public var text: String
        public var indices: [Int]
    }

    public struct Mention: Codable, Equatable, Sendable {
        public var id: Int64
        public var handle: String
        public var name: String
        public var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case id, name, indices
            case handle = "screen_name"
        }
    }

    public struct Link: Codable, Equatable, Sendable {
        public var url: String
        public var expanded: String?
        public var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case url, indices
            case expanded = "expanded_url"
        }
    }

    public struct Medium: Codable, Equatable, Sendable {
        public enum Kind: String, Codable, Sendable {
            case photo
        }

        public var id: Int64
        public var kind: Kind
        public var mediaURL: String
        public var sizes: [String: Size]

        enum CodingKeys: String, CodingKey {
            case id, sizes
            case kind = "type"
            case mediaURL = "media_url_https"
        }
    }

    public struct Size: Codable, Equatable, Sendable {
        public enum Resize: String, Codable, Sendable {
            case fit, crop
        }

        public var w: Int
        public var h: Int
        public var resize: Resize
    }
}

// MARK: - citm_catalog.json

public struct ShowCatalog: Codable, Equatable, Sendable {
    public var areaNames: [String: String]
    public var audienceSubCategoryNames: [String: String]
    public var blockNames: [String: String]
    public var events: [String: Show]
    public var performances: [Showing]
    public var seatCategoryNames: [String: String]
    public var subTopicNames: [String: String]
    public var subjectNames: [String: String]
    public var topicNames: [String: String]
    public var topicSubTopics: [String: [Int]]
    public var venueNames: [String: String]

    enum CodingKeys: String, CodingKey {
        case areaNames, audienceSubCategoryNames, blockNames, events, performances, seatCategoryNames
        case subTopicNames, subjectNames, topicNames, topicSubTopics, venueNames
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        areaNames = try container.decodeIfPresent([String: String].self, forKey: .areaNames) ?? [:]
        audienceSubCategoryNames =
            try container.decodeIfPresent([String: String].self, forKey: .audienceSubCategoryNames) ?? [:]
        blockNames = try container.decodeIfPresent([String: String].self, forKey: .blockNames) ?? [:]
        events = try container.decode([String: Show].self, forKey: .events)
        performances = try container.decode([Showing].self, forKey: .performances)
        seatCategoryNames = try container.decodeIfPresent([String: String].self, forKey: .seatCategoryNames) ?? [:]
        subTopicNames = try container.decodeIfPresent([String: String].self, forKey: .subTopicNames) ?? [:]
        subjectNames = try container.decodeIfPresent([String: String].self, forKey: .subjectNames) ?? [:]
        topicNames = try container.decodeIfPresent([String: String].self, forKey: .topicNames) ?? [:]
        topicSubTopics = try container.decodeIfPresent([String: [Int]].self, forKey: .topicSubTopics) ?? [:]
        venueNames = try container.decodeIfPresent([String: String].self, forKey: .venueNames) ?? [:]
    }

    public struct Show: Codable, Equatable, Sendable {
        public var id: Int64
        public var name: String
        public var description: String?
        public var subtitle: String?
        public var logo: String?
        public var subjectCode: Int?
        public var topicIds: [Int]?
        public var subTopicIds: [Int]?

        enum CodingKeys: String, CodingKey {
            case id, name, description, subtitle, logo, subjectCode, topicIds, subTopicIds
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int64.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
            logo = try container.decodeIfPresent(String.self, forKey: .logo)
            subjectCode = try container.decodeIfPresent(Int.self, forKey: .subjectCode)
            topicIds = try container.decodeIfPresent([Int].self, forKey: .topicIds)
            subTopicIds = try container.decodeIfPresent([Int].self, forKey: .subTopicIds)
        }
    }

    public struct Showing: Codable, Equatable, Sendable {
        public enum Hall: String, Codable, Sendable {
            case pleyel = "PLEYEL_PLEYEL"
        }

        public var id: Int64
        public var eventID: Int64
        public var name: String?
        public var logo: String?
        public var start: Date
        public var hall: Hall
        public var prices: [Price]
        public var seatCategories: [SeatCategory]

        enum CodingKeys: String, CodingKey {
            case id, name, logo, start, prices, seatCategories
            case eventID = "eventId"
            case hall = "venueCode"
        }
    }

    public struct Price: Codable, Equatable, Sendable {
        public var amount: Int
        public var audienceSubCategoryId: Int64
        public var seatCategoryId: Int64
    }

    public struct SeatCategory: Codable, Equatable, Sendable {
        public var seatCategoryId: Int64
        public var areas: [Area]
    }

    public struct Area: Codable, Equatable, Sendable {
        public var areaId: Int64
        public var blockIds: [Int64]
    }
}
