import AnnounceServer
import AnnounceTestSupport
import Foundation
import Testing

/// The README's library example, compiled and run here; a test checks that
/// the README shows exactly these lines, so the two cannot drift apart.
@Suite struct ReadmeExampleTests {
    static let thisFile = URL(fileURLWithPath: #filePath)
    static let readme = RepositoryPaths.file("README.md")

    func example(voicePath: String, containerPath: String) throws -> (WrittenSound, [SoundsFolder.PrunedFile], BatchPipeline.Result) {
        // README example begins
        let announcer = try Announcer(
            voice: try Voice(at: voicePath),
            options: .init(prefix: try Prefix("alipay"), format: try OutputFormat(container: .caf, encoding: .pcm16)))
        let plan = try announcer.plan(try Amount(parsing: "123.45"))   // message, clips, sound name: no audio yet
        let folder = SoundsFolder(root: containerPath)                  // …/Library/Sounds
        try folder.create()
        let sound = try folder.write(try announcer.render(plan), reuse: true)
        print(sound.name, sound.reused)                                  // aps.sound; true if these bytes were there
        let batch = BatchPipeline(announcer: announcer, folder: folder)
        let item = batch.process(BatchItem(amount: try Amount(fen: 12345), id: "order-9"))
        print(item.soundName ?? "", item.cached, item.failure.map { "\($0)" } ?? "ok")   // the same sound, cached
        let pruned = try folder.prune(olderThan: 30 * 86_400)          // announce's own files, older than 30 days
        // README example ends
        return (sound, pruned, item)
    }

    @Test("the README's library example runs")
    func runs() throws {
        let scratch = try ScratchFolder("readme")
        defer { scratch.remove() }
        let root = scratch.url("container")
        let (sound, pruned, item) = try example(voicePath: AnnouncerTests.voice, containerPath: root.path)
        #expect(sound.path == root.path + "/Library/Sounds/" + sound.name && !sound.reused && pruned.isEmpty)
        #expect(item.soundName == sound.name && item.cached && item.failure == nil)
        #expect(item.jsonLine.contains(#""id":"order-9""#))
        #expect(try example(voicePath: AnnouncerTests.voice, containerPath: root.path).0.reused)
    }

    @Test("the README shows the example exactly as compiled here")
    func readmeMatches() throws {
        let source = try String(contentsOf: Self.thisFile, encoding: .utf8)
        let start = try #require(source.range(of: "// README example begins\n"))
        let end = try #require(source.range(of: "        // README example ends"))
        let compiled = source[start.upperBound..<end.lowerBound].split(separator: "\n").map {
            String($0.dropFirst(8))
        }
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```swift\n").dropFirst().first { $0.contains("SoundsFolder(root:") })
        let shown = block.components(separatedBy: "```")[0].split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("import ") }
        #expect(shown == compiled)
    }

    @Test("the README's reading table reads as the reader reads each amount with each column's options")
    func readingTable() throws {
        let lines = try String(contentsOf: Self.readme, encoding: .utf8).split(separator: "\n").map(String.init)
        let headerIndex = try #require(lines.firstIndex { $0.hasPrefix("| amount | default |") })
        func cells(_ line: String) -> [String] {
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let columns = try cells(lines[headerIndex]).dropFirst().map { header throws -> ReadingOptions in
            if header == "default" { return ReadingOptions() }
            let words = header.trimmingCharacters(in: CharacterSet(charactersIn: "`")).split(separator: " ").map(String.init)
            try #require(words.count == 2, "column \(header)")
            switch words[0] {
            case "--style": return ReadingOptions(style: try #require(ReadingStyle(rawValue: words[1])))
            case "--variant": return ReadingOptions(variants: [try #require(ReadingVariant(name: words[1]))])
            default: throw ReadingTableError(header: header)
            }
        }
        let rows = lines[(headerIndex + 2)...].prefix { $0.hasPrefix("|") }.map(cells)
        try #require(rows.count >= 3)
        for row in rows {
            try #require(row.count == columns.count + 1, "\(row)")
            let amount = try Amount(parsing: row[0])
            for (options, shown) in zip(columns, row.dropFirst()) {
                #expect(amount.reading(options).text == shown, "\(row[0]) with \(options)")
            }
        }
    }

    struct ReadingTableError: Error {
        let header: String
    }
}
