// swift-tools-version:6.0
// Licensed under the Apache License 2.0, see LICENSE.
// The bundled voice in Clips/ keeps its own CC0-1.0 statement (Clips/README.md).
import PackageDescription

let package = Package(
    name: "announce",
    // iOS 15 for the phone's libraries (AnnounceCore, AnnounceWire,
    // AnnounceEngine, AnnounceExtensionLogic): they use nothing newer (sounds
    // in an App Group's Library/Sounds need iOS 13), and the lock they share
    // is NSLock, not Synchronization's Mutex (iOS 18). macOS 13 is
    // swift-subprocess's minimum: AnnounceSystem runs `voice build --tts`
    // with it, and a platform minimum holds for the whole package. Subprocess
    // declares no iOS; only server targets link it. It needs a Swift 6.2
    // toolchain (Xcode 26) to resolve, which this package then needs too.
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        // Foundation only, for an iOS app to add (File ▸ Add Package
        // Dependencies). The extension's logic (docs/ios/Logic) is no product:
        // its types are internal, compiled into the app's targets with the glue.
        .library(name: "AnnounceCore", targets: ["AnnounceCore"]),
        .library(name: "AnnounceWire", targets: ["AnnounceWire"]),
        .library(name: "AnnounceEngine", targets: ["AnnounceEngine"]),
        // The server: C libraries, files, processes.
        .library(name: "AnnounceAudio", targets: ["AnnounceAudio"]),
        .executable(name: "announce", targets: ["announce"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // The one layer that calls the operating system: files, folders,
        // processes, threads, signals, time. Everything else goes through it.
        .target(name: "AnnounceSystem", dependencies: [.product(name: "Subprocess", package: "swift-subprocess")]),

        // Foundation only, compiled by the iOS app too: amounts, readings,
        // messages, voices, clip plans, the lock. A voice's files come
        // through the VoiceStore seam: the server's is a folder read with
        // AnnounceSystem's safe opens (in AnnounceAudio), the phone's a bundle.
        .target(name: "AnnounceCore"),
        // Foundation only, compiled by the iOS app too: sound names, the
        // push fields and the format table, the one contract between the
        // backend and the phone.
        .target(name: "AnnounceWire", dependencies: ["AnnounceCore"]),
        // Foundation only, compiled by the iOS app too: joins prepared clips
        // into an announcement (layout, pauses, gain, limiter curve, PCM16).
        .target(name: "AnnounceEngine", dependencies: ["AnnounceCore", "AnnounceWire"]),

        // The one module that imports the C libraries.
        .target(
            name: "AnnounceAudio",
            dependencies: ["AnnounceCore", "AnnounceWire", "AnnounceEngine", "AnnounceSystem", "CSndFile", "CSampleRate", "CSonic", "CEBUR128"]
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
                // `check-push` runs the extension's own decisions.
                "AnnounceExtensionLogic",
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
        .executableTarget(
            name: "FuzzPack", dependencies: ["FuzzSupport", "AnnounceCore", "AnnounceWire", "AnnounceEngine"], path: "scripts/fuzz/Sources/FuzzPack"),
        .executableTarget(
            name: "FuzzPushArrival", dependencies: ["FuzzSupport", "AnnounceCore", "AnnounceWire"], path: "scripts/fuzz/Sources/FuzzPushArrival"),
        // The iOS extension's decisions (docs/ios/Logic): Foundation, the
        // wire contract and the engine only, the same files the Xcode project
        // compiles, built and tested here.
        .target(name: "AnnounceExtensionLogic", dependencies: ["AnnounceCore", "AnnounceWire", "AnnounceEngine"], path: "docs/ios/Logic"),
        // What every test target shares: running processes with a time limit,
        // scratch folders, a seeded generator, the package's own paths.
        .target(name: "AnnounceTestSupport", path: "Tests/AnnounceTestSupport"),
        .testTarget(name: "AnnounceCoreTests", dependencies: ["AnnounceCore", "AnnounceTestSupport"]),
        // The engine's portable math, and the phone's sound-file writer held
        // byte for byte against libsndfile.
        .testTarget(name: "AnnounceEngineTests", dependencies: ["AnnounceEngine", "AnnounceAudio", "AnnounceTestSupport"]),
        .testTarget(
            name: "AnnounceExtensionLogicTests",
            dependencies: ["AnnounceExtensionLogic", "AnnounceWire", "AnnounceCore", "AnnounceEngine", "AnnounceAudio", "AnnounceTestSupport"]),
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
