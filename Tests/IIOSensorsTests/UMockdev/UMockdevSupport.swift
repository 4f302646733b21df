import Foundation
import IIOTestbed
import MotionSamples
import Testing

@testable import IIOSensors

/// Whether this test process runs under umockdev's preload (`make test` sets it), which the
/// in-process tests need: libiio and libudev must see the testbed instead of the real /sys and /dev.
let isUnderUMockdevPreload =
    ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("umockdev") == true
    && Testbed.isUMockdevAvailable

/// Why the in-process umockdev tests were skipped.
let preloadMessage: Comment = "needs LD_PRELOAD=libumockdev-preload.so.0 and umockdev installed (run `make test`)"

/// Every in-process umockdev suite nests in here: `UMOCKDEV_DIR` is process-wide, so they must
/// never run concurrently with each other.
@Suite("IIOSensors on umockdev", .serialized, .enabled(if: isUnderUMockdevPreload, preloadMessage))
enum UMockdev {}

/// A testbed with `fixtures` installed, pointed to by `UMOCKDEV_DIR` for the duration of `body`.
/// `UMOCKDEV_DIR` is process-wide, so every suite using this is `.serialized` under one parent suite.
@discardableResult
func withTestbed<T>(
    _ fixtures: [String], _ body: (Testbed, [InstalledFixture]) async throws -> T
) async throws -> T {
    let testbed = try Testbed()
    defer { testbed.close() }
    let installed = try fixtures.map { name throws(TestbedError) in try testbed.install(fixtureNamed: name) }
    setenv("UMOCKDEV_DIR", testbed.root.path, 1)
    defer { unsetenv("UMOCKDEV_DIR") }
    return try await body(testbed, installed)
}

/// Collects readings from `source` until `count` have arrived, or the stream ends or throws.
func collect(_ count: Int, from source: IIOMotionSource) async throws -> [SensorSample] {
    var samples: [SensorSample] = []
    for try await batch in source.readings() {
        samples += batch
        if samples.count >= count { break }
    }
    return samples
}

/// Little-endian bytes of an integer.
func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }

/// Big-endian bytes of an integer.
func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
