import AnnounceTestSupport
import Foundation
import Testing

/// What the phone compiles (``PhoneSources/folders``: the core, the wire
/// contract, the engine, the extension's logic) imports Foundation and its
/// phone siblings only, and spells no API that exists on Linux alone outside
/// an `#if`: Xcode must build it for iOS as it is.
///
/// The server links the same files, so the full Foundation is imported only
/// under an `#if` (`#if canImport(FoundationEssentials) … #else import
/// Foundation #endif`): on Linux it would bring ICU's data into the
/// `announce` binary (ServerBinaryTests checks the binary itself).
@Suite struct PhoneTargetImportTests {
    /// The modules a phone target may import. Dispatch ships with every
    /// Swift toolchain and every Apple system (Foundation re-exports it).
    static let allowedModules: Set<String> = [
        "Foundation", "FoundationEssentials", "Dispatch",
        "AnnounceCommon", "AnnounceLanguage", "AnnounceVoice", "AnnounceWire", "AnnounceEngine", "AnnounceExtensionLogic",
    ]

    /// The C library, which Foundation brings on Apple's platforms: imported
    /// beside FoundationEssentials, under an `#if`, only.
    static let guardedModules: Set<String> = ["Glibc", "Musl"]

    /// An import: attributes, an access level and a kind (`import struct`)
    /// may precede the module, a submodule may follow it.
    static let importPattern = #"^\s*(@\w+(\([^)]*\))?\s+)*((public|package|internal|fileprivate|private)\s+)?import\s+((typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#

    /// Spellings of Glibc's (or of Linux) that Darwin lacks or spells
    /// otherwise: the C module itself, the process environment, spawning,
    /// pthreads, `stat`'s time field, Linux's event interfaces.
    static let linuxOnlyPattern = #"\b(Glibc|Musl|environ|posix_spawn\w*|pthread_\w+|st_mtim|epoll_\w+|inotify_\w+|eventfd)\b"#

    /// The module `code` imports, or nil when it is no import.
    static func importedModule(_ code: String) -> String? {
        guard let match = code.range(of: importPattern, options: .regularExpression) else { return nil }
        return code[match].split(whereSeparator: \.isWhitespace).last.map(String.init)
    }

    /// What is wrong with these lines of one file: imports outside
    /// ``allowedModules``, and Linux-only spellings outside an `#if`.
    static func problems(in lines: [PhoneSources.Line]) -> [String] {
        var found: [String] = []
        var depth = 0
        for line in lines {
            let code = line.code.trimmingCharacters(in: .whitespaces)
            func report(_ problem: String) { found.append("\(line.file):\(line.number): \(problem): \(code)") }
            if code.hasPrefix("#if") { depth += 1 }
            if code.hasPrefix("#endif") { depth = max(0, depth - 1) }
            if let module = importedModule(code), !allowedModules.contains(module), depth == 0 || !guardedModules.contains(module) {
                report("imports \(module)")
            } else if importedModule(code) == "Foundation", depth == 0 {
                report("imports the full Foundation outside #if")
            } else if depth == 0, code.range(of: linuxOnlyPattern, options: .regularExpression) != nil {
                report("a Linux-only spelling outside #if")
            }
        }
        return found
    }

    @Test("the phone's targets import Foundation and each other only, and spell no Linux-only API outside #if")
    func phoneTargetsStayFoundationOnly() throws {
        var found: [String] = []
        for folder in PhoneSources.folders {
            let lines = try PhoneSources.lines(below: folder)
            #expect(!lines.isEmpty, "\(folder) has no Swift files")
            for file in Dictionary(grouping: lines, by: \.file).values {
                found += Self.problems(in: file)
            }
        }
        #expect(found.isEmpty, "what the phone compiles must be Foundation-only:\n\(found.sorted().joined(separator: "\n"))")
    }

    /// The phone's modules' unit tests: they build without the C
    /// libraries, the server or the studio; what holds the phone to the
    /// server is in AnnounceIntegrationTests.
    static let phoneTestFolders = [
        "Tests/AnnounceCommonTests", "Tests/AnnounceLanguageTests", "Tests/AnnounceVoiceTests", "Tests/AnnounceWireTests",
        "Tests/AnnounceEngineTests", "Tests/AnnounceExtensionLogicTests",
    ]

    @Test("the phone's modules' tests import the phone's modules and the test support only")
    func phoneTestsNeedNoCLibraries() throws {
        let allowed = Self.allowedModules.union(["Testing", "AnnounceTestSupport"])
        var found: [String] = []
        for folder in Self.phoneTestFolders {
            let lines = try PhoneSources.lines(below: folder)
            #expect(!lines.isEmpty, "\(folder) has no Swift files")
            for line in lines {
                if let module = Self.importedModule(line.code), !allowed.contains(module) {
                    found.append("\(line.file):\(line.number): imports \(module)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the scan refuses what the phone cannot compile", arguments: [
        "import AnnounceServer", "import AnnounceStudio", "@preconcurrency import Glibc", "package import CSndFile",
        "import struct Subprocess.Configuration", "import ArgumentParser", "let env = environ",
        "var actions = posix_spawn_file_actions_t()", "pthread_mutex_lock(mutex)", "let time = status.st_mtim",
        "import Foundation", "@preconcurrency import Foundation",
    ])
    func scanRefuses(_ code: String) {
        let line = PhoneSources.Line(file: "Sources/AnnounceVoice/X.swift", number: 1, code: code)
        #expect(Self.problems(in: [line]).count == 1)
    }

    @Test("the scan passes Foundation, the siblings and guarded platform code")
    func scanPasses() {
        let code = [
            "#if canImport(FoundationEssentials)", "    import FoundationEssentials", "    #if canImport(Glibc)", "        import Glibc",
            "    #endif", "#else", "    import Foundation", "#endif",
            "@_exported import AnnounceWire", "public import AnnounceLanguage", "#if canImport(Glibc)",
            "    let time = status.st_mtim", "#else", "    let time = status.st_mtimespec", "#endif", "let important = 1",
            "let environment = ProcessInfo.processInfo.environment",
        ]
        let lines = code.enumerated().map { PhoneSources.Line(file: "Sources/AnnounceVoice/X.swift", number: $0.offset + 1, code: $0.element) }
        #expect(Self.problems(in: lines).isEmpty)
    }

    /// The top-level `package` declarations of the libraries the app adds
    /// (`package struct JSONObject` gives `JSONObject`).
    static let packageDeclaration = #"^package\s+(final\s+)?(struct|enum|class|protocol|typealias|actor|func|let|var)\s+([A-Za-z_][A-Za-z0-9_]*)"#

    /// The names `lines` declare at the top level with `package` access.
    static func packageNames(in lines: [PhoneSources.Line]) -> Set<String> {
        Set(lines.compactMap { line in
            line.code.range(of: packageDeclaration, options: .regularExpression).flatMap { line.code[$0].split(whereSeparator: \.isWhitespace).last }
                .map(String.init)
        })
    }

    /// The lines of `lines` that name one of `names`, as a word of its own.
    static func uses(of names: Set<String>, in lines: [PhoneSources.Line]) -> [String] {
        lines.compactMap { line in
            let words = Set(line.code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            let used = words.intersection(names).sorted()
            return used.isEmpty ? nil : "\(line.file):\(line.number): \(used.joined(separator: ", "))"
        }
    }

    @Test("the app's files (docs/ios and the extension's logic) use only what the libraries make public")
    func theAppsFilesUseOnlyPublicAPI() throws {
        // Xcode compiles them into the app's own targets, outside the
        // package, where `package` declarations cannot be seen.
        var names: Set<String> = []
        for folder in PhoneSources.libraries {
            names.formUnion(Self.packageNames(in: try PhoneSources.lines(below: folder)))
        }
        #expect(names.contains("Paths") && names.contains("SystemError"))
        let found = try Self.uses(of: names, in: PhoneSources.lines(below: "docs/ios") + PhoneSources.lines(below: PhoneSources.extensionLogic))
        #expect(found.isEmpty, "package-only declarations the app cannot see:\n\(found.joined(separator: "\n"))")
    }

    @Test("the package-only scan finds a use and passes longer names")
    func thePackageOnlyScanFindsUses() {
        let declared = [PhoneSources.Line(file: "Sources/AnnounceVoice/X.swift", number: 1, code: "package struct JSONObject: Sendable {")]
        #expect(Self.packageNames(in: declared) == ["JSONObject"])
        let used = ["var object = JSONObject()", "let x = MyJSONObject()", "let y = jsonObject"].enumerated().map {
            PhoneSources.Line(file: "Sources/AnnounceExtensionLogic/Y.swift", number: $0.offset + 1, code: $0.element)
        }
        #expect(Self.uses(of: ["JSONObject"], in: used) == ["Sources/AnnounceExtensionLogic/Y.swift:1: JSONObject"])
    }
}
