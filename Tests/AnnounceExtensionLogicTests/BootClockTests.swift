import Foundation
import Testing

@testable import AnnounceExtensionLogic

/// The till's clock counts from boot and never goes back; the boot time it
/// gives stays put between readings.
@Suite struct BootClockTests {
    @Test("seconds since boot are positive, move forward with the time, and the boot time holds still")
    func counts() throws {
        let first = BootClock.seconds()
        let boot = BootClock.bootTime()
        #expect(first > 0)
        Thread.sleep(forTimeInterval: 0.05)
        let second = BootClock.seconds()
        #expect(second - first >= 0.05 && second - first < 5, "\(first) then \(second)")
        #expect(abs(BootClock.bootTime() - boot) < 0.5)
        #if os(Linux)
            // The kernel's own count since boot, sleep included (/proc/uptime).
            // On a host that never slept this cannot tell it from a count
            // without sleep; it holds the clock to the right origin and unit.
            let uptime = try String(contentsOfFile: "/proc/uptime", encoding: .utf8).split(separator: " ").first.flatMap { Double($0) }
            let reference = try #require(uptime)
            #expect(abs(BootClock.seconds() - reference) < 1, "\(BootClock.seconds()) against /proc/uptime \(reference)")
        #endif
    }
}
