import AnnounceServer
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension VoiceScript {
    /// The script as JSON: keys sorted, two-space indent, a final newline;
    /// the same script always gives the same bytes.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        guard let data = try? encoder.encode(self) else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads a script written by ``json()``; `source` names it in messages.
    /// - Throws: ``VoiceScriptError`` for bad JSON, another version, or
    ///   items that are not numbered 1, 2, 3… or name unsafe files.
    public init(json data: Data, source: String) throws(VoiceScriptError) {
        let shownSource = MessageText.escaped(source)
        let members: [JSONLineParser.Member]
        do {
            members = try Self.parser.parseObject([UInt8](data))
        } catch {
            throw VoiceScriptError(
                .invalidScript, "\(shownSource): not a voice script (make one with 'announce voice script --format json'): \(MessageText.escaped(error.description))")
        }
        let fields = JSONFields(members: members)
        if let version = try? fields.integer("version"), version != Self.currentVersion {
            throw VoiceScriptError(.invalidScript, "\(shownSource): script version \(version) is not supported (this announce reads version \(Self.currentVersion))")
        }
        var script: VoiceScript
        do throws(JSONFields.Problem) {
            script = try VoiceScript(fields)
        } catch {
            throw VoiceScriptError(.invalidScript, "\(shownSource): not a voice script (make one with 'announce voice script --format json'): \(error.description)")
        }
        guard !script.items.isEmpty else { throw VoiceScriptError(.invalidScript, "\(shownSource): the script has no items") }
        guard script.items.count <= VoiceManifest.maximumClips else {
            throw VoiceScriptError(.invalidScript, "\(shownSource): the script has \(script.items.count) items; a voice has at most \(VoiceManifest.maximumClips) clips")
        }
        if let problem = script.covers?.problem { throw VoiceScriptError(.invalidScript, "\(shownSource): \(problem)") }
        if let covers = script.covers {
            // What a voice of the script's language can cover (no 一十 in Cantonese).
            do {
                script.covers = try script.language.coverage(covers)
            } catch {
                throw VoiceScriptError(.invalidScript, "\(shownSource): 'covers': \(error.description)")
            }
        }
        var files: Set<String> = []
        var keys: Set<String> = []
        for (index, item) in script.items.enumerated() {
            let shownItem = "item \(item.number) \(MessageText.quoted(item.text))"
            guard item.number == index + 1 else {
                throw VoiceScriptError(.invalidScript, "\(shownSource): item \(index + 1) is numbered \(item.number): items must be numbered 1, 2, 3… in order")
            }
            guard VoiceManifest.isSafeRelativePath(item.file), !item.file.contains("/"), item.file.hasSuffix(".wav"),
                files.insert(item.file).inserted
            else {
                throw VoiceScriptError(.invalidScript, "\(shownSource): \(shownItem): file \(MessageText.quoted(item.file)) must be a distinct .wav name without folders")
            }
            guard !item.key.isEmpty, item.key.unicodeScalars.count <= VoiceManifest.maximumWordLength,
                !item.key.unicodeScalars.contains(where: { $0.properties.isWhitespace }), keys.insert(item.key).inserted
            else {
                throw VoiceScriptError(.invalidScript, "\(shownSource): \(shownItem): key \(MessageText.quoted(item.key)) must be one distinct word without blanks, at most \(VoiceManifest.maximumWordLength) characters")
            }
            if let rule = item.when.first(where: { !script.language.clipRules.contains($0) }) {
                throw VoiceScriptError(.invalidScript, "\(shownSource): \(shownItem): \(script.language.displayName) has no clip rule '\(rule.rawValue)'")
            }
        }
        self = script
    }

    /// The strict reader scripts go through, as manifests and batch lines do.
    private static let parser = JSONLineParser(maximumLength: 16 << 20)

    /// A script from its JSON fields, as ``json()`` writes them.
    private init(_ fields: JSONFields) throws(JSONFields.Problem) {
        version = try fields.integer("version")
        // A script without a language predates languages: Mandarin.
        if let tag = try fields.optionalString("language") {
            do {
                language = try Language(tag: tag)
            } catch {
                throw JSONFields.Problem(description: "'language' \(error.description)")
            }
        } else {
            language = .default
        }
        let options = try fields.object("options")
        let style = try options.choice("style", of: ReadingStyle.self)
        self.options = ReadingOptions(style: style, variants: try options.variantsTurnedOn(besides: ["style"]))
        prefixes = try fields.strings("prefixes")
        phrases = try fields.strings("phrases")
        covers = fields.has("covers") ? try VoiceCoverage(fields.object("covers")) : nil
        var items: [Item] = []
        for item in try fields.objects("items") {
            items.append(Item(
                number: try item.integer("number"), text: try item.string("text"),
                romanisation: try item.string(Self.romanisationKey(of: item, language: language)),
                marks: try item.string("marks"), file: try item.string("file"), key: try item.string("key"),
                when: try item.choices("when", of: ClipRule.self), instruction: try item.string("instruction")))
        }
        self.items = items
    }

    /// What the script covers, in one line: `decimal reading, 两; prefixes 到账, 支付宝到账`.
    public var summary: String {
        if let covers {
            return covers.summary + (phrases.isEmpty ? "" : "; phrases \(phrases.joined(separator: ", "))")
        }
        var parts = ["\(options.style.rawValue) reading"]
        parts += options.variants.map(\.words)
        var line = parts.joined(separator: ", ")
        if !prefixes.isEmpty { line += "; prefixes \(prefixes.joined(separator: ", "))" }
        if !phrases.isEmpty { line += "; phrases \(phrases.joined(separator: ", "))" }
        return line
    }

    /// How to record, in a few lines, for both printable forms.
    var recordingNotes: [String] {
        let pause = Int(Self.minimumPause * 1000)
        return [
            "Read the items in this order, one take each, in one or several files.",
            "Leave at least \(pause) ms of silence between items, and no pause that long inside an item.",
            "Quiet room (noise well below -45 dBFS), one distance from the microphone, peaks around -6 dBFS.",
            "Say each item as it sounds inside a price, at an announcer's brisk pace.",
        ]
    }

    /// The script for the speaker, as aligned plain text.
    public var text: String {
        var out = "announce voice script, version \(version), \(language): \(summary)\n"
        for note in recordingNotes { out += "  \(note)\n" }
        out += "\n"
        let numberWidth = String(items.count).count
        let textWidth = items.map { Self.displayWidth($0.text) }.max() ?? 0
        let marksWidth = items.map { $0.marks.count }.max() ?? 0
        for item in items {
            let number = String(repeating: " ", count: numberWidth - String(item.number).count) + String(item.number)
            let text = item.text + String(repeating: " ", count: textWidth - Self.displayWidth(item.text))
            let marks = item.marks + String(repeating: " ", count: marksWidth - item.marks.count)
            out += "\(number)  \(text)  \(marks)  \(item.instruction)\n"
        }
        return out
    }

    /// The script for the speaker, as a Markdown table.
    public var markdown: String {
        var out = "# Voice script\n\n\(language): \(summary) (script version \(version))\n\n"
        for note in recordingNotes { out += "- \(note)\n" }
        out += "\n| # | say | \(language.romanisation) | how | file |\n|---:|---|---|---|---|\n"
        for item in items {
            let shown = item.marks == item.romanisation ? item.marks : "\(item.marks) (\(item.romanisation))"
            out += "| \(item.number) | \(item.text) | \(shown) | \(item.instruction) | `\(item.file)` |\n"
        }
        return out
    }

    /// Terminal columns: CJK characters take two.
    private static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 2 : 1) }
    }

    /// The key an item's romanisation is under: `romanisation`, or in a
    /// script written before it had that key, the romanisation's own name
    /// (the script's language's first).
    private static func romanisationKey(of item: JSONFields, language: Language) -> String {
        let keys = ["romanisation", language.romanisation] + Language.all.map(\.romanisation)
        return keys.first(where: item.has) ?? "romanisation"
    }
}
