/// Help texts made from the lists the code uses, so they cannot drift.
enum Help {
    /// `a, b or c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        // A loop rather than `dropLast().joined`: this runs at every start,
        // and the generic slice would cost a scan of the runtime's
        // conformance records.
        var text = items[0]
        for index in 1..<(items.count - 1) { text += ", " + items[index] }
        return text + " or " + items[items.count - 1]
    }
}
