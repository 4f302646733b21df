import Foundation

/// Times `scipy.signal.resample_poly` on the same data in a python3 subprocess: the anchor of the benchmark.
enum ScipyAnchor {
    /// The script run by python3: reads raw float64 values, resamples along time, prints the best time in seconds.
    private static let script = """
        import sys, time, numpy, scipy.signal
        path, channels, up, down, repeats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
        data = numpy.fromfile(path, dtype='<f8').reshape(-1, channels)
        best = float('inf')
        for _ in range(repeats):
            start = time.perf_counter()
            scipy.signal.resample_poly(data, up, down, axis=0)
            best = min(best, time.perf_counter() - start)
        print(best)
        """

    /// The best of `repeats` timings of scipy on `values`, in seconds, or `nil` with the reason if python3, numpy
    /// or scipy is unavailable.
    static func seconds(values: [Double], workload: Workload, repeats: Int) -> Result<Double, AnchorUnavailable> {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("resampling-benchmark-\(getpid()).f64")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try values.withUnsafeBytes { Data($0) }.write(to: file)
        } catch {
            return .failure(AnchorUnavailable(reason: "cannot write \(file.path): \(error)"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", script, file.path, "\(workload.channelCount)", "\(workload.up)", "\(workload.down)",
            "\(repeats)",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        do {
            try process.run()
        } catch {
            return .failure(AnchorUnavailable(reason: "cannot start python3: \(error)"))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            return .failure(AnchorUnavailable(reason: "python3 with numpy and scipy is needed (pip install scipy)"))
        }
        return .success(seconds)
    }
}

/// Why the scipy anchor could not be measured.
struct AnchorUnavailable: Error {
    /// What to do about it.
    let reason: String
}
