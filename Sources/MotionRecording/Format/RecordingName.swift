import FoundationEssentials

/// The conventional directory name of a recording: `<tag>-<yyyyMMdd-HHmmss>-<shortid>.imurec`.
public enum RecordingName {
    /// The file-name extension of recording directories.
    public static let directoryExtension = "imurec"

    /// The directory name for `metadata`, stamped with its wall-clock start (or `createdAt` without one), in UTC.
    public static func directoryName(for metadata: RecordingMetadata, createdAt: Date) -> String {
        let date = metadata.wallClockStart.map { Date(timeIntervalSince1970: $0.unixTime) } ?? createdAt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let stamp =
            [parts.year, parts.month, parts.day].map { twoDigits($0) }.joined()
            + "-" + [parts.hour, parts.minute, parts.second].map { twoDigits($0) }.joined()
        return "\(safeTag(metadata.tag))-\(stamp)-\(metadata.shortID).\(directoryExtension)"
    }

    /// `tag` with every character outside letters, digits, `_` and `-` replaced by `_`.
    public static func safeTag(_ tag: String) -> String {
        let safe = String(tag.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
        return safe.isEmpty ? "untagged" : safe
    }

    private static func twoDigits(_ value: Int?) -> String {
        let text = String(value ?? 0)
        return text.count < 2 ? "0" + text : text
    }
}
