@testable import IIOSensors

/// The sysfs value parsers: `sampling_frequency`, `*_available` lists and ranges, and scan element types
/// (`scan_elements/*_type`); each gets the whole input as the attribute's text.
enum SysfsValueTarget {
    /// The target.
    static let target = FuzzTarget(name: "sysfs-value", summary: "SamplingFrequency.parse/parseAvailable, ScanFormat(parsing:)") {
        bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        if let frequency = SamplingFrequency.parse(text) {
            precondition(SamplingFrequency.plausibleRange.contains(frequency), "a frequency outside the plausible range")
        }
        let available = SamplingFrequency.parseAvailable(text)
        precondition(available.count <= 10_001, "an *_available list longer than its bound")
        precondition(available.allSatisfy { SamplingFrequency.plausibleRange.contains($0) }, "an available frequency outside the range")
        let control = SamplingFrequency(location: .device, current: nil, available: available)
        for rate in [0.1, 25, 10_000] { precondition(control.choice(forAtLeast: rate).isFinite, "a frequency choice that is not finite") }
        guard let format = try? ScanFormat(parsing: text) else { return }
        precondition([8, 16, 32, 64].contains(format.storageBits), "a storage size that is not 8, 16, 32 or 64 bits")
        precondition(
            (1...format.storageBits).contains(format.bits) && format.shift + format.bits <= format.storageBits, "bits out of storage")
        precondition((try? ScanFormat(parsing: format.description)) == format, "a format that does not survive its own notation")
        for word: UInt64 in [0, 1, .max, 1 << 63, 0x8000] {
            let value = format.widen(word)
            guard format.bits < 64 else { continue }
            if format.isSigned {
                let limit = Int64(1) << (format.bits - 1)
                precondition(-limit <= value && value < limit, "a widened signed value outside its bits")
            } else {
                precondition(UInt64(bitPattern: value) < UInt64(1) << format.bits, "a widened unsigned value outside its bits")
            }
        }
    }
}
