import AnnounceLanguage
import AnnounceTestSupport
import Foundation
import Testing

/// A language is a folder: outside its folder under Sources/AnnounceLanguage
/// (and the one list of the package's languages), no Swift source names a
/// language or its words in code, so a third language touches no other
/// file. The command line's older spellings of variants and romanisations
/// (`--liang`, `--pinyin`, …) are the exceptions, each kept in one file.
@Suite struct LanguageNamesTests {
    /// The files outside the language folders that may name a language's
    /// words: the one list, and the options that keep older spellings.
    static let allowed: Set<String> = [
        "Sources/AnnounceLanguage/Languages.swift",
        "Sources/announce/Options/PhraseOptions.swift",
        "Sources/announce/Commands/VoiceScriptCommand.swift",
    ]

    /// What names a packaged language or its words: its name, its
    /// romanisation, its variants' keys, and tone sandhi.
    static var names: [String] {
        var names = ["sandhi"]
        for language in Language.packaged {
            names += [language.name, language.romanisation]
            let variants = language.readingVariants + language.defaultReading.variants
            names += variants.map(\.key)
        }
        return Array(Set(names.map { $0.lowercased() })).sorted()
    }

    @Test("no Swift source outside a language's folder names a language or its words, but the one list and the CLI's older spellings")
    func languageWordsStayInTheirFolders() throws {
        let names = Self.names
        try #require(names.count >= 6, "the scan needs the packaged languages' words: \(names)")
        let folders = Language.packaged.map { "Sources/AnnounceLanguage/\($0.name)/" }
        var files: [String: [String]] = [:]
        let sources = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.file("Sources").path)
        for module in sources.sorted() {
            for line in try PhoneSources.lines(below: "Sources/" + module) where !folders.contains(where: line.file.hasPrefix) {
                let code = line.code.lowercased()
                if let name = names.first(where: code.contains) { files[line.file, default: []].append("\(line.number): \(name)") }
            }
        }
        try #require(!files.isEmpty || Self.allowed.isEmpty, "the scan found nothing, not even the allowed files")
        let outside = files.keys.filter { !Self.allowed.contains($0) }.sorted()
        #expect(outside.isEmpty, "\(outside.map { "\($0): \(files[$0] ?? [])" })")
        #expect(files.count <= 3)
    }
}
