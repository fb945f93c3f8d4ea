import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A tier of a pack read from bytes: where each clip lies in them, and
/// the bytes, which the tier keeps as they were handed in. A clip's samples,
/// measurement and limiter data are read from the bytes when an
/// announcement needs them, so a mapped pack stays the file's clean pages
/// (which the system can drop and read again) instead of becoming the
/// process's dirty memory, which is what an extension's memory limit counts.
///
/// Every field was checked at load, after the checksum; a reading here
/// checks again what it keeps, and every reading is bounded by the bytes'
/// count. So bytes that changed under a mapping after load (a file written
/// in place) give a refusal or other samples, never a trap past the
/// mapping; and on the phone they cannot change: the pack is in the app's
/// sealed, read-only bundle. A file cut short under a mapping is the
/// exception no reader can bound: the system faults a read past its new
/// end (SIGBUS), so a pack that may be cut while in use is handed in as a
/// copy (`Data(contentsOf:)` without mapping), not mapped.
struct MappedTier: Sendable {
    /// The pack's bytes, perhaps mapped.
    let data: Data
    /// Names the pack in errors.
    let name: String
    /// The pack's sample rate.
    let sampleRate: Int
    /// By clip file, as the manifest names it.
    let places: [String: PackReader.ClipPlace]

    /// The clip `file` ready to join (its samples made with `fade`); nil
    /// when the tier has no such clip.
    func preparedClip(_ file: String, fade: FadeCurve) throws(PackError) -> PreparedClip? {
        guard let place = places[file] else { return nil }
        var reader = PackReader(data, name: name, offset: place.fields)
        return try reader.preparedClip(file, sampleRate: sampleRate, fade: fade)
    }

    /// How the clip `file` is limited at grid step `step`; nil when the
    /// tier has no such clip or no data for that step.
    func limited(_ file: String, step: Int) throws(PackError) -> DevicePack.Limited? {
        guard let place = places[file], let entry = place.limited.first(where: { $0.step == step }) else { return nil }
        var reader = PackReader(data, name: name, offset: entry.offset)
        return try reader.limited(file, frames: place.frames, step: step)
    }

    /// Every clip as the pack stores it, read from the bytes: for export's
    /// summary, a pack's bytes again, and tests. A clip that can no longer
    /// be read (bytes changed after load) is left out.
    func storedClips() -> [String: DevicePack.Clip] {
        var clips: [String: DevicePack.Clip] = [:]
        for (file, place) in places {
            var reader = PackReader(data, name: name, offset: place.fields)
            clips[file] = try? reader.storedClip(file, sampleRate: sampleRate)
        }
        return clips
    }
}
