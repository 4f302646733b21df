// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ResamplingBenchmark",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "imu-bridge", path: "../..")],
    targets: [
        .executableTarget(
            name: "ResamplingBenchmark",
            dependencies: [.product(name: "Resampling", package: "imu-bridge")]
        )
    ]
)
