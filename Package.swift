// swift-tools-version:6.0
// Licensed under the Apache License 2.0, see LICENSE.
// The bundled voice in Clips/ keeps its own CC0-1.0 statement (Clips/README.md).
import PackageDescription

let package = Package(
    name: "announce",
    products: [
        .library(name: "AnnounceCore", targets: ["AnnounceCore"]),
        .library(name: "AnnounceAudio", targets: ["AnnounceAudio"]),
        .executable(name: "announce", targets: ["announce"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The one layer that calls the operating system: files, folders,
        // processes, threads, signals, time. Everything else goes through it.
        .target(name: "AnnounceSystem"),

        // Pure Swift: amounts, readings, messages, voices, clip plans. No C
        // imports; voice folders are read through AnnounceSystem.
        .target(name: "AnnounceCore", dependencies: ["AnnounceSystem"]),

        // The one module that imports the C libraries.
        .target(
            name: "AnnounceAudio",
            dependencies: ["AnnounceCore", "AnnounceSystem", "CSndFile", "CSampleRate", "CSonic", "CEBUR128"]
        ),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CSampleRate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),
        // libsonic-dev ships no pkg-config file; the module map links it by name.
        .systemLibrary(name: "CSonic", providers: [.apt(["libsonic-dev"])]),
        .systemLibrary(name: "CEBUR128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),

        .executableTarget(
            name: "announce",
            dependencies: [
                "AnnounceCore",
                "AnnounceAudio",
                "AnnounceSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The fuzz targets (scripts/fuzz): each replays the inputs named on its
        // command line, and under libFuzzer (`make fuzz`, scripts/fuzz/run.sh)
        // is driven by it. Built with everything else, so they cannot rot.
        .target(name: "FuzzSupport", path: "scripts/fuzz/Sources/FuzzSupport"),
        .executableTarget(name: "FuzzAmount", dependencies: ["FuzzSupport", "AnnounceCore"], path: "scripts/fuzz/Sources/FuzzAmount"),
        .executableTarget(
            name: "FuzzBatchLine", dependencies: ["FuzzSupport", "AnnounceCore", "AnnounceAudio"], path: "scripts/fuzz/Sources/FuzzBatchLine"),
        .executableTarget(name: "FuzzManifest", dependencies: ["FuzzSupport", "AnnounceCore"], path: "scripts/fuzz/Sources/FuzzManifest"),
        // The iOS extension's decisions (docs/ios/Logic): Foundation only, the
        // same files the Xcode project compiles, built and tested here.
        .target(name: "AnnounceExtensionLogic", path: "docs/ios/Logic"),
        // What every test target shares: running processes with a time limit,
        // scratch folders, a seeded generator, the package's own paths.
        .target(name: "AnnounceTestSupport", path: "Tests/AnnounceTestSupport"),
        .testTarget(name: "AnnounceCoreTests", dependencies: ["AnnounceCore", "AnnounceSystem", "AnnounceTestSupport"]),
        .testTarget(name: "AnnounceExtensionLogicTests", dependencies: ["AnnounceExtensionLogic", "AnnounceTestSupport"]),
        .testTarget(
            name: "AnnounceAudioTests",
            dependencies: ["AnnounceAudio", "AnnounceCore", "AnnounceSystem", "AnnounceTestSupport"],
            exclude: ["Goldens"]
        ),
        // Runs the built `announce` binary as a user would; depending on the
        // executable makes `swift test` build it first.
        .testTarget(
            name: "AnnounceCLITests", dependencies: ["announce", "AnnounceAudio", "AnnounceCore", "AnnounceSystem", "AnnounceTestSupport"]),
    ]
)
