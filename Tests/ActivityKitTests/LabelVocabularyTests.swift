import ActivityKit
import Foundation
import Testing

/// The canonical activity names, their old spellings, CoreMotion's kinds, and label map files.
@Suite struct LabelVocabularyTests {
    @Test("old spellings read as the canonical names; other labels are themselves")
    func aliases() {
        let labels = LabelMap.canonical
        #expect(labels.name(of: "jogging") == "running")
        #expect(labels.name(of: "laying") == "lying")
        #expect(labels.name(of: "walking_upstairs") == "upstairs")
        #expect(labels.name(of: "walking_downstairs") == "downstairs")
        #expect(labels.name(of: "automotive") == "driving")
        #expect(labels.name(of: "walking") == "walking")
        #expect(labels.name(of: "vacuuming") == "vacuuming")
        #expect(labels.knows("jogging") && labels.knows("cycling") && !labels.knows("vacuuming"))
        #expect(ActivityName.aliases.values.allSatisfy(ActivityName.isCanonical))
        #expect(Set(ActivityName.all).count == ActivityName.all.count)
    }

    @Test("every canonical name maps onto one of CoreMotion's activity kinds")
    func coreMotionKinds() {
        let kinds = Dictionary(uniqueKeysWithValues: ActivityName.all.map { ($0, CoreMotionActivity(activity: $0)) })
        #expect(kinds["sitting"] == .stationary && kinds["standing"] == .stationary && kinds["lying"] == .stationary)
        #expect(kinds["stationary"] == .stationary)
        #expect(kinds["walking"] == .walking && kinds["upstairs"] == .walking && kinds["downstairs"] == .walking)
        #expect(kinds["running"] == .running && kinds["cycling"] == .cycling && kinds["driving"] == .automotive)
        #expect(kinds["unknown"] == .unknown)
        #expect(CoreMotionActivity(activity: "jogging") == .running)
        #expect(CoreMotionActivity(activity: "vacuuming") == .unknown)
        // Every kind's own name is canonical or an alias of one, so a CMMotionActivity reads back as itself.
        for kind in CoreMotionActivity.allCases { #expect(CoreMotionActivity(activity: kind.rawValue) == kind) }
    }

    @Test("a label map file: header, comments, blank lines, spaces and CRLF; user entries come before the aliases")
    func loadsAFile() throws {
        let file = try temporaryFile(
            "label,name\r\n# my labels\r\n\r\n jog , running \r\nstairs_up,walking_upstairs\r\nwalking,strolling\r\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let labels = try LabelMap.load(path: file)
        #expect(labels.entries == ["jog": "running", "stairs_up": "walking_upstairs", "walking": "strolling"])
        #expect(labels.name(of: "jog") == "running")
        #expect(labels.name(of: "stairs_up") == "upstairs")
        #expect(labels.name(of: "walking") == "strolling")
        #expect(labels.name(of: "laying") == "lying")
        #expect(labels.knows("jog") && labels.knows("strolling") == false)
        #expect(labels.name(ofDatasetLabel: "WALKING", canonical: "walking") == "strolling")
    }

    @Test(
        "a bad label map line is refused with its file and line",
        arguments: [
            ("jog,running\nwlk\n", 2, "1 fields where a label and its name are expected"),
            ("jog,running\na,b,c\n", 2, "3 fields"),
            ("jog,running\n,running\n", 2, "a label is empty"),
            ("jog,running\njog,walking\n", 2, "'jog' is mapped to 'running' above and to 'walking' here"),
            ("x,\(String(repeating: "y", count: 65))\n", 1, "longer than 64 bytes"),
            ("x,a\u{7}b\n", 1, "control character"),
            // A comma with a combining mark after it is one Character but still a comma (found by the label-map fuzzer).
            (",\u{591}walk,walking\n", 1, "holds a comma"),
            ("x,\u{FF}\n", 1, "not UTF-8"),
        ])
    func refusesABadLine(text: String, line: Int, reason: String) throws {
        let file = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: file) }
        do {
            _ = try LabelMap.load(path: file)
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            guard case .malformedLabelMap(let path, let found, let why) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == file && found == line)
            #expect(why.contains(reason), "\(why)")
            #expect(error.description.hasPrefix("cannot read the label map (\(file):\(line)): "), "\(error.description)")
        }
    }

    @Test("a label map longer than 10000 lines, a missing file and binary data are refused")
    func refusesHostileFiles() throws {
        let long = try temporaryFile(String(repeating: "# comment\n", count: LabelMap.maximumEntries + 1))
        defer { try? FileManager.default.removeItem(atPath: long) }
        #expect(
            throws: ActivityError.malformedLabelMap(
                path: long, line: 10_001, reason: "the file is longer than 10000 lines or 1048576 bytes")
        ) {
            try LabelMap.load(path: long)
        }
        let binary = try temporaryFile("a,b\n\u{0}\n")
        defer { try? FileManager.default.removeItem(atPath: binary) }
        #expect(throws: ActivityError.self) { try LabelMap.load(path: binary) }
        #expect(throws: ActivityError.self) { try LabelMap.load(path: "/nonexistent/labels.csv") }
        #expect(throws: ActivityError.self) { try LabelMap.load(path: "/dev/zero") }
    }

    private func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString).csv").path
        var bytes = Array(text.utf8)
        if text.contains("\u{FF}") { bytes = Array("x,".utf8) + [0xFF, 0x0A] }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
