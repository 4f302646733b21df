/// How to stream an IMU.
public struct StreamConfiguration: Hashable, Sendable {
    /// The sampling rate to ask for, in Hz: the device is set to the smallest frequency it offers at
    /// or above it. `nil` keeps the device's current frequency.
    public var rate: Double?
    /// Read `*_raw` attributes by polling even when the device has a usable buffer.
    public var forcePolling: Bool
    /// Seconds of samples per kernel buffer refill: small enough for low latency, large enough
    /// that high-rate sensors do not wake the process per sample.
    public var bufferDuration: Double
    /// Seconds without a sample before the stream fails with `refillTimeout`; `nil` derives it
    /// from the rate (at least two seconds).
    public var timeout: Double?

    /// Creates a configuration.
    public init(rate: Double? = nil, forcePolling: Bool = false, bufferDuration: Double = 0.04, timeout: Double? = nil) {
        self.rate = rate
        self.forcePolling = forcePolling
        self.bufferDuration = bufferDuration
        self.timeout = timeout
    }
}
