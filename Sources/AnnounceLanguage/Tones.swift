/// A language's tones as a listener tells them apart by pitch: for each
/// tone, the contours a speaker may give it, written in Chao's tone letters
/// (1 the bottom of the speaker's range, 5 the top: Mandarin's first tone is
/// 55, its fourth 51). What `announce voice check` measures each clip's
/// syllables against.
public struct ToneSystem: Sendable {
    /// One contour in tone letters: two letters (start, end) or three
    /// (start, turn, end: a dip such as 214).
    public struct Contour: Sendable, Hashable {
        /// The letters, each 1 ... 5.
        public var letters: [Int]

        /// A contour of `letters`, written as Chao writes it: `Contour(214)`.
        public init(_ written: Int) {
            letters = String(written).compactMap(\.wholeNumberValue)
        }
    }

    /// Tone (the digit a syllable ends with) → the contours a speaker may
    /// give it; an empty list for a tone that is not judged by its pitch
    /// (Mandarin's neutral tone takes its pitch from the syllable before).
    public var contours: [String: [Contour]]
    /// How much a syllable's height, rather than its shape, tells its tone,
    /// 0 ... 1: 1 where level tones differ by height alone (Cantonese's 55,
    /// 33 and 22), less where tones are told by their shape and a run's pitch
    /// steps down as it goes (Mandarin).
    public var heightWeight: Double

    public init(contours: [String: [Contour]], heightWeight: Double) {
        self.contours = contours
        self.heightWeight = heightWeight
    }

    /// The tone of `syllable` (its final digit: `wan4` → `4`); nil unless
    /// it is lowercase letters (ASCII, or ü) and one tone digit this
    /// language has.
    public func tone(of syllable: String) -> String? {
        guard let last = syllable.last, last.isASCII, last.isNumber, syllable.count >= 2 else { return nil }
        guard syllable.dropLast().allSatisfy({ ("a"..."z").contains($0) || $0 == "ü" }) else { return nil }
        let tone = String(last)
        return contours[tone] == nil ? nil : tone
    }

    /// The tones in the order they are numbered.
    public var tones: [String] { contours.keys.sorted() }
}
