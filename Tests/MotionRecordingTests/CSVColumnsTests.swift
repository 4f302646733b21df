import Testing

@testable import MotionRecording

/// Named columns of a CSV of numbers (imu-motion's and imu-calibrate's input): cells trimmed and read as numbers.
@Suite("CSV columns: cells as numbers")
struct CSVColumnsTests {
    private let columns = CSVColumns(header: ArraySlice(" t ,\"acc_x\",acc_y,acc_z".utf8))

    private func values(_ line: String, at indices: [Int] = [0, 1, 2, 3]) throws(CSVColumns.Problem) -> [Double] {
        try columns.values(of: ArraySlice(line.utf8), at: indices)
    }

    @Test("names lose their white space and quotes; cells are found by position in any order")
    func namesAndOrder() throws {
        #expect(columns.names == ["t", "acc_x", "acc_y", "acc_z"])
        #expect(columns.indices(of: ["acc_z", "t"]) == [3, 0])
        #expect(try values("0.5,1,-2.25,3e2", at: [3, 0]) == [300, 0.5])
    }

    @Test("white space around a number is dropped, ASCII or Unicode; an empty or blank cell is nan")
    func whiteSpace() throws {
        let read = try values("\t0.02 , \u{00A0}1.5\u{2003},,  ")
        #expect(read[0] == 0.02 && read[1] == 1.5)
        #expect(read[2].isNaN && read[3].isNaN)
        #expect(try values("1,2,3,4,extra columns are ignored") == [1, 2, 3, 4])
        // A space and a combining mark are one character, white space as a whole.
        #expect(try values("1, \u{0301}2,3,4") == [1, 2, 3, 4])
    }

    @Test("a cell that is no number, or a line short of columns, is refused with what to do")
    func refused() {
        #expect {
            try values("1,2,abc ,4")
        } throws: { error in
            (error as? CSVColumns.Problem)?.reason
                == "column acc_y is \"abc\", not a number; fix or remove that line (an empty field counts as nan)"
        }
        #expect {
            try values("1,\u{00A0}x\u{00A0},3,4")
        } throws: { error in
            (error as? CSVColumns.Problem)?.reason.hasPrefix("column acc_x is \"x\", not a number") == true
        }
        #expect {
            try values("1,2,3")
        } throws: { error in
            (error as? CSVColumns.Problem)?.reason == "expected 4 columns, found 3; fix or remove that line"
        }
    }
}
