import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// The files the phone writes: the server's bytes where the samples are the
/// server's, and within the budget, the loudness target and the true-peak
/// ceiling where they come from the sped-up tier.
@Suite struct DeviceFileTests {
    /// The 16-bit path and the float path of the writer (the writer's own
    /// tests hold every format against libsndfile).
    @Test("the phone's file is the server's file, byte for byte", arguments: [
        try! OutputFormat(container: .caf, encoding: .pcm16), try! OutputFormat(container: .wav, encoding: .ulaw),
    ])
    func sameFile(format: OutputFormat) throws {
        let options = Announcer.Options(prefix: try Prefix("alipay"), format: format)
        let announcer = try DevicePackTests.announcer.with(options)
        let pack = try PackExport(announcer: announcer, manifestPath: DevicePackTests.manifestPath).make()
        let renderer = PackAnnouncer(pack: try DevicePack(data: Data(pack.encoded()), name: "pack"))
        let scratch = try ScratchFolder("device-file")
        defer { scratch.remove() }
        for text in ["0.01", "123.45", "100000", "87654321.09"] {
            let amount = try Amount(parsing: text)
            let message = try announcer.message(amount: amount, count: nil)
            let server = try announcer.render(amount).write(toDirectory: scratch.path)
            let phone = try renderer.render(message)
            #expect(phone.soundName == server.name, "\(format) \(text)")
            let expected = try [UInt8](Data(contentsOf: URL(fileURLWithPath: server.path)))
            #expect(try phone.fileBytes() == expected, "\(format) \(text)")
        }
    }

    @Test("announcements from the sped-up tier fit the budget at -16 ± 1 LUFS and under -1 dBTP, and are named apart")
    func tierFiles() throws {
        let pack = DevicePackTests.pack
        #expect(pack.tiers.count == 2)
        let renderer = PackAnnouncer(pack: pack)
        let scratch = try ScratchFolder("device-tier")
        defer { scratch.remove() }
        // The longest payments: eight-digit amounts of the longest digits,
        // after the longest prefixes, read as currency.
        var generator = SplitMix64(seed: 77)
        var checked = 0
        for _ in 0..<400 where checked < 12 {
            let fen = (0..<10).reduce(UInt64(0)) { value, _ in value * 10 + (generator.next() % 3 == 0 ? 2 : 3) }
            let prefix = try Prefix(generator.next() % 2 == 0 ? "alipay" : "collect")
            let options = ReadingOptions(style: .currency, liang: generator.next() % 2 == 0, leadYi: generator.next() % 2 == 0)
            let message = try Message(amount: try Amount(fen: fen), prefix: prefix, options: options)
            let phone = try renderer.render(message)
            guard phone.tierSpeed > 1 else { continue }
            checked += 1
            let path = scratch.path + "/" + phone.soundName
            try Data(try phone.fileBytes()).write(to: URL(fileURLWithPath: path))
            let (audio, info) = try SoundFile.readMono(path: path)
            #expect(Double(info.frames) / Double(info.sampleRate) <= pack.settings.budget)
            let measured = try Loudness(measuring: audio)
            #expect(abs(measured.integrated - pack.settings.loudnessTarget) <= 1, "\(message.text): \(measured.integrated) LUFS")
            #expect(measured.truePeak <= pack.settings.truePeakCeiling + 0.05, "\(message.text): \(measured.truePeak) dBTP")
            let server = try DevicePackTests.announcer.with(Announcer.Options(prefix: prefix, reading: options))
            #expect(try server.plan(message).soundName != phone.soundName)
        }
        #expect(checked >= 10, "only \(checked) amounts needed the sped-up tier")
    }
}
