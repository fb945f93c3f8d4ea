// swift-tools-version:6.2
// Licensed under the Apache License 2.0, see LICENSE.
// The bundled voice in Clips/ keeps its own CC0-1.0 statement (Clips/README.md).
import PackageDescription

let package = Package(
    name: "announce",
    // iOS 15 for the phone's libraries (AnnounceCommon, AnnounceLanguage,
    // AnnounceVoice, AnnounceEngine, AnnounceWire, AnnounceExtensionLogic):
    // they use nothing newer (sounds in an App Group's Library/Sounds need
    // iOS 13), and the lock they share is NSLock, not Synchronization's Mutex
    // (iOS 18). macOS 13 is swift-subprocess's minimum: AnnounceStudio runs
    // `voice build --tts` with it, and a platform minimum holds for the whole
    // package. Subprocess declares no iOS; only server targets link it. It
    // needs a Swift 6.2 toolchain (Xcode 26), the one version this package
    // states everywhere (README, scripts/install-deps.sh; SwiftVersionTests).
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        // The steps an amount passes through, Foundation only, for an iOS app
        // to add (File ▸ Add Package Dependencies).
        .library(name: "AnnounceCommon", targets: ["AnnounceCommon"]),
        .library(name: "AnnounceLanguage", targets: ["AnnounceLanguage"]),
        .library(name: "AnnounceVoice", targets: ["AnnounceVoice"]),
        .library(name: "AnnounceEngine", targets: ["AnnounceEngine"]),
        .library(name: "AnnounceWire", targets: ["AnnounceWire"]),
        // The server: C libraries, files, batch. One import brings the steps.
        .library(name: "AnnounceServer", targets: ["AnnounceServer"]),
        // Making and checking voices.
        .library(name: "AnnounceStudio", targets: ["AnnounceStudio"]),
        .executable(name: "announce", targets: ["announce"]),
    ],
    // Each pinned to one version, with Package.resolved committed: two
    // clones build the same code.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", exact: "1.0.2"),
    ],
    targets: [
        // The phone's modules, one per step, each Foundation only.
        // What every step uses: the one error pattern, the lock, strict JSON.
        .target(name: "AnnounceCommon"),
        // Amounts, readings, counts, messages and templates; one folder per
        // language, chosen by a voice's `language`.
        .target(name: "AnnounceLanguage", dependencies: ["AnnounceCommon"]),
        // A voice as data: its manifest, the clip rules its language gives
        // it, the plan of which clips say a message. Its files come through
        // the VoiceStore seam: a folder on the server, a bundle on the phone.
        .target(name: "AnnounceVoice", dependencies: ["AnnounceCommon", "AnnounceLanguage"]),
        // Sound names, push fields and payloads, the format table, and the
        // rules both sound folders follow: the contract between the backend
        // and the phone.
        .target(name: "AnnounceWire", dependencies: ["AnnounceCommon", "AnnounceLanguage", "AnnounceVoice"]),
        // Joins prepared clips into an announcement (layout, pauses, gain,
        // limiter curve, PCM16), the device pack and the phone's encoder.
        .target(name: "AnnounceEngine", dependencies: ["AnnounceCommon", "AnnounceLanguage", "AnnounceVoice", "AnnounceWire"]),
        // The iOS extension's and app's decisions, built and tested here:
        // no product, the Xcode project compiles these same files into the
        // app's targets, beside the UIKit glue (docs/ios).
        .target(
            name: "AnnounceExtensionLogic",
            dependencies: ["AnnounceCommon", "AnnounceLanguage", "AnnounceVoice", "AnnounceWire", "AnnounceEngine"]),

        // The server: the one module that imports the C libraries, and the
        // one that calls the operating system (System/).
        .target(
            name: "AnnounceServer",
            dependencies: [
                "AnnounceCommon", "AnnounceLanguage", "AnnounceVoice", "AnnounceWire", "AnnounceEngine",
                "CSndFile", "CSampleRate", "CSonic", "CEBUR128", "CAubio",
            ],
            linkerSettings: [
                // aubio and FFTW from their archives, by file name (GNU ld's
                // -l:NAME): Debian's shared libaubio.so.5 loads FFmpeg and about
                // 130 other libraries at every start of announce, for a pitch
                // detector only `voice check` and `voice tones` call. The parts
                // linked (the pitch detector and its FFT) need nothing else.
                .linkedLibrary(":libaubio.a", .when(platforms: [.linux])),
                .linkedLibrary(":libfftw3f.a", .when(platforms: [.linux])),
                // Elsewhere (Homebrew's aubio on macOS) the shared library.
                .linkedLibrary("aubio", .when(platforms: [.macOS])),
            ]
        ),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CSampleRate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),
        // libsonic-dev ships no pkg-config file; the module map links it by name.
        .systemLibrary(name: "CSonic", providers: [.apt(["libsonic-dev"])]),
        .systemLibrary(name: "CEBUR128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
        // aubio's pitch detector, linked by AnnounceServer from its static
        // archive: no pkg-config, whose flags name the shared library.
        .systemLibrary(name: "CAubio", providers: [.apt(["libaubio-dev", "libfftw3-dev"])]),
        // The studio: voice scripts, building a voice from recordings (and
        // the TTS subprocess), checking it, the worst-case search, packs.
        .target(
            name: "AnnounceStudio",
            dependencies: ["AnnounceServer", .product(name: "Subprocess", package: "swift-subprocess")]
        ),

        .executableTarget(
            name: "announce",
            dependencies: [
                "AnnounceServer",
                "AnnounceStudio",
                // `check-push` runs the extension's own decisions.
                "AnnounceExtensionLogic",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The fuzz targets (Tests/Fuzz): each replays the inputs named on its
        // command line, and under libFuzzer (`make fuzz`, scripts/fuzz/run.sh)
        // is driven by it. Built with everything else, so they cannot rot.
        .target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzAmount", dependencies: ["FuzzSupport", "AnnounceLanguage"], path: "Tests/Fuzz/FuzzAmount"),
        .executableTarget(name: "FuzzBatchLine", dependencies: ["FuzzSupport", "AnnounceServer"], path: "Tests/Fuzz/FuzzBatchLine"),
        .executableTarget(name: "FuzzManifest", dependencies: ["FuzzSupport", "AnnounceStudio"], path: "Tests/Fuzz/FuzzManifest"),
        .executableTarget(name: "FuzzPack", dependencies: ["FuzzSupport", "AnnounceEngine"], path: "Tests/Fuzz/FuzzPack"),
        .executableTarget(name: "FuzzPushArrival", dependencies: ["FuzzSupport", "AnnounceWire"], path: "Tests/Fuzz/FuzzPushArrival"),
        .executableTarget(name: "FuzzTillDay", dependencies: ["FuzzSupport", "AnnounceExtensionLogic"], path: "Tests/Fuzz/FuzzTillDay"),
        // What every test target shares: running processes with a time limit,
        // scratch folders, a seeded generator, the package's own paths.
        .target(name: "AnnounceTestSupport", path: "Tests/AnnounceTestSupport"),
        // Test helpers that make and read sound files through the server's
        // libraries: synthetic clips, a stereo writer.
        .target(
            name: "AnnounceAudioTestSupport", dependencies: ["AnnounceServer", "CSndFile", "AnnounceTestSupport"],
            path: "Tests/AnnounceAudioTestSupport"),
        // One unit-test target per library module. The phone's modules'
        // tests build without the C libraries: what holds the phone to the
        // server's bytes is in AnnounceIntegrationTests.
        .testTarget(name: "AnnounceCommonTests", dependencies: ["AnnounceCommon", "AnnounceTestSupport"]),
        .testTarget(name: "AnnounceLanguageTests", dependencies: ["AnnounceLanguage", "AnnounceTestSupport"]),
        .testTarget(name: "AnnounceVoiceTests", dependencies: ["AnnounceVoice", "AnnounceTestSupport"]),
        .testTarget(name: "AnnounceWireTests", dependencies: ["AnnounceWire", "AnnounceTestSupport"]),
        // The engine's portable math and the scans of what the phone compiles.
        .testTarget(name: "AnnounceEngineTests", dependencies: ["AnnounceEngine", "AnnounceTestSupport"]),
        .testTarget(name: "AnnounceExtensionLogicTests", dependencies: ["AnnounceExtensionLogic", "AnnounceTestSupport"]),
        .testTarget(
            name: "AnnounceServerTests",
            dependencies: ["AnnounceServer", "AnnounceAudioTestSupport", "AnnounceTestSupport"]),
        .testTarget(
            name: "AnnounceStudioTests",
            dependencies: ["AnnounceStudio", "AnnounceAudioTestSupport", "AnnounceTestSupport"]),
        // The steps together: the goldens, the phone's modules held to the
        // server's (its sound-file writer byte for byte against libsndfile,
        // its pack's renders against the server's), the extension's route
        // on packs the studio exports.
        .testTarget(
            name: "AnnounceIntegrationTests",
            dependencies: ["AnnounceExtensionLogic", "AnnounceServer", "AnnounceStudio", "AnnounceAudioTestSupport", "AnnounceTestSupport"],
            exclude: ["Goldens"]),
        // Runs the built `announce` binary as a user would (EndToEnd/), and
        // every documented example (Examples/); depending on the executable
        // makes `swift test` build it first.
        .testTarget(name: "AnnounceCLITests", dependencies: ["announce", "AnnounceServer", "AnnounceStudio", "AnnounceTestSupport"]),
    ]
)
