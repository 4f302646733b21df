// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "imu-bridge",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "StreamExecution", targets: ["StreamExecution"]),
        .library(name: "IIOSensors", targets: ["IIOSensors"]),
        .library(name: "Resampling", targets: ["Resampling"]),
        .library(name: "DeviceMotionKit", targets: ["DeviceMotionKit"]),
        .library(name: "LiveMotion", targets: ["LiveMotion"]),
        .library(name: "MotionRecording", targets: ["MotionRecording"]),
        .library(name: "ActivityKit", targets: ["ActivityKit"]),
        .library(name: "DatasetImporters", targets: ["DatasetImporters"]),
        .library(name: "MotionActivityKit", targets: ["MotionActivityKit"]),
        .library(name: "MotionHistory", targets: ["MotionHistory"]),
        .library(name: "MotionPlots", targets: ["MotionPlots"]),
        .library(name: "MotionPublishing", targets: ["MotionPublishing"]),
        .executable(name: "imu-list", targets: ["imu-list"]),
        .executable(name: "imu-stream", targets: ["imu-stream"]),
        .executable(name: "imu-motion", targets: ["imu-motion"]),
        .executable(name: "imu-record", targets: ["imu-record"]),
        .executable(name: "imu-import", targets: ["imu-import"]),
        .executable(name: "imu-train", targets: ["imu-train"]),
        .executable(name: "imu-eval", targets: ["imu-eval"]),
        .executable(name: "imu-classify", targets: ["imu-classify"]),
        .executable(name: "imu-calibrate", targets: ["imu-calibrate"]),
        .executable(name: "imu-history", targets: ["imu-history"]),
        .executable(name: "imu-steps", targets: ["imu-steps"]),
        .executable(name: "imu-plot", targets: ["imu-plot"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        // SQLite (WAL, migrations, a pool of readers beside one writer) for the activity history; only the tools that
        // keep or read the history link it.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Property-based tests (generators and shrinking for Swift Testing); tests only.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // C shims: nothing but the system headers, found through pkg-config.
        .systemLibrary(name: "CLibUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libiio (libiio-dev's header) and libmosquitto (libmosquitto-dev's) loaded at run time by the first context
        // or publisher: a tool that reads no sensor or publishes nothing starts without them.
        .target(name: "CLibIIO"),
        .target(name: "CMosquitto"),

        // Value types that flow between the layers (no C, no I/O).
        .target(name: "MotionSamples"),
        // The bounded read of a small regular file (a model, a calibration, metadata, MQTT credentials and TLS files).
        .target(name: "BoundedFiles", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // Threads of the package's own: for work that blocks in C, and the one a live stream's tasks run on.
        .target(name: "StreamExecution"),
        .target(
            name: "IIOSensors",
            dependencies: [
                "CLibIIO", "CLibUdev", "MotionSamples", "StreamExecution",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(name: "Resampling", dependencies: ["MotionSamples"]),
        .target(
            name: "DeviceMotionKit",
            dependencies: [
                "MotionSamples", "Resampling", "StreamExecution",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Where the IIO sources meet device motion: the live IMU the tools open, and MotionManager on it.
        .target(
            name: "LiveMotion",
            dependencies: [
                "MotionSamples", "IIOSensors", "DeviceMotionKit",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "MotionRecording",
            dependencies: [
                "BoundedFiles", "CZlib", "MotionSamples", "DeviceMotionKit", "Resampling", "StreamExecution",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // Its row reader is generic over the rows it decodes and runs from other modules: optimising across
            // modules lets the compiler specialise it for raw readings (a tenth of a replay's time otherwise).
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
        ),
        .target(
            name: "ActivityKit",
            dependencies: [
                "MotionSamples", "DeviceMotionKit", "MotionRecording",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // The bundled model is read from the source tree or where `make install` puts it, not through a SwiftPM
            // resource bundle, whose generated accessor would link Foundation into every tool that classifies.
            exclude: ["Resources"]
        ),
        // Everything that knows a public dataset (file layouts, label codes, subjects): the importers, and the
        // dataset files SessionLoader reads directly through `SessionFileFormat`.
        .target(
            name: "DatasetImporters",
            dependencies: [
                "MotionSamples", "DeviceMotionKit", "MotionRecording", "ActivityKit",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // CoreMotion's pedometer and motion activity (CMPedometer, CMMotionActivityManager) on device motion and the
        // classifier: steps, distance, cadence, pace, floors; activity kinds with a confidence.
        .target(
            name: "MotionActivityKit",
            dependencies: [
                "MotionSamples", "DeviceMotionKit", "ActivityKit", "MotionRecording",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The activity, step and device-event history in SQLite (CMSensorRecorder's role): schema, migrations, retention.
        .target(
            name: "MotionHistory",
            dependencies: ["MotionActivityKit", "MotionSamples", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // SVG pictures of recordings, evaluations and cross-validations (no dependencies, no Foundation).
        .target(name: "MotionPlots"),
        // MQTT publishing through libmosquitto: broker URL, credentials, topics, the bounded queue and the client.
        .target(
            name: "MotionPublishing",
            dependencies: [
                "BoundedFiles", "CMosquitto", "MotionSamples", "StreamExecution",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),

        // What every command-line tool shares: interruption, logging to stderr, error output and the one mapping from
        // every error to its message and exit status.
        .target(
            name: "CommandLineSupport",
            dependencies: [
                "CMemory", "CNumberFormat", "IIOSensors", "Resampling", "DeviceMotionKit", "MotionRecording", "ActivityKit",
                "DatasetImporters", "MotionPublishing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: ["GitRevision"]),
        // Writes the git revision `--version` prints into CommandLineSupport before every build.
        .plugin(name: "GitRevision", capability: .buildTool()),
        // glibc's malloc.h (malloc_trim) and prctl(2) (huge pages off), for long-running tools.
        .systemLibrary(name: "CMemory"),
        // printf's fixed-point text of one double without a variadic call (CommandLineSupport's FixedPointText).
        .systemLibrary(name: "CNumberFormat"),

        // What the tools that keep or read the history share: the --history and --retention options and the history's
        // errors in the exit-status table; a target of its own so that GRDB stays out of the other tools.
        .target(
            name: "HistoryCommandSupport",
            dependencies: [
                "CommandLineSupport", "MotionHistory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Thin executables: parse, wire, print.
        cli("imu-list", ["IIOSensors"]),
        cli("imu-stream", ["IIOSensors", "LiveMotion", "Resampling"]),
        cli("imu-motion", ["DeviceMotionKit", "MotionRecording"]),
        cli("imu-record", ["IIOSensors", "LiveMotion", "DeviceMotionKit", "MotionRecording", "ActivityKit", "MotionPublishing"]),
        cli("imu-import", ["DeviceMotionKit", "MotionRecording", "ActivityKit", "DatasetImporters"]),
        cli("imu-train", ["ActivityKit", "MotionRecording", "DatasetImporters", "MotionPlots"]),
        cli("imu-eval", ["ActivityKit", "MotionRecording", "DatasetImporters", "MotionPlots"]),
        cli(
            "imu-classify",
            [
                "IIOSensors", "LiveMotion", "DeviceMotionKit", "MotionRecording", "ActivityKit", "DatasetImporters",
                "MotionActivityKit", "MotionHistory", "HistoryCommandSupport", "MotionPublishing",
            ]),
        cli(
            "imu-calibrate",
            [
                "IIOSensors", "LiveMotion", "DeviceMotionKit", "MotionRecording", .product(name: "SystemPackage", package: "swift-system"),
            ]),
        cli("imu-history", ["MotionSamples", "MotionActivityKit", "MotionHistory", "HistoryCommandSupport"]),
        cli(
            "imu-steps",
            ["IIOSensors", "LiveMotion", "DeviceMotionKit", "MotionRecording", "ActivityKit", "DatasetImporters", "MotionActivityKit"]),
        cli("imu-plot", ["DeviceMotionKit", "MotionRecording", "ActivityKit", "DatasetImporters", "MotionPlots"]),

        // Test support: builds umockdev testbeds from the sysfs fixtures in Fixtures/sysfs.
        .target(name: "IIOTestbed", path: "Tests/IIOTestbed"),
        .testTarget(
            name: "IIOSensorsTests",
            dependencies: ["IIOSensors", "IIOTestbed", "MotionSamples", "DeviceMotionKit", "CommandLineSupport", "StreamExecution"]),
        .testTarget(
            name: "ResamplingTests", dependencies: ["Resampling", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "DeviceMotionKitTests",
            dependencies: [
                "DeviceMotionKit", "MotionSamples", "StreamExecution",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "MotionRecordingTests", dependencies: ["MotionRecording", "ActivityKit", "DatasetImporters", "recording-crash-probe"]),
        // Test support: a writer the crash-safety test runs in a child process and kills with SIGKILL.
        .executableTarget(name: "recording-crash-probe", dependencies: ["MotionRecording"], path: "Tests/RecordingCrashProbe"),
        .testTarget(name: "ActivityKitTests", dependencies: ["ActivityKit", "DatasetImporters"]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"]),
        .testTarget(name: "MotionSamplesTests", dependencies: ["MotionSamples"]),
        .testTarget(name: "BoundedFilesTests", dependencies: ["BoundedFiles", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "StreamExecutionTests", dependencies: ["StreamExecution", "IIOTestbed"]),
        .testTarget(name: "MotionPlotsTests", dependencies: ["MotionPlots", "IIOTestbed"]),
        .testTarget(
            name: "MotionActivityKitTests",
            dependencies: [
                "MotionActivityKit", "ActivityKit", "DeviceMotionKit", "DatasetImporters", "MotionRecording", "MotionSamples",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .testTarget(
            name: "MotionHistoryTests",
            dependencies: [
                "MotionHistory", "MotionActivityKit", "HistoryCommandSupport", "history-crash-probe",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // Test support: a history writer the crash-safety test runs in a child process and kills with SIGKILL.
        .executableTarget(
            name: "history-crash-probe", dependencies: ["MotionHistory", "MotionActivityKit", "ActivityKit"],
            path: "Tests/HistoryCrashProbe"),
        .testTarget(
            name: "MotionPublishingTests",
            dependencies: ["MotionPublishing", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "IIOSensors", "IIOTestbed", "MotionRecording", "MotionSamples", "ActivityKit", "DatasetImporters",
                "CommandLineSupport", "MotionHistory",
            ]),
    ]
)

/// An executable target whose sources live in `Sources/<name>`, with the CLI libraries every tool uses.
///
/// Release builds link with lld and pack the position-independent executable's relative relocations (about 88 000 in
/// imu-classify) into `DT_RELR` (glibc 2.36, Debian 12): 2 MB of relocation entries less, which the dynamic loader
/// would read, and keep resident, at every start (`Benchmarks/Activity/RESULTS.md`). They also leave the executable's
/// 13 000 symbols out of its dynamic symbol table (`--no-export-dynamic`, against the static Swift runtime's
/// `-export-dynamic`): no library loads against them, and every run-time lookup in the binary was checked (its
/// `dlsym`, `dlopen` and `dladdr` calls: CoreFoundation's bundle lookups by name and ICU's plugin loader, unused here;
/// libdispatch's optional `dispatch_async_swift_job`, not in this runtime either way; the runtime finding its own file
/// with `dladdr`, which needs no symbol; crash backtraces, symbolicated from the file's symbol table as before). And they
/// lay out first, side by side, the functions `imu-classify` runs live and in a replay (`packaging/link-order`, lld's
/// `--symbol-ordering-file`): the kernel maps code 64 KB around each page touched, so the 1 MB of functions a tool runs,
/// spread over 19 MB of `.text`, kept 9.3 MB of it resident in a live run; laid out together, 6 MB.
func cli(_ name: String, _ modules: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: modules + [
            "CommandLineSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ],
        linkerSettings: [
            .unsafeFlags(
                [
                    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                    "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/packaging/link-order/functions.txt",
                    "-Xlinker", "--no-warn-symbol-ordering",
                ],
                .when(platforms: [.linux], configuration: .release))
        ]
    )
}
