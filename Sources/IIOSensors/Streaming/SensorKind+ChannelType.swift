import MotionSamples

extension SensorKind {
    /// The sensor whose readings channels of `type` give: `nil` for a type that is no streamed vector.
    public init?(_ type: ChannelType) {
        switch type {
        case .acceleration: self = .accelerometer
        case .angularVelocity: self = .gyroscope
        case .magneticField: self = .magnetometer
        case .timestamp, .temperature, .pressure, .other: return nil
        }
    }
}
