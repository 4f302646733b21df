import Foundation

/// The period a history question covers, in Unix seconds: the last so long (`--since 2h`) or one local calendar
/// day (`--day 2026-11-25`).
public struct HistoryPeriod: Sendable, Hashable {
    /// The first second, Unix time.
    public let from: Double
    /// The end (exclusive), Unix time.
    public let to: Double

    /// The longest look back, in seconds: the longest retention (3650 days).
    public static let longestSeconds = 3650.0 * 86_400

    /// Creates a period; nil unless both ends are finite and `from < to`.
    public init?(from: Double, to: Double) {
        guard from.isFinite, to.isFinite, from < to else { return nil }
        self.from = from
        self.to = to
    }

    /// Seconds in a duration written as a positive whole number and a unit, `s`, `m`, `h` or `d` (`90m`, `2h`,
    /// `1d`); nil for anything else, zero, or more than ``longestSeconds``.
    public static func seconds(in text: String) -> Double? {
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0, text.first?.isNumber == true else {
            return nil
        }
        let scale: Double? =
            switch unit {
            case "s": 1
            case "m": 60
            case "h": 3600
            case "d": 86_400
            default: nil
            }
        guard let scale, Double(count) * scale <= longestSeconds else { return nil }
        return Double(count) * scale
    }

    /// The last `seconds` before `now`.
    public static func last(_ seconds: Double, before now: Double) -> HistoryPeriod? {
        HistoryPeriod(from: now - seconds, to: now)
    }

    /// The local calendar day `text` (`YYYY-MM-DD`) in `timeZone`: from its midnight to the next one, so a day with
    /// a daylight-saving change lasts 23 or 25 hours; nil for text that is not a real date (2026-02-30, 2026-13-01).
    public static func day(_ text: String, in timeZone: TimeZone) -> HistoryPeriod? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar), let start = calendar.date(from: components),
            let end = calendar.date(byAdding: .day, value: 1, to: start)
        else { return nil }
        return HistoryPeriod(from: start.timeIntervalSince1970, to: end.timeIntervalSince1970)
    }
}
