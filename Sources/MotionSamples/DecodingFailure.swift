/// Turns a JSON decoding failure into words a user can act on: the field's path and what it should hold,
/// without the decoder's type names (`DecodingError`, `CodingKeys`).
public enum DecodingFailure {
    /// How the file spells its keys, so that messages name fields as the file does.
    public enum KeyStyle: Sendable {
        /// As the Swift properties are named (`sampleRate`).
        case asDeclared
        /// snake_case (`sample_rate`), for files decoded with `convertFromSnakeCase`.
        case snakeCase
    }

    /// The reason `error` gives for not decoding, e.g. `window.sample_rate: expected a number`.
    public static func reason(_ error: any Error, keys style: KeyStyle = .asDeclared) -> String {
        guard let error = error as? DecodingError else { return "not valid JSON" }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath, style: style)): expected \(noun(for: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath, style: style)): missing \(noun(for: type))"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key], style: style)): missing field"
        case .dataCorrupted(let context):
            if !context.codingPath.isEmpty {
                return "\(path(context.codingPath, style: style)): invalid value (\(context.debugDescription.prefix(100)))"
            }
            return context.debugDescription.contains("not representable")
                ? "a number is out of range (\(context.debugDescription.prefix(80)))" : "not valid JSON"
        @unknown default:
            return "not valid JSON"
        }
    }

    /// The dotted field path, with array indices in brackets, e.g. `classifier.rounds[3]`.
    private static func path(_ keys: [any CodingKey], style: KeyStyle) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                let name = style == .snakeCase ? snakeCase(key.stringValue) : key.stringValue
                text += (text.isEmpty ? "" : ".") + name
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

    /// `sampleRate` as `sample_rate` (what `convertToSnakeCase` writes).
    private static func snakeCase(_ name: String) -> String {
        var text = ""
        for character in name {
            if character.isUppercase {
                if !text.isEmpty { text += "_" }
                text += character.lowercased()
            } else {
                text.append(character)
            }
        }
        return text
    }
}
