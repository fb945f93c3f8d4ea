import ArgumentParser

@main
struct Announce: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "announce",
        abstract: "Turn a payment amount into a spoken Chinese announcement (支付宝到账一百二十三点四五元).",
        discussion: """
            Exit codes: 0 ok, 64 usage error, 65 a rejected amount, 66 voice missing or broken.
            """,
        version: "0.1.0",
        subcommands: [Explain.self, VoiceCommand.self]
    )
}
