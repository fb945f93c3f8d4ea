/// Mandarin's clip rules: where a run recorded with tone sandhi may be
/// used. 一 changes its tone by what follows it and where it stands in a
/// number group; a third tone rises before another.
extension ClipRule {
    /// The clip starts a number group: it starts the reading, or follows
    /// 亿 or 万, or a 零 that follows 亿 or 万. 一 there is the whole group
    /// (一万, 一亿零一万) and is said yí/yì; after 十 or an inner 零
    /// (十一万, 一百零一万) it is a units digit, said yī.
    /// It reads the word before the clip, and the one before that only
    /// when the word before is 零.
    public static let leadsGroup = ClipRule("leads-group", lookBehind: 2, behind: { words in
        guard let last = words.last else { return [] }
        switch last {
        case Mandarin.groupUnit: return [last]
        case Mandarin.zero: return words.count >= 2 && words[words.count - 2] == Mandarin.groupUnit ? [Mandarin.groupUnit, last] : [last]
        default: return [.other]
        }
    }) { site in
        let start = site.range.lowerBound
        guard start > site.prefixCount else { return true }
        switch site.word(start - 1) {
        case Mandarin.groupUnit: return true
        case Mandarin.zero: return start - 2 >= site.prefixCount && site.word(start - 2) == Mandarin.groupUnit
        default: return false
        }
    }

    /// The third tones that follow the clip come in pairs: the number of
    /// consecutive third-tone words after it is even (often zero). A run
    /// recorded with third-tone sandhi (五百 wú bǎi) ends on a full third
    /// tone, which is only right when the next syllable is not a third tone
    /// said as such; pairing a run of third tones from its end keeps every
    /// third tone before another one rising (五点五五: 五点 · 五五). When the
    /// voice has neither a clip for the run one word later (百九 for 九百 in
    /// 九百九) nor one a word shorter (一百 for 一百点), skipping would only
    /// add a clash, and the rule holds.
    public static let thirdPairs = ClipRule("third-pairs", lookBehind: 0) { site in
        let end = site.range.upperBound
        // The prefix is followed by a pause: a run stops at its end.
        let limit = end <= site.prefixCount ? site.prefixCount : site.count
        var count = 0
        var index = end
        while true {
            if index >= limit {
                if site.complete || limit == site.prefixCount { break }
                return nil
            }
            guard site.word(index) == Mandarin.thirdTone else { break }
            count += 1
            index += 1
        }
        guard count % 2 == 1 else { return true }
        // Skipping helps only if a run one word later or one word
        // shorter can take over; otherwise it would add a clash.
        let shifted = (site.range.lowerBound + 1)..<(end + 1)
        let shorter = site.range.lowerBound..<(end - 1)
        return !site.hasClip(shifted) && !(shorter.count >= 2 && site.hasClip(shorter))
    }
}

extension Mandarin {
    /// 亿 and 万, which end a number group.
    static let groupUnit = ClipRule.Word(1)
    /// 零.
    static let zero = ClipRule.Word(2)
    /// A word said with the third tone.
    static let thirdTone = ClipRule.Word(3)
}
