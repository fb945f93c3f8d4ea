import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceEngine
import AnnounceWire
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The checks a downloaded announcement passes before it gets its final
/// name in `Library/Sounds`: HTTP status 200, a size above 0 and at most
/// ``maximumBytes``, equal to `Content-Length` when the server sent one (a
/// cut connection can still end "successfully"), and a header that matches
/// the name's extension (the format table's, `OutputFormat.Container.fileTypes`:
/// `caff`, `RIFF…WAVE`, `FORM…AIFF`/`AIFC`), which catches an error page
/// saved by a proxy.
///
/// Foundation and the wire contract only: the package compiles this file on
/// Linux and tests it.
enum DownloadCheck {
    /// The largest file accepted. iOS plays notification sounds shorter than
    /// 30 s; 30 s of 48 kHz 16-bit mono, announce's largest setting, is 2.88 MB.
    static let maximumBytes = 3_000_000

    /// Why a download was refused.
    enum Failure: Error, Equatable {
        case status(Int)
        case size(Int)
        case notSound
    }

    /// Checks the file at `file`, received with HTTP `status` and
    /// `expectedLength` (negative when unknown), for the sound `name`.
    static func check(_ file: URL, status: Int, expectedLength: Int64, for name: String) throws(Failure) {
        guard status == 200 else { throw .status(status) }
        let size = LockedRecordFile.regularFileSize(at: file) ?? -1
        guard size > 0, size <= maximumBytes else { throw .size(size) }
        if expectedLength >= 0, Int64(size) != expectedLength { throw .size(size) }
        guard fileType(of: file, named: name) != nil else { throw .notSound }
    }

    /// The file type of the file at `url` that its name's extension
    /// promises and its header shows; nil when they disagree, or the name
    /// ends in no container's extension.
    static func fileType(of url: URL, named name: String) -> OutputFormat.FileType? {
        guard let container = OutputFormat.Container(fileName: name) else { return nil }
        return container.fileType(ofHeader: header(of: url))
    }

    /// The file's first ``OutputFormat/FileType/headerLength`` bytes (fewer
    /// when it is shorter or cannot be read).
    private static func header(of url: URL) -> [UInt8] {
        Array(LockedRecordFile.prefix(of: url, count: OutputFormat.FileType.headerLength) ?? Data())
    }
}
