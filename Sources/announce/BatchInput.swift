/// The items of a batch, handed out one at a time to whichever worker asks,
/// in input order, each with its sequence number and line number.
final class BatchInput: @unchecked Sendable {
    /// One non-blank input line.
    struct Item {
        /// 0, 1, 2, … over the items (blank lines are not items).
        let sequence: Int
        /// The line number in the input, from 1.
        let line: Int
        let text: String
    }

    private let lock = Lock()
    private let reader: LineReader
    private let ordered: OrderedOutput
    private let progress: BatchProgress
    private var sequence = 0
    private var lineNumber = 0

    init(reader: LineReader, ordered: OrderedOutput, progress: BatchProgress) {
        self.reader = reader
        self.ordered = ordered
        self.progress = progress
    }

    /// How many items have been handed out.
    var count: Int { lock.withLock { sequence } }

    /// The next item, or nil at the end of the input. Waits first until the
    /// output has room for one more result, so memory stays flat.
    func next() -> Item? {
        lock.withLock {
            ordered.reserve()
            while let text = reader.next() {
                lineNumber += 1
                if text.allSatisfy({ $0.isWhitespace }) { continue }
                progress.read(bytes: reader.bytesRead)
                defer { sequence += 1 }
                return Item(sequence: sequence, line: lineNumber, text: text)
            }
            ordered.release()
            return nil
        }
    }
}
