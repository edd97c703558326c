/// The common AnyCodable-style decoder: probes nil, Bool, Int, UInt, Double,
/// String, array, object, each with `try?`. The baseline for JSONValue's
/// `init(from:)`.
enum NaiveJSON: Decodable {
    case null
    case bool(Bool)
    case int(Int)
    case uint(UInt)
    case double(Double)
    case string(String)
    case array([NaiveJSON])
    case object([String: NaiveJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(UInt.self) {
            self = .uint(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([NaiveJSON].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: NaiveJSON].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value")
        }
    }
}
