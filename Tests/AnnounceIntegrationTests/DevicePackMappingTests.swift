import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

/// A pack keeps the bytes it was read from and reads a clip from them when
/// an announcement needs it. Bytes that change under a loaded pack (a file
/// written in place under its mapping) are read as they are then: each
/// reading is bounded by the bytes and checked as at load, so an
/// announcement is said or refused in one line, never a trap.
@Suite struct DevicePackMappingTests {
    /// Messages that together use nearly every clip of the natural tier,
    /// and one long enough for the sped-up tier.
    static let messages: [Message] = {
        let alipay = try! Prefix("alipay")
        let amounts = ["12345678.9", "98765432.1", "20000000.05", "5", "10.01", "64000.8"]
        var messages = amounts.map { try! Message(amount: try! Amount(parsing: $0)) }
        messages.append(try! Message(amount: try! Amount(parsing: "3700.5"), prefix: alipay))
        messages.append(
            try! Message(
                amount: try! Amount(parsing: "23333333.33"), prefix: alipay,
                options: ReadingOptions(style: .currency, liang: true)))
        return messages
    }()

    /// What each message comes to: its file, or the refusal's kind.
    static func outcomes(_ renderer: PackAnnouncer) -> [Result<[UInt8], PackError>] {
        messages.map { message in
            do {
                return .success(try renderer.render(message).fileBytes())
            } catch let error as PackError {
                return .failure(error)
            } catch {
                return .failure(PackError(.damaged, "not a PackError: \(error)"))
            }
        }
    }

    /// The test pack's bytes in memory the test owns, handed to a pack
    /// without a copy, as a mapping is: what the test writes there, the
    /// pack reads.
    final class Shared {
        let buffer: UnsafeMutableRawBufferPointer
        let renderer: PackAnnouncer

        init() throws {
            let original = DevicePackReadingTests.bytes
            buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: original.count, alignment: 16)
            buffer.copyBytes(from: original)
            let data = Data(bytesNoCopy: buffer.baseAddress!, count: buffer.count, deallocator: .none)
            renderer = PackAnnouncer(pack: try DevicePack(data: data, name: "changed.announcepack"))
        }

        deinit { buffer.deallocate() }

        /// Where the fields of `file`'s clip in the natural tier start:
        /// after its name, which the pack writes after its length.
        func fields(of file: String) throws -> Int {
            var pattern = withUnsafeBytes(of: UInt32(file.utf8.count).littleEndian) { Data($0) }
            pattern.append(contentsOf: Array(file.utf8))
            let range = try #require(Data(DevicePackReadingTests.bytes).range(of: pattern))
            return range.upperBound
        }

        /// Writes `bytes` at `offset`, runs `body`, then puts the pack's
        /// bytes back.
        func changing<T>(_ offset: Int, to bytes: [UInt8], _ body: () throws -> T) rethrows -> T {
            let original = DevicePackReadingTests.bytes
            defer { buffer[offset..<(offset + bytes.count)].copyBytes(from: original[offset..<(offset + bytes.count)]) }
            buffer[offset..<(offset + bytes.count)].copyBytes(from: bytes)
            return try body()
        }
    }

    /// A clip's fields after its name, for a compact clip: duration (8
    /// bytes), gain (8), fade frames (4), storage (4: 1), scale (4), faded
    /// (4), the count of its codes (4), then the codes.
    static let changes: [(what: String, offset: Int, bytes: [UInt8], refusal: String)] = [
        ("a count of codes past the end", 32, [0xFF, 0xFF, 0xFF, 0x7F], "the pack ends inside clip wu3.wav"),
        ("a scale that is not a number", 24, [0x00, 0x00, 0xC0, 0x7F], "clip wu3.wav holds samples no prepared clip has"),
        ("a storage this engine does not read", 20, [7, 0, 0, 0], "clip wu3.wav is stored in a way this engine does not read"),
        ("a duration that is not a number", 0, [0, 0, 0, 0, 0, 0, 0xF8, 0x7F], "clip wu3.wav holds samples no prepared clip has"),
        ("no codes", 32, [0, 0, 0, 0], "clip wu3.wav holds"),
    ]

    @Test(
        "a clip's bytes changed under a loaded pack are read when an announcement needs them: refused in one line, and said again once put back",
        arguments: 0..<changes.count)
    func changedClip(_ index: Int) throws {
        let change = Self.changes[index]
        let shared = try Shared()
        let five = try Message(amount: try Amount(parsing: "5"))
        let expected = try shared.renderer.render(five).fileBytes()
        let offset = try shared.fields(of: "wu3.wav") + change.offset
        let refusal = shared.changing(offset, to: change.bytes) {
            #expect(throws: PackError.self) { try shared.renderer.render(five) }
        }
        #expect(refusal?.kind == .cannotSay, "\(change.what)")
        #expect(refusal?.description.contains(change.refusal) == true, "\(change.what): \(String(describing: refusal))")
        #expect(refusal.map { !$0.description.contains("\n") } ?? false)
        #expect(try shared.renderer.render(five).fileBytes() == expected, "\(change.what): the bytes put back")
    }

    @Test("random bytes written over the clips' fields under a loaded pack: every message said or refused in one line, never a trap")
    func randomChanges() throws {
        let shared = try Shared()
        let expected = Self.outcomes(shared.renderer)
        for outcome in expected { #expect((try? outcome.get()) != nil, "the unchanged pack says every message") }
        let files = Set(DevicePackTests.pack.manifest.clips.values).sorted()
        var generator = SplitMix64(seed: 27)
        var refused = 0
        for _ in 0..<40 {
            // Within a clip's first 40 bytes: its counts, scale and
            // storage, and its first codes.
            let file = files[Int(generator.next() % UInt64(files.count))]
            let offset = try shared.fields(of: file) + Int(generator.next() % 36)
            let bytes = (0..<(1 + Int(generator.next() % 4))).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            shared.changing(offset, to: bytes) {
                for (message, outcome) in zip(Self.messages, Self.outcomes(shared.renderer)) {
                    guard case .failure(let error) = outcome else { continue }
                    #expect(error.kind == .cannotSay, "\(message.text), \(file) + \(offset): \(error)")
                    #expect(!error.description.contains("\n"))
                    refused += 1
                }
            }
        }
        #expect(refused > 0)
        let again = Self.outcomes(shared.renderer)
        for (before, after) in zip(expected, again) { #expect((try? before.get()) == (try? after.get())) }
    }
}
