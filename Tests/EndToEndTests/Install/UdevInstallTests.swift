import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// `udev/install.sh` staged into a temporary DESTDIR: the files, their modes, and the rule and unit written for PREFIX.
@Suite("udev/install.sh into a DESTDIR")
struct UdevInstallTests {
    @Test("stages the rule, helper, unit and README with their modes; the helper path and ExecStart use PREFIX")
    func stagedInstall() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("imu-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let prefix = scratch.appendingPathComponent("prefix").path
        let stage = scratch.appendingPathComponent("stage").path
        // The unit's ExecStart must name an executable for `systemd-analyze verify`: the built imu-classify.
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        let classify = PackageLocations.product(named: "imu-classify")
        if let classify {
            try FileManager.default.createSymbolicLink(atPath: prefix + "/bin/imu-classify", withDestinationPath: classify.path)
        }
        let script = PackageLocations.packageRoot.appendingPathComponent("udev/install.sh").path
        let installed = try Testbed.runOutsidePreload(
            executable: "/usr/bin/env", arguments: ["PREFIX=\(prefix)", "DESTDIR=\(stage)", "sh", script])
        #expect(installed.status == ExitStatus.success.rawValue, "\(installed.standardError)")

        let expectedModes = [
            "/etc/udev/rules.d/70-imu-bridge.rules": 0o644, "/etc/systemd/system/imu-classify.service": 0o644,
            "\(prefix)/libexec/imu-bridge/iio-permissions": 0o755, "\(prefix)/share/doc/imu-bridge/README.md": 0o644,
        ]
        for (path, mode) in expectedModes {
            let attributes = try FileManager.default.attributesOfItem(atPath: stage + path)
            #expect((attributes[.posixPermissions] as? Int) == mode, "\(path)")
        }
        let rules = try String(contentsOfFile: stage + "/etc/udev/rules.d/70-imu-bridge.rules", encoding: .utf8)
        #expect(rules.contains("RUN+=\"\(prefix)/libexec/imu-bridge/iio-permissions %S%p\""))
        #expect(!rules.contains("/usr/local"))
        let unitPath = stage + "/etc/systemd/system/imu-classify.service"
        let unit = try String(contentsOfFile: unitPath, encoding: .utf8)
        let execStart = "ExecStart=\(prefix)/bin/imu-classify --live --wait --any --json $IMU_BRIDGE_MQTT_OPTIONS"
        #expect(unit.split(separator: "\n").contains(Substring(execStart)))
        #expect(unit.split(separator: "\n").contains("Documentation=file://\(prefix)/share/doc/imu-bridge/README.md"))
        // The history's default database is $STATE_DIRECTORY/history.sqlite: writable under ProtectSystem=strict.
        #expect(unit.split(separator: "\n").contains("StateDirectory=imu-bridge"))

        if let analyze = PackageLocations.executableOnPath("systemd-analyze"), classify != nil {
            let verified = try Testbed.runOutsidePreload(executable: analyze.path, arguments: ["verify", "--man=no", unitPath])
            #expect(verified.status == ExitStatus.success.rawValue && verified.standardError.isEmpty, "\(verified.standardError)")
        } else {
            print("skipping systemd-analyze verify: systemd-analyze or the built imu-classify is missing")
        }

        let removed = try Testbed.runOutsidePreload(
            executable: "/usr/bin/env", arguments: ["PREFIX=\(prefix)", "DESTDIR=\(stage)", "sh", script, "--uninstall"])
        #expect(removed.status == ExitStatus.success.rawValue, "\(removed.standardError)")
        for path in expectedModes.keys { #expect(!FileManager.default.fileExists(atPath: stage + path), "\(path) left behind") }
    }
}
