/// A JSON-shaped value whose encoding goes through every kind of container and primitive an `Encoder` offers.
indirect enum Tree: Encodable, CustomStringConvertible {
    case double(Double)
    case float(Float)
    case int(Int)
    case int8(Int8)
    case uint64(UInt64)
    case bool(Bool)
    case string(String)
    case null
    /// An unkeyed container, each element through the generic `encode`.
    case array([Tree])
    /// A keyed container with these keys, in this order; primitives through their own overloads.
    case object([(String, Tree)])
    /// A `[String: Tree]` dictionary, encoded through a single-value container.
    case dictionary([String: Tree])
    /// An optional, encoded with `encodeIfPresent` under `key` of a keyed container.
    case optional(key: String, Tree?)
    /// A keyed container holding a nested keyed container and a nested unkeyed container.
    case nested(key: String, members: [(String, Tree)], listKey: String, elements: [Tree])

    /// Keys made at run time.
    struct Key: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        var intValue: Int? { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .double(let value): try encodeSingle(value, to: encoder)
        case .float(let value): try encodeSingle(value, to: encoder)
        case .int(let value): try encodeSingle(value, to: encoder)
        case .int8(let value): try encodeSingle(value, to: encoder)
        case .uint64(let value): try encodeSingle(value, to: encoder)
        case .bool(let value): try encodeSingle(value, to: encoder)
        case .string(let value): try encodeSingle(value, to: encoder)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try Self.encode(value, forKey: Key(key), in: &container) }
        case .dictionary(let dictionary):
            var container = encoder.singleValueContainer()
            try container.encode(dictionary)
        case .optional(let key, let value):
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(value, forKey: Key(key))
        case .nested(let key, let members, let listKey, let elements):
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(key))
            for (member, value) in members { try Self.encode(value, forKey: Key(member), in: &nested) }
            var list = container.nestedUnkeyedContainer(forKey: Key(listKey))
            for element in elements {
                switch element {
                case .double(let value): try list.encode(value)
                case .string(let value): try list.encode(value)
                case .null: try list.encodeNil()
                case .object(let members):
                    var inner = list.nestedContainer(keyedBy: Key.self)
                    for (member, value) in members { try Self.encode(value, forKey: Key(member), in: &inner) }
                default: try list.encode(element)
                }
            }
        }
    }

    /// Encodes a primitive through the single-value container's own overload.
    private func encodeSingle<Value: Encodable>(_ value: Value, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case let value as Double: try container.encode(value)
        case let value as Float: try container.encode(value)
        case let value as Int: try container.encode(value)
        case let value as Int8: try container.encode(value)
        case let value as UInt64: try container.encode(value)
        case let value as Bool: try container.encode(value)
        case let value as String: try container.encode(value)
        default: try container.encode(value)
        }
    }

    /// Encodes `value` at `key`, primitives through the keyed container's own overloads.
    private static func encode(_ value: Tree, forKey key: Key, in container: inout KeyedEncodingContainer<Key>) throws {
        switch value {
        case .double(let number): try container.encode(number, forKey: key)
        case .float(let number): try container.encode(number, forKey: key)
        case .int(let number): try container.encode(number, forKey: key)
        case .int8(let number): try container.encode(number, forKey: key)
        case .uint64(let number): try container.encode(number, forKey: key)
        case .bool(let flag): try container.encode(flag, forKey: key)
        case .string(let text): try container.encode(text, forKey: key)
        case .null: try container.encodeNil(forKey: key)
        default: try container.encode(value, forKey: key)
        }
    }

    var description: String {
        switch self {
        case .double(let value): "\(value)"
        case .float(let value): "\(value)f"
        case .int(let value): "\(value)"
        case .int8(let value): "\(value)i8"
        case .uint64(let value): "\(value)u64"
        case .bool(let value): "\(value)"
        case .string(let value): value.debugDescription
        case .null: "null"
        case .array(let elements): "[\(elements.map(\.description).joined(separator: ", "))]"
        case .object(let members): "{\(members.map { "\($0.0.debugDescription): \($0.1)" }.joined(separator: ", "))}"
        case .dictionary(let dictionary): "dict\(dictionary)"
        case .optional(let key, let value): "{\(key.debugDescription)?: \(value.map(\.description) ?? "nil")}"
        case .nested(let key, let members, let listKey, let elements):
            "{\(key.debugDescription): \(Tree.object(members)), \(listKey.debugDescription): \(Tree.array(elements))}"
        }
    }
}

/// Random ``Tree``s from a seed: numbers of every magnitude (and now and then not finite), strings with quotes,
/// control characters and non-ASCII text, camelCase keys with acronyms and digits.
struct TreeGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next 64 random bits (SplitMix64).
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A random integer in `0..<bound`.
    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A random tree; containers get rarer with depth.
    mutating func tree(depth: Int) -> Tree {
        let kinds = depth < 4 ? 13 : 8
        switch below(kinds) {
        case 0, 1: return .double(double())
        case 2: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: next())))
        case 3: return .int(Int(bitPattern: UInt(next() >> UInt64(below(64)))) * (below(2) == 0 ? 1 : -1))
        case 4: return .int8(Int8(truncatingIfNeeded: next()))
        case 5: return .uint64(next())
        case 6: return below(3) == 0 ? .null : .bool(below(2) == 0)
        case 7: return .string(string())
        case 8: return .array((0..<below(5)).map { _ in tree(depth: depth + 1) })
        case 9: return .object((0..<below(5)).map { _ in (key(), tree(depth: depth + 1)) })
        case 10:
            var dictionary: [String: Tree] = [:]
            for _ in 0..<below(5) { dictionary[string()] = tree(depth: depth + 1) }
            return .dictionary(dictionary)
        case 11: return .optional(key: key(), below(2) == 0 ? nil : tree(depth: depth + 1))
        default:
            // Two containers at one key are a precondition failure in JSONEncoder: the list's key is longer.
            let nestedKey = key()
            return .nested(
                key: nestedKey, members: (0..<below(4)).map { _ in (key(), tree(depth: depth + 1)) },
                listKey: nestedKey + "List",
                elements: (0..<below(4)).map { _ in tree(depth: depth + 1) })
        }
    }

    /// Doubles of every kind: integers, short decimals, extremes, signed zeros, random bit patterns.
    private mutating func double() -> Double {
        switch below(8) {
        case 0: return Double(below(2000)) - 1000
        case 1: return Double(below(100_000)) / [10, 100, 1000, 1e6][below(4)]
        case 2: return [0.0, -0.0, 1e16, 1e-5, 1e-7, 1e21, 1e22, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, 100][below(11)]
        case 3: return below(40) == 0 ? [Double.nan, .infinity, -.infinity][below(3)] : 1.5
        default:
            let value = Double(bitPattern: next())
            return value.isFinite ? value : 2.5
        }
    }

    /// Strings of ASCII, quotes, backslashes, slashes, control characters and non-ASCII scalars.
    private mutating func string() -> String {
        let pieces = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1f}", "\u{7f}", "é", "\u{2028}", "\u{1F600}", "\u{301}", "_",
        ]
        return (0..<below(7)).map { _ in pieces[below(pieces.count)] }.joined()
    }

    /// Property-like keys: camelCase with acronyms, digits and underscores; now and then a non-ASCII one.
    private mutating func key() -> String {
        let pieces = ["a", "b", "x", "X", "Y", "URL", "Id", "1", "_", "rate", "Rate"]
        let key = (0..<(1 + below(4))).map { _ in pieces[below(pieces.count)] }.joined()
        return below(50) == 0 ? key + "É" : key
    }
}
