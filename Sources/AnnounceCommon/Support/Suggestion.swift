/// The valid choice nearest a mistyped one, for "did you mean …?" in a
/// refusal: by edit distance over lower-cased Unicode scalars.
public enum Suggestion {
    /// The choice among `choices` nearest `text`, if it is near enough to be
    /// a slip (at most a third of its length away, and at most 3 edits),
    /// and not `text` itself; the first of equals.
    public static func nearest(to text: String, among choices: [String]) -> String? {
        let typed = Array(text.lowercased().unicodeScalars)
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        var best: (choice: String, distance: Int)?
        for choice in choices {
            let candidate = Array(choice.lowercased().unicodeScalars)
            let limit = min(3, max(1, candidate.count / 3))
            guard abs(candidate.count - typed.count) <= limit else { continue }
            let distance = editDistance(typed, candidate)
            guard distance > 0, distance <= limit, distance < (best?.distance ?? .max) else { continue }
            best = (choice, distance)
        }
        return best?.choice
    }

    /// ` (did you mean 'currency'?)` for the choice nearest `text`, or
    /// nothing when none is near: the note a refusal adds after the word it
    /// refuses.
    public static func note(to text: String, among choices: [String]) -> String {
        nearest(to: text, among: choices).map { " (did you mean \(MessageText.quoted($0))?)" } ?? ""
    }

    /// Levenshtein's distance, with a swap of two neighbours as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// The case whose raw value is `text` in any case (`Currency`, `JPush`);
    /// nil for another word. Every choice a user types is read so.
    public init?(anyCase text: String) {
        let lowered = text.lowercased()
        guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
        self = found
    }
}
