import Foundation
import Localization
import TypeFit

/// The readers that can be fuzzed; one per untrusted input format.
enum FuzzTarget: String, CaseIterable, Sendable {
    case strings, stringsdict, xcstrings, config, typographykit, font, text, format, part, report, html

    /// From the TYPEFIT_FUZZ_TARGET environment variable, read once.
    static let selected: FuzzTarget? = ProcessInfo.processInfo.environment["TYPEFIT_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

    /// Runs one input through the selected target. Returns 0 (libFuzzer's "keep going").
    static func runSelected(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
        switch selected {
        case .strings: fuzzStrings(data)
        case .stringsdict: fuzzStringsDict(data)
        case .xcstrings: fuzzStringCatalog(data)
        case .config: fuzzConfig(data)
        case .typographykit: fuzzTypographyKit(data)
        case .font: fuzzFont(data)
        case .text: fuzzText(data)
        case .format: fuzzFormat(data)
        case .part: fuzzPart(data)
        case .report: fuzzReport(data)
        case .html: fuzzHTML(data)
        case nil: break
        }
        return 0
    }
}

/// Every error the tools print must be one line: a multi-line description is a finding.
func requireOneLine(_ error: any Error, _ target: FuzzTarget) {
    let text = String(describing: error)
    if text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
        FileHandle.standardError.write(Data("typefit-fuzz[\(target.rawValue)]: multi-line error: \(text.debugDescription)\n".utf8))
        abort()
    }
}
