import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The phone's renderer against the server's: the same samples and names
/// wherever the server joins at natural speed, another name wherever the
/// phone joins its sped-up tier.
@Suite struct DevicePackTests {
    /// The bundled voice, the default settings, CAF 16-bit.
    static let announcer: Announcer = {
        try! Announcer(voice: try! Voice(at: RepositoryPaths.bundledVoice.path))
    }()
    static let manifestPath = RepositoryPaths.bundledVoice.appendingPathComponent("voice.json").path
    /// The pack, made and read back as the phone reads it.
    static let pack: DevicePack = {
        let made = try! PackExport(announcer: announcer, manifestPath: manifestPath).make()
        return try! DevicePack(data: Data(made.encoded()), name: "default.announcepack")
    }()

    /// A random amount up to `maximum` fen, with every number of digits as
    /// likely, and round amounts often.
    static func amount(_ generator: inout SplitMix64, maximum: UInt64) -> Amount {
        let digits = Int(generator.next() % 11) + 1
        var fen = generator.next() % min(maximum, (0..<digits).reduce(UInt64(1)) { value, _ in value * 10 })
        switch generator.next() % 4 {
        case 0: fen -= fen % 100
        case 1: fen -= fen % 10_000
        default: break
        }
        return try! Amount(fen: max(1, min(fen, maximum)))
    }

    /// A random message the bundled voice covers: every prefix preset,
    /// reading option and message preset, counts and bursts.
    static func message(_ generator: inout SplitMix64) throws -> (Message, Announcer.Options) {
        let prefix = Prefix.presets[Int(generator.next() % UInt64(Prefix.presets.count))].prefix
        let options = ReadingOptions.allCombinations[Int(generator.next() % UInt64(ReadingOptions.allCombinations.count))]
        let template = Template.presets[Int(generator.next() % UInt64(Template.presets.count))].template
        let maximum = pack.maximumAmount.fen
        var settings = Announcer.Options(prefix: prefix, reading: options, template: template)
        if template == .summary && generator.next() % 2 == 0 {
            var amounts: [Amount] = []
            for _ in 0..<Int(generator.next() % 5) + 2 { amounts.append(Self.amount(&generator, maximum: 100_000_00)) }
            settings.template = .payment
            return (try Message.burst(amounts, prefix: prefix, options: options), settings)
        }
        let slots = template.slots
        let amountMaximum = template == .summary ? UInt64(Message.summaryMaximumTotalFen) : maximum
        let amount = slots.contains(.amount) ? Self.amount(&generator, maximum: amountMaximum) : nil
        let count = slots.contains(.count) ? try Count(Int(generator.next() % UInt64(Message.summaryMaximumCount)) + 1) : nil
        return (try Message(template: template, amount: amount, count: count, prefix: prefix, options: options), settings)
    }

    static func firstDifference(_ a: RenderedSamples, _ b: RenderedSamples) -> String {
        guard case .pcm16(let a) = a, case .pcm16(let b) = b else { return "? (not 16-bit)" }
        if a.count != b.count { return "? (\(a.count) frames against \(b.count))" }
        return a.indices.first { a[$0] != b[$0] }.map(String.init) ?? "none"
    }

    @Test("2,000 random announcements: the phone's samples and names are the server's at natural speed")
    func sameSamples() throws {
        let renderer = PackAnnouncer(pack: Self.pack)
        var generator = SplitMix64(seed: 2026)
        var natural = 0
        var tier = 0
        var limited = 0
        var fallback = 0
        for _ in 0..<2_000 {
            let (message, options) = try Self.message(&generator)
            let server = try Self.announcer.with(options)
            let plan = try server.plan(message)
            let expected = try server.render(plan)
            let phone: Announcement
            do {
                phone = try renderer.render(message)
            } catch {
                // The sped-up tier is made for the payment sentence; a longer
                // message that needs more is said from the server's file.
                #expect(expected.speed > 1 && message.template != .payment, "\(message.text): \(error)")
                fallback += 1
                continue
            }
            if expected.speed == 1 {
                natural += 1
                if expected.rendered.limiting > 0 { limited += 1 }
                #expect(phone.tierSpeed == 1, "\(message.text)")
                #expect(phone.soundName == plan.soundName, "\(message.text)")
                if phone.rendered.samples != expected.rendered.samples {
                    Issue.record("\(message.text): samples differ, first at frame \(Self.firstDifference(phone.rendered.samples, expected.rendered.samples))")
                }
            } else {
                tier += 1
                #expect(phone.tierSpeed > 1, "\(message.text)")
                #expect(phone.soundName != plan.soundName, "\(message.text)")
            }
            #expect(phone.duration <= Self.pack.settings.budget)
        }
        // Both of the phone's routes and the limiter's are taken.
        #expect(natural >= 1_900 && tier > 0 && limited > 100, "natural \(natural), limited \(limited), sped-up tier \(tier), server file \(fallback)")
    }
}
