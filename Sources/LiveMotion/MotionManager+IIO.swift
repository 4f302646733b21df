import DeviceMotionKit
import IIOSensors
import Logging

extension MotionManager {
    /// Creates a manager for the IIO IMU matching `query` (its name, device name or id; `nil` for the first).
    ///
    /// With a magnetometer on the IMU (``IMU/magnetometer``), the magnetic reference frames are available; give
    /// the magnetometer's saved calibration (imu-calibrate's file for ``IMU/calibrationKey``, which
    /// `MotionRecording.CalibrationFile.saved(deviceKey:environment:)` reads; this layer below the file format does
    /// not read it itself) to have it from the start, else the calibration estimated online is used once it reaches
    /// `low`; and, for true north, the declination.
    /// - Throws: `IIOSensorError` when no such IMU is present; its message says what to check.
    public convenience init(
        imuMatching query: String?, uri: String = "local:", configuration: StreamConfiguration = .init(),
        declination: Double? = nil, magnetometerCalibration: MagnetometerCalibration? = nil,
        logger: Logger = Logger(label: "imu-bridge.motion")
    ) throws(IIOSensorError) {
        let imu = try IMUDiscovery(uri: uri, logger: logger).imu(matching: query)
        self.init(
            source: IIOMotionSource(imu: imu, configuration: configuration, logger: logger), declination: declination,
            magnetometerCalibration: magnetometerCalibration, logger: logger)
    }
}
