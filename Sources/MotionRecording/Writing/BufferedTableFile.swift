import SystemPackage

/// One CSV file of a recording being written: rows collect in memory and go to the kernel on `flush`.
///
/// A file may end in provisional rows (device motion the fusion pipeline would give if the stream ended now): they
/// are replaced on the next flush by the final rows for the same times and a newer provisional tail. Replacing
/// truncates the file back to its final rows, then appends, so a crash at any point leaves only complete rows in
/// time order (at worst a torn last line, which readers drop).
struct BufferedTableFile {
    /// Where the file lives (updated when its directory is renamed into place).
    var path: FilePath
    /// The open descriptor, in append mode.
    let descriptor: FileDescriptor
    /// Final rows not yet handed to `write(2)`.
    var pending: [UInt8] = []
    /// Final rows written so far (header excluded), pending ones included.
    var rowCount = 0
    /// Provisional rows that follow the final ones, replaced as a whole by `replaceProvisional`.
    private var provisional: [UInt8] = []
    /// Whether `provisional` differs from what the file ends with.
    private var isProvisionalChanged = false
    /// Bytes of header and final rows in the file.
    private var finalBytes: Int64 = 0
    /// Bytes of provisional rows at the end of the file.
    private var provisionalBytesOnDisk: Int64 = 0

    /// Creates the file (refusing an existing one) and writes its header row of format `version` straight away.
    init(table: RecordingTable, in directory: FilePath, version: Int) throws(RecordingError) {
        path = directory.appending(table.rawValue)
        descriptor = try FileIO.createFile(path)
        let header = Array((table.header(version: version) + "\n").utf8)
        try FileIO.write(header, to: descriptor, path: path)
        finalBytes = Int64(header.count)
    }

    /// Sets the provisional rows the file ends with from the next flush on (empty: none).
    mutating func replaceProvisional(with rows: [UInt8]) {
        guard rows != provisional else { return }
        provisional = rows
        isProvisionalChanged = true
    }

    /// Hands pending rows (and a changed provisional tail) to the kernel; after this they survive the process being
    /// killed.
    mutating func flush() throws(RecordingError) {
        guard !pending.isEmpty || isProvisionalChanged else { return }
        if provisionalBytesOnDisk > 0 {
            try FileIO.truncate(descriptor, to: finalBytes, path: path)
            provisionalBytesOnDisk = 0
        }
        try FileIO.write(pending + provisional, to: descriptor, path: path)
        finalBytes += Int64(pending.count)
        provisionalBytesOnDisk = Int64(provisional.count)
        pending.removeAll(keepingCapacity: true)
        isProvisionalChanged = false
    }

    /// Flushes and asks the kernel to put the data on the disk.
    mutating func sync() throws(RecordingError) {
        try flush()
        try FileIO.sync(descriptor, path: path)
    }

    /// Closes the descriptor (pending rows must have been flushed).
    func close() {
        try? descriptor.close()
    }
}
