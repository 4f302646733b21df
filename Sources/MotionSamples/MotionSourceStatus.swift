/// What a source reports about its sensors between readings: removed, waiting, streaming again (perhaps another IMU,
/// or an accelerometer whose gyroscope left on its own). Each source has its own kind; consumers that need more
/// than this protocol says cast to it (a recorder naming the IMU that took over).
public protocol MotionSourceStatus: Sendable, CustomStringConvertible {
    /// Whether the sensors streaming from now on include a gyroscope; `nil` when this status starts no stream
    /// (the sensor was removed, the source waits for one).
    var streamsGyroscope: Bool? { get }
}
