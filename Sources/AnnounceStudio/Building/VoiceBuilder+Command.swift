import AnnounceServer

extension VoiceBuilder {
    /// Builds the voice with a TTS command, run once per item through
    /// `/bin/sh -c` with `{text}` (the item, `一万`), `{romanisation}` (tone
    /// numbers, `yi2 wan4`; also `{pinyin}` in a Mandarin script,
    /// `{jyutping}` in a Cantonese one), `{marks}` (`yí wàn`) and `{out}`
    /// (the file to write) replaced by shell-quoted values. Each output is one item, cut
    /// with the trimming rule; outputs at other rates are resampled to the
    /// first one's.
    /// - Throws: ``VoiceBuildError``: `input` naming the item when the
    ///   command fails (with its exit status), writes nothing, or writes
    ///   something unreadable or silent; `check` and `output` as for
    ///   ``build(recordings:into:)``.
    package func build(command: String, into directory: String) async throws(VoiceBuildError) -> VoiceBuildReport {
        try requireValidID()
        guard command.contains("{out}") else {
            throw VoiceBuildError(.usage, "the TTS command must contain {out}, where it writes each item's sound file")
        }
        for other in Language.all.map(\.romanisation) where other != script.language.romanisation && command.contains("{\(other)}") {
            throw VoiceBuildError(
                .usage,
                "the script is \(script.language.displayName): its items have no {\(other)}; use {\(script.language.romanisation)} or {romanisation}")
        }
        let folder = try BuildFolder(for: directory)
        let scratch = try folder.subfolder(".tts")
        var outputs: [String] = []
        defer { folder.removeSubfolder(scratch, files: outputs) }
        let template = ShellCommand(template: command)
        var sampleRate: Int?
        var cuts: [Cut] = []
        for item in script.items {
            let out = Paths.join(scratch, item.file)
            outputs.append(out)
            let line = template.substituted([
                "text": item.text, "romanisation": item.romanisation, script.language.romanisation: item.romanisation,
                "marks": item.marks, "out": out,
            ])
            let label = "item \(item.number) '\(item.text)'"
            switch await ShellCommand.run(line) {
            case .exited(0): break
            case .exited(let status): throw VoiceBuildError(.input, "\(label): the TTS command failed with exit status \(status)")
            case .signalled(let signal): throw VoiceBuildError(.input, "\(label): the TTS command was killed by signal \(signal)")
            case .notStarted(let reason): throw VoiceBuildError(.input, "\(label): cannot run /bin/sh: \(reason)")
            }
            var audio: AudioBuffer
            do {
                audio = try SoundFile.readMono(path: out).audio
                let rate = sampleRate ?? outputRate ?? audio.sampleRate
                sampleRate = rate
                audio = try Resampler.resample(audio, to: rate, path: out)
            } catch {
                throw VoiceBuildError(.input, "\(label): the TTS command wrote no usable sound: \(error.description)")
            }
            let floor = SegmentFinder().segments(of: audio).first.flatMap { $0.floor > SegmentFinder().lowestFloor ? $0.floor : nil }
            guard let range = speechRange(audio.samples[...], sampleRate: audio.sampleRate) else {
                throw VoiceBuildError(.input, "\(label): the TTS command wrote silence")
            }
            cuts.append(Cut(
                samples: Array(audio.samples[range]), source: "tts",
                start: Double(range.lowerBound) / Double(audio.sampleRate), end: Double(range.upperBound) / Double(audio.sampleRate),
                floor: floor))
        }
        folder.removeSubfolder(scratch, files: outputs)
        outputs = []
        let recorded = Self.recorded(command: command)
        return try write(
            cuts, sampleRate: sampleRate ?? 16_000, method: "tts", command: recorded, sources: ["tts: \(recorded)"],
            into: directory, folder: folder)
    }

    /// The name `make install` and `make dist` give `scripts/tts/speak`.
    package static let speakCommand = "announce-speak"

    /// A TTS command as voice.json records it (`generator.command`): the
    /// speech services' adapter by the name it is installed under, wherever
    /// it ran from (`scripts/tts/speak`, `/home/me/announce/scripts/tts/speak`,
    /// `/usr/local/bin/announce-speak`), and a program given by an absolute
    /// path by its file name, so that no path of the builder's machine is
    /// kept in the voice.
    package static func recorded(command: String) -> String {
        var result = ""
        var first = true
        for (raw, value) in ShellCommand.words(command) {
            guard let value else {
                result += raw
                continue
            }
            let isAssignment = first && value.contains("=") && !value.hasPrefix("/")
            if isSpeak(value) {
                result += speakCommand
            } else if first && !isAssignment && value.hasPrefix("/") && !value.hasSuffix("/"), let name = value.split(separator: "/").last {
                let plain = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-+".contains($0)) }
                result += plain ? String(name) : ShellCommand.quoted(String(name))
            } else {
                result += raw
            }
            if !isAssignment && value != "env" { first = false }
        }
        return result
    }

    /// Whether a word of a command runs the speech services' adapter.
    package static func isSpeak(_ word: String) -> Bool {
        let path = word.filter { $0 != "'" && $0 != "\"" }
        return path == "tts/speak" || path.hasSuffix("/tts/speak") || path == speakCommand || path.hasSuffix("/" + speakCommand)
    }
}
