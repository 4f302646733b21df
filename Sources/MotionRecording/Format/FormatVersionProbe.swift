import FoundationEssentials

/// Just the `format_version` of a `recording.json`, decoded before the rest so newer files fail clearly.
struct FormatVersionProbe: Decodable {
    /// The declared format version.
    var formatVersion: Int

    private enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
    }

    /// Decodes the version from `recording.json` bytes.
    static func decode(_ bytes: [UInt8]) throws -> Int {
        try JSONDecoder().decode(FormatVersionProbe.self, from: Data(bytes)).formatVersion
    }
}
