import AnnounceCommon

/// A language's prefix and message presets and the unit its templates
/// write after `{amount}` (``LanguageRules/prefixPresets``, …), made into
/// values once per language.
extension Language {
    /// The named prefixes `--prefix` accepts in this language besides a
    /// phrase, `none` among them.
    public var prefixPresets: [(name: String, prefix: Prefix)] { presets.prefixes }

    /// The prefix said when none is asked for.
    public var standardPrefix: Prefix { presets.standard }

    /// The message presets, their text in this language.
    public var templatePresets: [(name: String, template: Template)] { presets.templates }

    /// The unit a template writes right after `{amount}` in this language.
    public var amountUnit: String { rules.amountUnit }

    /// The presets as values, made from the rules on first use.
    struct Presets: Sendable {
        let prefixes: [(name: String, prefix: Prefix)]
        let standard: Prefix
        let templates: [(name: String, template: Template)]
    }

    private static let presetsByTag = LockedState<[String: Presets]>([:])

    var presets: Presets {
        if let made = Self.presetsByTag.withLock({ $0[tag] }) { return made }
        let made = makePresets()
        return Self.presetsByTag.withLock { known in
            if let first = known[tag] { return first }
            known[tag] = made
            return made
        }
    }

    private func makePresets() -> Presets {
        let prefixes = rules.prefixPresets.map { preset in
            (name: preset.name, prefix: Prefix(presetWords: preset.words, origin: .preset(preset.name), languageTag: tag))
        }
        let templates = rules.templatePresets.map { preset in
            do {
                let parts = try Template.parts(of: preset.text, unit: rules.amountUnit, language: self)
                return (name: preset.name, template: Template(name: preset.name, source: preset.text, parts: parts, languageTag: tag))
            } catch {
                // A packaged language's presets are checked by its tests, a
                // registered one's when it is registered (LanguageError.badPreset).
                preconditionFailure("\(self)'s template preset \(preset.name) does not parse: \(error)")
            }
        }
        return Presets(
            prefixes: prefixes, standard: Prefix(presetWords: rules.standardPrefix, origin: .standard, languageTag: tag),
            templates: templates)
    }
}
