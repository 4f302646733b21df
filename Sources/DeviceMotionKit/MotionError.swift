import MotionSamples

/// Why device motion could not be started or continued; each message says what to do.
public enum MotionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The update interval is not a positive, finite number of seconds.
    case invalidUpdateInterval(Double)
    /// A sensor or output rate outside the range the filters are designed for.
    case rateOutOfRange(name: String, value: Double, allowed: ClosedRange<Double>)
    /// The requested reference frame needs a sensor this source lacks.
    case referenceFrameUnavailable(AttitudeReferenceFrame)
    /// The source's readings could not be resampled (a configuration problem).
    case resamplingFailed(String)
    /// The readings' timestamps give no sensor rate within `allowed` and no nominal rate was given.
    case sensorRateUnmeasurable(allowed: ClosedRange<Double>)
    /// The source stopped with an error.
    case sourceFailed(String)
    /// True north was asked for without a declination (CoreMotion's `CMErrorTrueNorthNotAvailable`).
    case trueNorthNotAvailable
    /// A magnetic declination outside -180...180 degrees, or not finite.
    case declinationOutOfRange(Double)
    /// A magnetometer calibration with a number out of its range; the reason names it.
    case invalidCalibration(String)

    /// A message that tells the user what to do.
    public var description: String {
        switch self {
        case .invalidUpdateInterval(let interval):
            "device-motion update interval \(interval) s is invalid: use a positive number of seconds, e.g. 0.04 for 25 Hz"
        case .rateOutOfRange(let name, let value, let allowed):
            "\(name) \(value.messageText) Hz is outside \(allowed.lowerBound.messageText)...\(allowed.upperBound.messageText) Hz, the range the fusion and resampling filters are designed for"
        case .referenceFrameUnavailable(let frame):
            "attitude reference frame \(frame.coreMotionName ?? "with raw value \(frame.rawValue)") needs a magnetometer, which this source lacks: use .xArbitraryZVertical"
        case .resamplingFailed(let reason):
            "could not set up resampling (\(reason)): check the update interval and the source's nominal rate"
        case .sensorRateUnmeasurable(let allowed):
            "the timestamps do not give a sensor rate within \(allowed.lowerBound.messageText)...\(allowed.upperBound.messageText) Hz (too close together, too far apart, or all equal); timestamps must be seconds"
        case .sourceFailed(let reason):
            "the motion source failed (\(reason)): check the device or file and restart updates"
        case .trueNorthNotAvailable:
            "the true-north reference frame needs the magnetic declination at the device's place: pass it in degrees (east positive, from a World Magnetic Model calculator), or use the magnetic-north frame"
        case .declinationOutOfRange(let value):
            "magnetic declination \(value.messageText)° is outside -180...180°: pass degrees east of true north (west negative)"
        case .invalidCalibration(let reason):
            "the magnetometer calibration is unusable: \(reason); calibrate again with imu-calibrate"
        }
    }
}
