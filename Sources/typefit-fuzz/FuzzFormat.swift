import Foundation
import Localization

/// Format specifiers: `FormatSpecifiers.parse`, `FormatSamples.substitute` and the
/// pseudo-locale on arbitrary text. Findings besides crashes: a width or precision past its cap, or
/// a substituted/pseudo text longer than the caps allow (each specifier adds at most
/// max(maximumWidth, its sample) characters; the pseudo-locale at most 4× plus brackets).
func fuzzFormat(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    let specs = FormatSpecifiers.parse(text)
    var bound = text.count
    for spec in specs {
        if let w = spec.width, w > FormatSpecifiers.maximumWidth { fail("width \(w) past the cap") }
        if let p = spec.precision, p > FormatSpecifiers.maximumPrecision { fail("precision \(p) past the cap") }
        bound += FormatSpecifiers.maximumWidth + 2 * FormatSpecifiers.maximumPrecision + 64
    }
    let sample = FormatSamples().substitute(text)
    if sample.text.count > bound { fail("substituted text of \(sample.text.count) characters, bound \(bound)") }
    let ratio = Double(data.first ?? 0) * 1e10  // includes huge ratios: clamped to maximumExpansion
    let pseudo = PseudoLocale(expansion: .fixed(ratio)).transform(text)
    if pseudo.count > 4 * text.count + 3 { fail("pseudo text of \(pseudo.count) characters from \(text.count)") }
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("typefit-fuzz[format]: \(message)\n".utf8))
    abort()
}
