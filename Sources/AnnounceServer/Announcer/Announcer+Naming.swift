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

extension Announcer {
    /// The content-derived name of `plan` (see ``Plan/soundName``):
    /// `announce-<amount>-<8 hex>.<ext>`, the hex a digest of the engine
    /// version, the voice (manifest and clip bytes), every clip with its
    /// words and pauses, the format and every engine setting.
    func soundName(message: Message, plan: ClipPlan) -> String {
        soundNaming.name(message: message, plan: plan)
    }
}

/// The voice's identity for naming: its manifest and the bytes of every clip.
package struct VoiceDigest: Sendable {
    package var value: UInt64
    /// The clips' sample rates, read only when asked for.
    var clipRates: [Int] = []

    /// The largest clip file read: far more than any word at any rate.
    static let largestClipFile = 256 << 20

    init(voice: Voice, readingRates: Bool) throws(AudioError) {
        var digest = Digest()
        digest.add(voice.manifest.id)
        for (word, file) in voice.manifest.clips.sorted(by: { $0.key < $1.key }) {
            let path = voice.path(ofClip: file)
            // Read as every clip is: a regular file, opened without blocking.
            let bytes: [UInt8]
            do throws(FileCheck.Failure) {
                bytes = try FileCheck.readRegularFile(path, limit: Self.largestClipFile)
            } catch {
                throw AudioError(.unreadable, "\(path): \(error.reason)")
            }
            digest.add(word)
            bytes.withUnsafeBytes { digest.add($0) }
            if readingRates, let rate = try? SoundFile.info(path: path).sampleRate { clipRates.append(rate) }
        }
        value = digest.value
    }
}
