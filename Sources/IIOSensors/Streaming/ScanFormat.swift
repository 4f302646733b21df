/// How one channel is laid out in a buffered scan, as in `scan_elements/*_type` (`le:s12/16>>4`).
public struct ScanFormat: Hashable, Sendable {
    /// Whether the stored word is big-endian.
    public var isBigEndian: Bool
    /// Whether the value is two's-complement signed.
    public var isSigned: Bool
    /// Bits that carry the value.
    public var bits: Int
    /// Bits the value occupies in the scan (8, 16, 32 or 64).
    public var storageBits: Int
    /// Right shift to apply before masking to `bits`.
    public var shift: Int
    /// How many consecutive values of this format the channel holds (usually 1).
    public var `repeat`: Int

    /// Creates a format from its parts.
    public init(isBigEndian: Bool, isSigned: Bool, bits: Int, storageBits: Int, shift: Int, repeat: Int = 1) {
        self.isBigEndian = isBigEndian
        self.isSigned = isSigned
        self.bits = bits
        self.storageBits = storageBits
        self.shift = shift
        self.repeat = max(1, `repeat`)
    }

    /// Parses the kernel's type string, e.g. `be:s16/16>>0`, `le:u12/16>>4` or `le:s16/32X2>>0`.
    init(parsing text: String) throws(IIOSensorError) {
        let malformed = IIOSensorError.malformedAttribute(
            attribute: "scan_elements/*_type", value: text, expected: "[be|le]:[s|u]BITS/STORAGE[Xrepeat]>>SHIFT")
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0] == "be" || parts[0] == "le" else { throw malformed }
        var rest = Substring(parts[1])
        guard let sign = rest.first, "sSuU".contains(sign) else { throw malformed }
        rest = rest.dropFirst()
        let bitsAndRest = rest.split(separator: "/", maxSplits: 1)
        guard bitsAndRest.count == 2, let bits = Int(bitsAndRest[0]) else { throw malformed }
        let storageAndShift = bitsAndRest[1].split(separator: ">", omittingEmptySubsequences: true)
        guard storageAndShift.count == 2 else { throw malformed }
        let storageAndRepeat = storageAndShift[0].split(separator: "X")
        guard let storage = storageAndRepeat.first.flatMap({ Int($0) }), let shift = Int(storageAndShift[1]) else { throw malformed }
        let count = storageAndRepeat.count > 1 ? Int(storageAndRepeat[1]) : 1
        guard let count, [8, 16, 32, 64].contains(storage), (1...storage).contains(bits), shift >= 0,
            shift + bits <= storage
        else { throw malformed }
        self.init(
            isBigEndian: parts[0] == "be", isSigned: sign == "s" || sign == "S", bits: bits,
            storageBits: storage, shift: shift, repeat: count)
    }

    /// The format in the kernel's notation.
    public var description: String {
        let repeatSuffix = self.repeat > 1 ? "X\(self.repeat)" : ""
        return "\(isBigEndian ? "be" : "le"):\(isSigned ? "s" : "u")\(bits)/\(storageBits)\(repeatSuffix)>>\(shift)"
    }

    /// The value stored at `pointer` in this format, as libiio's `iio_channel_convert` gives it and then widened to 64
    /// bits: the storage word in its byte order, shifted right by ``shift``, its low ``bits`` kept and sign-extended.
    ///
    /// - Precondition: ``storageBits`` is 8, 16, 32 or 64 and ``bits`` at least 1 (as ``init(parsing:)`` ensures);
    ///   `pointer` has that many bits readable, at any alignment.
    @inlinable
    public func value(at pointer: UnsafeRawPointer) -> Int64 {
        let word: UInt64
        switch storageBits {
        case 8:
            word = UInt64(pointer.load(as: UInt8.self))
        case 16:
            let stored = pointer.loadUnaligned(as: UInt16.self)
            word = UInt64(isBigEndian ? UInt16(bigEndian: stored) : UInt16(littleEndian: stored))
        case 32:
            let stored = pointer.loadUnaligned(as: UInt32.self)
            word = UInt64(isBigEndian ? UInt32(bigEndian: stored) : UInt32(littleEndian: stored))
        case 64:
            let stored = pointer.loadUnaligned(as: UInt64.self)
            word = isBigEndian ? UInt64(bigEndian: stored) : UInt64(littleEndian: stored)
        default:
            preconditionFailure("no scan element is stored in \(storageBits) bits")
        }
        return widen(word >> shift)
    }

    /// Interprets a host-order, already shifted word: keeps the low `bits` (dropping whatever a
    /// driver left in the upper bits) and sign-extends them when the format is signed.
    @inlinable
    public func widen(_ word: UInt64) -> Int64 {
        guard bits < 64 else { return Int64(bitPattern: word) }
        let value = word & ((1 << UInt64(bits)) - 1)
        if isSigned, value & (1 << UInt64(bits - 1)) != 0 {
            return Int64(bitPattern: value | ~((1 << UInt64(bits)) - 1))
        }
        return Int64(bitPattern: value)
    }
}
