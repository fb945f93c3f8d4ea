import AnnounceTestSupport
import Foundation
import Testing

/// The shared runner survives what used to end the whole test run.
@Suite struct ProcessRunnerTests {
    @Test("a child that exits without reading its input: the run goes on, with the child's status")
    func earlyExit() throws {
        let input = Data(repeating: 0x35, count: 8 << 20)
        let shell = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 3"], stdin: input)
        #expect(shell.status == 3 && !shell.signalled)
        // announce refuses the amount before it would read anything.
        let announce = try CommandRunner.run(["explain", "1e3"], stdinData: input)
        #expect(announce.status == 65)
    }

    @Test("a child that outlives the time limit is killed and the run throws")
    func timeLimit() throws {
        #expect(throws: ProcessRunner.TimedOut.self) {
            try ProcessRunner.run(URL(fileURLWithPath: "/bin/sleep"), ["30"], timeout: 0.5)
        }
    }

    @Test("a child ended by a signal reports 128 + the signal")
    func signalled() throws {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "kill -KILL $$"])
        #expect(result.signalled && result.status == 128 + SIGKILL)
    }
}
