import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A secret of this install's App Group that the extension puts into the
/// answer it writes into a notification (``InAppPlayback/Delivered``), so
/// the app plays only answers the extension wrote. A push that reaches the
/// app without the extension (no `mutable-content`) and carries an
/// `announce-delivered` key of its own names no file the app will play: it
/// cannot know the seal, so it cannot make the app say another payment.
///
/// 32 hex digits from the system's random source, made once by whichever
/// target needs it first and kept in one small file of the App Group
/// (``LockedRecordFile``, so the app and the extension agree on one).
///
/// Foundation only: the package compiles this file on Linux and tests it.
struct AnswerSeal: Sendable {
    /// E.g. `<App Group>/Library/Application Support/announce-answer-seal`.
    var file: URL { record.file }
    private let record: LockedRecordFile

    init(file: URL) {
        record = LockedRecordFile(file: file, maximumBytes: 64)
    }

    /// The seal, made and kept when the file holds none; nil when the App
    /// Group cannot be read or written (then the extension writes no seal
    /// and the app presents every notification as delivered).
    func value() -> String? {
        if let data = record.contents(), let seal = Self.seal(in: data) { return seal }
        return try? record.update { (data: Data?) throws(LockedRecordFile.Failure) -> (result: String, replacement: Data?) in
            if let data, let seal = Self.seal(in: data) { return (seal, nil) }
            let seal = Self.make()
            return (seal, Data(seal.utf8))
        }
    }

    /// A new seal: 16 random bytes as 32 lower-case hex digits.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[Int(generator.next() % 16)] })
    }

    /// The seal a file holds: exactly 32 lower-case hex digits; nil otherwise.
    static func seal(in data: Data) -> String? {
        guard data.count == 32, data.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The seal as a process keeps it: read from the App Group until it is
/// found, then kept. The first push after a restart can come before the
/// first unlock, when the App Group's files cannot be read; keeping that
/// "none" for the process's life would present every later payment with
/// the app open as delivered, so a miss is asked again next time.
final class KeptSeal: @unchecked Sendable {
    private let read: @Sendable () -> String?
    private let kept = LockedState<String?>(nil)

    /// A seal read with `read` (``AnswerSeal/value()``).
    init(read: @escaping @Sendable () -> String?) {
        self.read = read
    }

    /// The seal; nil while the App Group cannot be read or written.
    func value() -> String? {
        if let seal = kept.withLock({ $0 }) { return seal }
        guard let seal = read() else { return nil }
        return kept.withLock { kept in
            if let earlier = kept { return earlier }
            kept = seal
            return seal
        }
    }
}
