import AnnounceCore
import FuzzSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// libFuzzer's entry: the bytes of a `voice.json`.
///
/// The reader refuses what it cannot use with a one-line message (the source
/// name given here holds a line break, which must come out escaped); what it
/// accepts is a usable voice: a valid id, clips inside the voice folder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let json = Data(bytes(data, size))
    do {
        let manifest = try VoiceManifest(json: json, source: "voices/odd\nname/voice.json")
        require(manifest.format == VoiceManifest.supportedFormat, "accepted format \(manifest.format)")
        require(!manifest.id.isEmpty && manifest.id.utf8.count <= 64, "accepted id \(debug(manifest.id))")
        require(!manifest.clips.isEmpty, "accepted a manifest without clips")
        for (word, file) in manifest.clips {
            require(!word.isEmpty, "accepted an empty clip word")
            require(VoiceManifest.isSafeRelativePath(file), "accepted clip file \(debug(file))")
        }
        for word in manifest.rules.keys {
            require(manifest.clips[word] != nil, "rules for \(debug(word)), which has no clip")
        }
        if let rate = manifest.sampleRate {
            require((8000...192_000).contains(rate), "accepted sample rate \(rate)")
        }
    } catch {
        requireOneLine(error.description, "VoiceError")
        require(!error.description.isEmpty, "empty VoiceError")
    }
    return 0
}
