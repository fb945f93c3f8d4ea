/// Where a clip for a run of words may be used: a run recorded together
/// carries the tone sandhi of one context, and is wrong in another.
///
/// The manifest states rules per clip (`"一万": {"file": "yi2-wan4.wav",
/// "when": "leads-group"}`); the planner skips a clip whose rules do not all
/// hold at a position and falls back to shorter runs or single words. See
/// docs/VOICES.md.
import AnnounceCommon

public enum ClipRule: String, CaseIterable, Codable, Hashable, Sendable {
    /// The clip starts a number group: it starts the reading, or follows
    /// 亿 or 万, or a 零 that follows 亿 or 万. 一 there is the whole group
    /// (一万, 一亿零一万) and is said yí/yì; after 十 or an inner 零
    /// (十一万, 一百零一万) it is a units digit, said yī.
    case leadsGroup = "leads-group"
    /// The third tones that follow the clip come in pairs: the number of
    /// consecutive third-tone words after it is even (often zero). A run
    /// recorded with third-tone sandhi (五百 wú bǎi) ends on a full third
    /// tone, which is only right when the next syllable is not a third tone
    /// said as such; pairing a run of third tones from its end keeps every
    /// third tone before another one rising (五点五五: 五点 · 五五). When the
    /// voice has neither a clip for the run one word later (百九 for 九百 in
    /// 九百九) nor one a word shorter (一百 for 一百点), skipping would only
    /// add a clash, and the rule holds.
    case thirdPairs = "third-pairs"

    /// Whether the rule holds for a clip saying `words[range]`, where the
    /// first `prefixCount` words are the prefix (a pause follows it, so no
    /// sandhi crosses it); `hasClip` says whether the voice has a clip for a
    /// range of `words`.
    package func holds(
        in words: [String], range: Range<Int>, prefixCount: Int, word: (String) -> Word,
        hasClip: (Range<Int>) -> Bool = { _ in true }
    ) -> Bool {
        holds(in: words, range: range, prefixCount: prefixCount, complete: true, word: word, hasClip: hasClip) ?? true
    }

    /// What the rules need to know of a word.
    public enum Word: Sendable {
        /// 亿 or 万, which end a number group.
        case groupUnit
        /// 零.
        case zero
        /// A word said with the third tone.
        case thirdTone
        /// Any other word.
        case other
    }

    /// What a word of the numbers is to the rules, in any reading: 亿 and
    /// 万 end a group, 零 pads one; every other word is ``Word/other``
    /// (a language whose words have tones the rules know says so in its
    /// ``LanguageRules/ruleWord(of:)``).
    public static func numeralWord(of word: String) -> Word {
        switch word {
        case "亿", "万": .groupUnit
        case "零": .zero
        default: .other
        }
    }

    /// ``holds(in:range:prefixCount:hasClip:)`` over words of any kind that
    /// `word` tells apart (the worst-case search uses integer ids), where
    /// the words after `words` are not known yet unless `complete`: nil
    /// when the answer depends on them.
    package func holds<Element>(
        in words: [Element], range: Range<Int>, prefixCount: Int, complete: Bool, word: (Element) -> Word,
        hasClip: (Range<Int>) -> Bool
    ) -> Bool? {
        switch self {
        case .leadsGroup:
            let start = range.lowerBound
            guard start > prefixCount else { return true }
            switch word(words[start - 1]) {
            case .groupUnit: return true
            case .zero: return start - 2 >= prefixCount && word(words[start - 2]) == .groupUnit
            case .thirdTone, .other: return false
            }
        case .thirdPairs:
            let end = range.upperBound
            // The prefix is followed by a pause: a run stops at its end.
            let limit = end <= prefixCount ? prefixCount : words.count
            var count = 0
            var index = end
            while true {
                if index >= limit {
                    if complete || limit == prefixCount { break }
                    return nil
                }
                guard word(words[index]) == .thirdTone else { break }
                count += 1
                index += 1
            }
            guard count % 2 == 1 else { return true }
            // Skipping helps only if a run one word later or one word
            // shorter can take over; otherwise it would add a clash.
            let shifted = (range.lowerBound + 1)..<(end + 1)
            let shorter = range.lowerBound..<(end - 1)
            return !hasClip(shifted) && !(shorter.count >= 2 && hasClip(shorter))
        }
    }
}
