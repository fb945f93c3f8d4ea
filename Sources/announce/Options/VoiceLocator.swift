#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

import AnnounceServer

/// Finds the voice to use: `--voice`, then `ANNOUNCE_VOICE`, then the voice
/// bundled with announce. Either may name a bundled voice (`cantonese`)
/// instead of a folder: a name without `/` that a bundled voice has is that
/// voice (`./cantonese` is the folder of that name).
///
/// The bundled voices are found from the executable's real location, so they
/// are there for `swift run announce`, `.build/release/announce` (the
/// package's `Clips/NAME`) and an installed `PREFIX/bin/announce`
/// (`PREFIX/share/announce/voices/NAME`).
enum VoiceLocator {
    /// The environment variable that names a voice folder.
    static let environmentVariable = "ANNOUNCE_VOICE"
    /// Where `make install` puts the bundled voices, relative to the prefix.
    static let installedPath = "share/announce/voices"
    /// Where the bundled voices sit in the package.
    static let packagePath = "Clips"
    /// The bundled voice used when none is named.
    static let defaultName = "default"

    /// The voice folder to use.
    /// - Parameters:
    ///   - explicit: the `--voice` option, if given.
    ///   - executablePath: the running executable, for the bundled voice.
    ///   - environment: the process environment; nil reads the one variable
    ///     from the process's own (building the whole dictionary costs more
    ///     than the rest of the search).
    static func locate(
        explicit: String?, environment: [String: String]? = nil,
        executablePath: String? = currentExecutablePath()
    ) throws(VoiceError) -> String {
        let fromEnvironment = {
            environment.map { $0[environmentVariable] } ?? getenv(environmentVariable).map { String(cString: $0) }
        }
        if let given = explicit ?? fromEnvironment().flatMap({ $0.isEmpty ? nil : $0 }) {
            // Names match in any case: `Cantonese` is the bundled cantonese.
            let name = given.lowercased()
            guard isName(name) else { return given }
            if let found = bundled(named: name, executablePath: executablePath) { return found }
            // A folder of that name, or a refusal that says what there is.
            if FileManager.default.fileExists(atPath: given) { return given }
            let names = bundledNames(executablePath: executablePath)
            let nearest = Suggestion.nearest(to: name, among: names + Language.all.map(\.cliName))
                .map { "; did you mean \(MessageText.quoted($0))?" } ?? ""
            throw VoiceError(
                .notFound,
                "no voice \(MessageText.quoted(given)): no such folder, and no bundled voice of that name"
                    + (names.isEmpty ? "" : " (the bundled voices: \(names.joined(separator: ", ")))") + nearest)
        }
        if let found = bundled(named: defaultName, executablePath: executablePath) { return found }
        throw VoiceError(
            .notFound,
            "no voice found: the bundled voice is not beside the executable; give --voice DIR or set \(environmentVariable)")
    }

    /// Whether `text` can name a bundled voice: a voice id (lowercase ASCII
    /// letters, digits, `.`, `_`, `-`), not `.` or `..`.
    static func isName(_ text: String) -> Bool {
        Voice.isName(text)
    }

    /// The folder of the bundled voice `name`, nearest first; else, when
    /// `name` names a language (`mandarin`, `yue-Hans`), the first bundled
    /// voice (the default first) that speaks it; nil when there is none.
    static func bundled(named name: String, executablePath: String?) -> String? {
        if let found = bundledCandidates(named: name, executablePath: executablePath).first(where: {
            FileManager.default.fileExists(atPath: Paths.join($0, Voice.manifestName))
        }) {
            return found
        }
        guard let language = try? Language(tag: name) else { return nil }
        for voice in bundledNames(executablePath: executablePath) {
            guard let folder = bundled(named: voice, executablePath: executablePath),
                  let manifest = FileManager.default.contents(atPath: Paths.join(folder, Voice.manifestName)),
                  let members = try? JSONLineParser(maximumLength: 1 << 22).parseObject(Array(manifest)),
                  let tag = members.first(where: { $0.key == "language" })?.value.string,
                  (try? Language(tag: tag)) == language
            else { continue }
            return folder
        }
        return nil
    }

    /// The names of the bundled voices, the default first: the voices of the
    /// nearest folder of bundled voices.
    static func bundledNames(executablePath: String?) -> [String] {
        var seen: Set<String> = []
        for candidate in bundledCandidates(executablePath: executablePath) {
            let root = Paths.parent(of: candidate)
            guard seen.insert(root).inserted,
                  let entries = try? FileManager.default.contentsOfDirectory(atPath: root)
            else { continue }
            let names = entries.filter { isName($0) && FileManager.default.fileExists(atPath: Paths.join(Paths.join(root, $0), Voice.manifestName)) }
            guard !names.isEmpty else { continue }
            return names.sorted { ($0 == defaultName ? 0 : 1, $0) < ($1 == defaultName ? 0 : 1, $1) }
        }
        return []
    }

    /// The places the bundled voice `name` may be, nearest first: each
    /// ancestor of the executable's folder, as an install prefix and as a
    /// package root.
    static func bundledCandidates(named name: String = defaultName, executablePath: String?) -> [String] {
        guard let executablePath else { return [] }
        // realpath(3) rather than Foundation's URL: the same folders, without
        // the URL machinery at every start.
        var directory = Paths.parent(of: FileCheck.realPath(executablePath) ?? executablePath)
        if directory.isEmpty { directory = FileCheck.realPath(".") ?? "." }
        var candidates: [String] = []
        for _ in 0..<6 {
            candidates.append(Paths.join(Paths.join(directory, installedPath), name))
            candidates.append(Paths.join(Paths.join(directory, packagePath), name))
            let parent = Paths.parent(of: directory)
            guard directory != "/", !parent.isEmpty else { break }
            directory = parent
        }
        return candidates
    }

    /// The running executable, from `/proc/self/exe` where there is one.
    static func currentExecutablePath() -> String? {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return link
        }
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        return URL(fileURLWithPath: first).standardizedFileURL.path
    }
}
