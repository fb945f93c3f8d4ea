extension Cantonese {
    /// Cantonese's six tones in Chao's letters, as Hong Kong and Guangzhou
    /// speakers say them: high level 55 (or high falling 53), high rising 25
    /// (or 35), mid level 33, low falling 21 (or low level 11), low rising 23
    /// (or 13) and low level 22; the checked syllables (ending in p, t, k) take 1, 3 or 6 as
    /// their level. The three level tones differ by height alone, so height
    /// counts as much as shape.
    public var tones: ToneSystem? { Self.toneSystem }

    static let toneSystem = ToneSystem(
        contours: [
            "1": [.init(55), .init(53)],
            "2": [.init(25), .init(35)],
            "3": [.init(33)],
            "4": [.init(21), .init(11)],
            "5": [.init(23), .init(13)],
            "6": [.init(22)],
        ],
        heightWeight: 1)
}
