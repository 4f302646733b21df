import MotionSamples
import Testing

@testable import IIOSensors

/// Decoding scans, on real libiio channel objects built from libiio's XML description (no hardware, no sysfs): the
/// bytes are what the kernel would send, and every format decodes to what libiio's own `iio_channel_convert` gives.
@Suite("Decoding scans as iio_channel_convert does")
struct ScanDecoderTests {
    /// A libiio XML context with one device whose scan elements have the given formats.
    private func context(name: String, channels: [(id: String, index: Int, format: String)]) throws -> LibIIOContext {
        let elements = channels.map { channel in
            "<channel id=\"\(channel.id)\" type=\"input\"><scan-element index=\"\(channel.index)\" format=\"\(channel.format.replacingOccurrences(of: ">", with: "&gt;"))\"/></channel>"
        }.joined()
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>\(libiioDocumentType)<context name="xml" version-major="0" \
            version-minor="24" version-git="v0.24"><device id="iio:device0" name="\(name)">\(elements)</device></context>
            """
        do {
            return try LibIIOContext(xml: xml)
        } catch {
            Issue.record("libiio rejected the XML: \(error)")
            throw error
        }
    }

    /// Describes the XML device with the given scales, as discovery would.
    private func describe(_ context: LibIIOContext, accelScale: Double, gyroScale: Double, sign: AccelerationSign) -> IIODeviceInfo {
        let live = context.devices[0]
        let channels = live.channels.map { channel in
            IIOChannelInfo(
                id: channel.id, type: channel.type, axis: channel.axis, scanIndex: channel.scanIndex, format: channel.format,
                scale: channel.type == .acceleration ? accelScale : channel.type == .angularVelocity ? gyroScale : 1, offset: 0)
        }
        return IIODeviceInfo(
            id: live.id, name: live.name ?? "", label: nil, parentPath: nil, channels: channels, samplingFrequencies: [],
            mountMatrices: [:], mountMatrixSources: [:], isBufferCapable: true, hasTriggerDirectory: false, currentTrigger: nil,
            timestampClock: "monotonic", accelerationSign: sign)
    }

    private func decode(_ bytes: [UInt8], _ info: IIODeviceInfo, _ context: LibIIOContext) throws -> [SensorSample] {
        let decoder = try ScanDecoder(device: info, live: context.devices[0])
        var batch: [SensorSample] = []
        bytes.withUnsafeBytes { decoder.decode($0, step: decoder.layout.scanSize, clockOffset: 0, into: &batch) }
        return batch
    }

    @Test("MPU-6050: big-endian accel and gyro, timestamp at byte 16")
    func mpu6050() throws {
        let ctx = try context(
            name: "mpu6050",
            channels: [
                ("accel_x", 0, "be:s16/16>>0"), ("accel_y", 1, "be:s16/16>>0"), ("accel_z", 2, "be:s16/16>>0"),
                ("temp", 3, "be:s16/16>>0"),
                ("anglvel_x", 4, "be:s16/16>>0"), ("anglvel_y", 5, "be:s16/16>>0"), ("anglvel_z", 6, "be:s16/16>>0"),
                ("timestamp", 7, "le:s64/64>>0"),
            ])
        let info = describe(ctx, accelScale: 0.000598, gyroScale: 0.001, sign: .specificForce)
        // ax=256 ay=-256 az=16384 (BE), gx=131 gy=-131 gz=262 (BE), pad, ts=1_500_000_000 ns (LE)
        let scan: [UInt8] = [
            0x01, 0x00, 0xFF, 0x00, 0x40, 0x00, 0x00, 0x83, 0xFF, 0x7D, 0x01, 0x06, 0, 0, 0, 0,
            0x00, 0x2F, 0x68, 0x59, 0x00, 0x00, 0x00, 0x00,
        ]
        let samples = try decode(scan, info, ctx)
        #expect(samples.count == 2)
        let accel = try #require(samples.first { $0.sensor == .accelerometer })
        let gyro = try #require(samples.first { $0.sensor == .gyroscope })
        let g = standardGravity
        #expect(accel.value == Vector3(x: -256 * 0.000598 / g, y: 256 * 0.000598 / g, z: -16384 * 0.000598 / g))
        #expect(gyro.value == Vector3(x: 0.131, y: -0.131, z: 0.262))
        #expect(accel.timestamp == 1.5 && gyro.timestamp == 1.5)
    }

    @Test("HID sensor hub: le:s16/32 with garbage in the upper 16 bits is masked away")
    func hidGarbage() throws {
        let ctx = try context(
            name: "accel_3d",
            channels: [
                ("accel_x", 0, "le:s16/32>>0"), ("accel_y", 1, "le:s16/32>>0"), ("accel_z", 2, "le:s16/32>>0"),
                ("timestamp", 3, "le:s64/64>>0"),
            ])
        let info = describe(ctx, accelScale: 0.0980665, gyroScale: 1, sign: .coreMotion)
        // x = 103 with 0xBEEF above it, y = -919 with 0x1234 above, z = -385 with 0xFFFF above; ts = 42 ns
        let scan: [UInt8] = [
            0x67, 0x00, 0xEF, 0xBE, 0x69, 0xFC, 0x34, 0x12, 0x7F, 0xFE, 0xFF, 0xFF, 0, 0, 0, 0,
            42, 0, 0, 0, 0, 0, 0, 0,
        ]
        let samples = try decode(scan, info, ctx)
        #expect(samples.count == 1)
        let value = samples[0].value
        #expect(abs(value.x - 1.03) < 1e-12 && abs(value.y + 9.19) < 1e-12 && abs(value.z + 3.85) < 1e-12)
        #expect(samples[0].timestamp == 42e-9)
    }

    @Test("LIS3DH: le:s12/16>>4, shifted and sign-extended from 12 bits")
    func lis3dh() throws {
        let ctx = try context(
            name: "lis3dh",
            channels: [
                ("accel_x", 0, "le:s12/16>>4"), ("accel_y", 1, "le:s12/16>>4"), ("accel_z", 2, "le:s12/16>>4"),
                ("timestamp", 3, "le:s64/64>>0"),
            ])
        let info = describe(ctx, accelScale: 0.009806, gyroScale: 1, sign: .specificForce)
        // x = -1 (0xFFF0), y = 2047 (0x7FF0), z = 1000 (0x3E80); 2 pad bytes; ts = 7
        let scan: [UInt8] = [0xF0, 0xFF, 0xF0, 0x7F, 0x80, 0x3E, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0]
        let samples = try decode(scan, info, ctx)
        let g = standardGravity
        #expect(samples[0].value == Vector3(x: 0.009806 / g, y: -2047 * 0.009806 / g, z: -1000 * 0.009806 / g))
    }

    @Test("BMI160: gyro before accel in scan order, several scans in one buffer")
    func bmi160TwoScans() throws {
        let ctx = try context(
            name: "bmi160",
            channels: [
                ("anglvel_x", 4, "le:s16/16>>0"), ("anglvel_y", 5, "le:s16/16>>0"), ("anglvel_z", 6, "le:s16/16>>0"),
                ("accel_x", 7, "le:s16/16>>0"), ("accel_y", 8, "le:s16/16>>0"), ("accel_z", 9, "le:s16/16>>0"),
                ("timestamp", 10, "le:s64/64>>0"),
            ])
        let info = describe(ctx, accelScale: 1, gyroScale: 1, sign: .specificForce)
        func scan(_ g: [Int16], _ a: [Int16], _ t: Int64) -> [UInt8] {
            var bytes: [UInt8] = []
            for v in g + a { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
            bytes += [0, 0, 0, 0]
            withUnsafeBytes(of: t.littleEndian) { bytes += $0 }
            return bytes
        }
        let samples = try decode(scan([100, -100, 200], [1000, -1000, 16384], 10) + scan([1, 2, 3], [4, 5, 6], 20), info, ctx)
        #expect(samples.count == 4)
        #expect(samples[0].sensor == .accelerometer && samples[0].value.x == -1000 / standardGravity)
        #expect(samples[1].sensor == .gyroscope && samples[1].value == Vector3(x: 100, y: -100, z: 200))
        #expect(samples[3].value == Vector3(x: 1, y: 2, z: 3) && samples[3].timestamp == 20e-9)
    }

    @Test("a repeated element (Xrepeat) is refused: the decoder and the layout take one value per element")
    func repeatRefused() throws {
        let ctx = try context(
            name: "odd_accel",
            channels: [
                ("accel_x", 0, "le:s16/16X2>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0"),
            ])
        let info = describe(ctx, accelScale: 1, gyroScale: 1, sign: .specificForce)
        #expect(info.channels.first?.format?.repeat == 2)
        #expect(
            throws: IIOSensorError.malformedAttribute(
                attribute: "/sys/bus/iio/devices/iio:device0/scan_elements/in_accel_x_type", value: "le:s16/16X2>>0",
                expected:
                    "one value per scan element (no Xrepeat), stored in 8, 16, 32 or 64 bits that hold its BITS and SHIFT, for a motion or timestamp channel"
            )
        ) {
            _ = try ScanDecoder(device: info, live: ctx.devices[0])
        }
    }

    // Found by the scan-decoder fuzz target (Fuzzing/): formats a remote iiod can describe that iio_channel_convert
    // cannot decode (a read out of bounds for more bits than storage) or that the layout divides by (no whole byte).
    @Test(
        "a format whose bits do not fit its storage, or whose storage is not 8, 16, 32 or 64 bits, is refused",
        arguments: ["le:s16/13>>0", "le:s16/16>>4", "le:s0/16>>0", "le:s4/4>>0", "le:s8/0>>0", "le:s64/128>>0"])
    func unfitFormatRefused(format: String) throws {
        let ctx = try context(
            name: "odd_accel", channels: [("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, format), ("accel_z", 2, "le:s16/16>>0")])
        let info = describe(ctx, accelScale: 1, gyroScale: 1, sign: .specificForce)
        #expect(throws: IIOSensorError.self) { _ = try ScanDecoder(device: info, live: ctx.devices[0]) }
    }

    @Test(
        "every format decodes to what iio_channel_convert gives, sign-extended or masked to its bits",
        arguments: [8, 16, 32, 64])
    func formatsDecodeAsLibIIODoes(storageBits: Int) throws {
        // Every BITS and SHIFT that fit the storage for 8 and 16 bits; for 32 and 64, the widths real drivers use and
        // the edges, at the smallest, the largest and a middle shift.
        let widths =
            storageBits <= 16 ? Array(1...storageBits) : [1, 7, 8, 12, 14, 16, 17, 24, 31, 32, 33, 48, 63, 64].filter { $0 <= storageBits }
        var formats: [String] = []
        for bits in widths {
            let shifts =
                storageBits <= 16 ? Array(0...storageBits - bits) : Set([0, 1, (storageBits - bits) / 2, storageBits - bits]).sorted()
            for shift in shifts where shift + bits <= storageBits {
                for order in ["le", "be"] {
                    for sign in ["s", "u", "S", "U"] { formats.append("\(order):\(sign)\(bits)/\(storageBits)>>\(shift)") }
                }
            }
        }
        let ctx = try context(
            name: "formats", channels: formats.enumerated().map { (id: "voltage\($0.offset)", index: $0.offset, format: $0.element) })
        let channels = ctx.devices[0].channels
        #expect(channels.count == formats.count)
        // Words with the sign bit of every width set and clear, and pseudo-random ones (a fixed linear congruential
        // sequence, so a failure repeats).
        var words: [UInt64] = [0, .max, 0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA, 0x8000_0000_0000_0000, 0x7FFF_FFFF_FFFF_FFFF]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            words.append(state)
        }
        var checked = 0
        for channel in channels {
            let format = try #require(channel.format)
            for word in words {
                // The stored bytes at an odd address, as a scan's elements can be for libiio.
                var bytes = [UInt8](repeating: 0, count: 9)
                withUnsafeBytes(of: word) { for index in 0..<8 { bytes[1 + index] = $0[index] } }
                var converted: UInt64 = 0
                bytes.withUnsafeBytes { source in
                    withUnsafeMutableBytes(of: &converted) { destination in
                        LibIIOLibrary.functions.pointee.channel_convert(channel.pointer, destination.baseAddress, source.baseAddress! + 1)
                    }
                }
                let decoded = bytes.withUnsafeBytes { format.value(at: $0.baseAddress! + 1) }
                #expect(decoded == format.widen(converted), "\(format.description) on \(String(word, radix: 16))")
                checked += 1
            }
        }
        #expect(checked == formats.count * words.count)
    }

    @Test("a timestamp near Int64's end plus the clock offset does not trap (scan-decoder fuzz target)")
    func timestampOverflow() throws {
        let ctx = try context(
            name: "accel_3d",
            channels: [
                ("accel_x", 0, "le:s16/16>>0"), ("accel_y", 1, "le:s16/16>>0"), ("accel_z", 2, "le:s16/16>>0"),
                ("timestamp", 3, "le:s64/64>>0"),
            ])
        let info = describe(ctx, accelScale: 1, gyroScale: 1, sign: .coreMotion)
        let decoder = try ScanDecoder(device: info, live: ctx.devices[0])
        var scan = [UInt8](repeating: 0, count: 8)
        withUnsafeBytes(of: Int64.max.littleEndian) { scan += $0 }
        var batch: [SensorSample] = []
        scan.withUnsafeBytes { decoder.decode($0, step: decoder.layout.scanSize, clockOffset: 1_000_000_000, into: &batch) }
        #expect(batch.count == 1)
        #expect(batch.first?.timestamp == (Double(Int64.max) + 1e9) / 1e9)
    }
}

/// libiio 0.24's document type (as `iio_genxml` prints it); without it libxml2 warns on stderr.
private let libiioDocumentType = """
    <!DOCTYPE context [<!ELEMENT context (device | context-attribute)*><!ELEMENT context-attribute EMPTY>\
    <!ELEMENT device (channel | attribute | debug-attribute | buffer-attribute)*><!ELEMENT channel (scan-element?, attribute*)>\
    <!ELEMENT attribute EMPTY><!ELEMENT scan-element EMPTY><!ELEMENT debug-attribute EMPTY><!ELEMENT buffer-attribute EMPTY>\
    <!ATTLIST context name CDATA #REQUIRED version-major CDATA #REQUIRED version-minor CDATA #REQUIRED \
    version-git CDATA #REQUIRED description CDATA #IMPLIED><!ATTLIST context-attribute name CDATA #REQUIRED \
    value CDATA #REQUIRED><!ATTLIST device id CDATA #REQUIRED name CDATA #IMPLIED label CDATA #IMPLIED>\
    <!ATTLIST channel id CDATA #REQUIRED type (input|output) #REQUIRED name CDATA #IMPLIED>\
    <!ATTLIST scan-element index CDATA #REQUIRED format CDATA #REQUIRED scale CDATA #IMPLIED>\
    <!ATTLIST attribute name CDATA #REQUIRED filename CDATA #IMPLIED><!ATTLIST debug-attribute name CDATA #REQUIRED>\
    <!ATTLIST buffer-attribute name CDATA #REQUIRED>]>
    """
