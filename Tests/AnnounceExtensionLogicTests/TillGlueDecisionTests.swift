@testable import AnnounceExtensionLogic
import AnnounceCommon
import AnnounceTestSupport
import AnnounceWire
import Foundation
import Testing

/// Decisions the logic makes for the glue: when the content handler is
/// called against the push service's receipt and the counting, the seal a
/// process keeps, and the settings screen's minimum amount.
@Suite struct TillGlueDecisionTests {
    final class Calls: @unchecked Sendable {
        let list = LockedState<[String]>([])
        func add(_ call: String) { list.withLock { $0.append(call) } }
        var all: [String] { list.withLock { $0 } }
    }

    @Test func theContentIsHandedBackOnceInsideTheReceiptsCompletionThenCounted() {
        let gates = HandbackGates()
        let calls = Calls()
        let gate = gates.gate(handBack: { calls.add("handler") }, afterwards: { calls.add("count") })
        #expect(gates.waiting == 1 && !gate.isOpen)
        // The service's completion, then a late cap and the expiry: once.
        #expect(gate.open())
        #expect(!gate.open())
        gates.expireAll()
        #expect(calls.all == ["handler", "count"])
        #expect(gates.waiting == 0 && gate.isOpen)
    }

    @Test func aServiceThatNeverAnswersHoldsNothingPastTheExpiry() {
        let gates = HandbackGates()
        let calls = Calls()
        let first = gates.gate(handBack: { calls.add("first") })
        let second = gates.gate(handBack: { calls.add("second") }, afterwards: { calls.add("second counted") })
        gates.expireAll()
        #expect(calls.all == ["first", "second", "second counted"])
        #expect(first.isOpen && second.isOpen && gates.waiting == 0)
        #expect(HandbackGates.cap <= 5)
    }

    @Test func manyThreadsOpeningOneGateHandBackOnce() {
        let gates = HandbackGates()
        let calls = Calls()
        let gate = gates.gate(handBack: { calls.add("handler") })
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            if index % 2 == 0 { gate.open() } else { gates.expireAll() }
        }
        #expect(calls.all == ["handler"])
    }

    @Test func theSealIsReadAgainUntilItIsFound() {
        let reads = LockedState(0)
        let available = LockedState(false)
        let kept = KeptSeal {
            reads.withLock { $0 += 1 }
            return available.withLock { $0 } ? "0123456789abcdef0123456789abcdef" : nil
        }
        // Before the first unlock: none, and not kept.
        #expect(kept.value() == nil)
        #expect(kept.value() == nil)
        available.withLock { $0 = true }
        #expect(kept.value() == "0123456789abcdef0123456789abcdef")
        // Found once, kept: no more reads.
        available.withLock { $0 = false }
        #expect(kept.value() == "0123456789abcdef0123456789abcdef")
        #expect(reads.withLock { $0 } == 3)
    }

    @Test func theMinimumFieldShowsTheMinimumAndSavingItKeepsIt() throws {
        let settings = MerchantSettings(minimumFen: 1050)
        #expect(settings.minimumFieldText == "10.50")
        #expect(MerchantSettings().minimumFieldText == "")
        // Saved as shown: the same minimum, not cleared.
        #expect(settings.applyingMinimum(typed: settings.minimumFieldText) == settings)
        #expect(settings.applyingMinimum(typed: " 8 ")?.minimumFen == 800)
        #expect(settings.applyingMinimum(typed: "")?.minimumFen == nil)
        #expect(settings.applyingMinimum(typed: "0")?.minimumFen == nil)
        #expect(settings.applyingMinimum(typed: "-1") == nil)
        #expect(settings.applyingMinimum(typed: "1.234") == nil)
        #expect(settings.applyingMinimum(typed: "ten") == nil)
        for fen: UInt64 in [1, 9, 10, 99, 100, 12345, 99_999_999_99] {
            let shown = MerchantSettings(minimumFen: fen).minimumFieldText
            #expect(MerchantSettings().applyingMinimum(typed: shown)?.minimumFen == fen, "\(shown)")
        }
    }
}
