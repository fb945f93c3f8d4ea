import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension SoundFile {
    /// Runs `body` with a name libsndfile can open for the regular file at
    /// `path`: the file is opened without blocking and checked to be a
    /// regular file first (a FIFO is refused, never waited on), and `body`
    /// gets the open descriptor's own name, so libsndfile opens the very
    /// file just checked even if a FIFO took the path's place meanwhile
    /// (the path itself where the system has no such names).
    /// - Throws: ``AudioError`` naming `path`, escaped (``/AnnounceCommon/MessageText``)
    ///   so a folder named with a newline keeps the message on one line:
    ///   `unreadable` when it is not a regular file, else what `body` throws.
    package static func withRegularFile<Result>(
        _ path: String, _ body: (String) throws(AudioError) -> Result
    ) throws(AudioError) -> Result {
        let descriptor: Int32
        do throws(FileCheck.Failure) {
            descriptor = try FileCheck.openRegularFile(path)
        } catch {
            throw AudioError(.unreadable, "\(MessageText.escaped(path)): \(error.reason)")
        }
        defer { _ = systemClose(descriptor) }
        let alias = "\(descriptorFolder)/\(descriptor)"
        let name = systemIsReadable(alias) ? alias : path
        do throws(AudioError) {
            return try body(name)
        } catch {
            // Messages name the file as given, not the alias.
            let message = name == alias ? error.message.replacing(alias, with: path) : error.message
            throw AudioError(error.kind, MessageText.escaped(message))
        }
    }

    #if os(Linux)
        private static let descriptorFolder = "/proc/self/fd"
    #else
        private static let descriptorFolder = "/dev/fd"
    #endif
}
