import AnnounceStudio
import AnnounceServer
import Testing

/// `voice build --tts` runs its commands through `ShellProcess`
/// (swift-subprocess): how a command ended comes back as it ended. The
/// command line's synchronous path (`waitForTask`) runs in
/// VoiceCoverageCommandTests, which build voices with `--tts`.
@Suite struct ShellProcessTests {
    @Test("an exit status, a signal, and standard input at its end")
    func outcomes() async {
        #expect(await ShellProcess.run("exit 3") == .exited(3))
        #expect(await ShellProcess.run("true") == .exited(0))
        #expect(await ShellProcess.run("kill -TERM $$") == .signalled(15))
        // Standard input is /dev/null: reading it ends at once.
        #expect(await ShellProcess.run(#"test -z "$(cat)""#) == .exited(0))
    }
}
