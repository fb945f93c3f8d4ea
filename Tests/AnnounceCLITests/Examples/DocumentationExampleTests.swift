import AnnounceTestSupport
import Foundation
import Testing

/// A documented example is a promise: every `$ announce …` block of the
/// documents (the convention is in ``DocumentedExample``) is run and must
/// print exactly what the document shows.
///
/// `make docs-examples` runs this suite with `ANNOUNCE_RECORD_DOCS=1`,
/// which rewrites every stale output in place from what announce printed.
@Suite(.serialized) struct DocumentationExampleTests {
    static let recording = ProcessInfo.processInfo.environment["ANNOUNCE_RECORD_DOCS"] == "1"

    @Test("every documented example prints what the document shows", arguments: DocumentedExample.documents)
    func examples(document: String) throws {
        let url = RepositoryPaths.file(document)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let text = try String(contentsOf: url, encoding: .utf8)
        let examples = DocumentedExample.parse(text, file: document)
        // A document that lost its examples would pass on nothing.
        try #require(!examples.isEmpty, "\(document) shows no `$ announce` example")
        var lines = text.components(separatedBy: "\n")
        var rewrites: [(DocumentedExample, [String])] = []
        for block in Dictionary(grouping: examples, by: \.block).sorted(by: { $0.key < $1.key }) {
            let runner = try ExampleRunner()
            defer { runner.remove() }
            for example in block.value {
                let printed = try runner.run(example.command)
                if example.matches(printed) { continue }
                if Self.recording {
                    rewrites.append((example, example.rewritten(printed)))
                } else {
                    Issue.record("""
                        \(document):\(example.commandLine + 1): `\(example.command)` printed
                        \(printed.map { "    " + $0 }.joined(separator: "\n"))
                        where the document shows
                        \(example.output.map { "    " + $0 }.joined(separator: "\n"))
                        Run `make docs-examples` to rewrite it from the tool's output, then read the diff.
                        """)
                }
            }
        }
        guard !rewrites.isEmpty else { return }
        for (example, output) in rewrites.reversed() {
            let indent = String(repeating: " ", count: example.indent)
            lines.replaceSubrange(example.outputLines, with: output.map { $0.isEmpty ? "" : indent + $0 })
        }
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        for (example, _) in rewrites { print("rewrote \(document):\(example.commandLine + 1): \(example.command)") }
    }

    @Test("every document that shows an `$ announce` example is one whose examples are run")
    func everyDocumentWithExamplesIsListed() throws {
        let root = RepositoryPaths.file("docs")
        let documents = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 } + ["README.md"]
        #expect(documents.count > 3)
        for document in documents {
            let text = try String(contentsOf: RepositoryPaths.file(document), encoding: .utf8)
            let shows = !DocumentedExample.parse(text, file: document).isEmpty
            #expect(shows == DocumentedExample.documents.contains(document), "\(document)")
        }
    }

    @Test("the documents hold examples: the checker finds the ones the README is known to have")
    func examplesFound() throws {
        let readme = try String(contentsOf: RepositoryPaths.file("README.md"), encoding: .utf8)
        let commands = DocumentedExample.parse(readme, file: "README.md").map(\.command)
        #expect(commands.contains("announce --prefix alipay 123.45"))
        #expect(commands.contains("announce explain 123.45"))
        #expect(commands.count >= 3, "\(commands)")
    }

    @Test("the block parser: commands, outputs up to the next $ line, fences and prose ignored")
    func parser() {
        let text = """
            Prose.

                $ announce 1
                /home/me/Library/Sounds/a.caf
                $ announce 2

                second
                $ other tool
                not announce's

                announce render [options]

            - A list item:

                  $ announce 4
                  four
              and prose again.

            ```
                $ announce 3
            ```
            """
        let examples = DocumentedExample.parse(text, file: "x.md")
        #expect(examples.map(\.command) == ["announce 1", "announce 2", "announce 4"])
        #expect(examples.map(\.output) == [["/home/me/Library/Sounds/a.caf"], ["", "second"], ["four"]])
        #expect(examples.map(\.commandLine) == [2, 4, 14])
        #expect(examples.map(\.block) == [1, 1, 2])
        #expect(examples.map(\.indent) == [4, 4, 6])
    }

    @Test("… in a documented line stands for any text, and only there", arguments: [
        ("{\"a\":1,\"b\":[1,2],\"c\":3}", "{\"a\":1,\"b\":[…],\"c\":3}", true),
        ("{\"a\":1,\"b\":[1,2],\"c\":4}", "{\"a\":1,\"b\":[…],\"c\":3}", false),
        ("x … y", "x … y", true),
        ("abc", "a…b…c", true),
        ("ac", "a…b…c", false),
        ("abc", "abd", false),
        ("ab", "ab…b", false),
    ])
    func ellipsis(printed: String, documented: String, expected: Bool) {
        #expect(DocumentedExample.matches(printed: printed, documented: documented) == expected)
    }
}
