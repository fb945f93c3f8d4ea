import AnnounceCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a voice is built in: a new hidden folder beside the output
/// folder, renamed onto it only when the voice is complete and checked, so a
/// failed build leaves nothing. Only files this builder wrote are removed.
final class BuildFolder {
    /// The output folder asked for.
    let destination: String
    /// The temporary folder being filled.
    let path: String
    private var written: [String] = []
    private var folders: [String] = []
    /// Parent folders of the destination this builder made, outermost first.
    private var parents: [String] = []
    private var finished = false

    /// Creates the temporary folder next to `destination`.
    /// - Throws: ``VoiceBuildError`` of kind `output` when `destination`
    ///   exists and is not an empty folder, or its parent cannot take a new folder.
    init(for destination: String) throws(VoiceBuildError) {
        var trimmed = destination
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.destination = trimmed
        try Self.requireEmptyOrAbsent(trimmed)
        let parent = Paths.parent(of: trimmed)
        parents = try Self.makeParents(parent.isEmpty ? "." : parent, shownAs: trimmed)
        var reason = ""
        for attempt in 0..<100 {
            let candidate = Paths.join(parent.isEmpty ? "." : parent, ".announce-build-\(getpid())-\(attempt)")
            if mkdir(candidate, 0o755) == 0 {
                path = candidate
                return
            }
            reason = String(cString: strerror(errno))
            guard errno == EEXIST else { break }
        }
        for folder in parents.reversed() { rmdir(folder) }
        throw VoiceBuildError(.output, "cannot write \(trimmed): \(reason)")
    }

    /// Makes `folder` and the folders above it that are missing; returns
    /// those it made, outermost first.
    private static func makeParents(_ folder: String, shownAs destination: String) throws(VoiceBuildError) -> [String] {
        var missing: [String] = []
        var current = folder
        var status = stat()
        while !current.isEmpty, current != "/", current != ".", stat(current, &status) != 0 {
            missing.insert(current, at: 0)
            let above = Paths.parent(of: current)
            guard above != current else { break }
            current = above
        }
        var made: [String] = []
        for path in missing {
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                let reason = String(cString: strerror(errno))
                for folder in made.reversed() { rmdir(folder) }
                throw VoiceBuildError(.output, "cannot write \(destination): cannot make \(path): \(reason)")
            }
            made.append(path)
        }
        return made
    }

    deinit {
        if !finished { discard() }
    }

    /// The path of `name` in the folder, remembered for cleaning up.
    func file(_ name: String) -> String {
        let full = Paths.join(path, name)
        written.append(full)
        return full
    }

    /// A subfolder for scratch files, remembered for cleaning up.
    func subfolder(_ name: String) throws(VoiceBuildError) -> String {
        let full = Paths.join(path, name)
        guard mkdir(full, 0o755) == 0 else {
            throw VoiceBuildError(.output, "cannot write \(destination): \(String(cString: strerror(errno)))")
        }
        folders.append(full)
        return full
    }

    /// Removes a scratch subfolder and the files named in it.
    func removeSubfolder(_ folder: String, files: [String]) {
        for file in files { unlink(file) }
        rmdir(folder)
        folders.removeAll { $0 == folder }
    }

    /// Moves the finished voice onto the destination.
    func commit() throws(VoiceBuildError) {
        try Self.requireEmptyOrAbsent(destination)
        guard rename(path, destination) == 0 else {
            throw VoiceBuildError(.output, "cannot write \(destination): \(String(cString: strerror(errno)))")
        }
        finished = true
    }

    /// Removes everything this builder wrote, and the folder.
    func discard() {
        for file in written { unlink(file) }
        for folder in folders.reversed() { rmdir(folder) }
        rmdir(path)
        for folder in parents.reversed() { rmdir(folder) }
        finished = true
    }

    /// Refuses an output folder that holds anything, or a file in its place.
    private static func requireEmptyOrAbsent(_ destination: String) throws(VoiceBuildError) {
        var status = stat()
        guard lstat(destination, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw VoiceBuildError(.output, "cannot write \(destination): it exists and is not a folder")
        }
        guard let directory = opendir(destination) else {
            throw VoiceBuildError(.output, "cannot write \(destination): \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." {
                throw VoiceBuildError(.output, "\(destination) is not empty: give a new or empty folder for the voice")
            }
        }
    }
}
