import AnnounceServer
import AnnounceStudio
import AnnounceTestSupport
import Foundation
import Testing

@testable import announce

/// The one mapping from faults to exit statuses, and the guard that every
/// error type the library declares has a category: a new error type that
/// forgets one fails here, not silently as "voice broken" at run time.
@Suite struct ExitStatusTests {
    static let sources = RepositoryPaths.file("Sources")
    /// The extension's logic reports its failures as delivery outcomes,
    /// counters and `check-push`'s route line, never as an exit status.
    static let extensionLogic = sources.appendingPathComponent("AnnounceExtensionLogic").path + "/"

    /// Errors that never leave the library as themselves: each is turned
    /// into a categorised error where it is caught (the file says where).
    static let convertedBeforeLeaving: [String: String] = [
        "SystemError.swift SystemError": "AtomicFile, LineReader and prune turn it into AudioError or a message",
        "JSONLineParser.swift Error": "BatchItem.Invalid and VoiceManifest's VoiceError carry its text",
        "AtomicInstall.swift Failure": "AtomicFile turns it into AudioError; the phone's AppGroupSounds.install into its InstallFailure",
        "FileCheck.swift Failure": "Voice and ClipAcceptance turn it into VoiceError or AudioError",
        "JSONFields.swift Problem": "VoiceManifest and VoiceScript turn it into VoiceError or VoiceScriptError",
        "Speaker.swift Failure": "Announcer turns it into AudioError or VoiceError, PackAnnouncer into PackError",
    ]

    @Test("each category has its documented status, and an uncategorised error is 70, never a silent 66")
    func mapping() {
        let table: [(ErrorCategory, Int32)] = [(.rejectedInput, 65), (.voice, 66), (.usage, 64), (.output, 73), (.internal, 70)]
        #expect(table.map(\.0) == ErrorCategory.allCases)
        for (category, code) in table {
            #expect(ExitStatus(category).rawValue == code)
        }
        struct Stray: Error {}
        #expect(ExitStatus(for: Stray()) == .software)
        #expect(ExitStatus.message(for: Stray()).hasPrefix("internal error (please report it): "))
        #expect(ExitStatus(for: AmountError(input: "x", problem: .empty)) == .dataError)
        #expect(ExitStatus(for: AudioError(.unwritable, "x")) == .cannotCreate)
    }

    @Test("each kind of every kind-and-message error ends a command with its documented status")
    func everyKindHasItsStatus() {
        var table: [(error: any CategorizedError, status: Int)] = []
        func add<Kind: ErrorKind>(_ rows: [(Kind, Int)]) {
            table += rows.map { (AnnounceError($0.0, "x"), $0.1) }
        }
        add([(AudioFault.overBudget, 65), (.unreadable, 66), (.unusableClip, 66), (.unwritable, 73), (.unsupportedFormat, 64)])
        add([(PackFault.damaged, 66), (.otherVersion, 66), (.cannotSay, 65)])
        add([(VoiceFault.notFound, 66), (.unreadableManifest, 66), (.invalidManifest, 66), (.unusableFile, 66)])
        add([(VoiceFault.missingClip(word: "元"), 66)])
        add([(VoiceScriptFault.invalidScript, 65), (.unscriptable, 64)])
        add([(PushMessageFault.missing, 65), (.notAnObject, 65), (.badField, 65), (.noMessage, 65)])
        add([(SoundName.Problem.path, 65), (.character, 65), (.dot, 65), (.tooLong, 65), (.fileExtension, 65), (.ownForm, 65)])
        add([(SoundName.Problem.givenAndDownloaded, 65)])
        add([(CheckPushFault.otherService, 65), (.unreadableFile, 66)])
        add(PushArrivalFault.allCases.map { ($0, 65) })
        table.append((SoundName.notDownloadable, 65))
        for (error, status) in table {
            #expect(Int(ExitStatus(for: error).rawValue) == status, "\(String(reflecting: type(of: error))) \(error.category)")
        }
        // Each type stays its own: a catch of one never takes another's error.
        #expect(!(AudioError(.unreadable, "x") as any Error is PackError))
        #expect(AudioError(.unreadable, "x") != AudioError(.unusableClip, "x"))
    }

    @Test("every error type declared in Sources conforms to CategorizedError")
    func everyErrorHasACategory() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        let declaration = try Regex(#"(?m)^\s*(?:public |package |private |fileprivate )?(?:final )?(?:struct|enum|class) (\w+)(?:<[^>]*>)?\s*:\s*([^{]*)\{"#)
        var seen: [String] = []
        for case let url as URL in files where url.pathExtension == "swift" && !url.standardized.path.hasPrefix(Self.extensionLogic) {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: declaration) {
                let name = String(match.output[1].substring ?? "")
                let conformances = (match.output[2].substring ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                guard conformances.contains(where: { $0 == "Error" || $0 == "Swift.Error" || $0 == "CategorizedError" }) else {
                    continue
                }
                seen.append(name)
                if !conformances.contains("CategorizedError") {
                    #expect(
                        Self.convertedBeforeLeaving["\(url.lastPathComponent) \(name)"] != nil,
                        "\(url.lastPathComponent): \(name) is an Error without a category: conform it to CategorizedError")
                }
            }
        }
        #expect(seen.count >= 12, "the scan found \(seen)")
    }
}
