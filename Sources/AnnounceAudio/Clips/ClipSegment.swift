/// One clip file of a planned announcement, in speaking order.
public struct ClipSegment: Hashable, Sendable {
    /// The clip's audio file: any format libsndfile reads.
    public var path: String
    /// Whether the clip says prefix words (支付宝到账). A pause of
    /// ``RenderSettings/prefixPause`` separates the prefix from the amount.
    public var isPrefix: Bool

    public init(path: String, isPrefix: Bool = false) {
        self.path = path
        self.isPrefix = isPrefix
    }
}
