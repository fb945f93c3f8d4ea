import AnnounceCommon
import AnnounceLanguage

extension VoiceManifest {
    /// Reads `covers` (written by `voice build` from the script) and
    /// `maximumAmount` (the largest amount the voice says, a decimal
    /// string) from the manifest's fields.
    /// - Throws: the error `invalid` makes, naming the field.
    static func coverageFields(
        _ fields: JSONFields, _ invalid: (String) -> VoiceError
    ) throws(VoiceError) -> (covers: VoiceCoverage?, maximumAmount: Amount?) {
        var maximum: Amount?
        var covers: VoiceCoverage?
        do throws(JSONFields.Problem) {
            if let text = try fields.optionalString("maximumAmount") {
                do {
                    maximum = try Amount(parsing: text)
                } catch {
                    throw JSONFields.Problem(description: "'maximumAmount' must be an amount such as \"9999999.99\": \(error.description)")
                }
                if maximum?.fen == 0 {
                    throw JSONFields.Problem(description: "'maximumAmount' must be above 0: a voice that says only 0 announces no payment")
                }
            }
            if fields.has("covers") { covers = try VoiceCoverage(fields.object("covers")) }
        } catch {
            throw invalid(error.description)
        }
        if let problem = covers?.problem { throw invalid(problem) }
        return (covers, maximum)
    }
}
