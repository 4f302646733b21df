/// Where each enabled channel sits in one buffered scan, following the kernel's rule: channels in
/// ascending scan index, each aligned to its own storage size, the scan padded to its largest element.
public struct ScanLayout: Hashable, Sendable {
    /// Byte offset of each channel, keyed by channel id.
    public private(set) var offsets: [String: Int]
    /// Bytes per scan.
    public private(set) var scanSize: Int

    /// Computes the layout of `channels` (those with a scan index and format).
    public init(channels: [IIOChannelInfo]) {
        var offsets: [String: Int] = [:]
        var position = 0
        var largest = 1
        for channel in channels.sorted(by: { ($0.scanIndex ?? 0) < ($1.scanIndex ?? 0) }) {
            guard let format = channel.format else { continue }
            let size = format.storageBits / 8
            position = (position + size - 1) / size * size
            offsets[channel.id] = position
            position += size * format.repeat
            largest = max(largest, size)
        }
        self.offsets = offsets
        self.scanSize = (position + largest - 1) / largest * largest
    }
}
