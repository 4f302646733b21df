import FoundationEssentials

extension ActivityModel {
    /// Name of the bundled model file in `Resources/`.
    public static let defaultModelFileName = "motionsense.model"

    /// Name of the bundled model of 2 s windows in `Resources/`, averaged beside the default by `imu-classify --responsive`.
    public static let shortWindowModelFileName = "motionsense-2s.model"

    /// Where `make install` puts the bundled model, relative to the directory of the installed executables.
    static let installedModelDirectory = "../share/imu-bridge"

    /// Where the bundled model is looked for, in order: `share/imu-bridge` beside the running executable's `bin`
    /// (installed by `make install`), then the package's source tree this build was made from (`swift run`, tests).
    public static var defaultModelCandidates: [URL] { bundledModelCandidates(named: defaultModelFileName) }

    /// Where the bundled model file `name` is looked for, in the order of ``defaultModelCandidates``.
    public static func bundledModelCandidates(named name: String) -> [URL] {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let executableDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // This file is Sources/ActivityKit/Model/DefaultModel.swift; the model is in Sources/ActivityKit/Resources.
        let sourceResources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources")
        return [
            executableDirectory.appendingPathComponent(installedModelDirectory).standardized,
            sourceResources,
        ].map { $0.appendingPathComponent(name) }
    }

    /// The model shipped with ActivityKit, trained on MotionSense (MIT licence; Malekzadeh, Clegg, Cavallaro, Haddadi,
    /// "Mobile Sensor Data Anonymization", IoTDI 2019): downstairs, running, sitting, standing, upstairs, walking.
    public static func bundledDefault() throws(ActivityError) -> ActivityModel {
        try bundled(named: defaultModelFileName)
    }

    /// The bundled model of 2 s windows, trained on the same subjects as ``bundledDefault()`` with the same features:
    /// averaged beside it, it names an activity change sooner at about the same accuracy.
    public static func bundledShortWindow() throws(ActivityError) -> ActivityModel {
        try bundled(named: shortWindowModelFileName)
    }

    /// Loads the first readable of ``bundledModelCandidates(named:)``.
    private static func bundled(named name: String) throws(ActivityError) -> ActivityModel {
        let candidates = bundledModelCandidates(named: name)
        guard let url = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0.path) }) else {
            throw .unreadableFile(
                path: name,
                reason: "a bundled model is missing (looked in \(candidates.map(\.path).joined(separator: ", "))); "
                    + "reinstall with `make install` or pass --model FILE")
        }
        return try load(contentsOf: url)
    }
}
