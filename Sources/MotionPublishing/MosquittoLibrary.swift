import CMosquitto

/// libmosquitto, loaded (and initialised) when the first publisher is made: tools and runs that publish nothing
/// never load it or the OpenSSL it links.
enum MosquittoLibrary {
    /// The library's functions, or why it could not be loaded.
    private static let loaded: Result<IMBMosquitto, MQTTError> = {
        var reason = [CChar](repeating: 0, count: 256)
        guard let functions = imb_mosquitto_load(&reason, reason.count) else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.libraryUnavailable(reason: text))
        }
        return .success(functions.pointee)
    }()

    /// libmosquitto's functions.
    /// - Throws: ``MQTTError/libraryUnavailable(reason:)`` when it is not installed or lacks a function.
    static func functions() throws(MQTTError) -> IMBMosquitto { try loaded.get() }
}
