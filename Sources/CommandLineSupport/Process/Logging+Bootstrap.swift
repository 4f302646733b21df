import Logging

/// Sends every log line to stderr at `level`, so stdout stays for results. Call once, from `run()`.
public func bootstrapLogging(level: Logger.Level) {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
    }
}
