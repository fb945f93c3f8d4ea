import AnnounceTestSupport
import Foundation
import Testing

/// The server's `announce` binary carries FoundationEssentials only, never
/// the full Foundation with ICU's data (tens of megabytes, and time and
/// memory at every start). One file of any linked target importing the full
/// Foundation on Linux brings it back; this looks at the built binary
/// itself, whichever file did it.
@Suite struct ServerBinaryTests {
    /// The `announce` executable, built beside this test bundle
    /// (`swift build --build-tests` builds every product).
    static let executable = BuiltProducts.announce

    /// What the full Foundation leaves in a binary: a dynamic link names its
    /// library (`libFoundation.so`, not `libFoundationEssentials.so`); a
    /// static one carries ICU's data, whose symbol and table of contents
    /// name it `icudt<version>`.
    static let fullFoundationMarks = ["libFoundation.so\0", "libFoundationInternationalization", "icudt"]

    /// The marks of ``fullFoundationMarks`` found in `bytes`.
    static func marks(in bytes: Data) -> [String] {
        fullFoundationMarks.filter { bytes.range(of: Data($0.utf8)) != nil }
    }

    #if os(Linux)
        @Test("the announce binary carries no full Foundation and no ICU data")
        func noFullFoundation() throws {
            let path = Self.executable.path
            try #require(FileManager.default.isExecutableFile(atPath: path), "no announce binary beside the tests: swift build --build-tests")
            let bytes = try Data(contentsOf: Self.executable, options: .alwaysMapped)
            #expect(Self.marks(in: bytes) == [], "\(path) links the full Foundation: a phone source imports it outside #if?")
        }
    #endif

    @Test("the marks are found where they are and not in FoundationEssentials' name")
    func theMarksAreFound() {
        #expect(Self.marks(in: Data("x\0libFoundation.so\0y".utf8)) == ["libFoundation.so\0"])
        #expect(Self.marks(in: Data("\0icudt76_dat\0".utf8)) == ["icudt"])
        #expect(Self.marks(in: Data("\0libFoundationEssentials.so\0lib_FoundationCShims\0".utf8)) == [])
    }
}
