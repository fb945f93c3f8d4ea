import AnnounceTestSupport
import Foundation
import Testing

/// Every refusal the README and docs/MESSAGES.md document is one line
/// `announce: …` on standard error, with the documented exit code, nothing
/// on standard output and nothing written: usage refusals the argument
/// parser finds (`--budget 0x10`, an unknown option, a bad template,
/// `--count -3`) as well as rejected amounts and voices.
@Suite struct ErrorLineTests {
    struct Refusal: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        /// The whole line when the docs give it (`…` stands for any text),
        /// else text the line must contain.
        let line: String?
        let contains: String?
        var testDescription: String { arguments.joined(separator: " ") }

        init(_ arguments: [String], _ status: Int32, line: String? = nil, contains: String? = nil) {
            self.arguments = arguments
            self.status = status
            self.line = line
            self.contains = contains
        }
    }

    /// The README's refusals: amounts (exit 65), usage (64), voice (66).
    static let readme: [Refusal] = [
        Refusal(["1.234"], 65, line: "announce: '1.234' has more than 2 decimal places"),
        Refusal(["-5"], 65, line: "announce: '-5': negative amounts cannot be announced"),
        Refusal(["1e3"], 65, line: "announce: '1e3' is not a decimal amount"),
        Refusal(["\u{200D}1"], 65, line: #"announce: '\u{200D}1' contains an invisible character: U+200D ZERO WIDTH JOINER (a format character)"#),
        Refusal(["--prefix", "alipay", "--style", "currency", "--liang", "233333333333.33"], 65,
                line: "announce: 233333333333.33 needs … s at 1.35x; budget is 6.0 s"),
        Refusal(["--together", "--prefix", "alipay", "9999999.99", "0.01"], 65,
                line: "announce: template 'summary' says a total of at most 9999999.99 within the 6 s budget, not 10000000"),
        // Usage (exit 64): the exit-code table's examples.
        Refusal(["--budget", "0x10", "5"], 64, contains: "0x10"),
        Refusal(["--budget", "0.0005", "5"], 64, contains: "--budget"),
        Refusal(["--bogus", "5"], 64, contains: "--bogus"),
        Refusal(["render"], 64),
        Refusal(["--name", "../x.caf", "5"], 64, contains: "../x.caf"),
        Refusal(["--format", "wav", "--encoding", "ima4", "5"], 64, contains: "ima4"),
        Refusal(["prune", "--older-than", "7x"], 64, contains: "7x"),
        // Counts: MESSAGES.md C1, one line naming the count, exit 65.
        Refusal(["--template", "summary", "--count", "-3", "5"], 65, contains: "-3"),
        Refusal(["--template", "summary", "--count", "0", "5"], 65, contains: "0"),
        Refusal(["--template", "summary", "--count", "10001", "5"], 65, contains: "10001"),
        Refusal(["--template", "summary", "--count", "3.0", "5"], 65, contains: "3.0"),
        // Voice (exit 66).
        Refusal(["--voice", "/nowhere", "5"], 66, line: "announce: no voice at '/nowhere': no such folder"),
        Refusal(["explain", "--prefix", "美团", "5"], 66, line: "announce: voice 'default' (…) has no clip for '美团', the prefix: name a preset (alipay, wechat, collect, none) or a phrase the voice has clips for; a voice adds a prefix with a clip for its words (docs/VOICES.md)"),
        Refusal(["--voice", "yue", "5"], 66, line: "announce: no voice 'yue': no such folder, and no bundled voice of that name (the bundled voices: \(bundledVoiceNames().joined(separator: ", ")))"),
        Refusal(["voice", "check", "--voice", "default", "cantonese"], 64, contains: "give the voice once"),
    ]

    @Test("each documented refusal is one line `announce: …` with its exit code, and nothing written", arguments: readme)
    func refusal(_ refusal: Refusal) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let result = try CommandRunner.run(refusal.arguments, currentDirectory: scratch.url)
        #expect(result.status == refusal.status, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        try #require(result.stderrLines.count == 1, "not one line: \(result)")
        let line = result.stderrLines[0]
        #expect(line.hasPrefix("announce: "), "\(line)")
        if let expected = refusal.line {
            #expect(DocumentedExample.matches(printed: line, documented: expected), "\(line)")
        }
        if let part = refusal.contains { #expect(line.contains(part), "\(line)") }
        let written = try scratch.contents()
        #expect(written.isEmpty, "written: \(written)")
    }

    /// The rows of MESSAGES.md's table of refused templates: the template
    /// and the documented line.
    static func refusedTemplates() throws -> [(template: String, line: String)] {
        let text = try String(contentsOf: RepositoryPaths.file("docs/MESSAGES.md"), encoding: .utf8)
        guard let start = text.range(of: "Refused templates") else { return [] }
        let section = text[start.upperBound...]
        var rows: [(String, String)] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[2].hasPrefix("`") else { continue }
            let documented = cells[2].split(separator: "`", omittingEmptySubsequences: false)
            guard documented.count >= 3 else { continue }
            let template: String
            switch cells[1] {
            case "(empty)": template = ""
            case "65 characters": template = String(repeating: "退", count: 65)
            default: template = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")).replacingOccurrences(of: "\\n", with: "\n")
            }
            rows.append((template, String(documented[1])))
        }
        return rows
    }

    @Test("each refused template of MESSAGES.md is refused with its documented line, exit 64")
    func refusedTemplates() throws {
        let rows = try Self.refusedTemplates()
        try #require(rows.count >= 11, "the table of refused templates was not found: \(rows)")
        for (template, documented) in rows {
            let result = try CommandRunner.run(["explain", "--template", template, "5"])
            #expect(result.status == 64, "\(template): \(result)")
            #expect(result.stdout.isEmpty, "\(template): \(result)")
            #expect(result.stderrLines.count == 1, "\(template): not one line: \(result)")
            let line = result.stderrLines.first ?? ""
            #expect(line.hasPrefix("announce: "), "\(template): \(line)")
            // The message itself, whichever prefix carries it.
            let message = ["announce: ", "Error: "].reduce(line) { text, prefix in
                text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
            }
            #expect(DocumentedExample.matches(printed: message, documented: documented),
                    "\(template): '\(message)' where MESSAGES.md says '\(documented)'")
        }
    }
}
