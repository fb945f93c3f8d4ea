#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif

/// Seconds since the phone started, counting the time it slept: the clock
/// the till's deadlines and the clock check's boot time are read from.
///
/// `ProcessInfo.systemUptime` stops while the phone sleeps, so on a locked
/// till a payment's wait would not run down and the boot time (the clock
/// less the uptime) would drift by every sleep. Darwin's `CLOCK_MONOTONIC`
/// (`mach_continuous_time`) keeps counting in sleep, as Linux's
/// `CLOCK_BOOTTIME` does. The privacy manifests' reason for the system
/// boot time, 35F9.1, covers it: time between events on the device.
enum BootClock {
    /// Seconds since boot, sleep included.
    static func seconds() -> TimeInterval {
        var time = timespec()
        #if canImport(Darwin)
            let clock = CLOCK_MONOTONIC
        #else
            let clock = CLOCK_BOOTTIME
        #endif
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9
    }

    /// When the phone's clock says the phone started: `now` less the
    /// seconds since boot. Setting the clock moves it; sleep does not.
    static func bootTime(now: Date = Date()) -> Double {
        now.timeIntervalSince1970 - seconds()
    }
}
