#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `main` of every fuzz target.
///
/// Built with `-sanitize=fuzzer` (scripts/fuzz/run.sh), the target holds
/// libFuzzer, and libFuzzer drives the entry point with its command line
/// (`LLVMFuzzerRunDriver`, found by name: run.sh links with
/// `--export-dynamic`). Built plainly, as `swift build` and `swift test` do,
/// it runs the entry point once on each file named, or on every file in each
/// folder named: `FuzzManifest scripts/fuzz/corpus/manifest` replays the
/// seeds, `FuzzManifest .build-fuzz/findings/FuzzManifest-crash-…` a finding.
public enum FuzzDriver {
    /// libFuzzer's entry point: one input, 0 when it was handled.
    public typealias Entry = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    private typealias RunDriver = @convention(c) (
        UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>, Entry
    ) -> CInt

    /// Runs `entry` under libFuzzer when the target holds it, else on the
    /// files the command line names; exits with libFuzzer's status, or 0
    /// once every file ran (a finding traps before that), 66 for a file
    /// that cannot be read, 64 when none is named.
    public static func main(_ entry: Entry) -> Never {
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "LLVMFuzzerRunDriver") {
            let driver = unsafeBitCast(symbol, to: RunDriver.self)
            var count = CommandLine.argc
            var arguments = CommandLine.unsafeArgv
            exit(driver(&count, &arguments, entry))
        }
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            complain("usage: \(CommandLine.arguments[0]) FILE-OR-FOLDER... (replays each input; built with -sanitize=fuzzer, libFuzzer's options)")
            exit(64)
        }
        var replayed = 0
        for path in paths {
            for file in files(at: path) {
                guard let bytes = contents(of: file) else {
                    complain("\(file): cannot be read")
                    exit(66)
                }
                _ = bytes.withUnsafeBufferPointer { entry($0.baseAddress, $0.count) }
                replayed += 1
            }
        }
        print("\(CommandLine.arguments[0]): \(replayed) inputs, no finding")
        exit(0)
    }

    /// Writes `line` to standard error.
    private static func complain(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    }

    /// `path` itself, or the files in it (sorted) when it is a folder.
    private static func files(at path: String) -> [String] {
        guard let folder = opendir(path) else { return [path] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    /// The bytes of the file at `path`; nil when it cannot be read.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }
}
