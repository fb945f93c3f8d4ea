import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension Announcer {
    /// What is said and how the file is made. Every engine setting is in
    /// ``rendering``, whose defaults are the engine's: the command line
    /// takes its defaults from there too.
    public struct Options: Hashable, Sendable {
        /// What is said around the amounts: template, prefix, reading.
        package var phrasing: Phrasing
        /// The words said before the amount.
        public var prefix: Prefix {
            get { phrasing.prefix }
            set { phrasing.prefix = newValue }
        }
        /// How the amount is read: the style and the variants.
        public var reading: ReadingOptions {
            get { phrasing.reading }
            set { phrasing.reading = newValue }
        }
        /// What is said around the amount (``/AnnounceLanguage/Template/payment`` by default).
        public var template: Template {
            get { phrasing.template }
            set { phrasing.template = newValue }
        }
        /// The file's container and encoding.
        public var format: OutputFormat
        /// How clips are joined: output rate (nil: the voice's), budget,
        /// speed, pauses, fade and loudness.
        public var rendering: RenderSettings
        /// The most 16-bit samples the clip cache keeps converted at one
        /// gain; another value than the default gives the announcer a cache
        /// of its own.
        public var clipCacheLimit: Int

        /// The clip cache's default limit: 8 M samples (16 MB).
        public static let defaultClipCacheLimit = ClipCache.pcm16SampleLimit

        /// Options with the engine's defaults, any of them replaced.
        public init(
            prefix: Prefix = .standard, reading: ReadingOptions = ReadingOptions(), template: Template = .payment,
            format: OutputFormat = .default, rendering: RenderSettings = RenderSettings(),
            clipCacheLimit: Int = Options.defaultClipCacheLimit
        ) {
            self.phrasing = Phrasing(template: template, prefix: prefix, reading: reading)
            self.format = format
            self.rendering = rendering
            self.clipCacheLimit = clipCacheLimit
        }
    }
}
