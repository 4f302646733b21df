import Testing

@testable import IIOSensors

@Suite("Scan layout and alignment")
struct ScanLayoutTests {
    private func channel(_ id: String, _ index: Int, _ format: String) throws -> IIOChannelInfo {
        IIOChannelInfo(
            id: id, type: .other, axis: nil, scanIndex: index, format: try ScanFormat(parsing: format), scale: 1, offset: 0)
    }

    @Test("MPU-6050: big-endian accel, temperature between accel and gyro, timestamp aligned to 8 (24 bytes)")
    func mpu6050() throws {
        let channels = try [
            channel("accel_x", 0, "be:s16/16>>0"), channel("accel_y", 1, "be:s16/16>>0"), channel("accel_z", 2, "be:s16/16>>0"),
            channel("anglvel_x", 4, "be:s16/16>>0"), channel("anglvel_y", 5, "be:s16/16>>0"),
            channel("anglvel_z", 6, "be:s16/16>>0"), channel("timestamp", 7, "le:s64/64>>0"),
        ]
        // Temperature (index 3) is not enabled: the gyro moves down to 6, the timestamp to 16.
        let layout = ScanLayout(channels: channels)
        #expect(
            layout.offsets == ["accel_x": 0, "accel_y": 2, "accel_z": 4, "anglvel_x": 6, "anglvel_y": 8, "anglvel_z": 10, "timestamp": 16])
        #expect(layout.scanSize == 24)
    }

    @Test("BMI160: gyro indexes come before accel ones")
    func bmi160() throws {
        let channels = try [
            channel("accel_x", 7, "le:s16/16>>0"), channel("accel_y", 8, "le:s16/16>>0"), channel("accel_z", 9, "le:s16/16>>0"),
            channel("anglvel_x", 4, "le:s16/16>>0"), channel("anglvel_y", 5, "le:s16/16>>0"),
            channel("anglvel_z", 6, "le:s16/16>>0"), channel("timestamp", 10, "le:s64/64>>0"),
        ]
        let layout = ScanLayout(channels: channels)
        #expect(layout.offsets["anglvel_x"] == 0)
        #expect(layout.offsets["accel_x"] == 6)
        #expect(layout.offsets["timestamp"] == 16)
        #expect(layout.scanSize == 24)
    }

    @Test("HID sensor hub: 32-bit words, timestamp at 16 (24 bytes)")
    func hidSensorHub() throws {
        let channels = try [
            channel("accel_x", 0, "le:s16/32>>0"), channel("accel_y", 1, "le:s16/32>>0"), channel("accel_z", 2, "le:s16/32>>0"),
            channel("timestamp", 3, "le:s64/64>>0"),
        ]
        let layout = ScanLayout(channels: channels)
        #expect(layout.offsets == ["accel_x": 0, "accel_y": 4, "accel_z": 8, "timestamp": 16])
        #expect(layout.scanSize == 24)
    }

    @Test("accelerometer without timestamp: 6 bytes, padded to its largest element")
    func noTimestamp() throws {
        let channels = try [
            channel("accel_x", 0, "le:s13/16>>0"), channel("accel_y", 1, "le:s13/16>>0"), channel("accel_z", 2, "le:s13/16>>0"),
        ]
        #expect(ScanLayout(channels: channels).scanSize == 6)
    }
}
