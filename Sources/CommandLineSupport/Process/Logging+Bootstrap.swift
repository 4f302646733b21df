import Logging
import MotionSamples

/// Sends every log line to stderr at `level`, so stdout stays for results, above the progress bar if one is drawn.
/// Call once, from `run()`.
public func bootstrapLogging(level: Logger.Level) {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return ProgressAwareLogHandler(wrapping: handler)
    }
}

/// swift-log's stderr handler, writing each line with the progress bar erased and drawn again below it, and the
/// message's control characters but line breaks and tabs escaped.
private struct ProgressAwareLogHandler: LogHandler {
    private var handler: StreamLogHandler

    init(wrapping handler: StreamLogHandler) { self.handler = handler }

    var logLevel: Logger.Level {
        get { handler.logLevel }
        set { handler.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { handler.metadata }
        set { handler.metadata = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { handler.metadataProvider }
        set { handler.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { handler[metadataKey: key] }
        set { handler[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(event.message.description.escapingControlCharacters(keepingLineBreaks: true))"
        ProgressLine.printingAbove { handler.log(event: event) }
    }
}
