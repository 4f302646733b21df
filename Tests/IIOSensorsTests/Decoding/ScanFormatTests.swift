import Testing

@testable import IIOSensors

@Suite("Scan type strings")
struct ScanFormatTests {
    @Test(
        "parses the formats real drivers print",
        arguments: [
            ("be:s16/16>>0", ScanFormat(isBigEndian: true, isSigned: true, bits: 16, storageBits: 16, shift: 0)),
            ("le:s16/32>>0", ScanFormat(isBigEndian: false, isSigned: true, bits: 16, storageBits: 32, shift: 0)),
            ("le:s12/16>>4", ScanFormat(isBigEndian: false, isSigned: true, bits: 12, storageBits: 16, shift: 4)),
            ("le:u13/16>>0", ScanFormat(isBigEndian: false, isSigned: false, bits: 13, storageBits: 16, shift: 0)),
            ("le:S64/64>>0", ScanFormat(isBigEndian: false, isSigned: true, bits: 64, storageBits: 64, shift: 0)),
            ("le:s16/16X3>>0", ScanFormat(isBigEndian: false, isSigned: true, bits: 16, storageBits: 16, shift: 0, repeat: 3)),
        ])
    func parses(text: String, expected: ScanFormat) throws {
        #expect(try ScanFormat(parsing: text) == expected)
    }

    @Test("prints the kernel notation back")
    func printsKernelNotation() throws {
        #expect(try ScanFormat(parsing: "le:s12/16>>4").description == "le:s12/16>>4")
        #expect(try ScanFormat(parsing: "be:S16/16>>0").description == "be:s16/16>>0")
    }

    @Test(
        "rejects malformed strings with the attribute named",
        arguments: [
            "", "xx:s16/16>>0", "le:q16/16>>0", "le:s17/16>>0", "le:s16/24>>0", "le:s16/16", "le:s12/16>>8", "garbage",
            // Found by the sysfs-value fuzz target: no storage size before the X trapped (index out of range).
            "le:s163/X>2>", "le:s16/X>>0",
        ])
    func rejects(text: String) {
        #expect(throws: IIOSensorError.self) { try ScanFormat(parsing: text) }
    }

    @Test("keeps the used bits and sign-extends them, dropping garbage above")
    func widensToUsedBits() throws {
        let hid = try ScanFormat(parsing: "le:s16/32>>0")
        #expect(hid.widen(0xABCD_FFFE) == -2)
        #expect(hid.widen(0x1234_0064) == 100)
        let lis3dh = try ScanFormat(parsing: "le:s12/16>>4")
        #expect(lis3dh.widen(0x0800) == -2048)
        #expect(lis3dh.widen(0x07FF) == 2047)
        let unsigned = try ScanFormat(parsing: "le:u12/16>>4")
        #expect(unsigned.widen(0xFFFF) == 4095)
        let timestamp = try ScanFormat(parsing: "le:s64/64>>0")
        #expect(timestamp.widen(UInt64(bitPattern: -5)) == -5)
    }
}
