import Foundation

/// Reads dataset text files, plain or gzip-compressed (through the system's `gzip`).
enum DatasetText {
    /// The lines of the file at `path` (decompressed when it ends in `.gz`), without empty trailing lines.
    static func lines(of path: String) throws(DatasetImportError) -> [Substring] {
        let text = String(decoding: try bytes(of: path), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines.map { $0.last == "\r" ? $0.dropLast() : $0 }
    }

    private static func bytes(of path: String) throws(DatasetImportError) -> Data {
        guard path.hasSuffix(".gz") else {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .unreadableFile(path: path, reason: "the file is missing or not readable")
            }
            return data
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", "--", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .unreadableFile(path: path, reason: "cannot run gzip (\(error.localizedDescription)); install gzip")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .unreadableFile(path: path, reason: "gzip cannot decompress it")
        }
        return data
    }

    /// Parses whitespace- or comma-separated numbers of one line, or says why it cannot.
    static func numbers(_ line: Substring, separator: Character?, path: String, lineNumber: Int) throws(DatasetImportError) -> [Double] {
        let fields = separator.map { line.split(separator: $0, omittingEmptySubsequences: false) }
            ?? line.split(whereSeparator: \.isWhitespace)
        var values: [Double] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            guard let value = Double(field.trimmingCharacters(in: .whitespaces)) else {
                throw .malformedLine(path: path, line: lineNumber, reason: "'\(field)' is not a number")
            }
            values.append(value)
        }
        return values
    }
}
