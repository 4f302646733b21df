/// A table of feature vectors, one row per window, kept in blocks of ``rowsPerBlock`` rows.
///
/// Appending never copies or reallocates the rows already stored (a growing array would briefly hold twice its
/// rows while it moves them). Past ``residentBytes`` of full blocks, each further full block is written to an
/// unlinked temporary file (``FeatureSpillFile``) and read back when used, so training on a large input holds a
/// bounded part of its features in memory; the values read back are the values written, bit for bit. Reading a
/// spilled block back can fail only with the disk: every read throws
/// ``ActivityError/temporaryFileUnreadable(directory:reason:)`` then.
public struct FeatureMatrix: Sendable {
    /// A full block: in memory, or in a temporary file at an offset counted in values.
    private enum Block: Sendable {
        case resident([Double])
        case spilled(FeatureSpillFile, offset: Int)
    }

    /// Held by the one matrix that may append to ``spill``: a copy of the matrix shares it, and the first of the
    /// two to spill again starts a file of its own, so neither overwrites the blocks of the other.
    private final class SpillWriter: Sendable {}

    /// Number of features in each row.
    public let columnCount: Int
    /// Number of rows.
    public private(set) var rowCount = 0
    /// Bytes of full blocks kept in memory before the next ones go to the temporary file.
    public let residentBytes: Int
    /// The full blocks, in row order.
    private var full: [Block] = []
    /// The block being filled, `rowCount % rowsPerBlock` rows.
    private var current: [Double] = []
    /// Where blocks past ``residentBytes`` go; nil until one does, or when no temporary file can be made.
    private var spill: FeatureSpillFile?
    /// Values written to `spill` so far: the offset of the next spilled block.
    private var spilledValues = 0
    /// This matrix's right to append to `spill` (see ``SpillWriter``).
    private var writer: SpillWriter?
    /// Makes the temporary file: ``FeatureSpillFile/init()``, or a test's.
    private let makeSpillFile: @Sendable () -> FeatureSpillFile?

    /// Rows per block.
    public static let rowsPerBlock = 128
    /// The default of ``residentBytes``: 16 MiB, about 6000 windows of the standard 325 features.
    public static let defaultResidentBytes = 16 << 20

    /// Creates an empty matrix whose rows have `columnCount` features, keeping `residentBytes` of them in memory.
    public init(columnCount: Int, residentBytes: Int = FeatureMatrix.defaultResidentBytes) {
        self.init(columnCount: columnCount, residentBytes: residentBytes, makeSpillFile: { FeatureSpillFile() })
    }

    /// Creates an empty matrix that spills its blocks into the files `makeSpillFile` makes.
    init(columnCount: Int, residentBytes: Int, makeSpillFile: @escaping @Sendable () -> FeatureSpillFile?) {
        self.columnCount = columnCount
        self.residentBytes = residentBytes
        self.makeSpillFile = makeSpillFile
    }

    private var valuesPerBlock: Int { Self.rowsPerBlock * columnCount }

    /// Appends one row; its length must equal ``columnCount``.
    public mutating func append(row: [Double]) {
        append(values: row[...])
    }

    /// Appends one row given as a slice of ``columnCount`` values.
    private mutating func append(values row: ArraySlice<Double>) {
        precondition(row.count == columnCount, "FeatureMatrix: row length must equal the column count")
        if current.isEmpty { current.reserveCapacity(valuesPerBlock) }
        current += row
        rowCount += 1
        if current.count == valuesPerBlock { seal() }
    }

    /// Moves the filled `current` block into `full`, writing it to the temporary file once ``residentBytes`` are held.
    private mutating func seal() {
        let block = current
        current = []
        guard (full.count + 1) * valuesPerBlock * 8 > residentBytes else {
            full.append(.resident(block))
            return
        }
        if spill == nil || !isKnownUniquelyReferenced(&writer) {
            spill = makeSpillFile()
            spilledValues = 0
            writer = SpillWriter()
        }
        if let spill, spill.write(block, at: spilledValues) {
            full.append(.spilled(spill, offset: spilledValues))
            spilledValues += block.count
        } else {
            full.append(.resident(block))
        }
    }

    /// The values of block `index` (the last one may be partly filled).
    private func block(_ index: Int) throws(ActivityError) -> [Double] {
        guard index < full.count else { return current }
        switch full[index] {
        case .resident(let values): return values
        case .spilled(let file, let offset): return try file.read(count: valuesPerBlock, at: offset)
        }
    }

    /// Calls `body` with each block's first row and values, in row order (a spilled block is read once).
    public func forEachBlock(_ body: (_ firstRow: Int, _ values: [Double]) -> Void) throws(ActivityError) {
        for index in 0..<(full.count + (current.isEmpty ? 0 : 1)) {
            body(index * Self.rowsPerBlock, try block(index))
        }
    }

    /// Appends every row of `other` and empties it, releasing each of its blocks once copied, so the rows are never
    /// held twice over.
    public mutating func append(moving other: inout FeatureMatrix) throws(ActivityError) {
        precondition(other.columnCount == columnCount || other.rowCount == 0, "FeatureMatrix: column counts differ")
        for index in 0..<(other.full.count + 1) {
            let values = try other.block(index)
            if index < other.full.count { other.full[index] = .resident([]) }
            for start in stride(from: 0, to: values.count, by: columnCount) {
                append(values: values[start..<start + columnCount])
            }
        }
        other = FeatureMatrix(columnCount: other.columnCount, residentBytes: other.residentBytes, makeSpillFile: other.makeSpillFile)
    }

    /// A copy of row `row`.
    public func row(_ row: Int) throws(ActivityError) -> [Double] {
        let (index, offset) = (row / Self.rowsPerBlock, (row % Self.rowsPerBlock) * columnCount)
        guard index < full.count else { return Array(current[offset..<offset + columnCount]) }
        switch full[index] {
        case .resident(let values): return Array(values[offset..<offset + columnCount])
        case .spilled(let file, let start): return try file.read(count: columnCount, at: start + offset)
        }
    }

    /// A new matrix holding the given rows, in the given order.
    public func selecting(rows: [Int]) throws(ActivityError) -> FeatureMatrix {
        var result = FeatureMatrix(columnCount: columnCount, residentBytes: residentBytes, makeSpillFile: makeSpillFile)
        for row in rows { result.append(row: try self.row(row)) }
        return result
    }

    /// Whether both hold the same rows, wherever their blocks are kept.
    public func hasSameRows(as other: FeatureMatrix) throws(ActivityError) -> Bool {
        guard columnCount == other.columnCount, rowCount == other.rowCount else { return false }
        for index in 0..<(full.count + 1) where try block(index) != other.block(index) { return false }
        return true
    }
}
