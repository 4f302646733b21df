/// A parsed `scan_elements/*_type` string, `[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift` (IIO ABI).
public struct ScanElementType: Sendable, Equatable {
    /// Whether the word is big-endian.
    public var isBigEndian: Bool
    /// Whether the value is signed.
    public var isSigned: Bool
    /// How many bits carry the value.
    public var bits: Int
    /// How many bits the value occupies in the scan (8, 16, 32 or 64).
    public var storageBits: Int
    /// How many times the element repeats (1 unless `X<n>` is given).
    public var repeatCount: Int
    /// How far the value is shifted left inside its storage word.
    public var shift: Int

    /// Parses a type string such as `be:s16/16>>0` or `le:s12/16>>4`; `nil` if it is malformed.
    public init?(_ text: String) {
        let trimmed = text.trimmingSuffix("\n")
        let parts = trimmed.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0] == "be" || parts[0] == "le" else { return nil }
        isBigEndian = parts[0] == "be"
        var rest = parts[1]
        guard let sign = rest.first, "sSuU".contains(sign) else { return nil }
        isSigned = sign == "s" || sign == "S"
        rest = rest.dropFirst()
        let shiftParts = rest.split(separator: ">", omittingEmptySubsequences: true)
        guard shiftParts.count == 2, rest.contains(">>"), let shift = Int(shiftParts[1]) else { return nil }
        self.shift = shift
        let sizeParts = shiftParts[0].split(separator: "/")
        guard sizeParts.count == 2, let bits = Int(sizeParts[0]) else { return nil }
        self.bits = bits
        let storageParts = sizeParts[1].split(separator: "X")
        guard let storageBits = Int(storageParts[0]), [8, 16, 32, 64].contains(storageBits), bits <= storageBits else {
            return nil
        }
        self.storageBits = storageBits
        if storageParts.count == 2 {
            guard let repeatCount = Int(storageParts[1]), repeatCount > 0 else { return nil }
            self.repeatCount = repeatCount
        } else {
            repeatCount = 1
        }
    }

    /// The storage size of one element in bytes.
    public var storageBytes: Int { storageBits / 8 * repeatCount }
}
