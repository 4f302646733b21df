/// The version of imu-bridge, recorded in every model it trains.
public enum ProjectVersion {
    /// The release this source tree builds (bumped with each release).
    public static let current = "0.11.0"
}
