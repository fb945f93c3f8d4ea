import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

struct AnnouncerTests {
    static let voice = RepositoryPaths.bundledVoice.path

    @Test("names come from content: same inputs, same name; any change, another name")
    func contentNames() throws {
        let voice = try Voice(at: Self.voice)
        let amount = try Amount(parsing: "123.45")
        let base = try Announcer(voice: voice).soundName(for: amount)
        #expect(base.hasPrefix("announce-123.45-") && base.hasSuffix(".caf"))
        #expect(base.count == "announce-123.45-12345678.caf".count)
        #expect(base.allSatisfy { $0.isASCII && !$0.isUppercase })
        #expect(try Announcer(voice: voice).soundName(for: amount) == base)
        #expect(try Announcer(voice: voice).render(amount).soundName == base)
        let variants: [Announcer.Options] = [
            .init(prefix: try Prefix("alipay")), .init(reading: ReadingOptions(style: .currency)),
            .init(format: try OutputFormat(container: .wav, encoding: .pcm16)),
            .init(format: try OutputFormat(container: .caf, encoding: .ulaw)), .init(rendering: RenderSettings(sampleRate: 22050)),
            .init(rendering: RenderSettings(budget: 5)), .init(rendering: RenderSettings(maxSpeed: 1.2)),
        ]
        var names: Set<String> = [base]
        for options in variants {
            names.insert(try Announcer(voice: voice, options: options).soundName(for: amount))
        }
        #expect(names.count == variants.count + 1)
        #expect(try Announcer(voice: voice).soundName(for: try Amount(parsing: "123.4")) != base)
    }

    @Test("a changed clip file changes the name")
    func voiceContentInName() throws {
        let scratch = try ScratchFolder("name")
        defer { scratch.remove() }
        let directory = scratch.url("voice")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.voice), to: directory)
        let amount = try Amount(parsing: "5")
        let before = try Announcer(voice: try Voice(at: directory.path)).soundName(for: amount)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("wu3.wav"))
        try FileManager.default.copyItem(at: directory.appendingPathComponent("si4.wav"), to: directory.appendingPathComponent("wu3.wav"))
        #expect(try Announcer(voice: try Voice(at: directory.path)).soundName(for: amount) != before)
    }

    @Test("without a rate in the manifest, the output rate is the clips' rate")
    func rateFromClips() throws {
        let scratch = try ScratchFolder("rate")
        defer { scratch.remove() }
        let directory = scratch.url("voice")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.voice), to: directory)
        let manifestURL = directory.appendingPathComponent("voice.json")
        var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any] ?? [:]
        #expect(manifest.removeValue(forKey: "sampleRate") as? Int == 16000)
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        let voice = try Voice(at: directory.path)
        #expect(voice.manifest.sampleRate == nil)
        #expect(try Announcer(voice: voice).render(try Amount(parsing: "5")).audio.sampleRate == 16000)
    }

    @Test("every amount up to 99,999,999.99 fits 6 s with every preset prefix: the worst cases")
    func worstCasesFit() throws {
        let voice = try Voice(at: Self.voice)
        let worst = ["99999999.99", "77777777.77", "97979797.97", "79999999.99", "99999999", "9999.99", "99990009.99",
                     "90909090.99", "70707070.77", "99999997.79"]
        for preset in Prefix.presets.map(\.prefix) + [.standard] {
            for style in ReadingStyle.allCases {
                let announcer = try Announcer(voice: voice, options: .init(prefix: preset, reading: ReadingOptions(style: style)))
                for text in worst {
                    let announcement = try announcer.render(try Amount(parsing: text))
                    #expect(announcement.audio.samples.count <= 6 * announcement.audio.sampleRate, "\(preset.text) \(text)")
                    #expect(announcement.speed <= 1.35)
                }
            }
        }
    }

    @Test("an amount that cannot fit says what it needs")
    func overBudget() throws {
        let announcer = try Announcer(voice: try Voice(at: Self.voice), options: .init(prefix: try Prefix("alipay"), rendering: RenderSettings(budget: 3)))
        #expect {
            try announcer.render(try Amount(parsing: "99999999.99"))
        } throws: { error in
            let message = (error as? AudioError)?.message ?? ""
            return (error as? AudioError)?.kind == .overBudget && message.hasPrefix("99999999.99 needs ")
                && message.hasSuffix(" s at 1.35x; budget is 3.0 s")
        }
    }

    @Test("sound names given by the user are checked", arguments: [
        ("ok-name_1.caf", true), ("Pay.caf", true), ("../x.caf", false), ("a/b.caf", false), (".hidden.caf", false),
        ("a..b.caf", false), ("名字.caf", false), ("x.wav", false), (".caf", false), ("sp ace.caf", false), ("x.caf\n", false),
    ])
    func names(name: String, valid: Bool) {
        let result = Result { () throws(SoundName.Invalid) in try SoundName.validate(name, format: .default) }
        #expect((try? result.get()) != nil ? valid : !valid)
    }
}
