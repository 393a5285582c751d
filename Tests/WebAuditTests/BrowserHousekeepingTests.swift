#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import WebAudit

/// The pipe reader's work, the browser's temporary folders, its sandbox decision and command line,
/// and what the request policy decides — without starting a browser.
@Suite struct BrowserHousekeepingTests {
    /// Each byte received is looked at once, however the bytes are split into reads: the count is
    /// the number of bytes appended (a reader that rescanned its buffer after each read would look at
    /// a 4 MB message in 64 KiB reads about 32 times over).
    @Test func thePipeReaderIsLinear() throws {
        var buffer = DevToolsMessageBuffer()
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: 4 << 20) + [0]
        var chunks = 0
        for start in stride(from: 0, to: big.count, by: 1 << 16) {
            buffer.append(big[start..<min(big.count, start + (1 << 16))])
            chunks += 1
            if start + (1 << 16) < big.count { #expect(try buffer.next() == nil) }
        }
        #expect(try buffer.next()?.count == 4 << 20)
        #expect(buffer.bytesScanned == big.count && chunks == 65)
        // 10 000 small messages arriving one byte at a time.
        var small = DevToolsMessageBuffer()
        let message = Array(#"{"id":1,"result":{}}"#.utf8) + [0]
        var received = 0
        for _ in 0..<10_000 {
            for byte in message {
                small.append([byte])
                while try small.next() != nil { received += 1 }
            }
        }
        #expect(received == 10_000 && small.bytesScanned == 10_000 * message.count)
    }

    @Test func anEndlessMessageIsAnError() throws {
        var buffer = DevToolsMessageBuffer(maximumMessage: 1 << 20)
        buffer.append([UInt8](repeating: 32, count: (1 << 20) + 1))
        #expect(throws: WebAuditError("the browser sent a DevTools message over 1 MB")) { _ = try buffer.next() }
    }

    /// A folder whose owner process is gone is removed; a live owner's, a folder without an owner
    /// file, and another program's folder are kept; a reused pid (another start time) counts as gone.
    @Test func staleFoldersOfDeadOwnersAreRemoved() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        // A process that has ended: its pid is free.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let me = getpid(), myStart = try #require(BrowserProfiles.startTime(of: me))
        func folder(_ owner: String?, name: String = BrowserProfiles.prefix + UUID().uuidString) throws -> URL {
            let url = temporary.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data("profile".utf8).write(to: url.appendingPathComponent("stderr.log"))
            if let owner { try Data(owner.utf8).write(to: url.appendingPathComponent(BrowserProfiles.ownerFileName)) }
            return url
        }
        let dead = try folder("typefit \(ended.processIdentifier) 12345\n")
        let reused = try folder("typefit \(me) \(myStart + 1)\n")
        let live = try folder("typefit \(me) \(myStart)\n")
        let created = try BrowserProfiles.create(in: temporary)
        let unowned = try folder(nil)
        let foreign = try folder("typefit \(ended.processIdentifier) 12345\n", name: "typefit-chromium-not-a-uuid")
        let removed = BrowserProfiles.removeStale(in: temporary)
        #expect(Set(removed.map(\.lastPathComponent)) == [dead.lastPathComponent, reused.lastPathComponent])
        for kept in [live, created, unowned, foreign] { #expect(FileManager.default.fileExists(atPath: kept.path)) }
        #expect(BrowserProfiles.owner(of: created)?.pid == me)
    }

    @Test func theSandboxIsUsedWhereTheKernelAllowsIt() {
        let open: (String) -> Int? = { _ in nil }
        #expect(!BrowserLaunch.sandboxAvailable(uid: 0, sysctl: open))  // Chromium refuses its sandbox to root
        #expect(BrowserLaunch.sandboxAvailable(uid: 1000, sysctl: open))
        #expect(!BrowserLaunch.sandboxAvailable(uid: 1000, sysctl: { $0 == "kernel/unprivileged_userns_clone" ? 0 : nil }))
        #expect(!BrowserLaunch.sandboxAvailable(uid: 1000, sysctl: { $0 == "user/max_user_namespaces" ? 0 : 1 }))
        #expect(!BrowserLaunch.sandboxAvailable(uid: 1000, sysctl: { $0 == "kernel/apparmor_restrict_unprivileged_userns" ? 1 : nil }))
        let arguments = BrowserLaunch.arguments(executable: "/usr/bin/chromium", profile: URL(fileURLWithPath: "/tmp/p"), sandbox: false)
        #expect(arguments.contains("--no-sandbox") && !arguments.contains("--allow-file-access-from-files"))
        #expect(!BrowserLaunch.arguments(executable: "c", profile: URL(fileURLWithPath: "/tmp/p"), sandbox: true).contains("--no-sandbox"))
        #expect(arguments.contains("--host-resolver-rules=MAP * ~NOTFOUND"))
    }

    @Test func theBrowserRunsUnderItsMemoryLimit() throws {
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        // /proc/<pid>/limits: "Max data size   <soft>   <hard>   bytes".
        let limits = try String(contentsOfFile: "/proc/\(browser.processID)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max data size") })
        #expect(line.split(separator: " ", omittingEmptySubsequences: true)[3] == "\(BrowserLaunch.dataLimitMB << 20)")
        // Running as root, Chromium's sandbox is off (it refuses root); elsewhere it follows the kernel.
        #expect(browser.sandboxed == BrowserLaunch.sandboxAvailable())
    }

    @Test func requestsArePermittedOnlyInsideThePagesFolder() throws {
        let site = try ChromiumTests.Site(["page.html": "x", "a.css": "p {}"])
        let policy = RequestPolicy(page: site.file("page.html"))
        #expect(policy.decide(url: site.file("a.css").absoluteString, resourceType: "Stylesheet", mainFrameDocument: false) == .allow)
        #expect(policy.decide(url: site.file("page.html").absoluteString, resourceType: "Document", mainFrameDocument: true) == .allow)
        #expect(policy.decide(url: "https://example.com/a.png", resourceType: "Image", mainFrameDocument: false) == .offline("https://example.com/a.png"))
        #expect(policy.decide(url: site.file("a.css").absoluteString, resourceType: "Document", mainFrameDocument: true)
                == .refuse("the page navigates to \(site.file("a.css").absoluteString) (a web view is measured on its own page)"))
    }
}
