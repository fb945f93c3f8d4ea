// The extension's memory as its limit counts it: the anonymous (dirty,
// private) pages of this process above its baseline, read from
// /proc/self/status (RssAnon), while it does what the extension does with
// the public pack API: map the pack, load it, render announcements and make
// their files' bytes. A clean page of the mapped file is not counted, as it
// is not on the phone: the system can drop it and read it again.
//
//   DeviceMemory PACK load
//   DeviceMemory PACK render MESSAGE...
//
// Each MESSAGE is "amount prefix style liang leadYi" (one argument, fields
// separated by spaces). Prints the KiB of RssAnon above the baseline after
// loading, or after loading and rendering every message in turn.
//
// scripts/bench.py runs it with glibc told never to give memory back to
// the system (MALLOC_TRIM_THRESHOLD_, MALLOC_MMAP_THRESHOLD_ at their
// largest), so RssAnon only grows and the figure is the high-water mark:
// the peak, not what is left once buffers are freed.
import AnnounceLanguage
import AnnounceVoice
import AnnounceEngine
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("DeviceMemory: \(message)\n".utf8))
    exit(2)
}

/// RssAnon in KiB, read through `statusBuffer`: a buffer made once, so that
/// reading allocates nothing between the baseline and a figure.
func anonymousKiB(_ statusBuffer: inout [UInt8]) -> Int {
    let descriptor = open("/proc/self/status", O_RDONLY)
    guard descriptor >= 0 else { fail("cannot open /proc/self/status") }
    defer { close(descriptor) }
    let count = statusBuffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { fail("cannot read /proc/self/status") }
    let key = Array("RssAnon:".utf8)
    var line = 0
    while line < count {
        var end = line
        while end < count && statusBuffer[end] != UInt8(ascii: "\n") { end += 1 }
        if end - line > key.count && statusBuffer[line..<(line + key.count)].elementsEqual(key) {
            var value = 0
            for byte in statusBuffer[(line + key.count)..<end] where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        line = end + 1
    }
    fail("no RssAnon in /proc/self/status")
}

func message(_ text: String) -> Message {
    let fields = text.split(separator: " ").map(String.init)
    guard fields.count == 5, let amount = try? Amount(parsing: fields[0]), let prefix = try? Prefix(fields[1]),
        let style = ReadingStyle(rawValue: fields[2]),
        let message = try? Message(
            amount: amount, prefix: prefix,
            options: ReadingOptions(style: style, liang: fields[3] == "true", leadYi: fields[4] == "true"))
    else { fail("'\(text)' is not 'amount prefix style liang leadYi'") }
    return message
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, ["load", "render"].contains(arguments[2]) else {
    fail("usage: DeviceMemory PACK load | DeviceMemory PACK render MESSAGE...")
}
let url = URL(fileURLWithPath: arguments[1])
let messages = arguments.dropFirst(3).map(message)
guard arguments[2] == "load" || !messages.isEmpty else { fail("render needs at least one message") }
// What the runtime sets up the first time a file is read, before the
// baseline: it is the process's, not the pack's.
_ = try? Data(contentsOf: URL(fileURLWithPath: "/proc/self/status"))
var statusBuffer = [UInt8](repeating: 0, count: 16_384)
_ = anonymousKiB(&statusBuffer)

let baseline = anonymousKiB(&statusBuffer)
let pack: DevicePack
do {
    pack = try DevicePack(data: try Data(contentsOf: url, options: .alwaysMapped), name: url.lastPathComponent)
} catch {
    fail("\(error)")
}
var bytes = 0
if arguments[2] == "render" {
    let renderer = PackAnnouncer(pack: pack)
    for message in messages {
        do {
            bytes += try renderer.render(message).fileBytes().count
        } catch {
            fail("\(message.text): \(error)")
        }
    }
}
let figure = anonymousKiB(&statusBuffer) - baseline
// The pack is used after the figure, so it is alive when it is taken.
withExtendedLifetime(pack) { print(figure, bytes) }
