import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The bundled Hong Kong Cantonese voice (Clips/cantonese-hk): it speaks
/// yue-Hant-HK with its own presets, reuses the Cantonese voice's files
/// where the Jyutping is the same, and a phone's pack renders what the
/// server renders, byte for byte, from the push's own JSON.
@Suite(.serialized)
struct HongKongVoiceTests {
    static let folder = RepositoryPaths.file("Clips/cantonese-hk").path
    static let hongKong = Language.cantoneseHongKong

    @Test("the voice speaks Hong Kong Cantonese: traditional text, its presets, and Cantonese's files where the Jyutping is the same")
    func language() throws {
        let voice = try Voice(at: Self.folder)
        #expect(voice.language == Self.hongKong && voice.id == "cantonese-hk")
        #expect(voice.manifest.rules.isEmpty)
        let announcer = try Announcer(voice: voice, options: .init(prefix: try Prefix("fps")))
        #expect(try announcer.plan(try Amount(parsing: "200")).text == "轉數快兩百港元")
        let standard = try Announcer(voice: voice, options: .init(reading: ReadingOptions(style: .currency)))
        #expect(try standard.plan(try Amount(parsing: "2.2")).text == "到賬兩蚊兩毫")
        #expect(throws: PrefixError.self) { try Announcer(voice: voice, options: .init(prefix: try Prefix("collect"))) }
        let cantonese = RepositoryPaths.file("Clips/cantonese")
        var shared = 0
        for file in Set(voice.manifest.clips.values) {
            let other = cantonese.appendingPathComponent(file).path
            guard FileManager.default.fileExists(atPath: other) else { continue }
            shared += 1
            #expect(FileManager.default.contentsEqual(atPath: other, andPath: Self.folder + "/" + file), "\(file)")
        }
        #expect(shared >= 20)
    }

    @Test("every message preset says with every prefix preset within the budget")
    func everyMessage() throws {
        let voice = try Voice(at: Self.folder)
        for (name, template) in Self.hongKong.templatePresets {
            let prefixes = template.slots.contains(.prefix) ? Self.hongKong.prefixPresets.map(\.prefix) + [Self.hongKong.standardPrefix] : [Prefix.presets.last!.prefix]
            for prefix in prefixes {
                for style in ReadingStyle.allCases {
                    let announcer = try Announcer(
                        voice: voice, options: .init(prefix: prefix, reading: ReadingOptions(style: style), template: template))
                    let message = try announcer.message(
                        amount: template.slots.contains(.amount) ? try Amount(parsing: "2.05") : nil,
                        count: template.slots.contains(.count) ? try Count(2) : nil)
                    #expect(try announcer.render(try announcer.plan(message)).duration <= 6.0, "\(name) \(prefix.text)")
                }
            }
        }
    }

    @Test("the Hong Kong pack: 400 random announcements read back from the push's JSON with the server's samples and names")
    func pack() throws {
        let announcer = try Announcer(voice: try Voice(at: Self.folder))
        let made = try PackExport(announcer: announcer, manifestPath: Self.folder + "/voice.json").make()
        let pack = try DevicePack(data: Data(made.encoded()), name: "cantonese-hk.announcepack")
        let phone = PackAnnouncer(pack: pack)
        #expect(phone.language == Self.hongKong)
        let prefixes = Self.hongKong.prefixPresets.map(\.prefix) + [Self.hongKong.standardPrefix]
        let templates = [Template.payment, .refund, .topup]
        var generator = SplitMix64(seed: 852)
        var natural = 0
        for _ in 0..<400 {
            let prefix = prefixes[Int(generator.next() % UInt64(prefixes.count))]
            let style = ReadingStyle.allCases[Int(generator.next() % 2)]
            let template = templates[Int(generator.next() % UInt64(templates.count))]
            let server = try announcer.with(Announcer.Options(prefix: prefix, reading: ReadingOptions(style: style), template: template))
            let amount = DevicePackTests.amount(&generator, maximum: pack.maximumAmount.fen)
            let plan = try server.plan(amount)
            let expected = try server.render(plan)
            // What the phone reads: the push's JSON, parsed back.
            let line = PushMessage(plan.message, language: Self.hongKong).object.line
            let push = try PushMessage(fields: try JSONSerialization.jsonObject(with: Data(line.utf8)))
            #expect(push.message.text == plan.text, "\(line)")
            let said = try phone.render(push)
            guard expected.speed == 1 else { continue }
            natural += 1
            #expect(said.soundName == plan.soundName, "\(plan.text)")
            #expect(said.rendered.samples == expected.rendered.samples, "\(plan.text)")
        }
        #expect(natural > 300)
        // A Cantonese (Guangzhou) server's message is another language's.
        let cantonese = try Message(amount: try Amount(parsing: "200"), options: try Language.cantonese.readingOptions(ReadingOptions()), language: .cantonese)
        #expect { try phone.render(PushMessage(cantonese, language: .cantonese)) } throws: { ($0 as? PackError)?.kind == .otherLanguage }
    }
}
