@testable import AnnounceExtensionLogic
import AnnounceWire
import AnnounceTestSupport
import Foundation
import Testing

@Suite struct SoundNameRuleTests {
    @Test func everyNameOfTheSharedTableGetsItsKind() throws {
        let cases = try PushCases.load()
        #expect(cases.names.count >= 20)
        for entry in cases.names {
            let kind: SoundName.Delivery = switch entry.kind {
            case "announcement": .announcement
            case "plain": .plain
            default: .refused
            }
            #expect(SoundName.delivery(of: entry.name) == kind, "\(entry.name.debugDescription)")
            // announce accepts for --name exactly the names left as sent.
            #expect(entry.cliName == (kind == .plain), "table row \(entry.name.debugDescription)")
        }
    }

    @Test func everyURLOfTheSharedTableIsFetchedOrNot() throws {
        let cases = try PushCases.load()
        let policy = AnnouncePolicy(soundHosts: PushCases.soundHosts)
        for entry in cases.urls {
            let url = PushPayload.url(base: entry.base, sound: PushCases.soundName)
            #expect(policy.isAllowed(url, for: PushCases.soundName) == entry.extension, "\(entry.base)")
            // Whatever the extension fetches, announce can print.
            if entry.extension { #expect(entry.cli, "\(entry.base)") }
        }
    }

    @Test func aURLMustEndInTheSoundName() {
        let policy = AnnouncePolicy(soundHosts: PushCases.soundHosts)
        let name = PushCases.soundName
        #expect(policy.isAllowed("https://sounds.example.com/" + name, for: name))
        #expect(!policy.isAllowed("https://sounds.example.com/announce-1-e6f65a95.caf", for: name))
        #expect(!policy.isAllowed("https://sounds.example.com/" + name + "/", for: name))
        #expect(!policy.isAllowed("https://sounds.example.com/x" + name, for: name))
        #expect(!policy.isAllowed("https://sounds.example.com.evil.example/" + name, for: name))
        #expect(!policy.isAllowed("https://sounds.example.com/" + String(repeating: "a", count: 800) + "/" + name, for: name))
    }

    @Test func temporaryNamesAreOwnButNeverSounds() {
        let name = AppGroupSounds.temporaryName()
        #expect(SoundName.kind(of: name) == .temporary)
        #expect(SoundName.isOwn(name))
        #expect(SoundName.delivery(of: name) == .refused)
    }
}
