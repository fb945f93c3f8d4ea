import AnnounceLanguage
import AnnounceTestSupport
import Foundation
import Testing

/// The Jyutping a Cantonese voice script prints comes from a table in the
/// language's folder; espeak-ng's Cantonese dictionary, an independent
/// source, must read every character of it the same
/// (scripts/voice/check-jyutping, which make test installs espeak-ng for).
@Suite struct JyutpingSourceTests {
    static let checker = RepositoryPaths.file("scripts/voice/check-jyutping")

    @Test("every character of the Jyutping table is read the same by espeak-ng")
    func tableAgreesWithEspeak() throws {
        let lines = Jyutping.lexicon.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }.joined()
        let result = try ProcessRunner.run(Self.checker, [], stdin: Data(lines.utf8), timeout: 300)
        #expect(result.status == 0, "\(result)")
    }

    @Test("every character of Hong Kong's Jyutping table is read the same by espeak-ng")
    func hongKongTableAgreesWithEspeak() throws {
        let lines = HongKongJyutping.lexicon.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }.joined()
        let result = try ProcessRunner.run(Self.checker, [], stdin: Data(lines.utf8), timeout: 300)
        #expect(result.status == 0, "\(result)")
    }

    @Test("the check is not blind: a wrong tone and a wrong syllable are found")
    func checkFindsMistakes() throws {
        let result = try ProcessRunner.run(Self.checker, [], stdin: Data("百\tbaak6\n元\tjan4\n".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.contains("百") && result.stdout.contains("元"), "\(result)")
    }
}
