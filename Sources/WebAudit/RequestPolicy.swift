#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a page may load: the browser asks (DevTools `Fetch.requestPaused`) before every request of
/// every tab, and TypeFit answers with this policy.
///
/// A page is untrusted input. It may load, as stylesheets, fonts, images, scripts, media and frames,
/// the regular files inside its read-access folder (after resolving symbolic links), each at most
/// `maximumResource` bytes: the folder `WKWebView.loadFileURL(_:allowingReadAccessTo:)` grants in
/// the app (the config's `readAccess`, by default the config's folder; the page's own folder when
/// none is given here). Nothing else is loaded: no network request of any kind, no file outside
/// the folder, no file read by a script (`fetch`, `XMLHttpRequest`: a `WKWebView` page loaded from a
/// file cannot read files that way either), and no navigation of the page to another document.
struct RequestPolicy: Sendable {
    /// A resource larger than this is refused (a page's CSS, fonts and images are far smaller).
    static let maximumResource = 32 << 20

    enum Decision: Equatable, Sendable {
        case allow
        /// A request that is not for a file (http, https, ws, …): the page is measured without it.
        case offline(String)
        /// A file the page may not read, or a navigation: an error of the page.
        case refuse(String)
    }

    /// The folder the page may read (its read access), symbolic links resolved, ending in "/".
    let folder: String
    /// The page's own path, symbolic links resolved.
    let page: String

    /// - Parameter readAccess: the folder the page may read; nil for the page's own folder.
    init(page: URL, readAccess: URL? = nil) {
        let resolved = Self.resolve(page.path) ?? page.standardizedFileURL.path
        self.page = resolved
        if let readAccess {
            let access = Self.resolve(readAccess.path) ?? readAccess.standardizedFileURL.path
            folder = access.hasSuffix("/") ? access : access + "/"
        } else {
            folder = (resolved as NSString).deletingLastPathComponent + "/"
        }
    }

    /// `path` with every symbolic link resolved, nil when it does not exist.
    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether a request for `url` of DevTools resource type `resourceType` may go ahead;
    /// `mainFrameDocument` when it would replace the page itself.
    func decide(url: String, resourceType: String, mainFrameDocument: Bool) -> Decision {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased() else {
            return .refuse("the page requests \(url), which is not a URL")
        }
        if scheme == "data" || scheme == "blob" { return mainFrameDocument ? .refuse("the page navigates to a \(scheme): URL (a web view is measured on its own page)") : .allow }
        guard scheme == "file" else {
            if mainFrameDocument { return .refuse("the page navigates to \(url) (a web view is measured on its own page)") }
            return .offline(url)
        }
        let path = parsed.path
        let resolved = Self.resolve(path)
        if mainFrameDocument && (resolved ?? path) != page {
            return .refuse("the page navigates to \(url) (a web view is measured on its own page)")
        }
        if ["XHR", "Fetch", "EventSource", "WebSocket", "Ping", "Prefetch", "SignedExchange", "CSPViolationReport"]
            .contains(resourceType) {
            return .refuse("a script of the page reads \(path) (a page may load files only as stylesheets, fonts, images, scripts and frames)")
        }
        guard let resolved else { return .allow }  // a missing file fails to load and is reported as such
        guard resolved.hasPrefix(folder) else {
            return .refuse("the page loads \(path), outside its read-access folder \(folder) (a page may read only its web view's readAccess folder)")
        }
        var info = stat()
        guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .refuse("the page loads \(path), which is not a regular file")
        }
        if Int(info.st_size) > Self.maximumResource {
            return .refuse("the page loads \(path), \(Int(info.st_size) >> 20) MB, over the \(Self.maximumResource >> 20) MB a page or resource may have")
        }
        return .allow
    }
}
