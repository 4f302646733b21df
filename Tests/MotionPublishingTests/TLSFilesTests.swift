import Foundation
import Testing

@testable import MotionPublishing

/// The TLS files checked before libmosquitto gets them: PEM of their kind, a certificate with its key, a private key.
@Suite("TLSFiles")
struct TLSFilesTests {
    private let certificate = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
    private let key = "-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----\n"

    private func write(_ text: String, mode: Int = 0o600) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString).pem").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test("PEM files of their kind pass; no files at all pass (the system's CAs)")
    func accepted() throws {
        let (ca, cert, key) = (try write(certificate, mode: 0o644), try write(certificate), try write(key))
        defer { for path in [ca, cert, key] { try? FileManager.default.removeItem(atPath: path) } }
        try TLSFiles.check(BrokerCredentials(caFile: ca, certFile: cert, keyFile: key))
        try TLSFiles.check(BrokerCredentials())
    }

    @Test("PEM files with CRLF line ends, as OpenSSL reads them, pass")
    func windowsLineEnds() throws {
        let crlf = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r\n") }
        let (ca, cert, key) = (try write(crlf(certificate), mode: 0o644), try write(crlf(certificate)), try write(crlf(key)))
        defer { for path in [ca, cert, key] { try? FileManager.default.removeItem(atPath: path) } }
        try TLSFiles.check(BrokerCredentials(caFile: ca, certFile: cert, keyFile: key))
    }

    @Test("refused: missing, not PEM, a key for a certificate, an encrypted or exposed key, half a pair")
    func refused() throws {
        let cert = try write(certificate)
        let plain = try write("hello\n")
        let encrypted = try write("-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIGH\n-----END ENCRYPTED PRIVATE KEY-----\n")
        let legacy = try write("-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nMIGH\n-----END RSA PRIVATE KEY-----\n")
        let exposed = try write(key, mode: 0o640)
        defer { for path in [cert, plain, encrypted, legacy, exposed] { try? FileManager.default.removeItem(atPath: path) } }
        let cases: [(BrokerCredentials, String)] = [
            (BrokerCredentials(caFile: "/nonexistent/ca.pem"), "CA file"),
            (BrokerCredentials(caFile: plain), "CA file"),
            (BrokerCredentials(certFile: cert), "client certificate"),
            (BrokerCredentials(keyFile: exposed), "client key"),
            (BrokerCredentials(certFile: cert, keyFile: cert), "client key"),
            (BrokerCredentials(certFile: cert, keyFile: encrypted), "client key"),
            (BrokerCredentials(certFile: cert, keyFile: legacy), "client key"),
            (BrokerCredentials(certFile: cert, keyFile: exposed), "client key"),
        ]
        for (credentials, role) in cases {
            #expect {
                try TLSFiles.check(credentials)
            } throws: { error in
                guard case .unusableTLSFile(_, let refused, _) = error as? MQTTError else { return false }
                return refused == role
            }
        }
    }
}
