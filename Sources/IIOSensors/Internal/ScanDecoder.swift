import MotionSamples

/// Enables a device's vector and timestamp channels and decodes its buffered scans into readings.
struct ScanDecoder {
    /// Where each enabled channel sits in a scan.
    let layout: ScanLayout
    private let vectors: [DecodedVector]
    private let timestamp: (channel: LibIIOChannel, offset: Int, format: ScanFormat)?
    private let nominalPeriod: Double

    /// Enables the accelerometer, gyroscope and timestamp scan elements of `live`.
    init(device: IIODeviceInfo, live: LibIIODevice) throws(IIOSensorError) {
        let liveChannels = live.channels
        func scanChannel(_ info: IIOChannelInfo) -> LibIIOChannel? {
            liveChannels.first { $0.id == info.id && $0.isScanElement && !$0.isOutput }
        }
        var enabled: [IIOChannelInfo] = []
        var vectorParts: [(SensorKind, [IIOChannelInfo], SampleConverter)] = []
        for (type, kind) in [(ChannelType.acceleration, SensorKind.accelerometer), (.angularVelocity, .gyroscope)] {
            let axes = Axis.allCases.compactMap { axis in
                device.channels.first { $0.type == type && $0.axis == axis && $0.format != nil }
            }
            guard axes.count == 3, let converter = SampleConverter(device: device, type: type) else { continue }
            enabled += axes
            vectorParts.append((kind, axes, converter))
        }
        let timestampInfo = device.channels.first { $0.type == .timestamp && $0.format != nil }
        if let timestampInfo { enabled.append(timestampInfo) }
        for info in enabled { scanChannel(info)?.enable() }
        let layout = ScanLayout(channels: enabled)
        self.layout = layout
        vectors = vectorParts.compactMap { kind, axes, converter in
            let channels = axes.compactMap { info in scanChannel(info).map { ($0, layout.offsets[info.id] ?? 0, info.format!) } }
            guard channels.count == 3 else { return nil }
            return DecodedVector(kind: kind, channels: channels, converter: converter)
        }
        timestamp = timestampInfo.flatMap { info in
            scanChannel(info).map { ($0, layout.offsets[info.id] ?? 0, info.format!) }
        }
        nominalPeriod = 1 / max(device.samplingFrequency?.current ?? 100, 0.1)
    }

    /// Decodes every scan in `scans` and appends one reading per sensor per scan to `batch`.
    ///
    /// Scan timestamps (ns) are shifted by `clockOffset` onto the monotonic clock; devices without
    /// a timestamp channel get the arrival time, spread back over the batch at the nominal rate.
    func decode(_ scans: UnsafeRawBufferPointer, step: Int, clockOffset: Int64, into batch: inout [SensorSample]) {
        guard let base = scans.baseAddress, step > 0 else { return }
        let count = scans.count / step
        let arrival = TimestampClock.monotonicSeconds()
        for index in 0..<count {
            let scan = base + index * step
            let time: Double
            if let timestamp {
                time = Double(timestamp.channel.convert(scan + timestamp.offset, format: timestamp.format) + clockOffset) / 1e9
            } else {
                time = arrival - Double(count - 1 - index) * nominalPeriod
            }
            for vector in vectors {
                let c = vector.channels
                let value = vector.converter.convert(
                    x: Double(c[0].0.convert(scan + c[0].1, format: c[0].2)),
                    y: Double(c[1].0.convert(scan + c[1].1, format: c[1].2)),
                    z: Double(c[2].0.convert(scan + c[2].1, format: c[2].2)))
                batch.append(SensorSample(sensor: vector.kind, timestamp: time, value: value))
            }
        }
    }
}

/// The three channels of one sensor within a scan, with their offsets and formats.
private struct DecodedVector {
    let kind: SensorKind
    let channels: [(LibIIOChannel, Int, ScanFormat)]
    let converter: SampleConverter
}
