/// The magnetometer a recording of format 3 holds readings of, and the calibration the live fusion used.
///
/// Its readings in `raw.csv` are as the device gave them (µT, the accelerometer's device frame after the mount
/// matrix, uncalibrated like `CMMagnetometerData`); ``calibration`` says which saved calibration corrected them in the
/// device motion written to `motion.csv`, or `nil` (written as `null`) when none was applied.
public struct RecordingMagnetometer: Codable, Hashable, Sendable {
    /// The IIO device: its name and the mount matrix that brought its axes into the accelerometer's frame.
    public var device: RecordingDevice
    /// Its calibration key (`IMU.calibrationKey`: `<name>@<bus path>`), the stable identity its saved calibration is
    /// found by; `nil` when unknown (imported data).
    public var key: String?
    /// The calibration used while recording, or `nil` when the readings were fused uncalibrated.
    public var calibration: RecordingCalibration?

    /// Creates the description of a recorded magnetometer.
    public init(device: RecordingDevice, key: String?, calibration: RecordingCalibration?) {
        self.device = device
        self.key = key
        self.calibration = calibration
    }

    private enum CodingKeys: String, CodingKey {
        case device, key, calibration
    }

    /// Decodes the object; `calibration` must be present (an object, or `null` for none).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        device = try container.decode(RecordingDevice.self, forKey: .device)
        key = try container.decodeIfPresent(String.self, forKey: .key)
        guard container.contains(.calibration) else {
            throw DecodingError.keyNotFound(
                CodingKeys.calibration,
                .init(codingPath: container.codingPath, debugDescription: "calibration must be given, null when none was used"))
        }
        calibration = try container.decodeIfPresent(RecordingCalibration.self, forKey: .calibration)
    }

    /// Encodes the object with `calibration` always present: `null` says that none was used.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
        try container.encodeIfPresent(key, forKey: .key)
        if let calibration {
            try container.encode(calibration, forKey: .calibration)
        } else {
            try container.encodeNil(forKey: .calibration)
        }
    }
}
