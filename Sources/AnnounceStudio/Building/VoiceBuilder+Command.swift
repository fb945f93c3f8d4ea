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
                "the script is \(script.language.name): its items have no {\(other)}; use {\(script.language.romanisation)} or {romanisation}")
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
        return try write(
            cuts, sampleRate: sampleRate ?? 16_000, method: "tts", command: Self.recorded(command: command),
            sources: ["tts: \(Self.recorded(command: command))"],
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
        for (raw, value) in shellWords(command) {
            guard let value else {
                result += raw
                continue
            }
            let isAssignment = first && value.contains("=") && !value.hasPrefix("/")
            if isSpeak(value) {
                result += speakCommand
            } else if first && !isAssignment && value.hasPrefix("/") && !value.hasSuffix("/"), let name = value.split(separator: "/").last {
                let plain = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-+".contains($0)) }
                result += plain ? String(name) : "'" + name.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
            } else {
                result += raw
            }
            if !isAssignment && value != "env" { first = false }
        }
        return result
    }

    /// `command` cut into its words as the shell reads them, each with its
    /// text as written and its value without quotes, and the blanks between
    /// (value nil); the texts joined are `command` again.
    private static func shellWords(_ command: String) -> [(raw: String, value: String?)] {
        var pieces: [(raw: String, value: String?)] = []
        var raw = "", value = "", quote: Character?, inWord = false
        for character in command {
            if quote == nil && (character == " " || character == "\t") {
                if inWord { pieces.append((raw, value)); raw = ""; value = ""; inWord = false }
                if let last = pieces.last, last.value == nil { pieces[pieces.count - 1].raw.append(character) } else { pieces.append((String(character), nil)) }
                continue
            }
            inWord = true
            raw.append(character)
            if let open = quote {
                if character == open { quote = nil } else { value.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else {
                value.append(character)
            }
        }
        if inWord { pieces.append((raw, value)) }
        return pieces
    }

    /// Whether a word of a command runs the speech services' adapter.
    package static func isSpeak(_ word: String) -> Bool {
        let path = word.filter { $0 != "'" && $0 != "\"" }
        return path == "tts/speak" || path.hasSuffix("/tts/speak") || path == speakCommand || path.hasSuffix("/" + speakCommand)
    }
}
