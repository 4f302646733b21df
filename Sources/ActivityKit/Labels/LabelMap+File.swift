import MotionRecording

extension LabelMap {
    /// The longest label map file read, in bytes.
    public static let maximumFileSize = 1 << 20

    /// Reads a label map file (docs/labels.md): one `label,name` pair per line, spaces around either trimmed; blank
    /// lines and lines starting with `#` are skipped, as is a first line `label,name`. Plain or gzip, at most
    /// ``maximumFileSize`` bytes and ``maximumEntries`` lines; a line that is not two valid labels, or that maps a
    /// label already mapped to another name, is refused with its number.
    public static func load(path: String) throws(ActivityError) -> LabelMap {
        let reader: TextLineReader
        do {
            reader = try TextLineReader(path: path)
        } catch {
            throw .malformedLabelMap(path: path, line: error.line, reason: error.reason)
        }
        var entries: [String: String] = [:]
        var bytes = 0
        while true {
            let line: ArraySlice<UInt8>
            do {
                guard let next = try reader.next() else { break }
                line = next
            } catch {
                throw .malformedLabelMap(path: path, line: error.line, reason: error.reason)
            }
            let number = reader.lineNumber
            bytes += line.count + 1
            guard bytes <= maximumFileSize, number <= maximumEntries else {
                throw .malformedLabelMap(
                    path: path, line: number,
                    reason: "the file is longer than \(maximumEntries) lines or \(maximumFileSize) bytes")
            }
            guard let text = String(validating: line, as: UTF8.self) else {
                throw .malformedLabelMap(path: path, line: number, reason: "the line is not UTF-8 text")
            }
            let trimmed = text.trimmed
            if trimmed.isEmpty || trimmed.hasPrefix("#") || (number == 1 && trimmed == "label,name") { continue }
            let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmed)
            guard fields.count == 2 else {
                throw .malformedLabelMap(
                    path: path, line: number, reason: "\(fields.count) fields where a label and its name are expected")
            }
            for field in fields {
                if let problem = problem(with: field) { throw .malformedLabelMap(path: path, line: number, reason: problem) }
            }
            if let earlier = entries[fields[0]], earlier != fields[1] {
                throw .malformedLabelMap(
                    path: path, line: number, reason: "'\(fields[0])' is mapped to '\(earlier)' above and to '\(fields[1])' here")
            }
            entries[fields[0]] = fields[1]
        }
        return LabelMap(checkedEntries: entries)
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
