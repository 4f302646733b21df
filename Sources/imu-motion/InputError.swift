/// Problems with the input file; each message names the file (and line) and says what to fix.
enum InputError: Error, CustomStringConvertible {
    /// The file could not be opened, read or decompressed.
    case unreadable(String, String)
    /// The header lacks required columns.
    case missingColumns(String, [String])
    /// A line could not be read or parsed; the reason says what to do.
    case malformedLine(String, Int, String)
    /// The file holds no data lines.
    case empty(String)
    /// The samples give no usable sensor rate.
    case noSensorRate(String)
    /// A magnetic reference frame was asked for, and the input has no magnetometer (or no gyroscope).
    case frameNeedsMagnetometer(String, String)

    /// A message that tells the user what to do.
    var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason); pass a CSV file of samples (or its .gz) or a recording directory"
        case .missingColumns(let path, let columns):
            "\(path): missing column(s) \(columns.joined(separator: ", ")); the header must name t_s, acc_x, acc_y, acc_z and, with a gyroscope, gyr_x, gyr_y, gyr_z"
        case .malformedLine(let path, let line, let reason):
            "\(path):\(line): \(reason)"
        case .empty(let path):
            "\(path) has a header but no samples; pass a file with data rows"
        case .noSensorRate(let reason):
            reason
        case .frameNeedsMagnetometer(let path, let frame):
            "\(path): --reference-frame \(frame) needs magnetometer and gyroscope readings (columns mag_x, mag_y, mag_z in microtesla beside gyr_*, or a recording of format 3 from an IMU with a magnetometer); add them, or use --reference-frame x-arbitrary-z-vertical"
        }
    }
}
