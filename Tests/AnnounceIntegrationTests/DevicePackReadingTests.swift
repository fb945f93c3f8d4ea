import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// A pack that is not whole, not a pack, from another engine, or altered is
/// refused with one line; a message a pack cannot say is refused, never
/// said wrong.
@Suite struct DevicePackReadingTests {
    static let bytes: [UInt8] = DevicePackTests.pack.encoded()

    func read(_ bytes: [UInt8]) throws(PackError) -> DevicePack {
        try DevicePack(data: Data(bytes), name: "test.announcepack")
    }

    func refusal(_ bytes: [UInt8]) -> PackError? {
        do {
            _ = try read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("the pack reads back as it was written, byte for byte")
    func roundTrip() throws {
        let pack = try read(Self.bytes)
        #expect(pack.encoded() == Self.bytes)
        #expect(pack.size == Self.bytes.count)
        #expect(pack.voiceID == "default")
    }

    @Test("a pack cut short anywhere is refused as damaged", arguments: [0, 1, 15, 16, 20, 24, 31, 32, 40, 200, 5_000, -1])
    func truncated(at length: Int) {
        let cut = length < 0 ? Self.bytes.count + length : length
        let error = refusal(Array(Self.bytes.prefix(cut)))
        #expect(error?.kind == .damaged, "\(String(describing: error))")
        #expect(error.map { !$0.description.contains("\n") } ?? false)
    }

    @Test("a changed byte anywhere after the header is caught by the checksum")
    func mutated() {
        var generator = SplitMix64(seed: 5)
        for _ in 0..<20 {
            var bytes = Self.bytes
            let index = 32 + Int(generator.next() % UInt64(bytes.count - 32))
            bytes[index] ^= UInt8(1 << (generator.next() % 8))
            let error = refusal(bytes)
            #expect(error?.kind == .damaged)
            #expect(error?.description.contains("checksum") == true, "byte \(index): \(String(describing: error))")
        }
    }

    @Test("a sound file or any other file is not a pack")
    func foreign() throws {
        let wav = try [UInt8](Data(contentsOf: RepositoryPaths.bundledVoice.appendingPathComponent("ba1.wav")))
        #expect(refusal(wav)?.description == "test.announcepack: not a device voice pack (made by `announce voice export`)")
        #expect(refusal(Array("{\"id\": \"default\"}".utf8))?.kind == .damaged)
    }

    @Test("a pack from another engine or pack format is refused by name")
    func otherVersions() {
        var engine = Self.bytes
        engine[20] &+= 1
        #expect(refusal(engine)?.kind == .otherVersion)
        #expect(refusal(engine)?.description.contains("export the pack again") == true)
        var format = Self.bytes
        format[16] &+= 1
        #expect(refusal(format)?.kind == .otherVersion)
    }

    @Test("counts that promise more than the pack holds are refused before anything is allocated")
    func hugeCounts() {
        // The voice id's length is the first field after the checksum.
        var bytes = Self.bytes
        for index in 32..<36 { bytes[index] = 0xFF }
        let body = Array(bytes[32...])
        var digest = Digest()
        body.withUnsafeBytes { digest.feed($0) }
        withUnsafeBytes(of: digest.value.littleEndian) { bytes.replaceSubrange(24..<32, with: $0) }
        #expect(refusal(bytes)?.kind == .damaged)
    }

    @Test("an amount above the pack's maximum, a word without a clip, and missing limiter data are refused, never said")
    func cannotSay() throws {
        let pack = DevicePackTests.pack
        let renderer = PackAnnouncer(pack: pack)
        let over = try Amount(fen: pack.maximumAmount.fen + 1)
        #expect(throws: PackError.self) { try renderer.render(try Message(amount: over)) }

        // The same pack without the clip of 五.
        var tiers = pack.tiers
        for index in tiers.indices { tiers[index].clips.removeValue(forKey: "wu3.wav") }
        let lacking = PackAnnouncer(pack: Self.rebuilt(pack, tiers: tiers))
        let five = try Message(amount: try Amount(parsing: "5"))
        #expect(throws: PackError.self) { try lacking.render(five) }
        #expect(try lacking.render(try Message(amount: try Amount(parsing: "6"))).tierSpeed == 1)

        // Without limiter data, an announcement that needs the limiter is
        // refused; one that does not is still the server's.
        for index in tiers.indices {
            tiers[index] = pack.tiers[index]
            for key in tiers[index].clips.keys { tiers[index].clips[key]?.limited = [:] }
        }
        let unlimited = PackAnnouncer(pack: Self.rebuilt(pack, tiers: tiers))
        var refused = 0
        var said = 0
        var generator = SplitMix64(seed: 9)
        for _ in 0..<200 {
            let (message, _) = try DevicePackTests.message(&generator)
            do {
                let phone = try unlimited.render(message)
                let full = try renderer.render(message)
                #expect(phone.rendered.samples == full.rendered.samples && phone.soundName == full.soundName)
                said += 1
            } catch {
                #expect(error.kind == .cannotSay)
                refused += 1
            }
        }
        #expect(refused > 0 && said > 0, "refused \(refused), said \(said)")
    }

    @Test("a clip's file name from the pack is escaped in a refusal that names it: one line (found by FuzzPack)")
    func clipNameEscaped() throws {
        let pack = DevicePackTests.pack
        var tiers = pack.tiers
        var clip = try #require(tiers[0].clips["wu3.wav"])
        clip.compact = nil
        clip.prepared.path = "odd\nname.wav"
        clip.prepared.audio.samples = [.nan]
        tiers[0].clips["odd\nname.wav"] = clip
        let error = refusal(Self.rebuilt(pack, tiers: tiers).encoded())
        #expect(error?.kind == .damaged)
        #expect(
            error?.description == "test.announcepack: clip odd\\nname.wav holds samples no prepared clip has",
            "\(String(describing: error))")
    }

    @Test("the voice id of a pack is escaped when a message is refused: one line")
    func voiceIDEscaped() throws {
        let pack = DevicePackTests.pack
        let odd = DevicePack(
            voiceID: "odd\nid", voiceDigest: pack.voiceDigest, manifest: pack.manifest, manifestBytes: pack.manifestBytes,
            settings: pack.settings, format: pack.format, nameSeed: pack.nameSeed, engineVersion: pack.engineVersion,
            tiers: pack.tiers, fade: pack.fade)
        let over = try Message(amount: try Amount(fen: pack.maximumAmount.fen + 1))
        let error = #expect(throws: PackError.self) { try PackAnnouncer(pack: odd).render(over) }
        #expect(error?.description.contains("the pack's voice 'odd\\nid'") == true, "\(String(describing: error))")
        #expect(error.map { !$0.description.contains("\n") } ?? false)
    }

    @Test("what no tier joins within the budget is refused naming the budget, as by a pack without tiers")
    func beyondTheTiers() throws {
        let pack = DevicePackTests.pack
        let longest = try Message(
            amount: try Amount(parsing: "23333333.33"), prefix: try Prefix("alipay"),
            options: ReadingOptions(style: .currency, liang: true))
        #expect(try PackAnnouncer(pack: pack).render(longest).tierSpeed > 1)
        let budget = "longer than the pack's budget of \(pack.settings.budget.shortDescription) s allows"
        for tiers in [Array(pack.tiers.prefix(1)), []] {
            let error = #expect(throws: PackError.self) { try PackAnnouncer(pack: Self.rebuilt(pack, tiers: tiers)).render(longest) }
            #expect(error?.kind == .cannotSay)
            #expect(error?.message == "\(longest.text): \(budget)", "\(String(describing: error))")
        }
    }

    static func rebuilt(_ pack: DevicePack, tiers: [DevicePack.Tier]) -> DevicePack {
        DevicePack(
            voiceID: pack.voiceID, voiceDigest: pack.voiceDigest, manifest: pack.manifest, manifestBytes: pack.manifestBytes,
            settings: pack.settings, format: pack.format, nameSeed: pack.nameSeed, engineVersion: pack.engineVersion,
            tiers: tiers, fade: pack.fade)
    }
}
