import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The bundled Cantonese voice (Clips/cantonese) through the same checks as
/// the default voice: the worst cases `voice check` finds fit the budget at
/// the target loudness, every message preset with every prefix preset says,
/// its readings are Cantonese's, and golden files hold its samples byte for
/// byte (recorded as GoldenTests says).
@Suite(.serialized)
struct CantoneseVoiceTests {
    static let folder = RepositoryPaths.file("Clips/cantonese").path

    static func announcer(prefix: String = "alipay", template: String = "payment") throws -> Announcer {
        try Announcer(
            voice: try Voice(at: folder),
            options: .init(prefix: try Prefix(prefix), template: try Template(template), format: try OutputFormat(container: .wav, encoding: .pcm16)))
    }

    /// The rendered file's duration, loudness and true peak.
    static func measure(_ announcement: Announcement) throws -> (duration: Double, loudness: Double, truePeak: Double) {
        let scratch = try ScratchFolder("cantonese")
        defer { scratch.remove() }
        let written = try announcement.write(toDirectory: scratch.path, name: "a.wav")
        let audio = try SoundFile.readMono(path: written.path).audio
        let measured = try Loudness(measuring: audio)
        return (Double(audio.samples.count) / Double(audio.sampleRate), measured.integrated, measured.truePeak)
    }

    @Test("the voice speaks Cantonese: its manifest says so, it reads 两 before units, and it has no clip rules")
    func language() throws {
        let voice = try Voice(at: Self.folder)
        #expect(voice.language == .cantonese && voice.id == "cantonese")
        #expect(voice.manifest.rules.isEmpty)
        let plan = try Self.announcer().plan(try Amount(parsing: "200"))
        #expect(plan.text == "支付宝到账两百元")
        #expect(try Self.announcer().plan(try Amount(parsing: "12")).text == "支付宝到账十二元")
        #expect(throws: LanguageError.self) {
            try Announcer(voice: voice, options: .init(reading: ReadingOptions(leadYi: true)))
        }
    }

    @Test("the longest payment of each prefix preset, and the longest summary, fit 6 s at -16 LUFS", arguments: ["到账", "alipay", "wechat", "collect", "none"])
    func worstCases(prefix: String) throws {
        // The worst cases voice check finds for this voice (33333333.33 in
        // the currency reading, 333 payments of 3333333.33 in a summary).
        let wav = try OutputFormat(container: .wav, encoding: .pcm16)
        let payment = try Announcer(
            voice: try Voice(at: Self.folder), options: .init(prefix: try Prefix(prefix), reading: ReadingOptions(style: .currency), format: wav))
        let summaryAnnouncer = try Announcer(
            voice: try Voice(at: Self.folder),
            options: .init(prefix: try Prefix(prefix), reading: ReadingOptions(style: .currency), template: try Template("summary"), format: wav))
        let announcements = [
            try payment.render(try Amount(parsing: "33333333.33")),
            try summaryAnnouncer.render(
                try summaryAnnouncer.plan(try Message(
                    template: try Template("summary"), amount: try Amount(parsing: "3333333.33"), count: try Count(333),
                    prefix: try Prefix(prefix), options: ReadingOptions(style: .currency, liang: true)))),
        ]
        for announcement in announcements {
            let measured = try Self.measure(announcement)
            #expect(measured.duration <= 6.0, "\(prefix)")
            #expect(abs(measured.loudness - -16) < 0.5, "\(prefix): \(measured.loudness) LUFS")
            #expect(measured.truePeak <= -1.0, "\(prefix): \(measured.truePeak) dBTP")
        }
    }

    @Test("every message preset says with every prefix preset")
    func everyMessage() throws {
        for template in Template.presets.map(\.name) {
            for prefix in ["到账", "alipay", "wechat", "collect", "none"] where Template.presets.first(where: { $0.name == template })!.template.slots.contains(.prefix) || prefix == "none" {
                let announcer = try Self.announcer(prefix: prefix, template: template)
                let slots = try Template(template).slots
                let message = try Message(
                    template: try Template(template), amount: slots.contains(.amount) ? try Amount(parsing: "2.05") : nil,
                    count: slots.contains(.count) ? try Count(2) : nil, prefix: try Prefix(prefix), options: ReadingOptions(liang: true))
                let announcement = try announcer.render(try announcer.plan(message))
                #expect(announcement.duration <= 6.0, "\(template) \(prefix)")
            }
        }
    }

    @Test("golden Cantonese announcements", arguments: ["0.01", "123.45", "200", "99999999.99"])
    func golden(amount: String) throws {
        let announcer = try Self.announcer()
        let announcement = try announcer.render(try Amount(parsing: amount))
        let scratch = try ScratchFolder("golden")
        defer { scratch.remove() }
        let rendered = try announcement.write(toDirectory: scratch.path, name: "golden.wav")
        try GoldenTests.assertGolden(rendered.path, named: "yue-alipay-\(amount).wav", sound: announcement.soundName)
    }

    @Test("the Cantonese pack: 600 random announcements with the server's samples and names at natural speed; a message made for another language is refused")
    func pack() throws {
        let announcer = try Announcer(voice: try Voice(at: Self.folder))
        let made = try PackExport(announcer: announcer, manifestPath: Self.folder + "/voice.json").make()
        let pack = try DevicePack(data: Data(made.encoded()), name: "cantonese.announcepack")
        let phone = PackAnnouncer(pack: pack)
        #expect(phone.language == .cantonese)
        var generator = SplitMix64(seed: 852)
        var natural = 0
        for _ in 0..<600 {
            let prefix = Prefix.presets[Int(generator.next() % UInt64(Prefix.presets.count))].prefix
            let style = ReadingStyle.allCases[Int(generator.next() % 2)]
            let template: Template = generator.next() % 4 == 0 ? try Template("refund") : .payment
            let options = Announcer.Options(prefix: prefix, reading: ReadingOptions(style: style), template: template)
            let server = try announcer.with(options)
            let amount = DevicePackTests.amount(&generator, maximum: pack.maximumAmount.fen)
            let plan = try server.plan(amount)
            #expect(plan.message.options.liang)
            let expected = try server.render(plan)
            let said = try phone.render(PushMessage(plan.message, language: .cantonese))
            guard expected.speed == 1 else {
                #expect(said.soundName != plan.soundName)
                continue
            }
            natural += 1
            #expect(said.soundName == plan.soundName, "\(plan.text)")
            #expect(said.rendered.samples == expected.rendered.samples, "\(plan.text)")
        }
        #expect(natural > 500)
        // A Mandarin server's message, and one read without 两.
        let mandarin = try Message(amount: try Amount(parsing: "200"))
        #expect(throws: PackError.self) { try phone.render(PushMessage(mandarin)) }
        #expect { try phone.render(mandarin) } throws: { ($0 as? PackError)?.kind == .otherLanguage }
        #expect { try PackAnnouncer(pack: DevicePackTests.pack).render(PushMessage(mandarin, language: .cantonese)) } throws: { error in
            (error as? PackError)?.kind == .otherLanguage
                && "\(error)" == "the message was made for a Cantonese voice; the pack's voice 'default' speaks Mandarin"
        }
    }
}
