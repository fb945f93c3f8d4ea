import Foundation

/// The package's products that `swift build --build-tests` builds beside the
/// test bundle.
package enum BuiltProducts {
    /// The `announce` executable. On Linux the bundle is
    /// `…/debug/announcePackageTests.xctest`; on macOS it is a directory
    /// bundle inside the products directory: the folders above it are
    /// searched for the executable.
    package static let announce: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("announce").path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("announce")
    }()
}
