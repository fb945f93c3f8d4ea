#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension VoiceManifest {
    /// The manifest fields that say what the voice is made to say:
    /// `covers` (written by `voice build` from the script) and
    /// `maximumAmount` (the largest amount the voice says, a decimal string).
    struct CoverageFields: Decodable {
        var covers: VoiceCoverage?
        var maximumAmount: String?
    }

    /// Reads `covers` and `maximumAmount` from the manifest `data`.
    /// - Throws: the error `invalid` makes, naming the field.
    static func coverageFields(
        json data: Data, _ invalid: (String) -> VoiceError
    ) throws(VoiceError) -> (covers: VoiceCoverage?, maximumAmount: Amount?) {
        let fields: CoverageFields
        do {
            fields = try JSONDecoder().decode(CoverageFields.self, from: data)
        } catch {
            throw invalid("'covers' must list styles, liang, leadYi, prefixes, templates and units as voice build writes them, and 'maximumAmount' must be a string")
        }
        var maximum: Amount?
        if let text = fields.maximumAmount {
            do {
                maximum = try Amount(parsing: text)
            } catch {
                throw invalid("'maximumAmount' must be an amount such as \"9999999.99\": \(error.description)")
            }
        }
        if let covers = fields.covers {
            let known = Template.presets.map(\.name)
            if let unknown = covers.templates.first(where: { !known.contains($0) }) {
                throw invalid("'covers' names template \(MessageText.quoted(unknown)), not a preset (\(known.joined(separator: ", ")))")
            }
            for prefix in covers.prefixes where !prefix.isEmpty {
                guard (try? Prefix(prefix)) != nil else {
                    throw invalid("'covers' names prefix \(MessageText.quoted(prefix)), not a prefix phrase")
                }
            }
        }
        return (fields.covers, maximum)
    }
}
