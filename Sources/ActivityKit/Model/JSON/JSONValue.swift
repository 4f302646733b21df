/// A JSON value as ``JSONParser`` reads it from a document, for ``JSONValueDecoder`` to decode.
enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written as an integer within `Int`'s range (`-12`).
    case integer(Int)
    /// Any other number, correctly rounded to a `Double` (infinite beyond its range).
    case number(Double)
    /// A string, its escapes resolved.
    case string(String)
    /// An array's elements, in order.
    case array([JSONValue])
    /// An array of numbers only, each exactly a `Double` (an integer of magnitude at most 2^53 converts exactly, and
    /// decodes as its `.integer` would), in order: a model's thresholds and indices without an enum for each.
    case numbers([Double])
    /// An object's members, in document order (their names are unique).
    case object([(name: String, value: JSONValue)])

    /// The kind of value, as messages name it.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array, .numbers: "a list"
        case .object: "an object"
        }
    }

    /// The number as a `Double` that decodes exactly as this value does, or nil for another kind of value or an
    /// integer beyond 2^53 in magnitude.
    var exactDouble: Double? {
        switch self {
        case .number(let value): value
        case .integer(let value) where value.magnitude <= 1 << 53: Double(value)
        default: nil
        }
    }
}
