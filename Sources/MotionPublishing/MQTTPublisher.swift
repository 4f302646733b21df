import CMosquitto
import Logging
import MotionSamples
import StreamExecution
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Publishes to an MQTT broker through libmosquitto, surviving outages: a persistent session (clean session off, a
/// client id stable for the host and IMU) with QoS 1 for what must arrive, a retained `online` status on connect
/// and an `offline` last will, and reconnects with exponential backoff.
///
/// QoS 1 messages wait in a bounded ``PublishQueue`` while the broker is unreachable and go out in order once it is
/// back; at most ``MQTTConfiguration/maximumInFlight`` are handed to libmosquitto unacknowledged at a time (which
/// resends them itself after a reconnect), so its own queue stays bounded too. QoS 0 messages (device motion) are
/// sent only while connected.
///
/// The network runs on a thread of its own that drives `mosquitto_loop`, rather than on libmosquitto's
/// `mosquitto_loop_start`: that loop gives up for good on a failed name lookup, a TLS or an authentication error
/// (`mosquitto_loop_forever` in lib/loop.c returns on `MOSQ_ERR_EAI`, `MOSQ_ERR_TLS`, ...), which for a service
/// started at boot before the network is up would mean never publishing. Here every failure is retried.
public final class MQTTPublisher: @unchecked Sendable {
    // @unchecked: `client` is used from the tool's thread and the network thread, which libmosquitto allows with
    // `mosquitto_threaded_set`; everything mutable is in `state`.

    /// What was configured.
    public let configuration: MQTTConfiguration
    private let client: OpaquePointer
    private let mosquitto: IMBMosquitto
    private let logger: Logger
    private let state: Mutex<State>
    private let isStopping = Atomic<Bool>(false)
    private let thread = Mutex<pthread_t?>(nil)
    /// libmosquitto's last error-level log line (OpenSSL's reason for a TLS failure), apart from `state`: the log
    /// callback may run inside `mosquitto_publish`, under the state's lock.
    private let libraryError = Mutex<String?>(nil)

    private struct State {
        var queue: PublishQueue
        var inFlight: Set<Int32> = []
        var isConnected = false
        var droppedUnreported = 0
        var reconnectDelay: Double
        var failuresInARow = 0
        var hasConnected = false
    }

    /// Sets up a client for `configuration` (not yet connected: see ``start()``).
    /// - Throws: ``MQTTError`` when libmosquitto cannot be loaded or refuses a setting (a CA file it cannot use, say).
    public init(configuration: MQTTConfiguration, logger: Logger) throws(MQTTError) {
        let mosquitto = try MosquittoLibrary.functions()
        guard let client = mosquitto.new(configuration.topics.clientID, false, nil) else {
            throw .library(operation: "a new client", code: MOSQ_ERR_NOMEM.rawValue, errno: nil)
        }
        self.client = client
        self.mosquitto = mosquitto
        self.configuration = configuration
        self.logger = logger
        state = Mutex(
            State(
                queue: PublishQueue(capacity: configuration.queueCapacity),
                reconnectDelay: configuration.initialReconnectDelay))
        // Every stored property is set, so a throw from here releases the publisher and its deinit destroys the
        // client: destroying it here as well freed it twice.
        try configure()
    }

    deinit {
        stopNetworkThread()
        mosquitto.destroy(client)
    }

    private func configure() throws(MQTTError) {
        let topics = configuration.topics
        let credentials = configuration.credentials
        try MQTTStatus.check(mosquitto.threaded_set(client, true), "threaded use")
        try MQTTStatus.check(
            mosquitto.max_inflight_messages_set(client, UInt32(configuration.maximumInFlight)), "the in-flight limit")
        try MQTTStatus.check(
            mosquitto.will_set(client, topics.status, 7, "offline", 1, true), "the last will on \(topics.status)")
        if let username = credentials.username {
            try MQTTStatus.check(mosquitto.username_pw_set(client, username, credentials.password), "the user name")
        } else if credentials.password != nil {
            throw .invalidSetting("a password", reason: "it is only sent with a user name; set the username too")
        }
        if configuration.broker.usesTLS {
            try TLSFiles.check(credentials)
            let capath: String? = credentials.caFile == nil ? "/etc/ssl/certs" : nil
            // No passphrase callback would let OpenSSL prompt on the terminal; TLSFiles refuses encrypted keys.
            try MQTTStatus.check(
                mosquitto.tls_set(client, credentials.caFile, capath, credentials.certFile, credentials.keyFile) { _, _, _, _ in 0 },
                "TLS with the CA \(credentials.caFile ?? "certificates of the system")"
                    + (credentials.certFile.map { " and the client certificate \($0)" } ?? ""))
        }
        mosquitto.user_data_set(client, Unmanaged.passUnretained(self).toOpaque())
        mosquitto.log_callback_set(client) { _, object, level, text in
            guard let object, let text, level == MOSQ_LOG_ERR else { return }
            Unmanaged<MQTTPublisher>.fromOpaque(object).takeUnretainedValue().libraryError.withLock { $0 = String(cString: text) }
        }
        mosquitto.connect_callback_set(client) { _, object, code in
            guard let object else { return }
            Unmanaged<MQTTPublisher>.fromOpaque(object).takeUnretainedValue().connected(code)
        }
        mosquitto.disconnect_callback_set(client) { _, object, code in
            guard let object else { return }
            Unmanaged<MQTTPublisher>.fromOpaque(object).takeUnretainedValue().disconnected(code)
        }
        mosquitto.publish_callback_set(client) { _, object, messageID in
            guard let object else { return }
            Unmanaged<MQTTPublisher>.fromOpaque(object).takeUnretainedValue().acknowledged(messageID)
        }
    }

    /// Starts connecting on the network thread and returns at once; failures are logged and retried.
    public func start() {
        let broker = configuration.broker
        let code = mosquitto.connect_async(client, broker.host, Int32(broker.port), configuration.keepAlive)
        if code != MOSQ_ERR_SUCCESS.rawValue { failed(code) }
        var handle = pthread_t()
        let object = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(
            &handle, nil,
            { object in
                let publisher = Unmanaged<MQTTPublisher>.fromOpaque(object!).takeRetainedValue()
                nameCurrentThread("mqtt")
                publisher.runNetwork(connecting: publisher.state.withLock { $0.failuresInARow == 0 })
                return nil
            }, object)
        if created == 0 {
            thread.withLock { $0 = handle }
        } else {
            Unmanaged<MQTTPublisher>.fromOpaque(object).release()
            logger.error("cannot start the MQTT network thread: \(Errno(rawValue: created)); nothing is published")
        }
    }

    /// Publishes `message`: QoS 1 through the queue (kept through outages), QoS 0 only while connected.
    public func publish(_ message: MQTTMessage) {
        state.withLock { state in
            if message.qos == 0 {
                if state.isConnected { _ = send(message) }
                return
            }
            if state.queue.append(message) {
                state.droppedUnreported += 1
                if state.droppedUnreported == 1 {
                    logger.warning(
                        "the MQTT queue is full (\(state.queue.capacity) messages): dropping the oldest until the broker \(configuration.broker) is back"
                    )
                }
            }
            pump(&state)
        }
    }

    /// Waits (at most ``MQTTConfiguration/flushTimeout`` seconds) until every queued message is acknowledged,
    /// publishes `offline`, disconnects and stops the network thread; returns how many messages were not delivered.
    @discardableResult
    public func finish() -> Int {
        let deadline = MonotonicClock.now + configuration.flushTimeout
        while pendingCount > 0 && MonotonicClock.now < deadline { usleep(10_000) }
        let undelivered = state.withLock { state in
            if state.isConnected { _ = send(MQTTMessage(topic: configuration.topics.status, payload: "offline", qos: 1, retain: true)) }
            return state.queue.count + state.inFlight.count
        }
        if undelivered > 0 {
            logger.warning("\(undelivered) MQTT messages were not delivered to \(configuration.broker) before the end")
        }
        stopNetworkThread()
        return undelivered
    }

    private var pendingCount: Int { state.withLock { $0.queue.count + $0.inFlight.count } }

    private func stopNetworkThread() {
        guard !isStopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = mosquitto.disconnect(client)
        if let handle = thread.withLock({ $0 }) { pthread_join(handle, nil) }
    }

    /// The network thread: drives libmosquitto and reconnects after every failure, with backoff.
    private func runNetwork(connecting: Bool) {
        var code = connecting ? MOSQ_ERR_SUCCESS.rawValue : MOSQ_ERR_NO_CONN.rawValue
        while !isStopping.load(ordering: .sequentiallyConsistent) {
            if code == MOSQ_ERR_SUCCESS.rawValue {
                code = mosquitto.loop(client, 1000, 1)
                continue
            }
            if isStopping.load(ordering: .sequentiallyConsistent) { break }
            let delay = state.withLock { state in
                let delay = state.reconnectDelay
                state.reconnectDelay = min(delay * 2, configuration.maximumReconnectDelay)
                return delay
            }
            failed(code, retryingIn: delay)
            var slept = 0.0
            while slept < delay && !isStopping.load(ordering: .sequentiallyConsistent) {
                usleep(50_000)
                slept += 0.05
            }
            if isStopping.load(ordering: .sequentiallyConsistent) { break }
            code = mosquitto.reconnect(client)
        }
        // A clean stop: let the DISCONNECT (and the `offline` before it) out.
        for _ in 0..<20 where mosquitto.want_write(client) {
            if mosquitto.loop(client, 50, 1) != MOSQ_ERR_SUCCESS.rawValue { break }
        }
    }

    /// Logs a failed connection: the first of a series as a warning, later ones at debug level.
    private func failed(_ code: Int32, retryingIn delay: Double? = nil) {
        let failures = state.withLock { state in
            state.isConnected = false
            state.failuresInARow += 1
            return state.failuresInARow
        }
        var reason = code == MOSQ_ERR_ERRNO.rawValue ? "\(Errno(rawValue: errno))" : MQTTStatus.text(code)
        // OpenSSL's reason (an untrusted certificate, a refused client certificate) is only in libmosquitto's log.
        let detail = libraryError.withLock { error in
            defer { error = nil }
            return error
        }
        if let detail { reason += " (\(detail))" }
        let retry = delay.map { "; retrying in \(Int($0)) s" } ?? "; retrying"
        let message: Logger.Message = "MQTT broker \(configuration.broker) unreachable: \(reason)\(retry)"
        if failures == 1 { logger.warning(message) } else { logger.debug(message) }
    }

    private func connected(_ code: Int32) {
        guard code == 0 else {
            logger.warning("MQTT broker \(configuration.broker) refused the connection: \(MQTTStatus.connack(code))")
            return
        }
        libraryError.withLock { $0 = nil }
        state.withLock { state in
            state.isConnected = true
            state.failuresInARow = 0
            state.reconnectDelay = configuration.initialReconnectDelay
            // The first connection is news at info level; coming back after a warning is a warning's answer.
            var line: Logger.Message = "\(state.hasConnected ? "reconnected" : "connected") to the MQTT broker \(configuration.broker)"
            if state.droppedUnreported > 0 {
                line =
                    "\(line); \(state.droppedUnreported) queued messages were dropped while it was unreachable (the oldest; the queue holds \(state.queue.capacity), \(state.queue.dropped) dropped in all)"
                state.droppedUnreported = 0
            }
            if state.hasConnected { logger.warning(line) } else { logger.info(line) }
            state.hasConnected = true
            _ = send(MQTTMessage(topic: configuration.topics.status, payload: "online", qos: 1, retain: true))
            if configuration.homeAssistant {
                do {
                    for message in try HomeAssistantDiscovery.messages(for: configuration.topics) { _ = send(message) }
                } catch {
                    logger.error("cannot write the Home Assistant discovery config: \(error)")
                }
            }
            pump(&state)
        }
    }

    private func disconnected(_ code: Int32) {
        state.withLock { $0.isConnected = false }
        if code != 0 && !isStopping.load(ordering: .sequentiallyConsistent) {
            logger.warning("lost the MQTT broker \(configuration.broker): \(MQTTStatus.text(code)); reconnecting")
        }
    }

    private func acknowledged(_ messageID: Int32) {
        state.withLock { state in
            state.inFlight.remove(messageID)
            pump(&state)
        }
    }

    /// Hands queued messages to libmosquitto while connected and under the in-flight limit.
    private func pump(_ state: inout State) {
        while state.isConnected, state.inFlight.count < configuration.maximumInFlight, let message = state.queue.first {
            let (code, messageID) = send(message)
            if code == MOSQ_ERR_SUCCESS.rawValue {
                state.queue.removeFirst()
                state.inFlight.insert(messageID)
            } else if code == MOSQ_ERR_NO_CONN.rawValue || code == MOSQ_ERR_ERRNO.rawValue {
                state.isConnected = false
            } else {
                state.queue.removeFirst()
                logger.error("libmosquitto refused a message on \(message.topic): \(MQTTStatus.text(code)); it is dropped")
            }
        }
    }

    /// `mosquitto_publish`; returns its result and the message id.
    private func send(_ message: MQTTMessage) -> (code: Int32, messageID: Int32) {
        var messageID: Int32 = 0
        var payload = message.payload
        let code = payload.withUTF8 { bytes in
            mosquitto.publish(client, &messageID, message.topic, Int32(bytes.count), bytes.baseAddress, message.qos, message.retain)
        }
        return (code, messageID)
    }
}
