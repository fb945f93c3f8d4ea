import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

struct VoiceScriptTests {
    static let presets = [Prefix.standard] + Prefix.presets.map(\.prefix).filter { !$0.words.isEmpty }

    @Test("the same options give the same script, byte for byte, in every form", arguments: ReadingOptions.allCombinations)
    func deterministic(options: ReadingOptions) throws {
        let first = try VoiceScript(options: options, prefixes: Self.presets, phrases: ["收款"])
        let second = try VoiceScript(options: options, prefixes: Self.presets, phrases: ["收款"])
        #expect(first.json() == second.json())
        #expect(first.text == second.text && first.markdown == second.markdown)
        let decoded = try VoiceScript(json: Data(first.json().utf8), source: "s.json")
        #expect(decoded == first)
        #expect(decoded.json() == first.json())
    }

    @Test("the script names files and pinyin as the bundled voice does, with the sandhi runs and their rules")
    func itemsMatchBundledVoice() throws {
        let script = try VoiceScript(options: ReadingOptions(liang: true), prefixes: Self.presets, phrases: ["收款"])
        let voice = try Voice(store: VoiceBundle(folder: RepositoryPaths.bundledVoice))
        for item in script.items {
            if let file = voice.manifest.clips[item.key] { #expect(item.file == file, "\(item.key)") }
        }
        let byKey = Dictionary(uniqueKeysWithValues: script.items.map { ($0.key, $0) })
        #expect(byKey["一万"]?.romanisation == "yi2 wan4" && byKey["一万"]?.marks == "yí wàn" && byKey["一万"]?.when == [.leadsGroup])
        #expect(byKey["一百五"]?.file == "yi4-bai2-wu3.wav" && byKey["一百五"]?.when == [.thirdPairs])
        #expect(byKey["点五"]?.marks == "dián wǔ")
        #expect(byKey["一"]?.marks == "yī" && byKey["一"]?.when == [])
        #expect(byKey["角"] == nil && byKey["两百"]?.file == "liang2-bai3.wav")
        #expect(script.items.map(\.number) == Array(1...script.items.count))
        #expect(script.items.first?.key == "零")
        #expect(script.json().contains("\"version\" : 1"))
    }

    @Test("every adjacent pair of third tones a reading produces has a run in the script", arguments: ReadingOptions.allCombinations)
    func coversThirdTonePairs(options: ReadingOptions) throws {
        let runs = Set(VoiceScript.recordedRuns(for: options))
        var generator = SplitMix64(seed: 3)
        for _ in 0..<4000 {
            let amount = try Amount(fenText: String(generator.next() % 10_000_000_000))
            let words = amount.reading(options).words
            for (left, right) in zip(words, words.dropFirst())
            where Mandarin.thirdToneWords.contains(left) && Mandarin.thirdToneWords.contains(right) {
                #expect(runs.contains(left + right), "\(words.joined()): \(left)\(right)")
            }
        }
    }

    @Test("a word without pinyin, a blank in a phrase and a bad script are one clear line")
    func errors() throws {
        #expect(throws: VoiceScriptError.self) { try VoiceScript(options: ReadingOptions(), prefixes: [try Prefix("星巴 收款")]) }
        let given = try VoiceScript(options: ReadingOptions(), prefixes: [try Prefix("星巴 收款")], pronunciations: ["星巴": "xing1 ba1"])
        #expect(given.items.contains { $0.key == "星巴" && $0.file == "xing1-ba1.wav" })
        #expect(throws: VoiceScriptError.self) { try VoiceScript(options: ReadingOptions(), prefixes: [], phrases: ["a b"]) }
        for bad in ["{", #"{"version": 2, "items": []}"#, #"{"version": 1}"#] {
            #expect {
                try VoiceScript(json: Data(bad.utf8), source: "s.json")
            } throws: { error in
                let message = (error as? VoiceScriptError)?.description ?? ""
                return message.hasPrefix("s.json: ") && !message.contains("\n")
            }
        }
        var script = try VoiceScript(options: ReadingOptions(), prefixes: [])
        script.items[1].file = "../x.wav"
        #expect(throws: VoiceScriptError.self) { try VoiceScript(json: Data(script.json().utf8), source: "s.json") }
    }

    @Test("a phrase longer than a prefix may be is a usage error, one line")
    func longPhrase() {
        #expect {
            try VoiceScript(options: ReadingOptions(), prefixes: [], phrases: [String(repeating: "一", count: 41)])
        } throws: { error in
            (error as? VoiceScriptError)?.category == .usage && "\(error)".contains("longer than 40 characters")
        }
    }

    @Test("a script is read strictly and round-trips: duplicate keys, wrong kinds and a bad version are one line naming the field")
    func strictReading() throws {
        let script = try VoiceScript(options: ReadingOptions(style: .currency, liang: true), prefixes: [try Prefix("alipay")])
        #expect(try VoiceScript(json: Data(script.json().utf8), source: "s.json") == script)
        let json = script.json()
        let cases: [(String, String)] = [
            (json.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 1, \"version\" : 1"), "duplicate key 'version'"),
            (json.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2"), "script version 2 is not supported"),
            (json.replacingOccurrences(of: "\"number\" : 1,", with: "\"number\" : \"1\","), "'items'[1].'number' must be a whole number, not a string"),
            (json.replacingOccurrences(of: "\"style\" : \"currency\"", with: "\"style\" : \"roman\""), "'options'.'style' is 'roman'"),
        ]
        for (text, expected) in cases {
            #expect(text != json)
            #expect {
                try VoiceScript(json: Data(text.utf8), source: "s.json")
            } throws: { error in
                let line = "\(error)"
                return line.contains(expected) && !line.contains("\n") && !line.contains("DecodingError")
            }
        }
    }

    @Test("a Cantonese script read back keeps its language and Jyutping; a Mandarin rule or 一十 in it is refused in one line")
    func cantoneseScript() throws {
        let script = try VoiceScript(options: ReadingOptions(), prefixes: [.standard], language: .cantonese)
        #expect(script.options.liang && script.items.first { $0.text == "两" }?.romanisation == "loeng5")
        let json = script.json()
        let read = try VoiceScript(json: Data(json.utf8), source: "s.json")
        #expect(read.language == .cantonese && read == script)
        let withRule = json.replacingOccurrences(of: #""when" : \[\s*\]"#, with: #""when" : ["third-pairs"]"#, options: .regularExpression)
        #expect(withRule != json)
        #expect {
            try VoiceScript(json: Data(withRule.utf8), source: "s.json")
        } throws: { error in
            "\(error)".contains("Cantonese has no clip rule 'third-pairs'") && !"\(error)".contains("\n")
        }
        let leadYi = json.replacingOccurrences(of: #""leadYi" : false"#, with: #""leadYi" : true"#)
        #expect {
            try VoiceScript(json: Data(leadYi.utf8), source: "s.json")
        } throws: { error in
            "\(error)".contains("'covers': Cantonese has no 一十 reading")
        }
    }
}
