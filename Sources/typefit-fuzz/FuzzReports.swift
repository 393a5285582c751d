import Foundation
import Reports
import TypeFit
import TypeFitSupport
import WebAudit

/// A shard part as `typefit merge` reads it: decoded and range-checked; every refusal one line.
func fuzzPart(_ data: Data) {
    do {
        _ = try AuditPart.read(data, file: "fuzz/typefit-part.json")
    } catch {
        requireOneLine(error, .part)
    }
}

/// A report document (report.json) rendered into every report: nothing traps, and the terminal
/// summary and the GitHub annotations carry no acting character of the input (only line feeds,
/// and no line an input started).
func fuzzReport(_ data: Data) {
    let doc: ReportDocument
    do {
        doc = try ReportDocument.decode(data, source: "fuzz/report.json")
    } catch {
        requireOneLine(error, .report)
        return
    }
    _ = MarkdownReporter.render(doc)
    _ = HTMLReporter.render(doc)
    _ = SARIFReporter.render(doc)
    _ = JUnitReporter.render(doc)
    let terminal = TerminalReporter.render(doc, colors: false)
    let annotations = GitHubAnnotations.render(doc)
    for text in [terminal, annotations] where text.unicodeScalars.contains(where: { $0 != "\n" && isActingCharacter($0) }) {
        FileHandle.standardError.write(Data("typefit-fuzz[report]: an acting character reached the output\n".utf8))
        abort()
    }
    if annotations.split(separator: "\n").contains(where: { !$0.hasPrefix("::") }) {
        FileHandle.standardError.write(Data("typefit-fuzz[report]: an annotation line does not start a command\n".utf8))
        abort()
    }
}

/// A web page's HTML as the web audit indexes it for source lines: any bytes, any nesting.
func fuzzHTML(_ data: Data) {
    let index = HTMLSourceIndex(html: String(decoding: data, as: UTF8.self))
    for tag in ["p", "h1", "div", "span", "li"] {
        _ = index.line(tag: tag, index: 0, domCount: 1)
    }
}
