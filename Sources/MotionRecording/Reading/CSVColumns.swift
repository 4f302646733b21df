/// The named columns of a CSV of numbers, as the tools read sample files (imu-motion's BROAD-style input,
/// imu-calibrate's magnetometer readings): columns found by name in any order, other columns ignored, an empty field
/// read as `nan` (how pandas writes NaN), text that is not a number refused with what to do.
package struct CSVColumns: Sendable {
    /// The header's column names, white space and quotes removed.
    package let names: [String]

    /// Why a data line cannot be read, in words that say what to do.
    package struct Problem: Error, Sendable {
        /// The reason, e.g. `column mag_x is "abc", not a number; fix or remove that line`.
        package let reason: String
    }

    /// Reads the names of a header line.
    package init(header: ArraySlice<UInt8>) {
        names = String(decoding: header, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0.trimmingWhitespace.filter { $0 != "\"" }) }
    }

    /// The names among `wanted` the header lacks, in `wanted`'s order.
    package func missing(_ wanted: [String]) -> [String] { wanted.filter { !names.contains($0) } }

    /// The positions of `wanted` in the header (each must be present).
    package func indices(of wanted: [String]) -> [Int] { wanted.compactMap { names.firstIndex(of: $0) } }

    /// Whether `line` holds nothing but spaces and tabs.
    package static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The fields at `indices` of the data line `line` as numbers (`nan` for an empty field).
    package func values(of line: ArraySlice<UInt8>, at indices: [Int]) throws(Problem) -> [Double] {
        let cells = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard cells.count >= names.count else {
            throw Problem(reason: "expected \(names.count) columns, found \(cells.count); fix or remove that line")
        }
        var values: [Double] = []
        values.reserveCapacity(indices.count)
        for index in indices {
            let text = String(decoding: cells[index], as: UTF8.self).trimmingWhitespace
            if text.isEmpty {
                values.append(.nan)
                continue
            }
            guard let value = DecimalNumber.parse(text) else {
                throw Problem(
                    reason:
                        "column \(names[index]) is \"\(text.prefix(40))\", not a number; fix or remove that line (an empty field counts as nan)"
                )
            }
            values.append(value)
        }
        return values
    }
}
