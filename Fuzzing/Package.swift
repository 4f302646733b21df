// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for every parser of outside bytes. Build and run them with `make fuzz` (Fuzzing/run.sh); built
// without the fuzzer (`swift build --package-path Fuzzing`), `imu-fuzz TARGET FILES...` replays inputs instead.
let package = Package(
    name: "imu-bridge-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "imu-bridge", path: ".."),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    ],
    targets: [
        // The declaration of libFuzzer's LLVMFuzzerRunDriver, linked by -sanitize=fuzzer.
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(
            name: "imu-fuzz",
            dependencies: [
                "CLibFuzzer",
                .product(name: "IIOSensors", package: "imu-bridge"),
                .product(name: "MotionRecording", package: "imu-bridge"),
                .product(name: "ActivityKit", package: "imu-bridge"),
                .product(name: "DatasetImporters", package: "imu-bridge"),
                .product(name: "MotionActivityKit", package: "imu-bridge"),
                .product(name: "DeviceMotionKit", package: "imu-bridge"),
                .product(name: "MotionPublishing", package: "imu-bridge"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
    ]
)
