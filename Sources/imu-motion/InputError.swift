/// Problems with the input file; each message names the file (and line) and says what to fix.
enum InputError: Error, CustomStringConvertible {
    /// The file could not be opened.
    case unreadable(String)
    /// The file is not UTF-8 text.
    case notText(String)
    /// `gzip -dc` failed.
    case decompressionFailed(String, String)
    /// The header lacks required columns.
    case missingColumns(String, [String])
    /// A data line could not be parsed.
    case malformedLine(String, Int, String)
    /// The file holds no data lines.
    case empty(String)

    /// A message that tells the user what to do.
    var description: String {
        switch self {
        case .unreadable(let path):
            "cannot read \(path): check the path and its permissions"
        case .notText(let path):
            "\(path) is not UTF-8 text: pass a CSV file (or a .gz of one)"
        case .decompressionFailed(let path, let reason):
            "cannot decompress \(path) (\(reason)): check that it is a gzip file and that gzip is installed"
        case .missingColumns(let path, let columns):
            "\(path): missing column(s) \(columns.joined(separator: ", ")); the header must name t_s, acc_x, acc_y, acc_z and, with a gyroscope, gyr_x, gyr_y, gyr_z"
        case .malformedLine(let path, let line, let reason):
            "\(path):\(line): \(reason); fix or remove that line"
        case .empty(let path):
            "\(path) has a header but no samples: record some data first"
        }
    }
}
