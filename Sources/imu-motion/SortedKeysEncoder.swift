import Foundation

/// A JSON encoder whose objects list their keys in order, so equal values print as equal lines.
func sortedKeysEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}
