import FoundationEssentials

/// The `Encoder` of ``JSONLineWriter``: one per value being encoded, holding what that value became.
final class JSONLineEncoder: Encoder {
    /// The bytes and state shared by the whole line.
    let document: JSONLineDocument
    /// Whether keyed containers write their keys in snake_case (not for a `[String: Value]` dictionary's keys).
    let convertsKeys: Bool
    /// The value encoded so far, if any.
    private(set) var value: JSONLineValue?
    /// The encoder of the container this value sits in, and its key there.
    let parent: (encoder: JSONLineEncoder, key: any CodingKey)?

    /// An encoder for the top-level value, or for a value at `key` under `parent`.
    init(
        document: JSONLineDocument, parent: (encoder: JSONLineEncoder, key: any CodingKey)? = nil,
        convertsKeys: Bool = true, value: JSONLineValue? = nil
    ) {
        self.document = document
        self.parent = parent
        self.convertsKeys = convertsKeys
        self.value = value
    }

    /// The keys from the top-level value down to this one.
    var codingPath: [any CodingKey] {
        guard let parent else { return [] }
        return parent.encoder.codingPath + [parent.key]
    }

    /// No user info: JSONLine's encoder has none.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A keyed container on this value's object (the same object if one was asked for before).
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONLineKeyedContainer<Key>(encoder: self, object: object()))
    }

    /// An unkeyed container on this value's array (the same array if one was asked for before).
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONLineUnkeyedContainer(encoder: self, array: array())
    }

    /// A container for this value as one primitive or nested value.
    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONLineSingleValueContainer(encoder: self)
    }

    /// Sets this value once; a second value goes to `JSONEncoder`, which refuses it.
    func set(_ newValue: JSONLineValue) {
        guard value == nil else { return document.deferToFoundation() }
        value = newValue
    }

    /// The object this value is, made now if it is nothing yet.
    private func object() -> JSONLineObject {
        switch value {
        case .object(let object)?: return object
        case nil:
            let object = JSONLineObject()
            value = .object(object)
            return object
        default:
            document.deferToFoundation()
            return JSONLineObject()
        }
    }

    /// The array this value is, made now if it is nothing yet.
    private func array() -> JSONLineArray {
        switch value {
        case .array(let array)?: return array
        case nil:
            let array = JSONLineArray()
            value = .array(array)
            return array
        default:
            document.deferToFoundation()
            return JSONLineArray()
        }
    }

    /// `value` as the value of a new encoder under `parent` (`nil`: the top level, or the place of a single-value
    /// container's encoder): primitives written at once, anything else through its `encode(to:)`, with its keys
    /// left as they are if it is a `[String: Value]` dictionary (they are data); what `JSONEncoder` treats
    /// specially (dates, data, URLs, decimals) goes to it.
    static func box<Value: Encodable>(
        _ value: Value, in document: JSONLineDocument, under parent: (encoder: JSONLineEncoder, key: any CodingKey)?
    ) -> JSONLineValue {
        if let primitive = primitive(value, in: document) { return primitive }
        if Value.self == Date.self || Value.self == Data.self || Value.self == URL.self || Value.self == Decimal.self {
            document.deferToFoundation()
            return document.keyword("null")
        }
        if Value.self == [String: Double].self {
            // Numbers by name (class probabilities) written directly: Dictionary's own `encode(to:)` casts every key and
            // boxes every value generically, most of the time of a prediction's line.
            let object = JSONLineObject()
            for (key, number) in unsafeBitCast(value, to: [String: Double].self) {
                object.members.append((document.memberName(key, converting: false), document.literal(number)))
            }
            return .object(object)
        }
        let isDictionary = Value.self is any StringKeyedDictionary.Type
        let encoder = JSONLineEncoder(document: document, parent: parent, convertsKeys: !isDictionary)
        do {
            try value.encode(to: encoder)
        } catch {
            document.deferToFoundation()
        }
        return encoder.value ?? .object(JSONLineObject())
    }

    /// `value` as a literal if it is a string, a number or a Boolean.
    private static func primitive<Value: Encodable>(_ value: Value, in document: JSONLineDocument) -> JSONLineValue? {
        switch Value.self {
        case is Double.Type: document.literal(unsafeBitCast(value, to: Double.self))
        case is String.Type: document.literal(unsafeBitCast(value, to: String.self))
        case is Int.Type: document.literal(unsafeBitCast(value, to: Int.self))
        case is Bool.Type: unsafeBitCast(value, to: Bool.self) ? document.keyword("true") : document.keyword("false")
        case is Float.Type: document.literal(unsafeBitCast(value, to: Float.self))
        default: nil
        }
    }
}

/// `[String: Value]` dictionaries, whose keys `JSONEncoder` writes without converting them.
protocol StringKeyedDictionary {}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Encodable {}
