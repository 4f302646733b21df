import Logging

extension MQTTPublisher {
    /// Runs `body` with a started publisher for `configuration` (nil without `--mqtt`: `body` gets nil), then waits
    /// for the queue to drain and disconnects; a normal end with messages still undelivered throws
    /// ``MQTTError/undelivered(count:broker:)``, a failed `body` its own error.
    public static func publishing<Result: Sendable>(
        _ configuration: MQTTConfiguration?, logger: Logger, _ body: (MQTTPublisher?) async throws -> Result
    ) async throws -> Result {
        guard let configuration else { return try await body(nil) }
        let publisher = try MQTTPublisher(configuration: configuration, logger: logger)
        publisher.start()
        let result: Result
        do {
            result = try await body(publisher)
        } catch {
            publisher.finish()
            throw error
        }
        let undelivered = publisher.finish()
        guard undelivered == 0 else {
            throw MQTTError.undelivered(count: undelivered, broker: configuration.broker.description)
        }
        return result
    }
}
