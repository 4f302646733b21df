/// The single-value container of ``JSONLineEncoder``: the encoder's value, set once.
struct JSONLineSingleValueContainer: SingleValueEncodingContainer {
    /// The encoder whose value this is.
    let encoder: JSONLineEncoder

    /// The keys from the top-level value down to this one.
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.set(encoder.document.keyword("null")) }
    mutating func encode(_ value: Bool) throws { encoder.set(encoder.document.keyword(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: Double) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: Float) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: Int) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: Int8) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: Int16) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: Int32) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: Int64) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.set(encoder.document.literal(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.set(encoder.document.literal(value)) }

    /// Encodes `value` as this encoder's value, at the same place in the coding path.
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        encoder.set(JSONLineEncoder.box(value, in: encoder.document, under: encoder.parent))
    }
}
