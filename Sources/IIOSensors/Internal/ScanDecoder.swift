import MotionSamples

/// Enables a device's vector and timestamp channels and decodes its buffered scans into readings.
///
/// Decoding is done here from each element's ``ScanFormat`` (what libiio's `iio_channel_convert` does, checked
/// against it in the tests) rather than through libiio: one call into libiio per value cost more than the value.
struct ScanDecoder {
    /// Where each enabled channel sits in a scan.
    let layout: ScanLayout
    private let vectors: [DecodedVector]
    private let timestamp: ScanField?
    private let nominalPeriod: Double

    /// Enables the accelerometer, gyroscope, magnetometer and timestamp scan elements of `live`.
    init(device: IIODeviceInfo, live: LibIIODevice) throws(IIOSensorError) {
        let liveChannels = live.channels
        var enabled: [IIOChannelInfo] = []
        var vectorParts: [(kind: SensorKind, axes: [IIOChannelInfo], converter: SampleConverter)] = []
        for type in ChannelType.vectors {
            guard let kind = SensorKind(type) else { continue }
            let axes = Axis.allCases.compactMap { axis in
                device.channels.first { $0.type == type && $0.axis == axis && $0.format != nil }
            }
            guard axes.count == 3, let converter = SampleConverter(device: device, type: type) else { continue }
            enabled += axes
            vectorParts.append((kind, axes, converter))
        }
        let timestampInfo = device.channels.first { $0.type == .timestamp && $0.format != nil }
        if let timestampInfo { enabled.append(timestampInfo) }
        // The decoding and the layout assume whole bytes and the used bits within them; a remote iiod can describe
        // anything.
        for info in enabled {
            guard let format = info.format, format.repeat == 1, [8, 16, 32, 64].contains(format.storageBits),
                (1...format.storageBits).contains(format.bits), format.shift >= 0,
                format.shift + format.bits <= format.storageBits
            else {
                throw .malformedAttribute(
                    attribute: "/sys/bus/iio/devices/\(device.id)/scan_elements/in_\(info.id)_type",
                    value: info.format?.description ?? "",
                    expected:
                        "one value per scan element (no Xrepeat), stored in 8, 16, 32 or 64 bits that hold its BITS and SHIFT, for a motion or timestamp channel"
                )
            }
        }
        let layout = ScanLayout(channels: enabled)
        /// The live scan element behind `info`, enabled, with its place in the scan.
        func field(_ info: IIOChannelInfo) -> ScanField? {
            guard let format = info.format,
                let channel = liveChannels.first(where: { $0.id == info.id && $0.isScanElement && !$0.isOutput }),
                let offset = layout.offsets[info.id]
            else { return nil }
            channel.enable()
            return ScanField(offset: offset, format: format)
        }
        var vectors: [DecodedVector] = []
        for part in vectorParts {
            var fields: [ScanField] = []
            for info in part.axes {
                if let field = field(info) { fields.append(field) }
            }
            if fields.count == 3 {
                vectors.append(DecodedVector(kind: part.kind, x: fields[0], y: fields[1], z: fields[2], converter: part.converter))
            }
        }
        self.layout = layout
        self.vectors = vectors
        timestamp = timestampInfo.flatMap(field)
        nominalPeriod = 1 / max(device.samplingFrequency?.current ?? 100, 0.1)
    }

    /// Decodes every scan in `scans` and appends one reading per sensor per scan to `batch`.
    ///
    /// Scan timestamps (ns) are shifted by `clockOffset` onto the monotonic clock; devices without
    /// a timestamp channel get the arrival time, spread back over the batch at the nominal rate.
    /// Nothing is decoded unless `step` is at least `layout.scanSize`, so no element is read past the buffer (the
    /// reader refuses a buffer whose step differs from the layout's scan size before it reads one).
    func decode(_ scans: UnsafeRawBufferPointer, step: Int, clockOffset: Int64, into batch: inout [SensorSample]) {
        guard let base = scans.baseAddress, step >= layout.scanSize, step > 0 else { return }
        let count = scans.count / step
        let arrival = TimestampClock.monotonicSeconds()
        batch.reserveCapacity(batch.count + count * vectors.count)
        vectors.withUnsafeBufferPointer { vectors in
            for index in 0..<count {
                let scan = base + index * step
                let time: Double
                if let timestamp {
                    // A timestamp near Int64's ends (a hostile iiod) must not trap; exact in integers whenever it can be.
                    let stamp = timestamp.value(in: scan)
                    let (shifted, overflow) = stamp.addingReportingOverflow(clockOffset)
                    time = overflow ? (Double(stamp) + Double(clockOffset)) / 1e9 : Double(shifted) / 1e9
                } else {
                    time = arrival - Double(count - 1 - index) * nominalPeriod
                }
                for vector in vectors {
                    let value = vector.converter.convert(
                        x: Double(vector.x.value(in: scan)), y: Double(vector.y.value(in: scan)), z: Double(vector.z.value(in: scan)))
                    batch.append(SensorSample(sensor: vector.kind, timestamp: time, value: value))
                }
            }
        }
    }
}

/// One enabled scan element: its byte offset within a scan, and format.
private struct ScanField {
    let offset: Int
    let format: ScanFormat

    /// The element's value in the scan starting at `scan`.
    @inline(__always)
    func value(in scan: UnsafeRawPointer) -> Int64 { format.value(at: scan + offset) }
}

/// The three scan elements of one sensor and the conversion to CoreMotion units.
private struct DecodedVector {
    let kind: SensorKind
    let x: ScanField
    let y: ScanField
    let z: ScanField
    let converter: SampleConverter
}
