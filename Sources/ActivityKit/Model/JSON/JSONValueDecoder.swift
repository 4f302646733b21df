import FoundationEssentials

/// Decodes `Decodable` values from JSON documents (``JSONParser``), as Foundation's `JSONDecoder` does with its
/// default strategies, with the same errors (`DecodingError`s naming the coding path).
///
/// Written here for model files: `JSONDecoder` keeps a coding path and dispatches generically for every number, which
/// made decoding the bundled model's 600 trees most of a replay's start-up (`callgrind`, 2026-11-28); this one
/// decodes an array's numbers by indexing them, packed as the parser found them (``JSONValue/numbers(_:)``).
struct JSONValueDecoder {
    /// The value of `type` that `data` holds.
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try Value(from: ValueDecoder(value: try JSONParser.parse(data), codingPath: []))
    }
}

/// The decoder of one parsed value.
private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw DecodingError.mismatch([String: Any].self, value, at: codingPath)
        }
        return KeyedDecodingContainer(ObjectContainer(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .array(let elements): return ArrayContainer(elements: .values(elements), codingPath: codingPath)
        case .numbers(let numbers): return ArrayContainer(elements: .numbers(numbers), codingPath: codingPath)
        default: throw DecodingError.mismatch([Any].self, value, at: codingPath)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath)
    }
}

/// The position of an element in an array, as a coding key.
private struct ElementKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

extension DecodingError {
    /// A value of another kind than `type` at `path` (a `null` is a missing value, as `JSONDecoder` has it).
    fileprivate static func mismatch(_ type: Any.Type, _ value: JSONValue, at path: [any CodingKey]) -> DecodingError {
        let context = Context(codingPath: path, debugDescription: "found \(value.kind)")
        guard case .null = value else { return .typeMismatch(type, context) }
        return .valueNotFound(type, context)
    }
}

extension JSONValue {
    /// The value as a `Bool`.
    fileprivate func bool(at path: [any CodingKey]) throws -> Bool {
        guard case .bool(let value) = self else { throw DecodingError.mismatch(Bool.self, self, at: path) }
        return value
    }

    /// The value as a `String`.
    fileprivate func string(at path: [any CodingKey]) throws -> String {
        guard case .string(let value) = self else { throw DecodingError.mismatch(String.self, self, at: path) }
        return value
    }

    /// The value as a finite `Double` (an integer converted, correctly rounded).
    fileprivate func double(at path: [any CodingKey]) throws -> Double {
        let value: Double
        switch self {
        case .integer(let integer): value = Double(integer)
        case .number(let number): value = number
        default: throw DecodingError.mismatch(Double.self, self, at: path)
        }
        guard value.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "a number beyond a Double's range"))
        }
        return value
    }

    /// The value as a `Float`: the `Double`, which must be within a `Float`'s range.
    fileprivate func float(at path: [any CodingKey]) throws -> Float {
        let value = try double(at: path)
        guard abs(value) <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "a number beyond a Float's range"))
        }
        return Float(value)
    }

    /// The value as an integer of `type`: a number that is a whole one within its range (`3`, `3.0` or `3e0`).
    fileprivate func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, at path: [any CodingKey]) throws -> Integer {
        let integer: Integer?
        switch self {
        case .integer(let value): integer = Integer(exactly: value)
        case .number(let value): integer = Integer(exactly: value)
        default: throw DecodingError.mismatch(type, self, at: path)
        }
        guard let integer else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "the number does not fit \(type)"))
        }
        return integer
    }

    /// `numbers` as integers, or nil unless every one is a whole number within `Int`'s range (then the element-wise
    /// path decodes them, and names the one that failed).
    fileprivate static func integers(_ numbers: [Double]) -> [Int]? {
        var integers: [Int] = []
        integers.reserveCapacity(numbers.count)
        for number in numbers {
            guard let integer = Int(exactly: number) else { return nil }
            integers.append(integer)
        }
        return integers
    }

    /// A value of `type`, decoded from this one found at `path`.
    fileprivate func decode<Value: Decodable>(_ type: Value.Type, at path: [any CodingKey]) throws -> Value {
        try Value(from: ValueDecoder(value: self, codingPath: path))
    }
}

/// The members of an object, looked up by name.
private struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(name: String, value: JSONValue)]
    let codingPath: [any CodingKey]
    /// Each member's position by name, for an object with too many members to search.
    private let positions: [String: Int]?

    init(members: [(name: String, value: JSONValue)], codingPath: [any CodingKey]) {
        self.members = members
        self.codingPath = codingPath
        positions =
            members.count > JSONParser.membersSearched
            ? Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.name, $0) }) : nil
    }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.name) } }

    private func member(_ key: Key) -> JSONValue? { member(named: key.stringValue) }

    private func member(named name: String) -> JSONValue? {
        if let positions { return positions[name].map { members[$0].value } }
        return members.first { $0.name == name }?.value
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    /// The member named by `key`, which must be there.
    private func value(_ key: Key) throws -> JSONValue {
        guard let value = member(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard case .null = try value(key) else { return false }
        return true
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).bool(at: codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).string(at: codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).double(at: codingPath + [key]) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).float(at: codingPath + [key]) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).integer(type, at: codingPath + [key]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).integer(type, at: codingPath + [key]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).integer(type, at: codingPath + [key]) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).integer(type, at: codingPath + [key]) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).integer(type, at: codingPath + [key]) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).integer(type, at: codingPath + [key]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).integer(type, at: codingPath + [key]) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).integer(type, at: codingPath + [key]) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).integer(type, at: codingPath + [key]) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).integer(type, at: codingPath + [key]) }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        let value = try value(key)
        // Packed numbers as a `[Double]` or an `[Int]` without a container or a call per element. The casts are from
        // a type to itself (checked first); `as?` or an optional result would look up their metadata at each call.
        if case .numbers(let numbers) = value {
            if type == [Double].self, numbers.allSatisfy(\.isFinite) { return unsafeBitCast(numbers, to: Value.self) }
            if type == [Int].self, let integers = JSONValue.integers(numbers) {
                return unsafeBitCast(integers, to: Value.self)
            }
        }
        return try value.decode(type, at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        // The member `super`, as JSONDecoder has it (a `Key` need not have a case of that name).
        ValueDecoder(value: member(named: "super") ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: member(key) ?? .null, codingPath: codingPath + [key])
    }
}

/// The elements of an array, decoded in order.
private struct ArrayContainer: UnkeyedDecodingContainer {
    /// An array's elements as parsed: values, or numbers packed.
    enum Elements {
        case values([JSONValue])
        case numbers([Double])
    }

    let elements: Elements
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: Elements, codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    private var elementCount: Int {
        switch elements {
        case .values(let values): values.count
        case .numbers(let numbers): numbers.count
        }
    }

    /// The path of the next element.
    private var elementPath: [any CodingKey] { codingPath + [ElementKey(currentIndex)] }

    /// The element at `index`, which must be one.
    private func element(at index: Int) -> JSONValue {
        switch elements {
        case .values(let values): values[index]
        case .numbers(let numbers): .number(numbers[index])
        }
    }

    /// The next packed number if there is one, the position moved past it when `convert` takes it.
    private mutating func nextNumber<Value>(_ convert: (Double) -> Value?) -> Value? {
        guard case .numbers(let numbers) = elements, currentIndex < numbers.count,
            let value = convert(numbers[currentIndex])
        else { return nil }
        currentIndex += 1
        return value
    }

    /// The next element, which must be there, and its path.
    private mutating func next<Value>(_ type: Value.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: elementPath, debugDescription: "the list has ended"))
        }
        defer { currentIndex += 1 }
        return element(at: currentIndex)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = element(at: currentIndex) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read { try $0.bool(at: $1) } }
    mutating func decode(_ type: String.Type) throws -> String { try read { try $0.string(at: $1) } }
    mutating func decode(_ type: Double.Type) throws -> Double {
        // The common case first, without building a coding path.
        if let value = nextNumber({ $0.isFinite ? $0 : nil }) { return value }
        return try read { try $0.double(at: $1) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float { try read { try $0.float(at: $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int {
        if let value = nextNumber({ Int(exactly: $0) }) { return value }
        return try read { try $0.integer(type, at: $1) }
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read { try $0.integer(type, at: $1) } }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try read { try $0.decode(type, at: $1) }
    }

    /// The next element read by `convert`, given the element and its path; the position moves on only when it
    /// succeeds, as with `JSONDecoder`.
    private mutating func read<Value>(_ convert: (JSONValue, [any CodingKey]) throws -> Value) throws -> Value {
        let path = elementPath
        let element = try next(Value.self)
        do {
            return try convert(element, path)
        } catch {
            currentIndex -= 1
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try read { try ValueDecoder(value: $0, codingPath: $1).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try read { try ValueDecoder(value: $0, codingPath: $1).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try read { ValueDecoder(value: $0, codingPath: $1) }
    }
}

/// A single value.
private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        guard case .null = value else { return false }
        return true
    }

    func decode(_ type: Bool.Type) throws -> Bool { try value.bool(at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try value.string(at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try value.double(at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try value.float(at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try value.integer(type, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value.integer(type, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value.integer(type, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value.integer(type, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value.integer(type, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value.integer(type, at: codingPath) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try value.decode(type, at: codingPath) }
}
