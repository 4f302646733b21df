import DeviceMotionKit
import MotionSamples

/// Encoding of samples, motion and events as CSV rows, and decoding them back.
enum RecordingRows {
    /// Appends the `raw.csv` rows of `samples`, newlines included, and returns how many rows that is.
    ///
    /// One row per instant: readings of different sensors next to each other with the same timestamp (a combined
    /// IMU's scan) share a row; a sensor without a reading at that instant leaves its columns empty. With
    /// `magnetometer` (format 3) the magnetometer's three columns follow the gyroscope's; without, there are none and
    /// `samples` must hold no magnetometer reading.
    static func appendRaw(_ samples: [SensorSample], magnetometer: Bool = false, to line: inout [UInt8]) -> Int {
        var rows = 0
        var index = samples.startIndex
        while index < samples.endIndex {
            let first = samples[index]
            var readings: [SensorKind: Vector3] = [first.sensor: first.value]
            index += 1
            while index < samples.endIndex, readings[samples[index].sensor] == nil, samples[index].timestamp == first.timestamp {
                readings[samples[index].sensor] = samples[index].value
                index += 1
            }
            DecimalText.append(first.timestamp, decimals: DecimalText.timestampDecimals, to: &line)
            appendReading(readings[.accelerometer], to: &line)
            appendReading(readings[.gyroscope], to: &line)
            if magnetometer { appendReading(readings[.magnetometer], to: &line) }
            line.append(UInt8(ascii: "\n"))
            rows += 1
        }
        return rows
    }

    /// Appends one sensor's three columns, or three empty ones when it has no reading at the row's instant.
    private static func appendReading(_ value: Vector3?, to line: inout [UInt8]) {
        guard let value else {
            line.append(contentsOf: ",,,".utf8)
            return
        }
        appendValues([value.x, value.y, value.z], to: &line)
    }

    /// Appends one `motion.csv` row, newline included.
    static func append(_ motion: DeviceMotion, to line: inout [UInt8]) {
        DecimalText.append(motion.timestamp, decimals: DecimalText.timestampDecimals, to: &line)
        appendValues(motion.columnValues, to: &line)
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

    /// Decodes the readings of one `raw.csv` row of format `version` onto `readings`.
    static func sensorSamples(version: Int) -> (CSVFields, inout [SensorSample]) throws(CSVLineError) -> Void {
        if version == 1 {
            return { (fields: CSVFields, readings: inout [SensorSample]) throws(CSVLineError) in
                try longRawRow(fields, onto: &readings)
            }
        }
        return { (fields: CSVFields, readings: inout [SensorSample]) throws(CSVLineError) in
            try wideRawRow(fields, onto: &readings)
        }
    }

    private static let longRawColumns = RecordingTable.raw.columns(version: 1)
    private static let wideRawColumns = RecordingTable.raw.columns(version: 3)

    /// Largest magnitude of a magnetometer component read, µT: twice the widest full scale of a magnetometer IIO
    /// serves (the AK8963's ±4912 µT); a larger number is no reading of Earth's field, so the line is refused.
    static let magnetometerLimit = 10_000.0

    /// A version 1 row: `timestamp,sensor,x,y,z`, one reading.
    private static func longRawRow(_ fields: CSVFields, onto readings: inout [SensorSample]) throws(CSVLineError) {
        guard let sensor = SensorKind(rawValue: fields[1]), sensor != .magnetometer else {
            throw CSVLineError(reason: "unknown sensor '\(fields[1])' (expected accelerometer or gyroscope)")
        }
        readings.append(
            SensorSample(
                sensor: sensor, timestamp: try readingTimestamp(fields, of: longRawColumns),
                value: try vector(fields, from: 2, of: longRawColumns)))
    }

    /// A version 2 or 3 row: the timestamp, then the accelerometer's, the gyroscope's and (version 3) the
    /// magnetometer's three columns, a sensor's all empty when it has no reading then. A row with all empty is a
    /// reading of nothing known, kept as an accelerometer reading of `nan` for the pipeline to drop and count (what a
    /// spreadsheet saves for a lost row). A magnetometer value beyond ±``magnetometerLimit`` µT is refused; `nan` is
    /// kept for the pipeline to drop, like any sensor's.
    private static func wideRawRow(_ fields: CSVFields, onto readings: inout [SensorSample]) throws(CSVLineError) {
        let columns = wideRawColumns
        let timestamp = try readingTimestamp(fields, of: columns)
        let hasAccelerometer = !(1...3).allSatisfy(fields.isEmpty)
        let hasGyroscope = !(4...6).allSatisfy(fields.isEmpty)
        let hasMagnetometer = fields.count > 7 && !(7...9).allSatisfy(fields.isEmpty)
        if hasAccelerometer || !(hasGyroscope || hasMagnetometer) {
            readings.append(
                SensorSample(sensor: .accelerometer, timestamp: timestamp, value: try vector(fields, from: 1, of: columns)))
        }
        if hasGyroscope {
            readings.append(
                SensorSample(sensor: .gyroscope, timestamp: timestamp, value: try vector(fields, from: 4, of: columns)))
        }
        if hasMagnetometer {
            let field = try vector(fields, from: 7, of: columns)
            for (offset, value) in [field.x, field.y, field.z].enumerated() where value.isFinite && abs(value) > magnetometerLimit {
                throw CSVLineError(
                    reason:
                        "column \(columns[7 + offset]) is \(value.messageText) µT, beyond ±\(magnetometerLimit.messageText) µT (no magnetometer reads that)"
                )
            }
            readings.append(SensorSample(sensor: .magnetometer, timestamp: timestamp, value: field))
        }
    }

    /// Decodes the fields of one `motion.csv` row of format `version`.
    static func deviceMotion(version: Int) -> (CSVFields) throws(CSVLineError) -> DeviceMotion {
        let columns = RecordingTable.motion.columns(version: version)
        return { (fields: CSVFields) throws(CSVLineError) -> DeviceMotion in
            let quaternion = Quaternion(
                w: try number(fields, 1, of: columns),
                x: try number(fields, 2, of: columns),
                y: try number(fields, 3, of: columns),
                z: try number(fields, 4, of: columns)
            )
            return DeviceMotion(
                timestamp: try timestamp(fields, of: columns),
                attitude: Attitude(quaternion: quaternion),
                rotationRate: try vector(fields, from: 11, of: columns),
                gravity: try vector(fields, from: 5, of: columns),
                userAcceleration: try vector(fields, from: 8, of: columns)
            )
        }
    }

    /// Decodes the fields of one `events.csv` row.
    static func event(_ fields: CSVFields) throws(CSVLineError) -> RecordingEvent {
        guard let kind = RecordingEvent.Kind(rawValue: fields[1]) else {
            let known = RecordingEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw CSVLineError(reason: "unknown event kind '\(fields[1])' (expected one of \(known))")
        }
        return RecordingEvent(
            timestamp: try timestamp(fields, of: eventColumns),
            kind: kind,
            duration: fields.isEmpty(2) ? nil : try number(fields, 2, of: eventColumns),
            detail: fields[3]
        )
    }

    private static func appendValues(_ values: [Double], to line: inout [UInt8]) {
        for value in values {
            line.append(UInt8(ascii: ","))
            DecimalText.append(value, decimals: DecimalText.valueDecimals, to: &line)
        }
    }

    private static let eventColumns = RecordingTable.events.columns(version: RecordingMetadata.currentFormatVersion)

    /// A value, field `index` of a table of `columns`: a number, or an empty field (how pandas and spreadsheets write
    /// NaN), read as `nan` so that the pipeline drops and counts the row like any other invalid reading. (The
    /// columns are passed whole and named only in the error: a name passed by itself is retained for every field.)
    private static func number(_ fields: CSVFields, _ index: Int, of columns: [String]) throws(CSVLineError) -> Double {
        if fields.isEmpty(index) { return .nan }
        guard let value = fields.number(index) else {
            throw CSVLineError(reason: "column \(columns[index]) is '\(fields[index])', not a number")
        }
        return value
    }

    /// The first column, a timestamp: a number of seconds within ``RecordingLimits/monotonic`` (sensor values may be
    /// nan, a timestamp may not).
    private static func timestamp(_ fields: CSVFields, of columns: [String]) throws(CSVLineError) -> Double {
        try checkedTimestamp(try number(fields, 0, of: columns), fields, of: columns)
    }

    /// `value`, the number in the first column, if it is a number of seconds within ``RecordingLimits/monotonic``.
    private static func checkedTimestamp(
        _ value: Double, _ fields: CSVFields, of columns: [String]
    ) throws(CSVLineError) -> Double {
        guard value.isFinite, RecordingLimits.monotonic.contains(value) else {
            throw CSVLineError(
                reason:
                    "column \(columns[0]) is '\(fields[0])', not a number of seconds in \(RecordingLimits.text(RecordingLimits.monotonic))"
            )
        }
        return value
    }

    /// A raw reading's timestamp: like any of its values, an empty field, `nan` or `inf` is kept as it is for the
    /// pipeline to drop and count the reading; a number must be seconds within ``RecordingLimits/monotonic``.
    private static func readingTimestamp(_ fields: CSVFields, of columns: [String]) throws(CSVLineError) -> Double {
        let value = try number(fields, 0, of: columns)
        return value.isFinite ? try checkedTimestamp(value, fields, of: columns) : value
    }

    private static func vector(_ fields: CSVFields, from start: Int, of columns: [String]) throws(CSVLineError) -> Vector3 {
        Vector3(
            x: try number(fields, start, of: columns),
            y: try number(fields, start + 1, of: columns),
            z: try number(fields, start + 2, of: columns)
        )
    }
}
