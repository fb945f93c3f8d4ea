import AnnounceServer
import AnnounceStudio

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading a device voice pack given on the command line.
enum DevicePackFile {
    /// The largest pack read: the bundled voice's is under 3 MB.
    static let largest = 256 << 20

    /// The pack at `path`, read as a regular file (never a FIFO or a
    /// device); a missing, unreadable or damaged one is one line on stderr
    /// and exit 66.
    static func load(_ path: String) throws -> DevicePack {
        do {
            let bytes: [UInt8]
            do throws(FileCheck.Failure) {
                bytes = try FileCheck.readRegularFile(path, limit: largest)
            } catch {
                throw PackError(.damaged, "\(MessageText.escaped(path)): \(error.reason)")
            }
            return try DevicePack(data: Data(bytes), name: MessageText.escaped(path))
        } catch {
            throw Console.fail(error)
        }
    }
}
