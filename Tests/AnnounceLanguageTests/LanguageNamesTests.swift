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

    /// What names a packaged language or its words: its names, its
    /// romanisation, its variants' names and keys, its clip rules' names,
    /// and tone sandhi.
    static var names: [String] {
        var names = ["sandhi"]
        for language in Language.packaged {
            names += [language.displayName, language.cliName, language.romanisation]
            let variants = language.readingVariants + language.defaultReading.variants
            names += variants.map(\.key) + variants.map(\.name)
            names += language.clipRules.map(\.rawValue)
        }
        return Array(Set(names.map { $0.lowercased() })).sorted()
    }

    /// Every word a packaged language says: what its reader says in any
    /// reading and count, its presets' words and its templates' unit.
    static var words: [String] {
        var words = Set<String>()
        for language in Language.packaged {
            for options in ReadingOptions.allCombinations { words.formUnion(language.reader.vocabulary(options)) }
            words.formUnion(language.reader.countVocabulary)
            words.formUnion(language.prefixPresets.flatMap(\.prefix.words) + language.standardPrefix.words)
            words.formUnion(language.templatePresets.flatMap { $0.template.fixedWords })
            words.insert(language.amountUnit)
        }
        return words.sorted()
    }

    @Test("no Swift source outside a language's folder names a language or its words, but the one list and the CLI's older spellings")
    func languageWordsStayInTheirFolders() throws {
        let names = Self.names
        try #require(names.count >= 6, "the scan needs the packaged languages' words: \(names)")
        let folders = try Language.packaged.map(Self.folder(of:))
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

    /// What may say a language's words besides the allowed files: the
    /// phone app's own screens and notifications, written in Chinese for the
    /// merchant (到账播报), whatever language the voice speaks; and the
    /// amount parser's `元` after a number, the currency's sign as `¥` is.
    static let wordsAllowed: [String] = [
        "Sources/AnnounceExtensionLogic/", "Sources/AnnounceLanguage/Amounts/Amount+Parsing.swift",
    ]

    @Test("no Swift source outside a language's folder says a word of a packaged language, but the one list, the CLI's older spellings, the app's screens and the amount's sign")
    func languageWordsStayWithTheirLanguage() throws {
        let words = Self.words
        try #require(words.count >= 40, "the scan needs the languages' words: \(words)")
        let folders = try Language.packaged.map(Self.folder(of:))
        var found: [String] = []
        let sources = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.file("Sources").path)
        for module in sources.sorted() {
            for line in try PhoneSources.lines(below: "Sources/" + module)
            where !folders.contains(where: line.file.hasPrefix) && !Self.allowed.contains(line.file)
                && !Self.wordsAllowed.contains(where: line.file.hasPrefix) {
                if let word = words.first(where: line.code.contains) { found.append("\(line.file):\(line.number): \(word)") }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// The folder under Sources/AnnounceLanguage whose file declares
    /// `language`'s rules (`struct Mandarin: LanguageRules`), with a `/`.
    static func folder(of language: Language) throws -> String {
        let type = String(describing: Swift.type(of: language.rules))
        let root = "Sources/AnnounceLanguage"
        for entry in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.file(root).path).sorted() {
            let folder = "\(root)/\(entry)"
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: RepositoryPaths.file(folder).path, isDirectory: &isFolder), isFolder.boolValue
            else { continue }
            for line in try PhoneSources.lines(below: folder) where line.code.contains("struct \(type): LanguageRules") {
                return folder + "/"
            }
        }
        throw FolderNotFound(type: type)
    }

    struct FolderNotFound: Error { let type: String }

    @Test("a language's tag, command-line name and display name are three names, each its own")
    func namesApart() throws {
        for language in Language.packaged {
            #expect(try Language(tag: language.tag) == language)
            #expect(try Language(tag: language.cliName) == language)
            #expect(language.cliName == language.cliName.lowercased() && !language.cliName.contains(" "))
            #expect(language.description == "\(language.displayName) (\(language.tag))")
            #expect(try Self.folder(of: language).hasPrefix("Sources/AnnounceLanguage/"))
        }
        #expect(Set(Language.packaged.map(\.cliName)).count == Language.packaged.count)
    }
}
