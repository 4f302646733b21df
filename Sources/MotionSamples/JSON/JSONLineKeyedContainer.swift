/// The keyed container of ``JSONLineEncoder``: members added to an object, keys in snake_case unless they are a
/// dictionary's.
struct JSONLineKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The encoder of the object.
    let encoder: JSONLineEncoder
    /// The object being filled.
    let object: JSONLineObject

    /// The keys from the top-level value down to the object.
    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Adds `value` at `key`.
    private func add(_ value: JSONLineValue, at key: Key) {
        let name = encoder.document.memberName(key.stringValue, converting: encoder.convertsKeys)
        object.members.append((name, value))
    }

    mutating func encodeNil(forKey key: Key) throws { add(encoder.document.keyword("null"), at: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        add(encoder.document.keyword(value ? "true" : "false"), at: key)
    }
    mutating func encode(_ value: String, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(encoder.document.literal(value), at: key) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        add(JSONLineEncoder.box(value, in: encoder.document, under: (encoder, key)), at: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONLineObject()
        add(.object(nested), at: key)
        let child = JSONLineEncoder(document: encoder.document, parent: (encoder, key), value: .object(nested))
        return KeyedEncodingContainer(JSONLineKeyedContainer<NestedKey>(encoder: child, object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONLineArray()
        add(.array(nested), at: key)
        let child = JSONLineEncoder(document: encoder.document, parent: (encoder, key), value: .array(nested))
        return JSONLineUnkeyedContainer(encoder: child, array: nested)
    }

    /// Super encoders are `JSONEncoder`'s to merge: the value goes to it.
    mutating func superEncoder() -> any Encoder {
        encoder.document.deferToFoundation()
        return JSONLineEncoder(document: encoder.document)
    }

    /// Super encoders are `JSONEncoder`'s to merge: the value goes to it.
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.document.deferToFoundation()
        return JSONLineEncoder(document: encoder.document)
    }
}
