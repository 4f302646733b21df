import SystemPackage

/// One CSV file of a recording being written: rows collect in memory and go to the kernel on `flush`.
struct BufferedTableFile {
    /// Where the file lives.
    let path: FilePath
    /// The open descriptor, in append mode.
    let descriptor: FileDescriptor
    /// Rows not yet handed to `write(2)`.
    var pending: [UInt8] = []
    /// Rows written so far (header excluded), pending ones included.
    var rowCount = 0

    /// Creates the file (refusing an existing one) and writes its header row straight away.
    init(table: RecordingTable, in directory: FilePath) throws(RecordingError) {
        path = directory.appending(table.rawValue)
        descriptor = try FileIO.createFile(path)
        try FileIO.write(Array((table.header + "\n").utf8), to: descriptor, path: path)
    }

    /// Hands pending rows to the kernel; after this they survive the process being killed.
    mutating func flush() throws(RecordingError) {
        guard !pending.isEmpty else { return }
        try FileIO.write(pending, to: descriptor, path: path)
        pending.removeAll(keepingCapacity: true)
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
