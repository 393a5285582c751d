/// A problem with the browser or a page. `description` is one line naming the file when there is one.
public struct WebAuditError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The HTML file (as shown to the user), when the problem is about a page.
    public var file: String?
    public var message: String
    /// True when the browser itself failed (it exited, crashed, or stopped answering) rather than
    /// the page or the configuration being wrong: such a rendering is retried in a fresh browser.
    public var browserFailure: Bool

    public init(file: String? = nil, _ message: String, browserFailure: Bool = false) {
        self.file = file
        self.message = message
        self.browserFailure = browserFailure
    }

    public var description: String {
        let text = message.replacingOccurrences(of: "\n", with: " ")
        return file.map { "\($0): \(text)" } ?? text
    }
}
