/// Where each enabled scan element sits in one scan (sample) of a buffered IIO device.
///
/// Rule of the kernel and libiio: elements in ascending scan index, each aligned to its own storage size,
/// the whole scan padded to a multiple of the largest storage size.
public struct FixtureScanLayout: Sendable, Equatable {
    /// One scan element and its byte offset.
    public struct Element: Sendable, Equatable {
        /// The element name without `in_` and the suffix, e.g. `accel_x` or `timestamp`.
        public var name: String
        /// The scan index.
        public var index: Int
        /// The parsed type.
        public var type: ScanElementType
        /// The byte offset in the scan.
        public var offset: Int
    }

    /// The elements in scan order.
    public var elements: [Element]
    /// The size of one scan in bytes.
    public var size: Int

    /// The layout with every scan element of `device` enabled; `nil` if it has no valid `scan_elements/`.
    public init?(device: SysfsDevice) {
        self.init(device: device, excluding: [])
    }

    /// The layout with every scan element of `device` but those named in `excluded` (e.g. `temp`)
    /// enabled; `nil` if it has no valid `scan_elements/`.
    public init?(device: SysfsDevice, excluding excluded: Set<String>) {
        var found: [(name: String, index: Int, type: ScanElementType)] = []
        for attribute in device.attributes
        where attribute.path.hasPrefix("scan_elements/in_")
            && attribute.path.hasSuffix("_index")
        {
            let name = String(attribute.path.dropFirst("scan_elements/in_".count).dropLast("_index".count))
            if excluded.contains(name) { continue }
            guard let index = Int(attribute.contents.trimmingSuffix("\n")),
                let typeText = device.attribute("scan_elements/in_\(name)_type"),
                let type = ScanElementType(typeText)
            else { return nil }
            found.append((name, index, type))
        }
        guard !found.isEmpty else { return nil }
        var offset = 0
        var largest = 1
        elements = found.sorted { $0.index < $1.index }.map { element in
            let alignment = element.type.storageBits / 8
            offset = (offset + alignment - 1) / alignment * alignment
            defer { offset += element.type.storageBytes }
            largest = max(largest, alignment)
            return Element(name: element.name, index: element.index, type: element.type, offset: offset)
        }
        size = (offset + largest - 1) / largest * largest
    }

    /// One scan with `values[name]` placed in each element: shifted left by the element's shift and written
    /// in its byte order, truncated to its storage size (so bits above `bits` survive, like HID garbage).
    /// Elements without a value and padding bytes are zero.
    public func encode(_ values: [String: Int64]) -> [UInt8] {
        var scan = [UInt8](repeating: 0, count: size)
        for element in elements {
            let word = UInt64(bitPattern: (values[element.name] ?? 0) << Int64(element.type.shift))
            let width = element.type.storageBits / 8
            for byte in 0..<width {
                let value = UInt8(truncatingIfNeeded: word >> UInt64(8 * byte))
                let position = element.type.isBigEndian ? width - 1 - byte : byte
                scan[element.offset + position] = value
            }
        }
        return scan
    }
}
