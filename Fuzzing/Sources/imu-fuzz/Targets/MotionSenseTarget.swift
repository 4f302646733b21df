import DatasetImporters

/// The MotionSense importer (`MotionSenseImporter.session`): one trial file, plain CSV or gzip (by its magic bytes).
enum MotionSenseTarget {
    /// The target.
    static let target = FuzzTarget(name: "motionsense", summary: "MotionSenseImporter.session of one sub_N.csv[.gz]") { bytes in
        let isGzip = bytes.starts(with: [0x1f, 0x8b])
        let name = isGzip ? "sub_1.csv.gz" : "sub_1.csv"
        Scratch.remove("A_DeviceMotion_data/wlk_7/" + (isGzip ? "sub_1.csv" : "sub_1.csv.gz"))
        let path = Scratch.write(bytes, to: "A_DeviceMotion_data/wlk_7/" + name)
        guard let trial = MotionSenseImporter.trial(at: path) else { preconditionFailure("the scratch path is a MotionSense trial") }
        guard let session = try? MotionSenseImporter.session(for: trial, motionRate: 25) else { return }
        precondition(
            session.raw.allSatisfy { $0.value.x.isFinite && $0.value.y.isFinite && $0.value.z.isFinite },
            "the importer accepted a value that is not finite")
        precondition(session.motion.allSatisfy(\.timestamp.isFinite), "a resampled timestamp that is not finite")
        precondition(
            zip(session.motion, session.motion.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp },
            "resampled timestamps do not increase")
    }
}
