import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceEngine
import AnnounceWire
import FuzzSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// libFuzzer's entry: the bytes of a device voice pack (`voice export`).
///
/// A pack holds a digest of every byte after its checksum field (bytes
/// 24..<32, little-endian; the body starts at byte 32), and the reader
/// checks it before any field: nearly every mutation would be refused
/// there, and the field parser never reached. So the harness first writes
/// the digest of bytes 32... into bytes 24..<32 (when there are 32 bytes),
/// as export does; the checksum check itself is DevicePackReadingTests'.
///
/// The reader refuses what it cannot use with a one-line ``PackError``. A
/// pack it accepts renders the messages below without trapping: each is
/// either said (a file of the pack's format, a sound name the extension
/// takes for announce's, no longer than the pack's budget) or refused in
/// one line as a message the pack cannot say; an amount above the pack's
/// maximum always is.
func fuzzPack(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = [UInt8](bytes(data, size))
    if input.count >= bodyStart {
        var digest = Digest()
        input[bodyStart...].withUnsafeBytes { digest.feed($0) }
        withUnsafeBytes(of: digest.value.littleEndian) { input.replaceSubrange((bodyStart - 8)..<bodyStart, with: $0) }
    }
    let pack: DevicePack
    do {
        pack = try DevicePack(data: Data(input), name: "fuzz.announcepack")
    } catch {
        requireOneLine(error.description, "PackError from the reader")
        require(!error.description.isEmpty, "empty PackError from the reader")
        require(error.kind != .cannotSay && error.kind != .otherLanguage, "the reader refused with \(error.kind): \(debug(error.description))")
        return 0
    }
    require(pack.size == input.count, "a pack of \(input.count) bytes says it has \(pack.size)")
    require(pack.engineVersion == Engine.version, "accepted a pack of engine version \(pack.engineVersion)")
    let renderer = PackAnnouncer(pack: pack)
    for message in messages {
        render(message, with: renderer, mustRefuse: false)
    }
    let maximum = pack.maximumAmount.fen
    if maximum < Amount.maximumFen, let over = try? Amount(fen: maximum + 1), let message = try? Message(amount: over) {
        render(message, with: renderer, mustRefuse: true)
    }
    return 0
}

/// Where a pack's body, which its checksum covers, starts.
private let bodyStart = 32

/// A payment with the 支付宝到账 prefix, a burst's summary, 收款成功, and a
/// payment the seeds' packs say (their largest amount).
private let messages: [Message] = {
    do {
        let alipay = Prefix.presets.first { $0.name == "alipay" }!.prefix
        return [
            try Message(amount: try Amount(parsing: "123.45"), prefix: alipay),
            try Message.burst([try Amount(parsing: "1"), try Amount(parsing: "2.34")]),
            try Message(template: .received),
            try Message(amount: try Amount(parsing: "9.99")),
        ]
    } catch {
        fatalError("the fuzz target's messages: \(error)")
    }
}()

/// Renders `message`: said within the pack's budget and written, or
/// refused in one line as a message the pack cannot say; refused when
/// `mustRefuse`.
private func render(_ message: Message, with renderer: PackAnnouncer, mustRefuse: Bool) {
    let pack = renderer.pack
    let announcement: Announcement
    do {
        announcement = try renderer.render(message)
    } catch {
        requireOneLine(error.description, "PackError for \(debug(message.text))")
        require(error.kind == .cannotSay || error.kind == .otherLanguage, "rendering \(debug(message.text)) failed with \(error.kind): \(debug(error.description))")
        return
    }
    require(!mustRefuse, "said \(debug(message.text)), above the pack's maximum \(pack.maximumAmount)")
    require(announcement.message == message, "rendered another message than \(debug(message.text))")
    let rate = Double(pack.settings.rate)
    require(
        announcement.duration > 0 && announcement.duration <= pack.settings.budget + 1 / rate,
        "\(debug(message.text)) lasts \(announcement.duration) s; the pack's budget is \(pack.settings.budget) s")
    require(
        SoundName.kind(of: announcement.soundName) == .sound,
        "\(debug(message.text)) is named \(debug(announcement.soundName)), not a sound name")
    do {
        let file = try announcement.fileBytes()
        require(!file.isEmpty, "an empty file for \(debug(message.text))")
    } catch {
        fatalError("the file of \(debug(message.text)) could not be written: \(error.message)")
    }
}
