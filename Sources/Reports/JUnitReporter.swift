/// JUnit XML (the Jenkins/Ant `junit-10.xsd` dialect).
public enum JUnitReporter {
    /// One `<testsuite>` per check (checks without groups get an empty suite), one `<testcase>` per
    /// group named by its place and subject ("Settings / offline / title — settings.offline (de)"), or its
    /// subject when it has no string key ("Help / #prices > table", "Contacts (en)"); a
    /// `<failure>` for groups that fail the run (new or worse, at or above `failOn`), `<skipped>` for
    /// baselined ones, `<system-out>` for the others.
    public static func render(_ document: ReportDocument) -> String {
        let stream = ReportStream()
        write(document, to: stream)
        return String(decoding: stream.data, as: UTF8.self)
    }

    /// Writes what `render` returns into `stream`, one test case at a time.
    public static func write(_ document: ReportDocument, to stream: ReportStream, normalized isNormalized: Bool = false) {
        let doc = isNormalized ? document : document.normalized()
        let byCheck = doc.groupIndicesByCheck()
        // The groups are read in place (by index, through the buffer), not copied one by one.
        doc.groups.withUnsafeBufferPointer { groups in
            let failingTotal = groups.indices.count(where: { doc.isFailing(groups[$0]) })
            stream.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            stream.write("<testsuites name=\"\(XML.escape(doc.tool.name))\" tests=\"\(doc.groups.count)\" failures=\"\(failingTotal)\" errors=\"0\">\n")
            if let system = doc.systemText {
                // The header line of every report, as a comment (no JUnit element carries it).
                stream.write("  <!-- " + XML.escape(system.summary).replacingOccurrences(of: "--", with: "- -") + " -->\n")
            }
            for id in TerminalReporter.checkIds(doc) {
                let gs = byCheck[id] ?? []
                let failures = gs.count(where: { doc.isFailing(groups[$0]) })
                let skipped = gs.count(where: { !groups[$0].isNew })
                stream.write("  <testsuite name=\"\(XML.escape(id))\" tests=\"\(gs.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n")
                for g in gs { stream.write(testCase(groups[g], check: id, doc)) }
                stream.write("  </testsuite>\n")
            }
        }
        stream.write("</testsuites>\n")
    }

    /// One `<testcase>` element and its line break.
    static func testCase(_ g: FindingGroup, check id: String, _ doc: ReportDocument) -> String {
        let place = g.key.place
        let name = g.key.stringKey != nil && !place.isEmpty ? "\(place) — \(g.subject)" : g.subject
        var out = "    <testcase classname=\"typefit.\(XML.escape(id))\" name=\"\(XML.escape(name))\">"
        let detail = detailText(g, doc)
        if doc.isFailing(g) {
            out += "\n      <failure type=\"\(XML.escape(g.severity.rawValue))\" message=\"\(XML.escape(doc.summary(g)))\">"
                + XML.escape(detail) + "</failure>\n    "
        } else if !g.isNew {
            out += "\n      <skipped message=\"in baseline\"/>\n    "
        } else {
            let status = g.certainty == .measured ? "" : " (\(g.certainty.label))"
            out += "\n      <system-out>" + XML.escape("\(g.severity.rawValue)\(status): \(doc.summary(g))\n" + detail) + "</system-out>\n    "
        }
        out += "</testcase>\n"
        return out
    }

    /// The worst occurrence's message (it quotes the text), what got worse, the source and the count
    /// (the summary is the failure's message attribute).
    static func detailText(_ g: FindingGroup, _ doc: ReportDocument) -> String {
        var lines = [g.message]
        if g.certainty == .atRisk, let system = doc.systemText {
            lines.append("\(Certainty.atRisk.label): within the error band of the limit (\(system.summary))")
        }
        if let w = g.worseIn, !w.isEmpty { lines.append("worse than the baseline in: " + w.joined(separator: ", ")) }
        if let s = g.source { lines.append("\(s.file):\(s.line)") }
        lines.append("\(g.occurrences.count) occurrence\(g.occurrences.count == 1 ? "" : "s")")
        return lines.joined(separator: "\n")
    }
}

enum XML {
    /// Escapes the five XML specials and drops characters XML 1.0 cannot carry (C0 controls but tab/LF/CR).
    /// Used for both text and attribute values (LF/CR/tab in attributes are written as character references).
    static func escape(_ s: String) -> String {
        // Most texts need nothing: no special, no control and no U+FFFE/U+FFFF (UTF-8 EF BF BE/BF;
        // any 0xEF lead byte takes the scalar loop) — then the loop below would copy every scalar.
        if !s.utf8.contains(where: { b in
            b < 0x20 || b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 || b == 0xEF
        }) { return s }
        // On the UTF-8 bytes, runs without anything to escape copied at once (nearly every message
        // quotes its text).
        var text = s
        return text.withUTF8 { utf8 in
            var out: [UInt8] = []
            out.reserveCapacity(utf8.count + 64)
            var run = 0
            var i = 0
            func flush(to end: Int) { if run < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<end])) } }
            while i < utf8.count {
                let b = utf8[i]
                let replacement: StaticString?
                var width = 1
                switch b {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                case 0x0A: replacement = "&#10;"
                case 0x0D: replacement = "&#13;"
                case 0x09: replacement = "&#9;"
                case 0..<0x20: replacement = ""  // dropped
                case 0xEF where i + 2 < utf8.count && utf8[i + 1] == 0xBF && (utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF):
                    replacement = ""  // U+FFFE, U+FFFF: dropped
                    width = 3
                default: replacement = nil
                }
                if let replacement {
                    flush(to: i)
                    replacement.withUTF8Buffer { out.append(contentsOf: $0) }
                    i += width
                    run = i
                } else {
                    i += 1
                }
            }
            flush(to: utf8.count)
            return String(decoding: out, as: UTF8.self)
        }
    }
}
