import AnnounceTestSupport
import Foundation
import Testing

/// The documents spell each option one way: a reading variant is
/// `--variant NAME` (and `--no-variant NAME`); its older spellings, which
/// keep working, appear only where a sentence names them as such.
struct OptionSpellingTests {
    static let olderSpellings = ["--liang", "--lead-yi", "--no-liang", "--no-lead-yi"]

    @Test("README and docs name a variant as --variant NAME, its older spellings only as such")
    func oneSpelling() throws {
        let documents = ["README.md", "Clips/README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.file("docs").path))
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        for document in documents {
            let lines = try String(contentsOf: RepositoryPaths.file(document), encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                let found = Self.olderSpellings.filter { spelling in
                    line.matches(of: try! Regex("(^|[^a-z-])\(spelling)($|[^a-z-])")).count > 0
                }
                guard !found.isEmpty else { continue }
                #expect(line.contains("older spelling"), "\(document):\(number + 1) spells \(found) outside a note on older spellings")
            }
        }
    }
}
