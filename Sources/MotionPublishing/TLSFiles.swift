import BoundedFiles
import SystemPackage

/// The TLS files of ``BrokerCredentials`` checked before libmosquitto gets them, so that a wrong file fails at once
/// with its name and reason (status 12) rather than as a TLS error retried until the end: each must be a readable PEM
/// file of its kind, a client certificate comes with its key, and the key is unencrypted (nothing could type its
/// passphrase) and readable by its owner only.
enum TLSFiles {
    /// The largest TLS file read, in bytes (a CA bundle such as Debian's `ca-certificates.crt` is about 200 KiB).
    static let maximumFileSize = 4 << 20

    /// Checks the CA file, client certificate and key of `credentials`.
    static func check(_ credentials: BrokerCredentials) throws(MQTTError) {
        switch (credentials.certFile, credentials.keyFile) {
        case (.some(let path), nil):
            throw .unusableTLSFile(path: path, role: "client certificate", reason: "no key-file (IMU_BRIDGE_MQTT_KEY_FILE) goes with it")
        case (nil, .some(let path)):
            throw .unusableTLSFile(path: path, role: "client key", reason: "no cert-file (IMU_BRIDGE_MQTT_CERT_FILE) goes with it")
        default: break
        }
        if let path = credentials.caFile { try requirePEM(path, role: "CA file", kind: "CERTIFICATE") }
        if let path = credentials.certFile { try requirePEM(path, role: "client certificate", kind: "CERTIFICATE") }
        if let path = credentials.keyFile {
            let text = try requirePEM(path, role: "client key", kind: "PRIVATE KEY")
            if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || text.contains("Proc-Type: 4,ENCRYPTED") {
                throw .unusableTLSFile(path: path, role: "client key", reason: "it is encrypted; give the key without a passphrase")
            }
        }
    }

    /// The text of `path` if it holds a PEM block whose label ends in `kind` (`CERTIFICATE`, `PRIVATE KEY`); a
    /// private key must also be readable by its owner only.
    @discardableResult
    private static func requirePEM(_ path: String, role: String, kind: String) throws(MQTTError) -> String {
        let file: BoundedFile?
        do {
            file = try BoundedFile.read(FilePath(path), limit: maximumFileSize)
        } catch {
            throw .unusableTLSFile(path: path, role: role, reason: error.reason)
        }
        guard let file else { throw .unusableTLSFile(path: path, role: role, reason: "it does not exist") }
        guard let text = String(validating: file.bytes, as: UTF8.self) else {
            throw .unusableTLSFile(path: path, role: role, reason: "it is not UTF-8 text")
        }
        // Split at every line end: "\r\n" is one Character, never equal to "\n" (a CRLF file was one line).
        let hasBlock = text.split(whereSeparator: \.isNewline).contains { line in
            line.hasPrefix("-----BEGIN ") && line.hasSuffix("\(kind)-----")
        }
        guard hasBlock else {
            throw .unusableTLSFile(path: path, role: role, reason: "it holds no PEM \(kind.lowercased()) (-----BEGIN ...\(kind)-----)")
        }
        if kind == "PRIVATE KEY" && file.mode & 0o077 != 0 {
            throw .unusableTLSFile(
                path: path, role: role,
                reason: "other users may read it (mode \(String(file.mode, radix: 8))); run chmod 600 \(path)")
        }
        return text
    }
}
