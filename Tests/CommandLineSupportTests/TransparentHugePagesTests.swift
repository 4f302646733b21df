import CommandLineSupport
import Foundation
import Testing

@Suite("Transparent huge pages")
struct TransparentHugePagesTests {
    /// The kernel's own account: `THP_enabled` in /proc/PID/status reads 0 once the process has set
    /// `PR_SET_THP_DISABLE` (Documentation/filesystems/proc.rst).
    @Test("turned off, the kernel reports the process may not use them")
    func kernelReportsThemOff() throws {
        #expect(disableTransparentHugePages())
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("THP_enabled:") }
        #expect(line.map { $0.split(separator: "\t").last } == "0")
    }
}
