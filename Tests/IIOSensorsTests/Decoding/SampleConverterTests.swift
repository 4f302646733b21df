import MotionSamples
import Testing

@testable import IIOSensors

/// Builds device descriptions for conversion tests.
func device(
    name: String, sign: AccelerationSign = .specificForce, accelScale: Double = 0.000598, gyroScale: Double = 0.001064724,
    offset: Double = 0, matrix: MountMatrix = .identity, parent: String? = nil, label: String? = nil, id: String = "iio:device0",
    accel: Bool = true, gyro: Bool = true
) -> IIODeviceInfo {
    var channels: [IIOChannelInfo] = []
    if accel {
        channels += Axis.allCases.map {
            IIOChannelInfo(id: "accel_\($0)", type: .acceleration, axis: $0, scanIndex: nil, format: nil, scale: accelScale, offset: offset)
        }
    }
    if gyro {
        channels += Axis.allCases.map {
            IIOChannelInfo(id: "anglvel_\($0)", type: .angularVelocity, axis: $0, scanIndex: nil, format: nil, scale: gyroScale, offset: 0)
        }
    }
    return IIODeviceInfo(
        id: id, name: name, label: label, parentPath: parent, channels: channels, samplingFrequencies: [],
        mountMatrices: [.acceleration: matrix, .angularVelocity: matrix], mountMatrixSources: [:], isBufferCapable: true,
        hasTriggerDirectory: false, currentTrigger: nil, timestampClock: nil, accelerationSign: sign)
}

@Suite("Units and signs at the IIO boundary")
struct SampleConverterTests {
    private let g = standardGravity

    @Test("a discrete IMU lying face up at rest reads gravity (0, 0, -1) g")
    func faceUpAtRest() throws {
        // MPU-6050 at +-2 g: 16384 counts = 1 g of specific force on the up axis.
        let converter = try #require(SampleConverter(device: device(name: "mpu6050"), type: .acceleration))
        let reading = converter.convert(x: 0, y: 0, z: 16384)
        #expect(abs(reading.z - (-16384 * 0.000598 / g)) < 1e-12)
        #expect(abs(reading.z + 1) < 0.002)
    }

    @Test("upright (portrait) reads y = -1 g; left edge down reads x = -1 g (CoreMotion)")
    func uprightAndEdges() throws {
        let converter = try #require(SampleConverter(device: device(name: "mpu6050", accelScale: g / 16384), type: .acceleration))
        // Specific force points up: +y when upright, +x when the right edge is up (left edge down).
        #expect(converter.convert(x: 0, y: 16384, z: 0) == Vector3(x: 0, y: -1, z: 0))
        #expect(converter.convert(x: 16384, y: 0, z: 0) == Vector3(x: -1, y: 0, z: 0))
    }

    @Test("free fall: specific force vanishes, so raw acceleration is 0")
    func freeFall() throws {
        let converter = try #require(SampleConverter(device: device(name: "mpu6050"), type: .acceleration))
        #expect(converter.convert(x: 0, y: 0, z: 0) == .zero)
    }

    @Test("HID sensor hubs already use CoreMotion's sign: no negation")
    func hidSign() throws {
        let hid = device(name: "accel_3d", sign: .coreMotion, accelScale: 0.0980665, gyro: false)
        let converter = try #require(SampleConverter(device: hid, type: .acceleration))
        let reading = converter.convert(x: 5, y: -5, z: -100)
        #expect(abs(reading.x - 0.05) < 1e-12 && abs(reading.y + 0.05) < 1e-12 && abs(reading.z + 1) < 1e-12)
    }

    @Test("offset is added before scaling: (raw + offset) * scale")
    func offsetBeforeScale() throws {
        let converter = try #require(SampleConverter(device: device(name: "x", gyroScale: 0.5), type: .angularVelocity))
        #expect(converter.physical(x: 1, y: 2, z: 3) == Vector3(x: 0.5, y: 1, z: 1.5))
        let withOffset = try #require(SampleConverter(device: device(name: "x", accelScale: 2, offset: 10), type: .acceleration))
        #expect(withOffset.physical(x: 1, y: 0, z: -10) == Vector3(x: 22, y: 20, z: 0))
    }

    @Test("the mount matrix is applied before the sign change")
    func mountMatrixFirst() throws {
        let rotated = device(name: "mpu6050", accelScale: g / 16384, matrix: try MountMatrix(parsing: "0, -1, 0; 1, 0, 0; 0, 0, 1"))
        let converter = try #require(SampleConverter(device: rotated, type: .acceleration))
        // The chip's x axis points along the device's y axis: +1 g on chip x is the device upright.
        #expect(converter.convert(x: 16384, y: 0, z: 0) == Vector3(x: 0, y: -1, z: 0))
    }

    @Test("gyroscope keeps rad/s and the right-hand rule")
    func gyroscope() throws {
        let converter = try #require(SampleConverter(device: device(name: "mpu6050", gyroScale: 0.001), type: .angularVelocity))
        #expect(converter.convert(x: 100, y: -200, z: 300) == Vector3(x: 0.1, y: -0.2, z: 0.3))
    }
}
