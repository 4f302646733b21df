import Foundation
import Testing

/// Whether `openssl` is installed, to make throwaway certificates.
let canMakeCertificates = FileManager.default.isExecutableFile(atPath: TestCertificates.opensslPath)

/// Throwaway PEM files made with `openssl` in a scratch directory: a CA, a server certificate it signs for
/// 127.0.0.1 and localhost, a client certificate it signs, and a second CA that signed none of them.
final class TestCertificates {
    /// Where Debian installs openssl.
    static let opensslPath = "/usr/bin/openssl"
    /// The scratch directory holding the files.
    let directory: URL
    /// The CA certificate.
    var caFile: String { path("ca.pem") }
    /// A CA certificate that signed nothing here.
    var otherCAFile: String { path("other-ca.pem") }
    /// The server's certificate (SAN IP 127.0.0.1, DNS localhost).
    var serverCertificate: String { path("server.pem") }
    /// The server's key.
    var serverKey: String { path("server.key") }
    /// The client's certificate.
    var clientCertificate: String { path("client.pem") }
    /// The client's key (mode 600).
    var clientKey: String { path("client.key") }

    /// Makes the certificates (EC P-256 keys, valid for 2 days).
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The broker reads its files after dropping root for the `mosquitto` user.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for ca in ["ca", "other-ca"] {
            try openssl(
                ["req", "-x509"] + key + [
                    "-keyout", path("\(ca).key"), "-out", path("\(ca).pem"), "-days", "2", "-subj", "/CN=imu-bridge test \(ca)",
                ])
        }
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(
            to: directory.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        try "extendedKeyUsage=clientAuth\n".write(to: directory.appendingPathComponent("client.ext"), atomically: true, encoding: .utf8)
        for (name, serial) in [("server", "2"), ("client", "3")] {
            try openssl(
                ["req"] + key + ["-keyout", path("\(name).key"), "-out", path("\(name).csr"), "-subj", "/CN=imu-bridge test \(name)"])
            try openssl([
                "x509", "-req", "-in", path("\(name).csr"), "-CA", caFile, "-CAkey", path("ca.key"), "-set_serial", serial,
                "-days", "2", "-extfile", path("\(name).ext"), "-out", path("\(name).pem"),
            ])
        }
        for name in ["ca.pem", "other-ca.pem", "server.pem", "server.key", "client.pem"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path(name))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: clientKey)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of `name` in the scratch directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func openssl(_ arguments: [String]) throws {
        let status = try runClient(Self.opensslPath, arguments)
        try #require(status == 0, "openssl \(arguments.joined(separator: " ")) failed")
    }
}
