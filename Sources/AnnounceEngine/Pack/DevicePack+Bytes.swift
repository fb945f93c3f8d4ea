import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DevicePack {
    /// The pack as a file's bytes; the same pack always gives the same bytes.
    package func encoded() -> [UInt8] {
        var writer = PackWriter()
        writer.raw(Self.magic)
        writer.u32(Self.formatVersion)
        writer.count(engineVersion)
        let checksumOffset = writer.bytes.count
        writer.u64(0)
        writer.text(voiceID)
        writer.u64(voiceDigest)
        writer.bytes(manifestBytes)
        writer.count(settings.rate)
        for value in [
            settings.budget, settings.maxSpeed, settings.prefixPause, settings.minimumPrefixPause, settings.wordGap,
            settings.minimumWordGap, settings.fade, settings.loudnessTarget, settings.truePeakCeiling,
        ] {
            writer.f64(value)
        }
        writer.count(settings.frameMultiple)
        writer.text(format.container.rawValue)
        writer.text(format.encoding.rawValue)
        writer.u64(nameSeed)
        writer.floats(fade.gains)
        writer.count(tiers.count)
        for tier in tiers {
            writer.f64(tier.speed)
            // A tier read from bytes reads every clip whole for `clips`: once.
            let clips = tier.clips
            writer.count(clips.count)
            for (file, clip) in clips.sorted(by: { $0.key < $1.key }) {
                writer.text(file)
                let prepared = clip.prepared
                writer.f64(prepared.originalDuration)
                writer.f64(prepared.gain)
                writer.count(prepared.fadeFrames)
                if let compact = clip.compact {
                    writer.u32(1)
                    writer.f32(compact.scale)
                    writer.u32(compact.faded ? 1 : 0)
                    writer.count(compact.codes.count)
                    for code in compact.codes { writer.u16(UInt16(bitPattern: code)) }
                } else {
                    writer.u32(0)
                    writer.floats(prepared.audio.samples)
                }
                writer.measurement(prepared.measurement)
                writer.count(clip.limited.count)
                for (step, limited) in clip.limited.sorted(by: { $0.key < $1.key }) {
                    writer.i32(Int32(clamping: step))
                    writer.f32(limited.down)
                    writer.count(limited.needs.count)
                    var end = 0
                    for run in limited.needs {
                        // Runs in order, as gaps and lengths: mostly one byte each.
                        writer.varint(UInt64(run.start - end))
                        writer.varint(UInt64(run.length))
                        writer.f32(run.value)
                        end = run.start + run.length
                    }
                    writer.measurement(limited.measurement)
                }
            }
        }
        let bodyStart = checksumOffset + 8
        var digest = Digest()
        writer.bytes[bodyStart...].withUnsafeBytes { digest.feed($0) }
        writer.patch(u64: digest.value, at: checksumOffset)
        return writer.bytes
    }

    /// Reads a pack from `data` (a file's bytes, perhaps mapped), named
    /// `name` in errors. Every field is checked here, but only small
    /// indexes are kept: the pack keeps `data` and reads each clip from it
    /// when an announcement needs it. Map the file
    /// (`Data(contentsOf:options: .alwaysMapped)`), and the pack's bytes
    /// stay clean file pages rather than the process's memory.
    /// - Throws: ``PackError``: `damaged` for anything that is not a whole,
    ///   consistent pack; `otherVersion` for one made by another engine.
    public init(data: Data, name: String) throws(PackError) {
        var reader = PackReader(data, name: name)
        let magic = try reader.skip(Self.magic.count, "its magic number")
        guard data.withUnsafeBytes({ $0[magic..<(magic + Self.magic.count)].elementsEqual(Self.magic) }) else {
            throw PackError(.damaged, "\(name): not a device voice pack (made by `announce voice export`)")
        }
        let version = try reader.u32("its format version")
        let engine = Int(try reader.u32("its engine version"))
        guard version == Self.formatVersion else {
            throw PackError(.otherVersion, "\(name): pack format \(version); this engine reads format \(Self.formatVersion)")
        }
        guard engine == Engine.version else {
            throw PackError(
                .otherVersion,
                "\(name): made by engine version \(engine); this is engine version \(Engine.version): export the pack again")
        }
        let checksum = try reader.u64("its checksum")
        guard reader.digest(from: reader.offset) == checksum else {
            throw PackError(.damaged, "\(name): its bytes do not match its checksum (cut short, damaged or altered)")
        }
        let voiceID = try reader.text("the voice id")
        let voiceDigest = try reader.u64("the voice digest")
        let manifestBytes = try reader.bytes("the manifest")
        let manifest: VoiceManifest
        do throws(VoiceError) {
            manifest = try VoiceManifest(json: Data(manifestBytes), source: "\(name) (its voice.json)")
        } catch {
            throw PackError(.damaged, "\(name): \(error.description)")
        }
        let rate = Int(try reader.u32("the sample rate"))
        var values: [Double] = []
        for _ in 0..<9 { values.append(try reader.f64("the render settings")) }
        let frameMultiple = Int(try reader.u32("the render settings"))
        let settings = RenderSettings(
            sampleRate: rate, budget: values[0], maxSpeed: values[1], prefixPause: values[2],
            minimumPrefixPause: values[3], wordGap: values[4], minimumWordGap: values[5], fade: values[6],
            loudnessTarget: values[7], truePeakCeiling: values[8], frameMultiple: frameMultiple)
        do throws(AudioError) {
            try settings.validate()
        } catch {
            throw PackError(.damaged, "\(name): \(error.message)")
        }
        let container = try reader.text("the format")
        let encoding = try reader.text("the format")
        guard let container = OutputFormat.Container(rawValue: container),
            let encoding = OutputFormat.Encoding(rawValue: encoding),
            let format = try? OutputFormat(container: container, encoding: encoding)
        else {
            throw PackError(.damaged, "\(name): its output format is not one announce writes")
        }
        let nameSeed = try reader.u64("the name seed")
        let fade = FadeCurve(gains: try reader.floats("the fade"))
        guard fade.frames == settings.frames(settings.fade), fade.gains.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
            throw PackError(.damaged, "\(name): its fade is not the one its settings make")
        }
        // Every clip is checked here; only where each lies is kept, and an
        // announcement reads its own clips from `data` (MappedTier).
        let tierCount = try reader.count("the tiers")
        var tiers: [Tier] = []
        for _ in 0..<tierCount {
            let (speed, places) = try reader.tierPlaces()
            tiers.append(Tier(speed: speed, mapped: MappedTier(data: data, name: name, sampleRate: rate, places: places)))
        }
        guard tiers.first?.speed == 1, reader.remaining == 0 else {
            throw PackError(.damaged, "\(name): its tiers are not what export writes")
        }
        self.init(
            voiceID: voiceID, voiceDigest: voiceDigest, manifest: manifest, manifestBytes: manifestBytes,
            settings: settings, format: format, nameSeed: nameSeed, engineVersion: engine, tiers: tiers, fade: fade,
            size: data.count)
    }
}

extension PackWriter {
    fileprivate mutating func measurement(_ measurement: ClipMeasurement) {
        f64(measurement.loudness)
        f64(measurement.truePeakAmplitude)
        f64(measurement.edgePeak)
        count(measurement.energy.stepFrames)
        // Measured energies are kept to a float's precision: 4 bytes each.
        let cumulative = measurement.energy.cumulative
        if cumulative.allSatisfy({ Double(Float($0)) == $0 }) {
            u32(1)
            floats(cumulative.map { Float($0) })
        } else {
            u32(0)
            doubles(cumulative)
        }
    }
}
