import MotionRecording
import MotionSamples
import SystemPackage
import Testing

/// The header rows of the current format, from the one vocabulary.
enum RecordingHeaders {
    /// `raw.csv`'s header.
    static let raw = MotionField.columns(MotionField.sample).joined(separator: ",")
}

@Suite("Damaged recordings")
struct CorruptRecordingTests {
    /// A finished recording with 10 raw rows, 4 motion rows and the sample events.
    private func makeRecording(in temporary: TemporaryDirectory, finish: Bool = true) async throws -> FilePath {
        let writer = try RecordingWriter(creating: temporary.path.appending("damaged.imurec"), metadata: SampleData.metadata())
        try await writer.append(raw: SampleData.raw(count: 5))
        try await writer.append(motion: SampleData.motion(count: 4))
        for event in SampleData.events { try await writer.mark(event) }
        if finish { try await writer.finish() } else { try await writer.sync() }
        return writer.directory
    }

    @Test("a torn last line is dropped and reported, the rest is kept")
    func tornLastLine() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary, finish: false)
        let rawPath = directory.appending("raw.csv")
        try writeText(try readText(rawPath) + "1234.600000,0.01,", to: rawPath)

        let recording = try RecordingReader.read(directory)
        #expect(recording.isTruncated)
        #expect(recording.truncatedFiles == ["raw.csv"])
        #expect(recording.raw.count == 10)
        #expect(recording.motion.count == 4)
        #expect(!recording.isComplete)
    }

    @Test("a bad line in the middle is rejected with file, line and reason")
    func badMiddleLine() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let rawPath = directory.appending("raw.csv")
        var lines = try readText(rawPath).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[3] = "1234.520000,0.5,zero,-1,,,"
        try writeText(lines.joined(separator: "\n"), to: rawPath)

        #expect(throws: RecordingError.corruptLine(path: rawPath.string, line: 4, reason: "column acceleration_y is 'zero', not a number"))
        {
            try RecordingReader.read(directory)
        }
    }

    /// Replaces the timestamp (first field) of line `line` (1-based, header = 1) of `file` with `timestamp`.
    private func replaceTimestamp(in file: FilePath, line: Int, with timestamp: String) throws {
        var lines = try readText(file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let fields = lines[line - 1].split(separator: ",", omittingEmptySubsequences: false)
        lines[line - 1] = ([Substring(timestamp)] + fields.dropFirst()).joined(separator: ",")
        try writeText(lines.joined(separator: "\n"), to: file)
    }

    @Test(
        "a raw reading whose timestamp is empty, nan or infinite is kept as it is, for the pipeline to drop and count",
        arguments: ["", "nan", "inf", "-inf"])
    func nonFiniteTimestamp(_ timestamp: String) async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        // Line 3 holds the second instant: readings 2 (accelerometer) and 3 (gyroscope).
        try replaceTimestamp(in: directory.appending("raw.csv"), line: 3, with: timestamp)
        let recording = try RecordingReader.read(directory)
        #expect(recording.raw.count == 10)
        #expect(!recording.raw[2].timestamp.isFinite && !recording.raw[3].timestamp.isFinite)
        #expect(recording.raw[3].timestamp.isNaN == (timestamp.isEmpty || timestamp == "nan"))
    }

    @Test("a raw timestamp outside 0...10^10 s is rejected with file, line and reason", arguments: ["-1", "1e11"])
    func timestampOutOfRange(_ timestamp: String) async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let rawPath = directory.appending("raw.csv")
        try replaceTimestamp(in: rawPath, line: 5, with: timestamp)
        #expect(
            throws: RecordingError.corruptLine(
                path: rawPath.string, line: 5, reason: "column timestamp is '\(timestamp)', not a number of seconds in 0...10000000000")
        ) {
            try RecordingReader.read(directory)
        }
    }

    @Test("a nan timestamp in motion.csv is rejected")
    func nonFiniteMotionTimestamp() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let motionPath = directory.appending("motion.csv")
        try replaceTimestamp(in: motionPath, line: 3, with: "nan")
        let error = try #require(throws: RecordingError.self) { try RecordingReader.read(directory) }
        #expect(
            error.description.hasPrefix("\(motionPath.string):3: column timestamp is 'nan', not a number of seconds in 0...10000000000"))
    }

    @Test("a raw timestamp going back on the same sensor is rejected; the two sensors may interleave")
    func backwardsRawTimestamp() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary, finish: false)
        let rawPath = directory.appending("raw.csv")
        // A split IMU's readings come in rows of their own: the accelerometer alone at 1234.51 (line 3), then the
        // gyroscope alone at 1234.505, still after its previous reading (1234.50, line 2).
        var lines = try readText(rawPath).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let second = lines[2].split(separator: ",", omittingEmptySubsequences: false)
        lines[2] = (second[0...3] + ["", "", ""]).joined(separator: ",")
        lines.insert((["1234.505000", "", "", ""] + second[4...6]).joined(separator: ","), at: 3)
        try writeText(lines.joined(separator: "\n"), to: rawPath)
        let interleaved = try RecordingReader.read(directory).raw
        #expect(interleaved.count == 10 && interleaved[3].sensor == .gyroscope && interleaved[3].timestamp == 1234.505)
        // Line 5 is both sensors at 1234.52; 1234.505 goes back from the accelerometer's 1234.51 on line 3.
        try replaceTimestamp(in: rawPath, line: 5, with: "1234.505000")
        #expect(
            throws: RecordingError.corruptLine(
                path: rawPath.string, line: 5,
                reason: "accelerometer timestamp 1234.505 s goes back from 1234.51 s on an earlier line; timestamps never decrease")
        ) {
            try RecordingReader.read(directory)
        }
    }

    @Test("a motion timestamp going back is rejected")
    func backwardsMotionTimestamp() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let motionPath = directory.appending("motion.csv")
        try replaceTimestamp(in: motionPath, line: 4, with: "1234.500000")
        #expect(
            throws: RecordingError.corruptLine(
                path: motionPath.string, line: 4,
                reason: "motion timestamp 1234.5 s goes back from 1234.54 s on an earlier line; timestamps never decrease")
        ) {
            try RecordingReader.read(directory)
        }
    }

    @Test("a line with the wrong column count is rejected")
    func wrongColumnCount() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let motionPath = directory.appending("motion.csv")
        var lines = try readText(motionPath).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] += ",7"
        try writeText(lines.joined(separator: "\n"), to: motionPath)

        let error = try #require(throws: RecordingError.self) { try RecordingReader.read(directory) }
        guard case .corruptLine(let path, let line, let reason) = error else {
            Issue.record("expected corruptLine, got \(error)")
            return
        }
        #expect(path == motionPath.string)
        #expect(line == 3)
        #expect(reason.hasPrefix("15 columns, expected 14"))
        #expect(error.description.contains("motion.csv:3: 15 columns, expected 14"))
    }

    @Test("an unknown sensor or event kind is rejected")
    func unknownNames() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let eventsPath = directory.appending("events.csv")
        try writeText(try readText(eventsPath).replacingOccurrences(of: "sensor_reattached", with: "exploded"), to: eventsPath)
        let error = try #require(throws: RecordingError.self) { try RecordingReader.read(directory) }
        #expect(error.description.contains("events.csv:4: unknown event kind 'exploded'"))
    }

    @Test("a wrong header is rejected")
    func wrongHeader() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let rawPath = directory.appending("raw.csv")
        try writeText(try readText(rawPath).replacingOccurrences(of: "timestamp,acceleration_x", with: "time,acceleration_x"), to: rawPath)
        #expect(
            throws: RecordingError.unexpectedHeader(
                path: rawPath.string, found: "time" + RecordingHeaders.raw.dropFirst("timestamp".count), expected: RecordingHeaders.raw)
        ) {
            try RecordingReader.read(directory)
        }
    }

    @Test("a missing, unparsable or newer recording.json is rejected")
    func badMetadata() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let metadataPath = directory.appending("recording.json")
        let original = try readText(metadataPath)

        try writeText(original.replacingOccurrences(of: "\"format_version\" : 2", with: "\"format_version\" : 4"), to: metadataPath)
        #expect(throws: RecordingError.unsupportedVersion(path: metadataPath.string, found: 4, supported: 3)) {
            try RecordingReader.read(directory)
        }

        try writeText(String(original.prefix(40)), to: metadataPath)
        let corrupt = try #require(throws: RecordingError.self) { try RecordingReader.read(directory) }
        guard case .corruptMetadata(let path, _) = corrupt else {
            Issue.record("expected corruptMetadata, got \(corrupt)")
            return
        }
        #expect(path == metadataPath.string)

        #expect(throws: RecordingError.missingMetadata(path: temporary.path.string)) {
            try RecordingReader.read(temporary.path)
        }
    }

    @Test("a finished recording that lost rows is rejected")
    func countMismatch() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let rawPath = directory.appending("raw.csv")
        let lines = try readText(rawPath).split(separator: "\n").dropLast(2)
        try writeText(lines.joined(separator: "\n") + "\n", to: rawPath)
        #expect(throws: RecordingError.countMismatch(path: rawPath.string, expected: 5, found: 3)) {
            try RecordingReader.read(directory)
        }
    }

    @Test("a finished recording with a row more than promised is rejected at that row, before it is used")
    func extraRowFoundAtOnce() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try await makeRecording(in: temporary)
        let rawPath = directory.appending("raw.csv")
        let lines = try readText(rawPath).split(separator: "\n")
        try writeText((lines + [lines[lines.count - 1], lines[lines.count - 1]]).joined(separator: "\n") + "\n", to: rawPath)
        #expect(
            throws: RecordingError.corruptLine(
                path: rawPath.string, line: 7,
                reason: "a row past the 5 recording.json promises; the file was edited after the recording finished")
        ) {
            try RecordingReader.read(directory)
        }
        #expect(
            RecordingError.countMismatch(path: rawPath.string, expected: 5, found: 3).description.hasSuffix(
                "so any output already printed from it is void"))
    }
}
