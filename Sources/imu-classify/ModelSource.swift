import ActivityKit
import CommandLineSupport
import FoundationEssentials
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The model in use, reloaded when its file changes on disk or when SIGHUP arrives; a bad new file, or one whose
/// windows (rate, size, hop) differ from the running stream's, keeps the old model with a warning.
final class ModelSource: Sendable {
    private let url: URL?
    private let logger: Logger
    private let state: Mutex<State>

    /// What changes while the stream runs.
    private struct State {
        var model: ActivityModel
        var modificationDate: Date?
        var hangupReceived = false
    }

    /// Loads the model at `path`, or the bundled default when `path` is nil, and starts listening for SIGHUP.
    init(path: String?, logger: Logger) throws(ActivityError) {
        self.logger = logger
        let model: ActivityModel
        if let path {
            let url = URL(fileURLWithPath: path)
            self.url = url
            model = try ActivityModel.load(contentsOf: url)
            state = Mutex(State(model: model, modificationDate: Self.modificationDate(of: url)))
            logger.info("using model \(path): \(model.classNames.joined(separator: ", "))")
            if let warning = model.fusionWarning(classifying: .live) { logger.warning("\(warning)") }
        } else {
            url = nil
            model = try ActivityModel.bundledDefault()
            state = Mutex(State(model: model))
            logger.info("using the bundled MotionSense model: \(model.classNames.joined(separator: ", "))")
        }
        releaseFreedHeap()
        SignalRelay.shared.observe(SIGHUP) { [weak self] in self?.noteHangup() }
    }

    deinit {
        SignalRelay.shared.ignore(SIGHUP)
    }

    /// The model currently in use.
    var current: ActivityModel { state.withLock { $0.model } }

    /// Hands `classifier` the model file anew if it changed or SIGHUP arrived since the last call; a file that does
    /// not load, or whose windows the classifier refuses (the running stream keeps its rate and window shape), leaves
    /// the model in use with a warning.
    func reloadIfNeeded(into classifier: inout StreamingActivityClassifier) {
        guard let url else { return }
        let date = Self.modificationDate(of: url)
        let requested = state.withLock {
            let wanted = $0.hangupReceived || (date != nil && date != $0.modificationDate)
            $0.hangupReceived = false
            $0.modificationDate = date
            return wanted
        }
        guard requested else { return }
        do {
            let reloaded = try ActivityModel.load(contentsOf: url)
            try classifier.replaceModel(with: reloaded)
            state.withLock { $0.model = reloaded }
            logger.info("reloaded model \(url.path): \(reloaded.classNames.joined(separator: ", "))")
            if let warning = reloaded.fusionWarning(classifying: .live) { logger.warning("\(warning)") }
            releaseFreedHeap()
        } catch {
            logger.warning("kept the previous model, did not reload \(url.path): \(error.description)")
        }
    }

    private func noteHangup() {
        guard url != nil else {
            logger.warning("SIGHUP: nothing to reload, the bundled model is in use; start with --model FILE to reload a file")
            return
        }
        state.withLock { $0.hangupReceived = true }
    }

    private static func modificationDate(of url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
