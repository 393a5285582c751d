import Audit
import DynamicType
import FontEngine
import Reports

extension FontObservation {
    /// The observation of a loaded face: its vertical metrics and font-QA table values
    /// (`FontFace.qaTables()`), with the ink of the audited text when there is some. Without an
    /// OS/2 table, typo and win fall back to hhea, as `FontInfo.verticalMetrics` does.
    public init(face: FontFace, id: String, path: String?, ink: (yMin: Double, yMax: Double)? = nil) {
        let info = face.info, qa = face.qaTables()
        let typo = info.verticalMetrics(.typo), win = info.verticalMetrics(.win)
        self.init(font: id, path: path, unitsPerEm: Double(info.unitsPerEm),
                  hheaAscender: Double(info.hhea.ascender), hheaDescender: Double(info.hhea.descender),
                  hheaLineGap: Double(info.hhea.lineGap), typoAscender: Double(typo.ascender),
                  typoDescender: Double(typo.descender), typoLineGap: Double(typo.lineGap),
                  winAscent: Double(win.ascender), winDescent: Double(-win.descender),
                  useTypoMetrics: info.os2?.useTypoMetrics ?? false, inkYMax: ink?.yMax, inkYMin: ink?.yMin,
                  inkSource: .auditedText, headYMin: Double(qa.headYMin), headYMax: Double(qa.headYMax),
                  agraveYMax: qa.agraveYMax, cjkCodepoints: qa.cjkCodepoints)
    }
}

/// The font-level checks (`CheckRegistry.fontChecks`) on one face, as `typefit inspect` runs them.
public enum FontQA {
    /// One check's outcome for a face.
    public struct Result: Sendable {
        public var check: any FontCheck
        public var verdict: FontVerdict
        /// Its findings (empty for `pass`); their messages and figures say what it means at `style`'s sizes.
        public var findings: [Finding]
    }

    /// A HIG text style set in the font `id`: its 12 sizes xS…AX5 (`TextStyle.pointSize(at:)`), which the
    /// findings quote (e.g. "body at AX5 (53 pt)").
    public static func style(_ style: TextStyle, font id: String) -> StyleObservation {
        StyleObservation(style: style.rawValue, font: id, model: "apple",
                         pointSizes: ContentSizeCategory.allCases.map { style.pointSize(at: $0) })
    }

    /// Every font check on `face` (identified as `id`), quoting the sizes of `style` (default: body).
    public static func run(face: FontFace, id: String, path: String? = nil, style: TextStyle = .body,
                           context: CheckContext = .default) -> [Result] {
        let font = FontObservation(face: face, id: id, path: path)
        let styles = [Self.style(style, font: id)]
        return CheckRegistry.fontChecks.map { check in
            let (verdict, findings) = check.verdict(for: font, styles: styles, context: context)
            return Result(check: check, verdict: verdict, findings: findings)
        }
    }
}
