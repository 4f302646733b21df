import Foundation

extension ActivityModel {
    /// Name of the bundled model file in `Resources/`.
    public static let defaultModelFileName = "motionsense.model"

    /// Name of the resource bundle SwiftPM builds next to the executables and `make install` installs next to them.
    static let resourceBundleName = "imu-bridge_ActivityKit.resources"

    /// Where the bundled model is looked for, in order: the resource bundle next to the running executable (installed
    /// by `make install`, or in `.build/<configuration>`), then the package's source tree this build was made from.
    public static var defaultModelCandidates: [URL] {
        let executableDirectory = Bundle.main.bundleURL
        let sourceResources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")
        return [
            executableDirectory.appendingPathComponent(resourceBundleName).appendingPathComponent("Resources"),
            sourceResources,
        ].map { $0.appendingPathComponent(defaultModelFileName) }
    }

    /// The model shipped with ActivityKit, trained on MotionSense (MIT licence; Malekzadeh, Clegg, Cavallaro, Haddadi,
    /// "Mobile Sensor Data Anonymization", IoTDI 2019): downstairs, jogging, sitting, standing, upstairs, walking.
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
