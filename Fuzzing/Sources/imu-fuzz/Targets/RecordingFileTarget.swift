import MotionRecording
import MotionSamples
import SystemPackage

/// The recording reader (`RecordingReader.read`) with one of a recording's four files replaced by the input; the other
/// three are a small valid recording's.
enum RecordingFileTarget {
    /// `recording.json` is the input.
    static let metadata = target("recording-json", file: "recording.json")
    /// `raw.csv` is the input.
    static let raw = target("recording-raw", file: "raw.csv")
    /// `motion.csv` is the input.
    static let motion = target("recording-motion", file: "motion.csv")
    /// `events.csv` is the input.
    static let events = target("recording-events", file: "events.csv")

    private static let directory = "session.imurec"
    /// Whether the three files the target does not fuzz are in place (a process runs one target).
    nonisolated(unsafe) private static var writtenOnce = false

    /// `recording.json` of format 3, with a magnetometer: the `recording-raw` target's metadata when its input
    /// starts with format 3's header, so that one target covers the wide `raw.csv` with and without the
    /// magnetometer's columns.
    private static let magnetometerMetadata = """
        {"format_version": 3, "session_id": "f893320b-07f7-536b-ae39-031c258c9f77", "tag": "walking", \
        "source": "imu-fuzz", "device": {"name": "fuzz", "driver": "fuzz"}, "has_gyroscope": true, \
        "magnetometer": {"device": {"name": "ak8963", "mount_matrix": [0, 1, 0, 1, 0, 0, 0, 0, -1]}, "key": "ak8963@fuzz", \
        "calibration": null}, "raw_rate": 50, "motion_rate": 25, "units": {"acceleration": "g", "attitude": "q", \
        "rotation_rate": "rad/s", "timestamp": "s", "magnetic_field": "µT"}, "complete": false}
        """
    /// The start of format 3's `raw.csv` header.
    private static let magnetometerHeader = Array(
        "timestamp,acceleration_x,acceleration_y,acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z,magnetic_field_x".utf8)
    /// Whether `recording.json` is now the format 3 one (the `recording-raw` target switches it by its input).
    nonisolated(unsafe) private static var writtenMagnetometerMetadata = false

    /// A valid, unfinished recording of format 2: the reader checks no row counts against it.
    private static let validFiles: [String: String] = [
        "recording.json": """
        {"format_version": 2, "session_id": "f893320b-07f7-536b-ae39-031c258c9f77", "tag": "walking", \
        "source": "imu-fuzz", "device": {"name": "fuzz", "driver": "fuzz"}, "has_gyroscope": true, \
        "raw_rate": 50, "motion_rate": 25, "units": {"acceleration": "g", "attitude": "q", "rotation_rate": "rad/s", \
        "timestamp": "s"}, "complete": false}
        """,
        "raw.csv": """
        timestamp,acceleration_x,acceleration_y,acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z
        0.000000,-0.26692200,0.86859100,-0.09381100,-0.95593300,0.54114100,-0.68048600
        0.020000,,,,-1.01288000,0.67026200,-0.68636900

        """,
        "motion.csv": """
        timestamp,attitude_w,attitude_x,attitude_y,attitude_z,gravity_x,gravity_y,gravity_z,user_acceleration_x,\
        user_acceleration_y,user_acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z
        0.000000,0.48230896,-0.84486446,0.03466309,-0.22886806,-0.35328014,0.83083491,0.43000756,0.09997784,0.04441178,\
        -0.47633108,-0.95075762,0.60158743,-0.67417065

        """,
        "events.csv": """
        timestamp,kind,duration,detail
        1.000000,gap,0.500000,"a gap, quoted"

        """,
    ]

    private static func target(_ name: String, file: String) -> FuzzTarget {
        FuzzTarget(name: name, summary: "RecordingReader.read with \(file) from the input") { bytes in
            if !writtenOnce {
                for (other, text) in validFiles where other != file { Scratch.write(Array(text.utf8), to: directory + "/" + other) }
                writtenOnce = true
            }
            if file == "raw.csv" {
                let magnetometer = bytes.starts(with: magnetometerHeader)
                if magnetometer != writtenMagnetometerMetadata {
                    let metadata = magnetometer ? magnetometerMetadata : validFiles["recording.json"] ?? ""
                    Scratch.write(Array(metadata.utf8), to: directory + "/recording.json")
                    writtenMagnetometerMetadata = magnetometer
                }
            }
            let path = Scratch.write(bytes, to: directory + "/" + file)
            guard let recording = try? RecordingReader.read(FilePath(path).removingLastComponent()) else { return }
            check(recording)
        }
    }

    /// What the reader promises for every recording it accepts.
    private static func check(_ recording: Recording) {
        // A raw row holds one reading of each sensor at most: two in format 2, three with the magnetometer (format 3).
        let sensors = recording.metadata.magnetometer == nil ? 2 : 3
        precondition(recording.raw.count <= sensors * recording.rawRowCount, "more readings than raw.csv rows can hold")
        precondition(
            recording.metadata.magnetometer != nil || !recording.raw.contains { $0.sensor == .magnetometer },
            "a magnetometer reading in a recording without a magnetometer")
        // A magnetometer value is nan, infinite or within the reader's ±10000 µT.
        precondition(
            recording.raw.allSatisfy { reading in
                reading.sensor != .magnetometer
                    || [reading.value.x, reading.value.y, reading.value.z].allSatisfy { !$0.isFinite || abs($0) <= 10_000 }
            }, "a magnetometer value beyond ±10000 µT was accepted")
        // An empty, nan or infinite raw timestamp is an empty field, kept for the pipeline to drop and count; the
        // others run forward on each sensor's stream.
        for timed in Dictionary(grouping: recording.raw.filter(\.timestamp.isFinite), by: \.sensor).values {
            precondition(zip(timed, timed.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp }, "raw timestamps go back")
        }
        precondition(recording.motion.allSatisfy(\.timestamp.isFinite), "a motion timestamp that is not finite was accepted")
        precondition(
            zip(recording.motion, recording.motion.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp }, "motion timestamps go back")
        precondition(recording.events.allSatisfy(\.timestamp.isFinite), "an event timestamp that is not finite was accepted")
        precondition(recording.metadata.fieldOutOfRange() == nil, "metadata out of its documented ranges was accepted")
        precondition(
            [recording.metadata.tag, recording.metadata.subject].allSatisfy { $0.map { LabelText.problem(with: $0) == nil } ?? true },
            "a tag or subject with a control character, or too long, was accepted")
        if recording.metadata.complete, let counts = recording.metadata.counts {
            precondition(
                counts.raw == recording.rawRowCount && counts.motion == recording.motion.count && counts.events == recording.events.count,
                "a finished recording whose row counts disagree with recording.json was accepted")
        }
    }
}
