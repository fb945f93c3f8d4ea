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
/// bundled with announce.
///
/// The bundled voice is found from the executable's real location, so it is
/// there for `swift run announce`, `.build/release/announce` (the package's
/// `Clips/default`) and an installed `PREFIX/bin/announce`
/// (`PREFIX/share/announce/voices/default`).
enum VoiceLocator {
    /// The environment variable that names a voice folder.
    static let environmentVariable = "ANNOUNCE_VOICE"
    /// Where `make install` puts the bundled voice, relative to the prefix.
    static let installedPath = "share/announce/voices/default"
    /// Where the bundled voice sits in the package.
    static let packagePath = "Clips/default"

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
        if let explicit { return explicit }
        let fromEnvironment = environment.map { $0[environmentVariable] } ?? getenv(environmentVariable).map { String(cString: $0) }
        if let fromEnvironment, !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        for candidate in bundledCandidates(executablePath: executablePath)
        where FileManager.default.fileExists(atPath: Paths.join(candidate, Voice.manifestName)) {
            return candidate
        }
        throw VoiceError(
            .notFound,
            "no voice found: the bundled voice is not beside the executable; give --voice DIR or set \(environmentVariable)")
    }

    /// The places the bundled voice may be, nearest first: each ancestor of
    /// the executable's folder, as an install prefix and as a package root.
    static func bundledCandidates(executablePath: String?) -> [String] {
        guard let executablePath else { return [] }
        // realpath(3) rather than Foundation's URL: the same folders, without
        // the URL machinery at every start.
        var directory = Paths.parent(of: FileCheck.realPath(executablePath) ?? executablePath)
        if directory.isEmpty { directory = FileCheck.realPath(".") ?? "." }
        var candidates: [String] = []
        for _ in 0..<6 {
            candidates.append(Paths.join(directory, installedPath))
            candidates.append(Paths.join(directory, packagePath))
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
