@testable import MotionPublishing

/// The `--mqtt URL` parser (`BrokerAddress(parsing:)`): the URL's bytes.
enum BrokerURLTarget {
    /// The target.
    static let target = FuzzTarget(name: "broker-url", summary: "BrokerAddress(parsing:) of an --mqtt URL") { bytes in
        let url = String(decoding: bytes, as: UTF8.self)
        guard let address = try? BrokerAddress(parsing: url) else { return }
        precondition((1...65535).contains(address.port), "a port outside 1...65535")
        precondition(
            !address.host.isEmpty && address.host.utf8.count <= BrokerAddress.maximumHostLength,
            "an empty host, or one longer than DNS allows")
        precondition(
            address.host.contains(":")
                ? BrokerAddress.isIPv6Address(address.host) : address.host.utf8.allSatisfy(BrokerAddress.nameBytes.contains),
            "a host that is neither a name of RFC 3986's characters nor an IPv6 address")
        precondition(!address.host.utf8.contains { $0 < 0x21 || $0 > 0x7E }, "a host with a control, space or non-ASCII byte")
        precondition((try? BrokerAddress(parsing: address.description)) == address, "an address that does not print as it parses")
    }
}
