import AnnounceTestSupport
import Foundation

/// A command shown in a document with the output printed under it.
///
/// The convention: an indented (4-space; inside a list item, the item's
/// indent plus 4) code block whose lines starting with `$ announce ` are commands, each followed by its exact output (standard
/// output and standard error, as a terminal shows them) up to the next `$ `
/// line or the end of the block. In a documented line, `…` stands for any
/// text, so a long JSON line can show its interesting keys only.
///
/// Paths do not depend on the machine: each block runs in a fresh scratch
/// folder that the documents call `/home/me` (the current folder and
/// `$HOME`); `/srv/…` in a command is a folder inside that scratch folder too.
/// The days of docs/days are in that folder, under their own names.
/// Output shows both under those fixed names.
struct DocumentedExample {
    /// The document, relative to the package root.
    let file: String
    /// The 0-based index in the document of the `$ announce` line.
    let commandLine: Int
    /// The command, without `$ `.
    let command: String
    /// The output as documented, without the block's indent.
    let output: [String]
    /// The block's indent: 4 spaces, more inside a list item.
    let indent: Int
    /// Which block of the document the example is in (examples of one block
    /// share a scratch folder, in order).
    let block: Int

    /// The 0-based index range of the output lines in the document.
    var outputLines: Range<Int> { (commandLine + 1)..<(commandLine + 1 + output.count) }

    /// The documents whose examples are kept true: every one that shows one
    /// (a test keeps this list complete).
    static let documents = ["README.md", "docs/CLI.md", "docs/MESSAGES.md", "docs/VOICES.md", "docs/IOS.md", "docs/PUSH-SERVICES.md"]

    /// The examples of `file`, in order.
    static func parse(_ text: String, file: String) -> [DocumentedExample] {
        let lines = text.components(separatedBy: "\n")
        var examples: [DocumentedExample] = []
        var inFence = false
        var block = 0
        var previousBlank = true
        var inBlock = false
        var indent = 4
        var current: (line: Int, command: String, output: [String])?

        func finish() {
            guard let found = current else { return }
            var output = found.output
            while output.last?.isEmpty == true { output.removeLast() }
            examples.append(DocumentedExample(
                file: file, commandLine: found.line, command: found.command, output: output, indent: indent, block: block))
            current = nil
        }

        for (index, line) in lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                finish()
                inBlock = false
                inFence.toggle()
                previousBlank = false
                continue
            }
            if inFence { continue }
            let blank = line.trimmingCharacters(in: .whitespaces).isEmpty
            let leading = line.prefix { $0 == " " }.count
            if !blank && !inBlock && previousBlank && leading >= 4 {
                block += 1
                inBlock = true
                indent = leading
            }
            if !blank && inBlock && leading >= indent {
                let code = String(line.dropFirst(indent))
                if code.hasPrefix("$ ") {
                    finish()
                    if code.hasPrefix("$ announce ") || code == "$ announce" {
                        current = (index, String(code.dropFirst(2)), [])
                    }
                } else {
                    current?.output.append(code)
                }
            } else if blank && inBlock {
                current?.output.append("")
            } else if !blank {
                finish()
                inBlock = false
            }
            previousBlank = blank
        }
        finish()
        return examples
    }

    /// Whether a printed line matches a documented one: equal, or equal
    /// with each `…` of the documented line standing for any text.
    static func matches(printed: String, documented: String) -> Bool {
        if printed == documented { return true }
        let pieces = documented.components(separatedBy: "…")
        guard pieces.count > 1 else { return false }
        var rest = Substring(printed)
        guard rest.hasPrefix(pieces[0]) else { return false }
        rest = rest.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        let last = pieces[pieces.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }

    /// Whether `printed` is what the document shows.
    func matches(_ printed: [String]) -> Bool {
        printed.count == output.count && zip(printed, output).allSatisfy { Self.matches(printed: $0, documented: $1) }
    }

    /// The lines to write in place of the documented output: the printed
    /// lines, keeping each documented line (with its `…`) that still matches.
    func rewritten(_ printed: [String]) -> [String] {
        guard printed.count == output.count else { return printed }
        return zip(printed, output).map { Self.matches(printed: $0, documented: $1) ? $1 : $0 }
    }
}

/// Runs documented examples as a user would, in a scratch folder shown as
/// `/home/me`.
final class ExampleRunner {
    static let home = "/home/me"
    static let serverRoot = "/srv/"

    let scratch: ScratchFolder
    let homeURL: URL

    init() throws {
        scratch = try ScratchFolder("docs")
        homeURL = try scratch.folder("home/me").resolvingSymlinksInPath()
        try scratch.folder("srv")
        // The days docs/IOS.md plays (docs/days), as a reader who saved them has them.
        let days = RepositoryPaths.file("docs/days")
        for name in try FileManager.default.contentsOfDirectory(atPath: days.path) where name.hasSuffix(".jsonl") {
            try FileManager.default.copyItem(at: days.appendingPathComponent(name), to: homeURL.appendingPathComponent(name))
        }
    }

    func remove() { scratch.remove() }

    /// Runs `command` with bash, announce first on the PATH, and returns
    /// its output with the scratch folder's paths shown as the fixed ones.
    func run(_ command: String) throws -> [String] {
        let realHome = homeURL.path
        let realServer = scratch.url.resolvingSymlinksInPath().path + "/srv/"
        let line = command
            .replacingOccurrences(of: Self.serverRoot, with: realServer)
            .replacingOccurrences(of: Self.home, with: realHome)
        let binaries = CommandRunner.executable.deletingLastPathComponent().path
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", line],
            environment: ["PATH": binaries + ":/usr/bin:/bin", "HOME": realHome, "LC_ALL": "C.UTF-8"],
            removing: ["ANNOUNCE_VOICE", "SOURCE_DATE_EPOCH"], currentDirectory: homeURL,
            mergingOutput: true, timeout: 60)
        let shown = result.stdout
            .replacingOccurrences(of: realServer, with: Self.serverRoot)
            .replacingOccurrences(of: realHome, with: Self.home)
        var lines = shown.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
