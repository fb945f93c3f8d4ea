import Foundation

/// The checks a downloaded announcement passes before it gets its final
/// name in `Library/Sounds`: HTTP status 200, a size above 0 and at most
/// ``maximumBytes``, equal to `Content-Length` when the server sent one (a
/// cut connection can still end "successfully"), and a header that matches
/// the name's extension (`caff`, `RIFF…WAVE`, `FORM…AIFF`/`AIFC`), which
/// catches an error page saved by a proxy.
///
/// Foundation only: the package compiles this file on Linux and tests it.
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
        let size = (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? -1
        guard size > 0, size <= maximumBytes else { throw .size(size) }
        if expectedLength >= 0, Int64(size) != expectedLength { throw .size(size) }
        guard hasHeader(of: (name as NSString).pathExtension, at: file) else { throw .notSound }
    }

    /// Whether the file starts as a file of its extension does.
    static func hasHeader(of fileExtension: String, at url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let bytes = try? handle.read(upToCount: 12), bytes.count == 12 else { return false }
        let head = String(decoding: bytes.prefix(4), as: UTF8.self)
        let form = String(decoding: bytes.suffix(4), as: UTF8.self)
        switch fileExtension {
        case "caf": return head == "caff"
        case "wav": return head == "RIFF" && form == "WAVE"
        case "aiff": return head == "FORM" && (form == "AIFF" || form == "AIFC")
        default: return false
        }
    }
}
