import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

/// Many announcements for a backend: lines of input (a bare amount or a
/// JSON item) or ``BatchItem`` values, each answered by one ``Result`` with
/// its JSON line, in input order.
///
/// ```swift
/// let pipeline = BatchPipeline(announcer: announcer, folder: SoundsFolder(root: "/srv/sounds"),
///                              options: .init(jobs: 4))
/// let summary = try pipeline.run(readingFrom: "items.txt") { result in
///     print(result.jsonLine, terminator: "")
/// }
/// ```
///
/// ``run(readingFrom:emit:drained:)`` reads with one thread at a time, renders on `jobs`
/// threads, and hands each result to `emit` as soon as it and every earlier
/// one are done; at most 8 items per job are in flight, so memory stays flat
/// however long the input. ``process(_:line:)-(String,_)`` answers one line, for a
/// caller with its own threads. Sounds already in the folder with exactly
/// the bytes an item makes are not written again (`cached`).
public final class BatchPipeline: Sendable {
    /// How a batch runs.
    public struct Options: Sendable {
        /// How many announcements to render at once.
        public var jobs: Int
        /// Plan only: report the explain fields, write nothing.
        public var dryRun: Bool
        /// Write every file again, even one already there with these bytes.
        public var force: Bool
        /// Bare amounts are whole numbers of fen.
        public var fenByDefault: Bool
        /// Flush every file and its folder entry to the disk before its result is reported.
        public var durable: Bool
        /// Where the files are served, to give each report its sound URL.
        public var soundURLBase: String?
        /// When the payments were taken, seconds since 1970, for items
        /// without `at`; nil: the time each is rendered.
        public var at: Int?

        /// Options for `jobs` render threads (at least 1), with the other
        /// settings off and no sound URL unless given.
        public init(
            jobs: Int = 1, dryRun: Bool = false, force: Bool = false, fenByDefault: Bool = false, durable: Bool = false,
            soundURLBase: String? = nil, at: Int? = nil
        ) {
            self.at = at
            self.jobs = max(1, jobs)
            self.dryRun = dryRun
            self.force = force
            self.fenByDefault = fenByDefault
            self.durable = durable
            self.soundURLBase = soundURLBase
        }
    }

    /// One answered item.
    public struct Result: Sendable {
        /// The item's report, with `line` (and `id`, `cached`) set.
        package var report: AnnouncementReport
        /// The category of the item's fault; nil when it went through.
        public var failure: ErrorCategory?

        /// The item's JSON line, newline included: the `render --json`
        /// fields plus `line`, `id` and `cached`, or `error` for a failure.
        public var jsonLine: String { report.jsonLine }
        /// The input line number the item came from.
        public var line: Int? { report.line }
        /// The one-line message of the item's fault.
        public var error: String? { report.error }
        /// The sound's file name, for `aps.sound` (nil for a failure or a dry run).
        public var soundName: String? { report.sound }
        /// The sound's path (nil for a failure or a dry run).
        public var file: String? { report.file }
        /// Whether a file with exactly these bytes was already there, so
        /// nothing was written.
        public var cached: Bool { report.cached ?? false }
        /// The amount in yuan, exactly (`123.45`, `0.05`); nil for a failure
        /// or a message without an amount.
        public var yuan: String? { report.yuan }
        /// The push to send for this sound, as one line of JSON without a
        /// newline: `aps` with `announce-at`, `announce-id` and
        /// `announce-sound-url` where set. Nil for a failure or a dry run.
        public var pushPayload: String? { report.pushPayload(held: false) }
        /// The push for this payment when it is held back in a burst: its
        /// banner, no sound (docs/IOS.md, "Bursts"). Nil for a failure or a dry run.
        public var heldPushPayload: String? { report.pushPayload(held: true) }
    }

    /// How far a run has got.
    public struct Progress: Sendable {
        /// Items answered and handed on.
        public var done: Int
        /// How many of them failed.
        public var failures: Int
        /// Input bytes read.
        public var bytesRead: Int
    }

    /// How a run went.
    public struct Summary: Sendable, Equatable {
        /// How many items were taken (blank lines are not items).
        public var items: Int
        /// How many of them failed.
        public var failures: Int
        /// The most serious fault any item met (categories are ordered by
        /// how much they stop); nil when every item went through.
        public var worst: ErrorCategory?
        /// Why the run stopped early: the output could not be written, or the
        /// input could not be read.
        public var stoppedBy: String?
    }

    /// The most announcers kept for per-item options; past it they are made afresh.
    static let announcerLimit = 64

    private let base: Announcer
    private let options: Options
    /// Where every item's sound goes: nowhere for a dry run.
    private let delivery: AnnouncementJob.Delivery
    /// Why `options.soundURLBase` cannot be used, found once: every item
    /// is then refused (the command line refuses such a base up front).
    private let soundURLBaseProblem: String?
    private let state: LockedState<State>

    /// Loads the voice a batch item names (`"voice"`), once per batch.
    public typealias VoiceLoader = @Sendable (String) throws -> Voice

    /// The announcer of a voice (nil: the batch's own) with some options.
    private struct Key: Hashable {
        let voice: String?
        let options: Announcer.Options
    }

    private let loadVoice: VoiceLoader?

    private struct State {
        var announcers: [Key: Announcer] = [:]
        /// Each named voice's announcer with the batch's options.
        var voices: [String: Announcer] = [:]
        var failures = 0
        var worst: ErrorCategory?
        var stoppedBy: String?
    }

    /// A pipeline rendering with `announcer`'s voice and options (the
    /// defaults every item may override) into `folder`, which must exist
    /// unless `options.dryRun`.
    /// `voices` loads a voice an item names by `"voice"` (nil: such an item
    /// is refused); each is loaded once per batch.
    public init(announcer: Announcer, folder: SoundsFolder, options: Options = Options(), voices: VoiceLoader? = nil) {
        base = announcer
        loadVoice = voices
        self.options = options
        delivery = AnnouncementJob.Delivery(
            folder: options.dryRun ? nil : folder, reuse: !options.force, durable: options.durable,
            soundURLBase: options.soundURLBase, at: options.at)
        soundURLBaseProblem = options.soundURLBase.flatMap { PushPayload.validate(base: $0) }
        state = LockedState(State(announcers: [Key(voice: nil, options: announcer.options): announcer]))
    }

    /// Answers one line of input (not blank): its report and fault.
    /// Thread-safe.
    public func process(_ text: String, line: Int) -> Result {
        process(Array(text.utf8), line: line)
    }

    /// Answers one line of input given as bytes (invalid UTF-8 in a JSON
    /// item is refused, not replaced). Thread-safe.
    public func process(_ bytes: [UInt8], line: Int) -> Result {
        var result = answer(bytes, line: line)
        result.report.line = line
        return tally(result)
    }

    /// Counts a result's fault into the run's state.
    private func tally(_ result: Result) -> Result {
        if let failure = result.failure {
            state.withLock { state in
                state.failures += 1
                state.worst = max(state.worst ?? failure, failure)
                if failure == .output, state.stoppedBy == nil { state.stoppedBy = result.report.error }
            }
        }
        return result
    }

    /// Answers one item built by the caller: its report and fault.
    /// Thread-safe.
    public func process(_ item: BatchItem) -> Result {
        // A parsed line had its push fields checked as it was read.
        var result = item.pushProblem.map { refuse(item, $0, code: .badField, as: .rejectedInput) } ?? answer(item)
        if item.line > 0 { result.report.line = item.line }
        return tally(result)
    }

    private func answer(_ bytes: [UInt8], line: Int) -> Result {
        let item: BatchItem
        do {
            item = try BatchItem.parse(bytes, line: line, fenByDefault: options.fenByDefault)
        } catch {
            var report = AnnouncementReport(
                item: String(decoding: bytes, as: UTF8.self), code: error.code, error: error.message,
                amount: error.amountText, amounts: error.amountTexts)
            report.id = error.id
            return Result(report: report, failure: error.category)
        }
        return answer(item)
    }

    /// The result of an item that failed: its line, what is wrong, and its
    /// amount if it was read.
    private func refuse(_ item: BatchItem, _ problem: String, code: BatchErrorCode, as failure: ErrorCategory) -> Result {
        var report = AnnouncementReport(
            item: item.input, code: code, error: problem, amount: item.amount == nil ? nil : item.amountText,
            amounts: item.amountTexts)
        report.id = item.id
        return Result(report: report, failure: failure)
    }

    private func answer(_ item: BatchItem) -> Result {
        // The command's own option: the command line refuses it before any item.
        if let problem = soundURLBaseProblem { return refuse(item, "sound URL base: \(problem)", code: .badField, as: .usage) }
        do {
            let voiceBase = try item.voice.map(announcer(voice:)) ?? base
            let announcer = try announcer(for: item.options(over: voiceBase.options), base: voiceBase, voice: item.voice)
            var outcome = try item.job.run(with: announcer, delivery: delivery)
            outcome.report.id = item.id
            outcome.report.cached = outcome.sound?.reused
            return Result(report: outcome.report, failure: nil)
        } catch {
            let code = BatchErrorCode(of: error)
            return refuse(item, ErrorCategory.message(for: error), code: code, as: code.category)
        }
    }

    /// The announcer for an item's options: the voice's base one, or one
    /// made for them (sharing the voice's digest and clip cache) and kept.
    private func announcer(for options: Announcer.Options, base: Announcer, voice: String?) throws -> Announcer {
        let key = Key(voice: voice, options: options)
        if let known = state.withLock({ $0.announcers[key] }) { return known }
        let made = try base.with(options)
        state.withLock { state in
            if state.announcers.count >= Self.announcerLimit {
                state.announcers = [Key(voice: nil, options: self.base.options): self.base]
            }
            state.announcers[key] = made
        }
        return made
    }

    /// The announcer of the voice an item names, with the batch's options:
    /// loaded the first time, under the lock, so each voice is read once.
    private func announcer(voice name: String) throws -> Announcer {
        try state.withLock { (state: inout State) throws -> Announcer in
            if let known = state.voices[name] { return known }
            guard let loadVoice else {
                throw VoiceError(.notFound, "no voice \(MessageText.quoted(name)) for this batch: it names no voices")
            }
            let made = try Announcer(voice: try loadVoice(name), options: base.options)
            state.voices[name] = made
            return made
        }
    }

    /// Whether a fault has stopped the run (the output cannot be written).
    public var stopped: Bool { state.withLock { $0.stoppedBy != nil } }

    /// Reads the file at `path` one item per line, answers each non-blank
    /// one on `options.jobs` threads, and hands the results to `emit` in
    /// input order. Stops taking lines once the output cannot be written.
    /// - Parameters:
    ///   - path: the input file; nil or `-` reads standard input.
    ///   - emit: called once per item, in order, one call at a time.
    ///   - drained: called after the results that became ready together were
    ///     emitted (the moment to flush an output) with the progress so far.
    /// - Throws: ``/AnnounceCommon/AudioError`` of kind `unreadable` when the file cannot
    ///   be opened (a folder, missing, not readable).
    public func run(
        readingFrom path: String?, emit: @escaping @Sendable (Result) -> Void,
        drained: (@Sendable (Progress) -> Void)? = nil
    ) throws(AudioError) -> Summary {
        run(lines: try LineReader(path: path), emit: emit, drained: drained)
    }

    /// ``run(readingFrom:emit:drained:)`` over lines already opened
    /// (standard input for `announce batch -`).
    package func run(
        lines: LineReader, emit: @escaping @Sendable (Result) -> Void,
        drained: (@Sendable (Progress) -> Void)? = nil
    ) -> Summary {
        let input = LockedState(Input(reader: lines))
        // A leaf lock: written under the input's lock, read under the
        // output's, never holding another.
        let bytesRead = LockedState(0)
        let ordered = OrderedOutput<Result>(window: options.jobs * 8, emit: emit) { [self] done in
            let failures = state.withLock { $0.failures }
            drained?(Progress(done: done, failures: failures, bytesRead: bytesRead.withLock { $0 }))
        }
        WorkerThreads.run(count: options.jobs) { [self] in
            while !stopped {
                ordered.reserve()
                guard let next = input.withLock({ input in
                    defer { bytesRead.withLock { $0 = input.bytesRead } }
                    return input.next()
                }) else {
                    ordered.release()
                    break
                }
                let result: Result
                switch next.line {
                case .bytes(let bytes):
                    result = process(bytes, line: next.number)
                case .tooLong(let count):
                    result = reject(LineReader.tooLongMessage(line: next.number, bytes: count), line: next.number)
                }
                ordered.complete(next.sequence, result)
            }
        }
        let items = input.withLock { $0.sequence }
        if let failure = lines.failure {
            state.withLock { state in
                state.worst = max(state.worst ?? .voice, .voice)
                if state.stoppedBy == nil { state.stoppedBy = "cannot read the input: \(failure)" }
            }
        }
        return state.withLock { state in
            Summary(items: items, failures: state.failures, worst: state.worst, stoppedBy: state.stoppedBy)
        }
    }

    /// A line refused before it is parsed.
    private func reject(_ message: String, line: Int) -> Result {
        var report = AnnouncementReport(item: nil, code: .lineTooLong, error: message, amount: nil, amounts: nil)
        report.line = line
        state.withLock { state in
            state.failures += 1
            state.worst = max(state.worst ?? .rejectedInput, .rejectedInput)
        }
        return Result(report: report, failure: .rejectedInput)
    }

    /// The input side: lines handed out one at a time, blank ones skipped.
    private struct Input {
        let reader: LineReader
        var sequence = 0
        var number = 0
        var bytesRead: Int { reader.bytesRead }

        /// Whether a line holds only white space (Unicode's, as `\u{3000}`).
        static func isBlank(_ bytes: [UInt8]) -> Bool {
            if let first = bytes.first, first == UInt8(ascii: "{") || (0x30...0x39).contains(first) { return false }
            return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
        }

        mutating func next() -> (sequence: Int, number: Int, line: LineReader.Line)? {
            while let line = reader.next() {
                number += 1
                if case .bytes(let bytes) = line, Self.isBlank(bytes) { continue }
                defer { sequence += 1 }
                return (sequence, number, line)
            }
            return nil
        }
    }
}
