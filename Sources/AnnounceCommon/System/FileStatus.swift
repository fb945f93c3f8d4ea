// stat(2) and its kin, for the server and the phone (see FileCalls.swift).
#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        @preconcurrency import Glibc
    #elseif canImport(Musl)
        @preconcurrency import Musl
    #endif
#else
    import Foundation
#endif

/// What `stat` says of a path: its kind, size and last change.
package struct FileStatus: Sendable {
    package enum Kind: Sendable { case regular, directory, symbolicLink, other }

    package let kind: Kind
    package let size: Int
    /// The last modification, in seconds since 1970.
    package let modified: Double

    /// The status of `path`, of the link itself unless `followingLinks`;
    /// nil when there is nothing there (or it cannot be looked at).
    package init?(path: String, followingLinks: Bool) {
        var status = stat()
        let result = retryingInterrupts { followingLinks ? stat(path, &status) : lstat(path, &status) }
        guard case .success = result else { return nil }
        self.init(status)
    }

    /// The status of `name` in the open folder `directory`, never following a link.
    package init?(directory: Int32, name: String) {
        var status = stat()
        let result = retryingInterrupts { fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) }
        guard case .success = result else { return nil }
        self.init(status)
    }

    /// The status of an open descriptor.
    package init?(descriptor: Int32) {
        var status = stat()
        guard case .success = retryingInterrupts({ fstat(descriptor, &status) }) else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(status.st_size)
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        modified = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
