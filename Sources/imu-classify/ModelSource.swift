import ActivityKit
import CommandLineSupport
import FoundationEssentials
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The models in use (one, or several averaged), reloaded when one of their files changes on disk or when SIGHUP
/// arrives; a bad new file, or one whose windows (rate, size, hop) differ from the one it replaces, keeps the old models
/// with a warning.
final class ModelSource: Sendable {
    private let urls: [URL]
    private let logger: Logger
    private let state: Mutex<State>

    /// What changes while the stream runs.
    private struct State {
        var models: [ActivityModel]
        var modificationDates: [Date?]
        var hangupReceived = false
    }

    /// Loads the models at `paths`, or when there are none the bundled default (with `shortWindow`, and the bundled
    /// model of 2 s windows beside it), and starts listening for SIGHUP.
    init(paths: [String], shortWindow: Bool = false, logger: Logger) throws(ActivityError) {
        self.logger = logger
        if paths.isEmpty {
            urls = []
            let model = try ActivityModel.bundledDefault()
            let models = shortWindow ? [model, try ActivityModel.bundledShortWindow()] : [model]
            state = Mutex(State(models: models, modificationDates: []))
            let which = shortWindow ? "models of 4 s and 2 s windows" : "model"
            logger.info("using the bundled MotionSense \(which): \(model.classNames.joined(separator: ", "))")
        } else {
            urls = paths.map { URL(fileURLWithPath: $0) }
            var models: [ActivityModel] = []
            for url in urls { models.append(try ActivityModel.load(contentsOf: url)) }
            state = Mutex(State(models: models, modificationDates: urls.map(Self.modificationDate(of:))))
            for (path, model) in zip(paths, models) {
                logger.info("using model \(path): \(model.classNames.joined(separator: ", "))")
                if let warning = model.fusionWarning(classifying: .live) { logger.warning("\(warning)") }
            }
        }
        releaseFreedHeap()
        SignalRelay.shared.observe(SIGHUP) { [weak self] in self?.noteHangup() }
    }

    deinit {
        SignalRelay.shared.ignore(SIGHUP)
    }

    /// The models currently in use, in the order their files were given.
    var current: [ActivityModel] { state.withLock { $0.models } }

    /// Hands `classifier` the model files anew if one changed or SIGHUP arrived since the last call; a file that does
    /// not load, or whose windows the classifier refuses (the running stream keeps its rate and window shape), leaves
    /// the models in use with a warning.
    func reloadIfNeeded(into classifier: inout StreamingActivityClassifier) {
        guard !urls.isEmpty else { return }
        let dates = urls.map(Self.modificationDate(of:))
        let requested = state.withLock {
            let wanted =
                $0.hangupReceived || zip(dates, $0.modificationDates).contains { $0 != nil && $0 != $1 }
            $0.hangupReceived = false
            $0.modificationDates = dates
            return wanted
        }
        guard requested else { return }
        let paths = urls.map(\.path).joined(separator: ", ")
        do {
            var reloaded: [ActivityModel] = []
            for url in urls { reloaded.append(try ActivityModel.load(contentsOf: url)) }
            try classifier.replaceModels(with: reloaded)
            state.withLock { $0.models = reloaded }
            for (url, model) in zip(urls, reloaded) {
                logger.info("reloaded model \(url.path): \(model.classNames.joined(separator: ", "))")
                if let warning = model.fusionWarning(classifying: .live) { logger.warning("\(warning)") }
            }
            releaseFreedHeap()
        } catch {
            logger.warning("kept the previous model, did not reload \(paths): \(error.description)")
        }
    }

    private func noteHangup() {
        guard !urls.isEmpty else {
            logger.warning("SIGHUP: nothing to reload, the bundled model is in use; start with --model FILE to reload a file")
            return
        }
        state.withLock { $0.hangupReceived = true }
    }

    private static func modificationDate(of url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
