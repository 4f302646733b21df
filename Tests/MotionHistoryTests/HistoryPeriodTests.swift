import Foundation
import MotionHistory
import Testing

@Suite struct HistoryPeriodTests {
    @Test(
        "durations: a positive whole number and s, m, h or d, up to 3650 days",
        arguments: [("90s", 90.0), ("30m", 1800), ("2h", 7200), ("1d", 86_400), ("3650d", 315_360_000)])
    func durations(text: String, seconds: Double) {
        #expect(HistoryPeriod.seconds(in: text) == seconds)
    }

    @Test(
        "bad durations are refused", arguments: ["", "h", "0h", "-1h", "1.5h", "2w", "3651d", "99999999999999999999d", " 2h", "+2h", "2H"])
    func badDurations(text: String) {
        #expect(HistoryPeriod.seconds(in: text) == nil)
    }

    @Test("a local day runs from midnight to midnight in its time zone: 24 h in UTC, 23 h on Berlin's spring change")
    func localDays() throws {
        let utcZone = try #require(TimeZone(identifier: "UTC"))
        let utc = try #require(HistoryPeriod.day("2026-11-25", in: utcZone))
        #expect(utc.from == 1_795_564_800 && utc.to - utc.from == 86_400)
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let winter = try #require(HistoryPeriod.day("2026-11-25", in: berlin))
        #expect(winter.from == 1_795_564_800 - 3600)
        let spring = try #require(HistoryPeriod.day("2026-03-29", in: berlin))
        #expect(spring.to - spring.from == 23 * 3600)
        let autumn = try #require(HistoryPeriod.day("2026-10-25", in: berlin))
        #expect(autumn.to - autumn.from == 25 * 3600)
    }

    @Test(
        "text that is not a real date is refused",
        arguments: ["2026-02-30", "2026-13-01", "26-11-25", "2026-1-05", "2026-11-25T00", "yyyy-mm-dd", "٢٠٢٦-١١-٢٥"])
    func badDays(text: String) throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(HistoryPeriod.day(text, in: utc) == nil)
    }
}
