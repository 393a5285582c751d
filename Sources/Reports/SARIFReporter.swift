import Foundation
import TypeFitSupport

/// SARIF 2.1.0 (OASIS), for GitHub code scanning and other viewers.
public enum SARIFReporter {
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// One run; `tool.driver` rules from the document's checks (id, title, rationale, level in force);
    /// one result per group, located at its string's file and line (relative to `%SRCROOT%`), or at
    /// the config file when it has none, with the group's summary as message;
    /// `partialFingerprints["typefit/v2"]` = `GroupKey.fingerprint`; with a baseline, `baselineState`
    /// new / updated (worse than the baseline) / unchanged, and one `absent` result (level note) per
    /// baseline group that no longer occurs.
    public static func render(_ document: ReportDocument, informationURI: String? = nil) -> String {
        let stream = ReportStream()
        write(document, informationURI: informationURI, to: stream)
        return String(decoding: stream.data, as: UTF8.self)
    }

    /// Writes what `render` returns into `stream`, result by result, without the whole tree: the log
    /// (`log(_:informationURI:)`) as `JSONSerialization` writes it pretty-printed with sorted keys,
    /// except that each result takes one line, as `JSONSerialization` writes it without pretty printing.
    public static func write(_ document: ReportDocument, informationURI: String? = nil, to stream: ReportStream,
                             normalized isNormalized: Bool = false) {
        let doc = isNormalized ? document : document.normalized()
        let (driver, ruleIndex) = self.driver(doc, informationURI: informationURI)
        let json = PrettyJSON(stream: stream)
        func raw(_ object: Any) -> (Int) -> Void {
            { level in json.write(encoded: serialize(object), level: level) }
        }
        let count = doc.groups.count + (doc.baseline != nil ? doc.fixed.count : 0)
        // Each file's URI once, not once per result.
        var uris = [doc.config: uri(doc.config)]
        for g in doc.groups.indices { if let file = doc.groups[g].source?.file, uris[file] == nil { uris[file] = uri(file) } }
        let fileURIs = uris
        json.object(level: 0, [
            ("$schema", raw(schemaURI)),
            ("runs", { level in
                json.array(level: level, count: 1) { _, runLevel in
                    json.object(level: runLevel, [
                        ("columnKind", raw("unicodeCodePoints")),
                        ("originalUriBaseIds", raw(originalUriBaseIds)),
                        ("properties", doc.systemText.map { raw(runProperties($0)) }),
                        ("results", { resultsLevel in
                            json.encodedLines(count: count, level: resultsLevel) { i, bytes in
                                writeResult(i, doc, ruleIndex, uris: fileURIs, to: &bytes)
                            }
                        }),
                        ("tool", raw(["driver": driver])),
                    ])
                }
            }),
            ("version", raw("2.1.0")),
        ])
        stream.write("\n")
    }

    /// The whole log as one tree (what `write` streams), for tests and small documents.
    static func log(_ document: ReportDocument, informationURI: String? = nil) -> [String: Any] {
        let doc = document.normalized()
        let (driver, ruleIndex) = self.driver(doc, informationURI: informationURI)
        let count = doc.groups.count + (doc.baseline != nil ? doc.fixed.count : 0)
        var run: [String: Any] = ["tool": ["driver": driver], "results": (0..<count).map { result($0, doc, ruleIndex) },
                                  "columnKind": "unicodeCodePoints", "originalUriBaseIds": originalUriBaseIds]
        if let system = doc.systemText { run["properties"] = runProperties(system) }
        return ["$schema": schemaURI, "version": "2.1.0", "runs": [run]]
    }

    /// The run's property bag: what measured system text (the report header's line).
    static func runProperties(_ system: SystemTextMeasurement) -> [String: Any] {
        ["systemText": system.summary, "systemTextMeasuredWith": system.measuredWith,
         "systemTextBandPercent": [system.minimumBandPercent, system.maximumBandPercent]]
    }

    static var originalUriBaseIds: [String: Any] { ["%SRCROOT%": ["description": ["text": "The directory typefit ran in."]]] }

    /// JSONSerialization of dictionaries, arrays, strings, integers and finite doubles cannot fail.
    static func serialize(_ object: Any, pretty: Bool = true) -> Data {
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        if pretty { options.insert(.prettyPrinted) }
        return (try? JSONSerialization.data(withJSONObject: object, options: options)) ?? Data()
    }

    /// Result `i` (`result(i, doc, ruleIndex)`) as `serialize(result, pretty: false)` writes it,
    /// written directly: JSONSerialization, and building the tree it takes, were most of the
    /// SARIF report's time on a whole app's groups. Keys come in JSONSerialization's order
    /// (numeric, case-insensitive: swift-corelibs-foundation JSONWriter.serializeDictionary), which
    /// for these keys is also their byte order; strings are escaped as it escapes them without
    /// escaping slashes (`JSONBytes`). SARIFTests compares the two on documents with every field.
    /// `uris`: `uri(path)` of the paths it names (others are encoded here).
    static func writeResult(_ i: Int, _ doc: ReportDocument, _ ruleIndex: [String: Int], uris: [String: String] = [:],
                            to json: inout JSONBytes) {
        func uri(_ path: String) -> String { uris[path] ?? Self.uri(path) }
        func location(uri: String, line: Int?) {
            json.beginArray()
            json.beginObject()
            json.key("physicalLocation")
            json.beginObject()
            json.key("artifactLocation")
            json.beginObject()
            json.key("uri"); json.string(uri)
            json.key("uriBaseId"); json.string("%SRCROOT%")
            json.endObject()
            if let line {
                json.key("region")
                json.beginObject()
                json.key("startLine"); json.int(line)
                json.endObject()
            }
            json.endObject()
            json.endObject()
            json.endArray()
        }
        func text(_ message: String) {
            json.beginObject()
            json.key("text"); json.string(message)
            json.endObject()
        }
        func fingerprint(_ key: GroupKey) {
            json.beginObject()
            json.key("typefit/v2"); json.string(key.fingerprint)
            json.endObject()
        }
        json.beginObject()
        if i >= doc.groups.count {
            let f = doc.fixed[i - doc.groups.count]
            json.key("baselineState"); json.string("absent")
            json.key("level"); json.string("note")
            json.key("locations"); location(uri: uri(doc.config), line: nil)
            json.key("message")
            text("\(f.key.subject): fixed since the baseline — run `typefit audit --update-baseline` (was: \(f.message))")
            json.key("partialFingerprints"); fingerprint(f.key)
            json.key("ruleId"); json.string(f.key.checkId)
            if let r = ruleIndex[f.key.checkId] { json.key("ruleIndex"); json.int(r) }
            json.endObject()
            return
        }
        doc.groups.withUnsafeBufferPointer { groups in
            let g = groups[i]
            if doc.baseline != nil {
                json.key("baselineState")
                switch g.status {
                case .new: json.string("new")
                case .worse: json.string("updated")
                case .baselined: json.string("unchanged")
                }
            }
            json.key("level"); json.string(level(g.severity))
            json.key("locations")
            if let src = g.source {
                location(uri: uri(src.file), line: src.line >= 1 ? src.line : nil)
            } else {
                location(uri: uri(doc.config), line: nil)
            }
            json.key("message"); text(doc.summary(g))
            json.key("partialFingerprints"); fingerprint(g.key)
            json.key("properties")
            json.beginObject()
            if g.certainty == .atRisk || g.certainty == .estimated { json.key("certainty"); json.string(g.certainty.rawValue) }
            if let v = g.key.font { json.key("font"); json.string(v) }
            if let v = g.key.label { json.key("label"); json.string(v) }
            if let v = g.key.locale { json.key("locale"); json.string(v) }
            if g.key.locale == nil, let v = g.locales { json.key("locales"); json.strings(v) }
            json.key("occurrences"); json.int(g.occurrences.count)
            if let v = g.key.row { json.key("row"); json.string(v) }
            if let v = g.key.screen { json.key("screen"); json.string(v) }
            if let v = g.key.stringKey { json.key("stringKey"); json.string(v) }
            if let v = g.key.style { json.key("style"); json.string(v) }
            if let v = g.key.variant { json.key("variant"); json.string(v) }
            if let w = g.worseIn { json.key("worseIn"); json.strings(w) }
            json.endObject()
            json.key("ruleId"); json.string(g.checkId)
            if let r = ruleIndex[g.checkId] { json.key("ruleIndex"); json.int(r) }
        }
        json.endObject()
    }

    static func driver(_ doc: ReportDocument, informationURI: String?) -> ([String: Any], [String: Int]) {
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
        return (driver, ruleIndex)
    }

    /// Result `i`: the groups in canonical order, then (with a baseline) the fixed groups.
    static func result(_ i: Int, _ doc: ReportDocument, _ ruleIndex: [String: Int]) -> [String: Any] {
        if i >= doc.groups.count {
            let f = doc.fixed[i - doc.groups.count]
            var result: [String: Any] = [
                "ruleId": f.key.checkId, "level": "note", "baselineState": "absent",
                "message": ["text": "\(f.key.subject): fixed since the baseline — run `typefit audit --update-baseline` (was: \(f.message))"],
                "locations": [["physicalLocation": ["artifactLocation": ["uriBaseId": "%SRCROOT%", "uri": uri(doc.config)]]]],
                "partialFingerprints": ["typefit/v2": f.key.fingerprint],
            ]
            if let r = ruleIndex[f.key.checkId] { result["ruleIndex"] = r }
            return result
        }
        let g = doc.groups[i]
        var artifact: [String: Any] = ["uriBaseId": "%SRCROOT%"]
        var physical: [String: Any] = [:]
        if let src = g.source {
            artifact["uri"] = uri(src.file)
            if src.line >= 1 { physical["region"] = ["startLine": src.line] }
        } else {
            artifact["uri"] = uri(doc.config)
        }
        physical["artifactLocation"] = artifact
        var result: [String: Any] = [
            "ruleId": g.checkId,
            "level": level(g.severity),
            "message": ["text": doc.summary(g)],
            "locations": [["physicalLocation": physical]],
            "partialFingerprints": ["typefit/v2": g.key.fingerprint],
        ]
        if let r = ruleIndex[g.checkId] { result["ruleIndex"] = r }
        if doc.baseline != nil {
            switch g.status {
            case .new: result["baselineState"] = "new"
            case .worse: result["baselineState"] = "updated"
            case .baselined: result["baselineState"] = "unchanged"
            }
        }
        // What a viewer filters on; sizes, devices and figures are in the message, the rest in report.json.
        var props: [String: Any] = ["occurrences": g.occurrences.count]
        for (k, v) in [("screen", g.key.screen), ("row", g.key.row), ("label", g.key.label), ("locale", g.key.locale),
                       ("variant", g.key.variant), ("style", g.key.style), ("font", g.key.font),
                       ("stringKey", g.key.stringKey)] {
            if let v { props[k] = v }
        }
        // A literal text's group spans locales: the ones it happens in.
        if g.key.locale == nil, let v = g.locales { props["locales"] = v }
        if let w = g.worseIn { props["worseIn"] = w }
        if g.certainty == .atRisk || g.certainty == .estimated { props["certainty"] = g.certainty.rawValue }
        result["properties"] = props
        return result
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
