extension LanguageRules {
    /// A language that declares no presets names the default language's
    /// (``Language/default``), as it reads with its reader.
    public var prefixPresets: [(name: String, words: [String])] { Language.default.rules.prefixPresets }
    public var standardPrefix: [String] { Language.default.rules.standardPrefix }
    public var templatePresets: [(name: String, text: String)] { Language.default.rules.templatePresets }
    public var amountUnit: String { Language.default.rules.amountUnit }
}
