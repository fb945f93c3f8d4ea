import AnnounceExtensionLogic
import FuzzSupport

/// libFuzzer's entry: a merchant's day, one event a line, as `announce till`
/// reads it.
///
/// Each line is read strictly (`TillEvent(line:)`) or refused with one
/// line; the events are played through the phone's decisions
/// (`TillDay`) on a phone without a pack. Whatever the lines, no payment is
/// heard twice unless a push of it came without `mutable-content` (iOS then
/// plays its sound as sent, past every decision of the phone's), none is
/// heard before it arrived, and each reason is one line.
func fuzzTillDay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = [UInt8](bytes(data, size))
    var day = TillDay(pack: nil, timeZone: .gmt)
    for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
        do {
            try day.play(try TillEvent(line: Array(line)))
        } catch {
            requireOneLine(error.description, "TillEventError")
        }
    }
    day.finish()
    for payment in day.payments {
        require(payment.times <= 1 || payment.reason.contains("heard \(payment.times) times"), "heard twice without saying so: \(payment)")
        require(payment.times <= 1 || payment.bypassedExtension, "heard \(payment.times) times: \(payment)")
        require(payment.at >= payment.arrived, "heard before it arrived: \(payment)")
        requireOneLine(payment.reason, "reason")
    }
    return 0
}
