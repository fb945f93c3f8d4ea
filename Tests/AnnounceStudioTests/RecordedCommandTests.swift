@testable import AnnounceStudio
import Testing

/// voice.json's `generator.command` names the speech services' adapter as
/// installed and keeps no path of the builder's machine.
struct RecordedCommandTests {
    @Test("the adapter by its installed name, an absolute program by its file name, the rest as given", arguments: [
        ("scripts/tts/speak azure --voice V {text} {romanisation} {out}", "announce-speak azure --voice V {text} {romanisation} {out}"),
        ("/home/me/src/announce/scripts/tts/speak tencent --voice 101001 {text} {romanisation} {out}",
         "announce-speak tencent --voice 101001 {text} {romanisation} {out}"),
        ("'/srv/x y/scripts/tts/speak' baidu {out}", "announce-speak baidu {out}"),
        ("\"/srv/x y/bin/my tts\" {out}", "'my tts' {out}"),
        ("/opt/tts/engine  -o {out}", "engine  -o {out}"),
        ("/usr/local/bin/announce-speak aliyun --voice xiaoyun {text} {romanisation} {out}",
         "announce-speak aliyun --voice xiaoyun {text} {romanisation} {out}"),
        ("announce-speak azure {out}", "announce-speak azure {out}"),
        ("env ANNOUNCE_TTS_ATTEMPTS=3 /opt/announce/bin/announce-speak azure {out}", "env ANNOUNCE_TTS_ATTEMPTS=3 announce-speak azure {out}"),
        ("/usr/bin/espeak-ng -v cmn -w {out} {pinyin}", "espeak-ng -v cmn -w {out} {pinyin}"),
        ("scripts/voice/espeak-tts.sh {pinyin} {out}", "scripts/voice/espeak-tts.sh {pinyin} {out}"),
        ("my-engine --pinyin {pinyin} -o {out}", "my-engine --pinyin {pinyin} -o {out}"),
    ])
    func recorded(command: String, expected: String) {
        #expect(VoiceBuilder.recorded(command: command) == expected)
    }
}
