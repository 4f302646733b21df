import Foundation
import IIOTestbed
import Testing

/// Every tool Package.swift builds is installed by `make install`, packaged by `build-deb.sh` and checked in the clean
/// root by `check-deb.sh`: a new tool cannot be left out of one of them.
@Suite("The tool lists of Package.swift, the Makefile, the .deb and its check agree")
struct PackagedToolsTests {
    private func text(_ path: String) throws -> String {
        try String(contentsOf: PackageLocations.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `imu-*` words of the first line of `file` that starts with `prefix` (a line continued with `\` included).
    private func tools(in file: String, lineStartingWith prefix: String) throws -> Set<String> {
        let lines = try text(file).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }, "\(file): \(prefix)")
        var joined = String(lines[start])
        var next = start
        while joined.hasSuffix("\\"), next + 1 < lines.count {
            next += 1
            joined += lines[next]
        }
        return Set(joined.split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init).filter { $0.hasPrefix("imu-") })
    }

    @Test("Package.swift's executables = Makefile PRODUCTS = build-deb.sh PRODUCTS = the tools check-deb.sh runs")
    func sameTools() throws {
        let manifest = try text("Package.swift")
        let executables = Set(
            manifest.components(separatedBy: ".executable(name: \"").dropFirst().compactMap {
                $0.split(separator: "\"").first.map(String.init)
            })
        #expect(executables.contains("imu-plot") && executables.count == 12, "\(executables.sorted())")
        #expect(try tools(in: "Makefile", lineStartingWith: "PRODUCTS :=") == executables)
        #expect(try tools(in: "packaging/debian/build-deb.sh", lineStartingWith: "readonly PRODUCTS=") == executables)
        #expect(try tools(in: "Tests/Package/check-deb.sh", lineStartingWith: "for tool in imu-list") == executables)
    }

    @Test("The package puts the rule, helper and unit where their paths point: /usr/lib/udev, /usr/libexec, /usr/bin")
    func debianPlaces() throws {
        let script = try text("packaging/debian/build-deb.sh")
        for place in [
            "$stage/usr/lib/udev/rules.d/70-imu-bridge.rules", "$stage/usr/lib/systemd/system/imu-classify.service",
            "$stage/usr/libexec/imu-bridge/iio-permissions", "$stage/usr/lib/sysusers.d/imu-bridge.conf", "PREFIX=/usr DESTDIR=",
        ] {
            #expect(script.contains(place), "\(place)")
        }
        #expect(try text("packaging/debian/sysusers.conf").split(separator: "\n").contains("g imu - -"))
    }
}
