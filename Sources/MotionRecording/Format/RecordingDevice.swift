/// The sensor device a recording was made with.
public struct RecordingDevice: Codable, Hashable, Sendable {
    /// Human-readable device name, e.g. `mpu6050` or `MotionSense iPhone 6s`.
    public var name: String
    /// Kernel driver or data source, e.g. `inv-mpu6050-i2c`; `nil` when unknown.
    public var driver: String?
    /// Row-major 3x3 mount matrix already applied to every recorded vector; `nil` when none was needed.
    public var mountMatrix: [Double]?

    /// Creates a device description.
    public init(name: String, driver: String? = nil, mountMatrix: [Double]? = nil) {
        self.name = name
        self.driver = driver
        self.mountMatrix = mountMatrix
    }
}
