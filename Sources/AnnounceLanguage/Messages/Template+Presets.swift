import AnnounceCommon

extension Template {
    /// `{prefix}{amount}元`: a payment arrived (支付宝到账一百元). The default.
    public static let payment = Template(
        name: "payment", source: "{prefix}{amount}元", parts: [.slot(.prefix), .slot(.amount)])
    /// `退款{amount}元`: a refund (退款二十五元).
    public static let refund = Template(
        name: "refund", source: "退款{amount}元", parts: [.words(["退款"]), .slot(.amount)])
    /// `会员充值{amount}元`: a member top-up (会员充值五十元).
    public static let topup = Template(
        name: "topup", source: "会员充值{amount}元", parts: [.words(["会员充值"]), .slot(.amount)])
    /// `{prefix}{count}笔，共计{amount}元`: several payments in one
    /// announcement (支付宝到账三笔，共计一百二十三点四五元).
    public static let summary = Template(
        name: "summary", source: "{prefix}{count}笔，共计{amount}元",
        parts: [.slot(.prefix), .slot(.count), .words(["笔"]), .pause(mark: "，"), .words(["共计"]), .slot(.amount)])
    /// `收款成功`: a fixed phrase, no slots.
    public static let received = Template(name: "received", source: "收款成功", parts: [.words(["收款成功"])])

    /// The named templates `Template(_:)` accepts besides a template text.
    /// (The tests check that each preset's parts are what its text parses to.)
    public static let presets: [(name: String, template: Template)] = [
        ("payment", payment), ("refund", refund), ("topup", topup), ("summary", summary), ("received", received),
    ]
}
