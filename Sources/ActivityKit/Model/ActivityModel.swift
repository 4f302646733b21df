import FoundationEssentials
import MotionRecording
import MotionSamples
import SystemPackage

/// A trained activity classifier as stored on disk: format version, windows, feature order, classes, summary, trees.
public struct ActivityModel: Codable, Sendable {
    /// The format version this build writes: 2 adds the provenance fields of ``TrainingSummary`` (groups, project
    /// version, how the hyperparameters were chosen, how the cross-validation was done).
    public static let currentFormatVersion = 2

    /// The format versions this build reads: a format-1 model is a format-2 model without the provenance fields.
    public static let readableFormatVersions = 1...currentFormatVersion

    /// Format version of the file.
    public let formatVersion: Int
    /// The windows the model was trained on; streams must be cut the same way.
    public let window: WindowConfiguration
    /// Names of the features, in the order the trees index them.
    public let featureNames: [String]
    /// Activity names, in the order of the classifier's outputs.
    public let classNames: [String]
    /// What the model was trained on and how well it validated.
    public let summary: TrainingSummary
    /// The trees.
    public let classifier: GradientBoostedTrees

    /// Assembles a model of the features of `featureSet` and checks that its parts fit this build's feature
    /// extractor.
    public init(
        window: WindowConfiguration, featureSet: FeatureSet = .all, classNames: [String], summary: TrainingSummary,
        classifier: GradientBoostedTrees
    ) throws(ActivityError) {
        formatVersion = Self.currentFormatVersion
        self.window = window
        featureNames = featureSet.featureNames
        self.classNames = classNames
        self.summary = summary
        self.classifier = classifier
        try validate()
    }

    /// The features the model is computed from (``FeatureSet/all`` for a model that failed ``validate()``).
    public var featureSet: FeatureSet { FeatureSet(featureNames: featureNames) ?? .all }

    /// Checks version and shape: the features must be one of this build's sets, in its order, and the trees must fit
    /// the features and classes.
    public func validate() throws(ActivityError) {
        guard Self.readableFormatVersions.contains(formatVersion) else {
            throw .unsupportedModelVersion(found: formatVersion, supported: Self.currentFormatVersion)
        }
        guard FeatureSet(featureNames: featureNames) != nil else {
            let sizes = FeatureSet.allCases.map { "\($0.featureNames.count)" }.joined(separator: " or ")
            throw .incompatibleModel(
                "it lists \(featureNames.count) features but this build computes \(sizes) in a different order"
            )
        }
        guard classNames.count == classifier.classCount, Set(classNames).count == classNames.count
        else {
            throw .incompatibleModel(
                "it names \(classNames.count) activities for \(classifier.classCount) classifier outputs")
        }
        for name in classNames {
            if let problem = name.isEmpty ? "it is empty" : LabelText.problem(with: name) {
                throw .incompatibleModel("its activity name \(LabelText.quoted(name)) cannot be printed as it is: \(problem)")
            }
        }
        guard classifier.isWellFormed(featureCount: featureNames.count) else {
            throw .incompatibleModel(
                "its trees do not match \(featureNames.count) features and \(classNames.count) activities")
        }
        guard classifier.hasFiniteParameters else {
            throw .incompatibleModel(
                "it holds a score, leaf value or threshold that is not a finite number")
        }
        guard classifier.hasBoundedScores else {
            throw .incompatibleModel(
                "its scores can overflow: a class score can exceed \(GradientBoostedTrees.scoreMagnitudeLimit) in magnitude (trained models stay within tens)"
            )
        }
    }

    /// Class probabilities for one window's features.
    public func predict(features: [Double]) -> ActivityPrediction {
        ActivityPrediction(
            classNames: classNames, probabilities: classifier.probabilities(for: features))
    }

    /// The model as JSON with sorted keys, so that equal models give equal bytes.
    public func encoded() throws(ActivityError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(self)
        } catch {
            throw .unwritableFile(path: "model", reason: "encoding failed: \(error)")
        }
    }

    /// Decodes and validates a model file's bytes; `path` only names the file in messages. The file is decoded
    /// once; only a file that fails is looked at again, for its version, to say why.
    public static func decode(_ data: Data, path: String) throws(ActivityError) -> ActivityModel {
        let decoder = JSONValueDecoder()
        let model: ActivityModel
        do {
            model = try decoder.decode(ActivityModel.self, from: data)
        } catch let error as ActivityError {
            throw .unreadableModel(path: path, reason: error.description)
        } catch {
            struct Header: Decodable { let formatVersion: Int }
            guard let header = try? decoder.decode(Header.self, from: data) else {
                throw .unreadableModel(
                    path: path, reason: "not an activity model file (expected JSON with a formatVersion)")
            }
            guard readableFormatVersions.contains(header.formatVersion) else {
                throw .unsupportedModelVersion(found: header.formatVersion, supported: currentFormatVersion)
            }
            throw .unreadableModel(
                path: path, reason: "damaged or incomplete model (\(DecodingFailure.reason(error)))")
        }
        try model.validate()
        return model
    }

    /// Largest model file read, in bytes: the bundled model is under 1 MB, and 400 rounds of deep trees stay well
    /// below this, so that no file sizes the decoder's memory.
    public static let maximumFileSize = 64 << 20

    /// Reads and validates the model file at `url`: a regular file of at most ``maximumFileSize`` bytes (a device,
    /// FIFO or directory is refused before it is read, and the size is checked on the file that is read).
    public static func load(contentsOf url: URL) throws(ActivityError) -> ActivityModel {
        let bytes: [UInt8]?
        do {
            bytes = try FileIO.readIfPresent(FilePath(url.path), limit: maximumFileSize)
        } catch {
            guard case .readFailed(_, let reason) = error else { throw .unreadableModel(path: url.path, reason: "\(error)") }
            throw .unreadableModel(path: url.path, reason: "\(reason.lowercasingFirstWord); pass a readable model file")
        }
        guard let bytes else {
            throw .unreadableModel(path: url.path, reason: "no such file or directory; check the path")
        }
        return try decode(Data(bytes), path: url.path)
    }

    /// A file error in words, without Foundation's type names (`NSCocoaErrorDomain`, `UserInfo`).
    public static func plainReason(_ error: any Error) -> String {
        guard let error = error as? CocoaError else {
            return "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        switch error.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on the device"
        case .fileWriteVolumeReadOnly: return "the file system is read-only"
        case .fileWriteFileExists: return "a file of that name exists"
        default: return "file system error \(error.code.rawValue)"
        }
    }

    /// Writes the model to `url` atomically, so that a watcher never sees half a file (``OutputFile``: a device such
    /// as `/dev/null` is written, not replaced).
    public func write(to url: URL) throws(ActivityError) {
        let data = try encoded()
        do {
            try OutputFile.write(Array(data), to: url.path)
        } catch {
            throw .unwritableFile(path: url.path, reason: "\(error.reason); check that the directory exists and is writable")
        }
    }
}
