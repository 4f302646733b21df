import ActivityKit
import CommandLineSupport
import Foundation
import MotionActivityKit
import MotionHistory
import MotionSamples

/// What imu-history prints: the summary as text lines for people, or one JSON object (schema
/// `history.schema.json`; dates in Unix seconds, durations in seconds).
struct HistoryReport: Encodable {
    /// One activity row.
    struct Activity: Encodable {
        let startDate: Double
        let endDate: Double
        let kind: String
        let label: String
        let confidence: String
    }

    /// One minute's steps.
    struct Steps: Encodable {
        let startDate: Int64
        let numberOfSteps: Int
    }

    /// One device event.
    struct Event: Encodable {
        let date: Double
        let event: String
        let device: String
    }

    let from: Double
    let to: Double
    let activities: [Activity]
    let durations: [String: Double]
    let numberOfSteps: Int
    let steps: [Steps]
    let deviceEvents: [Event]

    /// The report of `summary`.
    init(summary: HistorySummary) {
        from = summary.from
        to = summary.to
        activities = summary.intervals.map { interval in
            Activity(
                startDate: interval.activity.startDate, endDate: interval.endDate, kind: interval.activity.kind.rawValue,
                label: interval.activity.label, confidence: interval.activity.confidence.description)
        }
        durations = Dictionary(uniqueKeysWithValues: summary.durations.map { ($0.key.rawValue, $0.value) })
        numberOfSteps = summary.numberOfSteps
        steps = summary.stepMinutes.map { Steps(startDate: $0.startDate, numberOfSteps: $0.numberOfSteps) }
        deviceEvents = summary.deviceEvents.map { Event(date: $0.date, event: $0.event.rawValue, device: $0.device) }
    }

    /// The text lines, times in `timeZone`.
    func text(in timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        func time(_ date: Double) -> String { formatter.string(from: Date(timeIntervalSince1970: date)) }
        var lines = ["\(time(from)) to \(time(to)) (\(timeZone.identifier))"]
        lines.append(activities.isEmpty ? "no activities" : "activities:")
        for activity in activities {
            let duration = Self.duration(activity.endDate - activity.startDate)
            lines.append(
                "  \(time(activity.startDate))  \(activity.kind) (\(activity.label), \(activity.confidence) confidence)  \(duration)")
        }
        if !durations.isEmpty {
            lines.append("time per activity:")
            for (kind, seconds) in durations.sorted(by: { $0.value > $1.value }) {
                lines.append("  \(kind.padding(toLength: 11, withPad: " ", startingAt: 0)) \(Self.duration(seconds))")
            }
        }
        lines.append("steps: \(numberOfSteps)")
        lines.append(deviceEvents.isEmpty ? "no device events" : "device events:")
        for event in deviceEvents {
            lines.append("  \(time(event.date))  \(event.event)\(event.device.isEmpty ? "" : " \(event.device)")")
        }
        return lines.joined(separator: "\n")
    }

    /// The longest duration written, in seconds: the span of ``HistoryDate/range`` (a store's rows are inside it).
    static let longestDuration = HistoryDate.range.upperBound - HistoryDate.range.lowerBound

    /// `1 h 02 min`, `3 min 05 s`, `12 s`; a duration that is not finite or not in 0...``longestDuration`` is
    /// clamped into it (never converted unchecked).
    static func duration(_ seconds: Double) -> String {
        let clamped = seconds.isFinite ? min(max(seconds, 0), longestDuration) : 0
        let total = Int(clamped.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        if hours > 0 { return "\(hours) h \(two(minutes)) min" }
        if minutes > 0 { return "\(minutes) min \(two(rest)) s" }
        return "\(rest) s"
    }
}
