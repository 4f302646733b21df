/// How well a magnetometer's hard- and soft-iron errors are known, as CoreMotion's
/// `CMMagneticFieldCalibrationAccuracy` (same raw values).
public enum MagneticFieldCalibrationAccuracy: Int, CaseIterable, Hashable, Sendable, Codable {
    /// No calibration: the field is the raw reading, hard and soft iron included.
    case uncalibrated = -1
    /// A rough calibration.
    case low = 0
    /// A usable calibration.
    case medium = 1
    /// A calibration from readings in all orientations.
    case high = 2

    /// The name written in CSV and JSON output: `uncalibrated`, `low`, `medium` or `high`.
    public var name: String {
        switch self {
        case .uncalibrated: "uncalibrated"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }

    /// Decodes ``name``; any other text is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let accuracy = Self.allCases.first(where: { $0.name == name }) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "accuracy \"\(name.prefix(40))\" is not uncalibrated, low, medium or high")
        }
        self = accuracy
    }

    /// Encodes ``name``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
