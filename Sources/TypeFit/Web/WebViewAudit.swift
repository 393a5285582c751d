import Audit
import DynamicType
import Foundation
import Layout
import Reports
import TypeFitSupport
import WebAudit

/// Renders the config's `webViews:` in one headless Chromium (started once per audit) and turns
/// what it measures into `WebPageObservation`s for the web checks, keeping screenshots for the report.
/// See docs/web.md.
struct WebViewAudit {
    /// Screenshots show at most this many screens (viewport heights) of the top of a page.
    static let screenshotScreens = 2.0
    /// An HTML file larger than this is not loaded.
    static let maximumHTMLBytes = 32 << 20
    /// A web view's whole rendering on one device (load, every category, screenshots) may take this
    /// many times its `timeout`.
    static let totalTimeoutFactor = 3.0
    /// Times a rendering is tried when the browser fails (crashes, exits, stops answering).
    static let browserAttempts = 3
    /// The whole web audit (every web view on every device) may take this long (10 minutes).
    /// Past it the web views not yet rendered are skipped with a warning naming them; what was
    /// rendered and the rest of the audit are kept.
    static let totalBudget = 600.0

    /// One rendering with what the report may keep of it.
    struct Rendering {
        var observation: WebPageObservation
        var measurement: WebMeasurement
        var png: Data
        var imageHeight: Double
    }

    var renderings: [Rendering] = []
    var warnings: [String] = []

    var observations: [WebPageObservation] { renderings.map(\.observation) }

    /// Renders every web view on its devices at every category of `categories` (once for `scaling:
    /// none`). `devices` are the audit's devices, used when a web view lists none.
    /// `budget`: seconds the whole web audit may take (`totalBudget`).
    static func run(project: AuditPlan, devices: [Device], categories: [ContentSizeCategory],
                    budget: Double = totalBudget) throws -> WebViewAudit {
        var result = WebViewAudit()
        let deadline = Date().addingTimeInterval(budget)
        var skipped: [String] = []
        let webViews = project.config.webViews
        guard !webViews.isEmpty else { return result }
        // Resolve everything the config names before paying for the browser.
        var plans: [(ConfigWebView, [Device], String, HTMLSourceIndex)] = []
        for webView in webViews {
            var list = devices
            if !webView.devices.isEmpty {
                list = try webView.devices.map { name in
                    do { return try (try? Device.named(name.name, in: project.devices)) ?? Device.named(name.name) } catch {
                        throw name.location.error(String(describing: error))
                    }
                }
            }
            let display = displayPath(webView.file.path)
            let size = (try? FileManager.default.attributesOfItem(atPath: webView.file.path))
            guard size?[.type] as? FileAttributeType == .typeRegular else {
                throw WebAuditError(file: display, "not a regular file")
            }
            if let bytes = size?[.size] as? Int, bytes > maximumHTMLBytes {
                throw WebAuditError(file: display, "the HTML file is \(bytes >> 20) MB, over the \(maximumHTMLBytes >> 20) MB a page may have")
            }
            guard let data = FileManager.default.contents(atPath: webView.file.path) else {
                throw WebAuditError(file: display, "cannot read the HTML file")
            }
            guard let html = String(data: data, encoding: .utf8), !data.contains(0) else {
                throw WebAuditError(file: display, "not an HTML file (not UTF-8 text)")
            }
            guard !html.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw WebAuditError(file: display, "the HTML file is empty")
            }
            plans.append((webView, list, display, HTMLSourceIndex(html: html)))
        }
        var browser = try startBrowser(for: webViews[0])
        defer { browser.close() }
        for (webView, list, display, index) in plans {
            for device in list {
                let left = deadline.timeIntervalSinceNow
                guard left > 0, skipped.isEmpty else {
                    skipped.append("\(webView.name) on \(device.name)")
                    continue
                }
                // A browser that crashes or stops answering is replaced and the page rendered again.
                var attempt = 1
                while true {
                    do {
                        let rendered = try render(webView, on: device, display: display, index: index, in: browser,
                                                  categories: categories, totalTimeout: min(totalTimeoutFactor * webView.timeout, left),
                                                  into: &result)
                        result.renderings += rendered
                        break
                    } catch let error as WebAuditError where !error.browserFailure && Date() >= deadline {
                        // The whole budget ran out during this rendering: it and the rest are skipped.
                        skipped.append("\(webView.name) on \(device.name)")
                        break
                    } catch let error as WebAuditError where error.browserFailure {
                        browser.close()
                        guard attempt < browserAttempts else {
                            throw WebAuditError(file: error.file, "the browser failed \(browserAttempts) times rendering "
                                + "\(webView.name) on \(device.name); the last time: \(error.message)", browserFailure: true)
                        }
                        attempt += 1
                        browser = try startBrowser(for: webView)
                    }
                }
            }
        }
        if !skipped.isEmpty {
            let shown = skipped.prefix(10).joined(separator: ", ") + (skipped.count > 10 ? " and \(skipped.count - 10) more" : "")
            result.warn("\(project.config.file): warning: the web views took over \(Int(budget)) s in all, the most an audit gives them; "
                + "not rendered: \(shown) (the rest of the audit is kept)")
        }
        return result
    }

    /// Starts the browser, naming the config's `webViews` when it cannot.
    /// A browser that fails to start is tried `browserAttempts` times in all.
    private static func startBrowser(for webView: ConfigWebView) throws -> DevToolsBrowser {
        var attempt = 1
        while true {
            do { return try DevToolsBrowser() } catch var error as WebAuditError {
                if error.browserFailure && attempt < browserAttempts {
                    attempt += 1
                    continue
                }
                let where_ = webView.location
                error.file = "\(where_.file):\(where_.line):\(where_.column)"
                error.message = "webViews need a browser: \(error.message)"
                throw error
            }
        }
    }

    /// A web view rendered on one device at every category of `categories` (once for `scaling: none`).
    private static func render(_ webView: ConfigWebView, on device: Device, display: String, index: HTMLSourceIndex,
                               in browser: DevToolsBrowser, categories: [ContentSizeCategory], totalTimeout: Double,
                               into result: inout WebViewAudit) throws -> [Rendering] {
        let mode: WebScaling
        switch webView.scaling {
        case .appleSystemBody: mode = .appleSystemFont
        case .uifontmetrics: mode = .rootFontSize
        case .none: mode = .none
        }
        let height: Double
        switch webView.frame {
        case .height(let h): height = h
        case .fullScreen(let bar, let tabBar):
            height = Screen(device: device, orientation: .portrait, navigationBar: bar, tabBar: tabBar,
                            toolbar: false).contentHeight
        }
        let page = try WebPageSession(browser: browser, fileURL: webView.file, readAccess: webView.readAccess, displayPath: display,
                                      width: device.width, height: height, scaling: mode, timeout: webView.timeout,
                                      totalTimeout: totalTimeout)
        defer { page.close() }
        for keyword in page.unknownKeywords {
            result.warn("\(display): warning: \(keyword) is not a WebKit text style TypeFit knows; left as is")
        }
        var renderings: [Rendering] = []
        let list: [ContentSizeCategory?] = mode == .none ? [nil] : categories
        for category in list {
            var base: Double?
            switch webView.scaling {
            case .appleSystemBody: base = TextStyle.body.pointSize(at: category ?? .large)
            case .uifontmetrics(let size, let style, let maximum):
                base = UIFontMetricsScaling(pointSize: size, style: style, maximumPointSize: maximum,
                                            algorithm: .leadingRatioPixelRounded(scale: device.scale))
                    .size(at: category ?? .large).pointSize
            case .none: base = nil
            }
            try page.apply(category: category ?? .large, scaling: mode, rootFontSize: base)
            let m = try page.measure(sources: index)
            if !m.hasDeviceWidthViewport {
                result.warn("\(display): warning: no <meta name=\"viewport\" content=\"width=device-width\">; "
                    + "a WKWebView lays the page out 980 px wide and shrinks it, as measured")
            }
            let imageHeight = max(1, min(m.pageHeight, screenshotScreens * m.viewportHeight)).rounded(.down)
            let png = try page.screenshot(maxHeight: imageHeight, pageHeight: m.pageHeight, width: m.viewportWidth)
            let observation = WebPageObservation(
                webView: webView.name, file: display, device: device.name, category: category,
                baseSize: base, viewportWidth: m.viewportWidth,
                viewportHeight: m.viewportHeight, pageHeight: m.pageHeight,
                elements: m.elements)
            renderings.append(Rendering(observation: observation, measurement: m, png: png, imageHeight: imageHeight))
        }
        for url in page.offlineRequests {
            result.warn("\(display): warning: the page requests \(url); web views are audited offline, so it was measured without it")
        }
        return renderings
    }

    private mutating func warn(_ text: String) {
        if !warnings.contains(text) { warnings.append(text) }
    }

    /// The renderings the report keeps, with their screenshots: per web view and device, the
    /// default category (L) and the largest rendered (AX5 when audited), plus the smallest category
    /// at which each web check reports. So a page gives at most five screenshots per device, each at
    /// most `screenshotScreens` screens tall at 1 px per CSS px.
    func snapshots(findings: [Finding]) -> [WebPageSnapshot] {
        var kept: [WebPageSnapshot] = []
        var keys: [String] = []
        for r in renderings where !keys.contains(r.observation.webView + "\u{0}" + r.observation.device) {
            keys.append(r.observation.webView + "\u{0}" + r.observation.device)
        }
        for key in keys {
            let group = renderings.filter { $0.observation.webView + "\u{0}" + $0.observation.device == key }
            guard let first = group.first else { continue }
            let mine = findings.filter {
                $0.checkId.hasPrefix("web.") && $0.screen == first.observation.webView && $0.device == first.observation.device
            }
            var wanted = Set<ContentSizeCategory?>()
            if group.contains(where: { $0.observation.category == .large }) {
                wanted.insert(.large)
            }
            wanted.insert(group.last?.observation.category)
            for check in Set(mine.map(\.checkId)) {
                let categories = Set(mine.filter { $0.checkId == check }.map(\.category))
                if let smallest = group.first(where: { categories.contains($0.observation.category) }) {
                    wanted.insert(smallest.observation.category)
                }
            }
            for r in group where wanted.contains(r.observation.category) {
                let o = r.observation
                let here = mine.filter { $0.category == o.category }
                let marks = here.compactMap { f -> WebMark? in
                    guard let selector = f.selector,
                          let e = r.measurement.elements.first(where: { $0.selector == selector }),
                          e.top < r.imageHeight else { return nil }
                    return WebMark(checkId: f.checkId, selector: selector, x: round3(e.left), y: round3(e.top),
                                   width: round3(e.width), height: round3(e.height))
                }
                kept.append(WebPageSnapshot(
                    webView: o.webView, file: o.file, device: o.device, category: o.category?.uikitName,
                    baseSize: o.baseSize.map(round3), viewportWidth: round3(o.viewportWidth),
                    viewportHeight: round3(o.viewportHeight), pageHeight: round3(o.pageHeight),
                    imageWidth: round3(o.viewportWidth), imageHeight: r.imageHeight, png: r.png,
                    marks: uniqueMarks(marks)))
            }
        }
        return kept
    }

    private func uniqueMarks(_ marks: [WebMark]) -> [WebMark] {
        var seen = Set<String>()
        return marks.filter { seen.insert($0.checkId + "\u{0}" + $0.selector).inserted }
    }

    private func round3(_ value: Double) -> Double { Finding.round(value) }
}
