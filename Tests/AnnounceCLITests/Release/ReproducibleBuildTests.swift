import AnnounceTestSupport
import Foundation
import Testing

/// Two clones build the same code with the same toolchain: every Swift
/// dependency is pinned to one version, Package.resolved is committed and
/// agrees with it, and the package states one Swift version everywhere.
struct ReproducibleBuildTests {
    static func text(_ name: String) throws -> String {
        try String(contentsOf: RepositoryPaths.file(name), encoding: .utf8)
    }

    /// Each `.package(url: …, …)` line of Package.swift: its URL and the rest.
    static func dependencies() throws -> [(url: String, requirement: String)] {
        try text("Package.swift").components(separatedBy: "\n").compactMap { line in
            guard let start = line.range(of: ".package(url: \""),
                  let end = line[start.upperBound...].firstIndex(of: "\"") else { return nil }
            return (String(line[start.upperBound..<end]), String(line[end...]))
        }
    }

    @Test func everyDependencyIsPinnedToOneVersion() throws {
        let dependencies = try Self.dependencies()
        #expect(!dependencies.isEmpty)
        for dependency in dependencies {
            #expect(dependency.requirement.range(of: #"^", exact: "[0-9]+\.[0-9]+\.[0-9]+"\),?$"#, options: .regularExpression) != nil,
                    "\(dependency.url): \(dependency.requirement)")
        }
    }

    @Test func packageResolvedIsCommittedAndAgrees() throws {
        let tracked = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/git"), ["-C", RepositoryPaths.root.path, "ls-files", "--error-unmatch", "Package.resolved"])
        #expect(tracked.status == 0, "Package.resolved is not committed: \(tracked.stderr)")
        let resolved = try JSONSerialization.jsonObject(with: Data(Self.text("Package.resolved").utf8)) as? [String: Any]
        let pins = resolved?["pins"] as? [[String: Any]] ?? []
        var versions: [String: String] = [:]
        for pin in pins {
            let state = pin["state"] as? [String: Any]
            let location = pin["location"] as? String ?? ""
            #expect(state?["version"] is String && state?["revision"] is String, "\(location) is not pinned to a version")
            versions[location] = state?["version"] as? String
        }
        for dependency in try Self.dependencies() {
            let exact = dependency.requirement.split(separator: "\"").dropFirst().first.map(String.init)
            #expect(versions[dependency.url] == exact, "\(dependency.url): Package.swift says \(exact ?? "?"), Package.resolved \(versions[dependency.url] ?? "nothing")")
        }
    }

    /// The Swift version README states, install-deps.sh checks and the
    /// tools version declares are one.
    @Test func oneSwiftVersion() throws {
        let tools = try Self.text("Package.swift").components(separatedBy: "\n")[0]
        #expect(tools == "// swift-tools-version:6.2")
        let version = String(tools.dropFirst("// swift-tools-version:".count))
        #expect(try Self.text("scripts/install-deps.sh").contains("swift_needed=\(version)\n"))
        let readme = try Self.text("README.md")
        #expect(readme.contains("with Swift \(version) or later"))
        for file in ["README.md", "docs/IOS.md", "docs/CLI.md", "Package.swift", "scripts/install-deps.sh"] {
            let found = try Self.text(file).matches(of: /Swift (6\.[0-9]+)/).map { String($0.output.1) }
            #expect(found.allSatisfy { $0 == version }, "\(file) names Swift \(found)")
        }
    }
}
