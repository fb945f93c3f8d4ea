// swift-tools-version:5.4
// Fuzz targets for announce, kept out of the main package so that its
// `swift build` and `swift test` never see them. `make fuzz` builds them with
// `-sanitize=fuzzer,address -parse-as-library` (libFuzzer supplies `main`)
// and runs each one for a bounded time; see scripts/fuzz/run.sh.
import PackageDescription

let package = Package(
    name: "announce-fuzz",
    dependencies: [
        // Named, so that the products below resolve whatever the checkout's
        // folder is called.
        .package(name: "announce", path: "../.."),
    ],
    targets: [
        // What every target checks: traps that libFuzzer reports as findings.
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "FuzzAmount",
            dependencies: ["FuzzSupport", .product(name: "AnnounceCore", package: "announce")]
        ),
        .executableTarget(
            name: "FuzzBatchLine",
            dependencies: [
                "FuzzSupport",
                .product(name: "AnnounceCore", package: "announce"),
                .product(name: "AnnounceAudio", package: "announce"),
            ]
        ),
        .executableTarget(
            name: "FuzzManifest",
            dependencies: ["FuzzSupport", .product(name: "AnnounceCore", package: "announce")]
        ),
    ]
)
