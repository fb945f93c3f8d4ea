import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import Foundation
import Testing

/// Every message about a manifest is one line, whatever the author wrote in
/// its rule names and field names (inputs the fuzzer found).
struct ManifestMessageTests {
    @Test("names from the manifest are escaped in messages", arguments: [
        (#"{"一": {"file": "a.wav", "when": "never\u2028"}}"#, #"unknown rule 'never\u{2028}'"#),
        (#"{"一": {"file": "a.wav", "when": ["leads-group", "x\ny"]}}"#, #"unknown rule 'x\ny'"#),
        (#"{"一": {"file": "a.wav", "vol\rume": 2}}"#, #"unknown field 'vol\rume'"#),
    ])
    func escapedNames(clips: String, expected: String) {
        let json = #"{"format": 1, "language": "cmn-Hans", "id": "x", "clips": "# + clips + "}"
        #expect {
            try VoiceManifest(json: Data(json.utf8), source: "v.json")
        } throws: { error in
            let message = (error as? VoiceError)?.description ?? ""
            return message.contains(expected)
                && !message.unicodeScalars.contains { ["\n", "\r", "\u{2028}", "\u{2029}"].contains($0) }
        }
    }
}
