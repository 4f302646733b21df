import DeviceMotionKit
import MotionSamples

/// Encoding of samples, motion and events as CSV rows, and decoding them back.
enum RecordingRows {
    /// Appends one `raw.csv` row, newline included.
    static func append(_ sample: SensorSample, to line: inout [UInt8]) {
        DecimalText.append(sample.timestamp, decimals: DecimalText.timestampDecimals, to: &line)
        line.append(UInt8(ascii: ","))
        line.append(contentsOf: sample.sensor.rawValue.utf8)
        appendValues([sample.value.x, sample.value.y, sample.value.z], to: &line)
        line.append(UInt8(ascii: "\n"))
    }

    /// Appends one `motion.csv` row, newline included.
    static func append(_ motion: DeviceMotion, to line: inout [UInt8]) {
        let q = motion.attitude.quaternion
        DecimalText.append(motion.timestamp, decimals: DecimalText.timestampDecimals, to: &line)
        appendValues(
            [
                q.w, q.x, q.y, q.z,
                motion.gravity.x, motion.gravity.y, motion.gravity.z,
                motion.userAcceleration.x, motion.userAcceleration.y, motion.userAcceleration.z,
                motion.rotationRate.x, motion.rotationRate.y, motion.rotationRate.z,
            ],
            to: &line
        )
        line.append(UInt8(ascii: "\n"))
    }

    /// Appends one `events.csv` row, newline included.
    static func append(_ event: RecordingEvent, to line: inout [UInt8]) {
        DecimalText.append(event.timestamp, decimals: DecimalText.timestampDecimals, to: &line)
        line.append(UInt8(ascii: ","))
        line.append(contentsOf: event.kind.rawValue.utf8)
        line.append(UInt8(ascii: ","))
        if let duration = event.duration {
            DecimalText.append(duration, decimals: DecimalText.timestampDecimals, to: &line)
        }
        line.append(UInt8(ascii: ","))
        CSVLine.appendField(event.detail, to: &line)
        line.append(UInt8(ascii: "\n"))
    }

    /// Decodes the fields of one `raw.csv` row.
    static func sensorSample(_ fields: [String]) throws(CSVLineError) -> SensorSample {
        guard let sensor = SensorKind(rawValue: fields[1]) else {
            throw CSVLineError(reason: "unknown sensor '\(fields[1])' (expected accelerometer or gyroscope)")
        }
        return SensorSample(
            sensor: sensor,
            timestamp: try readingTimestamp(fields),
            value: try vector(fields, from: 2, columns: RecordingTable.raw.columns)
        )
    }

    /// Decodes the fields of one `motion.csv` row.
    static func deviceMotion(_ fields: [String]) throws(CSVLineError) -> DeviceMotion {
        let columns = RecordingTable.motion.columns
        let quaternion = Quaternion(
            w: try number(fields, 1, column: columns[1]),
            x: try number(fields, 2, column: columns[2]),
            y: try number(fields, 3, column: columns[3]),
            z: try number(fields, 4, column: columns[4])
        )
        return DeviceMotion(
            timestamp: try timestamp(fields, column: columns[0]),
            attitude: Attitude(quaternion: quaternion),
            rotationRate: try vector(fields, from: 11, columns: columns),
            gravity: try vector(fields, from: 5, columns: columns),
            userAcceleration: try vector(fields, from: 8, columns: columns)
        )
    }

    /// Decodes the fields of one `events.csv` row.
    static func event(_ fields: [String]) throws(CSVLineError) -> RecordingEvent {
        guard let kind = RecordingEvent.Kind(rawValue: fields[1]) else {
            let known = RecordingEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw CSVLineError(reason: "unknown event kind '\(fields[1])' (expected one of \(known))")
        }
        return RecordingEvent(
            timestamp: try timestamp(fields, column: "timestamp"),
            kind: kind,
            duration: fields[2].isEmpty ? nil : try number(fields, 2, column: "duration"),
            detail: fields[3]
        )
    }

    private static func appendValues(_ values: [Double], to line: inout [UInt8]) {
        for value in values {
            line.append(UInt8(ascii: ","))
            DecimalText.append(value, decimals: DecimalText.valueDecimals, to: &line)
        }
    }

    /// A value: a number, or an empty field (how pandas and spreadsheets write NaN), read as `nan` so that the
    /// pipeline drops and counts the row like any other invalid reading.
    private static func number(_ fields: [String], _ index: Int, column: String) throws(CSVLineError) -> Double {
        if fields[index].isEmpty { return .nan }
        guard let value = Double(fields[index]) else {
            throw CSVLineError(reason: "column \(column) is '\(fields[index])', not a number")
        }
        return value
    }

    /// The first column, a timestamp: a number of seconds within ``RecordingLimits/monotonic`` (sensor values may be
    /// nan, a timestamp may not).
    private static func timestamp(_ fields: [String], column: String) throws(CSVLineError) -> Double {
        let value = try number(fields, 0, column: column)
        guard value.isFinite, RecordingLimits.monotonic.contains(value) else {
            throw CSVLineError(
                reason: "column \(column) is '\(fields[0])', not a number of seconds in \(RecordingLimits.text(RecordingLimits.monotonic))")
        }
        return value
    }

    /// A raw reading's timestamp: like any of its values, an empty field, `nan` or `inf` is kept as it is for the
    /// pipeline to drop and count the reading; a number must be seconds within ``RecordingLimits/monotonic``.
    private static func readingTimestamp(_ fields: [String]) throws(CSVLineError) -> Double {
        let value = try number(fields, 0, column: "timestamp")
        return value.isFinite ? try timestamp(fields, column: "timestamp") : value
    }

    private static func vector(_ fields: [String], from start: Int, columns: [String]) throws(CSVLineError) -> Vector3 {
        Vector3(
            x: try number(fields, start, column: columns[start]),
            y: try number(fields, start + 1, column: columns[start + 1]),
            z: try number(fields, start + 2, column: columns[start + 2])
        )
    }
}
