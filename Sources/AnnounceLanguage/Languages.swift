/// The languages the package speaks: the one list, and the one default.
/// Each is a folder of its own (``LanguageRules``); the rest of the package
/// names none of them.
extension Language {
    /// The package's own languages, in the order messages list them.
    public static let packaged: [Language] = [.mandarin, .cantonese, .cantoneseHongKong]

    /// The language a voice script, a push message and a manifest mean when
    /// they name none.
    public static let `default`: Language = .mandarin
}
