import JSONValueKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Models for the parity tests: each is decoded by JSONDecoder from text and by
// JSONValueDecoder from the parsed tree, and encoded by both encoders.

struct Address: Codable, Equatable {
    var street: String
    var city: String
    var zip: String?
}

enum Kind: String, Codable, Equatable {
    case admin, member
}

enum Level: Int, Codable, Equatable {
    case low = 1
    case high = 2
}

enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
    case labelled(String, Int)
    case empty
}

struct Person: Codable, Equatable {
    var name: String
    var age: Int
    var address: Address
    var tags: [String]
    var scores: [Double?]
    var nicknames: [String: String]
    var byID: [Int: String]
    var kind: Kind
    var level: Level
    var shape: Shape
    var shapes: [Shape]
    var friend: Address?
    var birthday: Date
    var avatar: Data
    var homepage: URL
    var balance: Decimal
    var ratio: Float
    var flags: [Bool]?
}

struct Widths: Codable, Equatable {
    var i8: Int8
    var i16: Int16
    var i32: Int32
    var i64: Int64
    var u: UInt
    var u8: UInt8
    var u16: UInt16
    var u32: UInt32
    var u64: UInt64
    var f: Float
    var d: Double
}

class Animal: Codable, Equatable {
    var name: String

    init(name: String) {
        self.name = name
    }

    static func == (lhs: Animal, rhs: Animal) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
    }

    func isEqual(to other: Animal) -> Bool { name == other.name }
}

final class Dog: Animal {
    var breed: String
    var legs: [Int]

    enum CodingKeys: String, CodingKey {
        case breed, legs, base
    }

    init(name: String, breed: String, legs: [Int]) {
        self.breed = breed
        self.legs = legs
        super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        var legs = try container.nestedUnkeyedContainer(forKey: .legs)
        var values: [Int] = []
        while !legs.isAtEnd { values.append(try legs.decode(Int.self)) }
        self.legs = values
        // One parent under "super", as synthesized code would use.
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // The nested container outlives the statements that follow it.
        var legs = container.nestedUnkeyedContainer(forKey: .legs)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
        for leg in self.legs { try legs.encode(leg) }
    }

    override func isEqual(to other: Animal) -> Bool {
        guard let other = other as? Dog else { return false }
        return name == other.name && breed == other.breed && legs == other.legs
    }
}

/// A class that keeps its parent under a key of its own.
final class Cat: Animal {
    var lives: Int

    enum CodingKeys: String, CodingKey {
        case lives, parent
    }

    init(name: String, lives: Int) {
        self.lives = lives
        super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lives = try container.decode(Int.self, forKey: .lives)
        try super.init(from: container.superDecoder(forKey: .parent))
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lives, forKey: .lives)
        try super.encode(to: container.superEncoder(forKey: .parent))
    }

    override func isEqual(to other: Animal) -> Bool {
        guard let other = other as? Cat else { return false }
        return name == other.name && lives == other.lives
    }
}

struct SnakeKeys: Codable, Equatable {
    var firstName: String
    var myURLValue: Int
    var url: String
    var someHTTPRequest: Bool
    var x1Y2: Int
    // An underscore inside a coding key on purpose: the snake-case conversions must match Foundation's.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var alreadySnake_case: Int
    var table: [String: Int]
}

struct Dated: Codable, Equatable {
    var when: Date
    var dates: [Date]
    var maybe: Date?
}

struct Blob: Codable, Equatable {
    var data: Data
    var more: [Data]
}

struct Floats: Codable, Equatable {
    var values: [Double]
    var single: Float

    static func == (lhs: Floats, rhs: Floats) -> Bool {
        lhs.values.map(\.bitPattern) == rhs.values.map(\.bitPattern) && lhs.single.bitPattern == rhs.single.bitPattern
    }
}

/// Reads a value from `userInfo` while decoding and encoding.
struct Contextual: Codable, Equatable {
    static let key = CodingUserInfoKey(rawValue: "multiplier")!
    var value: Int

    init(value: Int) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let factor = decoder.userInfo[Self.key] as? Int ?? 1
        value = try decoder.singleValueContainer().decode(Int.self) * factor
    }

    func encode(to encoder: any Encoder) throws {
        let factor = encoder.userInfo[Self.key] as? Int ?? 1
        var container = encoder.singleValueContainer()
        try container.encode(value * factor)
    }
}

/// Decodes a fixed number of elements from an array, to exercise the unkeyed
/// container's end.
struct Triple: Codable, Equatable {
    var a: Int
    var b: String
    var c: Bool?

    init(a: Int, b: String, c: Bool?) {
        self.a = a
        self.b = b
        self.c = c
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        a = try container.decode(Int.self)
        b = try container.decode(String.self)
        c = try container.decodeNil() ? nil : try container.decode(Bool.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(a)
        try container.encode(b)
        if let c { try container.encode(c) } else { try container.encodeNil() }
    }
}

struct WithValue: Codable, Equatable {
    var id: Int
    var ext: JSONValue
}
