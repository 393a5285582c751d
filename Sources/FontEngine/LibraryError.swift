/// A C library TypeFit loads at first use (ICU for line breaking, fontconfig for font patterns
/// and fallback) could not be loaded. `description` is one line naming the library, the dynamic
/// loader's reason and the package to install. The commands that need the library fail with it
/// (exit 2) rather than produce results without it.
public struct LibraryUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
