import AnnounceTestSupport
import Foundation
import Testing

/// `announce check-push`: each service's arrival sample (Tests/Shared/push-arrivals,
/// sources cited in AnnounceExtensionLogicTests/PushArrivalTests.swift)
/// goes through the extension's own decisions to the right sound and text;
/// each bad arrival is one line and status 65.
@Suite struct CheckPushCommandTests {
    static let samples = PushArrivalSamples.folder
    static let sound = "announce-123.45-e6f65a95.caf"
    static let said = "支付宝到账一百二十三点四五元"

    let scratch: ScratchFolder
    let pack: String

    init() throws {
        scratch = try ScratchFolder("check-push")
        pack = try BundledPack.write(into: scratch)
    }

    func sample(_ name: String) -> String { RepositoryPaths.file("\(Self.samples)/\(name).json").path }

    func check(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
        try CommandRunner.run(["check-push"] + arguments, stdin: stdin)
    }

    static func json(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test(arguments: ["apns", "jpush", "aliyun", "getui", "tpns", "umeng"])
    func everyServicesPushIsSaidFromThePack(_ service: String) throws {
        let result = try check(["--pack", pack, "--now", "1767225630", "--service", service, sample(service)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines == [
            "route: rendered", "sound: \(Self.sound)", "says: \(Self.said)",
            "service: \(service == "aliyun" ? "apns" : service)", "id: order-9",
        ])
        #expect(result.stderr.isEmpty)
        let json = try check(["--pack", pack, "--now", "1767225630", "--json", "-"], stdin: try String(contentsOfFile: sample(service), encoding: .utf8))
        let object = try Self.json(json.stdout)
        #expect(json.status == 0 && object["route"] as? String == "rendered" && object["says"] as? String == Self.said)
        #expect(object["sound"] as? String == Self.sound && object["critical"] as? Bool == false)
    }

    @Test func theDecisionsAreTheExtensions() throws {
        let jpush = sample("jpush")
        // Late: more than 120 s after announce-at on a phone whose clock is right.
        let late = try check(["--pack", pack, "--now", "1767225721", jpush])
        #expect(late.status == 0 && late.stdoutLines.first == "route: silent")
        #expect(late.stdout.contains("more than 120 s older than a fresh push on this phone"))
        #expect(try check(["--pack", pack, "--now", "1767225720", jpush]).stdoutLines.first == "route: rendered")
        // A phone clock 15 minutes fast, as its recent pushes show, still announces.
        #expect(try check(["--pack", pack, "--now", "1767226500", "--clock-offset", "900", jpush]).stdoutLines.first == "route: rendered")
        #expect(try check(["--pack", pack, "--now", "1767226621", "--clock-offset", "900", jpush]).stdoutLines.first == "route: silent")
        #expect(try check(["--clock-offset", "1.5", jpush]).status == 64)
        // The merchant's switches, from the settings file the app writes;
        // quiet hours in the phone's time zone (08:00:30 in Beijing).
        let settingsFolder = try ScratchFolder("check-push-settings")
        defer { settingsFolder.remove() }
        let quiet = settingsFolder.file("announce-settings.json")
        try #"{"version": 1, "quiet-hours": {"from": "22:00", "to": "08:01"}}"#.write(toFile: quiet, atomically: true, encoding: .utf8)
        let inQuietHours = try check(["--pack", pack, "--now", "1767225630", "--settings", quiet, "--utc-offset", "+08:00", jpush])
        #expect(inQuietHours.status == 0 && inQuietHours.stdoutLines.first == "route: silent" && inQuietHours.stdout.contains("quiet hours"))
        let newYork = try check(["--pack", pack, "--now", "1767225630", "--settings", quiet, "--utc-offset=-05:00", jpush])
        #expect(newYork.stdoutLines.first == "route: rendered")
        // Without --utc-offset, the machine's time zone (TZ) at that moment.
        for (zone, route) in [("Asia/Shanghai", "route: silent"), ("America/New_York", "route: rendered"), ("UTC", "route: silent")] {
            let local = try CommandRunner.run(
                ["check-push", "--pack", pack, "--now", "1767225630", "--settings", quiet, jpush], environment: ["TZ": zone])
            #expect(local.stdoutLines.first == route, "TZ=\(zone)")
        }
        let damaged = settingsFolder.file("damaged.json")
        try "{\"announcements\": fal".write(toFile: damaged, atomically: true, encoding: .utf8)
        let defaults = try check(["--pack", pack, "--now", "1767225630", "--settings", damaged, jpush])
        #expect(defaults.stdoutLines.first == "route: rendered" && defaults.stderr.contains("settings-damaged"))
        #expect(try check(["--settings", "-", jpush]).status == 64)
        #expect(try check(["--utc-offset", "8", jpush]).status == 64)
        // A redelivery of an id the phone announced.
        let repeated = try check(["--pack", pack, "--now", "1767225630", "--seen", "order-9", jpush])
        #expect(repeated.stdoutLines.first == "route: silent" && repeated.stdout.contains("announced before"))
        // Without a pack: the server's file, from an allowed host only.
        let download = try check(["--now", "1767225630", jpush])
        #expect(download.stdoutLines.prefix(3) == [
            "route: download", "sound: \(Self.sound)", "url: https://sounds.example.com/\(Self.sound)",
        ])
        let otherHost = try check(["--now", "1767225630", "--sound-host", "cdn.example.com", jpush])
        #expect(otherHost.stdoutLines.first == "route: fallback" && otherHost.status == 0)
        // A held payment of a burst, and a plain bundled name.
        let held = try check(["--pack", pack, "-"], stdin: #"{"aps":{"alert":{"body":"x"}},"announce-id":"order-9","_j_msgid":1}"#)
        #expect(held.stdoutLines.first == "route: silent" && held.stdout.contains("no aps.sound"))
        // Getui's transmission as GTSDK hands it to an open app: the message, no aps, said from the pack.
        let transmission = try check(["--pack", pack, "--now", "1767225630", "-"], stdin: #"""
            {"payload":"{\"announce-at\":1767225600,\"announce-id\":\"g-1\",\"announce-message\":{\"amount\":\"66.00\",\"prefix\":\"alipay\"}}"}
            """#)
        #expect(transmission.stdoutLines.first == "route: rendered" && transmission.stdout.contains("支付宝到账六十六元"), "\(transmission.stdout)")
        let plain = try check(["--pack", pack, "-"], stdin: #"{"aps":{"sound":{"critical":1,"name":"pay.caf","volume":0.8}}}"#)
        #expect(plain.stdoutLines.prefix(3) == ["route: as-sent", "sound: pay.caf", "critical: yes (volume 0.8)"])
    }

    @Test func unknownExtraKeysArePassedOver() throws {
        var push = try String(contentsOfFile: sample("jpush"), encoding: .utf8).trimmingCharacters(in: .newlines)
        push.removeLast()
        push += #","announce-voice":"brand","extras2":{"news_id":134},"payload":"not announce's","_j_data_":"{\"push_type\":8}"}"#
        let result = try check(["--pack", pack, "--now", "1767225630", "-"], stdin: push)
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdoutLines.prefix(3) == ["route: rendered", "sound: \(Self.sound)", "says: \(Self.said)"])
    }

    @Test func anAmountThePackCannotSayGoesToTheServersFile() throws {
        let push = #"{"aps":{"sound":"announce-999999999999.99-0123abcd.caf"},"announce-message":{"amount":"999999999999.99"},"announce-sound-url":"https://sounds.example.com/announce-999999999999.99-0123abcd.caf"}"#
        let result = try check(["--pack", pack, "-"], stdin: push)
        #expect(result.status == 0)
        #expect(result.stdoutLines.first == "route: download")
        #expect(result.stdout.contains("reason: the pack cannot say this message") && !result.stdout.contains("999999999999.99\n"))
    }

    @Test(arguments: try CheckPushCommandTests.badNames())
    func aBadArrivalIsOneLineAndStatus65(_ name: String) throws {
        let bad = try #require(try Self.bad().first { $0.name == name })
        let result = try check(["--pack", pack, "-"], stdin: bad.push)
        #expect(result.status == 65, "\(name): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1 && result.stderrLines[0].hasPrefix("announce: ") && result.stderr.contains(bad.says), "\(result.stderr)")
        let json = try check(["--pack", pack, "--json", "-"], stdin: bad.push)
        let object = try Self.json(json.stdout)
        #expect(json.status == 65 && object["problem"] as? String == bad.kind && object["route"] as? String == "fallback")
        #expect((object["error"] as? String)?.contains(bad.says) == true)
    }

    @Test func aMessageThePhoneCannotReadIsShownWithItsRouteAndStatus65() throws {
        // The amount as a JSON number: never rounded into an announcement.
        let push = #"{"aps":{"sound":"announce-123.45-e6f65a95.caf"},"announce-message":"{\"amount\":123.45}","announce-sound-url":"https://sounds.example.com/announce-123.45-e6f65a95.caf","d":"uu1","p":0}"#
        let result = try check(["--pack", pack, "-"], stdin: push)
        #expect(result.status == 65)
        #expect(result.stdoutLines.first == "route: download" && !result.stdout.contains("says:"))
        #expect(result.stderrLines == ["announce: announce-message.amount is not a string of yuan"])
    }

    @Test func wrongServiceUsageAndMissingFiles() throws {
        let other = try check(["--pack", pack, "--service", "getui", sample("jpush")])
        #expect(other.status == 65 && other.stderrLines == ["announce: the push does not carry Getui's own keys (it reads as JPush's)"])
        #expect(try check(["--service", "fcm", sample("jpush")]).status == 64)
        #expect(try check(["--now", "-1", sample("jpush")]).status == 64)
        let missing = try check([scratch.path + "/nothing.json"])
        #expect(missing.status == 66 && missing.stderrLines.count == 1)
        let folder = try check([scratch.path])
        #expect(folder.status == 66 && folder.stderrLines.count == 1)
        let noPack = try check(["--pack", scratch.path + "/none.announcepack", sample("jpush")])
        #expect(noPack.status == 66)
        // Over 4096 bytes on standard input: refused by size, not read on without bound.
        let huge = try check(["-"], stdin: String(repeating: " ", count: 2 << 20))
        #expect(huge.status == 65 && huge.stderr.contains("over the 4096 APNs delivers"))
    }

    @Test func aWestOffsetIsTakenAsTheHelpWritesIt() throws {
        // `--utc-offset -05:30`, two words as the help shows it: the value,
        // not an unknown option.
        let result = try check(["--pack", pack, "--now", "1767225630", "--utc-offset", "-05:30", sample("jpush")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.first == "route: rendered")
    }

    @Test func aPushLaidOutLongerThan4096BytesKeepsItsService() throws {
        // Measured as the compact JSON a service sends, it fits; its
        // service is told from all of its text.
        let compact = try String(contentsOfFile: sample("jpush"), encoding: .utf8).trimmingCharacters(in: .newlines)
        let laidOut = compact.replacingOccurrences(of: ",\"", with: ",\n" + String(repeating: " ", count: 600) + "\"")
        #expect(laidOut.utf8.count > 4096)
        let result = try check(["--pack", pack, "--now", "1767225630", "--service", "jpush", "-"], stdin: laidOut)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.contains("service: jpush"))
    }

    @Test func theReadmesJPushExampleIsTheJPushSample() throws {
        let readme = try String(contentsOf: RepositoryPaths.file("docs/CLI.md"), encoding: .utf8)
        let line = try #require(readme.components(separatedBy: "\n").first { $0.contains("$ announce check-push") })
        let push = try #require(line.components(separatedBy: "<<< '").last?.dropLast())
        let fixture = try String(contentsOfFile: sample("jpush"), encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(String(push) == fixture)
    }

    static func bad() throws -> [PushArrivalSamples.Bad] { try PushArrivalSamples.bad() }

    static func badNames() throws -> [String] { try bad().map(\.name) }
}
