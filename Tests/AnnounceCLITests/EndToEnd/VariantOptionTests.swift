import AnnounceTestSupport
import Foundation
import Testing

/// A variant of the reading is named one way everywhere (`--variant NAME`,
/// `"variants": [NAME]` in a batch item and in a push's message), and its
/// older spellings (`--liang`, `--lead-yi`, `"liang": true`) say the same.
@Suite struct VariantOptionTests {
    @Test("--variant liang and lead-yi say what --liang and --lead-yi say")
    func option() throws {
        for (named, flag) in [(["--variant", "liang"], ["--liang"]), (["--variant", "lead-yi"], ["--lead-yi"]),
                              (["--variant", "liang", "--variant", "LEAD-YI"], ["--liang", "--lead-yi"])] {
            let byName = try CommandRunner.run(["explain", "--json"] + named + ["210000"])
            let byFlag = try CommandRunner.run(["explain", "--json"] + flag + ["210000"])
            #expect(byName.status == 0 && byName.stdout == byFlag.stdout, "\(named): \(byName)")
        }
        let both = try CommandRunner.run(["explain", "--variant", "liang", "--variant", "lead-yi", "12"])
        #expect(both.stdout.contains("一十二元"))
        #expect(try CommandRunner.run(["explain", "--variant", "liang", "200"]).stdout.contains("两百元"))
    }

    @Test("an unknown variant is one line and exit 64; one the voice's language lacks is refused the same way")
    func refusals() throws {
        let unknown = try CommandRunner.run(["explain", "--variant", "erhua", "12"])
        #expect(unknown.status == 64 && unknown.stderrLines.count == 1, "\(unknown)")
        #expect(unknown.stderr.contains("--variant 'erhua' is not a variant of the reading: liang, lead-yi"), "\(unknown)")
        let lacking = try CommandRunner.run(["explain", "--voice", "cantonese", "--variant", "lead-yi", "12"])
        #expect(lacking.status == 64 && lacking.stderr.contains("Cantonese has no 一十 reading"), "\(lacking)")
    }

    @Test("a batch item's variants list says what its own keys say; a bad list rejects the line")
    func batch() throws {
        let input = """
            {"amount":"102000","variants":["liang","lead-yi"],"id":"a"}
            {"amount":"102000","liang":true,"leadYi":true,"id":"a"}
            {"amount":"12","variants":"liang","id":"b"}
            {"amount":"12","variants":["erhua"],"id":"c"}

            """
        let result = try CommandRunner.run(["batch", "--dry-run"], stdin: input)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result)")
        guard lines.count == 4 else { return }
        #expect(lines[0].replacingOccurrences(of: #""line":1"#, with: #""line":2"#) == lines[1], "\(lines[0])")
        #expect(lines[0].contains("到账一十万二千元"), "\(lines[0])")
        #expect(lines[2].contains("'variants' must be a list of variants' names: liang, lead-yi"), "\(lines[2])")
        #expect(lines[3].contains("'erhua' is not a variant of the reading: liang, lead-yi"), "\(lines[3])")
    }
}
