import AnnounceTestSupport
import Foundation
import Testing

/// `announce till`: a day of events played, one line per payment; each bad
/// line one line on standard error naming its number, the rest played, and
/// status 65; unreadable input 66; bad options 64.
@Suite struct TillCommandTests {
    let scratch: ScratchFolder
    let pack: String

    init() throws {
        scratch = try ScratchFolder("till")
        pack = try BundledPack.write(into: scratch)
    }

    func till(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
        try CommandRunner.run(["till"] + arguments, stdin: stdin)
    }

    static let push = #"{"at":1767225610,"event":"push","service":"apns","channel":"apns","payload":{"announce-at":1767225610,"announce-id":"p1","announce-message":{"amount":"12.50","prefix":"alipay"},"aps":{"alert":{"body":"到账","title":"收款通知"},"mutable-content":1,"sound":"announce-12.50-e6f65a95.caf"}}}"#

    @Test func aDayIsOneLinePerPayment() throws {
        let day = [#"{"at":1767225600,"event":"app","state":"active"}"#, #"{"at":1767225600,"event":"ringer","silent":true}"#, Self.push].joined(separator: "\n")
        let result = try till(["--pack", pack, "-"], stdin: day + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines == ["p1  12.50  in-app  at 1767225610  said by the app"])
        let json = try till(["--pack", pack, "--json"], stdin: day)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["heard"] as? String == "in-app" && object["times"] as? Int == 1 && object["amount"] as? String == "12.50")
        // The ring switch on silent, the app not open: nothing, and why.
        let closed = try till(["--pack", pack], stdin: #"{"at":1767225600,"event":"ringer","silent":true}"# + "\n" + Self.push)
        #expect(closed.stdoutLines.first?.hasPrefix("p1  12.50  none  at 1767225610  its notification sound was muted by the ring switch") == true)
    }

    @Test func aBadLineIsOneLineAndTheDayGoesOn() throws {
        let day = [
            #"{"at":1767225600,"event":"app","state":"active"}"#, "not json", #"{"at":1767225600,"event":"dance"}"#,
            #"{"at":1767225600,"event":"ringer","silent":"yes"}"#, "", "   ", Self.push, #"{"at":1,"event":"lock"}"#,
        ].joined(separator: "\n")
        let result = try till(["--pack", pack], stdin: day)
        #expect(result.status == 65)
        #expect(result.stdoutLines == ["p1  12.50  in-app  at 1767225610  said by the app"])
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 4)
        #expect(errors.map { $0.prefix(16) } == ["announce: line 2", "announce: line 3", "announce: line 4", "announce: line 8"])
        #expect(errors[3].contains("before the line above it"))
    }

    @Test func unreadableInputAndBadOptions() throws {
        #expect(try till([scratch.url("missing.jsonl").path]).status == 66)
        #expect(try till([scratch.url.path]).status == 66)
        #expect(try till(["--pack", scratch.url("none.announcepack").path, "-"], stdin: "").status == 66)
        let offset = try till(["--utc-offset", "+25:00", "-"], stdin: "")
        #expect(offset.status == 64 && offset.stderr.split(separator: "\n").count >= 1)
        #expect(try till(["--settings", "-"], stdin: "").status == 64)
        let empty = try till(["-"], stdin: "")
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty)
        // A line of 70 kB is refused in one line, not read.
        let long = #"{"at":1,"event":"lock","x":""# + String(repeating: "a", count: 70_000) + #""}"#
        let refused = try till(["-"], stdin: long)
        #expect(refused.status == 65 && refused.stderr.split(separator: "\n").count == 1)
    }
}
