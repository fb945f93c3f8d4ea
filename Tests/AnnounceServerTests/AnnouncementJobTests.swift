import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// The one path from an amount to its report, which render, explain and
/// batch share: what it writes, what it leaves alone, the push fields.
@Suite struct AnnouncementJobTests {
    static func job(_ text: String, name: String? = nil, id: String? = nil, at: Int? = nil) throws -> AnnouncementJob {
        AnnouncementJob(
            input: text, content: .filled(amount: try Amount(userInput: text), count: nil), name: name, announceID: id, at: at)
    }

    @Test("plan only: the explain fields, no audio, no file, no push fields")
    func planOnly() throws {
        let announcer = try SoundsFolderTests.announcer()
        let outcome = try Self.job("123.45", id: "order-1", at: 5).run(with: announcer, delivery: .planOnly)
        #expect(outcome.sound == nil)
        #expect(outcome.report == AnnouncementReport(input: "123.45", plan: outcome.plan, language: .mandarin))
        #expect(outcome.report.aps == nil && outcome.report.announceAt == nil && outcome.report.pushPayload(held: false) == nil)
    }

    @Test("a written sound's push: aps from the phrase and the file's name, its URL under the base, the job's id, and its time over the delivery's")
    func pushFields() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let announcer = try SoundsFolderTests.announcer()
        let delivery = AnnouncementJob.Delivery(
            folder: SoundsFolder(root: scratch.path), makesFolder: true, soundURLBase: "https://cdn.example.com/s//", at: 1_700_000_000)
        let own = try Self.job("8", id: "order-8", at: 1_767_225_600).run(with: announcer, delivery: delivery)
        let sound = try #require(own.sound)
        #expect(own.report.file == sound.path && own.report.sound == sound.name)
        #expect(own.report.aps == PushPayload(body: "到账八元", sound: sound.name))
        #expect(own.report.soundURL == "https://cdn.example.com/s/" + sound.name)
        #expect(own.report.announceID == "order-8" && own.report.announceAt == 1_767_225_600)
        let other = try Self.job("9").run(with: announcer, delivery: delivery)
        #expect(other.report.announceID == nil && other.report.announceAt == 1_700_000_000)
    }

    @Test("a burst reports its amounts as given and their total as its amount")
    func burst() throws {
        let announcer = try SoundsFolderTests.announcer()
        let texts = ["12.50", "3"]
        let job = AnnouncementJob(input: "12.50 3", content: .burst(try texts.map { try Amount(userInput: $0) }, texts: texts))
        let report = try job.run(with: announcer, delivery: .planOnly).report
        #expect(report.amounts == texts && report.amount == "15.50" && report.yuan == "15.50")
    }

    @Test("the folder is made only for an announcement that rendered: not for one over the budget or a refused name")
    func folderMadeAfterRendering() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = SoundsFolder(root: scratch.path)
        var options = Announcer.Options()
        options.rendering.budget = 1
        let announcer = try SoundsFolderTests.announcer(options)
        let delivery = AnnouncementJob.Delivery(folder: folder, makesFolder: true, soundURLBase: "https://cdn.example.com")
        #expect(throws: AudioError.self) { try Self.job("99999999.99").run(with: announcer, delivery: delivery) }
        #expect(throws: SoundName.Invalid.self) { try Self.job("1", name: "given.caf").run(with: announcer, delivery: delivery) }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        let written = try Self.job("1").run(with: announcer, delivery: delivery)
        #expect(FileManager.default.fileExists(atPath: try #require(written.sound).path))
    }
}
