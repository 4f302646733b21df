/// Splitting and quoting of single CSV lines (RFC 4180 quoting, one record per line).
enum CSVLine {
    /// Splits one line (without its newline) into unquoted fields, carriage returns outside quotes dropped, or
    /// returns why it cannot.
    static func fields(_ line: ArraySlice<UInt8>) -> Result<[String], CSVLineError> {
        var fields: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index = next
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(byte)
                }
            } else if byte == UInt8(ascii: ",") {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            } else if byte == UInt8(ascii: "\"") && field.isEmpty {
                inQuotes = true
            } else if byte != UInt8(ascii: "\r") {
                field.append(byte)
            }
            index = line.index(after: index)
        }
        if inQuotes { return .failure(CSVLineError(reason: "unterminated quoted field")) }
        fields.append(String(decoding: field, as: UTF8.self))
        return .success(fields)
    }

    /// Appends `text` as one field, quoted when it holds a comma or quote; newlines become spaces.
    static func appendField(_ text: String, to line: inout [UInt8]) {
        let flattened = text.map { $0.isNewline ? " " : $0 }
        guard flattened.contains(where: { $0 == "," || $0 == "\"" }) else {
            line.append(contentsOf: String(flattened).utf8)
            return
        }
        line.append(UInt8(ascii: "\""))
        for character in flattened {
            if character == "\"" { line.append(UInt8(ascii: "\"")) }
            line.append(contentsOf: String(character).utf8)
        }
        line.append(UInt8(ascii: "\""))
    }
}

/// Why a CSV line could not be parsed.
struct CSVLineError: Error, Hashable, Sendable {
    /// Human-readable reason, used in `RecordingError.corruptLine`.
    var reason: String
}
