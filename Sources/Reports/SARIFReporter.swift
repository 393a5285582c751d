import Foundation

/// SARIF 2.1.0 (OASIS), for GitHub code scanning and other viewers.
public enum SARIFReporter {
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// One run; `tool.driver` rules from the document's checks (id, title, rationale, level in force);
    /// one result per finding located at its string's file and line (relative to `%SRCROOT%`), or at the
    /// config file when it has none; `partialFingerprints["typefit/v1"]` = `Finding.fingerprint`;
    /// `baselineState` new/unchanged when a baseline was used.
    public static func render(_ document: ReportDocument, informationURI: String? = nil) -> String {
        let doc = document.normalized()
        var ruleIndex: [String: Int] = [:]
        var rules: [[String: Any]] = []
        for id in TerminalReporter.checkIds(doc) {
            ruleIndex[id] = rules.count
            let check = doc.checks.first { $0.id == id }
            var rule: [String: Any] = ["id": id]
            if let check {
                rule["name"] = id
                rule["shortDescription"] = ["text": check.title]
                rule["fullDescription"] = ["text": check.rationale]
                rule["defaultConfiguration"] = ["level": level(check.severity)]
            }
            rules.append(rule)
        }
        var driver: [String: Any] = ["name": doc.tool.name, "version": doc.tool.version, "rules": rules]
        if let informationURI { driver["informationUri"] = informationURI }

        let results: [[String: Any]] = doc.findings.map { f in
            var artifact: [String: Any] = ["uriBaseId": "%SRCROOT%"]
            var physical: [String: Any] = [:]
            if let src = f.source {
                artifact["uri"] = uri(src.file)
                if src.line >= 1 { physical["region"] = ["startLine": src.line] }
            } else {
                artifact["uri"] = uri(doc.config)
            }
            physical["artifactLocation"] = artifact
            var result: [String: Any] = [
                "ruleId": f.checkId,
                "level": level(f.severity),
                "message": ["text": f.message],
                "locations": [["physicalLocation": physical]],
                "partialFingerprints": ["typefit/v1": f.fingerprint],
            ]
            if let i = ruleIndex[f.checkId] { result["ruleIndex"] = i }
            if doc.baseline != nil { result["baselineState"] = f.isNew ? "new" : "unchanged" }
            var props: [String: Any] = [:]
            for (k, v) in [("screen", f.screen), ("row", f.row), ("label", f.label), ("device", f.device),
                           ("category", f.category), ("locale", f.locale), ("style", f.style), ("font", f.font),
                           ("stringKey", f.stringKey), ("text", f.text)] {
                if let v { props[k] = v }
            }
            if !f.figures.isEmpty { props["figures"] = f.figures }
            if !props.isEmpty { result["properties"] = props }
            return result
        }
        var run: [String: Any] = ["tool": ["driver": driver], "results": results, "columnKind": "unicodeCodePoints"]
        run["originalUriBaseIds"] = ["%SRCROOT%": ["description": ["text": "The directory typefit ran in."]]]
        let log: [String: Any] = ["$schema": schemaURI, "version": "2.1.0", "runs": [run]]
        // JSONSerialization of dictionaries, arrays, strings, integers and finite doubles cannot fail.
        let data = (try? JSONSerialization.data(withJSONObject: log, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
        return (String(data: data, encoding: .utf8) ?? "") + "\n"
    }

    /// error → "error", warning → "warning", info → "note".
    public static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative path as a URI reference: forward slashes, percent-encoded.
    static func uri(_ path: String) -> String {
        let p = path.replacingOccurrences(of: "\\", with: "/")
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return p.addingPercentEncoding(withAllowedCharacters: allowed) ?? p
    }
}
