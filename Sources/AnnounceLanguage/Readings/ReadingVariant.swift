/// A variant of the reading, and how every interface names it. A language
/// declares its variants (``LanguageRules/readingVariants``, the ones a
/// reader may ask for, and ``LanguageRules/ownReading``, the ones it always
/// reads with), and what a variant changes is its reader's: the reader asks
/// whether the options have it (``ReadingOptions/has(_:)``). Two languages
/// may declare a variant of the same name and key, each with its own
/// meaning; it is one variant to every interface.
///
/// Every interface names a variant the same way: its ``name`` with
/// `--variant` and in the `variants` list of a push's message or a batch
/// item. ``key`` is a spelling of its own as a JSON key (`"key": true`),
/// which pushes are written with and every reader keeps taking.
public struct ReadingVariant: Hashable, Sendable {
    /// The variant's name: `--variant NAME`, and an entry of a `variants` list.
    public let name: String
    /// The variant's own JSON key.
    public let key: String
    /// What the variant says, for summaries: `两`.
    public let words: String
    /// What it changes, for help texts: `a leading 十 keeps its 一: 一十元`.
    public let summary: String

    /// A variant of the reading as a language declares it.
    public init(name: String, key: String, words: String, summary: String) {
        self.name = name
        self.key = key
        self.words = words
        self.summary = summary
    }

    /// Variants are the same when their name and key are: what each says
    /// is its language's.
    public static func == (lhs: ReadingVariant, rhs: ReadingVariant) -> Bool { lhs.name == rhs.name && lhs.key == rhs.key }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(key)
    }

    /// The variant a reader may ask for named `name` (its name, or its
    /// ``key``), in any case; nil when no language offers one.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let found = Self.offered.first(where: { $0.name == lowered || $0.key.lowercased() == lowered }) else {
            return nil
        }
        self = found
    }

    /// Every variant a language offers to readers, each once, in the order
    /// of the languages and of their declarations.
    public static var offered: [ReadingVariant] { Language.offeredVariants }

    /// The variants the package's own languages offer (``Language/packaged``),
    /// each once: the same list whatever languages a program registers, for
    /// what lists every variant (``ReadingOptions/allCombinations``, a
    /// coverage of everything, the keys a manifest is written with).
    public static var packaged: [ReadingVariant] { Language.offered(by: Language.packaged) }

    /// ``packaged`` and then what `language` offers besides.
    public static func offered(in language: Language) -> [ReadingVariant] {
        Language.offered(by: Language.packaged + [language])
    }

    /// ``offered`` in the order of their ``key``s, as JSON objects sort them.
    public static var byKey: [ReadingVariant] { offered.sorted { $0.key < $1.key } }

    /// The offered variants' names, for messages: `liang, lead-yi`.
    public static var names: String { offered.map(\.name).joined(separator: ", ") }

    /// The offered variants with what each changes, for help texts.
    public static var described: String { offered.map { "\($0.name) (\($0.summary))" }.joined(separator: " or ") }

    /// The keys a push's message or a batch item has of its own, which no
    /// variant's key may be.
    package static let reservedKeys: Set<String> = [
        "amount", "amounts", "at", "count", "fen", "id", "language", "name", "prefix", "style", "template", "variants", "voice",
    ]

    /// Whether `variant` may join `known`: a lower-case name, and a name
    /// and key that are none of theirs unless it is the same variant.
    package static func fits(_ variant: ReadingVariant, among known: [ReadingVariant]) -> Bool {
        guard variant.name == variant.name.lowercased(), !variant.name.isEmpty, !variant.key.isEmpty,
              !reservedKeys.contains(variant.key), !reservedKeys.contains(variant.name)
        else { return false }
        return known.allSatisfy { other in
            other == variant || (other.name != variant.name && other.key != variant.key && other.name != variant.key.lowercased()
                && other.key.lowercased() != variant.name)
        }
    }

    /// `variants` each once, the offered ones first in ``offered`` order,
    /// then the others by name.
    public static func ordered(_ variants: [ReadingVariant]) -> [ReadingVariant] {
        let offered = Self.offered
        var seen = Set<String>()
        let unique = variants.filter { seen.insert($0.name).inserted }
        return offered.filter(unique.contains)
            + unique.filter { !offered.contains($0) }.sorted { $0.name < $1.name }
    }
}
