import CMosquitto
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// libmosquitto's result codes as words.
enum MQTTStatus {
    /// `mosquitto_strerror`'s text for `code`.
    static func text(_ code: Int32) -> String {
        (try? MosquittoLibrary.functions())?.strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// The CONNACK return code's text (`mosquitto_connack_string`), e.g. "Connection Refused: not authorised.".
    static func connack(_ code: Int32) -> String {
        (try? MosquittoLibrary.functions())?.connack_string(code).map { String(cString: $0) } ?? "refused (\(code))"
    }

    /// Throws ``MQTTError/library(operation:code:errno:)`` unless `code` is `MOSQ_ERR_SUCCESS`.
    static func check(_ code: Int32, _ operation: String) throws(MQTTError) {
        guard code != MOSQ_ERR_SUCCESS.rawValue else { return }
        throw .library(
            operation: operation, code: code,
            errno: code == MOSQ_ERR_ERRNO.rawValue ? Errno(rawValue: errno) : nil)
    }
}
