import Foundation

/// A tmpfs of a few kilobytes mounted on a scratch folder: a full disk, or
/// (remounted) a read-only file system, for tests of what a write does then.
/// Needs root and mount(8); ``isAvailable`` says whether this machine allows it.
package struct ScratchMount {
    package struct Failure: Error {}

    package let folder: ScratchFolder
    package var path: String { folder.path }
    package var url: URL { folder.url }

    package static let isAvailable: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
        guard let probe = try? ScratchMount(kilobytes: 16) else { return false }
        probe.unmount()
        return true
    }()

    package init(kilobytes: Int) throws {
        folder = try ScratchFolder("tmpfs")
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", folder.path]) else {
            folder.remove()
            throw Failure()
        }
    }

    package func remountReadOnly() throws {
        guard Self.run("/bin/mount", ["-o", "remount,ro", path]) else { throw Failure() }
    }

    package func remountReadWrite() throws {
        guard Self.run("/bin/mount", ["-o", "remount,rw", path]) else { throw Failure() }
    }

    package func unmount() {
        _ = Self.run("/bin/umount", [path])
        folder.remove()
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        (try? ProcessRunner.run(URL(fileURLWithPath: tool), arguments, timeout: 30))?.status == 0
    }
}
