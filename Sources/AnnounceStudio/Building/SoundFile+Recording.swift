import AnnounceServer
extension SoundFile {
    /// The longest recording session the voice builder reads, in seconds.
    package static let maximumRecordingDuration = 600.0

    /// Decodes a recording session at `path`, mixed to mono: like
    /// ``readMono(path:)``, but for files up to ``maximumRecordingDuration``
    /// long instead of one clip's 30 s.
    /// - Throws: ``AudioError`` naming `path`: `unreadable` when libsndfile
    ///   cannot decode it, `unusableClip` when it is empty or too long.
    package static func readRecording(path: String) throws(AudioError) -> (audio: AudioBuffer, info: SoundFileInfo) {
        // Checked to be a regular file first, as clips are: a FIFO is
        // refused, never waited on.
        try withRegularFile(path) { name throws(AudioError) in try readRecording(opening: name, path: path) }
    }

    private static func readRecording(opening name: String, path: String) throws(AudioError) -> (audio: AudioBuffer, info: SoundFileInfo) {
        let file = try SoundFileHandle(readingFrom: name)
        let info = file.fileInfo
        guard info.sampleRate > 0, info.channels > 0 else {
            throw AudioError(.unreadable, "\(path): not a usable audio file (no sample rate or channels)")
        }
        guard info.frames > 0 else { throw AudioError(.unusableClip, "\(path): the recording has no audio") }
        let (samples, overflow) = info.frames.multipliedReportingOverflow(by: info.channels)
        guard info.duration <= maximumRecordingDuration, !overflow,
            samples <= Int(maximumRecordingDuration) * 48_000 * 2
        else {
            throw AudioError(
                .unusableClip,
                "\(path): \(info.duration.decimal(maximumDigits: 1)) s is too long for a recording session (at most \(Int(maximumRecordingDuration)) s; split it into several files)")
        }
        let interleaved = try file.readAllFrames(count: info.frames, channels: info.channels, path: path)
        return (AudioBuffer(sampleRate: info.sampleRate, samples: mixToMono(interleaved, channels: info.channels)), info)
    }
}
