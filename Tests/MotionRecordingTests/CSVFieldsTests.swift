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
