import FoundationEssentials
import MotionActivityKit
import MotionRecording
import MotionSamples

/// One line of imu-steps output: the pedometer data of a recording, or of a live run so far.
struct StepsLine: Encodable {
    /// The recording (its directory or file name); absent live.
    var recording: String?
    /// The end of the interval, monotonic seconds.
    var timestamp: Double
    /// The start of the interval, monotonic seconds.
    var start: Double
    var numberOfSteps: Int
    var distance: Double?
    var currentCadence: Double?
    var currentPace: Double?
    var averageActivePace: Double?
    var floorsAscended: Int?
    var floorsDescended: Int?
    /// The recording's independently counted steps (`counted_steps` of recording.json), when it has them.
    var countedSteps: Int?

    private enum CodingKeys: String, CodingKey {
        case recording, timestamp, start
        case numberOfSteps = "number_of_steps"
        case distance
        case currentCadence = "current_cadence"
        case currentPace = "current_pace"
        case averageActivePace = "average_active_pace"
        case floorsAscended = "floors_ascended"
        case floorsDescended = "floors_descended"
        case countedSteps = "counted_steps"
    }

    /// The line for `data`.
    init(_ data: PedometerData, recording: String? = nil, countedSteps: Int? = nil) {
        self.recording = recording
        timestamp = data.endDate
        start = data.startDate
        numberOfSteps = data.numberOfSteps
        distance = data.distance
        currentCadence = data.currentCadence
        currentPace = data.currentPace
        averageActivePace = data.averageActivePace
        floorsAscended = data.floorsAscended
        floorsDescended = data.floorsDescended
        self.countedSteps = countedSteps
    }

    /// The JSON object on one line (absent values left out).
    func json() throws -> String { try JSONLine.encode(self) }

    /// The header of the text table: rows name their recording, or live their timestamp.
    static func header(live: Bool) -> String {
        (live ? "timestamp" : "recording")
            + "  steps  counted  error_%  distance_m  cadence_per_min  pace_min_per_km  floors_ascended  floors_descended"
    }

    /// The line as a row of the text table.
    var text: String {
        func number(_ value: Double?, _ decimals: Int) -> String {
            value.map { DecimalText.string($0, decimals: decimals) } ?? "-"
        }
        let error = countedSteps.flatMap { counted in
            counted > 0 ? Double(numberOfSteps - counted) / Double(counted) * 100 : nil
        }
        return [
            recording ?? DecimalText.string(timestamp, decimals: 2), "\(numberOfSteps)", countedSteps.map { "\($0)" } ?? "-",
            number(error, 1), number(distance, 1), number(currentCadence.map { $0 * 60 }, 0),
            number(averageActivePace.map { $0 * 1000 / 60 }, 1), floorsAscended.map { "\($0)" } ?? "-",
            floorsDescended.map { "\($0)" } ?? "-",
        ].joined(separator: "  ")
    }
}
