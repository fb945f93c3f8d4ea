import AnnounceAudio
import AnnounceCore

/// The durations of a voice's clip files, read from their headers once each.
struct ClipDurations {
    let voice: Voice
    private var seconds: [String: Double] = [:]

    init(voice: Voice) {
        self.voice = voice
    }

    /// The duration of `file` in seconds, rounded to the millisecond.
    /// - Throws: ``AudioError`` when the clip cannot be opened.
    mutating func duration(of file: String) throws(AudioError) -> Double {
        if let known = seconds[file] { return known }
        let info = try SoundFile.info(path: voice.path(ofClip: file))
        let rounded = (info.duration * 1000).rounded() / 1000
        seconds[file] = rounded
        return rounded
    }
}
