/// A font could not be loaded, resolved or configured. `description` is one line that names
/// the input (file, pattern or option value) and says what is wrong.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file at this path.
    case fileNotFound(path: String)
    /// The path exists but is a directory or otherwise not a regular file.
    case notAFile(path: String)
    /// The file has zero bytes.
    case emptyFile(path: String)
    /// The file is larger than `FontFace.maximumFileBytes`.
    case tooLarge(path: String, bytes: Int64, limit: Int64)
    /// The file could not be read.
    case unreadable(path: String)
    /// The bytes are not a font FreeType and HarfBuzz can both use (garbage, truncated, text…).
    case notAFont(path: String, reason: String)
    /// `--face-index` beyond the faces in a collection.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// A fontconfig pattern that matches no installed font (fontconfig fell back to `fallback`).
    case noMatchingFont(pattern: String, fallback: String?)
    /// A fontconfig pattern fontconfig cannot parse.
    case invalidPattern(pattern: String)
    /// A variation setting that is malformed, names an axis the font lacks, or is out of range.
    case invalidVariation(path: String, setting: String, reason: String)
    /// A named instance the font does not have.
    case unknownInstance(path: String, name: String, available: [String])
    /// A feature string HarfBuzz cannot parse.
    case invalidFeature(feature: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "\(path): no such font file"
        case .notAFile(let path): return "\(path): not a regular file (a folder, named pipe, device or socket)"
        case .emptyFile(let path): return "\(path): empty file (0 bytes), not a font"
        case .tooLarge(let path, let bytes, let limit):
            return "\(path): \(bytes) bytes, larger than the \(limit / (1 << 20)) MiB TypeFit reads for a font (real fonts are at most a few hundred MB)"
        case .unreadable(let path): return "\(path): cannot read the file"
        case .notAFont(let path, let reason): return "\(path): not a usable font (\(reason))"
        case .faceIndexOutOfRange(let path, let index, let count):
            return "\(path): face index \(index) out of range (the file has \(count) face\(count == 1 ? "" : "s"), 0…\(count - 1))"
        case .noMatchingFont(let pattern, let fallback):
            if let fallback { return "font '\(pattern)': no installed font matches (fontconfig would fall back to '\(fallback)')" }
            return "font '\(pattern)': no installed font matches"
        case .invalidPattern(let pattern): return "font '\(pattern)': not a usable fontconfig pattern (name a family, e.g. \"Inter:weight=600\", or :postscriptname=…)"
        case .invalidVariation(let path, let setting, let reason): return "\(path): variation '\(setting)': \(reason)"
        case .unknownInstance(let path, let name, let available):
            let list = available.isEmpty ? "the font has no named instances" : "available: \(available.joined(separator: ", "))"
            return "\(path): no named instance '\(name)' (\(list))"
        case .invalidFeature(let feature): return "feature '\(feature)': not a valid OpenType feature setting (e.g. -kern, +smcp, liga=0)"
        }
    }
}
