import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Testbed {
    /// Sends a uevent (`add`, `remove`, `change`, ...) for `sysname` to every libudev monitor of every process
    /// running in this testbed. The preload parks each monitor's netlink socket at `root/event<fd>`.
    public func uevent(action: String, device sysname: String) throws(TestbedError) {
        sendUEvent(action: action, for: try record(of: sysname))
    }

    /// Sends the uevent for `device` as a datagram to each `root/event*` socket (stale sockets are skipped).
    func sendUEvent(action: String, for device: SysfsDevice) {
        let message = UEventMessage(action: action, device: device, sequenceNumber: takeSequenceNumber()).bytes
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let socketFD = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard socketFD >= 0 else { return }
        defer { Glibc.close(socketFD) }
        for entry in entries where entry.hasPrefix("event") {
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let path = Array(root.appendingPathComponent(entry).path.utf8)
            let fits = withUnsafeMutableBytes(of: &address.sun_path) { raw in
                guard path.count < raw.count else { return false }
                raw.copyBytes(from: path)
                raw[path.count] = 0
                return true
            }
            guard fits else { continue }
            _ = message.withUnsafeBytes { bytes in
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(socketFD, bytes.baseAddress, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
        }
    }
}
