/// Where the broker is: `mqtt://host[:port]` (plain TCP, port 1883) or `mqtts://host[:port]` (TLS, port 8883), the
/// URL schemes and default ports of the MQTT specification's IANA registrations (MQTT 3.1.1, section 4.2).
public struct BrokerAddress: Sendable, Equatable, CustomStringConvertible {
    /// The broker's host name or address (an IPv6 address without its brackets).
    public let host: String
    /// The TCP port, 1...65535.
    public let port: Int
    /// Whether the connection uses TLS (`mqtts://`).
    public let usesTLS: Bool

    /// The longest host name DNS allows (RFC 1035, 2.3.4).
    static let maximumHostLength = 253

    /// Parses `url`; refuses anything but a scheme, a host and a port, and in particular any `user:password@`.
    public init(parsing url: String) throws(MQTTError) {
        let parts = url.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .invalidURL(url, reason: "no scheme") }
        let (scheme, rest) = (parts[0], parts[1])
        switch scheme.lowercased() {
        case "mqtt": usesTLS = false
        case "mqtts": usesTLS = true
        default: throw .invalidURL(url, reason: "the scheme is not mqtt or mqtts")
        }
        var authority = rest
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        if authority.utf8.contains(UInt8(ascii: "@")) { throw .credentialsInURL }
        if authority.contains(where: { "/?#".contains($0) }) {
            throw .invalidURL(url, reason: "a path, query or fragment is not allowed")
        }
        var portText: Substring?
        let isAddress = authority.hasPrefix("[")
        if isAddress {
            guard let close = authority.firstIndex(of: "]") else { throw .invalidURL(url, reason: "an unclosed [") }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidURL(url, reason: "text after the address") }
                portText = after.dropFirst()
            }
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { throw .invalidURL(url, reason: "more than one colon (put IPv6 in [])") }
            host = String(parts[0])
            portText = parts.count == 2 ? parts[1] : nil
        }
        guard !host.isEmpty, host.utf8.count <= Self.maximumHostLength,
            isAddress ? Self.isIPv6Address(host) : host.utf8.allSatisfy(Self.nameBytes.contains)
        else { throw .invalidURL(url, reason: "no host, or a host that is not a name or address") }
        if let portText {
            guard (1...5).contains(portText.utf8.count), portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let port = Int(portText), (1...65535).contains(port)
            else {
                throw .invalidURL(url, reason: "the port is not 1...65535")
            }
            self.port = port
        } else {
            port = usesTLS ? 8883 : 1883
        }
    }

    /// The bytes of a host name: RFC 3986's `reg-name` (section 3.2.2: letters, digits, `-._~` and the sub-delimiters
    /// `!$&'()*+,;=`) without its percent-encoding, which nothing here decodes. An IPv4 address is such a name too.
    static let nameBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=".utf8)

    /// Whether `host`, from between brackets, is an IPv6 address as RFC 3986's `IP-literal` holds one: hexadecimal
    /// digits, colons (at least two) and dots (an embedded IPv4 address), then optionally `%` and a zone (RFC 6874,
    /// `fe80::1%eth0` as `getaddrinfo` takes it).
    static func isIPv6Address(_ host: String) -> Bool {
        let parts = host.utf8.split(separator: UInt8(ascii: "%"), maxSplits: 1, omittingEmptySubsequences: false)
        let address = parts[0]
        let isAddressByte = { (byte: UInt8) in byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") || byte.isHexDigit }
        guard address.filter({ $0 == UInt8(ascii: ":") }).count >= 2, address.allSatisfy(isAddressByte) else { return false }
        return parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(nameBytes.contains))
    }

    /// The URL again, e.g. `mqtt://127.0.0.1:1883`.
    public var description: String {
        "\(usesTLS ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hexadecimal digit.
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
