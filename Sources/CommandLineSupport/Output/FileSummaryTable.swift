import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// The per-file summary a long job ends with (one row per input file, aligned columns), on stderr: shown where the
/// progress bar is (stderr a terminal, no `--quiet`) and with `--verbose` wherever stderr goes.
public struct FileSummaryTable: Sendable {
    /// Column titles.
    public let columns: [String]
    /// The rows added, each with one cell per column.
    public private(set) var rows: [[String]] = []
    /// Most rows printed; the rest are counted in one closing line, so a directory of 100 000 files prints a bounded table.
    public static let maximumRows = 1000

    /// Creates an empty table with `columns`.
    public init(columns: [String]) {
        self.columns = columns
    }

    /// Adds a row (missing cells are blank, extra ones dropped, control characters escaped so that a file name keeps
    /// to its cell); rows past ``maximumRows`` are only counted.
    public mutating func add(_ cells: [String]) {
        skipped += rows.count < Self.maximumRows ? 0 : 1
        guard rows.count < Self.maximumRows else { return }
        rows.append((0..<columns.count).map { $0 < cells.count ? cells[$0].escapingControlCharacters() : "" })
    }

    /// Rows added past ``maximumRows``.
    public private(set) var skipped = 0

    /// The table as text: a header, a rule and the rows, columns padded to their widest cell (numbers right-aligned).
    public func text() -> String {
        let widths = columns.indices.map { column in ([columns[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return Self.isNumber(cell) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var lines = [line(columns), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
        if skipped > 0 { lines.append("... and \(skipped) more") }
        return lines.joined(separator: "\n")
    }

    /// Prints the table on stderr when stderr is a terminal and `--quiet` was not given, or under `--verbose`.
    public func printIfTerminal() {
        guard !rows.isEmpty, !StatusOutput.isQuiet, isatty(STDERR_FILENO) != 0 || StatusOutput.isVerbose else { return }
        printError(text())
    }

    /// `seconds` with one decimal, for a duration cell.
    public static func seconds(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "-" }
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    private static func isNumber(_ cell: String) -> Bool {
        !cell.isEmpty && cell.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" || $0 == "%" }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
