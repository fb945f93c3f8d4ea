import AnnounceStudio
import AnnounceServer
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
/// accepts is a usable voice within the manifest's limits: a valid id, clips
/// inside the voice folder, words, files and coverage no larger than
/// allowed. An accepted manifest then goes through what `voice check` does
/// with it short of decoding clips: the worst-case search, whose answer must
/// be a plan the planner makes. A search that takes too long or too much
/// memory is a finding too (libFuzzer's -timeout and -rss_limit_mb).
func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let json = Data(bytes(data, size))
    let manifest: VoiceManifest
    do {
        manifest = try VoiceManifest(json: json, source: "voices/odd\nname/voice.json")
    } catch {
        requireOneLine(error.description, "VoiceError")
        require(!error.description.isEmpty, "empty VoiceError")
        return 0
    }
    require(manifest.format == VoiceManifest.supportedFormat, "accepted format \(manifest.format)")
    require(!manifest.id.isEmpty && manifest.id.utf8.count <= 64, "accepted id \(debug(manifest.id))")
    require(!manifest.clips.isEmpty, "accepted a manifest without clips")
    require(manifest.clips.count <= VoiceManifest.maximumClips, "accepted \(manifest.clips.count) clips")
    for (word, file) in manifest.clips {
        require(!word.isEmpty, "accepted an empty clip word")
        require(word.unicodeScalars.count <= VoiceManifest.maximumWordLength, "accepted the clip word \(debug(word))")
        require(VoiceManifest.isSafeRelativePath(file), "accepted clip file \(debug(file))")
        require(file.utf8.count <= VoiceManifest.maximumFileLength, "accepted clip file \(debug(file))")
    }
    for word in manifest.rules.keys {
        require(manifest.clips[word] != nil, "rules for \(debug(word)), which has no clip")
    }
    if let rate = manifest.sampleRate {
        require((8000...192_000).contains(rate), "accepted sample rate \(rate)")
    }
    if let covers = manifest.covers {
        require(covers.problem == nil, "accepted covers with a problem: \(covers.problem ?? "")")
        require(covers.prefixes.count <= VoiceCoverage.maximumPrefixes, "accepted \(covers.prefixes.count) prefixes")
    }
    search(manifest)
    return 0
}

/// The worst-case search `voice check` runs, for the richest reading the
/// manifest covers after the summary's lead (共计, when it has a clip), with made-up clip
/// lengths: the amount it names must be one the planner says at that length.
private func search(_ manifest: VoiceManifest) {
    let voice = Voice(directory: "/nonexistent", manifest: manifest)
    var frames: [String: Int] = [:]
    for file in Set(manifest.clips.values) { frames[file] = 800 + (file.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 4095) }
    let options = manifest.covers?.readingOptions.last ?? ReadingOptions()
    let lead = voice.hasClip(for: "共计") ? ["共计"] : []
    let maximum = manifest.maximumAmount ?? VoiceManifest.defaultMaximumAmount
    let gaps = [320, 0]
    let results: [LongestPlan.Result]
    do {
        results = try LongestPlan(voice: voice, clipFrames: frames, options: options, lead: lead).longest(upTo: maximum, gaps: gaps)
    } catch {
        requireOneLine(error.description, "VoiceError from the search")
        return
    }
    for (result, gap) in zip(results, gaps) {
        require(result.amount <= maximum, "the search named \(result.amount), over the maximum \(maximum)")
        do {
            let plan = try voice.plan(words: lead + result.amount.reading(options).words, prefixCount: 0)
            let length = plan.clips.reduce(0) { $0 + (frames[$1.file] ?? 0) } + max(0, plan.clips.count - 1) * gap
            require(length == result.length(gap: gap), "the search says \(result.amount) lasts \(result.length(gap: gap)) frames; its plan lasts \(length)")
        } catch {
            fatalError("the search named \(result.amount), which the planner cannot say: \(error)")
        }
    }
}
