/// A C library TypeFit loads at first use (ICU for line breaking, fontconfig for font patterns
/// and fallback) could not be loaded. `description` is one line naming the library, the dynamic
/// loader's reason and the package to install. The commands that need the library fail with it
/// (exit 2) rather than produce results without it.
public struct LibraryUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    /// What a C loader's trial (`try_library(library, problem, cap)`: 1 when every function was
    /// found, else 0 with one line in `problem`) reports: nil on success, else that line.
    static func trying(_ load: (UnsafeMutablePointer<CChar>?, Int32) -> Int32) -> LibraryUnavailable? {
        var line = [CChar](repeating: 0, count: 512)
        let ok = line.withUnsafeMutableBufferPointer { load($0.baseAddress, Int32($0.count)) }
        return ok != 0 ? nil : LibraryUnavailable(String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
