import Testing

@testable import MotionRecording

/// The fields of a CSV line as the recording reader splits them: plain lines in place, quoted lines unquoted.
@Suite("CSV fields: plain and quoted lines")
struct CSVFieldsTests {
    /// The fields of `text` as strings.
    private func fields(_ text: String) throws -> [String] {
        var fields = CSVFields()
        try fields.split(ArraySlice(text.utf8))
        return (0..<fields.count).map { fields[$0] }
    }

    @Test("a plain line keeps every field, empty ones and a trailing one included, and reads its numbers")
    func plainLine() throws {
        #expect(try fields("1.5,,-0.25,") == ["1.5", "", "-0.25", ""])
        #expect(try fields("") == [""])
        #expect(try fields(",") == ["", ""])
        var split = CSVFields()
        try split.split(ArraySlice("0.020000,-0.32278400,x".utf8))
        #expect(split.number(0) == 0.02)
        #expect(split.number(1) == -0.322784)
        #expect(split.number(2) == nil)
        #expect(split.isEmpty(1) == false)
    }

    @Test("a line holding quotes or a carriage return is unquoted as RFC 4180 says, after a plain line")
    func quotedLine() throws {
        var split = CSVFields()
        try split.split(ArraySlice("1,2,3,4".utf8))
        try split.split(ArraySlice("1236.0,sensor_removed,,\"iio:device0, \"\"mpu6050\"\" unplugged\"".utf8))
        #expect(split.count == 4)
        #expect(split[3] == "iio:device0, \"mpu6050\" unplugged")
        #expect(split.isEmpty(2))
        #expect(try fields("a,\"b\rc\",d") == ["a", "b\rc", "d"])
    }

    @Test("fields are split alike wherever their commas fall, eight bytes at a time or in the last few")
    func commasAtEveryOffset() throws {
        for length in 0...20 {
            for comma in 0..<max(length, 1) {
                var bytes = Array(repeating: UInt8(ascii: "7"), count: length)
                if comma < length { bytes[comma] = UInt8(ascii: ",") }
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(try fields(text) == text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
            }
        }
        // A quote or carriage return anywhere sends the line to the RFC 4180 reader, eight bytes at a time or not.
        for offset in 0..<17 {
            let prefix = String(repeating: "1", count: offset)
            for special in ["\"\"", "\r"] {
                let text = prefix + special + ",2,3"
                #expect(try fields(text) == CSVLine.fields(ArraySlice(text.utf8)).get(), "\(special) at offset \(offset)")
            }
        }
        #expect(try fields("0.020000,-0.32278400,0.70393400,,0.02229300,-0.30696300,1.64199000,0.14139300").count == 8)
    }

    @Test("a field of a sliced line is read from the slice's own bytes")
    func slicedLine() throws {
        let buffer = Array("xx\n7,8.5\n".utf8)
        var split = CSVFields()
        try split.split(buffer[3..<8])
        #expect(split.count == 2)
        #expect(split.number(0) == 7)
        #expect(split.number(1) == 8.5)
    }
}
