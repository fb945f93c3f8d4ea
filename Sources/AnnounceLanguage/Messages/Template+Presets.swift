import AnnounceCommon

/// The default language's message presets (``Language/templatePresets``);
/// every language has presets of these names, worded its own way.
extension Template {
    /// `{prefix}{amount}` and the unit: a payment arrived. The default.
    public static let payment = defaultPreset("payment")
    /// A refund.
    public static let refund = defaultPreset("refund")
    /// A member top-up.
    public static let topup = defaultPreset("topup")
    /// `{prefix}{count}`, a measure word, a comma and the total: several
    /// payments in one announcement.
    public static let summary = defaultPreset("summary")
    /// A fixed phrase, no slots.
    public static let received = defaultPreset("received")

    /// The named templates `Template(_:)` accepts besides a template text:
    /// the default language's. (The tests check that each preset's parts
    /// are what its text parses to.)
    public static let presets: [(name: String, template: Template)] = Language.default.templatePresets

    private static func defaultPreset(_ name: String) -> Template {
        guard let preset = Language.default.templatePresets.first(where: { $0.name == name }) else {
            preconditionFailure("the default language \(Language.default) has no template preset \(name)")
        }
        return preset.template
    }
}
