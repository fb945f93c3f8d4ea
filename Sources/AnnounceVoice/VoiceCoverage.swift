/// What a voice is made to say: the reading styles and variants, the
/// prefixes, the message presets and the size of the recorded units.
///
/// `announce voice script` writes it into the script (`covers`), `voice
/// build` copies it into `voice.json`, and `voice check` checks every
/// combination it names: each word has a clip, and the longest message fits
/// the budget.
import AnnounceCommon
import AnnounceLanguage

public struct VoiceCoverage: Encodable, Hashable, Sendable {
    /// How big the recorded units are.
    public enum Units: String, Encodable, CaseIterable, Sendable {
        /// Words, and the runs that carry tone sandhi.
        case words
        /// Words, sandhi runs, and the groups a speaker says in context:
        /// 十一 to 九十九, X百, X千, X万, 点X, X角, X分, a final X元.
        case groups
    }

    /// The reading styles covered.
    public var styles: [ReadingStyle]
    /// The reading variants covered, each with and without (the plain
    /// reading always is): variants a reader may ask for, in
    /// ``/AnnounceLanguage/ReadingVariant/offered`` order. What a language always reads with
    /// is its own (``/AnnounceLanguage/Language/defaultReading``), not coverage.
    public var variants: [ReadingVariant] {
        didSet { variants = ReadingVariant.offered.filter(variants.contains) }
    }
    /// The prefixes covered, words separated by blanks; `""` is no prefix.
    public var prefixes: [String]
    /// The message presets covered, by name (`payment`, `refund`, …).
    public var templates: [String]
    /// The recorded units.
    public var units: Units

    /// A coverage of exactly these.
    public init(
        styles: [ReadingStyle], variants: [ReadingVariant], prefixes: [String], templates: [String], units: Units = .words
    ) {
        self.styles = styles
        self.variants = ReadingVariant.offered.filter(variants.contains)
        self.prefixes = prefixes
        self.templates = templates
        self.units = units
    }

    /// The reading of `style` with every variant covered.
    public func reading(_ style: ReadingStyle) -> ReadingOptions {
        ReadingOptions(style: style, variants: variants)
    }

    /// Covers `variant` or not.
    public mutating func set(_ variant: ReadingVariant, _ covered: Bool) {
        // Assigning puts them in offered order (`variants`' observer).
        variants = variants.filter { $0 != variant } + (covered ? [variant] : [])
    }

    /// Everything announce can say in the default language: both styles
    /// with every variant the package's languages offer, every preset
    /// prefix (and none), every message preset.
    public static var everything: VoiceCoverage {
        VoiceCoverage(
            styles: ReadingStyle.allCases, variants: ReadingVariant.packaged,
            prefixes: [Prefix.standard.text] + Prefix.presets.map { $0.prefix.words.joined(separator: " ") },
            templates: Template.presets.map(\.name))
    }

    /// Every combination of reading options covered.
    public var readingOptions: [ReadingOptions] {
        ReadingOptions.combinations(styles: styles, variants: variants)
    }

    /// The prefixes covered, as prefixes; `""` is no prefix.
    public var prefixValues: [Prefix] {
        prefixes.map { text in
            text.isEmpty ? Prefix.presets.first { $0.name == "none" }!.prefix : ((try? Prefix(text)) ?? .standard)
        }
    }

    /// The message presets covered; unknown names are left out.
    public var templateValues: [Template] {
        templates.compactMap { name in Template.presets.first { $0.name == name }?.template }
    }

    /// A prefix as coverage lists it, and as reports show it: its words, or `none`.
    public static func shown(_ prefix: Prefix) -> String {
        prefix.words.isEmpty ? "none" : prefix.words.joined(separator: " ")
    }

    /// The coverage in one line: `decimal and currency readings, 两, 一十;
    /// prefixes 到账, 支付宝到账, none; templates payment, refund; group units`.
    public var summary: String {
        var parts = [styles.map(\.rawValue).joined(separator: " and ") + (styles.count == 1 ? " reading" : " readings")]
        parts += variants.map(\.words)
        var line = parts.joined(separator: ", ")
        line += "; prefixes " + prefixValues.map(Self.shown).joined(separator: ", ")
        line += "; templates " + (templates.isEmpty ? "none" : templates.joined(separator: ", "))
        line += units == .groups ? "; group units" : "; word units"
        return line
    }

    /// The words a voice of the default language must have clips for to
    /// say everything covered (``vocabulary(in:)``).
    public var vocabulary: [String] { vocabulary(in: .default) }

    /// The words a voice of `language` must have clips for to say
    /// everything covered, in script order: reading words, prefix words,
    /// template words.
    public func vocabulary(in language: Language) -> [String] {
        var words: [String] = []
        for options in readingOptions { words += language.reader.vocabulary(options) }
        let templates = templateValues
        for prefix in prefixValues where templates.contains(where: { $0.slots.contains(.prefix) }) {
            words += prefix.words
        }
        for template in templates {
            for options in readingOptions {
                words += template.vocabulary(prefix: Prefix.presets.first { $0.name == "none" }!.prefix, options: options, in: language)
            }
        }
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}

extension VoiceCoverage {
    /// The most prefixes a coverage names: the five presets (with none)
    /// and room for a brand's own. `voice check` measures every prefix
    /// with every preset and reading.
    package static let maximumPrefixes = 16

    /// What is wrong with a coverage as a script or manifest states it, in
    /// one line (a style, template or prefix named twice, more than
    /// ``maximumPrefixes`` prefixes, a template that is not a preset, a
    /// prefix that is not a prefix phrase); nil when nothing is.
    package var problem: String? {
        if styles.isEmpty { return "'covers' names no reading style" }
        if let twice = Self.repeated(styles.map(\.rawValue)) ?? Self.repeated(templates) ?? Self.repeated(prefixes) {
            return "'covers' names \(MessageText.quoted(twice)) twice"
        }
        if prefixes.count > Self.maximumPrefixes {
            return "'covers' names \(prefixes.count) prefixes; a voice covers at most \(Self.maximumPrefixes)"
        }
        let known = Template.presets.map(\.name)
        if let unknown = templates.first(where: { !known.contains($0) }) {
            return "'covers' names template \(MessageText.quoted(unknown)), not a preset (\(known.joined(separator: ", ")))"
        }
        for prefix in prefixes where !prefix.isEmpty {
            do {
                _ = try Prefix(prefix)
            } catch {
                return "'covers': \(error.description)"
            }
        }
        return nil
    }

    /// The first value of `values` that comes again.
    private static func repeated(_ values: [String]) -> String? {
        var seen = Set<String>()
        return values.first { !seen.insert($0).inserted }
    }

    /// Reads a `covers` object as scripts and manifests hold it; `units`
    /// may be missing (word units).
    package init(_ fields: JSONFields) throws(JSONFields.Problem) {
        let variants = try fields.variantsTurnedOn(besides: ["styles", "prefixes", "templates", "units"])
        self.init(
            styles: try fields.choices("styles", of: ReadingStyle.self), variants: variants,
            prefixes: try fields.strings("prefixes"), templates: try fields.strings("templates"),
            units: fields.has("units") ? try fields.choice("units", of: Units.self) : .words)
    }

    /// Each variant the package's languages offer, and each other one
    /// covered, under its own key (`"KEY": true`), as voice.json and scripts
    /// have it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedCodingKey.self)
        try container.encode(styles, forKey: NamedCodingKey("styles"))
        let packaged = ReadingVariant.packaged
        for variant in packaged + variants.filter({ !packaged.contains($0) }) {
            try container.encode(variants.contains(variant), forKey: NamedCodingKey(variant.key))
        }
        try container.encode(prefixes, forKey: NamedCodingKey("prefixes"))
        try container.encode(templates, forKey: NamedCodingKey("templates"))
        try container.encode(units, forKey: NamedCodingKey("units"))
    }
}
