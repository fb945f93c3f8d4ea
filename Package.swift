// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "announce",
    products: [
        .library(name: "AnnounceCore", targets: ["AnnounceCore"]),
        .executable(name: "announce", targets: ["announce"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Pure Swift: amounts, readings, phrases. No C imports here.
        .target(name: "AnnounceCore"),
        .executableTarget(
            name: "announce",
            dependencies: [
                "AnnounceCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "AnnounceCoreTests", dependencies: ["AnnounceCore"]),
        // Runs the built `announce` binary as a user would; depending on the
        // executable makes `swift test` build it first.
        .testTarget(name: "AnnounceCLITests", dependencies: ["announce"]),
    ]
)
