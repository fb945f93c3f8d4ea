import AnnounceServer
import AnnounceStudio
import Foundation
import Testing

@testable import announce

/// The one mapping from faults to exit statuses, and the guard that every
/// error type the library declares has a category: a new error type that
/// forgets one fails here, not silently as "voice broken" at run time.
@Suite struct ExitStatusTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardized
    /// The extension's logic reports its failures as delivery outcomes,
    /// counters and `check-push`'s route line, never as an exit status.
    static let extensionLogic = sources.appendingPathComponent("AnnounceExtensionLogic").path + "/"

    /// Errors that never leave the library as themselves: each is turned
    /// into a categorised error where it is caught (the file says where).
    static let convertedBeforeLeaving: [String: String] = [
        "SystemError.swift SystemError": "AtomicFile, LineReader and prune turn it into AudioError or a message",
        "JSONLineParser.swift Error": "BatchItem.Invalid and VoiceManifest's VoiceError carry its text",
        "AtomicInstall.swift Failure": "AtomicFile turns it into AudioError; the phone's SoundFolder.install into its InstallFailure",
        "FileCheck.swift Failure": "Voice and ClipAcceptance turn it into VoiceError or AudioError",
        "JSONFields.swift Problem": "VoiceManifest and VoiceScript turn it into VoiceError or VoiceScriptError",
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
