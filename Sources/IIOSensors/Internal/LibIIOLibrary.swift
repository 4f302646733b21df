import CLibIIO

/// libiio, loaded when the first context is opened (``openContext(uri:)``): tools that read no sensor never load it
/// or the libraries it links.
enum LibIIOLibrary {
    /// The library's functions, or why it could not be loaded. (`nonisolated(unsafe)`: the pointer is to the loader's
    /// C storage, written once under `pthread_once` before it is returned and never again.)
    nonisolated(unsafe) private static let loaded: Result<UnsafePointer<IMBLibIIO>, IIOSensorError> = {
        var reason: UnsafePointer<CChar>?
        guard let functions = imb_libiio_load(&reason) else {
            return .failure(.libraryUnavailable(reason: reason.map { String(cString: $0) } ?? "no reason given"))
        }
        return .success(functions)
    }()

    /// Loads libiio, once.
    /// - Throws: ``IIOSensorError/libraryUnavailable(reason:)`` when it is not installed or lacks a function.
    static func load() throws(IIOSensorError) {
        _ = try loaded.get()
    }

    /// The functions of the loaded library. Only code holding a libiio object calls them, and every object comes
    /// from a context, whose creation loaded the library first.
    static var functions: UnsafePointer<IMBLibIIO> {
        guard case .success(let functions) = loaded else { preconditionFailure("libiio called before it was loaded") }
        return functions
    }
}
