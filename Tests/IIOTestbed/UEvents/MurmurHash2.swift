/// MurmurHash2 with seed 0, as systemd's `string_hash32`: libudev's socket filter compares the subsystem and
/// devtype hashes in a uevent's header against it.
enum MurmurHash2 {
    /// The 32-bit hash of `bytes`.
    static func hash(_ bytes: [UInt8]) -> UInt32 {
        let multiplier: UInt32 = 0x5bd1_e995
        var hash = UInt32(truncatingIfNeeded: bytes.count)
        var index = 0
        while bytes.count - index >= 4 {
            var word =
                UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
            word &*= multiplier
            word ^= word >> 24
            word &*= multiplier
            hash &*= multiplier
            hash ^= word
            index += 4
        }
        let remaining = bytes.count - index
        if remaining == 3 { hash ^= UInt32(bytes[index + 2]) << 16 }
        if remaining >= 2 { hash ^= UInt32(bytes[index + 1]) << 8 }
        if remaining >= 1 {
            hash ^= UInt32(bytes[index])
            hash &*= multiplier
        }
        hash ^= hash >> 13
        hash &*= multiplier
        hash ^= hash >> 15
        return hash
    }

    /// The hash of `string`'s UTF-8 bytes.
    static func hash(_ string: String) -> UInt32 {
        hash(Array(string.utf8))
    }
}
