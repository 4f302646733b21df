import Foundation
import IIOTestbed
import Testing

/// Whether this user may make a mount namespace (`unshare -m`, root here) to hide a file from one run.
private let canHideFiles = (try? runCommandOutsidePreload("/usr/bin/unshare", ["-m", "true"]).status) == 0

/// libiio and libmosquitto are loaded with `dlopen` when first used (a context, a publisher), so a replay starts
/// without them and what they link; without one, only what needs it fails, naming the library and its package.
@Suite("libiio and libmosquitto are loaded when used", .enabled(if: canRunCLIs, cliMessage))
struct RunTimeLibrariesTests {
    private let recording = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
    /// A remote context that fails at once: nothing listens on port 1.
    private let closedRemote = ["--uri", "ip:127.0.0.1:1"]

    @Test("the dynamic loader's log: a replay loads neither, a context loads libiio, --mqtt loads libmosquitto")
    func loadedWhenUsed() throws {
        let loaderLog = ["LD_DEBUG": "files"]
        let replay = try runOutsidePreload("imu-classify", ["--replay", recording], environment: loaderLog)
        #expect(replay.status == 0, "\(replay.standardError.suffix(500))")
        #expect(replay.standardError.contains("file=libsqlite3.so.0"), "the loader's log is not there")
        #expect(!replay.standardError.contains("libiio"))
        #expect(!replay.standardError.contains("libmosquitto"))

        let list = try runOutsidePreload("imu-list", closedRemote, environment: loaderLog)
        #expect(list.status == ExitStatus.remoteUnreachable.rawValue, "\(list.standardError.suffix(500))")
        #expect(list.standardError.contains("file=libiio.so.0 [0];  dynamically loaded by"))

        let port = try MQTTBroker.freeLoopbackPort()
        let publishing = try runOutsidePreload(
            "imu-classify", ["--replay", recording, "--mqtt", "mqtt://127.0.0.1:\(port)"], environment: loaderLog)
        #expect(publishing.status == ExitStatus.brokerUnreachable.rawValue)
        #expect(publishing.standardError.contains("file=libmosquitto.so.1 [0];  dynamically loaded by"))
    }

    @Test(
        "a missing library: what needs it ends at once with status 1 naming it and its package; a replay runs on",
        .enabled(if: canHideFiles, "needs a mount namespace (unshare -m) to hide a library"))
    func missingLibraries() throws {
        let withoutIIO = try runHiding("libiio.so.0", "imu-list", closedRemote)
        #expect(withoutIIO.status == ExitStatus.failure.rawValue)
        #expect(withoutIIO.standardError.contains("reading IIO sensors needs libiio, which cannot be loaded ("))
        #expect(withoutIIO.standardError.contains("install the libiio0 package"))
        #expect(try runHiding("libiio.so.0", "imu-classify", ["--replay", recording]).status == 0)

        let withoutMQTT = try runHiding("libmosquitto.so.1", "imu-classify", ["--replay", recording, "--mqtt", "mqtt://127.0.0.1:1"])
        #expect(withoutMQTT.status == ExitStatus.failure.rawValue)
        #expect(withoutMQTT.standardError.contains("publishing to MQTT needs libmosquitto, which cannot be loaded ("))
        #expect(withoutMQTT.standardError.contains("install the libmosquitto1 package, or leave out --mqtt"))
        #expect(try runHiding("libmosquitto.so.1", "imu-classify", ["--replay", recording]).status == 0)
    }

    /// Runs `tool` with the library `soname` hidden by /dev/null mounted over it, in a mount namespace of its own.
    private func runHiding(_ soname: String, _ tool: String, _ arguments: [String]) throws -> (status: Int32, standardError: String) {
        let script = """
            library=$(ldconfig -p | awk -v name="$1" '$1 == name { print $NF; exit }')
            [ -n "$library" ] && mount --bind /dev/null "$library" && shift && exec "$@"
            """
        let run = try runCommandOutsidePreload(
            "/usr/bin/unshare", ["-m", "sh", "-c", script, "sh", soname, try product(tool)] + arguments)
        return (run.status, run.standardError)
    }
}
