import MotionRecording
import MotionSamples
import SystemPackage

// Writes a recording forever (until killed) so MotionRecordingTests can SIGKILL it mid-write.
// Usage: recording-crash-probe <new recording directory>
// Sample i of each sensor has value (i, -i, 0.5) and the CLOCK_MONOTONIC time it was appended; the recording has a
// magnetometer (format 3), read at every other instant, so a kill also tears rows with its columns.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The usage-error status every imu-bridge executable exits with (sysexits' `EX_USAGE`).
let usageErrorStatus: Int32 = 64

guard CommandLine.arguments.count == 2 else {
    print("usage: recording-crash-probe <new recording directory>")
    exit(usageErrorStatus)
}
let metadata = RecordingMetadata(
    tag: "crash-probe", source: "recording-crash-probe",
    device: RecordingDevice(name: "synthetic"), hasGyroscope: true,
    magnetometer: RecordingMagnetometer(device: RecordingDevice(name: "synthetic magnetometer"), key: nil, calibration: nil),
    rawRate: 100, motionRate: nil, wallClockStart: nil
)
let writer = try RecordingWriter(creating: FilePath(CommandLine.arguments[1]), metadata: metadata)
let deadline = monotonicSeconds() + 120
var index = 0
while monotonicSeconds() < deadline {
    let timestamp = monotonicSeconds()
    let value = Vector3(x: Double(index), y: -Double(index), z: 0.5)
    try await writer.append(
        raw: [
            SensorSample(sensor: .accelerometer, timestamp: timestamp, value: value),
            SensorSample(sensor: .gyroscope, timestamp: timestamp, value: value),
        ]
            + (index.isMultiple(of: 2)
                ? [SensorSample(sensor: .magnetometer, timestamp: timestamp, value: Vector3(x: Double(index / 2), y: 20, z: -40))] : []))
    index += 1
    try await Task.sleep(for: .milliseconds(10))
}
try await writer.finish()
