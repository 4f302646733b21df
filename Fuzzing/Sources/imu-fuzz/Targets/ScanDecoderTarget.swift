@testable import IIOSensors

/// The scan decoder: libiio channels built from its XML description (as a remote `iiod` sends it) with the input's
/// formats, laid out by `ScanLayout`, and the input's bytes decoded by `ScanDecoder`; each laid-out element's value in
/// each scan must be what libiio's own `iio_channel_convert` gives, widened to its bits.
///
/// The input is text, then an empty line, then the scans' bytes. The text's first line is the clock offset in
/// nanoseconds; each further line is one channel, `ID INDEX FORMAT` (`accel_x 0 le:s16/16>>0`).
enum ScanDecoderTarget {
    /// The target.
    static let target = FuzzTarget(name: "scan-decoder", summary: "ScanLayout and ScanDecoder over libiio XML channels") { bytes in
        guard let split = zip(bytes.indices, bytes.dropFirst()).first(where: { bytes[$0.0] == 10 && $0.1 == 10 })?.0 else { return }
        let lines = String(decoding: bytes[..<split], as: UTF8.self).split(separator: "\n")
        guard let offsetLine = lines.first, let clockOffset = Int64(offsetLine), lines.count <= 17 else { return }
        var elements = ""
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let index = UInt32(fields[1]) else { return }
            elements +=
                "<channel id=\"\(escaped(fields[0]))\" type=\"input\"><scan-element index=\"\(index)\" format=\"\(escaped(fields[2]))\"/></channel>"
        }
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>\(documentType)<context name="xml" version-major="0" version-minor="24" version-git="v0.24">\
            <device id="iio:device0" name="fuzz">\(elements)</device></context>
            """
        guard let context = try? LibIIOContext(xml: xml), let live = context.devices.first else { return }
        let channels = live.channels.map { channel in
            IIOChannelInfo(
                id: channel.id, type: channel.type, axis: channel.axis, scanIndex: channel.scanIndex, format: channel.format,
                scale: 0.001, offset: 0)
        }
        let info = IIODeviceInfo(
            id: live.id, name: "fuzz", label: nil, parentPath: nil, channels: channels, samplingFrequencies: [], mountMatrices: [:],
            mountMatrixSources: [:], isBufferCapable: true, hasTriggerDirectory: false, currentTrigger: nil, timestampClock: nil,
            accelerationSign: .specificForce)
        guard let decoder = try? ScanDecoder(device: info, live: live) else { return }
        let layout = decoder.layout
        // Every laid-out element lies inside the scan (channel ids may repeat; the layout holds the first with a format).
        for (id, offset) in layout.offsets {
            precondition(
                channels.contains { $0.id == id && offset >= 0 && offset + ($0.format?.storageBits ?? 0) / 8 <= layout.scanSize },
                "a channel outside its scan")
        }
        let scans = Array(bytes[(split + 2)...])
        scans.withUnsafeBytes { scans in
            guard let base = scans.baseAddress else { return }
            for channel in live.channels {
                guard let format = channel.format, let offset = layout.offsets[channel.id],
                    info.channels.first(where: { $0.id == channel.id })?.format == format
                else { continue }
                for start in stride(from: 0, through: scans.count - layout.scanSize, by: layout.scanSize) {
                    var converted: UInt64 = 0
                    withUnsafeMutableBytes(of: &converted) {
                        LibIIOLibrary.functions.pointee.channel_convert(channel.pointer, $0.baseAddress, base + start + offset)
                    }
                    precondition(
                        format.value(at: base + start + offset) == format.widen(converted),
                        "decoded otherwise than iio_channel_convert: \(format.description)")
                }
            }
        }
        let batch = collected { batch in
            scans.withUnsafeBytes { decoder.decode($0, step: layout.scanSize, clockOffset: clockOffset, into: &batch) }
        }
        precondition(batch.allSatisfy { $0.timestamp.isFinite && $0.value.x.isFinite && $0.value.y.isFinite && $0.value.z.isFinite })
    }

    /// What `fill` appends to an empty array.
    private static func collected<Element>(_ fill: (inout [Element]) -> Void) -> [Element] {
        var elements: [Element] = []
        fill(&elements)
        return elements
    }

    /// `text` as an XML attribute value: special characters as entities, characters XML forbids left out.
    private static func escaped(_ text: Substring) -> String {
        var result = ""
        for character in text where character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0xFFFE && $0.value != 0xFFFF }) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// libiio 0.24's document type, as `iio_genxml` prints it (without it libxml2 reports a validity error per context).
private let documentType = """
    <!DOCTYPE context [<!ELEMENT context (device | context-attribute)*><!ELEMENT context-attribute EMPTY>\
    <!ELEMENT device (channel | attribute | debug-attribute | buffer-attribute)*><!ELEMENT channel (scan-element?, attribute*)>\
    <!ELEMENT attribute EMPTY><!ELEMENT scan-element EMPTY><!ELEMENT debug-attribute EMPTY><!ELEMENT buffer-attribute EMPTY>\
    <!ATTLIST context name CDATA #REQUIRED version-major CDATA #REQUIRED version-minor CDATA #REQUIRED \
    version-git CDATA #REQUIRED description CDATA #IMPLIED><!ATTLIST context-attribute name CDATA #REQUIRED \
    value CDATA #REQUIRED><!ATTLIST device id CDATA #REQUIRED name CDATA #IMPLIED label CDATA #IMPLIED>\
    <!ATTLIST channel id CDATA #REQUIRED type (input|output) #REQUIRED name CDATA #IMPLIED>\
    <!ATTLIST scan-element index CDATA #REQUIRED format CDATA #REQUIRED scale CDATA #IMPLIED>\
    <!ATTLIST attribute name CDATA #REQUIRED filename CDATA #IMPLIED><!ATTLIST debug-attribute name CDATA #REQUIRED>\
    <!ATTLIST buffer-attribute name CDATA #REQUIRED>]>
    """
