/// A variant of the reading: what it changes, and how every interface names
/// it. A language declares its variants (``LanguageRules/readingVariants``,
/// the ones a reader may ask for, and ``LanguageRules/ownReading``, the ones
/// it always reads with); the reader knows only their ``Change``.
///
/// Every interface names a variant the same way: its ``name`` with
/// `--variant` and in the `variants` list of a push's message or a batch
/// item. ``key`` is a spelling of its own as a JSON key (`"key": true`),
/// which pushes are written with and every reader keeps taking.
public struct ReadingVariant: Hashable, Sendable {
    /// What a variant changes in the reading (docs/READING.md).
    public enum Change: Int, Hashable, Sendable, CaseIterable {
        /// V2: a leading 2 directly before 百/千/万/亿, and an integer part
        /// of exactly 2 said directly before 元 (`2` 两元, currency `2.45`
        /// 两元四角五分), is read 两.
        case countingTwoBeforeUnits
        /// V3: a leading 十 keeps its 一 (`10` 一十元).
        case leadingTenKeepsOne
        /// In the currency style, a 2 of 角, and of 分 when nothing is said
        /// before it, is read 两 (两角, 两分, 两角二分).
        case countingTwoOfSubunits
    }

    /// The variant's name: `--variant NAME`, and an entry of a `variants` list.
    public let name: String
    /// The variant's own JSON key.
    public let key: String
    /// What the reader does differently.
    public let change: Change
    /// What the variant says, for summaries: `两`.
    public let words: String
    /// What it changes, for help texts: `a leading 十 keeps its 一: 一十元`.
    public let summary: String

    /// A variant of the reading as a language declares it.
    public init(name: String, key: String, change: Change, words: String, summary: String) {
        self.name = name
        self.key = key
        self.change = change
        self.words = words
        self.summary = summary
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
