@testable import AnnounceExtensionLogic
import Foundation
import Testing

@Suite struct DeliveryOutcomeTests {
    let name = "announce-123.45-e6f65a95.caf"
    let fallback = "payment-fallback.wav"

    @Test func choicesThatNeedNoWorkAreOutcomesAtOnce() {
        #expect(DeliveryOutcome(immediate: .silent(.noSound)) == .silent(.noSound))
        #expect(DeliveryOutcome(immediate: .silent(.repeated)) == .silent(.repeated))
        #expect(DeliveryOutcome(immediate: .silent(.late)) == .silent(.late))
        #expect(DeliveryOutcome(immediate: .asSent("pay.caf")) == .asSent("pay.caf"))
        #expect(DeliveryOutcome(immediate: .fallback(.refusedName)) == .fallback(.refusedName))
        #expect(DeliveryOutcome(immediate: .fallback(.noFolder)) == .fallback(.noFolder))
        #expect(DeliveryOutcome(immediate: .fallback(.refusedURL)) == .fallback(.refusedURL))
        #expect(DeliveryOutcome(immediate: .fallback(.refusedPush)) == .fallback(.refusedPush))
        #expect(DeliveryOutcome(immediate: .installed(name)) == nil)
        #expect(DeliveryOutcome(immediate: .download(name, URL(string: "https://sounds.example.com/" + name)!)) == nil)
    }

    @Test func aDeliveryCutShortSaysWhy() {
        #expect(DeliveryOutcome.interim.ended(.expired) == .fallback(.timedOut))
        #expect(DeliveryOutcome.interim.ended(.finished) == .interim)
        // A finished outcome keeps what it is.
        #expect(DeliveryOutcome.announcement(name, .downloaded).ended(.finished) == .announcement(name, .downloaded))
        #expect(DeliveryOutcome.fallback(.downloadFailed).ended(.finished) == .fallback(.downloadFailed))
    }

    @Test func everyOutcomeFallsUnderOneCounterAndEveryCounterIsReached() {
        let outcomes: [(DeliveryOutcome, DeliveryCounters.Counter)] = [
            (.announcement(name, .rendered), .rendered), (.announcement(name, .downloaded), .downloaded),
            (.announcement(name, .reused), .reused),
            (.asSent("pay.caf"), .asSent), (.silent(.noSound), .held), (.silent(.repeated), .repeated),
            (.silent(.late), .late), (.fallback(.refusedName), .fallbackRefusedName),
            (.fallback(.noFolder), .fallbackNoFolder), (.fallback(.refusedURL), .fallbackRefusedURL), (.fallback(.refusedPush), .fallbackRefusedPush),
            (.fallback(.downloadFailed), .fallbackDownloadFailed), (.fallback(.timedOut), .fallbackTimedOut),
            (.silent(.merchant(.switchedOff)), .switchedOff), (.silent(.merchant(.otherPhone)), .otherPhone),
            (.silent(.merchant(.quietHours)), .quietHours), (.silent(.merchant(.belowMinimum)), .belowMinimum),
        ]
        for (outcome, counter) in outcomes { #expect(outcome.counter == counter, "\(outcome)") }
        // The app's own playback and the settings file count the rest.
        let notDeliveries: Set<DeliveryCounters.Counter> = [
            .playedInApp, .inAppFallback, .inAppNoFile, .inAppStale, .inAppFailed, .handedToNotification, .vendorChannel, .settingsDamaged, .settingsNewerVersion, .settingsUnreadable, .settingsInvalid,
        ]
        #expect(Set(outcomes.map(\.1)) == Set(DeliveryCounters.Counter.allCases).subtracting(notDeliveries))
    }

    @Test func theSoundIsTheFileTheNameOrTheFallbackWhereIOSLooks() {
        #expect(DeliveryOutcome.announcement(name, .reused).sound(fallback: fallback, fallbackInstalled: false) == .named(name))
        #expect(DeliveryOutcome.asSent("pay.caf").sound(fallback: fallback, fallbackInstalled: false) == .named("pay.caf"))
        #expect(DeliveryOutcome.silent(.late).sound(fallback: fallback, fallbackInstalled: true) == .none)
        #expect(DeliveryOutcome.fallback(.timedOut).sound(fallback: fallback, fallbackInstalled: true) == .named(fallback))
        // Not in the App Group's Library/Sounds (before the first unlock, a
        // full container): iOS would not find it, the system's sound plays.
        #expect(DeliveryOutcome.fallback(.noFolder).sound(fallback: fallback, fallbackInstalled: false) == .systemDefault)
    }

    @Test func theLogLineNamesTheOutcomeWithoutTheAmount() {
        #expect(DeliveryOutcome.announcement(name, .downloaded).logDescription == "announcement (downloaded)")
        #expect(DeliveryOutcome.fallback(.timedOut).logDescription == "fallback (fallback-timed-out)")
        #expect(DeliveryOutcome.silent(.repeated).logDescription == "no sound (repeated)")
        #expect(DeliveryOutcome.asSent("pay.caf").logDescription == "as sent (as-sent)")
    }
}
