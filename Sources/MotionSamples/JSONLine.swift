import FoundationEssentials

/// The one way the tools write JSON lines: an encoder's output on one line, keys in snake_case and sorted, slashes
/// unescaped.
///
/// Property names become snake_case keys (`macroF1` is `macro_f1`; ``MotionField`` names already are); keys that are
/// data, a dictionary's (activity names), come out as they are.
public enum JSONLine {
    /// `value` as one line of JSON, without the newline; fails for a number that is not finite.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
