import AnnounceServer

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
        let created = TemporaryFiles.shared.createUnique(in: parent.isEmpty ? "" : parent + "/") { candidate in
            retryingInterrupts { systemMkdir(candidate, 0o755) }
        }
        switch created {
        case .success(let created): path = created.path
        case .failure(let reason):
            for folder in parents.reversed() { _ = systemRemoveFolder(folder) }
            throw VoiceBuildError(.output, "cannot write \(trimmed): \(reason)")
        }
    }

    /// Makes `folder` and the folders above it that are missing; returns
    /// those it made, outermost first.
    private static func makeParents(_ folder: String, shownAs destination: String) throws(VoiceBuildError) -> [String] {
        var missing: [String] = []
        var current = folder
        while !current.isEmpty, current != "/", current != ".", FileStatus(path: current, followingLinks: true) == nil {
            missing.insert(current, at: 0)
            let above = Paths.parent(of: current)
            guard above != current else { break }
            current = above
        }
        var made: [String] = []
        for path in missing {
            if case .failure(let reason) = retryingInterrupts({ systemMkdir(path, 0o755) }), FileStatus(path: path, followingLinks: true) == nil {
                for folder in made.reversed() { _ = systemRemoveFolder(folder) }
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
        if case .failure(let reason) = retryingInterrupts({ systemMkdir(full, 0o755) }) {
            throw VoiceBuildError(.output, "cannot write \(destination): \(reason)")
        }
        folders.append(full)
        return full
    }

    /// Removes a scratch subfolder and the files named in it.
    func removeSubfolder(_ folder: String, files: [String]) {
        for file in files { _ = systemUnlink(file) }
        _ = systemRemoveFolder(folder)
        folders.removeAll { $0 == folder }
    }

    /// Moves the finished voice onto the destination.
    func commit() throws(VoiceBuildError) {
        try Self.requireEmptyOrAbsent(destination)
        if case .failure(let reason) = retryingInterrupts({ systemRename(path, destination) }) {
            throw VoiceBuildError(.output, "cannot write \(destination): \(reason)")
        }
        TemporaryFiles.shared.forget(path)
        finished = true
    }

    /// Removes everything this builder wrote, and the folder.
    func discard() {
        for file in written { _ = systemUnlink(file) }
        for folder in folders.reversed() { _ = systemRemoveFolder(folder) }
        _ = systemRemoveFolder(path)
        TemporaryFiles.shared.forget(path)
        for folder in parents.reversed() { _ = systemRemoveFolder(folder) }
        finished = true
    }

    /// Refuses an output folder that holds anything, or a file in its place.
    private static func requireEmptyOrAbsent(_ destination: String) throws(VoiceBuildError) {
        guard let status = FileStatus(path: destination, followingLinks: false) else { return }
        guard status.kind == .directory else {
            throw VoiceBuildError(.output, "cannot write \(destination): it exists and is not a folder")
        }
        let opened = retryingInterrupts { systemOpen(destination, systemOpenDirectoryNoFollow) }
        guard case .success(let descriptor) = opened else {
            if case .failure(let reason) = opened { throw VoiceBuildError(.output, "cannot write \(destination): \(reason)") }
            return
        }
        defer { _ = systemClose(descriptor) }
        switch systemDirectoryEntries(descriptor) {
        case .success(let names) where names.contains(where: { $0 != "." && $0 != ".." }):
            throw VoiceBuildError(.output, "\(destination) is not empty: give a new or empty folder for the voice")
        case .success:
            return
        case .failure(let reason):
            throw VoiceBuildError(.output, "cannot write \(destination): \(reason)")
        }
    }
}
