import Foundation

extension ActivityModel {
    /// Name of the bundled model file in `Resources/`.
    public static let defaultModelFileName = "motionsense.model"

    /// The model shipped with ActivityKit, trained on MotionSense (MIT licence; Malekzadeh, Clegg, Cavallaro, Haddadi,
    /// "Mobile Sensor Data Anonymization", IoTDI 2019): downstairs, jogging, sitting, standing, upstairs, walking.
    public static func bundledDefault() throws(ActivityError) -> ActivityModel {
        guard let url = Bundle.module.url(forResource: defaultModelFileName, withExtension: nil, subdirectory: "Resources") else {
            throw .unreadableFile(path: defaultModelFileName, reason: "the bundled default model is missing from this installation; pass --model FILE")
        }
        return try load(contentsOf: url)
    }
}
