// swift-tools-version: 6.0
import PackageDescription

// Heap allocations per input sample of the fusion hot path, counted by a malloc interposer linked into the
// benchmark executable. Run with: swift run -c release --package-path Benchmarks/Fusion
let package = Package(
    name: "FusionBenchmark",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "imu-bridge", path: "../..")],
    targets: [
        // Defines malloc and its siblings in the executable (Linux, glibc), counting calls while enabled.
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "FusionAllocations",
            dependencies: ["MallocCounter", .product(name: "DeviceMotionKit", package: "imu-bridge")]
        ),
    ]
)
