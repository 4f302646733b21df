/// The unkeyed container of ``JSONLineEncoder``: elements added to an array.
struct JSONLineUnkeyedContainer: UnkeyedEncodingContainer {
    /// The encoder of the array.
    let encoder: JSONLineEncoder
    /// The array being filled.
    let array: JSONLineArray

    /// The keys from the top-level value down to the array.
    var codingPath: [any CodingKey] { encoder.codingPath }
    /// Elements added so far.
    var count: Int { array.elements.count }

    /// The key of the next element in coding paths.
    private var nextKey: JSONLineIndexKey { JSONLineIndexKey(index: array.elements.count) }

    mutating func encodeNil() throws { array.elements.append(encoder.document.keyword("null")) }
    mutating func encode(_ value: Bool) throws {
        array.elements.append(encoder.document.keyword(value ? "true" : "false"))
    }
    mutating func encode(_ value: String) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: Double) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: Float) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: Int) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: Int8) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: Int16) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: Int32) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: Int64) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt8) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt16) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt32) throws { array.elements.append(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt64) throws { array.elements.append(encoder.document.literal(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        array.elements.append(JSONLineEncoder.box(value, in: encoder.document, under: (encoder, nextKey)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let nested = JSONLineObject()
        let child = JSONLineEncoder(document: encoder.document, parent: (encoder, nextKey), value: .object(nested))
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(JSONLineKeyedContainer<NestedKey>(encoder: child, object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONLineArray()
        let child = JSONLineEncoder(document: encoder.document, parent: (encoder, nextKey), value: .array(nested))
        array.elements.append(.array(nested))
        return JSONLineUnkeyedContainer(encoder: child, array: nested)
    }

    /// Super encoders are `JSONEncoder`'s to merge: the value goes to it.
    mutating func superEncoder() -> any Encoder {
        encoder.document.deferToFoundation()
        return JSONLineEncoder(document: encoder.document)
    }
}

/// An array element's place in a coding path, named as `JSONEncoder` names it (`Index 3`).
struct JSONLineIndexKey: CodingKey {
    /// The element's index.
    let index: Int

    /// The key of element `index`.
    init(index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}
