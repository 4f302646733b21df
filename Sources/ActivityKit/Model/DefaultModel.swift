import FoundationEssentials

extension ActivityModel {
    /// Name of the bundled model file in `Resources/`.
    public static let defaultModelFileName = "motionsense.model"

    /// Where `make install` puts the bundled model, relative to the directory of the installed executables.
    static let installedModelDirectory = "../share/imu-bridge"

    /// Where the bundled model is looked for, in order: `share/imu-bridge` beside the running executable's `bin`
    /// (installed by `make install`), then the package's source tree this build was made from (`swift run`, tests).
    public static var defaultModelCandidates: [URL] {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let executableDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // This file is Sources/ActivityKit/Model/DefaultModel.swift; the model is in Sources/ActivityKit/Resources.
        let sourceResources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources")
        return [
            executableDirectory.appendingPathComponent(installedModelDirectory).standardized,
            sourceResources,
        ].map { $0.appendingPathComponent(defaultModelFileName) }
    }

    /// The model shipped with ActivityKit, trained on MotionSense (MIT licence; Malekzadeh, Clegg, Cavallaro, Haddadi,
    /// "Mobile Sensor Data Anonymization", IoTDI 2019): downstairs, running, sitting, standing, upstairs, walking.
    public static func bundledDefault() throws(ActivityError) -> ActivityModel {
        let candidates = defaultModelCandidates
        guard let url = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0.path) }) else {
            throw .unreadableFile(
                path: defaultModelFileName,
                reason: "the bundled default model is missing (looked in \(candidates.map(\.path).joined(separator: ", "))); "
                    + "reinstall with `make install` or pass --model FILE")
        }
        return try load(contentsOf: url)
    }
}
