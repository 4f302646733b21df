import FoundationEssentials

/// The one way the tools write JSON lines: an encoder's output on one line, keys in snake_case and sorted, slashes
/// unescaped.
///
/// Property names become snake_case keys (`macroF1` is `macro_f1`; ``MotionField`` names already are); keys that are
/// data, a dictionary's (activity names), come out as they are.
///
/// The bytes are those of Foundation's `JSONEncoder` with these settings. ``JSONLineWriter`` writes them directly in
/// less than half the time (an IMU sample's line: 4.7 µs against 10.5 µs); what it does not handle (dates, data,
/// URLs, decimals, non-ASCII property names, numbers that are not finite, containers used in ways the `Encoder`
/// protocol leaves to the encoder) goes to `JSONEncoder` itself, so its bytes and its errors stay Foundation's.
public enum JSONLine {
    /// `value` as one line of JSON, without the newline; fails for a number that is not finite.
    public static func encode(_ value: some Encodable) throws -> String {
        if let bytes = JSONLineWriter.bytes(of: value) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return try foundationEncode(value)
    }

    /// `value` as `JSONEncoder` writes it with JSONLine's settings.
    static func foundationEncode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
