import Foundation

/// A sysfs layout of one real driver, read from a `Fixtures/sysfs/<name>.umockdev` file.
///
/// The file uses the line format of `umockdev-record`: a `P: /devices/...` line starts a device,
/// `E: KEY=value` lines give its udev properties and `A: path=value` lines its attribute files, where
/// `\n` stands for a newline and `\\` for a backslash. Blank lines and `#` comments are ignored.
public struct SysfsFixture: Sendable, Equatable {
    /// The fixture's name (the file name without extension), e.g. `mpu6050`.
    public var name: String
    /// The devices in file order (parents before their children).
    public var devices: [SysfsDevice]

    /// Creates a fixture from already parsed devices.
    public init(name: String, devices: [SysfsDevice]) {
        self.name = name
        self.devices = devices
    }

    /// Parses fixture text; `file` only labels error messages.
    public init(name: String, text: String, file: String = "<fixture>") throws(TestbedError) {
        self.name = name
        var devices: [SysfsDevice] = []
        var deviceLines: [Int] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let lineNumber = offset + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard line.count >= 3, line.dropFirst().hasPrefix(": ") else {
                throw .malformedFixture(file: file, line: lineNumber, reason: "expected 'P: ', 'E: ' or 'A: ' at the start")
            }
            let tag = line.first
            let body = String(line.dropFirst(3))
            if tag == "P" {
                guard body.hasPrefix("/devices/") else {
                    throw .malformedFixture(file: file, line: lineNumber, reason: "a device path must start with /devices/")
                }
                devices.append(SysfsDevice(devpath: body, properties: [], attributes: []))
                deviceLines.append(lineNumber)
                continue
            }
            guard !devices.isEmpty else {
                throw .malformedFixture(file: file, line: lineNumber, reason: "a 'P: /devices/...' line must come first")
            }
            guard let equals = body.firstIndex(of: "="), equals != body.startIndex else {
                throw .malformedFixture(file: file, line: lineNumber, reason: "expected KEY=value")
            }
            let key = String(body[..<equals])
            let value = String(body[body.index(after: equals)...])
            switch tag {
            case "E":
                devices[devices.count - 1].properties.append(.init(key: key, value: value))
            case "A":
                guard !key.hasPrefix("/"), !key.split(separator: "/").contains("..") else {
                    throw .malformedFixture(file: file, line: lineNumber, reason: "attribute path must stay inside the device directory")
                }
                let contents = try Self.unescape(value, file: file, line: lineNumber)
                devices[devices.count - 1].attributes.append(.init(path: key, contents: contents))
            default:
                throw .malformedFixture(file: file, line: lineNumber, reason: "unknown line tag '\(tag.map(String.init) ?? "")'")
            }
        }
        for (device, line) in zip(devices, deviceLines) where device.subsystem == nil {
            throw .malformedFixture(file: file, line: line, reason: "device \(device.devpath) has no 'E: SUBSYSTEM=' line")
        }
        self.devices = devices
    }

    /// Loads `Fixtures/sysfs/<name>.umockdev` from the package.
    public init(named name: String) throws(TestbedError) {
        let directory = PackageLocations.sysfsFixturesDirectory
        let url = directory.appendingPathComponent("\(name).umockdev")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .fixtureNotFound(name: name, searched: directory.path)
        }
        try self.init(name: name, text: String(decoding: data, as: UTF8.self), file: url.path)
    }

    /// The device whose sysfs name is `sysname` (e.g. `iio:device0`), if the fixture has it.
    public func device(_ sysname: String) -> SysfsDevice? {
        devices.first { $0.sysname == sysname }
    }

    /// The names of every fixture file in `Fixtures/sysfs`, sorted.
    public static var availableNames: [String] {
        let directory = PackageLocations.sysfsFixturesDirectory.path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".umockdev") }.map { String($0.dropLast(".umockdev".count)) }.sorted()
    }

    /// Replaces `\n` and `\\` escapes by the characters they stand for.
    private static func unescape(_ value: String, file: String, line: Int) throws(TestbedError) -> String {
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "\\": result.append("\\")
                default:
                    throw .malformedFixture(file: file, line: line, reason: "unknown escape '\\\(character)' (only \\n and \\\\)")
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        guard !escaping else {
            throw .malformedFixture(file: file, line: line, reason: "value ends in a lone backslash")
        }
        return result
    }
}
