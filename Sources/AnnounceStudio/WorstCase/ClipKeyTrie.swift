/// The clip keys of a voice as a trie of their UTF-8 bytes, walked a word at
/// a time: what ``LongestPlan`` looks clips up in.
///
/// The planner (``Voice/plan(words:prefixCount:)``) matches a run of words
/// by the bytes of the words written together, so a key is stored once,
/// however many ways it splits into words, and building the trie is linear
/// in the length of the keys. A node is *live* where the rest of some key
/// from it is a run of the vocabulary's words: only there can a longer run
/// still match, so a walk stops at the first node that is not live (a key
/// such as a prefix phrase, made of words no reading says, is never entered).
import AnnounceServer

struct ClipKeyTrie: Sendable {
    /// A clip's length and where it may be used.
    struct Entry: Sendable {
        let frames: Int
        let rules: [ClipRule]
    }

    /// The root node: no word yet.
    static let root = 0

    /// Child of a node by a byte, keyed `node << 8 | byte`.
    private var children: [Int: Int] = [:]
    /// Per node: whether a run of vocabulary words can go on from it to the end of a key.
    private var live: [Bool] = [true]
    /// The clip whose key ends at a node.
    private var entries: [Int: Entry] = [:]
    /// Each vocabulary word's bytes, by word id.
    private let words: [[UInt8]]

    /// The trie of `keys`, for walks over the words `vocabulary` (a word's id
    /// is its index there). Keys that are no run of those words are left out.
    init(keys: some Sequence<(key: String, entry: Entry)>, vocabulary: [String]) {
        words = vocabulary.map { Array($0.utf8) }
        let wordSet = Set(words)
        let lengths = Set(words.map(\.count)).filter { $0 > 0 }.sorted()
        for (key, entry) in keys {
            let bytes = Array(key.utf8)
            // completes[p]: bytes[p...] is a run of vocabulary words.
            var completes = [Bool](repeating: false, count: bytes.count + 1)
            completes[bytes.count] = true
            for start in stride(from: bytes.count - 1, through: 0, by: -1) {
                completes[start] = lengths.contains { length in
                    start + length <= bytes.count && completes[start + length] && wordSet.contains(Array(bytes[start..<(start + length)]))
                }
            }
            guard !bytes.isEmpty, completes[0] else { continue }
            var node = Self.root
            for (index, byte) in bytes.enumerated() {
                let edge = node << 8 | Int(byte)
                if let child = children[edge] {
                    node = child
                } else {
                    children[edge] = live.count
                    node = live.count
                    live.append(false)
                }
                if completes[index + 1] { live[node] = true }
            }
            entries[node] = entry
        }
    }

    /// The node after `word` from `node`, if a live one: a key may still
    /// start with the run so far.
    func node(after node: Int, word: Int) -> Int? {
        guard word >= 0, word < words.count else { return nil }
        var current = node
        for byte in words[word] {
            guard let child = children[current << 8 | Int(byte)] else { return nil }
            current = child
        }
        return live[current] ? current : nil
    }

    /// The clip whose key ends at `node`.
    func entry(at node: Int) -> Entry? {
        entries[node]
    }

    /// The clip whose key is `run` written together.
    func entry(for run: ArraySlice<Int>) -> Entry? {
        var node = Self.root
        for word in run {
            guard let next = self.node(after: node, word: word) else { return nil }
            node = next
        }
        return entries[node]
    }
}
