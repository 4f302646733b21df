#if canImport(Glibc)
import Glibc
#endif

/// The machine's host name (`gethostname`), the `<host>` level of the topics.
public enum HostName {
    /// The host name, or `localhost` if it cannot be read.
    public static var current: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
