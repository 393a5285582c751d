import Audit
import FontEngine

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
