import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

extension OutputFormat {
    /// A kind of file announce writes, as the phone tells it: the header a
    /// file of it starts with, and its uniform type identifier. The one
    /// table the server's help, the extension's download check and its
    /// attachments read (``Container/fileTypes``).
    public struct FileType: Equatable, Sendable {
        /// The container.
        public let container: Container
        /// The four bytes the file starts with: `caff`, `RIFF`, `FORM`.
        public let start: String
        /// The four bytes 8 bytes in, the RIFF or FORM type (`WAVE`,
        /// `AIFF`, `AIFC`); nil when the container has none (CAF).
        public let form: String?
        /// Apple's uniform type identifier: `com.apple.coreaudio-format`,
        /// `com.microsoft.waveform-audio`, `public.aiff-audio`, `public.aifc-audio`.
        public let typeIdentifier: String
        /// Whether iOS takes the file as a notification attachment: Apple
        /// lists AIFF and WAVE among the audio types an attachment may have,
        /// not CAF or AIFF-C.
        public let isAttachable: Bool

        /// How many bytes of a file ``Container/fileType(ofHeader:)`` looks at.
        public static let headerLength = 12

        /// Whether `header`, a file's first ``headerLength`` bytes, is this type's.
        public func matches(header: [UInt8]) -> Bool {
            guard header.count >= Self.headerLength, header[0..<4].elementsEqual(start.utf8) else { return false }
            return form.map { header[8..<12].elementsEqual($0.utf8) } ?? true
        }
    }
}

extension OutputFormat.Container {
    /// Every file type of the containers: a CAF file; a RIFF WAVE; an AIFF,
    /// or an AIFF-C (which libsndfile writes for the compressed encodings).
    public static let fileTypes: [OutputFormat.FileType] = [
        .init(container: .caf, start: "caff", form: nil, typeIdentifier: "com.apple.coreaudio-format", isAttachable: false),
        .init(container: .wav, start: "RIFF", form: "WAVE", typeIdentifier: "com.microsoft.waveform-audio", isAttachable: true),
        .init(container: .aiff, start: "FORM", form: "AIFF", typeIdentifier: "public.aiff-audio", isAttachable: true),
        .init(container: .aiff, start: "FORM", form: "AIFC", typeIdentifier: "public.aifc-audio", isAttachable: false),
    ]

    /// The container whose extension ends `name` (`announce-1-0a1b2c3d.caf`),
    /// in lower case as announce writes it; nil for any other name.
    public init?(fileName name: String) {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        self.init(rawValue: String(name[name.index(after: dot)...]))
    }

    /// The file type of this container that `header`, a file's first
    /// ``OutputFormat/FileType/headerLength`` bytes, shows; nil when the
    /// file does not start as a file of this container does (an error page
    /// saved under a sound's name).
    public func fileType(ofHeader header: [UInt8]) -> OutputFormat.FileType? {
        Self.fileTypes.first { $0.container == self && $0.matches(header: header) }
    }

    /// The extensions of every container, `caf|wav|aiff`, as help texts show them.
    public static var extensionList: String {
        allCases.map(\.fileExtension).joined(separator: "|")
    }
}
