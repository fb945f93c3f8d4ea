import AnnounceTestSupport
import Foundation
import Testing

/// The privacy manifests of docs/ios declare every required-reason API the
/// Swift files of their target call, with a reason Apple lists for that
/// category, and nothing more: App Store Connect refuses an upload that
/// calls such an API without declaring it. Which target compiles which file
/// is read from IOS.md's Target Membership table, so the guide and this
/// check cannot disagree.
@Suite struct PrivacyManifestTests {
    enum Target: String, CaseIterable, Sendable {
        case app
        case `extension`
    }

    /// Apple's required-reason API categories, with the spellings of their
    /// APIs in Swift, Objective-C and C ("Describing use of required reason
    /// API"), and the reasons Apple lists for each.
    struct Category: Sendable {
        let name: String
        let spellings: [String]
        let reasons: Set<String>
    }

    static let categories = [
        Category(
            name: "NSPrivacyAccessedAPICategoryFileTimestamp",
            spellings: ["creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey", "creationDateKey",
                        "NSFileCreationDate", "NSFileModificationDate", "NSURLContentModificationDateKey", "NSURLCreationDateKey",
                        "attributesOfItem", "getattrlist(", "getattrlistbulk(", "fgetattrlist(", "getattrlistat(",
                        "stat(", "fstat(", "fstatat(", "lstat("],
            reasons: ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]),
        Category(
            name: "NSPrivacyAccessedAPICategorySystemBootTime",
            // Apple lists systemUptime and mach_absolute_time(); the till's
            // clock (BootClock) reads the same boot time through these.
            spellings: ["systemUptime", "mach_absolute_time(", "mach_continuous_time(", "clock_gettime("],
            reasons: ["35F9.1", "8FFB.1", "3D61.1"]),
        Category(
            name: "NSPrivacyAccessedAPICategoryDiskSpace",
            spellings: ["volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
                        "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey", "systemFreeSize", "systemSize",
                        "NSFileSystemFreeSize", "NSFileSystemSize", "attributesOfFileSystem",
                        "statfs(", "statvfs(", "fstatfs(", "fstatvfs("],
            reasons: ["85F4.1", "E174.1", "7D9E.1", "B728.1"]),
        Category(
            name: "NSPrivacyAccessedAPICategoryActiveKeyboards",
            spellings: ["activeInputModes"],
            reasons: ["3EC4.1", "54BD.1"]),
        Category(
            name: "NSPrivacyAccessedAPICategoryUserDefaults",
            spellings: ["UserDefaults", "NSUserDefaults", "@AppStorage"],
            reasons: ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
    ]

    /// Reasons Apple reserves for third-party SDKs that wrap the API.
    static let sdkOnlyReasons: Set<String> = ["0A2A.1", "C56D.1"]

    /// IOS.md's folder: the table's links, and so every path here, are relative to it.
    static let docsFolder = RepositoryPaths.file("docs")
    /// The folders whose files the app's targets compile: the glue and the
    /// extension's logic, as IOS.md links them.
    static let appFolders = ["ios/", "../Sources/AnnounceExtensionLogic/"]

    /// Which target builds which file of docs/ios and of the extension's
    /// logic (paths relative to docs/), from IOS.md's Target Membership
    /// table: a row's links name the files, a ✓ in the second column the
    /// app, in the third the extension; a link to a folder names every file
    /// in it and in its folders.
    static func membership() throws -> [Target: Set<String>] {
        let guide = try String(contentsOf: RepositoryPaths.file("docs/IOS.md"), encoding: .utf8)
        var members: [Target: Set<String>] = [:]
        var inTable = false
        for line in guide.components(separatedBy: "\n") {
            let row = line.trimmingCharacters(in: .whitespaces)
            if row.hasPrefix("| file | app `Merchant` | extension |") { inTable = true; continue }
            guard inTable else { continue }
            guard row.hasPrefix("|") else { break }
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, !cells[1].hasPrefix("---") else { continue }
            var files: [String] = []
            for link in cells[1].components(separatedBy: "](").dropFirst() {
                let path = String(link.prefix { $0 != ")" })
                guard Self.appFolders.contains(where: path.hasPrefix) else { continue }
                if path.hasSuffix("/") {
                    let folder = docsFolder.appendingPathComponent(path).standardizedFileURL.path + "/"
                    let below = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
                    files += below.filter { name in
                        var isFolder: ObjCBool = false
                        return FileManager.default.fileExists(atPath: folder + name, isDirectory: &isFolder) && !isFolder.boolValue
                    }.map { path + $0 }
                } else {
                    files.append(path)
                }
            }
            if cells[2].contains("✓") { members[.app, default: []].formUnion(files) }
            if cells[3].contains("✓") { members[.extension, default: []].formUnion(files) }
        }
        return members
    }

    /// Every file in the app's folders whose name ends in `suffix`,
    /// relative to docs/.
    static func files(endingIn suffix: String) throws -> Set<String> {
        var found: Set<String> = []
        for folder in appFolders {
            let url = docsFolder.appendingPathComponent(folder)
            let root = url.standardizedFileURL.path + "/"
            let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                let path = file.standardizedFileURL.path
                if path.hasSuffix(suffix), path.hasPrefix(root) { found.insert(folder + path.dropFirst(root.count)) }
            }
        }
        return found
    }

    /// The text of every Swift file below `folder` (relative to the package root).
    static func sources(below folder: String) throws -> String {
        let root = RepositoryPaths.file(folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return try files.filter { $0.pathExtension == "swift" }.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    @Test func thePhoneLibrariesCallTheFileTimestampAPIsTheManifestsDeclare() throws {
        // The check sees the phone's libraries, not only the sample's files:
        // ExactFile's stat of a sound is a file timestamp API.
        #expect(Self.categoriesCalled(in: try Self.sources(below: "Sources/AnnounceCommon")) == ["NSPrivacyAccessedAPICategoryFileTimestamp"])
    }

    /// The categories whose APIs `source` calls; comments do not count.
    static func categoriesCalled(in source: String) -> Set<String> {
        let code = withoutComments(source)
        return Set(categories.filter { category in category.spellings.contains { calls(code, $0) } }.map(\.name))
    }

    /// Whether `spelling` occurs in `code` as a name of its own (`stat(` is
    /// not inside `fstat(` or `isStat(`).
    static func calls(_ code: String, _ spelling: String) -> Bool {
        var rest = Substring(code)
        while let range = rest.range(of: spelling) {
            let before = rest[..<range.lowerBound].last
            let after = spelling.hasSuffix("(") ? nil : rest[range.upperBound...].first
            let isName: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isName(before), !isName(after) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    static func withoutComments(_ source: String) -> String {
        var result = ""
        var lines = source.components(separatedBy: "\n").makeIterator()
        var inBlock = false
        while let line = lines.next() {
            var kept = ""
            var rest = Substring(line)
            while !rest.isEmpty {
                if inBlock {
                    guard let end = rest.range(of: "*/") else { rest = ""; break }
                    rest = rest[end.upperBound...]
                    inBlock = false
                } else if let start = rest.range(of: "/*"), rest.range(of: "//").map({ start.lowerBound < $0.lowerBound }) ?? true {
                    kept += rest[..<start.lowerBound]
                    rest = rest[start.upperBound...]
                    inBlock = true
                } else if let comment = rest.range(of: "//") {
                    kept += rest[..<comment.lowerBound]
                    rest = ""
                } else {
                    kept += rest
                    rest = ""
                }
            }
            result += kept + "\n"
        }
        return result
    }

    /// What is wrong with `manifest` for a target whose files call `called`:
    /// one line per problem, none when it is right.
    static func problems(manifest: [String: Any], called: Set<String>) -> [String] {
        var problems: [String] = []
        if manifest["NSPrivacyTracking"] as? Bool != false { problems.append("NSPrivacyTracking is not false") }
        if (manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty != true { problems.append("tracking domains are declared") }
        guard let entries = manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]] else {
            return problems + ["no NSPrivacyAccessedAPITypes"]
        }
        var declared: Set<String> = []
        for entry in entries {
            let name = entry["NSPrivacyAccessedAPIType"] as? String ?? ""
            let reasons = Set(entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? [])
            guard let category = categories.first(where: { $0.name == name }) else {
                problems.append("unknown category \(name)")
                continue
            }
            declared.insert(name)
            if reasons.isEmpty { problems.append("\(name) has no reason") }
            for reason in reasons.subtracting(category.reasons) { problems.append("\(name): \(reason) is not a reason Apple lists for it") }
            for reason in reasons.intersection(sdkOnlyReasons) { problems.append("\(name): \(reason) is for third-party SDKs only") }
        }
        for name in called.subtracting(declared).sorted() { problems.append("\(name) is called but not declared") }
        for name in declared.subtracting(called).sorted() { problems.append("\(name) is declared but not called") }
        return problems
    }

    static func manifest(of target: Target, in members: [Target: Set<String>]) throws -> [String: Any] {
        let manifests = members[target, default: []].filter { $0.hasSuffix("PrivacyInfo.xcprivacy") }
        try #require(manifests.count == 1, "\(target) has \(manifests.count) privacy manifests in IOS.md's table")
        let data = try Data(contentsOf: docsFolder.appendingPathComponent(manifests.first!))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    @Test func everySwiftFileAndManifestBelongsToATarget() throws {
        let members = try Self.membership()
        let assigned = members[.app, default: []].union(members[.extension, default: []])
        #expect(try Self.files(endingIn: ".swift").subtracting(assigned).isEmpty, "Swift files missing from IOS.md's table")
        #expect(try Self.files(endingIn: ".xcprivacy").subtracting(assigned).isEmpty, "manifests missing from IOS.md's table")
        for path in assigned {
            #expect(FileManager.default.fileExists(atPath: Self.docsFolder.appendingPathComponent(path).path), "IOS.md names \(path)")
        }
    }

    @Test(arguments: Target.allCases)
    func eachTargetDeclaresExactlyTheRequiredReasonAPIsItCalls(target: Target) throws {
        let members = try Self.membership()
        var called: Set<String> = []
        for path in members[target, default: []] where path.hasSuffix(".swift") {
            called.formUnion(Self.categoriesCalled(in: try String(contentsOf: Self.docsFolder.appendingPathComponent(path), encoding: .utf8)))
        }
        // Both targets link the phone's libraries (the steps the extension's
        // logic imports): their calls count for each.
        for folder in PhoneSources.libraries {
            called.formUnion(Self.categoriesCalled(in: try Self.sources(below: folder)))
        }
        // The sample reads and sets file timestamps (AppGroupSounds, ExactFile), in both targets.
        #expect(called.contains("NSPrivacyAccessedAPICategoryFileTimestamp"))
        let problems = Self.problems(manifest: try Self.manifest(of: target, in: members), called: called)
        #expect(problems.isEmpty, "\(target): \(problems.joined(separator: "; "))")
    }

    @Test func theCheckFindsAMissingWrongOrStaleDeclaration() {
        let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
        func manifest(_ entries: [[String: Any]]) -> [String: Any] {
            ["NSPrivacyTracking": false, "NSPrivacyTrackingDomains": [String](), "NSPrivacyAccessedAPITypes": entries]
        }
        let good = manifest([["NSPrivacyAccessedAPIType": fileTimestamp, "NSPrivacyAccessedAPITypeReasons": ["C617.1"]]])
        #expect(Self.problems(manifest: good, called: [fileTimestamp]) == [])
        #expect(Self.problems(manifest: manifest([]), called: [fileTimestamp]) == ["\(fileTimestamp) is called but not declared"])
        #expect(Self.problems(manifest: good, called: []) == ["\(fileTimestamp) is declared but not called"])
        let sdkReason = manifest([["NSPrivacyAccessedAPIType": fileTimestamp, "NSPrivacyAccessedAPITypeReasons": ["0A2A.1"]]])
        #expect(Self.problems(manifest: sdkReason, called: [fileTimestamp]) == ["\(fileTimestamp): 0A2A.1 is for third-party SDKs only"])
        let wrongReason = manifest([["NSPrivacyAccessedAPIType": fileTimestamp, "NSPrivacyAccessedAPITypeReasons": ["CA92.1"]]])
        #expect(Self.problems(manifest: wrongReason, called: [fileTimestamp]) == ["\(fileTimestamp): CA92.1 is not a reason Apple lists for it"])
        var tracking = good
        tracking["NSPrivacyTracking"] = true
        #expect(Self.problems(manifest: tracking, called: [fileTimestamp]) == ["NSPrivacyTracking is not false"])
    }

    @Test func theScanSeesCallsNotCommentsOrLongerNames() {
        #expect(Self.categoriesCalled(in: "let d = UserDefaults(suiteName: group)") == ["NSPrivacyAccessedAPICategoryUserDefaults"])
        #expect(Self.categoriesCalled(in: "// UserDefaults would need a reason\nlet x = 1") == [])
        #expect(Self.categoriesCalled(in: "/* systemUptime\n */ let y = 2") == [])
        #expect(Self.categoriesCalled(in: "let t = ProcessInfo.processInfo.systemUptime") == ["NSPrivacyAccessedAPICategorySystemBootTime"])
        #expect(Self.categoriesCalled(in: "if fstat(fd, &info) == 0 {}") == ["NSPrivacyAccessedAPICategoryFileTimestamp"])
        #expect(Self.categoriesCalled(in: "isStat(x); restat(y)") == [])
        #expect(Self.categoriesCalled(in: "keys: [.contentModificationDateKey]") == ["NSPrivacyAccessedAPICategoryFileTimestamp"])
        #expect(Self.categoriesCalled(in: "let v = url.resourceValues(forKeys: [.volumeAvailableCapacityKey])") == ["NSPrivacyAccessedAPICategoryDiskSpace"])
    }
}
