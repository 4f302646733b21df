import CMosquitto

/// libmosquitto, loaded (and initialised) when the first publisher is made: tools and runs that publish nothing
/// never load it or the OpenSSL it links.
enum MosquittoLibrary {
    /// The library's functions, or why it could not be loaded.
    private static let loaded: Result<IMBMosquitto, MQTTError> = {
        var reason: UnsafePointer<CChar>?
        guard let functions = imb_mosquitto_load(&reason) else {
            return .failure(.libraryUnavailable(reason: reason.map { String(cString: $0) } ?? "no reason given"))
        }
        return .success(functions.pointee)
    }()

    /// libmosquitto's functions.
    /// - Throws: ``MQTTError/libraryUnavailable(reason:)`` when it is not installed or lacks a function.
    static func functions() throws(MQTTError) -> IMBMosquitto { try loaded.get() }
}
