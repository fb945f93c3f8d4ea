import AnnounceAudio
import AnnounceCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns one input line into one JSON result line. Shared by the worker
/// threads of `announce batch`.
final class BatchWorker: @unchecked Sendable {
    private let base: Announcer
    private let defaults: Announcer.Options
    private let durations: ClipDurations
    private let directory: String
    private let dryRun: Bool
    private let force: Bool
    private let fenByDefault: Bool

    private let lock = Lock()
    private var announcers: [Announcer.Options: Announcer] = [:]
    private var failureCount = 0
    private var fatal: String?

    /// The most announcers kept for per-item options; past it they are made afresh.
    static let announcerLimit = 64

    init(base: Announcer, defaults: Announcer.Options, durations: ClipDurations, directory: String,
         dryRun: Bool, force: Bool, fenByDefault: Bool) {
        self.base = base
        self.defaults = defaults
        self.durations = durations
        self.directory = directory
        self.dryRun = dryRun
        self.force = force
        self.fenByDefault = fenByDefault
        announcers[defaults] = base
    }

    var failures: Int { lock.withLock { failureCount } }
    /// Set when the output cannot be written: the batch stops reading.
    var stopped: Bool { lock.withLock { fatal != nil } }
    var fatalMessage: String? { lock.withLock { fatal } }

    func process(_ text: String, line: Int) -> String {
        let item: BatchItem
        do {
            item = try BatchItem.parse(text, line: line, fenByDefault: fenByDefault)
        } catch {
            return failed(line: line, amount: error.amountText ?? text, id: error.id, message: error.message)
        }
        do {
            let announcer = try announcer(for: item.options(over: defaults))
            let plan = try announcer.plan(item.amount)
            let clips = try durations.planned(plan.clips)
            if dryRun {
                return JSONLine.batch(BatchLine(explain: item, phrase: plan.phrase, clips: clips))
            }
            let name = try item.name.map { name throws(SoundName.Invalid) in
                try SoundName.validate(name, format: announcer.options.format)
                return name
            } ?? plan.soundName
            let path = Paths.join(directory, name)
            if !force, let cached = cachedResult(item: item, plan: plan, clips: clips, format: announcer.options.format,
                                                 path: path, name: name) {
                return cached
            }
            let announcement = try announcer.render(plan)
            let sound = try announcement.write(toDirectory: directory, name: name)
            return JSONLine.batch(BatchLine(item: item, announcement: announcement, clips: clips, sound: sound))
        } catch let error as AudioError where error.kind == .unwritable {
            lock.withLock { if fatal == nil { fatal = error.message } }
            return failed(line: line, amount: item.amountText, id: item.id, message: error.message)
        } catch {
            return failed(line: line, amount: item.amountText, id: item.id, message: "\(error)")
        }
    }

    /// The result for a sound that is already on disk, or nil to render it.
    /// `stat`, not FileManager: its attributes look up the owner's name, a
    /// name-service call per item.
    private func cachedResult(item: BatchItem, plan: Announcer.Plan, clips: [PlannedClip], format: OutputFormat,
                              path: String, name: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            let info = try? SoundFile.info(path: path)
        else { return nil }
        return JSONLine.batch(BatchLine(
            cached: item, phrase: plan.phrase, clips: clips, format: format, info: info,
            path: path, name: name, bytes: Int(status.st_size)))
    }

    private func announcer(for options: Announcer.Options) throws -> Announcer {
        if let known = lock.withLock({ announcers[options] }) { return known }
        let made = try base.with(options)
        lock.withLock {
            if announcers.count >= Self.announcerLimit { announcers = [defaults: base] }
            announcers[options] = made
        }
        return made
    }

    private func failed(line: Int, amount: String, id: JSONValue?, message: String) -> String {
        lock.withLock { failureCount += 1 }
        return JSONLine.batch(BatchLine(line: line, amount: amount, id: id, error: message))
    }
}
