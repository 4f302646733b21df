/// Turns a JSON decoding failure into words a user can act on: the field's path and what it should hold,
/// without the decoder's type names (`DecodingError`, `CodingKeys`).
public enum DecodingFailure {
    /// The reason `error` gives for not decoding, e.g. `window.sample_rate: expected a number`.
    public static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not valid JSON" }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(noun(for: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): missing \(noun(for: type))"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing field"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not valid JSON" : "\(path(context.codingPath)): invalid value"
        @unknown default:
            return "not valid JSON"
        }
    }

    /// The dotted field path, with array indices in brackets, e.g. `classifier.rounds[3]`.
    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "top level" : text
    }

    /// What a value of `type` looks like in JSON.
    private static func noun(for type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Double.Type, is Float.Type, is UInt8.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}
