import DynamicType
import Foundation

/// How the app sizes the page's text (typefit.yml `webViews[].scaling`).
public enum WebScaling: Sendable, Equatable {
    /// The page uses WebKit's `font: -apple-system-body` (or another `-apple-system-*` keyword);
    /// TypeFit rewrites the keywords into the HIG size at each category (`AppleSystemFonts`).
    case appleSystemFont
    /// The app injects a base size (UIFontMetrics-scaled) as the root element's `font-size`;
    /// the size per category is given to `WebPageSession.apply(_:)`.
    case rootFontSize
    /// The app does nothing: the page is measured as it is.
    case none
}

/// A page opened in the browser at one viewport size, measured at one base size after another.
///
/// The page is loaded once per viewport (device); each category then only restyles it (the
/// rewritten stylesheets or the root font size), waits for fonts, and measures. Every step has a
/// timeout; problems are one-line `WebAuditError`s naming the HTML file.
public final class WebPageSession {
    public let browser: DevToolsBrowser
    /// The HTML file as shown to the user (for errors).
    public let displayPath: String
    public let fileURL: URL
    private let session: String
    private let target: String
    private let timeout: Double
    /// When the whole rendering of this page (load, every category, screenshots) must be done.
    private let deadline: Date
    private let totalTimeout: Double?
    /// The isolated JavaScript world the measuring runs in (`Page.createIsolatedWorld`): the page's
    /// own scripts cannot reach it, so overriding `JSON.stringify`, `CSS.escape` or
    /// `Element.prototype.getBoundingClientRect` changes nothing TypeFit measures.
    private var world = 0
    /// The frame's height in CSS px (the web view's height on screen).
    public let frameHeight: Double
    /// Stylesheets that use `-apple-system-*` keywords: id → original text.
    private var keywordSheets: [(id: String, text: String)] = []
    private var closed = false
    /// Network requests the page made, which were not let through (web views are audited offline).
    public private(set) var offlineRequests: [String] = []

    /// Opens `fileURL` in a new tab of `width` × `height` CSS px (1 device pixel per CSS px, mobile
    /// viewport rules as in a WKWebView) and waits at most `timeout` seconds for its load event.
    /// Fails when the page or anything it references (CSS, fonts, images) cannot be loaded, when it
    /// loads what `RequestPolicy` refuses, or navigates away. Every later step also has `timeout`
    /// seconds, and all of them together, from now, at most `totalTimeout` seconds.
    /// `readAccess` is the folder the page may read (`WKWebView.loadFileURL(_:allowingReadAccessTo:)`),
    /// nil for the page's own folder.
    public init(browser: DevToolsBrowser, fileURL: URL, readAccess: URL? = nil, displayPath: String, width: Double, height: Double,
                scaling: WebScaling, timeout: Double = 20, totalTimeout: Double? = nil) throws {
        self.browser = browser
        self.fileURL = fileURL
        self.displayPath = displayPath
        self.timeout = timeout
        self.totalTimeout = totalTimeout
        deadline = totalTimeout.map { Date().addingTimeInterval($0) } ?? .distantFuture
        self.frameHeight = height
        let fail = { (message: String) in WebAuditError(file: displayPath, message) }
        do {
            target = try browser.call("Target.createTarget", ["url": "about:blank"])["targetId"] as? String ?? ""
            session = try browser.call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"]
                as? String ?? ""
        } catch var error as WebAuditError {
            error.file = displayPath
            error.message = "cannot open a browser tab: \(error.message)"
            throw error
        }
        browser.policy = (RequestPolicy(page: fileURL, readAccess: readAccess), target)
        do {
            for method in ["Page.enable", "Network.enable", "Log.enable", "Inspector.enable"] {
                try browser.call(method, session: session)
            }
            try browser.call("Emulation.setDeviceMetricsOverride",
                             ["width": Int(width.rounded()), "height": Int(height.rounded()), "deviceScaleFactor": 1,
                              "mobile": true], session: session)
            try browser.call("Emulation.setScrollbarsHidden", ["hidden": true], session: session)
            let navigation = try browser.call("Page.navigate", ["url": fileURL.absoluteString], session: session)
            if let text = navigation["errorText"] as? String, !text.isEmpty {
                try checkLoads()
                throw fail("the page cannot be loaded (\(text))")
            }
            _ = try browser.waitForEvent("Page.loadEventFired", session: session, timeout: try stepTimeout(),
                                         what: "the page to finish loading (\(Int(timeout)) s)")
            try checkLoads()
            world = try browser.call("Page.createIsolatedWorld", ["frameId": target, "worldName": "typefit"],
                                     session: session)["executionContextId"] as? Int ?? 0
            if scaling == .appleSystemFont {
                try browser.call("DOM.enable", session: session)
                try browser.call("CSS.enable", session: session)
                for event in browser.drainEvents(["CSS.styleSheetAdded"], session: session) {
                    guard let header = event["header"] as? [String: Any], let id = header["styleSheetId"] as? String
                    else { continue }
                    let text = try browser.call("CSS.getStyleSheetText", ["styleSheetId": id], session: session)["text"]
                        as? String ?? ""
                    if text.contains("-apple-system-") { keywordSheets.append((id, text)) }
                }
            }
        } catch let error as WebAuditError where error.file == nil {
            close()
            var named = error
            named.file = displayPath
            if error.message.hasPrefix("timed out waiting for the page") {
                named.message = Date() >= deadline ? budgetMessage : "the page did not finish loading within \(Int(timeout)) s"
            }
            throw named
        } catch {
            close()
            throw error
        }
    }

    /// The time left for one step: `timeout`, or less when the whole page's time is nearly spent.
    private func stepTimeout() throws -> Double {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { throw WebAuditError(file: displayPath, budgetMessage) }
        return min(timeout, left)
    }

    private var budgetMessage: String {
        "the web view took over \(Int(totalTimeout ?? 0)) s in all (each step may take \(Int(timeout)) s)"
    }

    /// `error` named after the page, with a step's timeout past the page's whole time said as such.
    private func named(_ error: WebAuditError) -> WebAuditError {
        var named = error
        named.file = named.file ?? displayPath
        if error.message.hasPrefix("timed out") && Date() >= deadline { named.message = budgetMessage }
        return named
    }

    deinit { close() }

    /// Closes the tab. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        if !target.isEmpty { _ = try? browser.call("Target.closeTarget", ["targetId": target], timeout: 10) }
        browser.policy = nil
        _ = browser.takeRefusals()
        browser.discardEvents(session: session)
        browser.discardEvents(session: nil)
    }

    /// The `-apple-system-*` keywords the page's stylesheets use that TypeFit cannot map.
    public var unknownKeywords: [String] {
        Array(Set(keywordSheets.flatMap { AppleSystemFonts.unknownKeywords(in: $0.text) })).sorted()
    }

    /// Fails naming the first resource that did not load (a missing CSS file, font or image) or
    /// a font the browser could not decode.
    private func checkLoads() throws {
        for refusal in browser.takeRefusals() {
            switch refusal.decision {
            case .allow: break
            case .offline(let url): if !offlineRequests.contains(url) { offlineRequests.append(url) }
            case .refuse(let reason): throw WebAuditError(file: displayPath, reason)
            }
        }
        for event in browser.drainEvents(["Page.frameNavigated"], session: session) {
            guard let frame = event["frame"] as? [String: Any], frame["parentId"] == nil,
                  let url = frame["url"] as? String else { continue }
            let path = URL(string: url).flatMap { $0.isFileURL ? RequestPolicy.resolve($0.path) ?? $0.path : nil }
            if path != browser.policy?.rules.page {
                throw WebAuditError(file: displayPath, "the page navigates to \(url) (a web view is measured on its own page)")
            }
        }
        var urls: [String: String] = [:]
        for event in browser.drainEvents(["Network.requestWillBeSent"], session: session) {
            if let id = event["requestId"] as? String, let request = event["request"] as? [String: Any],
               let url = request["url"] as? String { urls[id] = url }
        }
        for event in browser.drainEvents(["Network.loadingFailed"], session: session)
        where event["blockedReason"] as? String != "inspector" {
            let url = (event["requestId"] as? String).flatMap { urls[$0] } ?? "a resource"
            let reason = event["errorText"] as? String ?? "failed"
            throw WebAuditError(file: displayPath, "cannot load \(relative(url)) (\(reason))")
        }
        for event in browser.drainEvents(["Log.entryAdded"], session: session) {
            guard let entry = event["entry"] as? [String: Any], let text = entry["text"] as? String else { continue }
            if text.contains("Failed to decode downloaded font") || text.contains("OTS parsing error") {
                // "Failed to decode downloaded font: file:///…/App.woff2" names the font; "OTS parsing
                // error: …" does not, but its entry's url is the font's.
                let named = text.range(of: "file://").map { String(text[$0.lowerBound...]) }
                let url = named ?? entry["url"] as? String ?? ""
                let reason = named.map { _ in String(text.prefix { $0 != ":" }) } ?? text
                throw WebAuditError(file: displayPath, "font \(relative(url)) cannot be used (\(reason))")
            }
        }
        browser.discardEvents(session: session)
    }

    /// A file URL shown relative to the page's folder when inside it.
    private func relative(_ url: String) -> String {
        guard let u = URL(string: url), u.isFileURL else { return url }
        let folder = fileURL.deletingLastPathComponent().path + "/"
        let path = u.path
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// Restyles the page for `category`: rewrites the `-apple-system-*` keywords (stylesheets and
    /// `style` attributes) for `.appleSystemFont`, sets the root `font-size` to `rootFontSize` px for
    /// `.rootFontSize`; then waits for fonts (`document.fonts.ready`).
    public func apply(category: ContentSizeCategory, scaling: WebScaling, rootFontSize: Double?) throws {
        do {
            switch scaling {
            case .appleSystemFont:
                for sheet in keywordSheets {
                    try browser.call("CSS.setStyleSheetText",
                                     ["styleSheetId": sheet.id, "text": AppleSystemFonts.rewrite(sheet.text, at: category)],
                                     session: session, timeout: try stepTimeout())
                }
                var fonts: [String: String] = [:]
                for suffix in ["body", "headline", "subheadline", "footnote", "caption1", "caption2", "title0", "title1",
                               "title2", "title3", "short-body", "short-headline", "short-subheadline", "short-footnote",
                               "short-caption1", "tall-body"] {
                    fonts[suffix] = AppleSystemFonts.cssFont(forKeyword: suffix, at: category)
                }
                let json = String(decoding: try JSONSerialization.data(withJSONObject: fonts, options: [.sortedKeys]), as: UTF8.self)
                _ = try evaluate("""
                    (() => { const fonts = \(json); const saved = window.__typefitStyles || (window.__typefitStyles = new Map());
                      for (const el of document.querySelectorAll('[style*="-apple-system-"]')) { if (!saved.has(el)) saved.set(el, el.getAttribute('style')); }
                      for (const [el, text] of saved) el.setAttribute('style', text.replace(/-apple-system-([a-z0-9-]+)/gi, (m, k) => fonts[k.toLowerCase()] || m));
                      return 0; })()
                    """)
            case .rootFontSize:
                if let size = rootFontSize {
                    _ = try evaluate("document.documentElement.style.setProperty('font-size', '\(size)px'); 0")
                }
            case .none:
                break
            }
            _ = try evaluate("(async () => { document.body && document.body.getBoundingClientRect(); await document.fonts.ready; await new Promise(r => setTimeout(r, 0)); await document.fonts.ready; return 0; })()",
                             awaitPromise: true)
            try checkLoads()
            let failed = try evaluate("JSON.stringify([...document.fonts].filter(f => f.status === 'error').map(f => f.family))")
            if let text = failed as? String, text != "[]" {
                throw WebAuditError(file: displayPath, "font \(text.trimmingCharacters(in: ["[", "]"])) failed to load (its @font-face src is missing or not a font)")
            }
        } catch let error as WebAuditError where error.file == nil {
            throw named(error)
        }
    }

    /// Measures the page as it is now (see `measureScript`). `viewportHeight` is the frame's height
    /// (a page wider than the screen makes mobile Chromium zoom out, which changes `innerHeight`).
    /// With `sources` (the page's HTML), each element's `source` is its line in `displayPath`.
    public func measure(sources: HTMLSourceIndex? = nil) throws -> WebMeasurement {
        let value: Any?
        do {
            try checkLoads()
            value = try evaluate(Self.measureScript)
            try checkLoads()
        } catch let error as WebAuditError where error.file == nil {
            throw named(error)
        }
        guard let text = value as? String, let data = text.data(using: .utf8) else {
            throw WebAuditError(file: displayPath, "the measuring script returned nothing")
        }
        if text.hasPrefix("{\"tooMany\"") {
            throw WebAuditError(file: displayPath, "the page has over \(Self.maximumElements) elements to measure")
        }
        do {
            var measurement = try JSONDecoder().decode(MeasuredPage.self, from: data)
                .measurement(sources: sources, file: displayPath)
            measurement.viewportHeight = frameHeight
            return measurement
        } catch {
            throw WebAuditError(file: displayPath, "cannot read the measurements: \(error)")
        }
    }

    /// A PNG of the top of the page: the viewport's width and at most `maxHeight` CSS px of the page,
    /// 1 image pixel per CSS px.
    public func screenshot(maxHeight: Double, pageHeight: Double, width: Double) throws -> Data {
        let height = max(1, min(maxHeight, pageHeight))
        do {
            let result = try browser.call("Page.captureScreenshot", [
                "format": "png", "captureBeyondViewport": true, "fromSurface": true,
                "clip": ["x": 0, "y": 0, "width": width, "height": height, "scale": 1],
            ], session: session, timeout: try stepTimeout())
            guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
                throw WebAuditError("the browser returned no image")
            }
            return data
        } catch var error as WebAuditError where error.file == nil {
            error.message = "screenshot failed: \(error.message)"
            throw named(error)
        }
    }

    private func evaluate(_ expression: String, awaitPromise: Bool = false) throws -> Any? {
        let step = try stepTimeout()
        let result = try browser.call("Runtime.evaluate", [
            "expression": expression, "returnByValue": true, "awaitPromise": awaitPromise,
            "timeout": Int(step * 1000), "contextId": world,
        ], session: session, timeout: step + 5)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let detail = (exception["exception"] as? [String: Any])?["description"] as? String
                ?? exception["text"] as? String ?? "exception"
            throw WebAuditError("a script failed in the page: \(detail.split(separator: "\n").first ?? "")")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// The most elements the measuring script reports; a page with more is an error, not an
    /// unbounded reply.
    static let maximumElements = 20_000

    /// The measuring script. It reports, in document order, every element below `body` (not
    /// `script`, `style`, hidden or zero-size ones, nor visually hidden ones such as screen-reader-only
    /// text and off-screen skip links) that has text of its own, whose box or own text
    /// reaches past the viewport's left or right edge, or whose content is larger than its box
    /// (`scrollWidth`/`scrollHeight` > `clientWidth`/`clientHeight` + 1 px); see `MeasuredElement`.
    static let measureScript = #"""
    (() => {
      const vw = document.documentElement.clientWidth, vh = window.innerHeight;
      const skip = new Set(['script','style','head','meta','link','title','template','noscript','br','wbr']);
      const esc = s => (window.CSS && CSS.escape) ? CSS.escape(s) : s;
      const selector = el => {
        const parts = [];
        for (let e = el; e && e.nodeType === 1 && e.localName !== 'html'; e = e.parentElement) {
          if (e.id) { parts.unshift('#' + esc(e.id)); break; }
          let p = e.localName;
          const cls = [...e.classList].slice(0, 2);
          if (cls.length) p += '.' + cls.map(esc).join('.');
          const parent = e.parentElement;
          if (parent) {
            const sameTag = [...parent.children].filter(c => c.localName === e.localName);
            const alike = sameTag.filter(c => cls.every(k => c.classList.contains(k)));
            if (alike.length > 1) p += ':nth-of-type(' + (sameTag.indexOf(e) + 1) + ')';
          }
          parts.unshift(p);
          if (e.localName === 'body') break;
        }
        return parts.join(' > ');
      };
      const chain = el => {
        const out = [];
        for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
          const all = document.getElementsByTagName(e.localName);
          out.push({ tag: e.localName, index: Array.prototype.indexOf.call(all, e), count: all.length });
        }
        return out;
      };
      const clips = v => v !== 'visible';
      // Visually hidden on purpose (screen-reader-only text, skip links): a box of at most 1 × 1 px that
      // clips, a `clip`/`clip-path` that hides, or a box entirely above or left of the page — on the
      // element or an ancestor below body.
      const hidden = el => {
        for (let e = el; e && e !== document.body; e = e.parentElement) {
          const s = getComputedStyle(e), b = e.getBoundingClientRect();
          if (b.width <= 1 && b.height <= 1 && (clips(s.overflowX) || clips(s.overflowY))) return true;
          if (s.clip && s.clip !== 'auto' && s.position !== 'static') return true;
          if (s.clipPath && /inset\(\s*50%/.test(s.clipPath)) return true;
          if (b.right <= 0 || b.bottom <= 0) return true;
        }
        return false;
      };
      const elements = [], reported = new Map();
      const all = document.body ? document.body.querySelectorAll('*') : [];
      for (const el of all) {
        const tag = el.localName;
        if (skip.has(tag) || el.closest('svg') && tag !== 'svg') continue;
        const cs = getComputedStyle(el);
        if (cs.display === 'none' || cs.visibility === 'hidden') continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0 && cs.display !== 'contents') continue;
        let own = '', textLeft = null, textRight = null, pastTop = null, pastBottom = null;
        for (const n of el.childNodes) {
          if (n.nodeType !== 3 || !n.data.trim()) continue;
          own += n.data;
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const q of range.getClientRects()) {
            if (q.width === 0) continue;
            textLeft = textLeft === null ? q.left : Math.min(textLeft, q.left);
            textRight = textRight === null ? q.right : Math.max(textRight, q.right);
            if (q.right > vw + 0.5 || q.left < -0.5) {
              pastTop = pastTop === null ? q.top : Math.min(pastTop, q.top);
              pastBottom = pastBottom === null ? q.bottom : Math.max(pastBottom, q.bottom);
            }
          }
        }
        own = own.replace(/\s+/g, ' ').trim();
        const past = r.right > vw + 0.5 || r.left < -0.5 || (textRight !== null && (textRight > vw + 0.5 || textLeft < -0.5));
        const spills = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        if (!own && !past && !spills) continue;
        if (hidden(el)) continue;
        let inside = false;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (clips(getComputedStyle(a).overflowX)) { inside = true; break; }
        }
        const parent = el.parentElement;
        const pr = parent && parent !== document.body && parent !== document.documentElement ? parent.getBoundingClientRect().right : null;
        let reportedParent = null;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (reported.has(a)) { reportedParent = reported.get(a); break; }
        }
        if (elements.length >= \#(maximumElements)) return JSON.stringify({ tooMany: true });
        reported.set(el, elements.length);
        const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
        elements.push({
          selector: selector(el), chain: chain(el), tag, text: text.slice(0, 80), hasOwnText: own.length > 0,
          hasText: text.length > 0, fontSize: parseFloat(cs.fontSize), parent: reportedParent,
          left: r.left, top: r.top, right: r.right, width: r.width, height: r.height, parentRight: pr,
          textLeft, textRight, textPastTop: pastTop, textPastBottom: pastBottom,
          clientWidth: el.clientWidth, clientHeight: el.clientHeight,
          scrollWidth: el.scrollWidth, scrollHeight: el.scrollHeight, overflowX: cs.overflowX,
          overflowY: cs.overflowY, textOverflow: cs.textOverflow, lineClamp: String(cs.webkitLineClamp || 'none'),
          whiteSpace: cs.whiteSpace, display: cs.display, insideScroller: inside,
        });
      }
      const meta = document.querySelector('meta[name="viewport" i]');
      return JSON.stringify({
        viewportWidth: vw, viewportHeight: vh,
        pageWidth: document.documentElement.scrollWidth, pageHeight: document.documentElement.scrollHeight,
        hasDeviceWidthViewport: !!meta && /width\s*=\s*device-width/i.test(meta.content || ''),
        elements,
      });
    })()
    """#
}
