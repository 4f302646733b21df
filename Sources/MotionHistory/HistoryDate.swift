/// The dates a history row may hold, in Unix seconds: from the Unix epoch (a board without a real-time clock reads
/// 1970 until NTP sets its clock) to 2200-01-01. A writer leaves out what falls outside; a reader refuses a row
/// outside as a hostile database, so every duration and date it computes is a finite number of well under 2^33
/// seconds.
public enum HistoryDate {
    /// The dates accepted: 1970-01-01T00:00:00Z...2200-01-01T00:00:00Z.
    public static let range: ClosedRange<Double> = 0...7_258_118_400

    /// Whether `date` is inside ``range`` (false for NaN and infinities).
    public static func isPlausible(_ date: Double) -> Bool { range.contains(date) }
}
