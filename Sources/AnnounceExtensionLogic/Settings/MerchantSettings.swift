import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The merchant's own switches, set in the app and read by the extension
/// through one small file of the App Group: announcements on or off, quiet
/// hours (a banner without sound), announce only from an amount, and
/// "this phone announces" for a shop whose owner and clerks carry several
/// phones logged in to one till.
///
/// The decision is one pure function, ``silence(amountFen:minuteOfDay:)``,
/// so the extension, the app's in-app player and a command-line check of a
/// push all decide the same way from the same value. Reading the file
/// (``MerchantSettingsFile``) never silences a payment on doubt: a file that
/// is missing, half-written, from a newer app or unreadable before the first
/// unlock gives the defaults, which announce everything.
///
/// The file, `Library/Application Support/announce-settings.json` in the App
/// Group (every key optional; a missing key keeps its default):
///
/// ```json
/// {"version": 1, "announcements": true, "this-phone-announces": true,
///  "quiet-hours": {"from": "22:00", "to": "07:30"}, "minimum-fen": 1000, "till-mode": true}
/// ```
///
/// Foundation and the phone's libraries only: the package compiles this file on Linux
/// and tests it.
struct MerchantSettings: Equatable, Sendable {
    /// The file format this code reads and writes.
    static let version = 1

    /// Whether this app announces payments at all; off: every payment shows
    /// its banner without sound.
    var announcements = true
    /// Whether this phone is the one that speaks at the till; off: a silent
    /// banner, while another phone of the shop announces.
    var thisPhoneAnnounces = true
    /// The hours in which payments show without sound; nil: none.
    var quietHours: QuietHours?
    /// The smallest amount announced, in fen; nil (or 0): every amount.
    var minimumFen: UInt64?
    /// Till mode: the screen kept awake while the app is open, so a till on
    /// silent keeps saying payments (``TillModel``). On by default.
    var tillMode = true

    init(
        announcements: Bool = true, thisPhoneAnnounces: Bool = true, quietHours: QuietHours? = nil, minimumFen: UInt64? = nil,
        tillMode: Bool = true
    ) {
        self.announcements = announcements
        self.thisPhoneAnnounces = thisPhoneAnnounces
        self.quietHours = quietHours
        self.minimumFen = minimumFen
        self.tillMode = tillMode
    }

    /// A daily interval of local time, from ``from`` up to (not including)
    /// ``to``, in minutes after midnight (0...1439). An interval whose end is
    /// before its start crosses midnight (22:00 to 07:00); one whose start
    /// and end are equal is empty: it never silences (a merchant who means
    /// "always" turns announcements off).
    struct QuietHours: Equatable, Sendable {
        let from: Int
        let to: Int

        /// Nil unless both are minutes of a day.
        init?(from: Int, to: Int) {
            guard (0..<Self.minutesPerDay).contains(from), (0..<Self.minutesPerDay).contains(to) else { return nil }
            self.from = from
            self.to = to
        }

        static let minutesPerDay = 24 * 60

        /// Whether `minute` (after midnight) falls inside.
        func contains(_ minute: Int) -> Bool {
            if from == to { return false }
            if from < to { return minute >= from && minute < to }
            return minute >= from || minute < to
        }

        /// `HH:MM`, as the file writes it.
        static func text(_ minute: Int) -> String {
            let hours = minute / 60, minutes = minute % 60
            return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
        }

        /// The minute of `HH:MM` (two digits each, 00:00 to 23:59); nil otherwise.
        static func minute(_ text: String) -> Int? {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                  let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60
            else { return nil }
            return hours * 60 + minutes
        }
    }

    /// Which switch keeps a payment from being said.
    enum Silence: String, Equatable, Sendable, CaseIterable {
        /// ``announcements`` is off.
        case switchedOff = "switched-off"
        /// ``thisPhoneAnnounces`` is off: another phone speaks.
        case otherPhone = "other-phone"
        /// Inside ``quietHours``.
        case quietHours = "quiet-hours"
        /// Below ``minimumFen``.
        case belowMinimum = "below-minimum"
    }

    /// Why a payment of `amountFen` (nil: a message without an amount, such
    /// as 收款成功) at `minuteOfDay` (local time) is not said; nil when it is.
    /// The switches are checked in this order: off, another phone, quiet
    /// hours, the minimum. A message without an amount is never below the
    /// minimum: nothing says it is small.
    func silence(amountFen: UInt64?, minuteOfDay: Int) -> Silence? {
        if !announcements { return .switchedOff }
        if !thisPhoneAnnounces { return .otherPhone }
        if let quietHours, quietHours.contains(minuteOfDay) { return .quietHours }
        if let minimumFen, let amountFen, amountFen < minimumFen { return .belowMinimum }
        return nil
    }

    /// The minute after local midnight of `date` in `timeZone` (0...1439).
    static func minuteOfDay(_ date: Date, in timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    /// The merchant's typed minimum in yuan (`10`, `0.5`, `¥1,000.00`, as
    /// `Amount(userInput:)` accepts it) as whole fen, exactly; nil for a
    /// negative amount, text that is not an amount, or more than two decimals.
    static func minimumFen(typed text: String) -> UInt64? {
        (try? Amount(userInput: text))?.fen
    }

    /// The minimum as the settings screen's field shows it: `10.50`, or
    /// empty for none. The screen fills its field with this once the
    /// settings are read, never before (a blank field saved would clear it).
    var minimumFieldText: String {
        guard let minimumFen, minimumFen > 0 else { return "" }
        return Self.yuanText(fen: minimumFen)
    }

    /// An amount as the app shows it: whole yuan and two decimals (`10.50`, `8.00`).
    static func yuanText(fen: UInt64) -> String {
        let cents = fen % 100
        return "\(fen / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    /// These settings with the minimum the merchant typed: empty clears it,
    /// an amount sets it in whole fen; nil for text that is not an amount
    /// (``minimumFen(typed:)``), which changes nothing.
    func applyingMinimum(typed text: String) -> MerchantSettings? {
        var settings = self
        let trimmed = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        if trimmed.isEmpty {
            settings.minimumFen = nil
        } else {
            guard let fen = Self.minimumFen(typed: trimmed) else { return nil }
            settings.minimumFen = fen == 0 ? nil : fen
        }
        return settings
    }

    /// The minimum as the merchant reads it: `10.50 元`; nil when none.
    var minimumText: String? {
        guard let minimumFen, minimumFen > 0 else { return nil }
        return Self.yuanText(fen: minimumFen) + " 元"
    }

    /// One line per switch for the status screen.
    var summary: [String] {
        var lines = [announcements ? "到账播报：开" : "到账播报：关（只显示横幅）"]
        lines.append(thisPhoneAnnounces ? "本机播报：是" : "本机播报：否（由店里另一台手机播报）")
        if let quietHours, quietHours.from != quietHours.to {
            lines.append("免打扰时段：\(QuietHours.text(quietHours.from)) 至 \(QuietHours.text(quietHours.to))（只显示横幅）")
        } else {
            lines.append("免打扰时段：无")
        }
        lines.append(minimumText.map { "起播金额：\($0)" } ?? "起播金额：不限")
        lines.append(tillMode ? "收银模式：开（本应用在前台时屏幕常亮）" : "收银模式：关")
        return lines
    }
}
