import AnnounceServer

extension VoiceInspection {
    /// The inspection as one JSON line (`announce voice check --json`):
    /// `voice`, `clips`, `supports`, `problems`, `warnings`, `usable`.
    package var jsonLine: String {
        let manifest = voice.manifest
        func rounded(_ value: Double?, _ scale: Double) -> Double? {
            // JSON has no infinity: a level of digital silence is null.
            guard let value, value.isFinite else { return nil }
            return (value * scale).rounded() / scale
        }
        var voiceFields = JSONObject()
        voiceFields.add("directory", voice.directory)
        voiceFields.add("id", manifest.id)
        voiceFields.add("language", manifest.language.tag)
        voiceFields.addIfPresent("license", manifest.license)
        voiceFields.add("name", manifest.name)
        voiceFields.addIfPresent("sampleRate", sampleRate)
        let clipObjects = clips.map { clip in
            var object = JSONObject()
            object.addIfPresent("channels", clip.info?.channels)
            object.addIfPresent("container", clip.info?.container)
            object.addIfPresent("duration", rounded(clip.statistics?.duration, 1000))
            object.addIfPresent("encoding", clip.info?.encoding)
            object.add("file", clip.file)
            object.addIfPresent("leadingSilence", rounded(clip.statistics?.leadingSilence, 1000))
            object.addIfPresent("peak", rounded(clip.statistics?.peak, 10))
            object.addIfPresent("rms", rounded(clip.statistics?.rms, 10))
            object.addIfPresent("sampleRate", clip.info?.sampleRate)
            object.addIfPresent("trailingSilence", rounded(clip.statistics?.trailingSilence, 1000))
            object.add("word", clip.word)
            return object
        }
        var prefixes = JSONObject()
        let supported = Dictionary(support.prefixes.map { ($0.text, $0.supported) }, uniquingKeysWith: { $0 && $1 })
        for (text, ok) in supported.sorted(by: { $0.key < $1.key }) { prefixes.add(text, ok) }
        var supports = JSONObject()
        supports.add("currency", support.currency)
        supports.add("decimal", support.decimal)
        for (variant, supported) in support.variants { supports.add(variant.key, supported) }
        supports.add("prefixes", prefixes)
        var object = JSONObject()
        if let budget {
            var fields = JSONObject()
            fields.add("budget", budget.settings.budget)
            fields.add("maximumAmount", budget.maximumAmount.description)
            fields.add("maxSpeed", budget.settings.maxSpeed)
            fields.add("rows", budget.rows.map { row in
                var fields = JSONObject()
                fields.addIfPresent("amount", (row.speed > 1 ? row.floorAmount : row.amount)?.description)
                fields.addIfPresent("count", row.speed > 1 ? row.floorCount : row.count)
                fields.add("fits", row.missingWord == nil && row.fits)
                fields.addIfPresent("missing", row.missingWord)
                fields.add("prefix", row.prefix)
                fields.add("reading", VoiceBudget.shown(row.options))
                fields.add("seconds", rounded(row.speed > 1 ? row.floorSeconds : row.seconds, 1000) ?? 0)
                fields.add("speed", (row.speed * 1000).rounded(.up) / 1000)
                fields.add("template", row.template)
                return fields
            })
            object.add("budget", fields)
        }
        object.add("clips", clipObjects)
        object.add("problems", problems)
        object.add("supports", supports)
        if let tones { object.add("tones", tones.jsonObject) }
        object.add("usable", isUsable)
        object.add("voice", voiceFields)
        object.add("warnings", warnings)
        return object.line
    }
}
