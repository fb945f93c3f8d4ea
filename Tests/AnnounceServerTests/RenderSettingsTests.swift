import AnnounceServer
import Testing

struct RenderSettingsTests {
    /// What Swift's reflection prints for `settings`: every stored property,
    /// in order, as `String(describing:)` would without a description; the
    /// sample rate as the rate rendered at (16 kHz when not given), which is
    /// how sound names have always digested it.
    static func reflected(_ settings: RenderSettings) -> String {
        let fields = Mirror(reflecting: settings).children.map { child in
            let value = child.label == "sampleRate" ? String(settings.sampleRate ?? 16_000) : String(reflecting: child.value)
            return "\(child.label ?? "?"): \(value)"
        }
        return "RenderSettings(\(fields.joined(separator: ", ")))"
    }

    @Test("the description names every setting, exactly as reflection would (sound names digest it)", arguments: [
        RenderSettings(), RenderSettings(sampleRate: 22_050, budget: 0.1 + 0.2, maxSpeed: 1, prefixPause: 0, wordGap: 1e-3),
        RenderSettings(minimumPrefixPause: 0.07, minimumWordGap: 0.005, fade: 0, loudnessTarget: -23.5, truePeakCeiling: -0.25, frameMultiple: 7),
    ])
    func description(settings: RenderSettings) {
        #expect(String(describing: settings) == Self.reflected(settings))
        #expect(Mirror(reflecting: settings).children.count == 11, "a new setting must be added to the description")
    }
}
