// swift-tools-version:6.3
// The phone's renderer, measured by ordo-one/benchmark (time, allocations
// and peak memory per benchmark), and the extension's anonymous memory by
// DeviceMemory. A package of its own, as the fuzzers are,
// so that the main package's `swift build` and `swift test` never build the
// benchmark framework. `make bench` exports the bundled voice's pack and
// runs it; see scripts/bench.py.
import PackageDescription

let package = Package(
    name: "announce-bench-device",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "announce", path: "../../.."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "DeviceRender",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AnnounceServer", package: "announce"),
                .product(name: "AnnounceStudio", package: "announce"),
            ],
            path: "Benchmarks/DeviceRender",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The extension's anonymous memory after loading the pack and at its
        // peak while rendering, one process per figure: Foundation and the
        // phone's libraries only, as the extension links them.
        .executableTarget(
            name: "DeviceMemory",
            dependencies: [
                .product(name: "AnnounceLanguage", package: "announce"),
                .product(name: "AnnounceVoice", package: "announce"),
                .product(name: "AnnounceEngine", package: "announce"),
            ],
            path: "Memory/DeviceMemory"
        ),
    ]
)
