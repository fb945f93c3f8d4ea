import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice

/// A container and encoding that iOS plays and libsndfile writes.
///
/// Every container takes `pcm16`, `ulaw` and `alaw`; `ima4` is offered only
/// in AIFF (as AIFF-C), because libsndfile cannot write IMA4 into CAF and
/// IMA ADPCM in WAV is Microsoft's layout, which iOS does not play.
public struct OutputFormat: Hashable, Sendable, CustomStringConvertible {
    /// The file container.
    public let container: Container
    /// The sample encoding inside it.
    public let encoding: Encoding

    /// The default: little-endian CAF with 16-bit PCM, the format iOS
    /// handles most directly.
    public static let `default` = OutputFormat(checked: .caf, .pcm16)

    /// Every combination offered, in a stable order.
    public static let all: [OutputFormat] = Container.allCases.flatMap { container in
        OutputEncoding.allCases.compactMap { encoding in try? OutputFormat(container: container, encoding: encoding) }
    }

    /// The format `encoding` in `container`.
    /// - Throws: ``AudioError`` of kind `unsupportedFormat` for `ima4`
    ///   outside AIFF.
    public init(container: Container, encoding: Encoding) throws(AudioError) {
        guard encoding != .ima4 || container == .aiff else {
            throw AudioError(
                .unsupportedFormat,
                "\(encoding.rawValue) is only offered in aiff (iOS plays Apple's IMA4, which libsndfile writes only as AIFF-C), not in \(container.rawValue)")
        }
        self.init(checked: container, encoding)
    }

    private init(checked container: OutputContainer, _ encoding: OutputEncoding) {
        self.container = container
        self.encoding = encoding
    }

    /// The file name extension: `caf`, `wav` or `aiff`.
    public var fileExtension: String { container.fileExtension }

    /// The file always holds a multiple of this many frames: IMA4 stores
    /// packets of 64 frames, and AIFF pads an odd number of 8-bit frames
    /// with one more (its chunks have even sizes). A last, partial IMA4
    /// packet is filled out with the samples at the same places of the
    /// packet before it (silence when there is none), as libsndfile does;
    /// ``/AnnounceEngine/RenderSettings/frameMultiple`` (64 by default, a multiple of every
    /// format's) keeps the file within the budget.
    public var frameMultiple: Int {
        switch (container, encoding) {
        case (_, .ima4): 64
        case (.aiff, .ulaw), (.aiff, .alaw): 2
        default: 1
        }
    }

    /// `caf/pcm16`, `aiff/ima4`.
    public var description: String { "\(container.rawValue)/\(encoding.rawValue)" }
}
