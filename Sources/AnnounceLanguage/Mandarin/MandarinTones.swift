extension Mandarin {
    /// Mandarin's four tones and the neutral tone, in Chao's letters: the
    /// citation forms (55, 35, 214, 51) and how they are said inside a run
    /// of words: the second tone from lower (24, 34); the third as a low
    /// fall (21, 11) before another syllable or cut short at the end; the
    /// fourth as a half fall (53) before another fourth, and from lower (41)
    /// after one, since a run's pitch steps down as it goes. The tones are
    /// told by their shape more than their height, hence the weight of one
    /// half. The neutral tone is not judged.
    public var tones: ToneSystem? { Self.toneSystem }

    static let toneSystem = ToneSystem(
        contours: [
            "1": [.init(55)],
            "2": [.init(35), .init(24), .init(34)],
            "3": [.init(214), .init(213), .init(21), .init(11)],
            "4": [.init(51), .init(53), .init(41)],
            "5": [],
        ],
        heightWeight: 0.5)
}
