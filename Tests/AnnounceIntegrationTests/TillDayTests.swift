@testable import AnnounceExtensionLogic
import AnnounceEngine
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// Merchants' days played through the phone's decisions (``TillDay``): each
/// payment heard at most once, every payment the merchant's switches allow
/// heard within seconds wherever iOS lets a sound play, none after its
/// expiry, on days written here and on random ones.
@Suite struct TillDayTests {
    static let start = 1_767_225_600.0
    static let pack: DevicePack = try! DevicePack(data: Data(contentsOf: PackRenderingTests.packFile), name: "pack")

    /// A push of `amount` as `service` delivers it (the shapes of
    /// Tests/Shared/push-arrivals), taken at `at`. On Getui's own connection
    /// (`vendor`), GTSDK hands the app the transmission alone,
    /// `{"payload": "<transmission>"}` (Tests/Shared/vendor-channels/getui-vendor.json).
    static func payload(
        _ service: PushService = .jpush, channel: String = "apns", amount: String, id: String, at: Double, sound: Bool = true
    ) throws -> [String: Any] {
        if service == .getui, channel == "vendor" {
            let apns = try payload(.getui, amount: amount, id: id, at: at, sound: sound)
            return ["payload": try #require(apns["payload"])]
        }
        var object = try #require(try JSONSerialization.jsonObject(with: Data(PushArrivalSamples.sample(service.rawValue))) as? [String: Any])
        var aps = try #require(object["aps"] as? [String: Any])
        aps["sound"] = sound ? "announce-\(amount)-e6f65a95.caf" : nil
        object["aps"] = aps
        let fields: [String: Any] = [
            "announce-at": Int(at), "announce-id": id, "announce-message": ["amount": amount, "prefix": "alipay"],
        ]
        if service == .getui {
            object["payload"] = String(decoding: try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys), as: UTF8.self)
        } else {
            for key in ["announce-at", "announce-id", "announce-message", "announce-sound-url"] { object[key] = nil }
            for (key, value) in fields {
                // Aliyun and Umeng carry custom values as strings.
                guard service == .aliyun || service == .umeng, !(value is String) else {
                    object[key] = value
                    continue
                }
                let text = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
                object[key] = String(decoding: text, as: UTF8.self)
            }
        }
        return object
    }

    /// A line of the day.
    static func line(_ at: Double, _ event: String, _ fields: [String: Any] = [:]) throws -> String {
        var object = fields
        object["at"] = at
        object["event"] = event
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
    }

    static func push(_ at: Double, _ service: PushService = .jpush, channel: String = "apns", amount: String, id: String, taken: Double? = nil) throws -> String {
        try line(at, "push", [
            "service": service.rawValue, "channel": channel, "payload": try payload(service, channel: channel, amount: amount, id: id, at: taken ?? at),
        ])
    }

    /// A random day of 40 lines from ``start``, its payments named
    /// `prefix-N`: the app's states (`killed` among them when `kills`), the
    /// lock, Auto-Lock, the ring switch, Focus, the media volume,
    /// interruptions, the settings, the clock set (when `clockChanges`;
    /// else the settings with time-sensitive), and payments new, delivered
    /// again, or old; with when each payment was taken.
    static func randomDay(
        _ random: inout SplitMix64, prefix: String, kills: Bool, clockChanges: Bool, lines: [String] = []
    ) throws -> (lines: [String], taken: [String: Double]) {
        var lines = lines
        var at = start
        var taken: [String: Double] = [:]
        for _ in 0..<40 {
            at += Double(random.next() % 2000) / 100
            switch random.next() % 16 {
            case 0:
                let states = kills ? ["active", "inactive", "background", "killed"] : ["active", "inactive", "background"]
                lines.append(try line(at, "app", ["state": states[Int(random.next() % UInt64(states.count))]]))
            case 1: lines.append(try line(at, random.next() % 2 == 0 ? "lock" : "unlock"))
            case 2: lines.append(try line(at, "idle"))
            case 3: lines.append(try line(at, "ringer", ["silent": random.next() % 2 == 0]))
            case 4: lines.append(try line(at, "focus", ["on": random.next() % 2 == 0]))
            case 5: lines.append(try line(at, "volume", ["media": Double(random.next() % 5) / 4]))
            case 6:
                let began = random.next() % 2 == 0
                lines.append(try line(at, "interruption", [
                    "phase": began ? "began" : "ended", "shouldResume": random.next() % 3 != 0,
                    "reason": random.next() % 5 == 0 ? "appWasSuspended" : "default",
                ]))
            case 7 where clockChanges: lines.append(try line(at, "clock", ["offset": [0, 900, -300, 60][Int(random.next() % 4)]]))
            case 7: lines.append(try line(at, "settings", ["till-mode": random.next() % 2 == 0, "time-sensitive": random.next() % 2 == 0]))
            case 8 where clockChanges: lines.append(try line(at, "settings", ["till-mode": random.next() % 2 == 0]))
            default:
                // A new payment, or one delivered again; now and then an old one.
                let id = random.next() % 4 == 0 && !taken.isEmpty ? taken.keys.sorted()[Int(random.next() % UInt64(taken.count))] : "\(prefix)-\(lines.count)"
                let when = taken[id] ?? (random.next() % 6 == 0 ? at - 200 : at - Double(random.next() % 5))
                taken[id] = when
                let service: PushService = random.next() % 3 == 0 ? .getui : .jpush
                let channel = service == .getui && random.next() % 2 == 0 ? "vendor" : "apns"
                lines.append(try push(at, service, channel: channel, amount: "\(1 + random.next() % 500).00", id: id, taken: when))
            }
        }
        return (lines, taken)
    }

    /// The payments of a day of `lines`.
    static func play(_ lines: [String], pack: DevicePack? = Self.pack) throws -> [TillDay.Payment] {
        var day = TillDay(pack: pack, timeZone: TimeZone(identifier: "UTC")!)
        for line in lines { try day.play(try TillEvent(line: Array(line.utf8))) }
        day.finish()
        return day.payments
    }

    @Test func aLunchRushOnSilentWithTheAppOpenIsSaidByTheAppOnceEach() throws {
        var lines = [try Self.line(Self.start, "app", ["state": "active"]), try Self.line(Self.start, "ringer", ["silent": true])]
        for (index, amount) in ["12.50", "8.00", "23.40", "5.20", "66.00"].enumerated() {
            lines.append(try Self.push(Self.start + 30 + Double(index), amount: amount, id: "lunch-\(index)"))
        }
        // Auto-Lock comes, but till mode keeps the screen on.
        lines.append(try Self.line(Self.start + 60, "idle"))
        lines.append(try Self.push(Self.start + 61, amount: "9.90", id: "lunch-5"))
        let payments = try Self.play(lines)
        #expect(payments.map(\.heard) == Array(repeating: .inApp, count: 6))
        #expect(payments.allSatisfy { $0.times == 1 })
        // In order, one after another, each within the wait.
        #expect(payments.map(\.at) == payments.map(\.at).sorted())
        #expect(payments.allSatisfy { $0.at - $0.arrived < 20 })
    }

    @Test func withoutTillModeAutoLockEndsHeardOnSilent() throws {
        let lines = [
            try Self.line(Self.start, "settings", ["till-mode": false]), try Self.line(Self.start, "app", ["state": "active"]),
            try Self.line(Self.start, "ringer", ["silent": true]), try Self.line(Self.start + 60, "idle"),
            try Self.push(Self.start + 61, amount: "9.90", id: "p"),
        ]
        let payment = try #require(try Self.play(lines).first)
        #expect(payment.heard == .none)
        #expect(payment.reason.contains("ring switch"))
    }

    @Test func aLockInTheMiddleOfABurstHearsNoPaymentLate() throws {
        for silent in [false, true] {
            var lines = [try Self.line(Self.start, "app", ["state": "active"]), try Self.line(Self.start, "ringer", ["silent": silent])]
            for (index, amount) in ["1.00", "2.00", "3.00", "4.00", "5.00"].enumerated() {
                lines.append(try Self.push(Self.start + 1 + Double(index) * 0.5, amount: amount, id: "b\(index)"))
            }
            lines.append(try Self.line(Self.start + 4, "lock"))
            lines.append(try Self.line(Self.start + 600, "unlock"))
            let payments = try Self.play(lines)
            #expect(payments.count == 5)
            for payment in payments {
                #expect(payment.times <= 1)
                // Said before the lock, or by its notification from the lock
                // on, spaced so that none cuts another, or not at all: never
                // at the unlock.
                if payment.heard != .none { #expect(payment.at - payment.arrived < 30 && payment.at < Self.start + 600) }
            }
            let heardAfterLock = payments.filter { $0.heard == .notification }
            if silent {
                #expect(heardAfterLock.isEmpty)
                #expect(payments.contains { $0.reason.contains("ring switch") })
            } else {
                #expect(!heardAfterLock.isEmpty)
                #expect(payments.allSatisfy { $0.heard != .none })
            }
        }
    }

    @Test func anAppKilledMidBurstLeavesItsPaymentsToTheirFailSafes() throws {
        var lines = [try Self.line(Self.start, "app", ["state": "active"])]
        for (index, amount) in ["1.00", "2.00", "3.00", "4.00", "5.00"].enumerated() {
            lines.append(try Self.push(Self.start + 1 + Double(index) * 0.5, amount: amount, id: "k\(index)"))
        }
        // A crash in the middle of the burst: no willTerminate, nothing of the app runs again.
        lines.append(try Self.line(Self.start + 5, "app", ["state": "killed"]))
        let payments = try Self.play(lines)
        #expect(payments.count == 5)
        #expect(payments.allSatisfy { $0.times == 1 }, "\(payments.map(\.reason))")
        let said = payments.filter { $0.heard == .inApp }
        #expect(!said.isEmpty && said.allSatisfy { $0.at < Self.start + 5 })
        // The rest by the notifications iOS posts, each before its deadline, none cutting another.
        let rest = payments.filter { $0.heard != .inApp }
        #expect(!rest.isEmpty)
        #expect(rest.allSatisfy { $0.heard == .notification && $0.at - $0.arrived <= 90 }, "\(rest.map(\.reason))")
        let times = rest.map(\.at)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 6.5 }, "\(times)")
    }

    @Test func aGetuiShopWithTheAppOpenHearsEachPaymentOnce() throws {
        let lines = [
            try Self.line(Self.start, "app", ["state": "active"]), try Self.line(Self.start, "ringer", ["silent": true]),
            // Getui's own connection first, then the same payment through APNs.
            try Self.push(Self.start + 5, .getui, channel: "vendor", amount: "66.00", id: "g1"),
            try Self.push(Self.start + 6, .getui, amount: "66.00", id: "g1", taken: Self.start + 5),
            // The app in the background: Getui keeps it and delivers it when the app opens.
            try Self.line(Self.start + 60, "app", ["state": "background"]),
            try Self.push(Self.start + 70, .getui, channel: "vendor", amount: "7.00", id: "g2"),
            try Self.line(Self.start + 80, "app", ["state": "active"]),
            // And once more, redelivered.
            try Self.push(Self.start + 81, .getui, channel: "vendor", amount: "7.00", id: "g2", taken: Self.start + 70),
        ]
        let payments = try Self.play(lines)
        #expect(payments.map(\.id) == ["g1", "g2"])
        #expect(payments.map(\.heard) == [.inApp, .inApp])
        #expect(payments.map(\.times) == [1, 1])
    }

    /// A message as a service's SDK hands it to the app
    /// (Tests/Shared/vendor-channels, each citing the SDK's header or demo).
    struct VendorChannel {
        let name: String
        let service: PushService
        let channel: String
        let handedOver: [String: Any]

        /// The push the glue gives the till: the SDK's own message in the
        /// shape `PushFields` reads (`PushService.messageUserInfo`), an APNs
        /// notification as it is.
        var payload: [String: Any] {
            guard channel == "vendor" else { return handedOver }
            return service.messageUserInfo(handedOver) as? [String: Any] ?? [:]
        }

        static func all() throws -> [VendorChannel] {
            let folder = RepositoryPaths.file("Tests/Shared/vendor-channels")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
            let channels = try names.map { name in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any])
                let source = try #require(object["source"] as? String)
                #expect(!source.isEmpty && object["callback"] is String, "\(name) cites its source and callback")
                let service = try #require(object["service"] as? String)
                return VendorChannel(
                    name: name, service: try #require(PushService(rawValue: service)),
                    channel: try #require(object["channel"] as? String), handedOver: try #require(object["handedOver"] as? [String: Any]))
            }
            // A folder that reads as empty is an error, not a test that passes on nothing.
            #expect(channels.count >= 9)
            return channels
        }
    }

    @Test func everyVendorChannelAsItsSDKHandsItOverIsSaidOnceWithTheAppOpen() throws {
        let channels = try VendorChannel.all()
        for channel in channels {
            let fields = PushFields(userInfo: channel.payload)
            let at = try #require(fields.at, "\(channel.name)")
            #expect(fields.arrivalProblem == nil && fields.message != nil, "\(channel.name): \(fields)")
            let lines = [
                try Self.line(at, "app", ["state": "active"]), try Self.line(at, "ringer", ["silent": true]),
                try Self.line(at + 1, "push", ["service": channel.service.rawValue, "channel": channel.channel, "payload": channel.payload]),
            ]
            // Alone (the service sent it over its own connection only), and
            // with the APNs copy of the same payment a second later, which
            // stays silent.
            var days = [lines]
            if channel.channel == "vendor", let copy = channels.first(where: { $0.service == channel.service && $0.channel == "apns" }) {
                days.append(lines + [try Self.line(at + 2, "push", ["service": copy.service.rawValue, "channel": "apns", "payload": copy.payload])])
            }
            for day in days {
                let payments = try Self.play(day)
                #expect(payments.count == 1, "\(channel.name): \(payments)")
                let payment = try #require(payments.first)
                #expect(payment.id == fields.id && payment.amount == fields.message?.message.amount.map { MerchantSettings.yuanText(fen: $0.fen) })
                #expect(payment.heard == .inApp && payment.times == 1, "\(channel.name), \(day.count) lines: \(payment)")
            }
            // The extension: the same APNs push to a phone whose app is in
            // the background, the ringer on, is said by its notification.
            if channel.channel == "apns" {
                let payment = try #require(try Self.play([
                    try Self.line(at, "app", ["state": "background"]),
                    try Self.line(at + 1, "push", ["service": channel.service.rawValue, "channel": "apns", "payload": channel.payload]),
                ]).first)
                #expect(payment.heard == .notification && payment.times == 1, "\(channel.name) in the background: \(payment)")
            }
        }
        // Every service's APNs notification, and the own channel of each that has one.
        #expect(Set(channels.map { "\($0.service.rawValue)-\($0.channel)" }) == [
            "jpush-apns", "jpush-vendor", "getui-apns", "getui-vendor", "tpns-apns", "tpns-vendor", "aliyun-apns", "aliyun-vendor", "umeng-apns",
        ])
    }

    /// The extension's side: an APNs push that carries a message and no
    /// sound asks for one. With `mutable-content` iOS runs the extension,
    /// which renders it from the pack: its notification says it. Without
    /// it iOS runs no extension and plays nothing: its banner only.
    @Test func anAPNsPushWithAMessageAndNoSoundIsSaidWhenTheExtensionRuns() throws {
        for mutable in [true, false] {
            var payload = try Self.payload(.getui, amount: "9.90", id: "m1", at: Self.start + 1)
            var aps = try #require(payload["aps"] as? [String: Any])
            aps["sound"] = nil
            aps["mutable-content"] = mutable ? 1 : nil
            payload["aps"] = aps
            let lines = [
                try Self.line(Self.start, "app", ["state": "background"]),
                try Self.line(Self.start + 1, "push", ["service": "getui", "channel": "apns", "payload": payload]),
            ]
            let payment = try #require(try Self.play(lines).first)
            #expect(payment.heard == (mutable ? .notification : .none), "\(mutable): \(payment)")
            #expect(payment.times == (mutable ? 1 : 0))
        }
    }

    @Test func aClockFifteenMinutesFastLosesNoPaymentOfABurstWithTheAppOpen() throws {
        var lines = [try Self.line(Self.start, "clock", ["offset": 900]), try Self.line(Self.start, "app", ["state": "active"])]
        for index in 0..<5 {
            lines.append(try Self.push(Self.start + 10 + Double(index), amount: "8.0\(index)", id: "b\(index)"))
        }
        let payments = try Self.play(lines)
        #expect(payments.map(\.heard) == Array(repeating: .inApp, count: 5), "\(payments)")
    }

    @Test func aClockFifteenMinutesFastLosesNoPayment() throws {
        for state in ["active", "background", "killed"] {
            var lines = [try Self.line(Self.start, "clock", ["offset": 900]), try Self.line(Self.start, "app", ["state": state])]
            for index in 0..<6 {
                lines.append(try Self.push(Self.start + 10 + Double(index) * 30, amount: "9.0\(index)", id: "f\(index)"))
            }
            let payments = try Self.play(lines)
            #expect(payments.allSatisfy { $0.heard != .none }, "\(state): \(payments)")
        }
    }

    /// Where iOS lets a sound play: the app on screen (it says it itself,
    /// on silent and in a Focus), or the ringer on and no Focus holding
    /// the notification (a time-sensitive one passes).
    @Test func everyStateWhereIOSLetsASoundPlayHearsThePaymentOnceWithinSeconds() throws {
        let states: [(String, [String])] = [
            ("active", ["active"]), ("inactive", ["inactive"]), ("background", ["background"]), ("killed", ["killed"]),
            ("locked", ["active", "lock"]),
        ]
        for (name, steps) in states {
            for silent in [false, true] {
                for focus in [false, true] {
                    for timeSensitive in [true, false] {
                        for channel in ["apns", "vendor"] {
                            var lines = [
                                try Self.line(Self.start, "settings", ["time-sensitive": timeSensitive]),
                                try Self.line(Self.start, "ringer", ["silent": silent]),
                                try Self.line(Self.start, "focus", ["on": focus]),
                            ]
                            for step in steps {
                                lines.append(step == "lock" ? try Self.line(Self.start, "lock") : try Self.line(Self.start, "app", ["state": step]))
                            }
                            let service: PushService = channel == "vendor" ? .getui : .jpush
                            if channel == "vendor" {
                                lines.append(try Self.push(Self.start + 10, service, channel: "vendor", amount: "8.80", id: "x"))
                            }
                            // Getui sends through APNs too when its own connection is down.
                            lines.append(try Self.push(Self.start + 10.5, service, amount: "8.80", id: "x", taken: Self.start + 10))
                            let payment = try #require(try Self.play(lines).first)
                            let onScreen = name == "active" || name == "inactive"
                            let allowed = onScreen || (!silent && (!focus || timeSensitive))
                            let label = "\(name) silent:\(silent) focus:\(focus) timeSensitive:\(timeSensitive) \(channel): \(payment)"
                            #expect((payment.heard != .none) == allowed, "\(label)")
                            #expect(payment.times <= 1, "\(label)")
                            if payment.heard != .none { #expect(payment.at - payment.arrived < 10, "\(label)") }
                        }
                    }
                }
            }
        }
    }

    @Test func theMerchantsSwitchesKeepAPaymentQuietOnEveryChannel() throws {
        for channel in ["apns", "vendor"] {
            let lines = [
                try Self.line(Self.start, "settings", ["announcements": false]), try Self.line(Self.start, "app", ["state": "active"]),
                try Self.push(Self.start + 1, .getui, channel: channel, amount: "5.00", id: "q"),
            ]
            let payment = try #require(try Self.play(lines).first)
            #expect(payment.heard == .none)
            #expect(payment.reason.contains("turned announcements off"))
        }
    }

    /// Random days: the promises that hold whatever happens: each payment
    /// heard at most once, none after its expiry, and in the foreground none
    /// left to a notification's sound while the app could say it in time.
    @Test func randomDaysHearEachPaymentAtMostOnceAndNoneAfterItsExpiry() throws {
        var random = SplitMix64(seed: 0x7111_da75)
        for dayNumber in 0..<150 {
            let (lines, taken) = try Self.randomDay(&random, prefix: "d\(dayNumber)", kills: true, clockChanges: true)
            var day = TillDay(pack: Self.pack, timeZone: TimeZone(identifier: "UTC")!)
            for line in lines { try day.play(try TillEvent(line: Array(line.utf8))) }
            day.finish()
            // In the foreground the app says what it can say in time.
            #expect(day.soundedInFrontThoughSayable.isEmpty, "day \(dayNumber): \(day.soundedInFrontThoughSayable)")
            let payments = day.payments
            for payment in payments {
                #expect(payment.times <= 1, "day \(dayNumber): \(payment)")
                guard payment.heard != .none, let when = taken[payment.id] else { continue }
                // Its expiry: 120 s after it was taken, by true time.
                #expect(payment.at <= when + 120, "day \(dayNumber): \(payment) taken at \(when)")
            }
        }
    }

    /// A long call with the app under the call's screen (inactive) and no
    /// end from iOS: past the interruption's limit the app tries to play,
    /// the call refuses the audio session, and no payment is said by the
    /// app while the call is on; back on screen, the app says the next one.
    @Test func aCallStillOnRefusesTheSessionAndNothingIsSaidDuringIt() throws {
        var lines = [
            try Self.line(Self.start, "app", ["state": "active"]),
            try Self.line(Self.start + 10, "interruption", ["phase": "began"]),
            try Self.line(Self.start + 10, "app", ["state": "inactive"]),
        ]
        for index in 0..<6 {
            lines.append(try Self.push(Self.start + 20 + Double(index) * 30, amount: "\(index + 1).00", id: "call-\(index)"))
        }
        // One late in the call, still in time when the call is over.
        lines.append(try Self.push(Self.start + 280, amount: "8.00", id: "late-in-call"))
        lines.append(try Self.line(Self.start + 300, "app", ["state": "active"]))
        lines.append(try Self.push(Self.start + 310, amount: "9.00", id: "after"))
        let payments = try Self.play(lines)
        for payment in payments.prefix(6) {
            #expect(payment.heard == .none && payment.times == 0, "\(payment)")
        }
        #expect(payments.suffix(2).allSatisfy { $0.heard == .inApp && $0.times == 1 && $0.at >= Self.start + 300 }, "\(payments.suffix(2))")
    }

    /// Payments that arrive during a call on silent, the app in front: the
    /// call ends without shouldResume, and the app says them while in time
    /// (their fail-safes, due during the call, wait for its limit).
    @Test func paymentsDuringACallOnSilentAreSaidWhenItEnds() throws {
        let lines = [
            try Self.line(Self.start, "app", ["state": "active"]),
            try Self.line(Self.start + 1, "ringer", ["silent": true]),
            try Self.line(Self.start + 10, "interruption", ["phase": "began"]),
            try Self.push(Self.start + 20, amount: "18.00", id: "during-1"),
            try Self.push(Self.start + 35, amount: "27.50", id: "during-2"),
            try Self.line(Self.start + 65, "interruption", ["phase": "ended", "shouldResume": false]),
        ]
        let payments = try Self.play(lines)
        #expect(payments.map(\.heard) == [.inApp, .inApp], "\(payments)")
        #expect(payments.allSatisfy { $0.at >= Self.start + 65 && $0.times == 1 })
    }

    /// The app killed mid-burst on silent and opened again before the
    /// fail-safe of a payment it had not said comes: iOS presents that
    /// fail-safe to the new process in front, which says it.
    @Test func aFailSafeOfAKilledAppArrivingInFrontIsSaidThere() throws {
        let lines = [
            try Self.line(Self.start, "app", ["state": "active"]),
            try Self.line(Self.start + 1, "ringer", ["silent": true]),
            try Self.push(Self.start + 10, amount: "20.00", id: "k-1"),
            try Self.push(Self.start + 11, amount: "45.00", id: "k-2"),
            try Self.push(Self.start + 12, amount: "3.30", id: "k-3"),
            try Self.line(Self.start + 13, "app", ["state": "killed"]),
            try Self.line(Self.start + 25, "app", ["state": "active"]),
        ]
        var day = TillDay(pack: Self.pack, timeZone: TimeZone(identifier: "UTC")!)
        for line in lines { try day.play(try TillEvent(line: Array(line.utf8))) }
        day.finish()
        let unsaid = day.payments.filter { $0.id != "k-1" }
        #expect(unsaid.allSatisfy { $0.heard == .inApp && $0.times == 1 && $0.at > Self.start + 25 }, "\(day.payments)")
        #expect(day.soundedInFrontThoughSayable.isEmpty)
    }

    @Test(arguments: [
        (#"{"at":1,"event":"nope"}"#, "event is 'nope', not one of push, app, lock, unlock, idle, ringer, focus, volume, interruption, clock, settings"),
        ("not json", "not a JSON object: "),
        (#"{"event":"lock"}"#, "at is missing: true time, seconds since 1970"),
        (#"{"at":"1","event":"lock"}"#, "at must be true time in seconds since 1970, not a string"),
        (#"{"at":1,"event":"ringer","silent":1}"#, "silent must be true or false, not a number"),
        (#"{"at":1,"event":"app","state":"active","x":1}"#, "'x' is not a field of the app event"),
        (#"{"at":1,"event":"app","state":"asleep"}"#, "state is 'asleep', not one of active, inactive, background, killed"),
        (#"{"at":1,"event":"volume","media":1.5}"#, "media must be a volume from 0 to 1, not 1.5"),
        (#"{"at":1,"event":"push","service":"fcm","channel":"apns","payload":{}}"#, "service is 'fcm', not one of apns, jpush, aliyun, getui, tpns, umeng"),
        (#"{"at":1,"event":"push","service":"apns","channel":"apns","payload":"{}"}"#, "payload must be the push as the service delivers it, a JSON object"),
        (#"{"at":1,"event":"interruption","phase":"paused"}"#, "phase is 'paused', not one of began, ended"),
        (#"{"at":1,"event":"clock","offset":1e12}"#, "offset must be within a year of true time, not 1000000000000.0 s"),
        (#"{"at":1,"event":"volume","media":1e400}"#, "media must be a finite number, not '1e400'"),
        (#"{"at":1e400,"event":"lock"}"#, "at must be true time in seconds since 1970, not '1e400'"),
        (#"{"at":1,"event":"settings","till-mode":"false"}"#, "settings: till-mode not as announce-settings.json holds it"),
        (#"{"at":1,"event":"settings","quiet-hours":"always"}"#, "settings: quiet-hours not as announce-settings.json holds it"),
        (#"{"at":1,"event":"settings","bogus":1}"#, "'bogus' is not a field of the settings event"),
    ])
    func aBadLineIsOneLineNamingTheProblem(line: String, problem: String) {
        #expect(throws: TillEventError.self) { try TillEvent(line: Array(line.utf8)) }
        do {
            _ = try TillEvent(line: Array(line.utf8))
        } catch {
            #expect(error.description.hasPrefix(problem), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aRushLongerThanItsWaitGoesToNotificationsNotToSilence() throws {
        var lines = [try Self.line(Self.start, "app", ["state": "active"])]
        for index in 0..<20 {
            lines.append(try Self.push(Self.start + 1 + Double(index) * 0.2, amount: "\(index + 1).00", id: "r-\(index)"))
        }
        let payments = try Self.play(lines, pack: nil)
        #expect(payments.allSatisfy { $0.heard != .none }, "\(payments.filter { $0.heard == .none })")
        #expect(payments.allSatisfy { $0.at - $0.arrived <= 90 && $0.times == 1 })
    }

    @Test func aMessageTheServiceKeptIsNotSaidAfterItsExpiry() throws {
        let lines = [
            try Self.line(Self.start, "app", ["state": "background"]),
            try Self.push(Self.start + 100, .getui, channel: "vendor", amount: "5.00", id: "old", taken: Self.start),
            try Self.line(Self.start + 210, "app", ["state": "active"]),
        ]
        let payment = try #require(try Self.play(lines).first)
        #expect(payment.heard == .none)
        #expect(payment.reason.contains("time to live"))
    }

    @Test func aRefusedPushIsTheFallbackWithItsReasonAndOneTooLargeIsNeverDelivered() throws {
        for state in ["active", "background"] {
            var fractional = try Self.payload(amount: "5.00", id: "f", at: Self.start)
            fractional["announce-at"] = Self.start + 0.5
            var large = try Self.payload(amount: "6.00", id: "l", at: Self.start)
            large["padding"] = String(repeating: "x", count: 5000)
            let lines = [
                try Self.line(Self.start, "app", ["state": state]),
                try Self.line(Self.start + 1, "push", ["service": "jpush", "channel": "apns", "payload": fractional]),
                try Self.line(Self.start + 20, "push", ["service": "jpush", "channel": "apns", "payload": large]),
            ]
            let payments = try Self.play(lines)
            #expect(payments.count == 2)
            #expect(payments[0].heard == .fallback && payments[0].reason.contains("announce-at"), "\(state): \(payments[0])")
            #expect(payments[1].heard == .none && payments[1].reason.contains("4096"), "\(state): \(payments[1])")
        }
    }

    @Test func aDayLongerThanAMonthIsRefusedFromThere() throws {
        var day = TillDay(pack: nil, timeZone: TimeZone(identifier: "UTC")!)
        try day.play(try TillEvent(line: Array(#"{"at":1767240000,"event":"lock"}"#.utf8)))
        #expect(throws: TillEventError.self) { try day.play(try TillEvent(line: Array(#"{"at":17672400000,"event":"unlock"}"#.utf8))) }
        try day.play(try TillEvent(line: Array(#"{"at":1767240010,"event":"unlock"}"#.utf8)))
    }

    @Test func aSettingsFileThePhoneWouldNotUseIsSaid() {
        var day = TillDay(pack: nil, timeZone: TimeZone(identifier: "UTC")!)
        #expect(day.start(settingsFile: Data(#"{"till-mode": tru"#.utf8))?.contains("settings-damaged") == true)
        var good = TillDay(pack: nil, timeZone: TimeZone(identifier: "UTC")!)
        #expect(good.start(settingsFile: Data(#"{"till-mode": false}"#.utf8)) == nil)
    }

    @Test func aLineBeforeTheOneAboveItIsRefused() throws {
        var day = TillDay(pack: nil, timeZone: TimeZone(identifier: "UTC")!)
        try day.play(try TillEvent(line: Array(#"{"at":10,"event":"lock"}"#.utf8)))
        #expect(throws: TillEventError.self) { try day.play(try TillEvent(line: Array(#"{"at":9,"event":"unlock"}"#.utf8))) }
    }
}
