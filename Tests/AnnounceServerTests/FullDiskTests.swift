import AnnounceServer
import AnnounceAudioTestSupport
import AnnounceTestSupport
import Foundation
import Testing

/// Writes onto a tiny tmpfs: full disk and read-only file system. Needs
/// root and permission to mount; elsewhere the tests are skipped.
@Suite(.serialized, .enabled(if: ScratchMount.isAvailable, "needs root and mount(8) for a tmpfs"))
struct FullDiskTests {
    @Test("a full disk is unwritable, names the reason and leaves no temporary file")
    func fullDisk() throws {
        let mount = try ScratchMount(kilobytes: 16)
        defer { mount.unmount() }
        // 2 s of 16-bit 16 kHz is 64 kB: four times what fits.
        let audio = AudioBuffer(sampleRate: 16_000, samples: TestAudio.tone(200, seconds: 2, amplitude: 0.5, rate: 16_000))
        let path = "\(mount.path)/sound.caf"
        #expect {
            try SoundFile.write(audio, format: .default, to: path)
        } throws: { error in
            let error = error as? AudioError
            return error?.kind == .unwritable && error?.message.hasPrefix("cannot write \(path): ") == true
                && error?.message.contains("No space left on device") == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path).isEmpty)
        // A small file still fits afterwards: nothing was left taking room.
        try SoundFile.write(AudioBuffer(sampleRate: 16_000, samples: Array(audio.samples.prefix(1000))), format: .default, to: path)
    }

    @Test("a read-only file system is unwritable and an existing file stays")
    func readOnly() throws {
        let mount = try ScratchMount(kilobytes: 64)
        defer { mount.unmount() }
        let path = "\(mount.path)/sound.wav"
        let format = try OutputFormat(container: .wav, encoding: .pcm16)
        try SoundFile.write(AudioBuffer(sampleRate: 16_000, samples: [0.1, 0.2]), format: format, to: path)
        try mount.remountReadOnly()
        #expect {
            try SoundFile.write(AudioBuffer(sampleRate: 16_000, samples: [0.3, 0.4, 0.5]), format: format, to: path)
        } throws: { error in
            let error = error as? AudioError
            return error?.kind == .unwritable && error?.message == "cannot write \(path): Read-only file system"
        }
        #expect(try SoundFile.info(path: path).frames == 2)
    }
}
