import AnnounceTestSupport
import Foundation

/// The bundled voice's device voice pack, exported once per test process
/// as users export it (`announce voice export -o FILE`).
enum BundledPack {
    /// The pack's bytes.
    static let bytes: Data = {
        let scratch = try! ScratchFolder("bundled-pack")
        defer { scratch.remove() }
        let path = scratch.path + "/default.announcepack"
        let result = try! CommandRunner.run(["voice", "export", "-o", path])
        precondition(result.status == 0, result.stderr)
        return try! Data(contentsOf: URL(fileURLWithPath: path))
    }()

    /// The pack's bytes written to `default.announcepack` in `scratch`; its path.
    static func write(into scratch: ScratchFolder) throws -> String {
        let path = scratch.path + "/default.announcepack"
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }
}
